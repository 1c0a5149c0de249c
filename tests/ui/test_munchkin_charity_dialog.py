"""Issue #30, Munchkin «От щедрот» at 390×844: the dialog starts from the hand size last
entered, and «−» never moves its buttons (it shrank as the gift rows went)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.ui import render_tree as rt
from tests.ui.conftest import Server
from tests.ui.phone import same_place
from tests.ui.test_munchkin import new_game, place
from tests.ui.walk import Phone


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


TO_CHARITY = [("phase.next", {})] * 3


def test_the_dialog_keeps_its_height_as_the_hand_goes_down(app, server):
    """«От щедрот»: 8 cards give 3 to the lowest; at 5 nothing is given and the rows go —
    the buttons stay where the finger is (play-test: the dialog shrank, the buttons jumped)."""
    gid = new_game(server, ("level.set", {"player": 0, "value": 3}), *TO_CHARITY)
    app.open(f"/game/{gid}")
    app.wait_label("status-phase", "От щедрот")
    app.tap("charity-open")
    app.wait_label("hand", "6")  # no hand entered yet in this game
    app.tap("hand-plus")
    app.tap("hand-plus")
    app.wait_label("hand", "8")
    app.wait_label("gift-1", "Борис: 1")
    watched = ("hand-minus", "charity-submit", "charity-cancel")
    before = {ident: place(app, ident) for ident in watched}
    for _ in range(3):
        app.tap("hand-minus")
    app.wait_label("hand", "5")
    app.wait_label("charity-plan", "раздавать нечего")
    app.el("gift-1").wait_for(state="detached")
    app.page.wait_for_timeout(300)  # a dialog that resizes does so in the frame after
    moved = {
        i: (before[i], place(app, i)) for i in watched if not same_place(before[i], place(app, i))
    }
    assert not moved, moved


async def _next_charity(data) -> str:
    gid = new_game(
        SimpleNamespace(data_dir=data),
        ("level.set", {"player": 0, "value": 3}),
        *TO_CHARITY,
        ("turn.charity", {"hand": 8, "gifts": [0, 1, 1, 1], "discard": 0}),
        ("phase.next", {}),  # the turn passes to Борис
        *TO_CHARITY,
    )
    phone = await Phone.open(data, f"/game/{gid}")
    phone.says("status-player", "Борис")
    phone.says("status-phase", "От щедрот")
    await phone.tap("charity-open")
    return phone.label("hand")


def test_the_next_charity_starts_from_the_hand_last_entered(tmp_path):
    """Play-test: the hand started at 6 every time; it starts at the size last entered
    (in-process: :mod:`tests.ui.walk`)."""
    assert rt.run(_next_charity(tmp_path)).strip() == "8"
