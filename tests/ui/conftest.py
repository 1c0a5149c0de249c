"""Real-browser fixtures: the app's own entry point in a child process (``processes.Server``),
Debian Chromium via Playwright, every request to anything but 127.0.0.1 caught (offline use)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from tests.ui.processes import Frames, Server, drawn
from tests.ui.processes import free_port as free_port  # imported from here by other tests
from tests.ui.processes import module_app as module_app  # and by the benchmarks

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
#: Seconds a clicked text field may take to receive the keyboard focus (a frame, under load).
FOCUS_SECONDS = 3.0
LOCAL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/")


@pytest.fixture
def small_disk(tmp_path):
    """A 2 MB tmpfs, seen through a bind mount that can be made read-only while in use."""
    disk, mnt = tmp_path / "tmpfs", tmp_path / "disk"
    disk.mkdir()
    mnt.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(disk)], check=True)
    subprocess.run(["mount", "--bind", str(disk), str(mnt)], check=True)
    yield mnt
    subprocess.run(["umount", "-l", str(mnt)], check=False)
    subprocess.run(["umount", "-l", str(disk)], check=False)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "data")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory) -> Iterator[Server]:
    """One server for a whole module, for modules whose tests each open a game of their own by
    its id and check nothing that other games in the data dir change (a server takes 2–7 s
    to start). Such a module says so by overriding :func:`server` with this one."""
    srv = Server(tmp_path_factory.mktemp("server") / "data")
    yield srv
    srv.stop()


def block_non_local(context) -> list[str]:
    """Abort every request that is not to 127.0.0.1; returns the list of blocked URLs."""
    blocked: list[str] = []

    def handle(route):
        if LOCAL.match(route.request.url) or route.request.url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", handle)
    return blocked


#: The pages opened by the test now running (described in its report if it fails).
OPEN_APPS: list[App] = []
#: Seconds a page has to run a trivial script before it counts as hung (:meth:`App.answers`).
ANSWER_SECONDS = 10.0


class PageHung(Exception):
    """A page stopped running scripts: its renderer is spinning or stuck (seen about once in
    several full runs, at random places, never reproduced by rerunning the test). The test
    is run once more in a new browser (``only_rerun`` in ``pyproject.toml``); a second hang
    fails it. Raised only after :meth:`App.answers` timed out, never for a slow page."""


class App:
    """A phone-sized page on the app with Flutter's accessibility tree turned on: a page of the
    shared persistent context (``tests.conftest.Chromium.shared_page``, cached client) unless
    another page of the test has it or the test asks for :attr:`context` (then a context of
    its own). Nothing it stored outlives it; :attr:`blocked`: its requests not to 127.0.0.1."""

    _context = _shared = None  # its own context, or the Chromium whose shared page it has
    _origins: set[str]

    def __init__(self, browser, server: Server, width: int = 390, height: int = 844) -> None:
        OPEN_APPS.append(self)
        self.server = server
        self.corner = (-10, -10)  # outside the page: hovers no control
        self._browser = browser
        self._size = (width, height)
        shared = getattr(browser, "shared_page", None)
        page = shared(self, width, height) if shared else None
        if page is None:
            self._own_context()
        else:
            self._shared, self.page, self.blocked = browser, page, []
            self._origins = set()
            page.on("requestfinished", self._left)
            page.on("requestfailed", self._left)
            page.on("framenavigated", self._visited)
        self.page.set_default_timeout(20_000)
        self.frames = Frames(self.page)  # what the server sent, for waits on a message

    def _own_context(self) -> None:
        width, height = self._size
        self._context = self._browser.new_context(viewport={"width": width, "height": height})
        self.blocked = block_non_local(self._context)
        self.page = self._context.new_page()

    def _left(self, request) -> None:
        """A request of the shared page that went out or failed: a non-local one counts as
        blocked unless the page's Content-Security-Policy refused it (``webserver._CSP``)."""
        url = request.url
        local = LOCAL.match(url) or url.startswith(("data:", "blob:"))
        if not local and request.failure != "csp":
            self.blocked.append(url)

    def _visited(self, frame) -> None:
        url = frame.url
        if url.startswith(("http://", "https://")):
            self._origins.add("/".join(url.split("/", 3)[:3]))

    @property
    def context(self):
        """The page's browser context, one of its own (the shared page is given back): a test
        adds init scripts or routes to it, which must not outlive it. Ask before :meth:`open`."""
        if self._shared is not None:
            if self.page.url != "about:blank":
                raise RuntimeError("App.context: ask for it before open() (shared page)")
            self._shared.release(self, self.page, set())
            self._shared = None
            self._own_context()
            self.page.set_default_timeout(20_000)
            self.frames = Frames(self.page)
        return self._context

    @context.setter
    def context(self, value) -> None:
        self._context = value

    def open(self, path: str = "/") -> App:
        self.page.goto(self.server.url + path)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.wait_for_selector("flt-semantics", state="attached")
        return self

    def mark_document(self) -> None:
        """Mark the page's current document, for :meth:`wait_reloaded`."""
        self.page.evaluate("() => { window.__old_document = true; }")

    def wait_reloaded(self, timeout: float) -> None:
        """Wait until the page has loaded a new document by itself — the app reloads a page
        whose connection dropped once the host answers again
        (``companion.table.webserver.RELOAD_ON_RECONNECT``) — then turn its accessibility tree
        on again, as :meth:`open` does."""
        self.page.wait_for_function("() => !window.__old_document", timeout=timeout, polling=500)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.wait_for_selector("flt-semantics", state="attached")

    def answers(self, seconds: float | None = None) -> bool:
        """Whether the page still runs a trivial script within ``seconds`` (default:
        :data:`ANSWER_SECONDS`, read at the call). The wait is timed by Playwright's driver, so
        a hung page makes this return ``False`` instead of blocking like ``page.evaluate``
        does."""
        from playwright.sync_api import Error as PlaywrightError

        if seconds is None:
            seconds = ANSWER_SECONDS

        if self.page.is_closed():
            return True  # closed on purpose: nothing to wait for
        try:
            self.page.wait_for_function("() => true", polling=100, timeout=seconds * 1000)
        except PlaywrightError:  # timed out, or the renderer crashed
            return False
        return True

    def el(self, ident: str):
        return self.page.locator(f'[flt-semantics-identifier="{ident}"]').first

    def tap(self, ident: str) -> None:
        """Click like a finger: the control is brought into view and left to stop moving first
        (see :meth:`steady`), and the pointer leaves it afterwards (see :meth:`unhover`)."""
        self.steady(ident)
        self.el(ident).click()
        self.unhover()

    def steady(self, ident: str, timeout: float = 15_000) -> dict[str, float]:
        """Bring the element tagged ``ident`` into view as a finger would and wait until it
        stops moving; returns its settled box (CSS px).

        The page is scrolled with the mouse wheel, which Flutter handles itself, never by
        scrolling the accessibility tree's DOM (``scrollIntoView``, what Playwright's click
        does): Flutter then moves the tree's nodes but not the drawn screen, and the click
        lands on whatever is drawn at that point. The box must read the same twice in a row,
        100 ms apart, and lie inside the viewport."""
        self.appear(ident)
        size = self.page.viewport_size
        # the wheel turns at the middle of the page, or lower when the middle did not scroll
        # (a board's pinned header can cover the middle of a small phone)
        at = size["height"] / 2
        last = None
        for _ in range(8):
            box = self._settled(ident, timeout)
            top, bottom = box["y"], box["y"] + box["height"]
            if (top >= -0.5 and bottom <= size["height"] + 0.5) or (
                box["height"] > size["height"] and top < size["height"] / 2 < bottom
            ):
                return box
            if box == last:
                at = size["height"] * 0.8
            last = box
            self.page.mouse.move(size["width"] / 2, at)
            self.page.mouse.wheel(0, (top + bottom) / 2 - size["height"] / 2)
            self.unhover()
        raise AssertionError(f"{ident!r} did not scroll into view: {box}")

    def appear(self, ident: str, timeout: float = 20_000) -> None:
        """Wait until the element tagged ``ident`` is visible; when it never is, fail (the
        report then describes the page: see :func:`pytest_runtest_makereport`)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.el(ident).wait_for(timeout=timeout)
        except PlaywrightTimeout:
            self.fail(f"{ident!r} never became visible")

    def _settled(self, ident: str, timeout: float) -> dict[str, float]:
        """The element's box once two reads 100 ms apart are equal. Flutter replaces a
        node's DOM element now and then (a redraw of its parent): a box read in between finds
        none, and is read again once the new element has settled (a CI run under load lost
        «add-player» that way, right after it had settled)."""
        for attempt in range(3):
            if attempt:  # settle again from scratch: the box read before was another node's
                self.page.evaluate("([id]) => { delete (window.__steadyBox || {})[id]; }", [ident])
            box = self._settled_once(ident, timeout)
            if box is not None:
                return box
        raise AssertionError(f"{ident!r} has no box (not rendered)")

    def _settled_once(self, ident: str, timeout: float) -> dict[str, float] | None:
        self.page.wait_for_function(
            """([id]) => {
                const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                if (!e) return false;
                const r = e.getBoundingClientRect();
                const key = [r.x, r.y, r.width, r.height].join();
                const seen = (window.__steadyBox ||= {});
                const same = seen[id] === key;
                seen[id] = key;
                return same && r.width > 0 && r.height > 0;
            }""",
            arg=[ident],
            polling=100,
            timeout=timeout,
        )
        return self.el(ident).bounding_box()

    def tap_and_reveal(self, ident: str, moves: str | None = None) -> None:
        """Tap ``ident``, which scrolls its list (a Smash Up base opening jumps to the top of
        the list), and wait until the server's ``scroll_to`` has arrived and been drawn. With
        ``moves`` (a control the jump must carry, e.g. the opened base's row), also wait until
        that control has left its place and stopped: the message can arrive some frames
        before the jump is drawn."""
        before = None
        if moves is not None:
            before = self.page.locator(f'[flt-semantics-identifier="{moves}"]').bounding_box()
        sent = len(self.frames.received)
        self.tap(ident)
        self.frames.wait_for("scroll_to", after=sent)
        if moves is not None:
            assert before is not None, f"{moves!r} is not on the page before the tap"
            self.page.wait_for_function(
                """([id, y]) => {
                    const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                    return !!e && Math.abs(e.getBoundingClientRect().y - y) > 1;
                }""",
                arg=[moves, before["y"]],
                polling=50,
                timeout=15_000,
            )
            self._settled(moves, 15_000)

    def unhover(self) -> None:
        """Move the mouse off the page: a hovering pointer keeps a tooltip open (and Flutter
        then leaves new nodes out of the accessibility tree), and a pointer parked on a
        control of a long board can catch the next interaction."""
        self.page.mouse.move(*self.corner)

    def wait_label(self, ident: str, text: str, timeout: float = 15_000) -> None:
        """Wait until the element's accessible text contains ``text``."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(
                "([id, t]) => { const e = document.querySelector("
                '`[flt-semantics-identifier="${id}"]`);'
                " return !!e && ((e.getAttribute('aria-label') || '') + ' ' + e.textContent)"
                ".includes(t); }",
                arg=[ident, text],
                timeout=timeout,
            )
        except PlaywrightTimeout:
            if not self.answers():
                raise PageHung(f"{ident!r} never showed {text!r}: the page hung") from None
            seen = self.page.evaluate(
                "id => { const e = document.querySelector("
                '`[flt-semantics-identifier="${id}"]`);'
                " return e ? (e.getAttribute('aria-label') || '') + ' | ' + e.textContent"
                " : '<absent>'; }",
                ident,
            )
            clock = self.page.evaluate(
                "() => { const e = document.querySelector('[flt-semantics-identifier=\"clock\"]');"
                " return e ? e.getAttribute('aria-label') : '<no clock>'; }"
            )
            self.fail(f"{ident!r} never showed {text!r}; it shows {seen!r} (clock: {clock})")

    def describe(self) -> str:
        """What the page shows now, for a failure report: its address, whether the
        accessibility tree is on, the identifiers in it, the focused element, the start of
        its text, a screenshot's path, and the tail of the server's log."""
        shot = Path(tempfile.gettempdir()) / f"page-{id(self)}-{time.time():.0f}.png"
        try:
            if not self.answers():
                raise PageHung("the page runs no script")
            self.page.screenshot(path=str(shot))
            shown = self.page.evaluate(
                "() => [document.location.href,"
                " document.querySelector('flt-semantics-placeholder') ? 'tree off' : 'tree on',"
                " 'ids: ' + [...document.querySelectorAll('[flt-semantics-identifier]')]"
                ".map(e => e.getAttribute('flt-semantics-identifier')).join(' '),"
                " 'focus: ' + (document.activeElement ? document.activeElement.tagName + ' '"
                " + (document.activeElement.getAttribute('aria-label') || '') : ''),"
                " 'text: ' + document.body.innerText.slice(0, 300)].join('\\n')"
            )
        except Exception as exc:  # the page itself is gone or hung
            shown = f"<page not readable: {exc}>"
        log = self.server.log if isinstance(getattr(self.server, "log", None), Path) else None
        tail = log.read_text(errors="replace")[-1500:] if log and log.exists() else ""
        return f"{shown}\nscreenshot: {shot}\nserver log tail:\n{tail}"

    def fail(self, message: str) -> NoReturn:
        """Fail with ``message``; the test's report then describes every open page (screenshot,
        identifiers, focus, server log: :meth:`describe`, :func:`pytest_runtest_makereport`).
        When the page itself no longer runs scripts, raise :class:`PageHung` instead."""
        if not self.answers():
            raise PageHung(f"{message}: the page hung") from None
        raise AssertionError(message) from None

    def label(self, ident: str) -> str:
        e = self.el(ident)
        return ((e.get_attribute("aria-label") or "") + " " + e.text_content()).strip()

    def choose(self, ident: str, option: str) -> None:
        """Open the dropdown ``ident`` and pick the option with this exact text."""
        self.tap(ident)
        self.page.get_by_role("button", name=option, exact=True).last.click()
        self.unhover()

    def fill(self, ident: str, text: str) -> None:
        """Type ``text`` into the text field tagged ``ident`` (replacing what it holds).

        The field is brought into view and left to settle first (:meth:`steady`); after the
        click the field itself must have the keyboard focus, else the click went elsewhere
        (a control that scrolled under the pointer) and this fails instead of typing there.
        Flutter moves the focus in a frame after the click: under load that can take a few
        hundred milliseconds, so the focus is awaited (up to :data:`FOCUS_SECONDS`).

        A second try is allowed, as a player taps again when the cursor shows in the wrong
        field: once in a CI run under load (session 13) the click on a settled «house-title»
        left the focus in the field below it, though the box had not moved in 200 ms and never
        moves in a probe of 2.4 s after the panel opens; nothing has been typed by then.

        A field the screen focuses by itself before the accessibility tree is on (the rules
        query, on a page that loaded from the cache before :meth:`open` turned the tree on)
        is edited by Flutter in an input of its own text-editing host, laid over the field:
        that input counts as the field's when its middle lies inside the field's box, and the
        text is typed there."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        for attempt in range(2):
            self.steady(ident)
            box = self.el(ident).locator("input, textarea").first
            box.click()
            try:
                self.page.wait_for_function(
                    """([e, node]) => {
                        const a = document.activeElement;
                        if (a === e) return true;
                        if (!a || !a.closest('flt-text-editing-host')) return false;
                        const r = a.getBoundingClientRect(), f = node.getBoundingClientRect();
                        const x = r.x + r.width / 2, y = r.y + r.height / 2;
                        return f.x <= x && x <= f.right && f.y <= y && y <= f.bottom;
                    }""",
                    arg=[box.element_handle(), self.el(ident).element_handle()],
                    timeout=FOCUS_SECONDS * 1000,
                )
                break
            except PlaywrightTimeout:
                if attempt:
                    self.fail(f"the click meant for {ident!r} did not focus its text field")
        if self.page.evaluate("e => document.activeElement !== e", box.element_handle()):
            box = self.page.locator("flt-text-editing-host :focus")
        box.fill(text)

    def box(self, ident: str) -> dict[str, float]:
        """The element's box in CSS px (``x``, ``y``, ``width``, ``height``), read again when
        Flutter replaced the node between the wait and the read (:meth:`_settled`)."""
        for _ in range(3):
            self.el(ident).wait_for()
            b = self.el(ident).bounding_box()
            if b is not None:
                return b
        self.fail(f"{ident!r} has no box (not rendered)")

    def assert_in_view(self, *idents: str) -> None:
        """Each element lies wholly inside the viewport (no scrolling needed to see it)."""
        size = self.page.viewport_size
        for ident in idents:
            b = self.box(ident)
            assert (
                b["x"] >= -0.5
                and b["y"] >= -0.5
                and b["x"] + b["width"] <= size["width"] + 0.5
                and b["y"] + b["height"] <= size["height"] + 0.5
            ), f"{ident!r} at {b} is not inside the {size['width']}×{size['height']} viewport"

    def shot(self, path: str) -> None:
        """A screenshot of the page once it has drawn two more frames."""
        drawn(self.page)
        self.page.screenshot(path=path)

    def close(self) -> None:
        if self in OPEN_APPS:
            OPEN_APPS.remove(self)
        if self._shared is not None:
            self._shared.release(self, self.page, self._origins)
        elif self._context is not None:
            self._context.close()


#: Seconds a real-browser test may run before pytest-timeout stops it (the longest takes
#: about 2 minutes on a loaded machine): a page that hangs inside a Playwright call with no
#: timeout of its own (``evaluate``) then costs minutes, not the suite's 10.
UI_TEST_SECONDS = 300


def pytest_collection_modifyitems(items) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(UI_TEST_SECONDS))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """A test that failed while one of its pages had stopped running scripts fails with
    :class:`PageHung` (its own failure chained), whatever step noticed first, and its
    module's browser is replaced before the rerun."""
    try:
        return (yield)
    except (Exception, pytest.fail.Exception) as exc:
        hung = isinstance(exc, PageHung) or any(not app.answers() for app in OPEN_APPS)
        if hung:
            from tests.conftest import CURRENT

            for chromium in CURRENT:
                chromium.relaunch()
        if hung and not isinstance(exc, PageHung):
            raise PageHung(f"a page hung during the test: {exc}") from exc
        raise


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed real-browser test's report describes every page it had open (see
    :meth:`App.describe`): a step that timed out in Playwright says nothing of the screen."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        for n, app in enumerate(list(OPEN_APPS)):
            report.sections.append((f"page {n + 1} at failure", app.describe()))
    if report.when == "teardown":
        OPEN_APPS.clear()


@pytest.fixture
def app(browser, server) -> Iterator[App]:
    a = App(browser, server)
    yield a
    # nothing leaves the device: Flet's request for Rive's runtime on a CDN is refused by the
    # page's own Content-Security-Policy before it reaches the network (webserver._CSP)
    assert not a.blocked, f"non-local requests: {a.blocked}"
    a.close()


@pytest.fixture
def lasting_messages(monkeypatch) -> None:
    """Refusals and notices stay until something replaces them: an in-process walkthrough
    (:mod:`tests.ui.walk`) reads one after its tap has settled, which on a loaded machine can
    take longer than the few seconds they stay (``companion.ui.messages``; how long they
    stay is not what a walkthrough checks)."""
    from companion.ui import messages

    monkeypatch.setattr(messages, "NOTICE_SECONDS", 600)
    monkeypatch.setattr(messages, "ERROR_SECONDS", 600)


# -- one page for a module's tests (issue 34: a page load costs 2–10 s) -----------------------
#: Opens ``path`` in the page as a link the app follows would: the address changes and
#: Flutter's router tells the server (``popstate``), without loading the page again.
_FOLLOW = "p => { history.pushState(null, '', p); dispatchEvent(new PopStateEvent('popstate')); }"


#: The screen :func:`go` passes through: light (the home screen lists every saved game) and
#: with a node of its own (``theme``) to wait for.
VIA = ("/settings", "theme")


def go(app: App, path: str) -> None:
    """Show ``path`` in ``app``'s page without a reload: first the settings screen (waited
    for: what the page shows next is then the new route's, not the last screen's, and no
    state of the last screen's controls — a list's scroll — can carry over), then ``path``.
    The box cache of :meth:`App.steady` is emptied (a box read earlier is no reading)."""
    via, seen = VIA
    for route in dict.fromkeys((via, path)):
        app.page.evaluate(_FOLLOW, route)
        if route == via:
            app.appear(seen)
    app.page.evaluate("() => { window.__steadyBox = {}; }")


class SharedPage:
    """One page on one server for several tests (each opens a game of its own by id),
    loaded once: :meth:`open` sizes it and shows the route with :func:`go`. After a
    test that failed (a dialog may be left open), a page that hung or one closed with its
    browser (replaced after a hang), the next :meth:`open` loads a new page."""

    def __init__(self, browser, server: Server) -> None:
        self.browser, self.server = browser, server
        self.app: App | None = None
        self.loads = 0  # page loads (the count a run's figures give, whatever the load)
        #: how many websocket messages the page had got when the last :meth:`open` began:
        #: ``app.frames.wait_for(text, after=one_page.sent)`` waits for one of this route's
        self.sent = 0
        self._told: list[dict] = []  # the websocket frames the page sent (CDP events)

    def open(self, path: str, width: int = 390, height: int = 844) -> App:
        app = self.app
        if app is not None and (app.page.is_closed() or not app.answers()):
            self.drop()
            app = None
        if app is None:
            app = self.app = App(self.browser, self.server, width, height)
            # a context of its own: the shared context's one page (warm HTTP cache) stays for
            # the other modules' pages, which would otherwise load the app from a cold cache
            app.context  # noqa: B018 - asked for its side effect
            self._told = told = []
            cdp = app.page.context.new_cdp_session(app.page)
            cdp.send("Network.enable")
            cdp.on("Network.webSocketFrameSent", lambda e: told.append(e["response"]))
            self.sent = 0
            app.open(path)
            self.loads += 1
        else:
            self.sent = len(app.frames.received)
            if app.page.viewport_size != {"width": width, "height": height}:
                self._resize(app, width, height)
            go(app, path)
        if app not in OPEN_APPS:
            OPEN_APPS.append(app)  # described in a failure's report, checked for a hang
        return app

    def _resize(self, app: App, width: int, height: int) -> None:
        """Resize the page and wait until it has told the server (Flutter sends the new size
        about a second later): a route shown before would be laid out for the old size."""
        told = len(self._told)
        app.page.set_viewport_size({"width": width, "height": height})
        deadline = time.monotonic() + 20
        while not any(_said_resize(frame) for frame in self._told[told:]):
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never told the server its size {width}×{height}")
            app.page.wait_for_timeout(50)  # lets Playwright deliver the page's events
        drawn(app.page)

    def drop(self) -> None:
        """Close the page: the next :meth:`open` loads a new one."""
        if self.app is not None:
            self.app.close()
            self.app = None


def _said_resize(frame: dict) -> bool:
    """Whether a websocket frame the page sent (CDP's ``WebSocketFrame``: binary frames in
    base64) carries Flet's page ``resize`` event."""
    import base64

    data = frame.get("payloadData", "")
    raw = base64.b64decode(data) if frame.get("opcode") == 2 else data.encode()
    return b"resize" in raw


@pytest.fixture(scope="session")
def suite_page(_chromium, tmp_path_factory) -> Iterator[SharedPage]:
    """One server and one page (:class:`SharedPage`) for every module that takes
    :func:`one_page`: a server start and a page load each cost seconds. Its modules open
    games of their own by id and check nothing that other games in the data dir change
    (each says so by overriding ``server`` with :func:`suite_server`)."""
    srv = Server(tmp_path_factory.mktemp("suite") / "data")
    keeper = SharedPage(_chromium, srv)
    yield keeper
    keeper.drop()
    srv.stop()


@pytest.fixture
def suite_server(suite_page: SharedPage) -> Server:
    """The server under :func:`suite_page`."""
    return suite_page.server


@pytest.fixture
def one_page(request, browser, suite_page: SharedPage) -> Iterator[SharedPage]:
    """The suite's page for this test (``browser``: the module's Chromium, replaced every few
    modules, which :class:`SharedPage` notices): ``one_page.open(path, width, height)`` gives
    the :class:`App`; nothing it loaded left the machine; a failed test leaves it to be
    loaded again for the next."""
    failed = request.session.testsfailed
    yield suite_page
    app = suite_page.app
    if request.session.testsfailed > failed:
        suite_page.drop()
    elif app is not None:
        assert not app.blocked, f"non-local requests: {app.blocked}"


@pytest.fixture(scope="module")
def _module_page() -> Iterator[list[App]]:
    """The page :func:`module_page` lends this module's tests (none until the first asks)."""
    held: list[App] = []
    yield held
    for a in held:
        a.close()


@pytest.fixture
def module_page(request, browser, module_server: Server, _module_page: list[App]) -> Iterator[App]:
    """One page on the module's server (:func:`module_server`) for every test of the module
    that shows its screens with :func:`tests.ui.phone.visit` (a route change, not a page
    load, after the first). A test that failed, or left a dialog open, hands the next test
    a new page; what the page requested off 127.0.0.1 is checked after each test."""
    failed = request.session.testsfailed
    if not _module_page:
        from tests.ui.phone import Calls

        _module_page.append(App(browser, module_server))
        _module_page[0].calls = Calls(_module_page[0].page)  # type: ignore[attr-defined]
    a = _module_page[0]
    if a not in OPEN_APPS:
        OPEN_APPS.append(a)  # described if the test fails (emptied after each test)
    yield a
    blocked = list(a.blocked)
    # a hung page makes the browser relaunch (``pytest_runtest_call``): its pages are done
    done = getattr(browser, "_stale", False) or a.page.is_closed() or not a.answers(5)
    modal = not done and _dialog_stays(a)
    if request.session.testsfailed != failed or modal or done:
        _module_page.clear()
        a.close()
    assert not blocked, f"non-local requests: {blocked}"


def _dialog_stays(a: App) -> bool:
    """Close a dialog the page shows (Escape, as a keyboard does); whether one is still open
    a few seconds later."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    modal = '[aria-modal="true"]'
    if not a.page.locator(modal).count():
        return False
    a.page.keyboard.press("Escape")
    try:
        a.page.wait_for_selector(modal, state="detached", timeout=3_000)
    except PlaywrightTimeout:
        return True
    return False
