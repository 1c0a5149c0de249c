"""A double tap in Chromium, with the double-tap guard at its real setting
(:func:`companion.ui.state.settle_seconds`; the rest of the suite turns it off).

Play-test: a second tap ~50–200 ms after the first landed on whatever the first tap's move put
in its place (the next player's «Активировать», the «Дальше» under a closed dialog) and made a
move nobody chose. Here: «Следующий игрок» tapped twice at one spot, the second tap once the
next turn's button is drawn in the same place. The guard's window is set to 2 s so that a
slow machine's drawing cannot make the robot's second tap late (the real 0.4 s is timed in
``tests/ui/test_view.py``)."""

from __future__ import annotations

import time

import pytest

from companion.store import GameStore
from companion.ui.state import TOO_SOON
from tests.ui.conftest import App, Server


@pytest.fixture
def guarded(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_SETTLE_SECONDS", "2")
    srv = Server(tmp_path / "data")
    yield srv
    srv.stop()


def test_a_double_tap_on_next_player_passes_one_turn(browser, guarded):
    stored = GameStore(guarded.data_dir).create("free", ["Аня", "Борис", "Вика"], first_player=0)
    gid = stored.id
    stored.close()
    app = App(browser, guarded).open(f"/game/{gid}")
    try:
        app.wait_label("status-player", "Ходит Аня")
        box = app.steady("primary-action")
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        app.page.mouse.click(x, y)
        app.wait_label("status-player", "Ходит Борис")  # the next turn's button is drawn
        app.page.mouse.click(x, y)  # the rest of the double tap, at the same spot
        app.wait_label("notice", TOO_SOON)
        time.sleep(2.5)  # past the window: a tap now is taken
        game = GameStore(guarded.data_dir).open(gid).game
        assert [e.type for e in game.events] == ["turn.next"]
        assert game.state.active == 1
        app.tap("primary-action")  # a deliberate tap after the pause passes the turn
        app.wait_label("status-player", "Ходит Вика")
    finally:
        app.close()
