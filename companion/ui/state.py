"""UI state: the process-wide :class:`Hub` of open games and per-session observables.

Every move from any session goes through :meth:`Hub.push` (one lock, one ordered path): the
rules are checked against the latest state, the event is saved to disk, then every session
watching that game is told to re-render. Sessions keep only momentary things (an open
dialog, a message) in their own :class:`GameView`.
"""

from __future__ import annotations

import contextvars
import threading
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.engine import Event
from companion.errors import CompanionError
from companion.store import GameStore, StoredGame

__all__ = ["Hub", "GameView", "AppModel", "watch"]

Listener = Callable[[], None]

#: The refusal a spectator gets for any change.
SPECTATOR = "Вы вошли как зритель: менять игру нельзя."
#: The refusal while this screen is locked against accidental taps.
LOCKED = "Экран заблокирован от случайных нажатий: снимите замок, чтобы менять игру."


class Hub:
    """Open games shared by every session of this process.

    :param store: the game store of the data directory.
    """

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self._games: dict[str, StoredGame] = {}
        self._lock = threading.RLock()
        self._listeners: dict[str, set[Listener]] = defaultdict(set)
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

    def create(self, game: str, players: list, **kwargs: Any) -> StoredGame:
        """Create, save and open a new game (see :meth:`GameStore.create`)."""
        with self._lock:
            stored = self.store.create(game, players, **kwargs)
            self._games[stored.id] = stored
            return stored

    def push(
        self,
        game_id: str,
        type: str,
        data: Mapping[str, Any] | None = None,
        author: str | None = None,
    ) -> Event:
        """Check, save and apply a move, then notify every watcher. :raises CompanionError:"""
        return self._change(game_id, lambda g: g.push(type, data, author=author))

    def undo(self, game_id: str) -> Event:
        """Undo the latest event of the game, whoever made it. :raises RuleViolation:"""
        return self._change(game_id, StoredGame.undo)

    def redo(self, game_id: str) -> Event:
        """Redo the latest undone event. :raises RuleViolation:"""
        return self._change(game_id, StoredGame.redo)

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

    def _notify(self, game_id: str) -> None:
        for listener in list(self._listeners[game_id]):
            try:
                listener()
            except Exception:  # a closed session must not break the others
                self._listeners[game_id].discard(listener)


@ft.observable
@dataclass
class GameView:
    """One session's view of one game; :attr:`version` follows the hub's revision so Flet re-renders.

    ``version`` is assigned the game's revision read *after* a change (never incremented):
    two threads bumping a counter at once could write the same value, and an observable does
    not notify when a value is unchanged — a missed refresh, a stale screen.

    :ivar error: the last refusal (a Russian sentence naming the rule), shown until the next move.
    :ivar error_player: the player the refused move concerned (its ``data["player"]``), or
        ``None``: boards show a per-player refusal under that player only.
    :ivar notice: a neutral message (e.g. «Отменено: …»).
    """

    hub: Hub
    game_id: str
    author: str | None = None
    readonly: bool = False
    version: int = 0
    error: str = ""
    error_player: int | None = None
    notice: str = ""
    locked: bool = False

    @property
    def stored(self) -> StoredGame:
        return self.hub.open(self.game_id)

    @property
    def game(self):
        return self.stored.game

    @property
    def state(self) -> Any:
        return self.stored.game.state

    def refresh(self) -> None:
        """Re-render after a change (monotonic: an older revision never replaces a newer one)."""
        with self.hub.lock:
            self.version = max(self.version, self.hub.revision(self.game_id))

    def _refuse_readonly(self) -> bool:
        if self.readonly or self.locked:
            self.error = SPECTATOR if self.readonly else LOCKED
            return True
        return False

    def toggle_lock(self) -> None:
        """Lock or unlock this screen (a lock on one phone does not lock the others)."""
        self.locked = not self.locked
        self.error = ""

    def send(self, type: str, data: Mapping[str, Any] | None = None) -> bool:
        """Send a move; a refusal is kept in :attr:`error`. Returns whether it was accepted."""
        if self._refuse_readonly():
            return False
        try:
            self.hub.push(self.game_id, type, data, self.author)
        except CompanionError as exc:
            self.error = str(exc)
            player = (data or {}).get("player")
            self.error_player = player if isinstance(player, int) else None
            return False
        self.error = ""
        self.error_player = None
        self.notice = ""
        self.refresh()
        return True

    def undo(self) -> None:
        self._step(self.hub.undo, "Отменено")

    def redo(self) -> None:
        self._step(self.hub.redo, "Возвращено")

    def _step(self, fn: Callable[[str], Event], verb: str) -> None:
        if self._refuse_readonly():
            return
        try:
            event = fn(self.game_id)
        except CompanionError as exc:
            self.error = str(exc)
        else:
            self.error = ""
            who = f" (ход игрока {event.author})" if event.author else ""
            self.notice = f"{verb}: #{event.seq} {event.type}{who}"
        self.refresh()


def watch(view: GameView, page: ft.Page) -> Callable[[], None]:
    """Re-render ``view`` (shown on ``page``) after every change of its game, whoever made it.

    Another session's move is notified from that session's handler. ``page.run_task`` binds
    *the caller's* context to ``page``, so it runs in a copied context: the caller keeps its
    own page, and this session re-renders on its own loop. Returns the unsubscribe function.
    """

    async def bump() -> None:
        view.refresh()

    return view.hub.subscribe(
        view.game_id, lambda: contextvars.copy_context().run(page.run_task, bump)
    )


@ft.observable
@dataclass
class AppModel:
    """Per-session app settings and messages."""

    hub: Hub
    theme: str = "system"  # "light" | "dark" | "system"
    warnings: list[str] = field(default_factory=list)
    lan: Any = None  # companion.ui.lan.LanGate in table mode
    joined: bool = False
    role: str = "player"  # "player" | "spectator"
    name: str = ""
