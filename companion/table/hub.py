"""The process-wide :class:`Hub` of open games: every move goes through :meth:`Hub.push`
(one lock): checked, saved, then every listener of the game is called."""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.engine import Event, PlayerSpec
from companion.store import GameStore, StoredGame

__all__ = ["Hub", "Listener", "SETTLE_SECONDS", "TOO_SOON"]

Listener = Callable[[], None]

#: Seconds after a move (not a counter step) or a closed dialog in which another tap from
#: the same screen is refused with :data:`TOO_SOON` (the rest of a double tap).
SETTLE_SECONDS = 0.6

#: The notice for such a tap.
TOO_SOON = "Касание не засчитано: экран только что изменился. Если нужно, нажмите ещё раз."


class Hub:
    """Open games shared by every session: ``store``; ``settle`` (s; ``None``:
    :attr:`default_settle`, 0: none); ``clock`` (monotonic s)."""

    #: The settle window of a hub made without one.
    default_settle: float = SETTLE_SECONDS

    def __init__(
        self,
        store: GameStore,
        *,
        settle: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        settle = self.default_settle if settle is None else settle
        if settle < 0:
            raise ValueError(f"settle window must be >= 0 s, got {settle}")
        self.store = store
        self.settle = settle
        self.clock = clock
        self._games: dict[str, StoredGame] = {}
        self._lock = threading.RLock()
        self._listeners: dict[str, set[Listener]] = defaultdict(set)
        self._list_listeners: set[Listener] = set()
        self._revisions: dict[str, int] = defaultdict(int)

    @property
    def lock(self) -> threading.RLock:
        """The lock every change of every game goes through."""
        return self._lock

    def revision(self, game_id: str) -> int:
        """How many changes this process has made to the game (monotonic)."""
        return self._revisions[game_id]

    def open(self, game_id: str) -> StoredGame:
        """The open game (opened from disk once). :raises UnknownGameError, CorruptFileError:"""
        with self._lock:
            if game_id not in self._games:
                self._games[game_id] = self.store.open(game_id)
            return self._games[game_id]

    def create(self, game: str, players: Sequence[str | PlayerSpec], **kwargs: Any) -> StoredGame:
        """Create, save and open a new game (see :meth:`GameStore.create`)."""
        with self._lock:
            stored = self.store.create(game, players, **kwargs)
            self._games[stored.id] = stored
        self.notify_list()
        return stored

    def push(
        self,
        game_id: str,
        type: str,
        data: Mapping[str, Any] | None = None,
        author: str | None = None,
        *,
        expect_revision: int | None = None,
    ) -> Event:
        """Check, save and apply a move, then notify every watcher; ``expect_revision``: the
        revision the move was made against (``None``: the latest).
        :raises StaleMoveError: the game changed since. :raises CompanionError: refused."""
        return self._change(
            game_id, lambda g: g.push(type, data, author=author, expect_revision=expect_revision)
        )

    def undo(self, game_id: str, *, expect_revision: int | None = None) -> Event:
        """Undo the latest event. :raises StaleMoveError: as :meth:`push`. :raises RuleViolation:
        nothing to undo."""
        return self._change(game_id, lambda g: g.undo(expect_revision=expect_revision))

    def redo(self, game_id: str, *, expect_revision: int | None = None) -> Event:
        """Redo the latest undone event. :raises StaleMoveError: as :meth:`push`.
        :raises RuleViolation: nothing to redo."""
        return self._change(game_id, lambda g: g.redo(expect_revision=expect_revision))

    def _change(self, game_id: str, change: Callable[[StoredGame], Event]) -> Event:
        """The one ordered path of every change: under the lock, then notify the watchers."""
        with self._lock:
            event = change(self.open(game_id))
            self._revisions[game_id] += 1
        self._notify(game_id)
        return event

    def subscribe(self, game_id: str, listener: Listener) -> Callable[[], None]:
        """Call ``listener()`` after every change of the game; returns an unsubscribe function."""
        with self._lock:
            self._listeners[game_id].add(listener)
        return lambda: self._listeners[game_id].discard(listener)

    def subscribe_list(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener()`` when a saved game is created or deleted (not on every move); returns
        an unsubscribe function."""
        with self._lock:
            self._list_listeners.add(listener)
        return lambda: self._list_listeners.discard(listener)

    def notify_list(self) -> None:
        """Tell the saved-games lists that a game was created or deleted."""
        for listener in list(self._list_listeners):
            try:
                listener()
            except Exception:  # a closed session must not break the others
                self._list_listeners.discard(listener)

    def _notify(self, game_id: str) -> None:
        for listener in list(self._listeners[game_id]):
            try:
                listener()
            except Exception:  # a closed session must not break the others
                self._listeners[game_id].discard(listener)
