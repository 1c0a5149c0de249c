"""Keeping the screen on (Wake Lock) in Chromium, on a secure page (the host's own browser at
127.0.0.1 is a secure context): when the browser refuses the lock or has none, the game
screen says so once per tab, in Russian, through the message layer; when it grants the lock,
nothing is said."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.ui.game_screen import AWAKE_REFUSED
from tests.ui.conftest import App

#: Count the page's Wake Lock requests (``window.__wake``), then refuse, drop or grant them.
COUNT = "window.__wake = 0; const grant = WakeLock.prototype.request;"
REFUSE = (
    COUNT + "WakeLock.prototype.request = function () { window.__wake += 1;"
    " return Promise.reject(new DOMException('Wake Lock permission request denied',"
    " 'NotAllowedError')); };"
)
GRANT = (
    COUNT + "WakeLock.prototype.request = function (...a) { window.__wake += 1;"
    " return grant.apply(this, a); };"
)
NONE = "delete Navigator.prototype.wakeLock;"


def free_game(server) -> str:
    stored = GameStore(server.data_dir).create("free", ["Аня", "Борис"], first_player=0)
    stored.close()
    return stored.id


def notices(app: App) -> int:
    return app.page.locator('[flt-semantics-identifier="notice"]').count()


@pytest.mark.parametrize("browser_lock", [REFUSE, NONE], ids=["refused", "unavailable"])
def test_a_refused_wake_lock_is_said_once_per_tab(browser, server, browser_lock):
    gid = free_game(server)
    app = App(browser, server)
    try:
        app.context.add_init_script(browser_lock)
        app.open(f"/game/{gid}")
        app.wait_label("notice", AWAKE_REFUSED, timeout=30_000)
        assert app.page.evaluate("() => window.isSecureContext")
        # home and back in the same tab: the lock is asked for again, the note is not repeated
        app.page.locator('[flt-semantics-identifier="notice"]').wait_for(state="detached")
        app.tap("home")
        app.el(f"saved-{gid}").wait_for()
        app.tap(f"saved-{gid}")
        app.el("primary-action").wait_for()
        if browser_lock == REFUSE:
            app.page.wait_for_function("() => window.__wake >= 2")
        app.page.wait_for_timeout(3000)  # the refusal's answer is back within this
        assert notices(app) == 0
    finally:
        app.close()


def test_a_granted_wake_lock_says_nothing(browser, server):
    gid = free_game(server)
    app = App(browser, server)
    try:
        app.context.add_init_script(GRANT)
        app.open(f"/game/{gid}")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 1")
        app.page.wait_for_timeout(3000)  # the app's check of the lock is back within this
        assert notices(app) == 0
    finally:
        app.close()
