"""Engine core: the log of a game, its undo and redo, and what is read from it.

A game is *data plus a few hooks* (see :class:`GameDefinition`); the state of a game is
derived by replaying its event log (``state = replay(setup, events)``). :class:`Game`
keeps the log, checks each new event against the rules, applies it, and walks the log
back and forth for undo and redo. Nothing here imports Flet or TinyDB.

Events store *results* (a die showed 5), never seeds, so a replay is exact. Each event
carries a wall-clock timestamp from an injected clock (``time.time`` by default; tests
pass a fake one), and the per-player turn clock is computed from those timestamps, so it
survives restarts.

What the screen reads often is kept up to date as events are applied (issue 12), never
recomputed by a replay: each event's Russian line (:meth:`Game.log`, :meth:`Game.log_slice`,
:meth:`Game.describe`), the score series (:meth:`Game.score_series`; both in
:mod:`companion.engine.loglines`) and the turn-clock totals (:meth:`Game.turn_clock`). An
undo replays at most :data:`CHECKPOINT_EVERY` events from the nearest saved state.

A game loaded from a saved log makes the lines of its events on demand: a journal page of
the newest events replays at most :data:`CHECKPOINT_EVERY` events plus the page from a state
copy kept near the end while loading (:data:`TAIL_CHECKPOINTS`), so the first journal of a
20 000-event game costs what a page costs, not a replay of the game.

Example::

    >>> from companion.engine.free import FREE
    >>> g = Game.new(FREE, ["Аня", "Борис"], clock=lambda: 100.0)
    >>> g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3}).type
    'counter.add'
    >>> g.state.values[0]["ПО"]
    3
    >>> g.describe(g.undo())
    'Аня: ПО +3 (теперь 3)'
    >>> g.state.values[0]["ПО"]
    0
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

from companion.engine.clock import ClockTally, Mark, TurnClock
from companion.engine.definition import GameDefinition
from companion.engine.loglines import (
    CORE_EVENTS,
    CORE_PAUSE,
    CORE_RESUME,
    LogLines,
)
from companion.engine.records import PALETTE, Event, Outcome, PlayerSpec, Setup
from companion.engine.shapes import Nothing, check_shape
from companion.errors import RuleViolation, StaleMoveError

__all__ = [
    "PALETTE",
    "CHECKPOINT_EVERY",
    "CORE_EVENTS",
    "CORE_PAUSE",
    "CORE_RESUME",
    "Event",
    "PlayerSpec",
    "Setup",
    "Outcome",
    "GameDefinition",
    "Journal",
    "Game",
    "TurnClock",
]

#: Their data: none.
CORE_SHAPES: dict[str, type] = {CORE_PAUSE: Nothing, CORE_RESUME: Nothing}

#: A copy of the state is kept after every this many events, so an undo replays fewer.
CHECKPOINT_EVERY = 32
#: Loading a saved log keeps the state copies of its last this many events (the newest
#: journal page and the first undo start from one of them, not from the initial state).
TAIL_CHECKPOINTS = 4


class Journal(Protocol):
    """Where a :class:`Game` writes its log *before* the change becomes visible.

    The game store implements it; each method must be durable when it returns.
    """

    def append(self, event: Event, text: str) -> None:
        """Persist a new event with its journal line (the one :meth:`Game.describe` gives; a
        move lost before it is replayed can still be named), and forget any undone events."""

    def set_undone(self, seq: int, undone: bool) -> None:
        """Persist that event ``seq`` was undone (``True``) or redone (``False``)."""


class Game(LogLines):
    """A game in progress: setup, event log with undo/redo, current state.

    :param definition: the game's rules.
    :param setup: players and options (validated here).
    :param events: the active log, oldest first (``seq`` 1..n).
    :param undone: events undone and still redoable, oldest first (``seq`` n+1..).
    :param clock: returns wall-clock seconds; injected so tests are exact.
    :param journal: persists each change before it is applied in memory.
    :param rng: the source for dice the app rolls; results are stored in events.
    :raises SetupError: if the setup is not allowed.
    :raises RuleViolation: if a saved event no longer replays (a corrupt log).

    :ivar revision: grows by one on every :meth:`push`, :meth:`undo` and :meth:`redo`
        (starts at the length of the active log). A move names the revision it was made
        against (``expect_revision``) so a double tap applies once (issue 14).
    """

    def __init__(
        self,
        definition: GameDefinition[Any],
        setup: Setup,
        events: Iterable[Event] = (),
        undone: Iterable[Event] = (),
        *,
        clock: Callable[[], float] = time.time,
        journal: Journal | None = None,
        rng: random.Random | None = None,
    ) -> None:
        definition.validate_setup(setup)
        self.definition = definition
        self.setup = setup
        self.clock = clock
        self.journal = journal
        self.rng = rng or random.Random()
        state = definition.initial_state(setup)
        self._tally = ClockTally(len(setup.players), self._mark(state, setup.created, False))
        #: private copies of the state after every CHECKPOINT_EVERY-th event
        self._checkpoints: dict[int, Any] = {}
        self._events: list[Event] = []
        self._replay_saved(state, events)
        self._state = state
        self._undone: list[Event] = list(undone)
        # Each event's line: made as an event is applied, and for a loaded log on demand
        # (:meth:`_fill_texts`, from the nearest state copy): opening a saved game costs no
        # more than replaying it, and a journal page no more than the page.
        #: the line of every active event, ``None`` where not made yet (in step with the log)
        self._texts: list[str | None] = [None] * len(self._events)
        #: the lines of the undone events, ``None`` where not made yet
        self._undone_texts: list[str | None] = [None] * len(self._undone)
        # The score series of a loaded log is made on first use by one replay
        # (:meth:`_ensure_series`), then kept up to date as events apply.
        self._series_ready = False
        #: ``(ts, scores)`` at the start and after each change of a score, and, in step with
        #: it, how many events had been applied then (to cut the series back on an undo).
        self._series: list[tuple[float, dict[int, float]]] = []
        self._series_at: list[int] = []
        self.revision = len(self._events)

    # -- construction -------------------------------------------------------------
    @classmethod
    def new(
        cls,
        definition: GameDefinition[Any],
        players: Sequence[str | PlayerSpec],
        *,
        first_player: int = 0,
        options: Mapping[str, Any] | None = None,
        clock: Callable[[], float] = time.time,
        journal: Journal | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """Start a game. Plain names get colours from :data:`PALETTE` in seat order.

        :raises SetupError: as :meth:`GameDefinition.validate_setup`.
        """
        specs = tuple(
            p if isinstance(p, PlayerSpec) else PlayerSpec(str(p), PALETTE[i % len(PALETTE)])
            for i, p in enumerate(players)
        )
        opts = definition.default_options()
        opts.update(options or {})
        setup = Setup(definition.id, specs, first_player, opts, clock())
        return cls(definition, setup, clock=clock, journal=journal, rng=rng)

    # -- reading --------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state. Treat it as read-only: change the game with :meth:`push`."""
        return self._state

    @property
    def events(self) -> tuple[Event, ...]:
        """The active log, oldest first."""
        return tuple(self._events)

    @property
    def log_length(self) -> int:
        """Number of events in the active log (no copy)."""
        return len(self._events)

    def player_before(self, seq: int) -> int | None:
        """Whose turn it was when event ``seq`` (1-based, in the active log) was made, or ``None``
        between turns. O(1): read from the turn-clock marks.

        :raises IndexError: if there is no active event ``seq``.
        """
        if not 1 <= seq <= len(self._events):
            raise IndexError(seq)
        return self._tally.mark(seq - 1).player

    @property
    def last_event(self) -> Event | None:
        """The latest event of the active log, or ``None`` (no copy)."""
        return self._events[-1] if self._events else None

    @property
    def redo_stack(self) -> tuple[Event, ...]:
        """Undone events that :meth:`redo` would bring back, next one first."""
        return tuple(self._undone)

    @property
    def can_undo(self) -> bool:
        return bool(self._events)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def players(self) -> list[str]:
        return self.setup.names

    @property
    def paused(self) -> bool:
        return self._tally.last.paused

    def outcome(self) -> Outcome | None:
        """The result if the game is over, else ``None``."""
        return self.definition.outcome(self._state)

    def is_over(self) -> bool:
        return self.outcome() is not None

    # -- changing ---------------------------------------------------------------------
    def check(self, type: str, data: Mapping[str, Any] | None = None) -> None:
        """Would ``push(type, data)`` be accepted? :raises RuleViolation: if not."""
        self._prepare(type, data, None)

    def push(
        self,
        type: str,
        data: Mapping[str, Any] | None = None,
        *,
        author: str | None = None,
        expect_revision: int | None = None,
    ) -> Event:
        """Check, persist, then apply a new event; a new event clears the redo stack.

        :param expect_revision: the :attr:`revision` the move was made against (what the
            sender's screen showed). If given and the game has moved on since, the move is
            refused, unless ``type`` is one of the definition's
            :attr:`~GameDefinition.cumulative_moves` (counter steps: each tap counts).
        :returns: the event as logged.
        :raises StaleMoveError: ``expect_revision`` is not the current revision (nothing
            changes: a double tap, or two phones pressing at once, applies once).
        :raises RuleViolation: if the rules refuse it (nothing changes).
        :raises StoreError: if the journal could not save it (nothing changes).
        """
        if type not in self.definition.cumulative_moves:
            self._expect(expect_revision)
        event, new_state = self._prepare(type, data, author)
        mark = self._mark_after(new_state, event)
        text, scores = self._line(self._state, new_state, event, None)
        if self.journal is not None:
            self.journal.append(event, text)
        self._undone.clear()
        self._undone_texts.clear()
        self._state = new_state
        self._record(event, new_state, mark)
        self._record_line(event, text, scores)
        self.revision += 1
        return event

    def undo(self, expect_revision: int | None = None) -> Event:
        """Take back the latest event. Replays at most :data:`CHECKPOINT_EVERY` events.

        :param expect_revision: as in :meth:`push` (an undo is never cumulative).
        :returns: the event taken back (its line: :meth:`describe`).
        :raises StaleMoveError: ``expect_revision`` is not the current revision.
        :raises RuleViolation: if there is nothing to undo.
        """
        self._expect(expect_revision)
        if not self._events:
            raise RuleViolation("Отменять нечего: в журнале игры нет событий.")
        event = self._events[-1]
        n = len(self._events) - 1
        state = self._state_at(n)
        if self.journal is not None:
            self.journal.set_undone(event.seq, True)
        self._events.pop()
        self._undone.insert(0, event)
        self._undone_texts.insert(0, self._texts.pop())
        if self._series_ready:
            while self._series_at[-1] > n:
                self._series.pop()
                self._series_at.pop()
        self._tally.pop()
        self._checkpoints.pop(n + 1, None)
        self._state = state
        self.revision += 1
        return event

    def redo(self, expect_revision: int | None = None) -> Event:
        """Bring back the most recently undone event.

        :param expect_revision: as in :meth:`push` (a redo is never cumulative).
        :returns: the event brought back (its line: :meth:`describe`).
        :raises StaleMoveError: ``expect_revision`` is not the current revision.
        :raises RuleViolation: if there is nothing to redo.
        """
        self._expect(expect_revision)
        if not self._undone:
            raise RuleViolation("Возвращать нечего: отменённых событий нет.")
        event = self._undone[0]
        new_state = copy.deepcopy(self._state)
        self._apply(new_state, event)
        mark = self._mark_after(new_state, event)
        text, scores = self._line(self._state, new_state, event, self._undone_texts[0])
        if self.journal is not None:
            self.journal.set_undone(event.seq, False)
        self._undone.pop(0)
        self._undone_texts.pop(0)
        self._state = new_state
        self._record(event, new_state, mark)
        self._record_line(event, text, scores)
        self.revision += 1
        return event

    # -- log and clock ----------------------------------------------------------------------
    def turn_clock(self, now: float | None = None) -> TurnClock:
        """Chess-clock times from event timestamps (see :class:`TurnClock`).

        Read from running totals (:class:`~companion.engine.clock.ClockTally`): no walk over
        the log, whatever its length.
        """
        return self._tally.at(self.clock() if now is None else now)

    # -- internals -----------------------------------------------------------------------------
    def _expect(self, expect_revision: int | None) -> None:
        if expect_revision is not None and expect_revision != self.revision:
            raise StaleMoveError(expect_revision, self.revision)

    def _prepare(
        self, type: str, data: Mapping[str, Any] | None, author: str | None
    ) -> tuple[Event, Any]:
        event = Event(len(self._events) + 1, type, dict(data or {}), self.clock(), author)
        d = self.definition
        if type not in CORE_EVENTS:
            check_shape(d.title, d.events, type, event.data, d.event_fields)
            if d.outcome(self._state) is not None:
                raise RuleViolation("Игра уже окончена: новые ходы не принимаются.")
            d.check(self._state, event)
        else:
            check_shape(d.title, CORE_SHAPES, type, event.data)
            if (type == CORE_PAUSE) == self.paused:
                raise RuleViolation("Часы уже на паузе." if self.paused else "Часы и так идут.")
        new_state = copy.deepcopy(self._state)
        self._apply(new_state, event)
        return event, new_state

    def _apply(self, state: Any, event: Event) -> None:
        if event.type not in CORE_EVENTS:
            self.definition.apply(state, event)

    def _replay_saved(self, state: Any, events: Iterable[Event]) -> None:
        """Apply a saved log to ``state`` in place, filling the log and the clock marks (the
        loop of :meth:`push` without checks; written out for speed). State copies for undo
        are kept later, by the first undo's replay (:meth:`_state_at`)."""
        d, tally, log = self.definition, self._tally, self._events
        paused = self.paused
        saved = list(events)
        # keep the state copies of the last TAIL_CHECKPOINTS multiples of CHECKPOINT_EVERY
        tail = len(saved) - len(saved) % CHECKPOINT_EVERY - CHECKPOINT_EVERY * TAIL_CHECKPOINTS
        for n, ev in enumerate(saved, 1):
            if ev.type in CORE_EVENTS:
                paused = ev.type == CORE_PAUSE
            else:
                d.apply(state, ev)
            log.append(ev)
            tally.add(Mark(ev.ts, d.active_player(state), d.turn_number(state), paused))
            if n > tail and n % CHECKPOINT_EVERY == 0:
                self._checkpoints[n] = copy.deepcopy(state)

    def _mark(self, state: Any, ts: float, paused: bool) -> Mark:
        return Mark(
            ts, self.definition.active_player(state), self.definition.turn_number(state), paused
        )

    def _mark_after(self, state: Any, event: Event) -> Mark:
        """The clock mark after ``event`` (computed before anything changes)."""
        paused = self.paused
        if event.type == CORE_PAUSE:
            paused = True
        elif event.type == CORE_RESUME:
            paused = False
        return self._mark(state, event.ts, paused)

    def _record(self, event: Event, state: Any, mark: Mark) -> None:
        """Append an applied event to the log, the turn clock and the kept state copies."""
        self._events.append(event)
        self._tally.add(mark)
        n = len(self._events)
        if n % CHECKPOINT_EVERY == 0:
            self._checkpoints[n] = copy.deepcopy(state)

    def _state_at(self, n: int) -> Any:
        """A fresh copy of the state after the first ``n`` events of the active log.

        Replays from the nearest kept copy at or below ``n`` and keeps a copy at every
        multiple of :data:`CHECKPOINT_EVERY` it passes (a loaded game has none at first).
        """
        base = n - n % CHECKPOINT_EVERY
        while base and base not in self._checkpoints:
            base -= CHECKPOINT_EVERY
        if base:
            state = copy.deepcopy(self._checkpoints[base])
        else:
            state = self.definition.initial_state(self.setup)
        for k in range(base, n):
            self._apply(state, self._events[k])
            if (k + 1) % CHECKPOINT_EVERY == 0 and k + 1 not in self._checkpoints:
                self._checkpoints[k + 1] = copy.deepcopy(state)
        return state
