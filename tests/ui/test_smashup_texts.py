"""«Замес»'s texts as a player sees them in Chromium at 360×640 (the semantics tree, no model
of the font: :mod:`tests.ui.cut_text`): the capture dialog's reasons and hint, the phase
reminder and the status line are drawn whole, or cut with «…» and told whole by a tap."""

from __future__ import annotations

import pytest

from tests.ui.conftest import Server
from tests.ui.cut_text import assert_whole_or_told, drawn_whole
from tests.ui.phone import box
from tests.ui.test_smashup import four_player_game


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id."""
    return suite_server


LONG = ["Александрина", "Константинов", "Максимилиана", "Станиславина"]


def test_the_capture_dialogs_reasons_and_hint_are_whole_at_360(one_page, server):
    """Раздача очков («Мимими»: a minion is needed): each reason a player gets nothing is one
    line under their name, drawn whole in the dialog; so is the hint under «Колода баз
    пуста»; the base's fields are in view above the buttons."""
    gid = four_player_game(
        server.data_dir,
        moves=[
            ("base.adjust", {"base": 0, "player": 0, "power": 30, "minions": 3}),
            ("base.adjust", {"base": 0, "player": 2, "power": 3}),
            ("phase.next", {}),
            ("phase.next", {}),
        ],
        edition="mimimi",
    )
    small = one_page.open(f"/game/{gid}", 360, 640)
    small.tap("score-0")
    small.appear("score-confirm")
    small._settled("score-confirm", 15_000)  # the dialog has stopped growing in
    confirm = box(small, "score-confirm")
    for i in (1, 2, 3):
        why = box(small, f"preview-p{i}-why")
        room = 360 - 10 - 14 - why["x"]  # to the content's right edge
        assert drawn_whole(small, f"preview-p{i}-why", room), (i, why, room)
    for ident in ("repl-name", "repl-bp", "repl-vp1", "repl-vp2", "repl-vp3"):
        b = box(small, ident)
        assert b["y"] >= 0 and b["y"] + b["height"] <= confirm["y"], (ident, b, confirm)


def test_the_reminder_and_the_status_line_are_whole_or_told_at_360(one_page, server):
    """360×640, names of 12 letters: the status line's «Ходит …» and the phase reminder
    are drawn whole in their boxes, or cut with «…» and told whole by a tap (a notice)."""
    gid = four_player_game(server.data_dir, [("phase.next", {})], names=LONG)
    small = one_page.open(f"/game/{gid}", 360, 640)
    small.wait_label("status-phase", "Играй карты")

    def tell(ident: str) -> str:
        small.tap(ident)
        small.appear("notice")
        return small.label("notice")

    clock = box(small, "clock")
    who = box(small, "status-player")
    assert_whole_or_told(
        small,
        "status-player",
        f"Ходит {LONG[0]}",
        clock["x"] - who["x"],
        lambda: tell("status-player"),
    )
    text = small.label("reminder")
    assert_whole_or_told(
        small, "reminder", text, box(small, "reminder")["width"], lambda: tell("reminder")
    )
