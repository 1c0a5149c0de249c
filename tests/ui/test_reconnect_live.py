"""A phone whose connection drops and comes back to the same Flet session (a phone locked for
a minute, Wi-Fi lost at the table) keeps following the game: the moves made on other phones
meanwhile and after show on it — in-process, real Flet sessions on one hub
(:mod:`tests.ui.render_tree`), the session disconnected and reconnected as Flet's web server
does it (``Session.disconnect`` / ``Session.connect``)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.conftest import App, Server


@pytest.fixture
def server(module_server: Server) -> Server:
    """The module's server: its one browser test opens a game of its own by id."""
    return module_server


def _value(session: Any, ident: str) -> str:
    """The label of the semantics node tagged ``ident`` (what a screen reader and a test read)."""
    import flet as ft

    for c in rt.controls(session):
        if isinstance(c, ft.Semantics) and c.identifier == ident:
            return c.label or ""
    raise AssertionError(f"{ident!r} is not on the screen")


async def _drop_and_return(data) -> list[str]:
    hub = Hub(GameStore(data))
    g = hub.create("free", ["Аня", "Борис"], first_player=0)
    route = f"/game/{g.id}"
    mover = await rt.open_app(make_main(hub), route)
    watcher = await rt.open_app(make_main(hub), route)
    seen = [_value(watcher, "val-p0-c0")]
    await watcher.disconnect(120)  # the phone's websocket closed; Flet keeps the session
    plus = rt.tappables(mover)["val-p0-c0-plus"]
    await rt.tap(mover, plus)  # a move while that phone is away
    await rt.quiet(mover)
    await watcher.connect(rt.WireConnection())  # the same tab comes back
    await rt.quiet(watcher)
    seen.append(_value(watcher, "val-p0-c0"))
    await rt.tap(mover, rt.tappables(mover)["val-p0-c0-plus"])  # and a move after it returned
    await rt.quiet(mover)
    await rt.quiet(watcher)
    seen.append(_value(watcher, "val-p0-c0"))
    return seen


def test_a_phone_that_reconnects_still_follows_the_moves_of_the_others(tmp_path):
    seen = rt.run(_drop_and_return(tmp_path / "d"))
    assert seen[1:] != seen[:1] * 2, seen
    assert len(set(seen)) == 3, f"the returning phone missed a move: {seen}"


async def _home_away(data) -> list[set[str]]:
    from tests.ui.test_home_live import _saved

    hub = Hub(GameStore(data))
    waiting = await rt.open_app(make_main(hub), "/")  # a phone left on the saved-games list
    await waiting.disconnect(120)
    g = hub.create("free", ["Аня", "Борис"], first_player=0)  # started while it is away
    await waiting.connect(rt.WireConnection())
    await rt.quiet(waiting)
    seen = [_saved(waiting), {f"saved-{g.id}"}]
    h = hub.create("free", ["Вика", "Гена"], first_player=0)  # and one after it came back
    await rt.quiet(waiting)
    seen.append(_saved(waiting))
    seen.append({f"saved-{g.id}", f"saved-{h.id}"})
    return seen


def test_a_saved_games_list_that_reconnects_shows_the_games_started_meanwhile(tmp_path):
    got_back, wanted_back, got_after, wanted_after = rt.run(_home_away(tmp_path / "d"))
    assert got_back == wanted_back
    assert got_after == wanted_after


#: A spy before the app's own scripts: every websocket the page opens, to close it as a lost
#: connection closes it (the app's guard in index.html sees a socket closing, not a navigation).
SOCKETS = (
    "(() => { const W = window.WebSocket; window.__sockets = [];"
    " window.WebSocket = function (...a) { const s = new W(...a); window.__sockets.push(s);"
    " return s; }; window.WebSocket.prototype = W.prototype; Object.assign(window.WebSocket, W);"
    " })();"
)


def test_a_phone_back_in_the_same_tab_or_after_a_drop_in_place_shows_the_moves_made_meanwhile(
    browser, server
):
    """Two ways back, in Chromium with the app's own server (two pages for both):

    * (was ``test_a_phone_back_in_the_same_tab_shows_the_moves_made_while_it_was_away``)
      phone B's tab leaves the app (its websocket closes; Flet keeps the session, whose id
      lives in the tab), phone A scores, and B comes back in the same tab: B shows A's move,
      and A's next move too. Before, B's hub listener failed on the closed connection and was
      dropped, and B stayed on the old score until the screen was left and opened again.
    * (was ``test_a_phone_whose_connection_drops_in_place_comes_back_live``) the connection
      drops while the tab stays (a phone locked, Wi-Fi lost): the page waits for the host and
      reloads itself (``webserver.RELOAD_ON_RECONNECT``), keeping its Flet session, and shows
      the move made meanwhile, then the next one. Before, Flet's client reconnected in place
      and the game screen froze in most tries (the renderer spinning, the page dead for
      minutes): this test's page then never answered again."""
    stored = GameStore(server.data_dir).create("free", ["Аня", "Борис"], first_player=0)
    stored.close()
    route = f"/game/{stored.id}"
    a, b = App(browser, server), App(browser, server)
    host_away = [True]
    refused: list[str] = []  # B's requests for the host while it was away

    def unreachable(r) -> None:  # the host cannot be reached from B until the test says
        if host_away[0]:
            refused.append(r.request.url)
            r.abort()
        else:
            r.fallback()

    try:
        a.open(route)
        b.context.add_init_script(SOCKETS)
        b.open(route)
        b.wait_label("val-p0-c0", "0")
        b.page.goto("about:blank")  # B's tab leaves: its websocket closes
        a.tap("val-p0-c0-plus")
        a.wait_label("val-p0-c0", "1")
        b.open(route)  # the same tab comes back to its Flet session
        b.wait_label("val-p0-c0", "1")
        a.tap("val-p0-c0-plus")
        b.wait_label("val-p0-c0", "2")

        # the connection drops in place
        b.page.route(f"{server.url}/**", unreachable)
        b.page.evaluate("() => window.__sockets.forEach(s => s.close())")
        a.tap("val-p0-c0-plus")
        a.wait_label("val-p0-c0", "3")
        # B keeps asking for the host meanwhile (a request a second): two asks refused
        deadline = time.monotonic() + 30
        while len(refused) < 2 and time.monotonic() < deadline:
            b.page.wait_for_timeout(50)  # a poll: lets Playwright run the route handler
        assert len(refused) >= 2, f"B stopped asking for the host: {refused}"
        assert b.answers(), "the page froze after its connection dropped"
        b.mark_document()
        host_away[0] = False  # the host answers again: B reloads itself
        b.wait_reloaded(60_000)
        b.wait_label("val-p0-c0", "3")
        a.tap("val-p0-c0-plus")
        b.wait_label("val-p0-c0", "4")
        assert b.answers()
    finally:
        a.close()
        b.close()
