"""UI state: per-session :class:`GameView` of a game in the :class:`Hub`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

import flet as ft

from companion.engine import Event, Game
from companion.errors import CompanionError, StaleMoveError
from companion.store import StoredGame
from companion.store.journal import describe_event
from companion.table.hub import SETTLE_SECONDS, TOO_SOON, Hub
from companion.ui.session import follow_hub, on_page
from companion.ui.taps import current_tap, dialog_closing

__all__ = [
    "Hub",
    "GameView",
    "AppModel",
    "SETTLE_SECONDS",
    "TOO_SOON",
    "watch",
    "on_page",
    "follow_hub",
    "part",
    "view_local",
]

_T = TypeVar("_T")

#: The refusal a spectator gets for any change.
SPECTATOR = "Вы вошли как зритель: менять игру нельзя."
#: The refusal while this screen is locked against accidental taps.
LOCKED = "Экран заблокирован от случайных нажатий: снимите замок, чтобы менять игру."


@ft.observable
@dataclass
class GameView:
    """One session's view of one game; :attr:`version` is the hub's revision read after each
    change (assigned, never incremented).

    :ivar error: the last refusal, until the next move. :ivar error_player: its player or
    ``None``. :ivar notice: a neutral message."""

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
    def game(self) -> Game:
        return self.stored.game

    @property
    def state(self) -> Any:
        return self.stored.game.state

    def refresh(self) -> None:
        """Re-render after a change (monotonic: an older revision never replaces a newer one)."""
        with self.hub.lock:
            self.version = max(self.version, self.hub.revision(self.game_id))

    def catch_up(self) -> None:
        """Re-render every part showing this view (a tab back on its session)."""
        self.refresh()
        self.notify()  # type: ignore[attr-defined]  # added by @ft.observable

    def mark_shown(self) -> None:
        """Remember the revision this screen shows: moves are made against it (:meth:`send`)."""
        self._shown = self.game.revision

    def moment(self) -> str:
        """The primary action's moment as one string (turn, player, phase, label, step), e.g.
        ``"3|0|Играй карты|Играй карты|"``."""
        d, state = self.game.definition, self.state
        return (
            f"{d.turn_number(state)}|{d.active_player(state)}|"
            f"{d.current_phase(state)}|{d.phase_label(state)}|{d.step(state)}"
        )

    @property
    def shown_revision(self) -> int | None:
        """The engine revision this screen last rendered, or ``None`` (not known)."""
        return getattr(self, "_shown", None)

    def _say(self, error: str = "", player: int | None = None, notice: str = "") -> None:
        self.error, self.error_player, self.notice = error, player, notice

    def show_notice(self, text: str) -> None:
        """Show a neutral message (e.g. the whole status note) like an undo notice."""
        self._say(notice=text)

    def clear_message(self) -> None:
        """Drop the refusal and the notice (they went stale)."""
        self._say()

    def explain(self, type: str, data: Mapping[str, Any] | None = None) -> bool:
        """Check a move without sending it; a refusal is shown as from :meth:`send`. Returns whether
        it would be accepted."""
        if self._refuse_readonly():
            return False
        try:
            self.game.check(type, data)
        except CompanionError as exc:
            self._set_error(exc, data)
            return False
        return True

    def refuse(self, text: str) -> None:
        """Show ``text`` as a refusal (a dimmed control's tap); a read-only or locked screen says so
        instead."""
        if not self._refuse_readonly():
            self._say(text)

    def _set_error(self, exc: CompanionError, data: Mapping[str, Any] | None) -> None:
        player = (data or {}).get("player")
        self._say(str(exc), player if isinstance(player, int) else None)

    def _refuse_readonly(self) -> bool:
        if self.readonly or self.locked:
            self.error = SPECTATOR if self.readonly else LOCKED
            return True
        return False

    def toggle_lock(self) -> None:
        """Lock or unlock this screen (a lock on one phone does not lock the others)."""
        self.locked = not self.locked
        self.error = ""

    def toggle_clock(self) -> None:
        """Pause or resume the turn clock (``core.pause`` / ``core.resume``), with a notice."""
        paused = self.game.paused
        if self.send("core.resume" if paused else "core.pause"):
            self.show_notice(
                "Часы снова идут" if paused else "Часы на паузе: коснитесь их, чтобы пустить"
            )

    def too_soon(self) -> bool:
        """Whether this tap is inside the settle window of this screen's last move or closed
        dialog (then :data:`TOO_SOON` is noted)."""
        last = getattr(self, "_settle", None)  # (the tap that started it, when)
        if (
            last is not None
            and last[0] is not current_tap()
            and self.hub.clock() - last[1] < self.hub.settle
        ):
            self.show_notice(TOO_SOON)
            self.refresh()
            return True
        return False

    def screen_changed(self) -> None:
        """Start the settle window without a move (a dialog closed)."""
        self._settle = (current_tap(), self.hub.clock())

    def send(self, type: str, data: Mapping[str, Any] | None = None) -> bool:
        """Send a move; a refusal is kept in :attr:`error`. Returns whether it was accepted.
        A move is made against :meth:`mark_shown`'s revision (else :class:`StaleMoveError`, but
        for :attr:`~companion.engine.definition.GameDefinition.cumulative_moves`); an accepted
        non-counter move (or one inside :func:`~companion.ui.taps.closing_dialog`) starts the
        :attr:`Hub.settle` window (:meth:`too_soon`). Either refusal says :data:`TOO_SOON`."""
        if self._refuse_readonly() or self.too_soon():
            return False
        tap, now = current_tap(), self.hub.clock()
        try:
            self.hub.push(
                self.game_id, type, data, self.author, expect_revision=self.shown_revision
            )
        except StaleMoveError:  # the game moved on under this tap: show the latest state
            self.show_notice(TOO_SOON)
            self.refresh()
            return False
        except CompanionError as exc:
            self._set_error(exc, data)
            return False
        if dialog_closing() or type not in self.game.definition.cumulative_moves:
            self._settle = (tap, now)
        self.clear_message()
        self.refresh()
        return True

    def undo(self) -> None:
        """Take back the latest move; the notice names it in the engine's words."""
        self._step(False)

    def redo(self) -> None:
        """Bring back the latest undone move; the notice names it."""
        self._step(True)

    def _step(self, redo: bool) -> None:
        if self._refuse_readonly():
            return
        from companion.words import inflect

        event: Event | None
        with self.hub.lock:
            try:
                step = self.hub.redo if redo else self.hub.undo
                event = step(self.game_id, expect_revision=self.shown_revision)
            except StaleMoveError:  # the game moved on under this tap: say so
                self.show_notice(TOO_SOON)
                event = None
            except CompanionError as exc:
                self._set_error(exc, None)
                event = None
            else:
                text = describe_event(self.game, event, undone=not redo)
        if event is not None:
            who = f" (с телефона {inflect(event.author, 'gent')})" if event.author else ""
            self._say(notice=self._step_notice(redo, f"{text}{who}"))
        self.refresh()

    def _step_notice(self, redo: bool, line: str) -> str:
        """The undo (or redo) notice, naming each move of a quick run newest first."""
        from companion.words import plural

        verb = "Возвращено" if redo else "Отменено"
        run: tuple[bool, str, list[str]] | None = getattr(self, "_step_run", None)
        lines = [line]
        if run is not None and run[0] == redo and run[1] == self.notice:
            lines = [*run[2], line]
        if len(lines) == 1:
            notice = f"{verb} — {line}"
        else:
            moves = plural(len(lines), "ход", "хода", "ходов")
            notice = f"{verb} {len(lines)} {moves} — " + "; ".join(lines)
        self._step_run = (redo, notice, lines)  # private: an observable ignores "_" names
        return notice


@dataclass(frozen=True, eq=False)
class ViewRef:
    """A :class:`GameView` that Flet does not subscribe to as an argument; one per view
    (:func:`view_ref`)."""

    view: GameView


def view_ref(view: GameView) -> ViewRef:
    """The one :class:`ViewRef` of ``view``."""
    ref = getattr(view, "_ref", None)
    if ref is None or ref.view is not view:
        ref = ViewRef(view)
        view._ref = ref  # type: ignore[attr-defined]  # private: an observable ignores "_" names
    return ref


def view_local(view: GameView, kind: Callable[[], _T]) -> _T:
    """The one ``kind()`` of ``view`` (momentary state its parts share)."""
    held: dict[Any, Any] | None = getattr(view, "_locals", None)
    if held is None:
        held = {}
        view._locals = held  # type: ignore[attr-defined]  # private: as ``_ref``
    if kind not in held:
        held[kind] = kind()
    return held[kind]  # type: ignore[no-any-return]


_PARTS: dict[Callable[..., ft.Control], Callable[..., ft.Control]] = {}


def _part_of(body: Callable[..., ft.Control]) -> Callable[..., ft.Control]:
    """A memoised component running ``body`` (one per body)."""
    made = _PARTS.get(body)
    if made is None:

        def run(ref: ViewRef, key: Any, *args: Any) -> ft.Control:
            view = ref.view
            return body(view, *args) if args else body(view, view.version)

        run.__name__ = run.__qualname__ = getattr(body, "__name__", "Part")
        made = _PARTS[body] = ft.memo(ft.component(run))
    return made


def part(component: Callable[..., ft.Control], view: GameView, key: Any, *args: Any) -> ft.Control:
    """``component(view, view.version)`` (or ``(view, *args)``) re-rendered only when ``key`` or
    ``args`` change; ``key`` must change with everything the part shows (``None``: hidden)."""
    body = getattr(component, "__component_impl__", component)
    return _part_of(body)(view_ref(view), key, *args)


@ft.observable
@dataclass
class AppModel:
    """Per-session app settings and messages."""

    hub: Hub
    theme: str = "system"  # "light" | "dark" | "system"
    warnings: list[str] = field(default_factory=list)
    lan: Any = None  # companion.table.gate.LanGate in table mode
    on_host: bool = True  # the session runs on the host computer (security.on_host)
    joined: bool = False
    role: str = "player"  # "player" | "spectator"
    name: str = ""


def watch(view: GameView, page: ft.Page) -> Callable[[], None]:
    """Re-render ``view`` on ``page`` after every change of its game; returns the unsubscribe."""

    async def bump() -> None:
        view.refresh()

    return follow_hub(
        page, lambda listener: view.hub.subscribe(view.game_id, listener), bump, view.catch_up
    )
