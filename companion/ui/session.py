"""A session following the hub: hub listeners that render on their own page, and hooks for
a tab that connects again (a reload, a phone back from a locked screen)."""

from __future__ import annotations

import contextvars
import logging
import weakref
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.ui.hub import Listener

__all__ = ["follow_hub", "SessionGone", "on_page", "on_reconnect"]

log = logging.getLogger("companion.ui")


def follow_hub(
    page: ft.Page,
    subscribe: Callable[[Listener], Callable[[], None]],
    refresh: Callable[[], Any],
    catch_up: Callable[[], Any],
) -> Callable[[], None]:
    """Keep ``page`` following the hub: ``subscribe(listener)`` (:meth:`Hub.subscribe` for a
    game, :meth:`Hub.subscribe_list` for the saved games) with a listener that runs the
    coroutine function ``refresh`` on the page (:func:`on_page`), and ``catch_up()`` each time
    its tab comes back (:func:`on_reconnect`). Returns the function that undoes both (an
    effect's cleanup)."""
    unsubscribe = subscribe(on_page(page, refresh))
    unhook = on_reconnect(page, catch_up)

    def stop() -> None:
        unsubscribe()
        unhook()

    return stop


class SessionGone(CompanionError):
    """The Flet session a hub listener renders into is closed or past its timeout: the hub
    drops the listener (:meth:`Hub._notify` discards a listener that raises)."""


def on_page(page: ft.Page, refresh: Callable[[], Any]) -> Listener:
    """A hub listener that runs the coroutine function ``refresh`` on ``page``'s session.

    The hub calls its listeners from the handler of the session that made the change;
    ``page.run_task`` binds *the caller's* context to ``page``, so it runs in a copied
    context: the caller keeps its own page, and ``page`` re-renders on its own loop.

    While the phone is away — its websocket closed (screen locked, Wi-Fi lost) and Flet keeping
    its session for the session timeout — the listener does nothing and stays subscribed:
    Flet renders nothing for a session without a connection, and the page catches up when the
    tab comes back (:func:`on_reconnect`, which :func:`~companion.ui.state.watch` and the home
    screen use). Once the session is destroyed, closed or past its timeout the listener raises
    :class:`SessionGone`, and the hub drops it.
    """

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
    """Call ``hook()`` each time ``page``'s tab connects to its Flet session again: a reload,
    or a phone back from a locked screen or a lost network. Flet keeps the session (its id
    lives in the tab) and mounts nothing again, and it rendered nothing while the tab was
    away. Flet has one ``page.on_connect``; this lets several parts of a screen hook it.

    :returns: a function that removes the hook (call it from the effect's cleanup).
    """
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
