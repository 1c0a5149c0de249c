"""Issue 29's open items, in Chromium at the sizes they concern:

* Замес with 5 bases at 390×844 (and a laptop's 1280×800): every base is one tap on its
  pinned chip away, without a scroll; the base it opens comes up whole under the header;
* Переворот's lost-influence step says where the character buttons are in words true in
  either layout (under the step's question), never «выше», and they are there;
* Переворот with 6 players in a 1280×800 window keeps one row per player (the folded phone
  layout is for one column only), while a 390×844 phone folds them two to a line.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from companion.store import GameStore
from tests.ui.conftest import Server
from tests.ui.phone import same_place, visit
from tests.ui.test_smashup import four_player_game
from tests.ui.test_touch_targets import MIN

SIX = ["Аня", "Борис", "Вика", "Гоша", "Даша", "Егор"]
#: Words that place the buttons by a direction, true in one layout only.
DIRECTIONS = ("выше", "ниже", "слева", "справа")


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Iterator[tuple[Server, dict[str, str]]]:
    data = tmp_path_factory.mktemp("reach") / "data"
    ids = {"smashup": four_player_game(data, [("phase.next", {})])}
    store = GameStore(data)
    g = store.create("coup", SIX, first_player=0)
    for kind, move in [
        ("coup.declare", {"player": 0, "action": "tax", "target": None}),
        ("coup.challenge", {"challenger": 1}),
        ("coup.challenge_result", {"proven": True}),
    ]:
        g.push(kind, move)
    ids["coup-lose"] = g.id
    g.close()
    g = store.create("coup", SIX, first_player=0)
    ids["coup-6"] = g.id
    g.close()
    srv = Server(data)
    yield srv, ids
    srv.stop()


@pytest.fixture(scope="module")
def module_server(table: tuple[Server, dict[str, str]]) -> Server:
    """The table's server, under the module's one page (:func:`tests.ui.conftest.module_page`):
    each test shows its game and size with :func:`tests.ui.phone.visit`, not a page load."""
    return table[0]


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["390x844", "1280x800"])
def test_every_base_is_one_chip_tap_away(module_page, table, size):
    """5 bases, «Играй карты»: a chip per base, each whole and ≥ 48×48 in view; a tap on
    each (last to first, then the last again) opens that base — its chip marked, its row in
    view right under the header, never under it — and no chip moves."""
    srv, ids = table
    app = visit(module_page, f"/game/{ids['smashup']}", "status-phase", "Играй карты", *size)
    chips = {j: app.steady(f"chip-{j}") for j in range(5)}
    app.assert_in_view(*(f"chip-{j}" for j in range(5)))
    for j, b in chips.items():
        assert b["width"] >= MIN and b["height"] >= MIN, (j, b)
    header_bottom = max(b["y"] + b["height"] for b in chips.values())
    for j in (4, 3, 2, 1, 0, 4):
        sent = len(app.frames.received)
        app.el(f"chip-{j}").click()  # where it is: no scroll first
        app.appear(f"base-{j}-editor")
        app.wait_label(f"chip-{j}", "открыта")
        # the opened base's jump to the top (the list's scroll_to) has come and is drawn
        app.frames.wait_for("scroll_to", after=sent)
        row = app.steady(f"base-{j}")  # a base already in view is not scrolled to
        assert row["y"] >= header_bottom - 0.5, (j, row, header_bottom)
        app.assert_in_view(f"base-{j}", f"play-minion-b{j}")
        assert "открыта" not in app.label(f"chip-{(j + 1) % 5}")
        for k, b in chips.items():
            assert same_place(b, app.box(f"chip-{k}")), (j, k)


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["390x844", "844x390"])
def test_the_lost_card_hint_is_true_either_way_up(module_page, table, size):
    """Борис loses a card: the pinned bar's hint and «Карта?»'s refusal name the character
    buttons without a direction, and those buttons are indeed under the step's question, in
    view, at either orientation (in landscape the bar is beside the board, not under it)."""
    srv, ids = table
    app = visit(module_page, f"/game/{ids['coup-lose']}", "step", "", *size)
    app.steady("primary-action")
    hint = app.label("preview")
    assert "персонаж" in hint and not any(d in hint for d in DIRECTIONS), hint
    question = app.steady("step")
    for c in ("duke", "assassin", "captain", "ambassador", "contessa"):
        b = app.steady(f"lose-{c}")
        assert b["y"] >= question["y"] + question["height"] - 0.5, (c, b, question)
    app.assert_in_view("step", "lose-duke", "lose-contessa")
    app.el("primary-action").click()
    app.appear("error")
    said = app.label("error")
    assert "под вопросом" in said and not any(d in said for d in DIRECTIONS), said


@pytest.mark.parametrize(
    ("size", "folded"), [((1280, 800), False), ((390, 844), True)], ids=["1280x800", "390x844"]
)
def test_six_coup_players_fold_on_a_phone_only(module_page, table, size, folded):
    """Six players: a laptop's 1280×800 window (two columns) has one row per player, each
    below the last; a 390×844 phone folds them two to a line (one column, medium height)."""
    srv, ids = table
    app = visit(module_page, f"/game/{ids['coup-6']}", "player-p5", "", *size)
    app.steady("primary-action")
    first, second = app.steady("player-p0"), app.box("player-p1")
    if folded:
        assert abs(first["y"] - second["y"]) <= 1 and second["x"] > first["x"], (first, second)
    else:
        assert second["y"] >= first["y"] + first["height"] - 0.5, (first, second)
        assert abs(first["x"] - second["x"]) <= 1, (first, second)
