"""«Манчкин Апокалипсис» on a small phone (360×640, Chromium): every control of a player's row
is a whole 48 dp target inside its card and the screen (play-test: the gear «+» was cut in
half by the card's edge)."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from tests.ui.conftest import App, Server
from tests.ui.phone import (
    assert_above_bar,
    assert_on_screen,
    assert_target,
    box,
    scroll_board_down,
)


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


NAMES = ["Аня", "Борис", "Вика", "Гена"]

#: «Бой», «Зовём на помощь», «Бой с несколькими монстрами»: Аня fights two monsters (the
#: second with a two-line name) with Вика's help and a one-shot card.
FIGHT = (
    ("phase.next", {}),
    ("combat.start", {"monster": {"name": "Тявмат", "level": 10, "levels": 2}}),
    ("combat.monster.add", {"monster": {"name": "Мутировавший зомби", "level": 4}}),
    ("combat.helper", {"player": 2}),
    ("combat.bonus", {"side": "players", "value": 5, "label": ""}),
)


def fight(server) -> str:
    stored = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0)
    for type_, data in FIGHT:
        stored.push(type_, data)
    return stored.id


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


def test_a_two_monster_fight_with_a_helper_needs_no_scroll_at_390x760(browser, server):
    """A 390×844 phone's browser leaves the page 760 px with its address bar. Play-test: the
    second monster was wholly under the pinned bar, the first half under it; the short page
    folds the fight (the totals in one line, the monsters under them, the helper and the
    one-shot cards in one line, the seals' line after the players), so both monsters' −/+
    and «убрать» are above the bar, with the totals and the verdict; at 360×640 too
    (:mod:`tests.ui.test_munchkin_fight_fit` walks the short pages)."""
    gid = fight(server)
    short = App(browser, server, 390, 760).open(f"/game/{gid}")
    try:
        short.wait_label("total-monsters", "14")
        short.page.wait_for_timeout(500)
        monsters = [f"monster-{i}-{part}" for i in (0, 1) for part in ("enh-minus", "remove")]
        assert_above_bar(short, "total-players", "verdict", "monster-0", "monster-1", *monsters)
        for ident in monsters:
            assert_target(short, ident)
        # the seals are still on the board, under the fight
        assert box(short, "seal-break")["y"] > box(short, "monster-1")["y"]
    finally:
        short.close()
    small = App(browser, server, 360, 640).open(f"/game/{gid}")
    try:
        small.wait_label("total-monsters", "14")
        small.page.wait_for_timeout(500)
        assert_above_bar(
            small, "total-players", "total-monsters", "verdict", "combat-more", *monsters
        )
    finally:
        small.close()


def test_the_flee_dialog_with_a_helper_fits_360x640(browser, server):
    """«Смываемся», «Зовём на помощь»: fighter and helper each roll for two monsters. Play-test
    at 360×640: the helper's second row of dice was under the dialog's buttons (a scroll inside
    the dialog), and the dice were 3 px apart; now every die and «Записать броски» are on
    screen at once, the dice 48 dp and 8 px apart."""
    gid = fight(server)
    small = App(browser, server, 360, 640).open(f"/game/{gid}")
    try:
        small.wait_label("total-monsters", "14")
        small.tap("flee")
        small.el("flee-helper-die-1-6").wait_for()
        small.page.wait_for_timeout(500)
        submit = box(small, "flee-submit")
        assert_on_screen(small, "flee-submit", width=360, height=640)
        for p in ("flee", "flee-helper"):
            for i in (0, 1):
                row = [box(small, f"{p}-die-{i}-{v}") for v in range(1, 7)]
                for b in row:
                    assert b["width"] >= 47.5 and b["height"] >= 47.5, (p, i, b)
                    assert b["y"] >= 0 and b["y"] + b["height"] <= submit["y"], (p, i, b)
                    assert b["x"] >= 0 and b["x"] + b["width"] <= 360, (p, i, b)
                for left, right in zip(row, row[1:], strict=False):
                    assert right["x"] - (left["x"] + left["width"]) >= 7.5, (p, i, left, right)
        assert_on_screen(small, "flee-rules", width=360, height=640)  # the rule, in the title
    finally:
        small.close()


def test_a_fight_that_ends_shows_the_board_from_its_top(browser, server):
    """«Смываемся» at 360×640 with the board scrolled down to the monsters. Play-test: after the
    fight the board stayed scrolled (four players' cards are taller than the screen) and the
    fight's summary in the top line was above the screen; the end of a fight now shows the
    board from its top."""
    gid = fight(server)
    small = App(browser, server, 360, 640).open(f"/game/{gid}")
    try:
        small.wait_label("total-monsters", "14")
        scroll_board_down(small, "combat")
        small.tap("flee")
        small.tap("flee-roll")
        small.wait_label("last-combat", "смыва")
        small.page.wait_for_timeout(800)  # let the scroll settle
        # below the status line (the scrolling body's top), not hidden under it
        top = box(small, "status-phase")
        for ident in ("last-combat", "card-p0"):
            b = box(small, ident)
            assert b["y"] >= top["y"] + top["height"], (ident, b, top)
    finally:
        small.close()
