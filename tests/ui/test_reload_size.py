"""A phone turned (or a browser window resized) and then reloaded is laid out for the screen it
has now, at once (issue 29) — in Chromium, a «Свободный счёт» game.

A reload in the same tab goes on with the same Flet session (its id is kept in the tab's
``sessionStorage``): the client's register message brings the page's new size, but no
``resize`` event follows it, so a layout that only follows ``resize`` stayed for the old size.
And a new layout reaches memoised components too, whose props do not change with it.
"""

from __future__ import annotations

import flet as ft
import pytest

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.layout import layout_for, provide_layout, use_layout
from companion.ui.state import Hub
from companion.ui.widgets import tagged, use_page_size
from tests.ui import render_tree as rt
from tests.ui.conftest import App, Server


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


def _game(server: Server) -> str:
    stored = GameStore(server.data_dir).create("free", ["Аня", "Борис", "Вика"], first_player=0)
    stored.close()
    return stored.id


def _turn_and_reload(app: App, before: tuple[int, int], after: tuple[int, int]) -> None:
    """Open a game at ``before``, wait until it is laid out for it, resize the page to
    ``after`` and reload it at once (before the page tells the server its new size)."""
    gid = _game(app.server)
    app.page.set_viewport_size({"width": before[0], "height": before[1]})
    app.open(f"/game/{gid}")
    app.el(f"layout-{before[0]}x{before[1]}").wait_for(state="attached", timeout=60_000)
    session = app.page.evaluate("() => JSON.stringify(sessionStorage)")
    app.page.set_viewport_size({"width": after[0], "height": after[1]})
    app.page.reload()
    app.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
    app.page.locator("flt-semantics-placeholder").dispatch_event("click")
    # the same session went on (what the bug needs): its id is still in the tab's storage
    assert app.page.evaluate("() => JSON.stringify(sessionStorage)") == session
    app.wait_label("status-player", "Ходит Аня")


def test_turned_upright_and_reloaded_lays_out_for_the_small_phone(app):
    """390×760 → 360×640 and a reload: the frame is laid out for 360×640 within seconds (not
    60 s later) and the pinned primary action is on the screen."""
    _turn_and_reload(app, (390, 760), (360, 640))
    app.el("layout-360x640").wait_for(state="attached", timeout=8_000)
    assert app.el("layout-390x760").count() == 0
    app.assert_in_view("primary-action", "status-player")


def test_turned_on_its_side_and_reloaded_lays_out_in_two_columns(app):
    """390×844 → 844×390 and a reload: the frame is laid out for 844×390 within seconds, in
    two columns (the primary action in the side column, right of the board's middle)."""
    _turn_and_reload(app, (390, 844), (844, 390))
    app.el("layout-844x390").wait_for(state="attached", timeout=8_000)
    app.assert_in_view("primary-action", "status-player")
    action = app.box("primary-action")
    assert action["x"] > 844 / 2, f"the primary action at {action} is not in the side column"


async def _reconnect_turned(data) -> tuple[set[str], set[str]]:
    """The layout marks of a 390×760 game before, and after its tab came back (as Flet's web
    server does a reload: the register message's page size applied, then ``connect``) at
    360×640."""

    def marks(session) -> set[str]:
        return {
            c.identifier
            for c in rt.controls(session)
            if isinstance(c, ft.Semantics) and (c.identifier or "").startswith("layout-")
        }

    hub = Hub(GameStore(data))
    g = hub.create("free", ["Аня", "Борис"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", size=(390, 760))
    before = marks(session)
    await session.disconnect(120)
    session.apply_page_patch({"width": 360, "height": 640})
    await session.connect(rt.WireConnection())
    await rt.quiet(session)
    return before, marks(session)


def test_a_session_that_connects_again_takes_the_size_its_tab_reports(tmp_path):
    """In process, real Flet sessions (:mod:`tests.ui.render_tree`): no ``resize`` event, only
    the reconnect's page size, and the frame is laid out for it."""
    before, after = rt.run(_reconnect_turned(tmp_path / "d"))
    assert before == {"layout-390x760"}
    assert after == {"layout-360x640"}


@ft.component
def _Reader(name: str) -> ft.Control:
    """Says the layout it read: ``<name>-<width>x<height>``."""
    layout = use_layout()
    return tagged(f"{name}-{layout.width:.0f}x{layout.height:.0f}", ft.Container())


_MemoReader = ft.memo(_Reader)


@ft.component
def _Root() -> ft.Control:
    layout = layout_for(*use_page_size())
    return provide_layout(layout, lambda: ft.Column([_MemoReader("memo"), _Reader("plain")]))


async def _resized_readers() -> tuple[set[str], set[str]]:
    """What a memoised and a plain reader of the layout say at 360×640, then after a resize
    to 390×844 (the page's ``resize`` event, as the client sends it)."""

    def says(session) -> set[str]:
        return {
            c.identifier
            for c in rt.controls(session)
            if isinstance(c, ft.Semantics) and "-" in (c.identifier or "")
        }

    session = await rt.open_app(lambda page: page.render(_Root), "/", size=(360, 640))
    before = says(session)
    page = session.page
    page.width, page.height = 390, 844
    await session.dispatch_event(page._i, "resize", {"width": 390, "height": 844})
    await rt.quiet(session)
    return before, says(session)


def test_a_memoised_reader_follows_the_layout():
    """A memoised component whose props never change renders again when the layout it read
    changes (:func:`companion.ui.layout.provide_layout`), as a plain one does."""
    before, after = rt.run(_resized_readers())
    assert before == {"memo-360x640", "plain-360x640"}
    assert after == {"memo-390x844", "plain-390x844"}
