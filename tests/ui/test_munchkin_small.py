"""«Манчкин Апокалипсис» on a small phone (360×640, Chromium): every control of a player's row
is a whole 48 dp target inside its card and the screen (play-test: the gear «+» was cut in
half by the card's edge)."""

from __future__ import annotations

from companion.store import GameStore
from tests.ui.conftest import App
from tests.ui.phone import assert_on_screen, assert_target, box

NAMES = ["Аня", "Борис", "Вика", "Гена"]


def test_every_players_controls_fit_a_360_px_phone(browser, server):
    gid = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0).id
    small = App(browser, server, 360, 640).open(f"/game/{gid}")
    try:
        small.wait_label("status-player", "Ходит Аня")
        for i in (0, 1):  # the cards on the first screen (the active one has a thicker border)
            card = box(small, f"card-p{i}")
            for ident in (f"edit-p{i}",) + tuple(
                f"{c}-p{i}-{s}" for c in ("level", "gear") for s in ("minus", "plus")
            ):
                assert_target(small, ident)
                assert_on_screen(small, ident, width=360, height=640)
                b = box(small, ident)
                assert b["x"] >= card["x"] and b["x"] + b["width"] <= card["x"] + card["width"], (
                    ident,
                    b,
                    card,
                )
    finally:
        small.close()


def test_the_override_dialogs_buttons_share_one_row_at_360_px(browser, server):
    """«Противоречия между правилами и картами»: level 10 only for a kill, unless a card says so.
    Play-test: on a 360 px phone the dialog's «Отмена» stood above «Карта так говорит»; now they
    are one row, each a 48 dp target on the screen."""
    stored = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0)
    stored.push("level.set", {"player": 0, "value": 9})
    small = App(browser, server, 360, 640).open(f"/game/{stored.id}")
    try:
        small.wait_label("level-p0", "9")
        small.tap("level-p0-plus")
        small.wait_label("override-message", "10-й уровень")
        for ident in ("override-cancel", "override-apply"):
            assert_target(small, ident)
            assert_on_screen(small, ident, width=360, height=640)
        cancel, apply = box(small, "override-cancel"), box(small, "override-apply")
        assert abs(cancel["y"] - apply["y"]) <= 2, (cancel, apply)
        assert cancel["x"] + cancel["width"] <= apply["x"], (cancel, apply)
    finally:
        small.close()
