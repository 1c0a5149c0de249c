"""Free counters, six players with two counters each, on phones on their side, in Chromium
(issue 29): at 844×390 and 640×360 every player's «−»/«+» of both counters is a whole 48 dp
target on screen with no scroll, the pinned «Следующий игрок» too, and a tap on a «+» moves
nothing (SPEC «Свободный счёт»). At 640×360 the top bar's buttons head the side column
(:attr:`companion.ui.layout.Layout.tools_beside`) and each player is one line: the name
(cut with «…», whole in its tooltip) beside two pills as narrow as their targets."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from tests.ui.conftest import App, Server, drawn
from tests.ui.phone import assert_target, same_place

NAMES = ["Александра", "Борис", "Вика", "Гоша", "Даша", "Егор"]
COUNTERS = [{"name": "ПО", "step": 1, "start": 0}, {"name": "монеты", "step": 1, "start": 3}]
SIZES = [(844, 390), (640, 360)]


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


def _controls() -> list[str]:
    return [
        f"val-p{p}-c{c}-{s}" for p in range(len(NAMES)) for c in (0, 1) for s in ("minus", "plus")
    ]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_six_players_fit_a_phone_on_its_side(browser, server, size):
    width, height = size
    g = GameStore(server.data_dir).create(
        "free", NAMES, first_player=0, options={"counters": COUNTERS}
    )
    g.close()
    app = App(browser, server, width, height).open(f"/game/{g.id}")
    try:
        app.el(f"layout-{width}x{height}").wait_for(state="attached", timeout=60_000)
        drawn(app.page)
        watched = [*_controls(), "primary-action", "status-player", "undo", "lock", "home"]
        before = {}
        for ident in _controls():
            before[ident] = app._settled(ident, 15_000)  # a box the board's scroll clips is short
            assert_target(app, ident)
        app.assert_in_view(*watched)
        before.update({i: app.box(i) for i in ("primary-action", "status-player", "undo")})
        app.tap("val-p5-c1-plus")  # the last player's last «+»
        app.wait_label("val-p5-c1", "4")
        for ident, was in before.items():
            now = app._settled(ident, 15_000)
            assert same_place(was, now), (ident, was, now)
        app.shot(f"/tmp/free-six-{width}x{height}.png")
    finally:
        app.close()
