"""A session following the hub, and hooks for a tab that connects again."""

from __future__ import annotations

import contextvars
import logging
import weakref
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, cast

import flet as ft

from companion.errors import CompanionError
from companion.table.hub import Listener

__all__ = ["follow_hub", "follow_size_on_reconnect", "SessionGone", "on_page", "on_reconnect"]

log = logging.getLogger("companion.ui")


def follow_hub(
    page: ft.Page,
    subscribe: Callable[[Listener], Callable[[], None]],
    refresh: Callable[[], Any],
    catch_up: Callable[[], Any],
) -> Callable[[], None]:
    """Follow the hub on ``page``: ``subscribe(listener)`` runs ``refresh`` on the page, and
    ``catch_up()`` on reconnect; returns the undo function (an effect's cleanup)."""
    unsubscribe = subscribe(on_page(page, refresh))
    unhook = on_reconnect(page, catch_up)

    def stop() -> None:
        unsubscribe()
        unhook()

    return stop


class SessionGone(CompanionError):
    """The session a listener renders into is gone: the hub drops the listener."""


def on_page(page: ft.Page, refresh: Callable[[], Any]) -> Listener:
    """A hub listener running the coroutine function ``refresh`` on ``page``'s session (in a
    copied context). While the tab is away it does nothing; once the session is gone it raises
    :class:`SessionGone`."""

    def listener() -> None:
        session = page.session  # RuntimeError once Flet destroyed the session: dropped too
        if session.connection is not None:
            contextvars.copy_context().run(page.run_task, refresh)
            return
        expires = session.expires_at
        if expires is None or expires <= datetime.now(UTC):
            raise SessionGone(f"session {session.id} is closed")

    return listener


#: Per page, what to run when its tab connects again (see :func:`on_reconnect`).
_reconnect_hooks: weakref.WeakKeyDictionary[Any, list[Callable[[], Any]]] = (
    weakref.WeakKeyDictionary()
)


def on_reconnect(page: ft.Page, hook: Callable[[], Any]) -> Callable[[], None]:
    """Call ``hook()`` each time ``page``'s tab connects again (reload, phone back); several
    hooks may share ``page.on_connect``. :returns: the remover."""
    hooks = _reconnect_hooks.get(page)
    if hooks is None:
        hooks = _reconnect_hooks[page] = []

        def connected(_e: Any) -> None:
            for each in list(hooks):
                try:
                    each()
                except Exception:  # one part failing must not keep the others stale
                    log.exception("a reconnect hook failed")

        page.on_connect = connected
    hooks.append(hook)
    return lambda: hooks.remove(hook) if hook in hooks else None


def follow_size_on_reconnect(page: ft.Page) -> Callable[[], None]:
    """Each time ``page``'s tab connects again (a reload keeps the session and sends no
    ``resize``), call ``page.on_resize`` (a plain function of the event, as
    :func:`companion.ui.widgets.use_page_size` sets) with the size it reported (px).
    :returns: the remover."""

    def tell() -> None:
        handler = cast(Callable[[ft.PageResizeEvent], Any] | None, page.on_resize)
        if handler is None or not page.width or not page.height:
            return
        width, height = float(page.width), float(page.height)
        handler(ft.PageResizeEvent(name="resize", control=page, width=width, height=height))

    return on_reconnect(page, tell)
