"""The harness's shared browser context (``tests.conftest.Chromium.shared_page``): a page opened
after another on the same server gets the client from the cache, and nothing the first page
stored reaches it; two pages open at once are two devices; a request off the machine is caught."""

from __future__ import annotations

import pytest

from tests.ui.conftest import App, Server

STORE = """() => {
    localStorage.setItem('left', 'behind');
    document.cookie = 'left=behind; max-age=3600';
    return new Promise(done => {
        const r = indexedDB.open('left-behind');
        r.onupgradeneeded = () => r.result.createObjectStore('s');
        r.onsuccess = () => { r.result.close(); done(true); };
    });
}"""
FOUND = """async () => [
    localStorage.getItem('left'),
    document.cookie,
    (await indexedDB.databases()).map(d => d.name),
]"""
WASM = """() => performance.getEntriesByType('resource')
    .filter(e => e.name.endsWith('/main.dart.wasm')).map(e => e.transferSize)"""


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests: the cache is kept per server address."""
    return module_server


def test_the_next_page_is_served_from_the_cache_and_finds_nothing_stored(browser, server):
    first = App(browser, server).open("/")
    try:
        first.el("new-game").wait_for()
        assert first.page.evaluate(STORE)
        assert first.page.evaluate(FOUND)[0] == "behind"
    finally:
        first.close()
    second = App(browser, server).open("/")
    try:
        second.el("new-game").wait_for()
        assert second.page.evaluate(WASM) == [0], "main.dart.wasm was fetched again"
        assert second.page.evaluate(FOUND) == [None, "", []]
    finally:
        second.close()


def test_two_pages_open_at_once_are_two_devices(browser, server):
    one = App(browser, server).open("/")
    other = App(browser, server).open("/")
    try:
        one.el("new-game").wait_for()
        other.el("new-game").wait_for()
        assert one.page.evaluate(STORE)
        assert other.page.evaluate(FOUND) == [None, "", []]
    finally:
        one.close()
        other.close()


def test_a_request_off_the_machine_is_caught(browser, server):
    app = App(browser, server).open("/")
    try:
        app.el("new-game").wait_for()
        app.page.evaluate("() => fetch('http://example.invalid/x').catch(() => 0)")
        app.page.wait_for_function("() => performance.now() > 0")
        assert app.blocked == ["http://example.invalid/x"]
    finally:
        app.blocked.clear()
        app.close()
