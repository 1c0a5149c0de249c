"""A page from another origin, in Chromium, gets no websocket to the app (plain and table
mode). The HTTP and raw-websocket checks are in ``tests/security/test_origin.py``."""

from __future__ import annotations

import pytest

from tests.security.hosts import lan_host_at, plain_host_at


@pytest.fixture(params=["plain", "lan"])
def host(request, tmp_path):
    start = plain_host_at if request.param == "plain" else lan_host_at
    with start(tmp_path) as h:
        yield h


def _foreign_page_probe(browser, host) -> dict:
    """A page served from another origin tries the app's websocket in Chromium."""
    ctx = browser.new_context()
    try:
        ctx.route(
            "http://evil.example/**",
            lambda route: route.fulfill(status=200, content_type="text/html", body="<p>hi</p>"),
        )
        page = ctx.new_page()
        page.goto("http://evil.example/")
        return page.evaluate(
            """url => new Promise(done => {
                const ws = new WebSocket(url);
                let opened = false, frames = 0;
                ws.onopen = () => { opened = true; };
                ws.onmessage = () => { frames += 1; };
                ws.onclose = () => done({opened, frames});
                ws.onerror = () => {};
                setTimeout(() => done({opened, frames, timeout: true}), 8000);
            })""",
            host.ws,
        )
    finally:
        ctx.close()


def test_a_foreign_page_in_chromium_gets_no_websocket(browser, host):
    seen = _foreign_page_probe(browser, host)
    assert seen == {"opened": False, "frames": 0}
