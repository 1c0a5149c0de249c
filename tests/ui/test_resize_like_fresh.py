"""A page turned to another size is laid out as a page opened at that size — the same boxes,
to the pixel — in Chromium, on «Рик и Морти», «Фаза зарядки», шаг Б (whose rows close up on a
short page).

Step Б is a memoised part (:func:`companion.ui.state.part`): its props do not change with the
page's size, and Flet's memo compares props only, so after 360×640 → 390×844 it kept the
short page's gaps (the one-shot's row 2 px and «Потратить» 6 px higher than on a fresh 390×844
page) until the next move re-rendered it."""

from __future__ import annotations

import pytest

from companion.engine.ricks import KRO
from tests.ui.conftest import App, Server
from tests.ui.phone import settled_boxes
from tests.ui.test_ricks import BATTERY, NAMES4, PORTAL, ricks_game


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


#: The charge head and step Б's rows, top to bottom, and the pinned bar.
IDENTS = ["charge-steps", "step-vp-plus", "oneshot-cost", "oneshot", "spend-amount", "spend"]
IDENTS += ["gain", "action-bar"]


def _laid_out(app: App, width: int, height: int) -> dict[str, dict]:
    """The boxes once the frame is laid out for ``width``×``height`` and nothing moves."""
    app.el(f"layout-{width}x{height}").wait_for(state="attached", timeout=60_000)
    app.wait_label("charge-pos", f"{KRO}, шаг Б")
    return settled_boxes(app, *IDENTS)


@pytest.mark.parametrize(("before", "after"), [((360, 640), (390, 844)), ((390, 844), (360, 640))])
def test_a_turned_page_is_laid_out_as_a_fresh_one(app, server, before, after):
    """Step Б opened fresh at ``after``, then opened at ``before`` in a new session and the
    page resized to ``after``: every box is where the fresh page had it (±0.5 px)."""
    gid = ricks_game(
        server, NAMES4, "round.draw", BATTERY, PORTAL, *["turn.end"] * 4, "charge.done"
    )
    app.page.set_viewport_size({"width": after[0], "height": after[1]})
    app.open(f"/game/{gid}")
    fresh = _laid_out(app, *after)
    app.page.evaluate("() => sessionStorage.clear()")  # a new session, as a new tab's
    app.page.set_viewport_size({"width": before[0], "height": before[1]})
    app.open(f"/game/{gid}")
    _laid_out(app, *before)
    app.page.set_viewport_size({"width": after[0], "height": after[1]})
    turned = _laid_out(app, *after)
    moved = {
        ident: (fresh[ident], turned[ident])
        for ident in IDENTS
        if any(abs(fresh[ident][k] - turned[ident][k]) > 0.5 for k in fresh[ident])
    }
    assert not moved, f"laid out otherwise than a fresh page (fresh, turned): {moved}"
