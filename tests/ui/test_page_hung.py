"""The harness tells a hung page from a failing one: a page whose script loop is stuck fails
its test with PageHung (rerun once in a new browser), a live page with a plain assertion."""

from __future__ import annotations

import pytest

from tests.ui import conftest
from tests.ui.conftest import App, PageHung, Server


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


def test_a_page_stuck_in_a_script_is_seen_as_hung_within_seconds(browser, server, monkeypatch):
    # the hang check gives a page 2 s here, not the suite's 10 (it waits them out in full)
    monkeypatch.setattr(conftest, "ANSWER_SECONDS", 2.0)
    app = App(browser, server)
    try:
        app.page.goto("data:text/html,<p>x</p>")
        assert app.answers(2)
        app.page.evaluate("setTimeout(() => { for (;;) {} }, 0)")
        assert not app.answers(2)
        with pytest.raises(PageHung, match="never showed"):
            app.wait_label("nothing", "text", timeout=500)
    finally:
        app.close()


def test_a_live_page_fails_with_its_own_assertion_not_as_hung(browser, server):
    app = App(browser, server)
    try:
        app.page.goto("data:text/html,<p>x</p>")
        with pytest.raises(AssertionError, match="never showed 'text'") as err:
            app.wait_label("nothing", "text", timeout=500)
        assert not isinstance(err.value, PageHung)
    finally:
        app.close()
