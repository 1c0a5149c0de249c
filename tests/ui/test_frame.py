"""The game frame on a phone (390×844) and a laptop, in Chromium, with «Свободный счёт»: one
page for the module (:func:`tests.ui.conftest.module_page`), each test a route on it.

What a player's thumb needs: the active player, the phase and the primary action stay on
screen through a turn; a control is where it was after a tap, an undo and a refused move
(a message never pushes the board); every header icon is a 48×48 target; a finished game
opens on its winner.
"""

from __future__ import annotations

import time

import pytest

from companion.store import GameStore
from companion.ui.game_screen import MESSAGE_MAX_WIDTH
from tests.ui.conftest import Frames, Server
from tests.ui.phone import visit


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


NAMES6 = ["Аня", "Борис", "Вика", "Гоша", "Даша", "Егор"]
HEADER = ["home", "undo", "redo", "open-log", "open-rules", "lock"]
TWO_COUNTERS = {
    "counters": [
        {"name": "ПО", "step": 1, "start": 0},
        {"name": "монеты", "step": 1, "start": 3},
    ]
}


def new_game(server, names, options=None, moves=()):
    stored = GameStore(server.data_dir).create("free", names, first_player=0, options=options)
    for type_, data in moves:
        stored.push(type_, data)
    stored.close()
    return stored.id


def near(a: dict, b: dict, tol: float = 2.0) -> bool:
    return all(abs(a[k] - b[k]) <= tol for k in ("x", "y", "width", "height"))


def test_six_players_two_counters_fit_and_a_turn_keeps_status_in_view(module_page, server):
    gid = new_game(server, NAMES6, TWO_COUNTERS)
    app = visit(module_page, f"/game/{gid}", "status-player", "Ходит Аня")
    controls = [f"val-p{p}-c{c}-{s}" for p in range(6) for c in range(2) for s in ("minus", "plus")]
    # every player's counters and «Следующий игрок» on one screen, no scrolling
    app.assert_in_view("status-player", "status-phase", "primary-action", *controls)
    for ident in [*HEADER, *controls]:
        b = app.box(ident)
        assert b["width"] >= 47.5 and b["height"] >= 47.5, f"{ident} is {b}"

    app.tap("val-p0-c0-plus")
    app.wait_label("val-p0-c0", "1")
    app.assert_in_view("status-player", "status-phase", "primary-action")
    app.tap("primary-action")
    app.wait_label("status-player", "Ходит Борис")
    app.assert_in_view("status-player", "status-phase", "primary-action", "val-p1-c1-plus")
    assert "Следующий игрок" in app.label("primary-action")


def gap(a: dict, b: dict) -> float:
    """The distance (px) between two boxes: across when side by side, down when stacked."""
    across = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]))
    down = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]))
    return max(across, down)


def test_controls_stay_put_after_tap_undo_and_refusal(module_page, server):
    gid = new_game(
        server,
        NAMES6[:4],
        TWO_COUNTERS,
        moves=[("counter.set", {"player": 2, "counter": "ПО", "value": 1_000_000})],
    )
    app = visit(module_page, f"/game/{gid}", "val-p2-c0", "1000000")
    watched = ["val-p1-c0-plus", "val-p2-c0-plus", "val-p3-c1-minus", "primary-action"]
    before = {i: app.box(i) for i in watched}

    app.tap("val-p1-c0-plus")
    app.wait_label("val-p1-c0", "1")
    after_tap = {i: app.box(i) for i in watched}
    assert all(near(before[i], after_tap[i]) for i in watched), (before, after_tap)

    app.tap("undo")
    app.wait_label("notice", "Отменено — Борис: ПО +1")  # the engine's words, no event code
    app.wait_label("val-p1-c0", "0")
    after_undo = {i: app.box(i) for i in watched}
    assert all(near(before[i], after_undo[i]) for i in watched), (before, after_undo)
    # the notice lies above the action bar: the top bar and the status line stay in sight
    notice, status, undo = app.box("notice"), app.box("status-player"), app.box("undo")
    assert notice["y"] >= max(status["y"] + status["height"], undo["y"] + undo["height"]) - 0.5
    assert notice["y"] + notice["height"] <= before["primary-action"]["y"] + 0.5

    app.tap("val-p2-c0-plus")  # 1 000 001: beyond the counter's limit
    app.wait_label("error", "Счётчик не может выйти за")
    after_refusal = {i: app.box(i) for i in watched}
    assert all(near(before[i], after_refusal[i]) for i in watched), (before, after_refusal)

    # the refusal goes stale at the next move
    app.tap("val-p3-c1-minus")
    app.wait_label("val-p3-c1", "2")
    app.page.wait_for_function(
        "() => !document.querySelector('[flt-semantics-identifier=\"error\"]')"
    )

    # issue #30: the clock's toggle is a 48 dp target; «пауза» takes the clock's place and
    # nothing moves (what the pause does: tests/ui/test_clock_pause.py)
    toggle, clock = app.box("clock-toggle"), app.box("clock")
    assert toggle["width"] >= 47.5 and toggle["height"] >= 47.5, toggle
    app.tap("clock-toggle")
    app.wait_label("clock", "пауза")
    app.wait_label("notice", "Часы на паузе")
    assert app.box("clock") == clock
    after_pause = {i: app.box(i) for i in watched}
    assert all(near(before[i], after_pause[i]) for i in watched), (before, after_pause)


def test_four_players_two_counters_at_each_size_fit_and_a_refusal_covers_nothing(
    module_page, server
):
    """One game of four players with two counters each, at each size in turn (the module's
    page resized: :func:`tests.ui.phone.visit`).

    * Play-test: with two counters per player, one counter's «+» and the next one's «−» were
      6 px apart, read as a pair and mis-tapped. Between two counters' controls there are now
      at least 8 dp (beside each other at 390 px, one under the other at 360 px), and four
      players' counters with «Следующий игрок» still fit 390×844 without scrolling.
    * The refusal banner covered the status line for 8 s; moved over the top bar, it took
      the first tap on undo (issue 29). It now lies just above the pinned action bar, at
      390×844, 360×640 and 844×390: the top bar (the lock the locked screen's refusal says to
      tap), the status line and the primary action stay uncovered, nothing moves, and the
      lock still answers a tap. On a laptop (1280×800) the banner is at most
      :data:`~companion.ui.game_screen.MESSAGE_MAX_WIDTH` wide.
    * A wide screen (1280×800) puts the board and the actions side by side, all in view."""
    gid = new_game(server, NAMES6[:4], TWO_COUNTERS)
    for width, height in ((390, 844), (360, 640), (844, 390), (1280, 800)):
        page = visit(module_page, f"/game/{gid}", "status-player", "Ходит Аня", width, height)
        if width in (390, 360):  # two counters' controls apart, the board still fits
            for p in range(4 if width == 390 else 1):
                plus, minus = page.box(f"val-p{p}-c0-plus"), page.box(f"val-p{p}-c1-minus")
                first_minus = page.box(f"val-p{p}-c0-minus")
                assert gap(plus, minus) >= 8 and gap(first_minus, minus) >= 8, (
                    width,
                    p,
                    plus,
                    minus,
                )
            if width == 390:
                sides = ("minus", "plus")
                controls = [f"val-p{p}-c{c}-{s}" for p in range(4) for c in (0, 1) for s in sides]
                page.assert_in_view("primary-action", *controls)
        if width == 1280:  # board and actions side by side
            page.assert_in_view("primary-action", "status-player", "val-p3-c1-plus", *HEADER)
            board = page.box("val-p0-c0-minus")
            action = page.box("primary-action")
            status = page.box("status-player")
            assert action["x"] > board["x"] + 400 and status["x"] > board["x"] + 400

        # the refusal of a locked screen: above the action bar, nothing moves
        page.tap("lock")
        watched = ["status-player", "status-phase", "lock", "val-p0-c0-minus"]
        watched += ["val-p0-c1-plus", "primary-action"]
        before = {i: page.box(i) for i in watched}
        page.tap("val-p0-c0-plus")
        page.wait_label("error", "Экран заблокирован")
        error = page.box("error")
        assert all(near(before[i], page.box(i)) for i in watched), width
        status = max(
            before[i]["y"] + before[i]["height"] for i in ("status-player", "status-phase")
        )
        assert error["y"] >= status - 0.5, (width, error, before)
        lock = before["lock"]
        assert error["y"] >= lock["y"] + lock["height"] - 0.5, (width, error)
        primary = before["primary-action"]
        assert error["y"] + error["height"] <= primary["y"] + 0.5, (width, error, primary)
        assert error["width"] <= MESSAGE_MAX_WIDTH, (width, error)
        page.tap("lock")  # uncovered: unlocking clears the refusal
        page.page.wait_for_function(
            "() => !document.querySelector('[flt-semantics-identifier=\"error\"]')"
        )
    assert not GameStore(server.data_dir).open(gid, readonly=True).game.events  # all refused


def test_a_long_refusal_leaves_the_status_line_and_the_primary_action_whole(module_page, server):
    """Issue 29: a 3–4-line refusal covered «Ходит Аня». Above the action bar a refusal of
    some 110 letters grows up over the board, at 390×844 and 360×640: the status line and
    the primary action stay uncovered."""
    stored = GameStore(server.data_dir).create("munchkin", NAMES6[:4], first_player=0)
    gid = stored.id
    stored.close()
    for width, height in ((390, 844), (360, 640)):
        page = visit(module_page, f"/game/{gid}", "status-player", "Ходит Аня", width, height)
        page.page.wait_for_function(  # no refusal shown yet (the last size's is not this one's)
            "() => !document.querySelector('[flt-semantics-identifier=\"error\"]')"
        )
        status = page.box("status-player")
        page.tap("level-p0-minus")  # level 1 is the floor: «Противоречия между …»
        page.wait_label("error", "ниже манчкин не опускается")
        assert len(page.label("error")) > 100  # a long one
        error = page.box("error")
        assert error["y"] >= status["y"] + status["height"] - 0.5, (width, error, status)
        primary = page.box("primary-action")
        assert error["y"] + error["height"] <= primary["y"] + 0.5, (width, error, primary)


def test_two_undos_in_a_row_reach_the_undo_button_not_the_notice(browser, module_page, server):
    """An undo's notice is drawn over the status line, not over the top bar the finger is on:
    with every message over the top bar, the second of two undos in a row landed on the
    first one's notice (it only cleared it), and a table undoing two moves needed three taps.

    The taps are a finger's: mouse clicks on a page *without* the accessibility tree, where
    Flutter decides what lies under the pointer (on the tree, a click reaches the button's
    node whatever is drawn over it). The undo's place is read on a page with the tree."""
    gid = new_game(
        server,
        NAMES6[:3],
        TWO_COUNTERS,
        moves=[
            ("counter.add", {"player": 1, "counter": "ПО", "delta": 2}),
            ("counter.add", {"player": 2, "counter": "ПО", "delta": 5}),
        ],
    )

    def moves() -> list[int]:
        return [e.data["delta"] for e in GameStore(server.data_dir).open(gid).game.events]

    app = visit(module_page, f"/game/{gid}", "val-p2-c0", "5")
    undo = app.steady("undo")
    app.tap("undo")
    app.wait_label("notice", "Отменено — Вика: ПО +5")
    notice = app.box("notice")
    assert notice["y"] >= undo["y"] + undo["height"] - 0.5, (notice, undo)
    app.tap("redo")
    app.wait_label("notice", "Возвращено — Вика: ПО +5")
    assert moves() == [2, 5]

    finger = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = finger.new_page()
        frames = Frames(page)
        page.goto(f"{server.url}/game/{gid}")
        page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        seen = frames.wait_for("redo")  # the board's top bar came and is drawn
        x, y = undo["x"] + undo["width"] / 2, undo["y"] + undo["height"] / 2
        page.mouse.click(x, y)
        deadline = time.monotonic() + 10
        while moves() != [2] and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert moves() == [2]
        frames.wait_for("Отменено", after=seen)  # the notice drawn; a player taps again in 5 s
        page.mouse.click(x, y)
        deadline = time.monotonic() + 10
        while moves() and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert moves() == [], "the second undo did not reach the undo button"
    finally:
        finger.close()


def test_finished_game_opens_on_its_winner(module_page, server):
    gid = new_game(
        server,
        NAMES6[:4],
        moves=[
            ("counter.add", {"player": 0, "counter": "ПО", "delta": 4}),
            ("turn.next", {}),
            ("counter.add", {"player": 1, "counter": "ПО", "delta": 7}),
            ("turn.next", {}),
            ("game.end", {}),
        ],
    )
    app = visit(module_page, f"/game/{gid}", "winner", "Борис")
    app.assert_in_view("winner", "result-reason", *HEADER)
    assert "7" in app.label("result-reason")
    app.wait_label("status-player", "Игра окончена")


def test_round_is_played_out_after_the_target_with_a_note_in_the_status_line(module_page, server):
    """«Свободный счёт» with ``finish_round``: the note that the round is played out has the
    status line to itself, in view with the primary action, and the winner is in view when
    the round ends (the note's words and the turns: :mod:`tests.ui.test_free_play`)."""
    gid = new_game(
        server,
        NAMES6[:3],
        {
            "counters": [{"name": "ПО", "step": 1, "start": 0}],
            "target": {"counter": "ПО", "value": 5},
            "finish_round": True,
        },
        moves=[("counter.add", {"player": 0, "counter": "ПО", "delta": 5})],
    )
    app = visit(module_page, f"/game/{gid}", "status-note", "доигрываем раунд")
    app.assert_in_view("status-note", "primary-action")
    # no phase in a free game: the note has the line to itself, not the title beside it
    assert app.box("status-note")["width"] > 200, app.box("status-note")
    app.tap("primary-action")
    app.wait_label("status-player", "Ходит Борис")
    app.tap("primary-action")
    app.wait_label("status-player", "Ходит Вика")
    app.tap("primary-action")  # back to Аня: the round is over
    app.wait_label("winner", "Аня")
    app.assert_in_view("winner")
