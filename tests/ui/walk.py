"""A phone on the real app in this process (:mod:`tests.ui.render_tree`: real Flet sessions,
no browser), for walkthroughs that check what the screen says and what the game holds.

Each tap, typed text or pick settles the session before it returns, so a walkthrough reads the
screen right after a step without waiting. Games are made through the app's own
:class:`~companion.ui.state.Hub` on a real :class:`~companion.store.GameStore` in a temporary
directory; :meth:`Phone.stored` re-reads the game from disk.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.messaging.session import Session

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _texts(c: Any) -> Iterator[str]:
    """The words drawn under ``c``: semantics labels, texts, buttons' text contents."""
    if isinstance(c, ft.Semantics) and c.label:
        yield c.label
    if isinstance(c, ft.Text) and c.value:
        yield str(c.value)
    if isinstance(c, ft.Text) and c.spans:
        yield "".join(s.text or "" for s in c.spans)
    content = getattr(c, "content", None)
    if isinstance(content, str):
        yield content
    if isinstance(c, ft.TextField) and c.value:
        yield str(c.value)
    for child in rt._children(c):
        yield from _texts(child)


class Phone:
    """One session (a phone) on a hub; ``data``: the hub's data directory."""

    def __init__(self, session: Session, hub: Hub, data: Path) -> None:
        self.session, self.hub, self.data = session, hub, data

    @classmethod
    async def open(
        cls,
        data: Path,
        route: str = "/",
        size: tuple[int, int] | None = None,
        hub: Hub | None = None,
    ) -> Phone:
        """A phone on ``route`` of the app over ``data`` (or over ``hub``, shared)."""
        hub = hub or Hub(GameStore(data))
        return cls(await rt.open_app(make_main(hub), route, size), hub, data)

    def _in_dialog(self, ident: str) -> ft.Semantics | None:
        """The node tagged ``ident`` in the last open dialog that has one (a closed dialog
        stays in the page's list)."""

        def walk(c: Any) -> ft.Semantics | None:
            if not getattr(c, "visible", True):
                return None
            if isinstance(c, ft.Semantics) and c.identifier == ident:
                return c
            for child in rt._children(c):
                found = walk(child)
                if found is not None:
                    return found
            return None

        dialogs = self.session.page._dialogs.controls  # type: ignore[attr-defined]
        for dialog in reversed(dialogs):
            if getattr(dialog, "open", False):
                found = walk(dialog)
                if found is not None:
                    return found
        return None

    def _nodes(self, ident: str) -> list[ft.Semantics]:
        found = self._in_dialog(ident)
        if found is not None:  # a dialog is above the page
            return [found]
        shown = rt.shown_ids(self.session)
        return [
            c
            for c in rt.controls(self.session)
            if isinstance(c, ft.Semantics) and c.identifier == ident and id(c) in shown
        ]

    def has(self, ident: str) -> bool:
        """Whether a node tagged ``ident`` is shown (on the page or in an open dialog)."""
        return bool(self._nodes(ident))

    def text(self, ident: str) -> str:
        """All that the node tagged ``ident`` says (its label and the texts under it), as the
        browser tests' ``aria-label + textContent``; of several so tagged, the first that
        says something. :raises AssertionError: when none is shown."""
        nodes = self._nodes(ident)
        if not nodes:
            raise AssertionError(f"{ident!r} is not on the screen")
        said = [" ".join(dict.fromkeys(_texts(n))).strip() for n in nodes]
        return next((t for t in said if t), "")

    def says(self, ident: str, *parts: str) -> None:
        """The node tagged ``ident`` says each of ``parts``."""
        text = self.text(ident)
        for part in parts:
            assert part in text, f"{ident!r} says {text!r}, not {part!r}"

    def enabled(self, ident: str) -> bool:
        """Whether a finger can tap ``ident`` now (shown, enabled, with a handler)."""
        return self._target(ident) is not None

    def _target(self, ident: str) -> BaseControl | None:
        node = self._in_dialog(ident)
        if node is None:
            return rt.tappables(self.session).get(ident)
        found = rt._clickable(node)
        return None if found is None or getattr(found, "disabled", False) else found

    async def tap(self, ident: str, event: str = "click") -> None:
        """A finger's tap on ``ident`` (in the open dialog, else on the page), settled."""
        target = self._target(ident)
        if target is None:
            raise AssertionError(f"{ident!r} cannot be tapped now")
        await rt.tap(self.session, target, event)
        await rt.quiet(self.session)

    def _field(self, ident: str) -> BaseControl:
        node = self._in_dialog(ident)
        return node.content if node is not None else rt.tagged_control(self.session, ident)

    async def fill(self, ident: str, text: str) -> None:
        """Type ``text`` into the field tagged ``ident`` (replacing what it holds), as the
        browser reports it: the new value, then the field's ``change`` event."""
        from flet.controls.context import _context_page

        field = self._field(ident)
        while not isinstance(field, ft.TextField) and getattr(field, "content", None) is not None:
            field = field.content
        _context_page.set(self.session.page)
        self.session.apply_patch(field._i, {"value": text})
        await asyncio.create_task(self.session.dispatch_event(field._i, "change", text))
        await rt.quiet(self.session)

    async def choose(self, ident: str, value: str) -> None:
        """Pick ``value`` (an option's key) in the dropdown tagged ``ident``."""
        await rt.select(self.session, ident, value)

    def stored(self, gid: str | None = None) -> Any:
        """The game ``gid`` (else the only one) as saved on disk now."""
        store = GameStore(self.data)
        if gid is None:
            (summary,) = store.list()
            gid = summary.id
        return store.open(gid).game


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
        await phone.fill(f"player-name-{i}", name)
    for ident in taps:
        await phone.tap(ident)
    await phone.choose("first-player", str(first))
    before = {s.id for s in GameStore(data).list()}
    await phone.tap("start-game")
    (gid,) = {s.id for s in GameStore(data).list()} - before
    return gid
