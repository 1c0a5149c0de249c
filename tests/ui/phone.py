"""Measuring a board on a 390×844 phone in Chromium: is a control wholly on screen, did it
move, is it a 48×48 target (bounding boxes of the accessibility tree's nodes)."""

from __future__ import annotations

from tests.ui.conftest import App, drawn

WIDTH, HEIGHT = 390, 844


def box(app: App, ident: str) -> dict:
    """The bounding box (CSS px) of the element tagged ``ident`` once it is in the tree."""
    return app.box(ident)


def assert_on_screen(app: App, *idents: str, width: int = WIDTH, height: int = HEIGHT) -> None:
    """Each control is wholly inside the viewport (no scrolling needed to see it)."""
    for ident in idents:
        b = box(app, ident)
        assert b["height"] > 0 and b["y"] >= 0 and b["y"] + b["height"] <= height, (ident, b)
        assert b["x"] >= 0 and b["x"] + b["width"] <= width, (ident, b)


def assert_above_bar(app: App, *idents: str) -> None:
    """Each control lies wholly between the page's top and the pinned action bar's top line,
    where it is now — the page is not scrolled to it (a control under the bar takes a scroll
    to reach)."""
    bar = app.steady("action-bar")
    for ident in idents:
        b = app._settled(ident, 15_000)  # its box where it is, not scrolled into view
        assert b["height"] > 0 and b["y"] >= 0 and b["y"] + b["height"] <= bar["y"] + 0.5, (
            ident,
            b,
            bar["y"],
        )


def settled(app: App, ident: str, timeout: float = 15_000) -> dict:
    """The element's box where it is (not scrolled into view) once it has stopped moving: two
    reads 100 ms apart agree (:meth:`App._settled`)."""
    return app._settled(ident, timeout)


def wheel(app: App, dy: float, x: float | None = None, y: float | None = None) -> None:
    """Turn the mouse wheel by ``dy`` px at (``x``, ``y``) (default: the page's middle), then
    move the pointer off the page and wait until the page has drawn the result. Flutter
    jumps a list by a wheel turn at once (no animation) in the handler of the wheel event,
    which Playwright's ``wheel`` waits for; the next two frames show the new place."""
    size = app.page.viewport_size or {"width": WIDTH, "height": HEIGHT}
    app.page.mouse.move(
        size["width"] / 2 if x is None else x, size["height"] / 2 if y is None else y
    )
    app.page.mouse.wheel(0, dy)
    app.unhover()
    drawn(app.page)


def wait_at(app: App, ident: str, y: float, tolerance: float = 1, timeout: float = 15_000) -> None:
    """Wait until the element tagged ``ident`` lies within ``tolerance`` px of ``y`` (its top)
    and has stopped there; fails if it never does."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        app.page.wait_for_function(
            """([id, y, tol]) => {
                const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                return !!e && Math.abs(e.getBoundingClientRect().y - y) <= tol;
            }""",
            arg=[ident, y, tolerance],
            polling=100,
            timeout=timeout,
        )
    except PlaywrightTimeout:
        app.fail(f"{ident!r} never came to y={y} (±{tolerance}): {box(app, ident)}")
    app._settled(ident, timeout)


def scroll_board_down(app: App, ident: str) -> None:
    """Scroll the page's board as far down as it goes (a finger's swipe: the mouse wheel over
    the page's middle) and check that ``ident`` moved up with it."""
    before = settled(app, ident)["y"]
    for _ in range(5):
        wheel(app, 400)
    assert settled(app, ident)["y"] < before - 50, "the board did not scroll"


def same_place(a: dict, b: dict, tolerance: float = 2) -> bool:
    """Two boxes of one control are the same to ``tolerance`` px."""
    return all(abs(a[k] - b[k]) <= tolerance for k in ("x", "y", "width", "height"))


def assert_target(app: App, ident: str) -> None:
    """The control is at least a 48×48 touch target."""
    b = box(app, ident)
    assert b["width"] >= 47.5 and b["height"] >= 47.5, (ident, b)


def shown(app: App, ident: str) -> str:
    """The element's text, or ``""`` when the tree has no such element (an empty reserved slot
    has nothing to say)."""
    if not app.page.locator(f'[flt-semantics-identifier="{ident}"]').count():
        return ""
    return app.label(ident)


def tap_after_guard(app: App, ident: str) -> None:
    """Tap ``ident`` (the test servers have no settle window: no pause is needed)."""
    app.tap(ident)


def tap_primary(app: App) -> None:
    """Tap the pinned primary action as a player does (:func:`tap_after_guard`)."""
    tap_after_guard(app, "primary-action")


def double_tap(app: App, ident: str) -> None:
    """Two taps on ``ident`` in one go, as a hurried finger does (both reach the server before
    the screen can change)."""
    app.el(ident).wait_for()
    app.page.evaluate(
        """id => {
            const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
            const t = e.querySelector('[flt-tappable]') || e;
            t.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            t.dispatchEvent(new MouseEvent('click', {bubbles: true}));
        }""",
        ident,
    )


def wait_moved_up(app: App, ident: str, y: float, by: float, timeout: float = 15_000) -> None:
    """Wait until the element tagged ``ident`` lies more than ``by`` px above ``y`` (a list's
    own scroll has carried it up), then until it stops moving; fails if it never does. The
    positive signal for «the list scrolled», however long the scroll takes under load."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        app.page.wait_for_function(
            """([id, limit]) => {
                const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                return !!e && e.getBoundingClientRect().y < limit;
            }""",
            arg=[ident, y - by],
            polling=100,
            timeout=timeout,
        )
    except PlaywrightTimeout:
        app.fail(f"{ident!r} never moved {by} px up from y={y}: the list did not scroll")
    app._settled(ident, timeout)


def no_flet_error(app: App) -> None:
    """The page shows no Flet crash screen («Error running app», an error banner)."""
    text = app.page.evaluate(
        "() => document.body.innerText + Array.from(document.querySelectorAll('[aria-label]'))"
        ".map(e => e.getAttribute('aria-label')).join(' ')"
    )
    assert "Error running app" not in text and "encountered an error" not in text


def settled_boxes(app: App, *idents: str, timeout: float = 15_000) -> dict[str, dict]:
    """The boxes (CSS px: ``x``, ``y``, ``width``, ``height``) of the elements tagged
    ``idents``, where they are (none is scrolled into view), read in one go once every one is
    rendered and has stopped moving: two reads at least 100 ms apart agree for all of them
    (what :func:`settled` waits for, one element at a time). :raises AssertionError: naming
    what is missing, or still moving, after ``timeout`` ms."""
    import time

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    token = f"{id(app)}-{time.monotonic_ns()}"  # this call's own first read: never an old one
    try:
        found = app.page.wait_for_function(
            """([ids, token]) => {
                const now = {};
                for (const id of ids) {
                    const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                    if (!e) return false;
                    const r = e.getBoundingClientRect();
                    if (!(r.width > 0 && r.height > 0)) return false;
                    now[id] = {x: r.x, y: r.y, width: r.width, height: r.height};
                }
                const seen = (window.__settledBoxes ||= {});
                const key = JSON.stringify(now), same = seen[token] === key;
                seen[token] = key;
                if (same) delete seen[token];
                return same && now;
            }""",
            arg=[list(idents), token],
            polling=100,
            timeout=timeout,
        )
    except PlaywrightTimeout:
        missing = app.page.evaluate(
            """ids => ids.filter(id => {
                const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);
                const r = e && e.getBoundingClientRect();
                return !(r && r.width > 0 && r.height > 0);
            })""",
            list(idents),
        )
        app.fail(f"not rendered: {missing}" if missing else f"still moving: {list(idents)}")
    return found.json_value()


def assert_all_on_screen(
    app: App, *idents: str, width: int = WIDTH, height: int = HEIGHT
) -> dict[str, dict]:
    """:func:`assert_on_screen` for many controls with one wait (:func:`settled_boxes`);
    returns their boxes."""
    boxes = settled_boxes(app, *idents)
    for ident, b in boxes.items():
        assert b["height"] > 0 and b["y"] >= 0 and b["y"] + b["height"] <= height, (ident, b)
        assert b["x"] >= 0 and b["x"] + b["width"] <= width, (ident, b)
    return boxes


def assert_all_above_bar(app: App, *idents: str) -> dict[str, dict]:
    """:func:`assert_above_bar` for many controls with one wait (:func:`settled_boxes`, the
    pinned bar read with them); returns their boxes."""
    boxes = settled_boxes(app, "action-bar", *idents)
    bar = boxes["action-bar"]["y"]
    for ident in idents:
        b = boxes[ident]
        assert b["height"] > 0 and b["y"] >= 0 and b["y"] + b["height"] <= bar + 0.5, (
            ident,
            b,
            bar,
        )
    return boxes


def assert_targets(app: App, *idents: str, boxes: dict[str, dict] | None = None) -> None:
    """:func:`assert_target` for many controls (their ``boxes`` when already read, else read
    with one wait: :func:`settled_boxes`)."""
    boxes = boxes if boxes is not None else settled_boxes(app, *idents)
    for ident in idents:
        b = boxes[ident]
        assert b["width"] >= 47.5 and b["height"] >= 47.5, (ident, b)


def says(app: App, ident: str, text: str) -> bool:
    """Whether the element tagged ``ident`` is in the tree now and its accessible text holds
    ``text`` (what :meth:`App.wait_label` waits for), read once."""
    return app.page.evaluate(
        "([id, t]) => { const e = document.querySelector("
        '`[flt-semantics-identifier="${id}"]`); return !!e && ('
        "(e.getAttribute('aria-label') || '') + ' ' + e.textContent).includes(t); }",
        [ident, text],
    )


def visit(
    app: App, path: str, ident: str, text: str, width: int = WIDTH, height: int = HEIGHT
) -> App:
    """Show ``path`` on ``app``'s page at ``width``×``height`` and wait until ``ident`` says
    ``text`` (a signal of the new screen: when the old one says it too, the page goes to the
    home screen first, so the wait cannot end on the old screen). The first visit loads the
    app (:meth:`App.open`); later ones follow the route in the same page as the browser's
    back and forward do (history ``pushState`` and ``popstate``, which Flutter reports to the
    server as a route change): the screen is mounted afresh, without loading Flutter again
    (2–10 s a load). At a new size the page is resized in place first and, on a game's
    screen, waited for until the server has laid it out for the new size (the frame's
    ``layout-<w>x<h>`` mark): a resized page is laid out as a fresh one
    (``tests/ui/test_resize_like_fresh.py``). A game's screen is then waited for until it is
    laid out for this size too. Only a resize with no game on screen and none to show (no
    mark tells when the server knows the size) loads the page afresh."""
    size = {"width": width, "height": height}
    resized = app.page.viewport_size != size
    game = path.startswith("/game/")
    url = app.page.url
    here = url.startswith(app.server.url)
    framed = here and app.page.locator('[flt-semantics-identifier^="layout-"]').count() > 0
    if here and (not resized or game or framed):
        calls = getattr(app, "calls", None)
        if calls is not None:  # the old screen's calls answered before it goes (Calls)
            calls.wait_answered()
        if resized:
            app.page.set_viewport_size(size)
            if framed:  # the server knows the size before the next screen is mounted
                _laid_out(app, width, height)
        # the old screen says it too (or is the same route): home first, until it is gone
        if url == app.server.url + path or says(app, ident, text):
            _follow(app, "/")
            app.page.wait_for_function(
                "([id, t]) => { const e = document.querySelector("
                '`[flt-semantics-identifier="${id}"]`); return !e || !('
                "(e.getAttribute('aria-label') || '') + ' ' + e.textContent).includes(t); }",
                arg=[ident, text],
            )
        _follow(app, path)
    else:
        if resized:
            app.page.set_viewport_size(size)
        if here:  # a session of its own, as a new tab's (Flet keeps its session id in
            # sessionStorage: a reload would go on with the old size's)
            app.page.evaluate("() => sessionStorage.clear()")
        app.open(path)
    app.wait_label(ident, text)
    if game:
        _laid_out(app, width, height)
    return app


def _follow(app: App, path: str) -> None:
    """The page's app follows ``path`` as after the browser's back button (:func:`visit`)."""
    app.page.evaluate(
        "p => { history.pushState(null, '', p); window.__steadyBox = {};"  # a new screen
        " dispatchEvent(new PopStateEvent('popstate', {state: null})); }",
        path,
    )


class Calls:
    """The method calls the server made on a page's controls (Flet's ``INVOKE_METHOD``: a
    scroll to the top, a route pushed) that the page has not answered yet. Made before the
    page loads the app. A screen replaced while one is unanswered loses its session: the
    answer names a control the server no longer has, and Flet's receive loop ends on it
    (the page then reloads), so :func:`visit` waits for the answers first."""

    INVOKE_METHOD = 5  # flet.messaging.protocol.MessageAction.INVOKE_METHOD

    def __init__(self, page) -> None:
        self.page = page
        self.pending: set[str] = set()
        page.on("websocket", self._watch)

    def _watch(self, ws) -> None:
        ws.on("framereceived", lambda p: self._call(p, asked=True))
        ws.on("framesent", lambda p: self._call(p, asked=False))

    def _call(self, payload: bytes | str, asked: bool) -> None:
        import msgpack

        if not isinstance(payload, bytes) or payload[:1] != b"\x00":
            return
        try:
            action, body = msgpack.unpackb(payload[1:], strict_map_key=False)
        except Exception:  # not one message: nothing of ours
            return
        if action != self.INVOKE_METHOD or not isinstance(body, dict) or "call_id" not in body:
            return
        (self.pending.add if asked else self.pending.discard)(body["call_id"])

    def wait_answered(self, seconds: float = 15) -> None:
        """Wait until every call has its answer. :raises AssertionError: after ``seconds``."""
        import time

        deadline = time.monotonic() + seconds
        while self.pending:
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never answered the calls {self.pending}")
            self.page.wait_for_timeout(50)  # lets Playwright deliver the page's frames


def _laid_out(app: App, width: int, height: int) -> None:
    """Wait until the game frame on screen is laid out for ``width``×``height`` (its
    ``layout-<w>x<h>`` mark: the size the server last laid it out for)."""
    app.el(f"layout-{width}x{height}").wait_for(state="attached", timeout=60_000)


def show(app: App, path: str, width: int = WIDTH, height: int = HEIGHT) -> None:
    """Show ``path`` on ``app``'s page (a module's one page:
    :func:`tests.ui.conftest.module_page`) at ``width``×``height``: the first time a page
    load, then a route the app follows (:func:`tests.ui.conftest.go`, through the settings
    screen: nothing of the last screen is left) once the last screen's calls are answered
    (:class:`Calls`). For screens without a signal of their own that :func:`visit` could
    wait for (home, a form). A new size is set in place when a game's frame is on screen
    (waited for until laid out for it, as :func:`visit` does), else by a page load."""
    from tests.ui.conftest import go

    size = {"width": width, "height": height}
    resized = app.page.viewport_size != size
    here = app.page.url.startswith(app.server.url)
    framed = here and app.page.locator('[flt-semantics-identifier^="layout-"]').count() > 0
    if resized and not framed:
        app.page.set_viewport_size(size)
        if here:  # a session of its own, as a new tab's (see visit)
            app.page.evaluate("() => sessionStorage.clear()")
    if not here or (resized and not framed):
        app.open(path)
        return
    calls = getattr(app, "calls", None)
    if calls is not None:
        calls.wait_answered()
    if resized:
        app.page.set_viewport_size(size)
        _laid_out(app, width, height)
    go(app, path)
