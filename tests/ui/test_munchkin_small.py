"""«Манчкин Апокалипсис» on a small phone (360×640, Chromium): every control of a player's row
is a whole 48 dp target inside its card and the screen (play-test: the gear «+» was cut in
half by the card's edge); with long names, the name, the «ходит» marker, the class and the
strength lie side by side (play-test: «Александрина» ran under «ходит» and «сила»). One page
for the module (:func:`tests.ui.conftest.module_page`), each test on a game of its own."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from tests.ui.conftest import Server
from tests.ui.phone import (
    assert_all_above_bar,
    assert_all_on_screen,
    assert_targets,
    scroll_board_down,
    settled_boxes,
    visit,
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


def test_every_players_controls_fit_a_360_px_phone(module_page, server):
    gid = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0).id
    small = visit(module_page, f"/game/{gid}", "status-player", "Ходит Аня", 360, 640)
    for i in (0, 1):  # the cards on the first screen (the active one has a thicker border)
        controls = (f"edit-p{i}",) + tuple(
            f"{c}-p{i}-{s}" for c in ("level", "gear") for s in ("minus", "plus")
        )
        boxes = assert_all_on_screen(small, *controls, width=360, height=640)
        assert_targets(small, *controls, boxes=boxes)
        card = settled_boxes(small, f"card-p{i}")[f"card-p{i}"]
        for ident in controls:
            b = boxes[ident]
            assert b["x"] >= card["x"] and b["x"] + b["width"] <= card["x"] + card["width"], (
                ident,
                b,
                card,
            )


def test_the_override_dialogs_buttons_share_one_row_at_360_px(module_page, server):
    """«Противоречия между правилами и картами»: level 10 only for a kill, unless a card says so.
    Play-test: on a 360 px phone the dialog's «Отмена» stood above «Карта так говорит»; now they
    are one row, each a 48 dp target on the screen."""
    stored = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0)
    stored.push("level.set", {"player": 0, "value": 9})
    small = visit(module_page, f"/game/{stored.id}", "level-p0", "9", 360, 640)
    small.tap("level-p0-plus")
    small.wait_label("override-message", "10-й уровень")
    buttons = ("override-cancel", "override-apply")
    boxes = assert_all_on_screen(small, *buttons, width=360, height=640)
    assert_targets(small, *buttons, boxes=boxes)
    cancel, apply = boxes["override-cancel"], boxes["override-apply"]
    assert abs(cancel["y"] - apply["y"]) <= 2, (cancel, apply)
    assert cancel["x"] + cancel["width"] <= apply["x"], (cancel, apply)


def test_a_two_monster_fight_with_a_helper_needs_no_scroll_at_390x760(module_page, server):
    """A 390×844 phone's browser leaves the page 760 px with its address bar. Play-test: the
    second monster was wholly under the pinned bar, the first half under it; the short page
    folds the fight (the totals in one line, the monsters under them, the helper and the
    one-shot cards in one line, the seals' line after the players), so both monsters' −/+
    and «убрать» are above the bar, with the totals and the verdict; at 360×640 too
    (:mod:`tests.ui.test_munchkin_fight_fit` walks the short pages)."""
    gid = fight(server)
    short = visit(module_page, f"/game/{gid}", "total-monsters", "14", 390, 760)
    monsters = [f"monster-{i}-{part}" for i in (0, 1) for part in ("enh-minus", "remove")]
    boxes = assert_all_above_bar(
        short, "total-players", "verdict", "monster-0", "monster-1", *monsters
    )
    assert_targets(short, *monsters, boxes=boxes)
    # the seals are still on the board, under the fight
    assert settled_boxes(short, "seal-break")["seal-break"]["y"] > boxes["monster-1"]["y"]
    # the same game opened afresh on the smaller phone (through the home screen)
    small = visit(module_page, f"/game/{gid}", "total-monsters", "14", 360, 640)
    assert_all_above_bar(
        small, "total-players", "total-monsters", "verdict", "combat-more", *monsters
    )


def test_the_flee_dialog_with_a_helper_fits_360x640(module_page, server):
    """«Смываемся», «Зовём на помощь»: fighter and helper each roll for two monsters. Play-test
    at 360×640: the helper's second row of dice was under the dialog's buttons (a scroll inside
    the dialog), and the dice were 3 px apart; now every die and «Записать броски» are on
    screen at once, the dice 48 dp and 8 px apart."""
    gid = fight(server)
    small = visit(module_page, f"/game/{gid}", "total-monsters", "14", 360, 640)
    small.tap("flee")
    small.el("flee-helper-die-1-6").wait_for()
    dice = [
        f"{p}-die-{i}-{v}" for p in ("flee", "flee-helper") for i in (0, 1) for v in range(1, 7)
    ]
    boxes = assert_all_on_screen(small, "flee-submit", "flee-rules", width=360, height=640)
    submit = boxes["flee-submit"]
    boxes = settled_boxes(small, *dice)
    for p in ("flee", "flee-helper"):
        for i in (0, 1):
            row = [boxes[f"{p}-die-{i}-{v}"] for v in range(1, 7)]
            for b in row:
                assert b["width"] >= 47.5 and b["height"] >= 47.5, (p, i, b)
                assert b["y"] >= 0 and b["y"] + b["height"] <= submit["y"], (p, i, b)
                assert b["x"] >= 0 and b["x"] + b["width"] <= 360, (p, i, b)
            for left, right in zip(row, row[1:], strict=False):
                assert right["x"] - (left["x"] + left["width"]) >= 7.5, (p, i, left, right)
    # «flee-rules»: the rule, in the title, on screen (read above)
    small.tap("flee-cancel")
    small.el("flee-submit").wait_for(state="detached")


def test_a_fight_that_ends_shows_the_board_from_its_top(module_page, server):
    """«Смываемся» at 360×640 with the board scrolled down to the monsters. Play-test: after the
    fight the board stayed scrolled (four players' cards are taller than the screen) and the
    fight's summary in the top line was above the screen; the end of a fight now shows the
    board from its top."""
    gid = fight(server)
    small = visit(module_page, f"/game/{gid}", "total-monsters", "14", 360, 640)
    scroll_board_down(small, "combat")
    small.tap("flee")
    small.tap("flee-roll")
    small.wait_label("last-combat", "смыва")
    # the board scrolls back to its top: the first card comes down below the status line
    # (never, on a board that kept its scroll: the wait then fails)
    small.page.wait_for_function(
        """() => {
            const at = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
            const top = at("status-phase"), card = at("card-p0");
            if (!top || !card) return false;
            const t = top.getBoundingClientRect();
            return card.getBoundingClientRect().y >= t.y + t.height;
        }"""
    )
    boxes = settled_boxes(small, "status-phase", "last-combat", "card-p0")
    # below the status line (the scrolling body's top), not hidden under it
    top = boxes["status-phase"]
    for ident in ("last-combat", "card-p0"):
        b = boxes[ident]
        assert b["y"] >= top["y"] + top["height"], (ident, b, top)


LONG_NAMES = ["Александрина", "Константин", "Вика", "Гена"]


def test_names_classes_and_strength_never_overlap(module_page, server):
    """360×640, long names: on each player's card the name, the «ходит» marker, the class and
    the strength lie side by side, never over each other; a name cut by Flutter is whole in
    its label and in the status line."""
    gid = GameStore(server.data_dir).create("munchkin", LONG_NAMES, first_player=0).id
    app = visit(module_page, f"/game/{gid}", "status-player", "Ходит Александрина", 360, 640)
    parts = [f"{part}-p{i}" for i in (0, 1, 2) for part in ("name", "power")]
    boxes = settled_boxes(app, *parts, "class-p1", "class-p2")
    for i in (0, 1, 2):  # the cards on the first screen
        name, power = boxes[f"name-p{i}"], boxes[f"power-p{i}"]
        assert LONG_NAMES[i] in app.label(f"name-p{i}")
        assert name["x"] + name["width"] <= power["x"] + 0.5, (i, name, power)
        if i:  # the active card shows its marker instead of the class
            klass = boxes[f"class-p{i}"]
            assert name["x"] + name["width"] <= klass["x"] + 0.5, (i, name, klass)
            assert klass["x"] + klass["width"] <= power["x"] + 0.5, (i, klass, power)
