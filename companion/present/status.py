"""What a game's status line says, as plain values (no Flet): whose turn (:func:`whose_turn`),
the turn clock (:func:`clock_text`, :func:`clock_slots`), a shorter phase for a phone
(:func:`phase_short`), all of it in one :class:`StatusProps`; and the result chart's cap
(:func:`score_top`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from companion.engine import GameDefinition
from companion.engine.clock import turn_so_far
from companion.engine.coup import COUP, CoupState, loses_both
from companion.i18n import _
from companion.words import fmt_seconds, inflect

__all__ = [
    "StatusProps",
    "clock_slots",
    "clock_text",
    "phase_short",
    "score_top",
    "status_props",
    "whose_turn",
]


def _coup_phase_short(state: CoupState) -> str | None:
    """Переворот: short names for the long step names."""
    phase = COUP.current_phase(state)
    if phase == "Потеря покровителя":
        return "Потеря обеих" if loses_both(state) else "Потеря карты"
    return {"Запрет действия": "Запрет"}.get(phase or "")


#: Game id → its short phase names (a game whose phases fit has none).
_PHASE_SHORT: dict[str, Callable[[Any], str | None]] = {"coup": _coup_phase_short}

#: Game id → the highest score its rules allow, if capped (Coup: «Покровители»).
_SCORE_TOP: dict[str, int] = {"coup": 2}


def phase_short(definition: GameDefinition[Any], state: Any) -> str | None:
    """A shorter :meth:`~companion.engine.GameDefinition.phase_label`, or ``None``."""
    short = _PHASE_SHORT.get(definition.id)
    return short(state) if short is not None else None


def score_top(definition: GameDefinition[Any]) -> int | None:
    """The result chart's top for this game, or ``None`` (no cap in the rules)."""
    return _SCORE_TOP.get(definition.id)


def _limit_clock(game: Any, now: float) -> tuple[float, float] | None:
    """``(seconds, limit)`` when a table time limit runs now (Ricks' ``charge_limit``, «Фаза
    зарядки»), else ``None``."""
    limit = game.setup.options.get("charge_limit")
    if not limit or game.setup.game != "ricks":
        return None
    from companion.engine.ricks.timing import game_charge_timing

    timing = game_charge_timing(game, now)
    if timing.position is None or timing.position[2] not in ("Б", "В"):
        return None
    return timing.current_turn, float(limit)


def clock_slots(game: Any) -> tuple[str, str]:
    """``(turn, total)`` templates each clock slot keeps for the game: «ход 0:00:00» (or
    «00:00 / 00:00» with a limit) and «всего 0:00:00»."""
    limited = game.setup.game == "ricks" and game.setup.options.get("charge_limit")
    turn = "00:00 / 00:00" if limited else f"{_('ход')} 0:00:00"
    return turn, f"{_('всего')} 0:00:00"


def clock_text(game: Any, now: float) -> tuple[str, str, float, bool]:
    """``(turn text, total text, turn seconds, over the limit)``; the turn clock counts the
    whole turn (:attr:`~companion.engine.definition.GameDefinition.answers_within_turns`)."""
    clock = game.turn_clock(now)
    current = clock.current
    if game.definition.answers_within_turns:
        current = turn_so_far(clock.turns)
    limited = _limit_clock(game, now)
    total = f"{_('всего')} {fmt_seconds(clock.total)}"
    if limited is not None:
        spent, limit = limited
        return f"{fmt_seconds(spent)} / {fmt_seconds(limit)}", total, current, spent > limit
    return f"{_('ход')} {fmt_seconds(current)}", total, current, False


def whose_turn(game: Any, active: int | None) -> tuple[str, str, int | None]:
    """``(line 1, whose turn when not line 1's, whose colour the dot shows)``: «Ходит Аня», or
    in Coup «Отвечает Гена» with «ход Вики» for line 2."""
    if game.setup.game == "coup" and active is not None:
        current = game.state.current
        if current != active:
            names = [p.name for p in game.setup.players]
            return (
                f"{_('Отвечает')} {names[active]}",
                f"{_('ход')} {inflect(names[current], 'gent')}",
                active,
            )
    if active is None:
        return "", "", None
    return f"{_('Ходит')} {game.setup.players[active].name}", "", active


class StatusProps(NamedTuple):
    """The status line's plain values (a memo key)."""

    who: str
    #: who must answer now when not the turn's player (Coup), else ""
    answer: str
    color: str | None
    where: str
    note: str
    over: bool
    paused: bool
    #: (turn number, active player, phase): a change restarts the turn clock
    clock_key: tuple[Any, ...]
    #: the engine's ``status_detail``, shown on a tap; "" when the note is whole
    detail: str = ""
    #: :func:`phase_short`, shown on a phone upright; "" when none
    short: str = ""


def status_props(game: Any, show_title: bool) -> StatusProps:
    """The :class:`StatusProps` of ``game`` now (a few engine reads, no log walk)."""
    state = game.state
    definition = game.definition
    over = game.outcome() is not None or definition.ended(state)
    active = definition.active_player(state)
    phase = definition.current_phase(state)
    who, answer, dot = whose_turn(game, active)
    label = definition.phase_label(state)  # the phase in words (Ricks: round and step)
    spec = game.setup.players[dot] if dot is not None else None
    if over:
        who, answer = _("Игра окончена"), ""
    turn = definition.turn_number(state)
    # the phase alone while the game runs; the title with no phase or once over
    if over:
        label = ""
    where = label or (definition.title if show_title else "") or f"{_('Ход')} {turn}"
    note_fn = getattr(definition, "status_note", None)
    note = (note_fn(state) if note_fn is not None and not over else None) or ""
    detail_fn = getattr(definition, "status_detail", None)
    detail = (detail_fn(state) if detail_fn is not None and note else None) or ""
    if note and not label:  # no phase to show beside it: the note gets the whole line
        where = ""
    short = (phase_short(definition, state) if label else None) or ""
    return StatusProps(
        who,
        answer,
        spec.color if spec is not None and not over else None,
        where,
        note,
        over,
        game.paused and not over,
        (turn, active, phase, len(game.events) if over else 0),
        detail if detail != note else "",
        short,
    )
