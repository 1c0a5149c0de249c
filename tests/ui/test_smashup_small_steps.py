"""«Замес» at 360×640 (Chromium), what a play-test of session 15 found: the capture dialog's
refused new base out of sight, the base list left scrolled at a new phase, and a redone
capture's four-line notice over the pinned plays card («Проверь базы», «Раздача очков»)."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.ui.game_screen import STATUS_HEIGHT
from tests.ui.conftest import Server, drawn
from tests.ui.phone import same_place, tap_after_guard, tap_primary, wait_at, wait_moved_up, wheel
from tests.ui.test_smashup import FIVE_BASES, four_player_game


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id."""
    return suite_server


#: «Пещера» (base 3) broken (19 of 19), the game in «Проверь базы».
READY_IN_CHECK = [
    ("base.set", {"base": 3, "player": 2, "power": 19, "minions": 3}),
    ("phase.next", {}),
    ("phase.next", {}),
]
JUNGLE = {"name": "Тропические джунгли", "breakpoint": 20, "vp": [4, 2, 1]}
#: The play-test's names: a capture's notice naming three of them took four lines.
LONG = ["Анастасия", "Валентина", "Себастьян", "Леопольдий"]
SETUP_DECKS = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Зомби", "Пираты"], ["Ниндзя", "Роботы"]]


def test_a_refused_new_base_scrolls_its_fields_into_the_capture_dialog(one_page, server):
    """360×640, «Захватить» with only a new base's name typed (one the catalogue does not
    know). Play-test: under the name the room kept for suggestions pushed «Оборона / 1-е /
    2-е / 3-е» and the refusal «Оборона: нужно целое число.» below the dialog's fold, and
    nothing visible changed. Now the dialog's content goes to its end: the fields and the
    refusal are whole above the dialog's buttons."""
    gid = four_player_game(server.data_dir, READY_IN_CHECK)
    app = one_page.open(f"/game/{gid}", 360, 640)
    app.wait_label("status-phase", "Проверь базы")
    app.tap("score-3")
    app.fill("repl-name", "Джунгли")
    app.wait_label("repl-preview", "Джунгли: оборона ?")  # the name has reached the app
    app.tap("score-confirm")
    app.wait_label("repl-error", "Оборона")
    # each box read where it is once it has stopped moving (two equal reads 100 ms apart)
    buttons = app._settled("score-confirm", 15_000)
    for ident in ("repl-bp", "repl-vp1", "repl-vp3", "repl-error"):
        b = app._settled(ident, 15_000)  # where it is: not scrolled into view first
        assert b["height"] > 0 and b["y"] >= 0, (ident, b)
        assert b["y"] + b["height"] <= buttons["y"] - 4, (ident, b, buttons)


def test_a_new_phase_shows_the_base_list_from_its_top(one_page, server):
    """360×640. Play-test: the list kept the offset of a base opened in the last phase, so at
    the next phase the reminder that tops it was hidden and the first base cut. After
    «Дальше» the reminder and the first base are where they were before anything scrolled."""
    gid = four_player_game(server.data_dir, [("phase.next", {})], step_phases=True)
    app = one_page.open(f"/game/{gid}", 360, 640)
    app.wait_label("status-phase", "Играй карты")
    reminder, first = app._settled("reminder", 15_000), app._settled("base-0", 15_000)
    app.tap("base-4-open")
    app.el("play-minion-b4").wait_for()
    wait_moved_up(app, "base-0", first["y"], 40)  # the opened base's own jump has ended
    tap_primary(app)
    app.wait_label("status-phase", "Проверь базы")
    wait_at(app, "reminder", reminder["y"])  # back where it was (fails if it never comes)
    wait_at(app, "base-0", first["y"])
    assert same_place(app._settled("reminder", 15_000), reminder, 1)
    assert same_place(app._settled("base-0", 15_000), first, 1)


def test_a_redone_capture_keeps_its_notice_to_the_status_line(one_page, server):
    """360×640 and 390×844. Play-test: «Возвращено — База «Фабрика» захвачена: …» took four
    lines over the status line and the pinned «Приспешники / Действия». An undo's or redo's
    notice is as tall as the status line at most now (cut with «…»), sits above the pinned
    action bar, and its label has the whole text."""
    powers = [
        ("base.set", {"base": 2, "player": i, "power": p, "minions": 1})
        for i, p in ((0, 4), (1, 10), (2, 8))
    ]  # «Замок принцессы», 22 of 22
    moves = [*powers, *READY_IN_CHECK[1:], ("base.score", {"base": 2, "base_card": JUNGLE})]
    for width, height in ((360, 640), (390, 844)):
        gid = four_player_game(server.data_dir, moves, names=LONG)
        app = one_page.open(f"/game/{gid}", width, height)
        app.wait_label("base-2-name", "Тропические джунгли")
        undo = app._settled("undo", 15_000)
        app.tap("undo")
        app.wait_label("notice", "Отменено — База «Замок принцессы» захвачена")
        tap_after_guard(app, "redo")
        app.wait_label("notice", "на её место выложена «Тропические джунгли»")
        notice = app._settled("notice", 15_000)
        bar = app._settled("action-bar", 15_000)
        assert notice["height"] <= STATUS_HEIGHT + 0.5, (width, notice)
        # above the pinned bar, never over the top bar (undo stays a tap away)
        assert notice["y"] + notice["height"] <= bar["y"] + 0.5, (width, notice, bar)
        assert notice["y"] >= undo["y"] + undo["height"], (width, notice, undo)
        assert app.label("notice").startswith("Возвращено — База «Замок принцессы» захвачена")


def test_the_game_starts_with_the_base_list_from_its_top(one_page, server):
    """360×640. Play-test: the setup page scrolled down to «Начать игру» left its offset to
    the first turn's list, the reminder hidden under the pinned header and the first base
    cut. After the start the reminder and the first base are where a page opened on the
    started game shows them (a clipped node's box is its visible part)."""
    stored = GameStore(server.data_dir).create(
        "smashup", LONG, first_player=0, options={"factions": SETUP_DECKS}
    )
    for name, bp, vp in FIVE_BASES:
        stored.push("base.add", {"base_card": {"name": name, "breakpoint": bp, "vp": vp}})
    app = one_page.open(f"/game/{stored.id}", 360, 640)
    app.wait_label("primary-action", "Начать")
    wheel(app, 3000, 180, 400)  # the setup page at its end, as a finger leaves it (drawn)
    tap_primary(app)
    app.wait_label("status-phase", "Начало хода")
    drawn(app.page)
    started = {ident: app._settled(ident, 15_000) for ident in ("reminder", "base-0")}
    # the started game opened anew (from the home screen, in the same page): the list at its
    # top; each node is waited for at the started page's place, then compared whole
    fresh = one_page.open(f"/game/{stored.id}", 360, 640)
    fresh.wait_label("status-phase", "Начало хода")
    for ident, b in started.items():
        wait_at(fresh, ident, b["y"])
        assert same_place(b, fresh._settled(ident, 15_000), 1), (ident, b)
