"""The charge-phase clock of «Рик и Морти» («Фаза зарядки»), computed from event timestamps.

Nothing here keeps time itself: the durations are derived from the ``ts`` of the logged
events (and ``now`` for the running stretch), so they survive a sleeping phone or a
restart. The time between two consecutive events is charged to where the charge phase
stood after the first of them — round, universe, step and the player whose turn it was in
that step. Time while the game clock is paused (``core.pause`` … ``core.resume``) counts
nowhere; time outside the charge phase is not counted here (the game's turn clock has it).

Example::

    >>> from companion.engine.core import Game
    >>> from companion.engine.ricks import RICKS
    >>> t = [0.0]
    >>> opts = {"actions": {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3}}
    >>> g = Game.new(RICKS, ["Аня", "Борис"], options=opts, clock=lambda: t[0])
    >>> for ev in ("round.draw", "turn.end", "turn.end"):
    ...     _ = g.push(ev)
    >>> t[0] = 12.0
    >>> charge_timing(g.setup, g.events, now=12.0).current_step
    12.0
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.engine.core import CORE_PAUSE, CORE_RESUME, Event, Setup
from companion.engine.ricks.definition import RICKS
from companion.engine.ricks.state import charge_position

__all__ = ["ChargeTiming", "charge_timing", "game_charge_timing", "over_limit"]


@dataclass(frozen=True)
class ChargeTiming:
    """Charge-phase durations in seconds.

    :param steps: ``{(round, universe, step): s}``; step is ``"А"``, ``"Б"`` or ``"В"``.
    :param universes: ``{(round, universe): s}``.
    :param player_steps: ``{(round, universe, step, player): s}`` — a player's turn in step Б/В.
    :param rounds: ``{round: s}`` — each round's whole charge phase (end-of-game summary).
    :param per_player: ``{player: s}`` — all of a player's step turns in the game.
    :param total: every charge phase of the game together.
    :param position: ``(round, universe, step, player)`` now, or ``None`` outside the phase.
    :param current_turn: the current player's time in the current step (0 if none).
    :param current_step: time in the current step so far (0 outside the phase).
    :param current_universe: time in the current universe so far (0 outside the phase).
    :param current_phase: time in the running charge phase so far (0 outside the phase).
    """

    steps: dict[tuple[int, str, str], float]
    universes: dict[tuple[int, str], float]
    player_steps: dict[tuple[int, str, str, int], float]
    rounds: dict[int, float]
    per_player: dict[int, float]
    total: float
    position: tuple[int, str, str, int | None] | None
    current_turn: float
    current_step: float
    current_universe: float
    current_phase: float


def _add(table: dict[Any, float], key: Any, seconds: float) -> None:
    table[key] = table.get(key, 0.0) + seconds


def charge_timing(setup: Setup, events: Iterable[Event], now: float | None = None) -> ChargeTiming:
    """Time the charge phases of a «Рик и Морти» game from its events.

    :param setup: the game's setup (needed to replay the log).
    :param events: the active log, oldest first (``core.pause``/``core.resume`` included).
    :param now: wall-clock seconds; the running stretch is counted up to it. ``None``:
        only up to the last event.
    :returns: a :class:`ChargeTiming`.
    :raises RuleViolation: never for a log :class:`~companion.engine.core.Game` accepted;
        events are re-applied without being re-checked.
    """
    state = RICKS.initial_state(setup)
    marks: list[tuple[float, tuple[int, str, str, int | None] | None, bool]] = []
    paused = False
    for ev in events:
        if ev.type == CORE_PAUSE:
            paused = True
        elif ev.type == CORE_RESUME:
            paused = False
        else:
            RICKS.apply(state, ev)
        marks.append((ev.ts, charge_position(state), paused))

    steps: dict[tuple[int, str, str], float] = {}
    universes: dict[tuple[int, str], float] = {}
    player_steps: dict[tuple[int, str, str, int], float] = {}
    rounds: dict[int, float] = {}
    per_player: dict[int, float] = {}
    total = 0.0
    for i, (ts, pos, was_paused) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else ts if now is None else now
        if pos is None:
            continue
        spent = 0.0 if was_paused else max(0.0, end - ts)
        rnd, universe, step, player = pos
        _add(steps, (rnd, universe, step), spent)
        _add(universes, (rnd, universe), spent)
        _add(rounds, rnd, spent)
        if player is not None:
            _add(player_steps, (rnd, universe, step, player), spent)
            _add(per_player, player, spent)
        total += spent

    position = marks[-1][1] if marks else None
    if position is None:
        return ChargeTiming(
            steps, universes, player_steps, rounds, per_player, total, None, 0.0, 0.0, 0.0, 0.0
        )
    rnd, universe, step, player = position
    return ChargeTiming(
        steps,
        universes,
        player_steps,
        rounds,
        per_player,
        total,
        position,
        player_steps.get((rnd, universe, step, player), 0.0) if player is not None else 0.0,
        steps.get((rnd, universe, step), 0.0),
        universes.get((rnd, universe), 0.0),
        rounds.get(rnd, 0.0),
    )


def game_charge_timing(game: Any, now: float | None = None) -> ChargeTiming:
    """:func:`charge_timing` for a :class:`~companion.engine.core.Game`; ``now`` defaults to
    the game's clock."""
    return charge_timing(game.setup, game.events, game.clock() if now is None else now)


def over_limit(
    setup: Setup, events: Iterable[Event], now: float, limit: float | None = None
) -> bool:
    """Has the current player run past the table's limit on their turn in step Б or В?

    :param limit: seconds; default ``setup.options["charge_limit"]``. No limit → ``False``.
    :returns: ``True`` when the phase is in step Б/В and the current player's time in the
        step is strictly more than the limit.
    """
    limit = setup.options.get("charge_limit") if limit is None else limit
    if not limit:
        return False
    timing = charge_timing(setup, events, now)
    if (
        timing.position is None
        or timing.position[2] not in ("Б", "В")
        or timing.position[3] is None
    ):
        return False
    return timing.current_turn > limit
