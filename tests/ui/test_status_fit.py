"""The status line's clocks in Chromium, on one page turned through the phone sizes: in the
Ricks charge phase with a table's time limit (step Б: «10:00:05 / 1:30», the longest clock
text there is), each clock is drawn whole inside the line and the screen, beside the name
(which gives way with «…»), the clocks' toggle is a 48 dp target over them, and a tick of
the clock moves nothing. The slots are laid out by Flutter (:func:`companion.present.status
.clock_slots`); no text size is chosen in Python."""

from __future__ import annotations

import time

import pytest

from companion.store import GameStore
from tests.ui.conftest import App, Server
from tests.ui.phone import assert_target, box, same_place
from tests.ui.test_status_long_clock import RICKS_CHARGE


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


#: (width, height): landscape phones, where the line sits in the side column, then upright.
SIZES = [(844, 390), (640, 360), (360, 640), (390, 844)]
NAMES = ["Александрина", "Борис", "Вика", "Гоша"]


def _inside(inner: dict, outer: dict) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + 0.5
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + 0.5
    )


@pytest.mark.parametrize("ago", [5, 10 * 3600 + 5], ids=["minutes", "ten-hours"])
def test_the_clocks_are_whole_at_every_phone_size(browser, server, ago):
    start = time.time() - ago
    g = GameStore(server.data_dir, clock=lambda: start).create(
        "ricks",
        NAMES,
        first_player=0,
        options={
            "actions": {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3},
            "charge_limit": 90,
        },
    )
    for kind, move in [*RICKS_CHARGE, ("charge.done", {})]:
        g.push(kind, move)
    app = App(browser, server, *SIZES[0]).open(f"/game/{g.id}")
    try:
        app.wait_label("clock", " / 1:30")
        for width, height in SIZES:
            app.page.set_viewport_size({"width": width, "height": height})
            screen = {"x": 0, "y": 0, "width": width, "height": height}
            app.wait_label("clock", " / 1:30")
            app.el(f"layout-{width}x{height}").wait_for(state="attached", timeout=60_000)
            for _ in range(20):  # the page's chrome follows a turn in a patch of its own
                clock, total = app.steady("clock"), app.steady("clock-total")
                player, toggle = app.steady("status-player"), app.steady("clock-toggle")
                if _inside(clock, toggle) and clock == app.box("clock"):
                    break
                app.page.wait_for_timeout(200)
            for ident, b in (("clock", clock), ("clock-total", total), ("name", player)):
                assert _inside(b, screen), (width, height, ident, b)
            # the name ends before the clock starts: the clock is never drawn over
            assert player["x"] + player["width"] <= clock["x"] + 0.5, (width, player, clock)
            # the toggle covers both clocks and is a whole finger's target
            assert _inside(clock, toggle) and _inside(total, toggle), (clock, total, toggle)
            assert_target(app, "clock-toggle")
            # one tick later nothing has moved (the digits are one width, the slot fixed)
            shown = app.label("clock")
            app.page.wait_for_function(
                "([t]) => { const e = document.querySelector("
                "'[flt-semantics-identifier=\"clock\"]');"
                " return !!e && !((e.getAttribute('aria-label') || '') + ' ' + e.textContent)"
                ".includes(t); }",
                arg=[shown.split()[0]],
                timeout=5000,
            )
            for ident, before in (("clock", clock), ("status-player", player)):
                assert same_place(before, box(app, ident)), (width, ident, before)
    finally:
        app.close()
