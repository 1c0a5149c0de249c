"""A phone in this process for behavioural walkthroughs (no browser): the real app on a real
Flet session (:mod:`tests.ui.render_tree`), driven by semantics identifiers as the browser
tests drive Chromium — :meth:`Phone.tap`, :meth:`Phone.type`, :meth:`Phone.says` — whether
the node is on the page or in an open dialog.

What a browser test's ``wait_label(ident, text)`` read (the node's ``aria-label`` and its
text) is :meth:`Phone.says` here: the node's label, then every text drawn under it.
Geometry (sizes, scrolling, what moves) is not here: those checks stay in Chromium.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.protocol import InvokeMethodRequestBody, MessageAction
from flet.messaging.session import Session

from companion.store import GameStore
from companion.table.gate import LanGate
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


class Phone:
    """One session on the app: ``Phone.open(hub, route)`` (or ``main``) inside ``rt.run``."""

    def __init__(self, session: Session, hub: Hub | None = None) -> None:
        self.session = session
        self.hub = hub
        #: routes the app pushed to the browser, not yet followed (:meth:`follow`)
        self.pushed: list[tuple[int, str, str]] = []
        #: what the session sent as crashed (a handler's unhandled error: the browser shows
        #: Flet's «Error running app» with it)
        self.crashes: list[str] = []
        conn = session.connection
        send = conn.send_message

        def watch(message: Any) -> None:
            body = message.body
            if isinstance(body, InvokeMethodRequestBody) and body.name == "push_route":
                self.pushed.append((body.control_id, body.call_id, body.args["route"]))
            if message.action == MessageAction.SESSION_CRASHED:
                self.crashes.append(str(getattr(body, "message", body)))
            send(message)

        conn.send_message = watch  # type: ignore[method-assign]

    @classmethod
    async def open(
        cls,
        hub: Hub | Path,
        route: str,
        size: tuple[int, int] | None = None,
        main: Callable[[Any], None] | None = None,
    ) -> Phone:
        """A phone opening ``route`` on ``hub`` (or on a new hub over the data folder ``hub``;
        ``main``: the app's entry, made for ``hub`` when not given: pass one main to several
        phones that share it)."""
        hub = hub if isinstance(hub, Hub) else new_hub(hub)
        session = await rt.open_app(main or make_main(hub), route, size)
        return cls(session, hub)

    def _nodes(self, ident: str) -> Iterator[ft.Semantics]:
        """Nodes tagged ``ident``: shown on the page first, then in open dialogs."""
        shown = rt.shown_ids(self.session)
        for c in rt.controls(self.session):
            if isinstance(c, ft.Semantics) and c.identifier == ident and id(c) in shown:
                yield c
        yield from _in_open_dialogs(self.session, ident)

    def has(self, ident: str) -> bool:
        """Whether a node tagged ``ident`` is shown (page or open dialog)."""
        return next(self._nodes(ident), None) is not None

    def says(self, ident: str, *parts: str) -> str:
        """The node's label and the texts drawn under it (of several nodes so tagged, the
        first that says something). :raises AssertionError: when none is shown, or when it
        does not say each of ``parts``."""
        said = [_text(n) for n in self._nodes(ident)]
        if not said:
            raise AssertionError(f"{ident!r} is not on the screen")
        text = next((t for t in said if t), said[0])
        for part in parts:
            assert part in text, f"{ident!r} says {text!r}, not {part!r}"
        return text

    def label(self, ident: str) -> str:
        """The node's own label (a number's node says the number), else :meth:`says`."""
        said = [(n.label or "").strip() for n in self._nodes(ident)]
        return next((t for t in said if t), "") or self.says(ident)

    def shown(self, ident: str) -> str:
        """What :meth:`says` says, or ``""`` when the node is not shown."""
        return self.says(ident) if self.has(ident) else ""

    async def wait(self, ident: str, text: str, exact: bool = False, seconds: float = 20) -> None:
        """Wait until the node says ``text`` (``exact``: its :meth:`label` is ``text``; else
        :meth:`says` holds it), as a browser test's ``wait_label``: a refusal or a refresh
        may reach the screen a few event-loop turns after the tap has settled.
        :raises AssertionError: naming what it says instead, after ``seconds``."""
        deadline = asyncio.get_running_loop().time() + seconds
        while True:
            now = (self.label(ident) if exact else self.says(ident)) if self.has(ident) else None
            if now is not None and (now == text if exact else text in now):
                return
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"{ident!r} never said {text!r}; it says {now!r}")
            await asyncio.sleep(0.02)
            await rt.settle(self.session)

    async def changed(self, ident: str, than: str, seconds: float = 20) -> str:
        """Wait until the node says something other than ``than``; what it says then.
        :raises AssertionError: after ``seconds``."""
        deadline = asyncio.get_running_loop().time() + seconds
        while (now := self.shown(ident)) == than:
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"{ident!r} still says {than!r}")
            await asyncio.sleep(0.02)
            await rt.settle(self.session)
        return now

    async def gone(self, ident: str, seconds: float = 20) -> None:
        """Wait until no node tagged ``ident`` is shown."""
        deadline = asyncio.get_running_loop().time() + seconds
        while self.has(ident):
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"{ident!r} is still on the screen")
            await asyncio.sleep(0.02)
            await rt.settle(self.session)

    def tappable(self, ident: str) -> bool:
        """Whether ``ident`` is shown, enabled, and takes a tap."""
        if ident in rt.tappables(self.session):
            return True
        node = next(_in_open_dialogs(self.session, ident), None)
        target = rt._clickable(node) if node is not None else None
        return target is not None and not getattr(target, "disabled", False)

    async def tap(self, ident: str, event: str = "click") -> None:
        """Tap (or long-press: ``event="long_press"``) the enabled control tagged ``ident``,
        then let every phone's screen settle. :raises AssertionError: when it takes none."""
        if event == "click" and (chip := self._chip(ident)) is not None:
            await self._select(chip)
            return
        if event == "click" and ident in (taps := rt.tappables(self.session)):
            control = taps[ident]
        elif event != "click" and ident + rt.HOLD in (holds := rt.gestures(self.session)):
            control = holds[ident + rt.HOLD][0]
        else:
            node = next(_in_open_dialogs(self.session, ident), None)
            control = rt._clickable(node) if node is not None else None
            if control is None and event == "click":
                control = self._tapped_around(ident)
            assert control is not None, f"no tappable {ident!r} on the screen"
            assert not getattr(control, "disabled", False), f"{ident!r} is disabled"
        await rt.tap(self.session, control, event)
        await rt.quiet(self.session)
        await self.follow()

    def _chip(self, ident: str) -> ft.Chip | None:
        """The enabled chip tagged ``ident`` that a tap selects (its ``on_select``), if any."""
        node = next(self._nodes(ident), None)
        chip = node.content if node is not None else None
        if isinstance(chip, ft.Chip) and chip.on_select is not None and not chip.disabled:
            return chip
        return None

    async def _select(self, chip: ft.Chip) -> None:
        """What Flutter sends when a chip is tapped: its new ``selected`` as a patch, then its
        ``select`` event."""
        now = not chip.selected
        self.session.apply_patch(chip._i, {"selected": now})
        await asyncio.create_task(self.session.dispatch_event(chip._i, "select", now))
        await rt.quiet(self.session)
        await self.follow()

    async def follow(self) -> None:
        """Do what the browser does with a route the app pushed: answer the call, then
        report the route change (:func:`render_tree.navigate`)."""
        while self.pushed:
            control_id, call_id, route = self.pushed.pop(0)
            self.session.handle_invoke_method_results(control_id, call_id, None, None)
            await rt.navigate(self.session, route)

    def _tapped_around(self, ident: str) -> Any:
        """The control a click on a node with no handler of its own reaches: its nearest
        ancestor on the page that answers a click (a text inside a tappable line)."""

        def walk(c: Any, path: list[Any]) -> Any:
            if not getattr(c, "visible", True) or getattr(c, "disabled", False):
                return None
            path = [*path, c] if getattr(c, "on_click", None) is not None else path
            if isinstance(c, ft.Semantics) and c.identifier == ident:
                return path[-1] if path else None
            for child in rt._children(c):
                found = walk(child, path)
                if found is not None:
                    return found
            return None

        for view in self.session.page.views:
            found = walk(view, [])
            if found is not None:
                return found
        return None

    async def type(self, ident: str, text: str) -> None:
        """Type ``text`` into the field tagged ``ident`` as the browser sends it: the field's
        new text as a patch to its id, then its ``change`` event."""
        node = next(self._nodes(ident), None)
        if node is None:
            raise AssertionError(f"{ident!r} is not on the screen")
        field = node.content
        self.session.apply_patch(field._i, {"value": text})
        await self.session.dispatch_event(field._i, "change", text)
        await rt.quiet(self.session)

    async def choose(self, ident: str, value: str) -> None:
        """Pick ``value`` in the dropdown tagged ``ident``."""
        await rt.select(self.session, ident, value)

    async def pick(self, ident: str, text: str) -> None:
        """Tap ``ident`` (a button that opens a list of choices) and then the choice whose
        words are ``text`` in the dialog it opened."""
        await self.tap(ident)

        def is_choice(c: Any) -> bool:
            return getattr(c, "on_click", None) is not None and getattr(c, "content", None) == text

        dialogs = [d for d in self.session.page._dialogs.controls if getattr(d, "open", False)]  # type: ignore[attr-defined]
        choice = next((c for d in dialogs if (c := rt.first(d, is_choice)) is not None), None)
        assert choice is not None, f"no choice {text!r} after {ident!r}"
        await rt.tap(self.session, choice)
        await rt.quiet(self.session)

    async def pick_radio(self, value: str) -> None:
        """Tap the radio of ``value`` in its tappable box (a :class:`ft.Container` around the
        :class:`ft.Radio`, as the join screen and the settings draw one), on the page.
        :raises AssertionError: when no such box is shown."""
        shown = rt.shown_ids(self.session)

        def is_box(c: Any) -> bool:
            radio = getattr(c, "content", None)
            return (
                id(c) in shown
                and isinstance(c, ft.Container)
                and c.on_click is not None
                and isinstance(radio, ft.Radio)
                and radio.value == value
            )

        boxes = (rt.first(v, is_box) for v in self.session.page.views)
        box = next((b for b in boxes if b is not None), None)
        assert box is not None, f"no radio {value!r} on the screen"
        await rt.tap(self.session, box)
        await rt.quiet(self.session)

    async def settle(self) -> None:
        await rt.quiet(self.session)

    def stored(self, gid: str | None = None) -> Any:
        """The game ``gid`` (else the only one) as saved on disk now."""
        if gid is None:
            (summary,) = self.hub.store.list()
            gid = summary.id
        return game_of(self.hub, gid)


async def new_game(
    data: Path, game_id: str, names: list[str], *, taps: tuple[str, ...] = (), first: int = 0
) -> str:
    """Start a game through the new-game form as a player does (the game picked, a seat
    added until there are ``len(names)``, each name typed, the switches ``taps`` tapped, the
    first player chosen, «Начать игру»); the new game's id, read from the store."""
    phone = await Phone.open(data, "/new")
    await phone.choose("game-choice", game_id)
    while not phone.has(f"player-name-{len(names) - 1}"):
        await phone.tap("add-player")
    for i, name in enumerate(names):
        await phone.type(f"player-name-{i}", name)
    for ident in taps:
        await phone.tap(ident)
    await phone.choose("first-player", str(first))
    store = GameStore(data)
    before = {s.id for s in store.list()}
    await phone.tap("start-game")
    (gid,) = {s.id for s in store.list()} - before
    return gid


#: The join code of the table-mode hosts made by :func:`table_main`.
TABLE_CODE = "24681012"


def table_main(hub: Hub) -> Callable[[Any], None]:
    """The app's entry for a table-mode host on ``hub`` (a :class:`LanGate` asking for
    :data:`TABLE_CODE`): pass it to every phone of the table. Set
    ``companion.table.gate.READ_TOKEN_SECONDS`` short first (no browser answers the token read)."""
    return make_main(hub, LanGate(code=TABLE_CODE, url="http://127.0.0.1"))


async def join(
    hub: Hub, main: Callable[[Any], None], name: str = "", role: str = "player"
) -> Phone:
    """A phone on the table-mode host ``main`` (:func:`table_main`) that typed the code (and
    ``name``), picked ``role`` («player» or «spectator») and tapped «Войти»: on the home
    screen."""
    phone = await Phone.open(hub, "/", main=main)
    await phone.wait("join", "Войти")  # no token in this "browser": the code is asked
    await phone.type("join-code", TABLE_CODE)
    if name:
        await phone.type("join-name", name)
        await phone.wait("join", f"Войти как {name}")
    await phone.pick_radio(role)
    await phone.tap("join")
    await phone.wait("new-game", "")
    return phone


def game_of(hub: Hub, gid: str) -> Any:
    """The saved game ``gid`` as the store reads it now."""
    return hub.store.open(gid).game


def new_hub(data: Any) -> Hub:
    return Hub(GameStore(data))


def _in_open_dialogs(session: Session, ident: str) -> Iterator[ft.Semantics]:
    """Visible nodes tagged ``ident`` in the page's open dialogs."""

    def walk(c: Any) -> Iterator[ft.Semantics]:
        if not getattr(c, "visible", True):
            return
        if isinstance(c, ft.Semantics) and c.identifier == ident:
            yield c
        for child in rt._children(c):
            yield from walk(child)

    for dialog in session.page._dialogs.controls:  # type: ignore[attr-defined]
        if getattr(dialog, "open", False):
            yield from walk(dialog)


def _text(node: Any) -> str:
    """A node's label and every text drawn under it, as the browser's ``aria-label`` plus
    ``textContent`` read it (one space between parts)."""
    parts: list[str] = []

    def walk(c: Any) -> None:
        if not getattr(c, "visible", True):
            return
        if isinstance(c, ft.Semantics) and c.label:
            parts.append(c.label.strip())
        if isinstance(c, ft.Text):
            parts.extend(str(t).strip() for t in (c.value, *(s.text for s in c.spans or [])) if t)
        content = getattr(c, "content", None)
        if isinstance(content, str) and content.strip():  # a button's own text
            parts.append(content.strip())
        for child in rt._children(c):
            walk(child)

    walk(node)
    return " ".join(parts)
