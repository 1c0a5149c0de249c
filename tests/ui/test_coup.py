"""Real-browser tests of the Coup board on phones: what only a browser shows — every answer
in reach above the pinned bar, nothing moving under a finger, whole names in their cells, 48 dp
targets — at 390×844 and 360×640.

Rulebook 002 (Переворот). The guided action flow itself (coins, influences, refusals, the
saved store) is walked in-process in :mod:`tests.ui.test_coup_play`.
"""

from __future__ import annotations

import pytest

from companion.engine.coup import ACTIONS, CHARACTER_NAMES, CHARACTERS
from companion.store import GameStore
from tests.ui.conftest import Server
from tests.ui.phone import box, same_place
from tests.ui.test_coup_read_whole import LONG


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id."""
    return suite_server


# -- the phone at the table (issue 11) --------------------------------------------------------
SIX = ["Аня", "Борис", "Вика", "Гриша", "Дима", "Егор"]


def on_screen(app, ident: str, size=(390, 844)) -> dict:
    """The element's box once it is shown, asserted to lie wholly inside the viewport (the
    pinned primary button is a new control at each step: its node can come a frame after the
    step's title, so it is waited for, not read at once)."""
    b = box(app, ident)
    assert b["x"] >= 0 and b["x"] + b["width"] <= size[0] + 1, (ident, b)
    assert b["y"] >= 0 and b["y"] + b["height"] <= size[1] + 1, (ident, b)
    return b


def above_bar(app, *idents: str) -> None:
    """Each control is wholly on screen above the pinned bar: seen without scrolling."""
    bar = box(app, "action-bar")["y"]
    for ident in idents:
        b = on_screen(app, ident)
        assert b["y"] + b["height"] <= bar + 1, (ident, b, bar)


def test_phone_six_players_declare_and_answers_stay_in_reach(one_page, server):
    """Issue 11 at 390×844 with 6 players: «Объявить» and each step's common answer are in the
    pinned bar, never below the fold; a refused move (an assassination with 2 coins,
    «Ассасин: заказное убийство») leaves its button where it was. At «Кто-то оспаривает?» the
    five challengers and the step's texts are seen without scrolling (play-test: «Итог
    действия» needed a scroll there). What each step says and does:
    :func:`tests.ui.test_coup_play.test_six_players_declare_a_steal_and_a_block_stands`."""
    stored = GameStore(server.data_dir).create("coup", SIX, first_player=0)
    app = one_page.open(f"/game/{stored.id}")
    app.wait_label("step", "Аня: какое действие?")
    on_screen(app, "primary-action")
    for i in range(6):
        on_screen(app, f"coins-p{i}")
    before = on_screen(app, "act-assassinate")
    app.tap("act-assassinate")
    app.wait_label("error", "нужно 3 монеты")
    assert same_place(before, on_screen(app, "act-assassinate"))

    app.tap("act-steal")
    app.tap("player-p3")
    app.wait_label("preview", "против Гриши")
    on_screen(app, "primary-action")
    app.tap("primary-action")
    app.wait_label("step", "Кто-то оспаривает?")
    app.wait_label("outcome", "Итог действия")
    on_screen(app, "primary-action")
    # the five challengers in two rows of three cells, the step's texts above the pinned bar
    above_bar(app, *(f"challenge-p{i}" for i in range(1, 6)), "explain", "outcome")
    rows = {round(box(app, f"challenge-p{i}")["y"]) for i in range(1, 6)}
    assert len(rows) == 2, rows
    app.tap("primary-action")
    app.wait_label("step", "Кто-то запрещает?")
    on_screen(app, "primary-action")
    app.tap("block-p3-captain")
    app.wait_label("step", "Кто-то оспаривает запрет?")
    on_screen(app, "primary-action")


def test_phone_status_names_the_turn_and_who_answers_and_unseen_cards_fit(one_page, server):
    """Issue 11 at 390×844, 6 players, «Оспаривание»: Гриша challenged Вика's tax and lost, so
    Гриша reveals a card during Вика's turn: the status line says whose turn it is and who must
    answer now. The unseen characters carry their full names in five cells that fit the
    screen and stay in place when a count changes."""
    stored = GameStore(server.data_dir).create("coup", SIX, first_player=0)
    for move in (
        ("coup.declare", {"player": 0, "action": "income", "target": None}),
        ("coup.declare", {"player": 1, "action": "income", "target": None}),
        ("coup.declare", {"player": 2, "action": "tax", "target": None}),
        ("coup.challenge", {"challenger": 3}),
        ("coup.challenge_result", {"proven": True}),
    ):
        stored.push(*move)
    stored.close()
    app = one_page.open(f"/game/{stored.id}")
    app.wait_label("status-player", "Отвечает Гриша")
    app.wait_label("status-turn", "ход Вики")
    names = {
        "duke": "Герцог",
        "assassin": "Ассасин",
        "captain": "Капитан",
        "ambassador": "Посол",
        "contessa": "Графиня",
    }
    for c, name in names.items():
        app.wait_label(f"unseen-{c}", f"{name} 3")
    for c in names:  # the answers are on screen under the question, no scrolling
        on_screen(app, f"lose-{c}")
    cells = [on_screen(app, f"unseen-{c}") for c in names]
    for left, right in zip(cells, cells[1:], strict=False):
        assert left["x"] + left["width"] <= right["x"], (left, right)  # no overlap
        assert abs(left["y"] - right["y"]) < 1 and abs(left["height"] - right["height"]) < 1
    top = app.box("treasury")["y"]
    app.tap("lose-contessa")  # (the click may scroll the board to reach the button)
    app.wait_label("unseen-contessa", "Графиня 2")
    app.wait_label("status-player", "Ходит Гриша")
    shift = app.box("treasury")["y"] - top
    after = [on_screen(app, f"unseen-{c}") for c in names]
    for b, a in zip(cells, after, strict=True):
        assert all(abs(b[k] - a[k]) <= 1 for k in ("x", "width", "height")), (b, a)
        assert abs(a["y"] - shift - b["y"]) <= 1, (b, a, shift)


def test_small_phone_unseen_cells_keep_whole_character_names(one_page, server):
    """360×640 (a small phone): the five «Не раскрыто» cells are folded into one line
    («Графиня 3»: the board is folded on a short page, ``test_coup_small_phone``), and each
    still has room for its character's whole name at 11 px and its count at 12 px —
    «Ассасин» and «Графиня» were cut to «Ассаси» and «Графин» (play-test). The name's own
    node (``unseen-name-<character>``, laid out at its whole width, centred in its cell)
    lies inside the cell, with room to spare on both sides."""
    stored = GameStore(server.data_dir).create("coup", SIX, first_player=0)
    stored.close()
    small = one_page.open(f"/game/{stored.id}", 360, 640)
    cells = []
    for c in CHARACTERS:
        name = CHARACTER_NAMES[c]
        small.wait_label(f"unseen-{c}", f"{name} 3")
        cell = small.box(f"unseen-{c}")
        text = small.box(f"unseen-name-{c}")
        assert text["width"] > 20, (name, text)  # the name, not an empty node
        assert cell["x"] + 1 <= text["x"], (name, cell, text)  # inside the border
        assert text["x"] + text["width"] + 3 < cell["x"] + cell["width"] - 1, (name, text)
        assert cell["x"] + cell["width"] <= 360, (name, cell)
        cells.append(cell)
    assert len({round(b["y"]) for b in cells}) == 1, cells  # one line
    assert all(b["height"] <= 24 for b in cells), cells  # of one text line


def test_small_phone_action_grid_in_two_rows(one_page, server):
    """360×640: the seven actions in two rows — the four aimed at nobody, then the three
    aimed at a player — every one whole inside the screen's width, 48 dp tall, with room
    for its text at 12 px (cut with «…» by Flutter otherwise; the button's label says it
    whole). Three rows of 52 dp put the last under the pinned bar with four players, the
    whole grid with six (``test_coup_small_phone``)."""
    from companion.present.coup import ACTION_LABELS
    from companion.ui.boards.coup.referee import COMPACT_ROWS

    stored = GameStore(server.data_dir).create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    stored.close()
    small = one_page.open(f"/game/{stored.id}", 360, 640)
    small.wait_label("step", "Аня: какое действие?")
    boxes = {a: small.box(f"act-{a}") for a in ACTIONS}
    for line in COMPACT_ROWS:
        assert len({round(boxes[a]["y"]) for a in line}) == 1, (line, boxes)
    assert boxes["income"]["y"] + 48 <= boxes["coup"]["y"], boxes
    for a, b in boxes.items():
        assert b["x"] >= 0 and b["x"] + b["width"] <= 360, (a, b)
        assert b["height"] >= 47.5, (a, b)
        assert b["width"] >= 47.5, (a, b)
        assert ACTION_LABELS[a] in small.label(f"act-{a}"), a


#: Long names for the phone's targets (play-test: «Александрина» wholly under the bar).
LONG_FIVE = ["Борис", "Станислав", "Александрина", "Константинов", "Вика"]
LONG_SIX = [
    "Александр",
    "Станислав",
    "Александрина",
    "Константинов",
    "Максимилиана",
    "Мухаммаджоны",
]


def test_phone_targets_are_the_rows_in_reach_with_five_and_six_long_names(one_page, server):
    """Play-test at 390×844 with five players: the «Против кого?» buttons under the action grid
    were cut by the pinned bar (only 44 px showed; «Александрина» wholly under it), and that a
    row's tap aims too was said nowhere. The rows are what aims now: the step's question and
    the bar say so, every possible target's row is on screen above the bar with five and six
    players, and nothing on the board moves when an action is picked or a target aimed at.
    (That the declared steal is aimed at the row tapped:
    :func:`tests.ui.test_coup_play.test_six_players_declare_a_steal_and_a_block_stands`.)"""
    for names in (LONG_FIVE, LONG_SIX):
        stored = GameStore(server.data_dir).create("coup", names, first_player=0)
        stored.close()
        phone = one_page.open(f"/game/{stored.id}", 390, 844)
        phone.wait_label("step", f"{names[0]}: какое действие?")
        fixed = [*(f"act-{a}" for a in ACTIONS), *(f"player-p{i}" for i in range(len(names)))]
        before = {ident: phone.box(ident) for ident in fixed}
        phone.tap("act-steal")
        phone.wait_label("preview", "Кража (Капитан): против кого? Коснитесь строки игрока")
        phone.wait_label("step", "Против кого? Коснитесь строки игрока")
        for i in range(1, len(names)):
            phone.wait_label(f"player-p{i}", "— цель?")
        shown = phone.page.eval_on_selector_all(
            "[flt-semantics-identifier]",
            "els => els.map(e => e.getAttribute('flt-semantics-identifier'))",
        )
        aims = [x for x in shown if x.startswith("target-")]
        aims += [f"player-p{i}" for i in range(1, len(names))]
        above_bar(phone, *aims)
        phone.tap("player-p2")
        phone.wait_label("preview", "Кража (Капитан) против Александрины")
        phone.wait_label("player-p2", "Александрина — цель")
        after = {ident: phone.box(ident) for ident in fixed}
        for ident in fixed:
            assert same_place(before[ident], after[ident]), (ident, before, after)


def test_phone_six_long_names_lose_influence_fits_above_the_bar(one_page, server):
    """«Покровители», «Оспаривание» at 390×844 with six 12-letter names: Константинов
    challenges a real Captain with his last card. The question, the five cards in one row and
    the six lines of the explanation and «Итог действия» are all above the pinned bar
    (play-test: «Графиня» went to a second row and the explanation ran under the bar)."""
    names = list(LONG)

    def declare(p: int, action: str, target: int | None = None) -> tuple[str, dict]:
        return "coup.declare", {"player": p, "action": action, "target": target}

    stored = GameStore(server.data_dir).create("coup", names, first_player=0)
    for kind, data in (
        declare(0, "tax"),
        ("coup.challenge", {"challenger": 1}),
        ("coup.challenge_result", {"proven": True}),
        ("coup.lose_influence", {"player": 1, "character": "contessa"}),
        *(declare(i, "income") for i in range(1, 6)),
        declare(0, "steal", 4),
        ("coup.challenge", {"challenger": 1}),
        ("coup.challenge_result", {"proven": True}),
    ):
        stored.push(kind, data)
    stored.close()
    phone = one_page.open(f"/game/{stored.id}", 390, 844)
    phone.wait_label("step", "Константинов: какую карту раскрыть?")
    phone.wait_label("explain", "последнего покровителя за оспаривание и выбывает")
    phone.wait_label("outcome", "Итог действия: без запрета Александрина заберёт")
    cards = [f"lose-{c}" for c in CHARACTERS]
    above_bar(phone, "step", *cards, "explain", "outcome")
    rows = {round(box(phone, c)["y"]) for c in cards}
    assert len(rows) == 1, rows  # one row of cards
    for c in cards:
        assert box(phone, c)["height"] >= 47.5 and box(phone, c)["width"] >= 47.5, c
