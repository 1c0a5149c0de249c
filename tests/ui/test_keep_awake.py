"""Keeping the screen on (Wake Lock) in Chromium, on a secure page (the host's own browser at
127.0.0.1 is a secure context): when the browser refuses the lock, the game
screen says so once per device (not again in the same tab, nor after a reload), in Russian,
through the message layer; when it grants the lock, nothing is said.

A browser without the Wake Lock API is not tested here: Flutter's wakelock plugin then falls
back to its own trick (a hidden looping video) and sometimes reports the lock as on, sometimes
not — the app then says it only when the plugin says the lock is off.
"""

from __future__ import annotations

from companion.store import GameStore
from companion.ui.comfort import AWAKE_REFUSED
from tests.ui.conftest import App

#: Count the page's Wake Lock requests (``window.__wake``), then refuse or grant them.
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
#: Every notice the page shows, however briefly (``window.__notices``: their texts).
WATCH = (
    "window.__notices = []; new MutationObserver(() => {"
    " document.querySelectorAll('[flt-semantics-identifier=\"notice\"]').forEach(e => {"
    " const t = (e.getAttribute('aria-label') || '') + e.textContent;"
    " if (e.__seen !== t) { e.__seen = t; window.__notices.push(t); } }); })"
    ".observe(document, {subtree: true, childList: true, attributes: true});"
)


def free_game(server) -> str:
    stored = GameStore(server.data_dir).create("free", ["Аня", "Борис"], first_player=0)
    stored.close()
    return stored.id


def told(app: App) -> int:
    """How many times the page has shown the Wake Lock notice."""
    return app.page.evaluate(
        "t => window.__notices.filter(n => n.includes(t)).length", AWAKE_REFUSED[:30]
    )


def test_a_refused_wake_lock_is_said_once_per_device(browser, server):
    gid = free_game(server)
    app = App(browser, server)
    try:
        app.context.add_init_script(REFUSE)
        app.context.add_init_script(WATCH)
        app.open(f"/game/{gid}")
        app.page.wait_for_function(
            "t => window.__notices.some(n => n.includes(t))", arg=AWAKE_REFUSED, timeout=30_000
        )
        assert app.page.evaluate("() => window.isSecureContext")
        # home and back in the same tab: the lock is asked for again, the note is not repeated
        app.tap("home")
        app.el(f"saved-{gid}").wait_for()
        app.tap(f"saved-{gid}")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 2")
        app.page.wait_for_timeout(5000)  # the lock is asked for 2 s after opening
        assert told(app) == 1
        # a reload (a phone's browser reloads a tab brought back) keeps Flet's session: the
        # lock the old document held is asked for again; refused again, it is not said again
        app.page.reload()
        app.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        app.page.locator("flt-semantics-placeholder").dispatch_event("click")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 1", timeout=30_000)
        app.page.wait_for_timeout(5000)
        assert told(app) == 0  # the reloaded page's own count
        # a new tab on the same device (a new Flet session): the browser remembers it was said
        app.page = app.context.new_page()
        app.open(f"/game/{gid}")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 1", timeout=30_000)
        app.page.wait_for_timeout(5000)
        assert told(app) == 0
    finally:
        app.close()


def test_a_granted_wake_lock_says_nothing(browser, server):
    gid = free_game(server)
    app = App(browser, server)
    try:
        app.context.add_init_script(GRANT)
        app.context.add_init_script(WATCH)
        app.open(f"/game/{gid}")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 1", timeout=30_000)
        app.page.wait_for_timeout(3000)  # the app's check of the lock is back within this
        assert told(app) == 0
    finally:
        app.close()
