"""The «Рик и Морти» charge clocks' data without Flet («Фаза зарядки»): the durations as of
the last move (:func:`clock_base`), the over-limit beep, and the lines of the rounds' charge
history and of the end-of-game summary."""

from __future__ import annotations

import io
import math
import struct
import wave
from typing import NamedTuple

from companion.engine import Game
from companion.engine.ricks.timing import ChargeTiming, game_charge_now, game_charge_timing
from companion.i18n import _
from companion.words import fmt_seconds

__all__ = ["BEEP", "ClockBase", "clock_base", "history_lines", "result_rows", "turn_warning"]


def _beep() -> bytes:
    """A short 880 Hz beep as WAV bytes (generated, so it works offline)."""
    rate, seconds = 8000, 0.35
    frames = b"".join(
        struct.pack("<h", int(12000 * math.sin(2 * math.pi * 880 * i / rate)))
        for i in range(int(rate * seconds))
    )
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)
    return buf.getvalue()


BEEP = _beep()


class ClockBase(NamedTuple):
    """The charge clocks as of the last move (s): ``since`` the last move's timestamp; ``who``
    the current player in step Б/В (else ``""``); ``limit`` (s) or ``None``; ``key`` the turn
    (one beep each); ``hint`` the turn line in step А."""

    step: float
    universe: float
    phase: float
    turn: float
    since: float
    paused: bool
    who: str
    limit: float | None
    key: int
    hint: str = ""


def clock_base(game: Game) -> ClockBase | None:
    """The clocks of a Ricks ``game`` in its charge phase, else ``None``."""
    since = game.events[-1].ts if game.events else game.setup.created
    timing = game_charge_now(game, since)  # O(1) between moves: the engine's clock follows the log
    if timing.position is None:
        return None
    _round, _universe, step, player = timing.position
    who = game.players[player] if player is not None and step in ("Б", "В") else ""
    return ClockBase(
        step=timing.current_step,
        universe=timing.current_universe,
        phase=timing.current_phase,
        turn=timing.current_turn,
        since=since,
        paused=bool(game.paused),
        who=who,
        limit=game.setup.options.get("charge_limit"),
        key=len(game.events),
        hint=_("Проверьте и нажмите «Готово»") if step == "А" else "",
    )


def turn_warning(base: ClockBase, run: float) -> tuple[bool, str]:
    """Whether the current player's turn is over the limit ``run`` s after the last move, and
    the turn line: «Аня: 1:05 из 1:30» (« — время хода вышло» past it), else ``base.hint``."""
    turn = base.turn + run
    over = bool(base.limit and base.who and turn > base.limit)
    if not base.who:
        return over, base.hint
    limit = f" {_('из')} {fmt_seconds(base.limit)}" if base.limit else ""
    text = f"{base.who}: {fmt_seconds(turn)}{limit}"
    return over, text + (f" — {_('время хода вышло')}" if over else "")


def _timing(game: Game) -> ChargeTiming:
    """The game's charge timing up to its last move."""
    return game_charge_timing(game, game.events[-1].ts if game.events else game.setup.created)


def history_lines(game: Game) -> list[tuple[int, str]]:
    """Each finished round's number and «Раунд n: m:ss, сгорело энергии k»."""
    timing = _timing(game)
    return [
        (
            r["round"],
            f"{_('Раунд')} {r['round']}: {fmt_seconds(timing.rounds.get(r['round'], 0.0))}, "
            f"{_('сгорело энергии')} {r['burned']}",
        )
        for r in game.state.rounds
    ]


def result_rows(game: Game) -> tuple[list[tuple[str, list[str], str]], str]:
    """«Итоги по раундам» as ``(ident, cells, spoken)`` rows — per round (``result-round-{n}``:
    number, action time, charge time, energy burned) then the totals (``charge-summary``) —
    and the line of each player's time in steps Б and В."""
    timing = _timing(game)
    rows: list[tuple[str, list[str], str]] = []
    for r in game.state.rounds:
        n = r["round"]
        turns = fmt_seconds(timing.actions.get(n, 0.0))
        charge = fmt_seconds(timing.rounds.get(n, 0.0))
        label = (
            f"{_('Раунд')} {n}: {_('ходы')} {turns}, {_('зарядка')} {charge}, "
            f"{_('сгорело энергии')} {r['burned']}"
        )
        rows.append((f"result-round-{n}", [str(n), turns, charge, str(r["burned"])], label))
    turns = fmt_seconds(sum(timing.actions.values()))
    charge = fmt_seconds(timing.total)
    burned = sum(r["burned"] for r in game.state.rounds)
    total = (
        f"{_('Всего')}: {_('ходы')} {turns}, {_('на зарядку')} {charge}, "
        f"{_('сгорело энергии')} {burned}"
    )
    rows.append(("charge-summary", [_("Всего"), turns, charge, str(burned)], total))
    players = f"{_('Зарядка по игрокам')}: " + " · ".join(
        f"{p} {fmt_seconds(timing.per_player.get(i, 0.0))}" for i, p in enumerate(game.players)
    )
    return rows, players
