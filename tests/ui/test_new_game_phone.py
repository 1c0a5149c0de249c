"""The new-game screen on a small phone (Chromium): each player's row fits the width, and
«Начать игру» is whole wherever the form is scrolled."""

from __future__ import annotations

import pytest

from tests.ui.conftest import Server


@pytest.fixture
def server(suite_server: Server) -> Server:
    """The suite's server under its one page (:func:`tests.ui.conftest.one_page`): the test
    only fills the form, never starts a game."""
    return suite_server


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_rows_fit_and_start_is_whole_wherever_the_form_is_scrolled(one_page, server, size):
    """One new-game form per size, in turn:

    * play-test (helper-44): at 360 px each player row's trash button («Убрать») was cut at
      the screen's right edge: the name field kept 150 px whatever the width. The field now
      takes what the colour dot and the three buttons leave, so the row fits 360 px;
    * play-test at 360×640: the four-player Coup form («Переворот», four names, «Первый
      игрок», «Вдвоём: набор карт») ended under the fold right through «Начать игру», half of
      it showing, an invitation to a mis-tap. The button is pinned under the scrolling form:
      whole on screen, at the form's top and at its end, in the same place."""
    width, height = size
    app = one_page.open("/", width, height)
    app.tap("new-game")
    app.el("start-game").wait_for()
    for i in range(2):
        for ident in (f"color-{i}", f"player-name-{i}", f"up-{i}", f"remove-{i}"):
            b = app.box(ident)
            assert b["x"] >= 0 and b["x"] + b["width"] <= width + 0.5, (ident, b)
        trash, name = app.box(f"remove-{i}"), app.box(f"player-name-{i}")
        assert trash["width"] >= 47.5, trash  # a whole 48 dp target, not a cut one
        assert name["width"] >= 120, name  # room for a name (~12 letters at 360 px)

    app.choose("game-choice", "Переворот")
    app.el("two-player-draft").wait_for()
    for _ in range(2):
        app.tap("add-player")
    for i, name in enumerate(["Аня", "Боря", "Вика", "Гена"]):
        app.fill(f"player-name-{i}", name)
    app.el("player-name-3").wait_for()
    app.page.mouse.move(width / 2, 200)
    app.page.mouse.wheel(0, -5000)  # the form's top
    app.unhover()
    top = app.steady("start-game")
    app.assert_in_view("start-game")
    assert top["height"] >= 47.5, top
    app.page.mouse.move(width / 2, 200)
    app.page.mouse.wheel(0, 5000)  # its end, as a thumb gets there
    app.unhover()
    end = app.steady("start-game")
    app.assert_in_view("start-game", "two-player-draft")
    assert abs(end["y"] - top["y"]) <= 1, (top, end)
