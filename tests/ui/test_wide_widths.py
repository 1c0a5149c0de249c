"""Wide screens (1280×800): Coup's unseen-character cells and the Ricks «Сыграть карту» button
keep a phone-like width instead of stretching across the board's column; on a 390×844 phone
they still share the row as before (the cells split the column, the button takes the row's
rest). Layout only: the rules behind these boards are tested in tests/engine/."""

from __future__ import annotations

import pytest

from companion.engine.coup import CHARACTERS
from companion.engine.ricks import MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.boards.coup.players import UNSEEN_MAX
from companion.ui.boards.ricks.action_panel import PLAY_MAX
from tests.ui.conftest import App, Server
from tests.ui.phone import box


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


NAMES = ["Аня", "Борис", "Вика", "Гоша"]


def coup_cells(browser, server, width: int, height: int) -> list[dict]:
    gid = GameStore(server.data_dir).create("coup", NAMES, first_player=0).id
    app = App(browser, server, width=width, height=height)
    try:
        app.open(f"/game/{gid}")
        app.wait_label("status-player", "Ходит Аня")
        return [box(app, f"unseen-{c}") for c in CHARACTERS]
    finally:
        app.close()


def play_buttons(browser, server, width: int, height: int) -> tuple[dict, dict]:
    stored = GameStore(server.data_dir).create(
        "ricks", NAMES, first_player=0, options={"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3}}
    )
    stored.push("round.draw", {})
    app = App(browser, server, width=width, height=height)
    try:
        app.open(f"/game/{stored.id}")
        app.wait_label("status-player", "Ходит Аня")
        return box(app, "play-open"), box(app, "build-open")
    finally:
        app.close()


def test_coup_unseen_cells_stop_growing_on_a_laptop(browser, server):
    """«Не раскрыто»: five equal cells; on a laptop the caption and cells take at most
    UNSEEN_MAX px, on a phone they fill the narrower column edge to edge."""
    wide = coup_cells(browser, server, 1280, 800)
    assert len({round(c["width"]) for c in wide}) == 1, wide  # five equal cells
    assert wide[-1]["x"] + wide[-1]["width"] - wide[0]["x"] < UNSEEN_MAX, wide
    assert wide[0]["width"] < 100, wide  # were ~150 px when stretched
    phone = coup_cells(browser, server, 390, 844)
    assert len({round(c["width"]) for c in phone}) == 1, phone
    assert 45 < phone[0]["width"] < 70, phone  # the column shared by five
    assert phone[-1]["x"] + phone[-1]["width"] > 390 - 30, phone  # to the column's right edge


def test_ricks_play_button_is_as_wide_as_an_action_on_a_laptop(browser, server):
    """«Сыграть карту»: at most PLAY_MAX px on a laptop (it took the board's whole width);
    on a phone it takes the row up to «Достроить» (4 px apart)."""
    play, build = play_buttons(browser, server, 1280, 800)
    assert 150 < play["width"] <= PLAY_MAX + 0.5, play
    assert abs(play["x"] + play["width"] + 4 - build["x"]) <= 1, (play, build)
    play, build = play_buttons(browser, server, 390, 844)
    assert 150 < play["width"] < PLAY_MAX, play
    assert abs(play["x"] + play["width"] + 4 - build["x"]) <= 1, (play, build)
