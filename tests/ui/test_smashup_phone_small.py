"""«Замес» on small phones (Chromium): what earlier play-tests left at 360 px wide and 640 px
high. At 360×640 an open base's names are whole or cut with «…» and told whole by a tap
(the base's in its row, each player's on their power line), its breakpoint change is in
reach without a scroll, and every base's open button is a whole 48×48 target; with madness
cards counted, they stay in sight while the bases scroll, at 360×640 and 390×844."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.ui.boards.smashup.base import SMALL_ROW_HEIGHT
from tests.ui.conftest import App, Server
from tests.ui.cut_text import assert_whole_or_told
from tests.ui.phone import assert_target, box, same_place, wait_moved_up
from tests.ui.test_smashup import FIVE_BASES, four_player_game


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id."""
    return suite_server


NINE = ["Анастасия", "Борислав", "Виктория", "Константин"]
DECKS = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Зомби", "Пираты"], ["Ниндзя", "Роботы"]]


def above_bar(app: App, *idents: str, width: int = 360) -> None:
    """Each control is wholly on screen above the pinned action bar, where it is now (no
    scroll first)."""
    bar = box(app, "action-bar")["y"]
    for ident in idents:
        b = box(app, ident)
        assert b["y"] >= 0 and b["y"] + b["height"] <= bar + 0.5, (ident, b, bar)
        assert b["x"] >= 0 and b["x"] + b["width"] <= width, (ident, b)


def open_last_base(app: App) -> None:
    """Open the last of the five bases, where the list then stays (its jump to the top)."""
    app.wait_label("status-phase", "Играй карты")
    app.tap_and_reveal("base-4-open", moves="base-4")
    app.el("play-minion-b4").wait_for()


def test_at_360x640_the_base_open_buttons_are_48x48(one_page, server):
    """Play-test: the bases' open buttons were 48×44 at 360×640 (the row's 2 px border came
    off the 48 dp row). They are whole 48×48 targets now; the rows are still 48 high, 6
    apart, and the open base's row and button too."""
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    small = one_page.open(f"/game/{gid}", 360, 640)
    small.wait_label("status-phase", "Играй карты")
    # the rows on screen (a node the list clips is measured clipped)
    bar = box(small, "action-bar")["y"]
    rows = [box(small, f"base-{j}") for j in range(len(FIVE_BASES))]
    rows = [row for row in rows if row["y"] + SMALL_ROW_HEIGHT <= bar]
    assert len(rows) >= 3, rows
    for j, row in enumerate(rows):
        assert_target(small, f"base-{j}-open")
        assert abs(row["height"] - SMALL_ROW_HEIGHT) <= 0.5, (j, row)
        if j:
            assert abs(row["y"] - (rows[j - 1]["y"] + SMALL_ROW_HEIGHT + 6)) <= 0.5, j
    open_last_base(small)
    assert_target(small, "base-4-open")
    assert abs(box(small, "base-4")["height"] - SMALL_ROW_HEIGHT) <= 0.5


def test_at_360_an_open_base_shows_every_name_whole_or_tells_it(one_page, server):
    """360×640, 4 players with names of 8–10 letters. Each name is drawn whole in its room
    (the base's before its total, a player's over their power group), or cut with «…» and
    whole in the numeric pad's title a tap on it opens; each on its own player's line."""
    gid = four_player_game(server.data_dir, [("phase.next", {})], names=NINE)
    small = one_page.open(f"/game/{gid}", 360, 640)
    open_last_base(small)
    # the base's name: whole, narrower than the room up to «0/21»
    base_name = FIVE_BASES[4][0]
    name, total = box(small, "base-4-name"), box(small, "base-4-total")
    assert base_name in small.label("base-4-name")
    assert name["x"] + name["width"] <= total["x"], (name, total)
    for i, player in enumerate(NINE):
        text = box(small, f"name-b4-p{i}")
        line = box(small, f"pow-b4-p{i}-minus")  # the line's left edge
        end = box(small, f"min-b4-p{i}-plus")  # and its right
        group = box(small, f"pow-b4-p{i}-plus")
        room = group["x"] + group["width"] - line["x"]  # over the power group

        def tell(i: int = i) -> str:
            b = box(small, f"name-b4-p{i}")
            small.page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
            small.appear("pad-display")
            told = small.label("pad-title")
            small.tap("pad-cancel")
            small.el("pad-display").wait_for(state="detached")
            return told

        assert_whole_or_told(small, f"name-b4-p{i}", player, room, tell)
        assert text["height"] >= 13, (player, text)  # ≥ 11 px type
        assert text["x"] >= 22 and text["x"] + text["width"] <= end["x"] + end["width"]
        # on its own line: between this line's top and bottom, not over the next one's
        assert line["y"] - 0.5 <= text["y"] <= line["y"] + line["height"] - text["height"]
        assert player in small.label(f"name-b4-p{i}")
    # a name over the power takes no taps: a finger on it opens that power's pad
    name = box(small, "name-b4-p3")
    small.page.mouse.click(name["x"] + name["width"] / 2, name["y"] + name["height"] / 2)
    small.appear("pad-display")
    small.wait_label("pad-title", NINE[3])


def test_at_360x640_the_breakpoint_change_needs_no_scroll(one_page, server):
    """360×640, 4 players, the last base open. Play-test: its breakpoint change («Оборона на
    этот ход», a row of its own under the players) needed a scroll. It is on screen now,
    beside «Сыграть приспешника сюда», with every player's power and minions, 48 dp
    targets, and works from where it is."""
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    small = one_page.open(f"/game/{gid}", 360, 640)
    open_last_base(small)
    editor = [
        f"{k}-b4-p{i}-{e}" for i in range(4) for k in ("pow", "min") for e in ("minus", "plus")
    ]
    bp = ["base-4-bp-minus", "base-4-bp", "base-4-bp-plus"]
    above_bar(small, "base-4", "play-minion-b4", *editor, *bp)  # no steady(): no scroll
    for ident in ("play-minion-b4", "base-4-bp-minus", "base-4-bp-plus"):
        assert_target(small, ident)
    small.el("base-4-bp-plus").click()
    small.wait_label("base-4-total", "0/22")
    assert "Аня" in small.label("play-minion-b4")


def madness_game(data_dir) -> str:
    """A started 4-player game with madness cards counted, in «Играй карты»."""
    stored = GameStore(data_dir).create(
        "smashup", NINE, first_player=0, options={"madness": True, "factions": DECKS}
    )
    for name, bp, vp in FIVE_BASES:
        stored.push("base.add", {"base_card": {"name": name, "breakpoint": bp, "vp": vp}})
    stored.push("game.start")
    stored.push("phase.next")
    stored.push("madness.adjust", {"player": 2, "delta": 3})
    return stored.id


def test_madness_cards_stay_in_sight_while_the_bases_scroll(one_page, server):
    """«Безумие»: play-test at 360×640, the madness line topped the board's body and scrolled
    away as soon as a base was opened. It is pinned under the VP chips now, as the chips'
    own madness numbers are at 390×844: with the last base open (the list scrolled to it),
    every player's madness cards are where they were, on screen above the action bar, and a
    tap there opens their pad."""
    gid = madness_game(server.data_dir)
    for width, height in ((360, 640), (390, 844)):
        page = one_page.open(f"/game/{gid}", width, height)
        page.wait_label("status-phase", "Играй карты")
        page.wait_label("mad-p2", "3")
        before = {i: box(page, f"mad-p{i}") for i in range(4)}
        first = box(page, "base-0")
        page.tap("base-4-open")
        page.el("play-minion-b4").wait_for()
        wait_moved_up(page, "base-0", first["y"], 100)  # the base's own jump has ended
        for i in range(4):
            assert same_place(before[i], box(page, f"mad-p{i}")), (width, i)
            above_bar(page, f"mad-p{i}", width=width)
            assert_target(page, f"mad-p{i}")
