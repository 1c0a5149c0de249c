"""Coup on a small phone: every step of a turn is played at 360×640 without scrolling.

Play-test: at 360×640 with four players the action menu («Борис: какое действие?») showed
its first line above the pinned bar; with five and six players the whole step box (the menu,
who challenges or blocks) was under it, so every turn began with a scroll. When the frame's
layout is short the board folds (the unseen characters on one line, the rows two to a line,
the grid in two rows, who answers in three columns); at 390×844 with four players nothing
changes (``tests/ui/test_coup.py``).

The steps walked are the rulebook's (002, «Переворот»): «Действия» (the menu, and a target
aimed at by its row), «Оспаривание», «Запрет действия», «Покровители» (a card revealed),
«Посол: обмен». At each one the step's choices lie wholly above the pinned bar's top and
inside the screen's width, each a 48 dp target, and the board was never scrolled (the
treasury is where it was when the game opened: a tap on a control out of sight would scroll
it there first, :meth:`tests.ui.conftest.App.steady`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.engine.coup import ACTIONS, CHARACTERS
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.conftest import App, Server
from tests.ui.phone import (
    box,
    same_place,
    settled,
    shown,
    tap_after_guard,
    tap_primary,
    wait_at,
    wheel,
)
from tests.ui.test_coup_read_whole import LONG
from tests.ui.test_render_fresh import play
from tests.ui.test_touch_targets import nodes, offenders


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id."""
    return suite_server


WIDTH, HEIGHT = 360, 640
FOUR = ["Аня", "Борис", "Вика", "Гоша"]


#: The pinned bar's own buttons (on screen, in the bar).
IN_BAR = ("primary-action", "not-proven")


def in_reach(app: App, *idents: str, targets: bool = True) -> None:
    """Each control is wholly on screen — the board's above the pinned bar's top — and
    (``targets``) a 48×48 target."""
    bar = box(app, "action-bar")["y"]
    page = app.page.viewport_size or {"width": WIDTH, "height": HEIGHT}
    for ident in idents:
        b = box(app, ident)
        bottom = page["height"] if ident in IN_BAR else bar
        assert b["y"] >= 0 and b["y"] + b["height"] <= bottom + 0.5, (ident, b, bar)
        assert b["x"] >= 0 and b["x"] + b["width"] <= page["width"] + 0.5, (ident, b)
        assert not targets or (b["width"] >= 47.5 and b["height"] >= 47.5), (ident, b)


@pytest.mark.parametrize(
    ("names", "size"),
    [(FOUR, (WIDTH, HEIGHT)), (LONG, (WIDTH, HEIGHT)), (LONG, (390, 844))],
    ids=["4-players", "6-long-names", "6-long-names-390x844"],
)
def test_small_phone_plays_a_turn_without_scrolling(one_page, server, names, size):
    """A steal from the third player: the menu, the rows aimed at, who challenges, who
    blocks, who challenges the block, the blocker's card; then the next player's menu and an
    exchange. With six players the names are of twelve letters (the widest answers)."""
    n = len(names)
    stored = GameStore(server.data_dir).create("coup", names, first_player=0)
    stored.close()
    app = one_page.open(f"/game/{stored.id}", *size)
    app.wait_label("step", f"{names[0]}: какое действие?")
    top = settled(app, "treasury")["y"]
    menu = [f"act-{a}" for a in ACTIONS]
    rows = [f"player-p{i}" for i in range(n)]
    in_reach(app, *menu, "primary-action")
    before = {ident: box(app, ident) for ident in menu + rows}

    tap_after_guard(app, "act-steal")
    app.wait_label("step", "Против кого? Коснитесь строки игрока")
    for i in range(1, n):
        app.wait_label(f"player-p{i}", "— цель?")
    in_reach(app, *rows)
    tap_after_guard(app, "player-p2")
    app.wait_label("player-p2", f"{names[2]} — цель")
    after = {ident: box(app, ident) for ident in menu + rows}
    for ident in menu + rows:  # picking and aiming move nothing
        assert same_place(before[ident], after[ident]), (ident, before, after)
    tap_primary(app)

    app.wait_label("step", "Кто-то оспаривает?")
    in_reach(app, *(f"challenge-p{i}" for i in range(1, n)), "primary-action")
    if n == 4:  # short names answer in one row, and the step's texts are read under it
        assert len({round(box(app, f"challenge-p{i}")["y"]) for i in range(1, n)}) == 1
        app.wait_label("outcome", "Итог действия")
        in_reach(app, "explain", "outcome", targets=False)
    for ident in rows:  # the step's change moved no row
        assert same_place(before[ident], box(app, ident)), ident
    tap_primary(app)  # nobody

    app.wait_label("step", "Кто-то запрещает?")
    in_reach(app, "block-p2-captain", "block-p2-ambassador", "primary-action")
    tap_after_guard(app, "block-p2-captain")
    app.wait_label("step", "Кто-то оспаривает запрет?")
    in_reach(app, *(f"challenge-p{i}" for i in range(n) if i != 2))
    tap_after_guard(app, "challenge-p0")
    app.wait_label("step", f"{names[2]}: Капитан показан?")
    in_reach(app, "not-proven", "primary-action")
    tap_after_guard(app, "not-proven")
    app.wait_label("step", f"{names[2]}: какую карту раскрыть?")
    in_reach(app, *(f"lose-{c}" for c in CHARACTERS))
    tap_after_guard(app, "lose-duke")

    app.wait_label("step", f"{names[1]}: какое действие?")
    in_reach(app, *menu)
    tap_after_guard(app, "act-exchange")
    tap_primary(app)
    app.wait_label("step", "Кто-то оспаривает?")
    in_reach(app, *(f"challenge-p{i}" for i in range(n) if i != 1))
    tap_primary(app)
    app.wait_label("step", f"{names[1]}: обмен с колодой двора")
    app.wait_label("primary-action", "Обмен завершён")
    in_reach(app, "primary-action")
    in_reach(app, "step", "explain", targets=False)  # what to do at the table
    assert abs(box(app, "treasury")["y"] - top) <= 1, "the board was scrolled"


def test_small_phone_every_tappable_control_is_a_48dp_target(one_page, server):
    """«Touch targets» at 360×640 with six players: the folded board's controls — the menu
    in two rows, the half rows tapped to aim, who challenges — are all 48×48 dp or more."""
    stored = GameStore(server.data_dir).create("coup", LONG, first_player=0)
    stored.close()
    app = one_page.open(f"/game/{stored.id}", WIDTH, HEIGHT)
    app.wait_label("step", f"{LONG[0]}: какое действие?")
    tap_after_guard(app, "act-assassinate")  # dimmed (2 coins): it still answers, with the reason
    app.wait_label("error", "нужно 3 монеты")
    tap_after_guard(app, "act-steal")
    app.wait_label("player-p5", "— цель?")
    app.unhover()
    found = nodes(app)
    ids = {n["id"] for n in found}
    assert {"act-income", "act-steal", "player-p1", "player-p5"} <= ids, ids
    assert not offenders(found), offenders(found)
    tap_after_guard(app, "player-p1")
    tap_primary(app)
    app.wait_label("step", "Кто-то оспаривает?")
    app.unhover()
    found = nodes(app)
    assert {"challenge-p1", "challenge-p5"} <= {n["id"] for n in found}
    assert not offenders(found), offenders(found)


@pytest.mark.parametrize(
    ("names", "size"),
    [(LONG, (WIDTH, HEIGHT)), (LONG[:4], (390, 844)), (LONG[:4], (WIDTH, 780))],
    ids=["6-half-rows-360x640", "4-full-rows-390x844", "4-half-rows-360x780"],
)
def test_twelve_letter_names_stay_in_their_rows(one_page, server, names, size):
    """Play-test at 360 px: «Мухаммаджон…» beside the «цель?» chip. While a target is chosen
    (every other row shows its chip), each name is one line inside its row, left of the
    cards and coins (never over them), cut by Flutter with «…» where its mark needs the
    room; the row's label says the name whole (a screen reader, the tooltip of a long
    press)."""
    stored = GameStore(server.data_dir).create("coup", names, first_player=0)
    stored.close()
    app = one_page.open(f"/game/{stored.id}", *size)
    app.wait_label("step", f"{names[0]}: какое действие?")
    tap_after_guard(app, "act-steal")
    app.wait_label(f"player-p{len(names) - 1}", "— цель?")
    for i, name in enumerate(names):
        row, label = settled(app, f"player-p{i}"), settled(app, f"name-p{i}")
        assert name in app.label(f"player-p{i}"), i
        assert label["height"] <= 26, (name, label)  # one line
        assert row["x"] <= label["x"] and label["x"] + label["width"] <= row["x"] + row["width"]
        assert row["y"] <= label["y"] and label["y"] + label["height"] <= row["y"] + 48.5
        cards = box(app, f"influence-p{i}")
        if round(cards["y"]) == round(label["y"]) or cards["y"] < label["y"] + label["height"]:
            assert label["x"] + label["width"] <= cards["x"], (name, label, cards)


async def _folded_grid_heights(data: Path) -> set[int]:
    """The heights of the action buttons of a four-player game opened at 360×640 (48 folded,
    52 not)."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", FOUR, first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", size=(WIDTH, HEIGHT))
    try:
        buttons = [rt.tagged_control(session, f"act-{a}").content for a in ACTIONS]
        return {b.height for b in buttons}
    finally:
        session.close()


def test_folded_board_after_taps_is_a_fresh_screen(
    tmp_path: Path,
) -> None:
    """The folded board's memoised parts (the half rows, the two-row grid, the three-column
    answers) follow the game: at 360×640, after a challenge, a steal aimed at a half row, a
    block, undo and redo on two phones, every phone shows what a phone opening the game now
    shows (:mod:`tests.ui.test_render_fresh`, no browser)."""
    assert rt.run(_folded_grid_heights(tmp_path)) == {48}  # the board is folded here
    steps: list = [
        "primary-action",  # nobody challenges Аня's Duke
        "act-steal",
        "player-p2",
        "primary-action",
        ("B", "primary-action"),  # nobody challenges
        "block-p2-captain",
        "undo",
        ("B", "redo"),
        "challenge-p0",
        "not-proven",
        "lose-duke",
    ]
    taps, problems = rt.run(play("coup-challenge", steps, WIDTH, forget=False, height=HEIGHT))
    assert len(taps) == len(steps), f"a tap was skipped: {taps}"
    assert not problems, f"after {taps}:\n" + "\n".join(problems)


def unscrolled(app: App, top: float) -> None:
    """The board does not scroll: a thumb's swipe up over it (the mouse wheel, which Flutter
    handles itself) leaves the treasury line where it was (``top``)."""
    wheel(app, 400, WIDTH / 2, 300)
    assert abs(settled(app, "treasury")["y"] - top) <= 1, "the board scrolled"


def texts_in_reach(app: App) -> None:
    """The step's texts shown lie above the pinned bar, each at least one whole line tall
    (a box cut «Итог действия» mid-line at the bar: a sliver of a line)."""
    bar = box(app, "action-bar")["y"]
    for ident in ("explain", "outcome"):
        if not shown(app, ident).strip():
            continue
        b = box(app, ident)
        assert b["y"] + b["height"] <= bar + 0.5, (ident, b, bar)
        assert b["height"] >= 14, (ident, b)


def read_whole(app: App, *parts: str) -> None:
    """«Весь текст» is a 48 dp button in reach; it shows ``parts`` whole, «Понятно» closes."""
    in_reach(app, "step-texts")
    tap_after_guard(app, "step-texts")
    app.el("step-texts-text").wait_for()
    said = app.label("step-texts-text")
    for part in parts:
        assert part in said, (part, said)
    tap_after_guard(app, "step-texts-close")
    app.el("step-texts-text").wait_for(state="detached")


def test_six_long_names_read_each_step_without_a_scroll(one_page, server):
    """Play-test at 360×640 with six 12-letter names: «Итог действия: если заявление устоит,
    без…» was cut at the pinned bar in «Оспаривание», «Итог действия: без запрета … потеряет…»
    at a card's loss, and the board scrolled to read them. Now the board ends at the bar (no
    scroll), the texts shown are whole lines above it, and what the room leaves out is shown
    whole by «Весь текст».
    A steal («Капитан»), challenged, blocked, the block challenged («Оспаривание»)."""
    names = LONG
    stored = GameStore(server.data_dir).create("coup", names, first_player=0)
    stored.close()
    app = one_page.open(f"/game/{stored.id}", WIDTH, HEIGHT)
    app.wait_label("step", f"{names[0]}: какое действие?")
    top = settled(app, "treasury")["y"]
    tap_after_guard(app, "act-steal")
    tap_after_guard(app, "player-p4")
    tap_primary(app)

    app.wait_label("step", "Кто-то оспаривает?")
    unscrolled(app, top)
    texts_in_reach(app)
    read_whole(app, "заявляет Капитана", "Итог действия: если заявление устоит")
    tap_primary(app)  # nobody

    app.wait_label("step", "Кто-то запрещает?")
    unscrolled(app, top)
    app.wait_label("outcome", "Итог действия")
    in_reach(app, "explain", "outcome", targets=False)
    texts_in_reach(app)
    read_whole(app, "Итог действия")
    tap_after_guard(app, "block-p4-captain")

    app.wait_label("step", "Кто-то оспаривает запрет?")
    unscrolled(app, top)
    texts_in_reach(app)
    tap_after_guard(app, "challenge-p0")
    app.wait_label("step", f"{names[4]}: Капитан показан?")
    unscrolled(app, top)
    in_reach(app, "explain", "outcome", targets=False)
    tap_primary(app)  # shown: Александрина loses a card

    app.wait_label("step", f"{names[0]}: какую карту раскрыть?")
    unscrolled(app, top)
    texts_in_reach(app)
    in_reach(app, *(f"lose-{c}" for c in CHARACTERS))


def test_a_new_step_starts_at_the_top_of_the_board(one_page, server):
    """Play-test: a page scrolled down to read a step kept its scroll for the next one (the
    rows at y 137 instead of 193, the treasury line half hidden). On a page too short even
    for the folded board (360×560: a phone's browser with its bars shown) the board is
    scrolled down, a move is made from the pinned bar, and the next step's board is back at
    its top (as Ricks' charge steps are)."""
    stored = GameStore(server.data_dir).create("coup", LONG, first_player=0)
    stored.close()
    app = one_page.open(f"/game/{stored.id}", WIDTH, 560)
    app.wait_label("step", f"{LONG[0]}: какое действие?")
    tap_after_guard(app, "act-income")
    wheel(app, -2000, WIDTH / 2, 300)
    top = app.steady("treasury")["y"]
    wheel(app, 2000, WIDTH / 2, 300)
    scrolled = settled(app, "treasury")["y"]
    assert scrolled < top - 20, f"the test needs a scrolled board: {scrolled} vs {top}"
    tap_primary(app)  # «Доход»: the next player's turn
    app.wait_label("step", f"{LONG[1]}: какое действие?")
    wait_at(app, "treasury", top)  # the board is back at its top
