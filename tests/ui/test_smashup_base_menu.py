"""«Замес» on a short screen (a 360×640 phone, any phone on its side): the folded header has
no line of base chips, so the bases are a menu at the end of the pinned VP row. With five
bases and the list scrolled to its end, the menu and the primary action are in view, and
picking any base from the menu opens it — its row and «Сыграть приспешника сюда» in view,
no scroll — while the menu's button stays where it was. One page, turned through the sizes."""

from __future__ import annotations

import pytest

from tests.ui.conftest import Server
from tests.ui.phone import assert_target, same_place
from tests.ui.test_smashup import four_player_game


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id."""
    return suite_server


SIZES = [(360, 640), (844, 390), (640, 360)]


def test_every_base_is_picked_from_the_menu_without_a_scroll(one_page, server):
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    app = one_page.open(f"/game/{gid}", *SIZES[0])
    app.wait_label("status-phase", "Играй карты")
    for width, height in SIZES:
        app.page.set_viewport_size({"width": width, "height": height})
        # the server lays the board out again for the new size: its mark of that size is the
        # signal (any frame after the resize was not: a clock tick let the menu's box be read
        # on the old layout, 348 px off where the new one put it)
        app.el(f"layout-{width}x{height}").wait_for(state="attached", timeout=60_000)
        menu = app.steady("base-menu")
        app.assert_in_view("base-menu", "primary-action", "status-player", "vp-p3")
        assert_target(app, "base-menu")
        assert app.page.locator('[flt-semantics-identifier="chip-0"]').count() == 0
        for j in (4, 0, 2):
            app.el("base-menu").click()  # where it is: no scroll first
            app.el(f"base-item-{j}").wait_for()
            sent = len(app.frames.received)
            app.el(f"base-item-{j}").click()
            app.appear(f"base-{j}-editor")
            app.frames.wait_for("scroll_to", after=sent)  # the jump to the top, drawn
            app._settled(f"base-{j}", 15_000)  # where it is: not scrolled to
            app.assert_in_view(f"base-{j}", f"play-minion-b{j}", "primary-action")
            assert same_place(menu, app.box("base-menu")), (width, j)


def test_a_laptops_phase_card_has_no_empty_band(one_page, server):
    """1280×800: the reminder (one line at this width) sat in a box of three lines over the
    plays, an empty band across the board. It is beside the plays now, in the same row."""
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    app = one_page.open(f"/game/{gid}", 1280, 800)
    app.wait_label("status-phase", "Играй карты")
    reminder, minus = app.steady("reminder"), app.steady("plays-minion-minus")
    assert minus["y"] < reminder["y"] + reminder["height"], (reminder, minus)
    assert reminder["x"] + reminder["width"] <= minus["x"], (reminder, minus)
    app.assert_in_view("reminder", "plays-action-plus", "turn", "chip-4", "base-4")
