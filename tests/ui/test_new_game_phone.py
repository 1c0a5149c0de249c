"""The new-game screen on a small phone (Chromium): each player's row fits the width."""

from __future__ import annotations

import pytest

from tests.ui.conftest import App


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_each_player_row_fits_a_small_phone(browser, server, size):
    """Play-test (helper-44): at 360 px each player row's trash button («Убрать») was cut at
    the screen's right edge: the name field kept 150 px whatever the width. The field now
    takes what the colour dot and the three buttons leave, so the row fits 360 px."""
    width, height = size
    app = App(browser, server, width, height).open("/")
    try:
        app.tap("new-game")
        app.el("start-game").wait_for()
        for i in range(2):
            for ident in (f"color-{i}", f"player-name-{i}", f"up-{i}", f"remove-{i}"):
                b = app.box(ident)
                assert b["x"] >= 0 and b["x"] + b["width"] <= width + 0.5, (ident, b)
            trash, name = app.box(f"remove-{i}"), app.box(f"player-name-{i}")
            assert trash["width"] >= 47.5, trash  # a whole 48 dp target, not a cut one
            assert name["width"] >= 120, name  # room for a name (~12 letters at 360 px)
    finally:
        app.close()
