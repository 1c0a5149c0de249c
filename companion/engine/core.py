"""Engine core: one shape for every game.

A game is *data plus a few hooks* (see :class:`GameDefinition`); the state of a game is
derived by replaying its event log (``state = replay(setup, events)``). :class:`Game`
keeps the log, checks each new event against the rules, applies it, and walks the log
back and forth for undo and redo. Nothing here imports Flet or TinyDB.

Events store *results* (a die showed 5), never seeds, so a replay is exact. Each event
carries a wall-clock timestamp from an injected clock (``time.time`` by default; tests
pass a fake one), and the per-player turn clock is computed from those timestamps, so it
survives restarts.

Example::

    >>> from companion.engine.free import FREE
    >>> g = Game.new(FREE, ["Аня", "Борис"], clock=lambda: 100.0)
    >>> g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3}).type
    'counter.add'
    >>> g.state.values[0]["ПО"]
    3
    >>> g.undo().type
    'counter.add'
    >>> g.state.values[0]["ПО"]
    0
"""

from __future__ import annotations

import copy
import random
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from companion.errors import RuleViolation, SetupError, StaleMoveError

__all__ = [
    "PALETTE",
    "Event",
    "PlayerSpec",
    "Setup",
    "Outcome",
    "GameDefinition",
    "Journal",
    "Game",
    "TurnClock",
]

#: Player colours offered by default (hex, readable on light and dark themes).
PALETTE: tuple[str, ...] = (
    "#E53935",  # red
    "#1E88E5",  # blue
    "#43A047",  # green
    "#FDD835",  # yellow
    "#8E24AA",  # purple
    "#FB8C00",  # orange
    "#00ACC1",  # cyan
    "#6D4C41",  # brown
)

#: Event types handled by :class:`Game` itself for every game (never passed to a definition).
CORE_PAUSE = "core.pause"
CORE_RESUME = "core.resume"
CORE_EVENTS = frozenset({CORE_PAUSE, CORE_RESUME})


@dataclass(frozen=True)
class Event:
    """One change to a game.

    :param seq: 1-based position in the log.
    :param type: dotted name, e.g. ``"counter.add"``, ``"coup.declare"``.
    :param data: JSON-serialisable payload (results, not seeds).
    :param ts: wall-clock time, seconds since the epoch.
    :param author: who sent it (a device or player name; optional, for the log).
    """

    seq: int
    type: str
    data: Mapping[str, Any]
    ts: float
    author: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"seq", "type", "data", "ts", "author"}``."""
        return {
            "seq": self.seq,
            "type": self.type,
            "data": dict(self.data),
            "ts": self.ts,
            "author": self.author,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        """Inverse of :meth:`to_dict`. :raises KeyError, TypeError: on a malformed dict."""
        return cls(
            seq=int(raw["seq"]),
            type=str(raw["type"]),
            data=dict(raw["data"]),
            ts=float(raw["ts"]),
            author=raw.get("author"),
        )


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: name and colour (hex ``#RRGGBB``)."""

    name: str
    color: str


@dataclass(frozen=True)
class Setup:
    """Everything needed to start a game; saved with the log.

    :param game: the definition id, e.g. ``"free"``, ``"coup"``.
    :param players: seats in seat (turn) order.
    :param first_player: index into ``players``.
    :param options: game-specific options (JSON-serialisable).
    :param created: wall-clock time the game was created (seconds since the epoch).
    """

    game: str
    players: tuple[PlayerSpec, ...]
    first_player: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    created: float = 0.0

    @property
    def names(self) -> list[str]:
        """Player names in seat order."""
        return [p.name for p in self.players]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"game", "players": [{"name", "color"}], "first_player", "options",
        "created"}``."""
        return {
            "game": self.game,
            "players": [{"name": p.name, "color": p.color} for p in self.players],
            "first_player": self.first_player,
            "options": copy.deepcopy(dict(self.options)),
            "created": self.created,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        """Inverse of :meth:`to_dict`. :raises KeyError, TypeError: on a malformed dict."""
        return cls(
            game=str(raw["game"]),
            players=tuple(PlayerSpec(str(p["name"]), str(p["color"])) for p in raw["players"]),
            first_player=int(raw.get("first_player", 0)),
            options=dict(raw.get("options", {})),
            created=float(raw.get("created", 0.0)),
        )


@dataclass(frozen=True)
class Outcome:
    """The end of a game: winner indices (several on a shared win) and why, in Russian."""

    winners: tuple[int, ...]
    reason: str


S = TypeVar("S")


class GameDefinition(ABC, Generic[S]):
    """What a game module fills in. Subclass it once per game (a module-level singleton).

    Hooks receive and return plain game state objects (usually a dataclass); ``apply`` may
    mutate the state it gets: :class:`Game` always hands it a private copy, and only after
    ``check`` has accepted the event. ``check`` must therefore catch everything illegal:
    ``apply`` must not raise.
    """

    #: Stable id, saved with every game (``"free"``, ``"coup"``, ...).
    id: str = ""
    #: Russian name shown on screen.
    title: str = ""
    min_players: int = 2
    max_players: int = 6
    #: Turn phases in order (Russian, the rulebook's own names); empty if the game has none.
    phases: tuple[str, ...] = ()
    #: Event types that stay cumulative under a double tap: counter steps (+1/−1) that a
    #: player taps several times on purpose. For these :meth:`Game.push` ignores
    #: ``expect_revision``; every other move made against an older revision is refused
    #: with :class:`~companion.errors.StaleMoveError` (issue 14).
    cumulative_moves: frozenset[str] = frozenset()

    def default_options(self) -> dict[str, Any]:
        """Options a new game gets when the players change nothing."""
        return {}

    def validate_setup(self, setup: Setup) -> None:
        """Refuse a setup the rules do not allow.

        :raises SetupError: wrong number of players, empty or repeated names, bad first player.
        """
        n = len(setup.players)
        if not self.min_players <= n <= self.max_players:
            raise SetupError(
                f"В игре «{self.title}» играют от {self.min_players} до {self.max_players} "
                f"игроков, а указано {n}."
            )
        names = [p.name.strip() for p in setup.players]
        if any(not name for name in names):
            raise SetupError("У каждого игрока должно быть имя.")
        folded = [name.casefold() for name in names]
        if len(set(folded)) != len(folded):
            raise SetupError("Имена игроков не должны повторяться.")
        if not 0 <= setup.first_player < n:
            raise SetupError("Первый игрок должен быть одним из участников.")

    @abstractmethod
    def initial_state(self, setup: Setup) -> S:
        """The state before any event. Called after :meth:`validate_setup`."""

    @abstractmethod
    def check(self, state: S, event: Event) -> None:
        """Refuse an illegal event.

        :raises RuleViolation: with a Russian sentence naming the rule; the state is untouched.
        """

    @abstractmethod
    def apply(self, state: S, event: Event) -> None:
        """Apply an accepted event to ``state`` in place. Must not raise."""

    def outcome(self, state: S) -> Outcome | None:
        """The result if the game is over, else ``None``."""
        return None

    def active_player(self, state: S) -> int | None:
        """Index of the player whose turn it is (charged by the turn clock), or ``None``."""
        return None

    def turn_number(self, state: S) -> int:
        """A number that changes whenever a new turn begins (1-based)."""
        return 1

    def current_phase(self, state: S) -> str | None:
        """The current phase's name (one of :attr:`phases`) or ``None``."""
        return None

    def scores(self, state: S) -> dict[int, float]:
        """Each player's score (VP, level, ...) for the score-over-time chart."""
        return {}

    def describe(self, state: S, event: Event, setup: Setup) -> str:
        """A Russian log line for ``event``, given the state *before* it."""
        return event.type


class Journal(Protocol):
    """Where a :class:`Game` writes its log *before* the change becomes visible.

    The game store implements it; each method must be durable when it returns.
    """

    def append(self, event: Event) -> None:
        """Persist a new event (and forget any undone events)."""

    def set_undone(self, seq: int, undone: bool) -> None:
        """Persist that event ``seq`` was undone (``True``) or redone (``False``)."""


@dataclass
class _Point:
    """Turn-clock bookkeeping after one event."""

    ts: float
    player: int | None
    turn: int
    paused: bool


class Game:
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
        self._events: list[Event] = []
        self._undone: list[Event] = list(undone)
        self._state, self._points = self._replay(list(events))
        self._events = list(events)
        #: Grows by one on every push, undo and redo; starts at the length of the log.
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
        return bool(self._points) and self._points[-1].paused

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
        event, new_state, point = self._prepare(type, data, author)
        if self.journal is not None:
            self.journal.append(event)
        self._events.append(event)
        self._undone.clear()
        self._state = new_state
        self._points.append(point)
        self.revision += 1
        return event

    def undo(self, expect_revision: int | None = None) -> Event:
        """Take back the latest event.

        :param expect_revision: as in :meth:`push` (an undo is never cumulative).
        :returns: the event taken back.
        :raises StaleMoveError: ``expect_revision`` is not the current revision.
        :raises RuleViolation: if there is nothing to undo.
        """
        self._expect(expect_revision)
        if not self._events:
            raise RuleViolation("Отменять нечего: в журнале игры нет событий.")
        event = self._events[-1]
        if self.journal is not None:
            self.journal.set_undone(event.seq, True)
        self._events.pop()
        self._undone.insert(0, event)
        self._state, self._points = self._replay(self._events)
        self.revision += 1
        return event

    def redo(self, expect_revision: int | None = None) -> Event:
        """Bring back the most recently undone event.

        :param expect_revision: as in :meth:`push` (a redo is never cumulative).
        :returns: the event brought back.
        :raises StaleMoveError: ``expect_revision`` is not the current revision.
        :raises RuleViolation: if there is nothing to redo.
        """
        self._expect(expect_revision)
        if not self._undone:
            raise RuleViolation("Возвращать нечего: отменённых событий нет.")
        event = self._undone[0]
        new_state = copy.deepcopy(self._state)
        self._apply(new_state, event)
        if self.journal is not None:
            self.journal.set_undone(event.seq, False)
        self._undone.pop(0)
        self._events.append(event)
        self._state = new_state
        self._points.append(self._point_after(new_state, event))
        self.revision += 1
        return event

    # -- log and clock ----------------------------------------------------------------------
    def log(self) -> list[tuple[Event, str]]:
        """Every active event with its Russian description, oldest first."""
        out: list[tuple[Event, str]] = []
        state = self.definition.initial_state(self.setup)
        for ev in self._events:
            out.append((ev, self._describe(state, ev)))
            self._apply(state, ev)
        return out

    def score_series(self) -> list[tuple[float, dict[int, float]]]:
        """``[(ts, {player: score})]``: the start, then after every event that changed a score."""
        state = self.definition.initial_state(self.setup)
        series = [(self.setup.created, self.definition.scores(state))]
        for ev in self._events:
            self._apply(state, ev)
            scores = self.definition.scores(state)
            if scores != series[-1][1]:
                series.append((ev.ts, scores))
        return series

    def turn_clock(self, now: float | None = None) -> TurnClock:
        """Chess-clock times from event timestamps (see :class:`TurnClock`)."""
        now = self.clock() if now is None else now
        return TurnClock.from_points(self.setup, self._start_point(), self._points, now)

    # -- internals -----------------------------------------------------------------------------
    def _expect(self, expect_revision: int | None) -> None:
        if expect_revision is not None and expect_revision != self.revision:
            raise StaleMoveError(expect_revision, self.revision)

    def _prepare(
        self, type: str, data: Mapping[str, Any] | None, author: str | None
    ) -> tuple[Event, Any, _Point]:
        event = Event(len(self._events) + 1, type, dict(data or {}), self.clock(), author)
        if type not in CORE_EVENTS:
            if self.definition.outcome(self._state) is not None:
                raise RuleViolation("Игра уже окончена: новые ходы не принимаются.")
            self.definition.check(self._state, event)
        elif (type == CORE_PAUSE) == self.paused:
            raise RuleViolation("Часы уже на паузе." if self.paused else "Часы и так идут.")
        new_state = copy.deepcopy(self._state)
        self._apply(new_state, event)
        return event, new_state, self._point_after(new_state, event)

    def _apply(self, state: Any, event: Event) -> None:
        if event.type not in CORE_EVENTS:
            self.definition.apply(state, event)

    def _describe(self, state: Any, event: Event) -> str:
        if event.type == CORE_PAUSE:
            return "Часы поставлены на паузу"
        if event.type == CORE_RESUME:
            return "Часы снова идут"
        return self.definition.describe(state, event, self.setup)

    def _start_point(self) -> _Point:
        state = self.definition.initial_state(self.setup)
        return _Point(
            self.setup.created,
            self.definition.active_player(state),
            self.definition.turn_number(state),
            False,
        )

    def _point_after(self, state: Any, event: Event) -> _Point:
        return self._point(state, event, self.paused)

    def _point(self, state: Any, event: Event, paused_before: bool) -> _Point:
        """Turn-clock mark after ``event``: its time, whose turn, which turn, paused or not."""
        paused = paused_before
        if event.type == CORE_PAUSE:
            paused = True
        elif event.type == CORE_RESUME:
            paused = False
        return _Point(
            event.ts,
            self.definition.active_player(state),
            self.definition.turn_number(state),
            paused,
        )

    def _replay(self, events: Sequence[Event]) -> tuple[Any, list[_Point]]:
        state = self.definition.initial_state(self.setup)
        points: list[_Point] = []
        for ev in events:
            self._apply(state, ev)
            points.append(self._point(state, ev, bool(points) and points[-1].paused))
        return state, points


@dataclass(frozen=True)
class TurnClock:
    """Chess-clock times, in seconds, computed from event timestamps.

    The time between two consecutive events is charged to the player whose turn it was
    after the first of them (nothing while the clock is paused). The running turn is
    counted up to ``now``.

    :param per_player: total seconds per player index.
    :param turns: ``[(turn_number, player, seconds)]`` in order.
    :param current: seconds spent in the running turn.
    :param total: seconds since the game started, pauses excluded.
    """

    per_player: dict[int, float]
    turns: list[tuple[int, int | None, float]]
    current: float
    total: float

    @classmethod
    def from_points(
        cls, setup: Setup, start: _Point, points: Sequence[_Point], now: float
    ) -> TurnClock:
        per_player = {i: 0.0 for i in range(len(setup.players))}
        turns: list[tuple[int, int | None, float]] = []
        total = 0.0
        marks = [start, *points]
        for i, mark in enumerate(marks):
            end = marks[i + 1].ts if i + 1 < len(marks) else now
            spent = 0.0 if mark.paused else max(0.0, end - mark.ts)
            total += spent
            if mark.player is not None:
                per_player[mark.player] = per_player.get(mark.player, 0.0) + spent
            if turns and turns[-1][0] == mark.turn and turns[-1][1] == mark.player:
                n, p, s = turns[-1]
                turns[-1] = (n, p, s + spent)
            else:
                turns.append((mark.turn, mark.player, spent))
        return cls(per_player, turns, turns[-1][2] if turns else 0.0, total)
