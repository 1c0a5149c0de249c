"""«Манчкин Апокалипсис» with four players on a phone upright (Chromium, issue 29): every
player's level and gear «−»/«+», the status line and the pinned ``primary-action`` are on
screen with no scroll — whole 48 dp targets above the pinned bar — at 360×640 and 390×844
(play-test: at 360×640 the fourth card lay below the fold, under «Бой!» / «Дальше»)."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from tests.ui.conftest import App, Server, SharedPage, drawn
from tests.ui.phone import assert_above_bar, assert_target, same_place

NAMES = ["Александра", "Борис", "Вика", "Гоша"]
#: Portrait phones: the smallest first (the page opens there), then the common one.
SIZES = [(360, 640), (390, 844)]


@pytest.fixture
def server(suite_server: Server) -> Server:
    """The suite's server under its one page (:func:`tests.ui.conftest.one_page`): the test
    opens a game of its own by its id."""
    return suite_server


def _controls(i: int) -> tuple[str, ...]:
    return tuple(f"{c}-p{i}-{s}" for c in ("level", "gear") for s in ("minus", "plus"))


def _all_fit(app: App, width: int, height: int) -> None:
    """Resize the page (no reload) to ``width``×``height``; once the frame has laid it out,
    the status line and ``primary-action`` are in the viewport and every player's counters
    are whole 48 dp targets above the pinned bar (a box clipped by the board's scroll view
    is shorter than 48: :func:`assert_target` fails on it)."""
    app.page.set_viewport_size({"width": width, "height": height})
    app.el(f"layout-{width}x{height}").wait_for(state="attached", timeout=60_000)
    drawn(app.page)
    app.assert_in_view("status-player", "status-phase", "primary-action")
    for i in range(len(NAMES)):
        controls = _controls(i)
        for ident in controls:
            assert_target(app, ident)
        assert_above_bar(app, *controls)


def _open(one_page: SharedPage, server: Server) -> App:
    stored = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0)
    app = one_page.open(f"/game/{stored.id}", *SIZES[0])
    app.wait_label("status-player", "Ходит Александра")
    return app


def test_four_munchkins_fit_at_turn_start(one_page, server):
    """«Ход», «Вышибаем дверь»: four cards, the status line and «Дальше» on one screen; the
    seals fold into the pinned bar on the short page."""
    app = _open(one_page, server)
    for width, height in SIZES:
        _all_fit(app, width, height)
    # the folded seals still break one, asked first; nothing in the bar moves
    _all_fit(app, *SIZES[0])
    before = app.steady("seal-break")
    app.tap("seal-break")
    app.wait_label("seal-confirm-text", "0/7")
    app.tap("seal-confirm")
    app.wait_label("seals", "1/7")
    assert same_place(app.steady("seal-break"), before), before
    _all_fit(app, *SIZES[0])
