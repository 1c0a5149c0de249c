"""The charge-phase clock of «Рик и Морти» («Фаза зарядки»), computed from event timestamps.

Nothing here keeps time itself: the durations are derived from the ``ts`` of the logged
events (and ``now`` for the running stretch), so they survive a sleeping phone or a
restart. The time between two consecutive events is charged to where the charge phase
stood after the first of them — round, universe, step and the player whose turn it was in
that step. Time while the game clock is paused (``core.pause`` … ``core.resume``) counts
nowhere; time outside the charge phase is not counted here (the game's turn clock has it).

The clock is incremental: a :class:`ChargeClock` takes the events one at a time and keeps the
finished stretches summed up, so reading it never replays the log. :func:`game_charge_now`,
:func:`game_charge_timing` and :func:`game_over_limit` keep one :class:`ChargeClock` per
:class:`~companion.engine.core.Game` and feed it only the events it has not seen (an undo
rebuilds it once); the once-a-second timer on screen therefore costs O(1) whatever the length
of the log. :func:`charge_timing` and :func:`over_limit` take a setup and a log and replay it.

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
    >>> game_charge_now(g, now=12.0).current_step
    12.0
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import CORE_PAUSE, CORE_RESUME, Event, Setup
from companion.engine.ricks.definition import RICKS
from companion.engine.ricks.state import RicksState, charge_position

__all__ = [
    "ChargeTiming",
    "ChargeNow",
    "ChargeClock",
    "charge_timing",
    "over_limit",
    "game_charge_clock",
    "game_charge_now",
    "game_charge_timing",
    "game_over_limit",
]

#: ``(round, universe, step, player)`` — where the charge phase stands.
Position = tuple[int, str, str, int | None]


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
    :param actions: ``{round: s}`` — each round's time outside the charge phase: its start
        and its action phase (the end-of-game summary puts it beside the charge phase's).
    """

    steps: dict[tuple[int, str, str], float]
    universes: dict[tuple[int, str], float]
    player_steps: dict[tuple[int, str, str, int], float]
    rounds: dict[int, float]
    per_player: dict[int, float]
    total: float
    position: Position | None
    current_turn: float
    current_step: float
    current_universe: float
    current_phase: float
    actions: dict[int, float] = field(default_factory=dict)


@dataclass(frozen=True)
class ChargeNow:
    """The running clocks only (what the timer on screen shows), in seconds; the same values
    as the matching fields of :class:`ChargeTiming`, read in O(1).

    :param position: ``(round, universe, step, player)``, or ``None`` outside the phase.
    :param current_turn: the current player's time in the current step (0 if none).
    :param current_step: time in the current step so far (0 outside the phase).
    :param current_universe: time in the current universe so far (0 outside the phase).
    :param current_phase: time in the running charge phase so far (0 outside the phase).
    """

    position: Position | None
    current_turn: float
    current_step: float
    current_universe: float
    current_phase: float


def _add(table: dict[Any, float], key: Any, seconds: float) -> None:
    table[key] = table.get(key, 0.0) + seconds


class ChargeClock:
    """A charge-phase clock kept up to date one event at a time.

    Feed it the active log in order (:meth:`feed`, ``core.pause``/``core.resume`` included);
    it replays the rules on a private state only to learn where the charge phase stands after
    each event, sums every finished stretch at once, and keeps the last event's time, position
    and pause flag for the running stretch. Reading (:meth:`now`, :meth:`timing`) never looks
    at the log.

    :param setup: the game's setup.
    :ivar count: events fed so far; ``last``: the last of them (``None`` before any).
    """

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.count = 0
        self.last: Event | None = None
        self._state: RicksState = RICKS.initial_state(setup)
        self._paused = False
        # the last event's time, the charge position after it, the pause flag and the round
        # whose start or action phase runs after it (``None``: in the charge phase, or over)
        self._mark: tuple[float, Position | None, bool, int | None] | None = None
        self._steps: dict[tuple[int, str, str], float] = {}
        self._universes: dict[tuple[int, str], float] = {}
        self._player_steps: dict[tuple[int, str, str, int], float] = {}
        self._rounds: dict[int, float] = {}
        self._per_player: dict[int, float] = {}
        self._actions: dict[int, float] = {}
        self._total = 0.0

    def feed(self, event: Event) -> None:
        """Take the next event of the log: close the stretch before it, move the position.

        Events are re-applied without being re-checked (the log is one a
        :class:`~companion.engine.core.Game` accepted).
        """
        if self._mark is not None:
            ts, pos, paused, outside = self._mark
            if outside is not None and not paused:
                _add(self._actions, outside, max(0.0, event.ts - ts))
            if pos is not None:
                spent = 0.0 if paused else max(0.0, event.ts - ts)
                self._charge(
                    self._steps,
                    self._universes,
                    self._rounds,
                    self._player_steps,
                    self._per_player,
                    pos,
                    spent,
                )
                self._total += spent
        if event.type == CORE_PAUSE:
            self._paused = True
        elif event.type == CORE_RESUME:
            self._paused = False
        else:
            RICKS.apply(self._state, event)
        pos = charge_position(self._state)
        outside = self._state.round if pos is None and not self._state.over else None
        self._mark = (event.ts, pos, self._paused, outside)
        self.count += 1
        self.last = event

    @staticmethod
    def _charge(
        steps: dict[tuple[int, str, str], float],
        universes: dict[tuple[int, str], float],
        rounds: dict[int, float],
        player_steps: dict[tuple[int, str, str, int], float],
        per_player: dict[int, float],
        pos: Position,
        spent: float,
    ) -> None:
        rnd, universe, step, player = pos
        _add(steps, (rnd, universe, step), spent)
        _add(universes, (rnd, universe), spent)
        _add(rounds, rnd, spent)
        if player is not None:
            _add(player_steps, (rnd, universe, step, player), spent)
            _add(per_player, player, spent)

    def _running(self, now: float | None) -> tuple[Position | None, float]:
        """The position now and the seconds of the running stretch (since the last event)."""
        if self._mark is None:
            return None, 0.0
        ts, pos, paused, _outside = self._mark
        end = ts if now is None else now
        return pos, 0.0 if paused or pos is None else max(0.0, end - ts)

    def now(self, now: float | None = None) -> ChargeNow:
        """The running clocks at ``now`` (``None``: at the last event). O(1).

        :returns: a :class:`ChargeNow`.
        """
        pos, spent = self._running(now)
        if pos is None:
            return ChargeNow(None, 0.0, 0.0, 0.0, 0.0)
        rnd, universe, step, player = pos
        turn = 0.0
        if player is not None:
            turn = self._player_steps.get((rnd, universe, step, player), 0.0) + spent
        return ChargeNow(
            pos,
            turn,
            self._steps.get((rnd, universe, step), 0.0) + spent,
            self._universes.get((rnd, universe), 0.0) + spent,
            self._rounds.get(rnd, 0.0) + spent,
        )

    def timing(self, now: float | None = None) -> ChargeTiming:
        """Every duration at ``now`` (``None``: at the last event).

        Copies the tables (their size grows with rounds, not with the log) and adds the running
        stretch; :meth:`now` is the cheaper read for the running clocks.
        """
        steps = dict(self._steps)
        universes = dict(self._universes)
        player_steps = dict(self._player_steps)
        rounds = dict(self._rounds)
        per_player = dict(self._per_player)
        actions = dict(self._actions)
        total = self._total
        if self._mark is not None:
            ts, _pos, paused, outside = self._mark
            if outside is not None and not paused and now is not None:
                _add(actions, outside, max(0.0, now - ts))
        pos, spent = self._running(now)
        current = (0.0, 0.0, 0.0, 0.0)  # player's step, step, universe, phase: outside it
        if pos is not None:
            self._charge(steps, universes, rounds, player_steps, per_player, pos, spent)
            total += spent
            rnd, universe, step, player = pos
            current = (
                player_steps.get((rnd, universe, step, player), 0.0) if player is not None else 0.0,
                steps.get((rnd, universe, step), 0.0),
                universes.get((rnd, universe), 0.0),
                rounds.get(rnd, 0.0),
            )
        return ChargeTiming(
            steps, universes, player_steps, rounds, per_player, total, pos, *current, actions
        )


def charge_timing(setup: Setup, events: Iterable[Event], now: float | None = None) -> ChargeTiming:
    """Time the charge phases of a «Рик и Морти» game from its events (a full replay).

    :param setup: the game's setup (needed to replay the log).
    :param events: the active log, oldest first (``core.pause``/``core.resume`` included).
    :param now: wall-clock seconds; the running stretch is counted up to it. ``None``:
        only up to the last event.
    :returns: a :class:`ChargeTiming`.
    :raises RuleViolation: never for a log :class:`~companion.engine.core.Game` accepted;
        events are re-applied without being re-checked.
    """
    clock = ChargeClock(setup)
    for ev in events:
        clock.feed(ev)
    return clock.timing(now)


def _limit_passed(setup: Setup, clock: ChargeClock, now: float, limit: float | None) -> bool:
    limit = setup.options.get("charge_limit") if limit is None else limit
    if not limit:
        return False
    current = clock.now(now)
    if current.position is None or current.position[2] not in ("Б", "В"):
        return False
    if current.position[3] is None:
        return False
    return current.current_turn > limit


def over_limit(
    setup: Setup, events: Iterable[Event], now: float, limit: float | None = None
) -> bool:
    """Has the current player run past the table's limit on their turn in step Б or В?

    A full replay of ``events``; :func:`game_over_limit` is the O(1) read for a game.

    :param limit: seconds; default ``setup.options["charge_limit"]``. No limit → ``False``.
    :returns: ``True`` when the phase is in step Б/В and the current player's time in the
        step is strictly more than the limit.
    """
    clock = ChargeClock(setup)
    for ev in events:
        clock.feed(ev)
    return _limit_passed(setup, clock, now, limit)


@dataclass
class _Follower:
    clock: ChargeClock
    seen: tuple[Any, ...]  # what :func:`_version` said when the clock last caught up


_FOLLOWERS: weakref.WeakKeyDictionary[Any, _Follower] = weakref.WeakKeyDictionary()
#: Several sessions (phones) may read the same game's clock from different threads.
_LOCK = threading.RLock()


def game_charge_clock(game: Any) -> ChargeClock:
    """The :class:`ChargeClock` of a :class:`~companion.engine.core.Game`, caught up with its log.

    One clock per game object, kept as long as the game lives. Each read first compares the
    game's state object, pause flag and revision with those seen last time: unchanged — the
    clock is returned as is, O(1); changed — only the new events are fed; after an undo (the
    log no longer extends what the clock has seen) it is rebuilt once.
    """
    with _LOCK:
        follower = _FOLLOWERS.get(game)
        seen = _version(game)
        if follower is not None and _same(follower.seen, seen):
            return follower.clock
        events: tuple[Event, ...] = game.events
        clock = follower.clock if follower is not None else None
        if (
            clock is None
            or clock.setup is not game.setup
            or clock.count > len(events)
            or (clock.count and events[clock.count - 1] is not clock.last)
        ):
            clock = ChargeClock(game.setup)
        for ev in events[clock.count :]:
            clock.feed(ev)
        _FOLLOWERS[game] = _Follower(clock, seen)
        return clock


def _version(game: Any) -> tuple[Any, ...]:
    """O(1) marks that change with every change of the log: the state object (replaced on
    every push, undo, redo and pause), the pause flag, and ``revision`` where the game has
    one."""
    return (game.state, game.paused, getattr(game, "revision", None))


def _same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return a[0] is b[0] and a[1:] == b[1:]


def game_charge_now(game: Any, now: float | None = None) -> ChargeNow:
    """The running clocks of a game (:meth:`ChargeClock.now`); ``now`` defaults to the game's
    clock. O(1) between moves."""
    now = game.clock() if now is None else now
    with _LOCK:
        return game_charge_clock(game).now(now)


def game_charge_timing(game: Any, now: float | None = None) -> ChargeTiming:
    """:func:`charge_timing` for a :class:`~companion.engine.core.Game` without replaying its
    log (see :func:`game_charge_clock`); ``now`` defaults to the game's clock."""
    now = game.clock() if now is None else now
    with _LOCK:
        return game_charge_clock(game).timing(now)


def game_over_limit(game: Any, now: float | None = None, limit: float | None = None) -> bool:
    """:func:`over_limit` for a :class:`~companion.engine.core.Game`, O(1) between moves;
    ``now`` defaults to the game's clock."""
    now = game.clock() if now is None else now
    with _LOCK:
        return _limit_passed(game.setup, game_charge_clock(game), now, limit)
