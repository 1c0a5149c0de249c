"""A game screen on a phone: the screen kept on, a haptic tap per change, a catch-up each second."""

from __future__ import annotations

import asyncio
import contextlib
import os
import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.session import on_reconnect
from companion.ui.state import GameView
from companion.ui.widgets import use_every

__all__ = ["use_phone_comfort", "use_self_heal", "AWAKE_REFUSED", "AWAKE_REFUSED_KEY"]

#: Said once per device when a secure page's browser refuses to keep the screen on.
AWAKE_REFUSED = (
    "Браузер не разрешил держать экран включённым: телефон может погаснуть во время игры."
)
#: Browser storage key: this device was told (a reloaded tab does not tell again).
AWAKE_REFUSED_KEY = "companion.awake-refused-told"
_told_awake: weakref.WeakSet[Any] = weakref.WeakSet()  # pages already told (or being told)
#: Seconds from opening a game to asking for the Wake Lock (``COMPANION_AWAKE_DELAY``: a
#: test hook, for tests that wait for the request; the app's own is 2).
AWAKE_DELAY = float(os.environ.get("COMPANION_AWAKE_DELAY", "2.0"))


def use_phone_comfort(
    version: int, secure: bool = False, notify: Callable[[str], None] | None = None
) -> None:
    """Keep the screen on while a game is open (asked again on reconnect) and a light haptic tap
    on each change where the platform allows. On a ``secure`` page a refused Wake Lock is told
    once per device: ``notify(AWAKE_REFUSED)`` (remembered under :data:`AWAKE_REFUSED_KEY`)."""
    services = ft.use_ref(None)
    unhook = ft.use_ref(None)

    async def quietly(call) -> None:
        with contextlib.suppress(Exception):  # not supported here: nothing to do
            await call()

    async def told_before(prefs: ft.SharedPreferences) -> bool:
        try:
            return bool(await asyncio.wait_for(prefs.get(AWAKE_REFUSED_KEY), 15))
        except Exception:  # no storage or no answer: tell (once per tab)
            return False

    async def keep_awake(page: Any, lock: ft.Wakelock, prefs: ft.SharedPreferences) -> None:
        # after the first frame: a browser refuses the lock to a page not yet shown
        await asyncio.sleep(AWAKE_DELAY)
        try:
            await asyncio.wait_for(lock.enable(), 15)
            on = bool(await asyncio.wait_for(lock.is_enabled(), 15))
        except Exception:  # refused, unsupported, or no answer
            on = False
        if not on and secure and notify is not None and page not in _told_awake:
            _told_awake.add(page)
            if not await told_before(prefs):
                notify(_(AWAKE_REFUSED))
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(prefs.set(AWAKE_REFUSED_KEY, True), 15)

    def setup() -> None:
        page = ft.context.page
        lock, prefs = ft.Wakelock(), ft.SharedPreferences()
        services.current = (lock, ft.HapticFeedback(), prefs)
        page.services.extend(services.current)
        page.run_task(keep_awake, page, lock, prefs)
        # a reload keeps Flet's session but drops the lock: ask again on reconnect
        unhook.current = on_reconnect(page, lambda: page.run_task(keep_awake, page, lock, prefs))

    def cleanup() -> None:
        if unhook.current is not None:
            unhook.current()
        if services.current is not None:
            page = ft.context.page
            page.run_task(quietly, services.current[0].disable)
            for service in services.current:
                if service in page.services:
                    page.services.remove(service)

    ft.use_effect(setup, [], cleanup=cleanup)

    def buzz() -> None:
        if services.current is not None and version:
            ft.context.page.run_task(quietly, services.current[1].light_impact)

    ft.use_effect(buzz, [version])


def use_self_heal(view: GameView) -> None:
    """Every second, catch up with the hub's revision (no re-render unless a change was missed)."""
    use_every(1, view.refresh)
