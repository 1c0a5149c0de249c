"""The charts in Chromium, on one page turned through the phone sizes: the result's score
chart (Манчкин, four players: «уровень» on its axis) and the statistics' wins per player
are seen whole — the chart fits the part of the screen its column scrolls in, the names of
the wins chart are laid out by Flutter (one line, «…» for a long one, whole on the player's
card below) and never drawn over each other."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.ui.result import CHART_HEIGHT, SHORT_CHART_HEIGHT
from tests.ui.conftest import App, Server
from tests.ui.cut_text import drawn_whole
from tests.ui.phone import box, settled_boxes, visit

#: Phones upright and on their side (the result sits in the side column there).
SIZES = [(360, 640), (844, 390), (390, 844), (640, 360)]


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module (each test opens games of its own by their ids)."""
    return module_server


def _in_view(
    app: App, ident: str, tall: float | None = None, between: tuple[str, str] | None = None
) -> dict:
    """Scroll the column that holds ``ident`` (the wheel over the element itself, as a
    finger swipes there) until the element is wholly on screen — given ``between``, under
    the first element's bottom and over the second's top (what is pinned above and below
    the column) — and, given ``tall``, its box that tall (a node's box is clipped where its
    scrolling column cuts it); its box then (the last one seen when it never is)."""
    size = app.page.viewport_size
    low, high = 0.0, float(size["height"])
    if between is not None:
        pinned = settled_boxes(app, *between)
        above, under = (pinned[i] for i in between)
        low, high = above["y"] + above["height"], under["y"]
    for _ in range(16):
        # where it is once still: two reads 100 ms apart after this call (the wheel's scroll
        # runs over a few frames)
        b = settled_boxes(app, ident)[ident]
        on_screen = b["y"] >= low - 0.5 and b["y"] + b["height"] <= high + 0.5
        if on_screen and (tall is None or abs(b["height"] - tall) <= 1):
            return b
        if b["y"] > low + 0.5:  # its top is in view: up by what its bottom lacks, at most
            # what brings its top to the column's top
            need = b["y"] + (tall or b["height"]) - high + 1
            step = min(max(need, 1), b["y"] - low)
        else:  # cut at the top: back down a little
            step = -20
        app.page.mouse.move(b["x"] + b["width"] / 2, (low + high) / 2)
        app.page.mouse.wheel(0, step)
        app.unhover()
    return b


def _munchkin(server: Server) -> str:
    g = GameStore(server.data_dir).create(
        "munchkin", ["Аня", "Борис", "Вика", "Гена"], first_player=0
    )
    for level in range(2, 10):
        for p in range(4):
            if level <= 9 - p:
                g.push("level.set", {"player": p, "value": level})
    g.push("combat.start", {"monster": {"name": "Слизень", "level": 1}})
    g.push("combat.resolve", {})
    return g.id


def test_the_score_chart_is_seen_whole_at_every_phone_size(module_page, server):
    """At 844×390 the chart (240 px) was taller than the side column's scrolling room under
    the status line: its top and the middle of «уровень» were always cut. It is shorter in
    a short side column; upright it keeps its height."""
    gid = _munchkin(server)
    app = visit(module_page, f"/game/{gid}", "winner", "Аня", *SIZES[0])
    for width, height in SIZES:
        app.page.set_viewport_size({"width": width, "height": height})
        app.appear("score-chart")
        side = width >= 600 and height < 480  # the side column of a phone on its side
        tall = SHORT_CHART_HEIGHT if side else CHART_HEIGHT
        b = _in_view(app, "score-chart", tall, ("clock-total", "action-bar"))
        assert abs(b["height"] - tall) <= 1, (width, height, b, tall)
        assert b["x"] >= 0 and b["x"] + b["width"] <= width + 0.5, (width, height, b)
        assert b["width"] >= 200, (width, height, b)  # room for the axes and the lines


NAMES = ["Александрина", "Константин", "Вика", "Маргарита", "Аня", "Гена"]


def test_the_wins_chart_names_are_whole_or_cut_by_flutter(module_page, server):
    """Play-test at 360×640: the names under the wins chart's bars, cut in Python to six
    letters, were drawn over each other («БорисАлексаМаргар»). Now each player has a row:
    the name in its own slot (Flutter's «…» for a long one; the player's card has it whole),
    the bar, the number — clear of the scrollbar, which covered the numbers."""
    store = GameStore(server.data_dir)
    for k in range(3):
        names = [NAMES[(k + i) % len(NAMES)] for i in range(4)]
        g = store.create("free", names, first_player=0)
        g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
        g.push("game.end")
    app = visit(module_page, "/stats", "wins-chart", "Победы по игрокам", *SIZES[0])
    for width, height in SIZES:
        app.page.set_viewport_size({"width": width, "height": height})
        app.wait_label("wins-chart", "Победы по игрокам")
        # the chart near the top of the screen, its heading above it (a swipe)
        top = settled_boxes(app, "wins-chart")["wins-chart"]["y"]
        app.page.mouse.move(width / 2, height / 2)
        app.page.mouse.wheel(0, top - 60)
        app.unhover()
        for _ in range(20):  # the page's chrome follows a turn in a patch of its own
            chart = _in_view(app, f"wins-name-{len(NAMES) - 1}") and box(app, "wins-chart")
            rows = [box(app, f"wins-name-{i}") for i in range(len(NAMES))]
            # the numbers at the rows' right end clear of the scrollbar's lane (the choice of
            # game above spans the scrolling column's width)
            column = box(app, "stats-game")
            if chart == box(app, "wins-chart") and all(chart["x"] <= b["x"] for b in rows):
                break
            app.page.wait_for_timeout(200)
        assert chart["x"] + chart["width"] <= column["x"] + column["width"] - 8, (chart, column)
        for i, b in enumerate(rows):
            assert chart["x"] <= b["x"] and b["x"] + b["width"] <= chart["x"] + chart["width"]
            if i:  # one under another, never over each other
                assert b["y"] >= rows[i - 1]["y"] + rows[i - 1]["height"] - 0.5, (i, b)
            name = app.label(f"wins-name-{i}").split()[0]
            assert name in NAMES, name
            room = chart["width"] * 2 / 5  # the name's share of its row (2 of 5)
            if not drawn_whole(app, f"wins-name-{i}", room):
                app.appear(f"player-stats-{name}")  # the card below says it whole
