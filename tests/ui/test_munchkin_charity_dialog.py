"""Issue #30, Munchkin «От щедрот»: the dialog starts from the hand size last entered,
in-process (that «−» never moves its buttons, in Chromium:
:func:`tests.ui.test_munchkin.test_the_charity_dialog_keeps_its_height_as_the_hand_goes_down`)."""

from __future__ import annotations

from types import SimpleNamespace

from tests.ui import render_tree as rt
from tests.ui.test_munchkin import TO_CHARITY, new_game
from tests.ui.walk import Phone


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
