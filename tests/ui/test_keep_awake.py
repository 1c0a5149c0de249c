"""Keeping the screen on (Wake Lock) in Chromium, on a secure page (the host's own browser at
127.0.0.1 is a secure context): when the browser refuses the lock, the game
screen says so once per device (not again in the same tab, nor after a reload), in Russian,
through the message layer; when it grants the lock, nothing is said.

A browser without the Wake Lock API is not tested here: Flutter's wakelock plugin then falls
back to its own trick (a hidden looping video) and sometimes reports the lock as on, sometimes
not — the app then says it only when the plugin says the lock is off.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import msgpack
import pytest

from companion.store import GameStore
from companion.ui.comfort import AWAKE_REFUSED, AWAKE_REFUSED_KEY
from tests.ui.conftest import App, Server

#: Seconds from a game screen's first frame to its Wake Lock request on this module's server
#: (``COMPANION_AWAKE_DELAY``; the app's own is 2): each test waits for the request, four
#: times in the refused case, and none checks the delay itself.
AWAKE_DELAY = "0.3"


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:
    """One server for this module's tests (each opens a game of its own by its id), asking for
    the Wake Lock :data:`AWAKE_DELAY` s after a game screen opens."""
    srv = Server(
        tmp_path_factory.mktemp("awake") / "data", env={"COMPANION_AWAKE_DELAY": AWAKE_DELAY}
    )
    yield srv
    srv.stop()


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


#: Flet's message type of a call from the app to a service on the page, and of its answer.
INVOKE_METHOD = 5


class Calls:
    """The app's calls to the page's services (Flet's ``invoke_method`` messages: the Wake
    Lock's ``enable`` and ``is_enabled``, the browser storage's ``get``) and the page's answers,
    read off the page's websocket."""

    def __init__(self, page) -> None:
        self.page = page
        self.asked: list[dict] = []  # the calls' bodies, in order
        self.answered: set[str] = set()  # the call ids the page has answered
        page.on("websocket", self._watch)

    def _watch(self, ws) -> None:
        ws.on("framereceived", lambda payload: self._read(payload, self.asked.append))
        ws.on("framesent", lambda payload: self._read(payload, self._answer))

    def _answer(self, body: dict) -> None:
        self.answered.add(body["call_id"])

    @staticmethod
    def _read(payload, keep) -> None:
        # a message is one byte 0x00 then its msgpack body (flet_web's wire format)
        if isinstance(payload, bytes) and payload[:1] == b"\x00":
            kind, body = msgpack.unpackb(payload[1:], strict_map_key=False)
            if kind == INVOKE_METHOD and isinstance(body, dict) and "call_id" in body:
                keep(body)

    def wait_answered(
        self, name: str, after: int = 0, args: dict | None = None, timeout: float = 30.0
    ) -> int:
        """Wait until the page has answered a call ``name`` (with these ``args``, when given)
        made after the first ``after`` calls; returns the number of calls so far."""
        deadline = time.monotonic() + timeout
        while not any(
            c["name"] == name
            and (args is None or c.get("args") == args)
            and c["call_id"] in self.answered
            for c in self.asked[after:]
        ):
            assert time.monotonic() < deadline, f"no answered {name!r} call in {timeout} s"
            self.page.wait_for_timeout(50)  # lets Playwright deliver the page's events
        return len(self.asked)


def next_turn(app: App, player: str) -> None:
    """A move and its answer on the screen: whatever the app did with the page's answers before
    it reached the screen first (one session, its messages in order)."""
    app.tap("primary-action")
    app.wait_label("status-player", f"Ходит {player}")


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
        calls = Calls(app.page)
        app.open(f"/game/{gid}")
        app.page.wait_for_function(
            "t => window.__notices.some(n => n.includes(t))", arg=AWAKE_REFUSED, timeout=30_000
        )
        assert app.page.evaluate("() => window.isSecureContext")
        # home and back in the same tab: the lock is asked for again, the note is not repeated
        seen = len(calls.asked)
        app.tap("home")
        app.el(f"saved-{gid}").wait_for()
        app.tap(f"saved-{gid}")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 2", timeout=30_000)
        calls.wait_answered("enable", after=seen)  # refused: the app knows the lock is off
        next_turn(app, "Борис")
        assert told(app) == 1
        # a reload (a phone's browser reloads a tab brought back) keeps Flet's session: the
        # lock the old document held is asked for again; refused again, it is not said again
        seen = len(calls.asked)
        app.page.reload()
        app.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        app.page.locator("flt-semantics-placeholder").dispatch_event("click")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 1", timeout=30_000)
        calls.wait_answered("enable", after=seen)
        next_turn(app, "Аня")
        assert told(app) == 0  # the reloaded page's own count
        # a new tab on the same device (a new Flet session): the browser remembers it was said
        app.page = app.context.new_page()
        calls = Calls(app.page)
        app.open(f"/game/{gid}")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 1", timeout=30_000)
        # the browser's storage answered whether this device was told: it was
        calls.wait_answered("get", args={"key": AWAKE_REFUSED_KEY})
        next_turn(app, "Борис")
        assert told(app) == 0
    finally:
        app.close()


def test_a_granted_wake_lock_says_nothing(browser, server):
    gid = free_game(server)
    app = App(browser, server)
    try:
        app.context.add_init_script(GRANT)
        app.context.add_init_script(WATCH)
        calls = Calls(app.page)
        app.open(f"/game/{gid}")
        app.el("primary-action").wait_for()
        app.page.wait_for_function("() => window.__wake >= 1", timeout=30_000)
        calls.wait_answered("is_enabled")  # the app knows the lock is on
        next_turn(app, "Борис")
        assert told(app) == 0
    finally:
        app.close()
