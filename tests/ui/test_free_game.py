"""Real-browser tests of free counters, offline in Chromium: what only a browser shows — a
reload, typing into the form, what fits a phone. The game played through the board:
:mod:`tests.ui.test_free_play`."""

from __future__ import annotations

import time

import pytest

from companion.store import GameStore
from tests.ui.conftest import Server
from tests.ui.phone import settled, show, visit

SIDES = ("-minus", "", "-plus")


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests: each opens a game of its own by its id, or finds
    the game it started among those that were not there before."""
    return module_server


def saved_events(data_dir, gid: str, n: int, timeout: float = 15.0):
    """The saved game ``gid``'s summary once it holds ``n`` events."""
    deadline = time.monotonic() + timeout
    while True:
        (summary,) = [s for s in GameStore(data_dir).list() if s.id == gid]
        if summary.events == n or time.monotonic() > deadline:
            return summary
        time.sleep(0.1)


def free_form(app, names: tuple[str, ...] | list[str] = (), added: int = 0) -> None:
    """From the home screen on ``app``: the new-game form with «Свободный счёт» picked,
    ``added`` player fields added, and ``names`` typed in the first player fields."""
    app.tap("new-game")
    app.el("start-game").wait_for()
    app.choose("game-choice", "Свободный счёт")
    app.el("add-counter").wait_for()
    for _ in range(added):
        app.tap("add-player")
    for i, name in enumerate(names):
        app.fill(f"player-name-{i}", name)


def start_free_game(app, names: list[str]) -> None:
    """:func:`free_form` with one player field added, then «Начать игру» (the phone build's
    test starts its game so: tests/phone/test_phone_build.py)."""
    free_form(app, names, added=1)
    app.tap("start-game")
    app.el("val-p0-c0").wait_for()


def test_free_counters_survive_a_reload(module_page, server):
    """The counters a phone changed are there after the page reloads (the store is the game).
    The taps, undo and the journal: :mod:`tests.ui.test_free_play`."""
    stored = GameStore(server.data_dir).create("free", ["Аня", "Борис", "Вика"], first_player=0)
    stored.push("counter.add", {"player": 1, "counter": "ПО", "delta": -1})
    stored.close()
    app = visit(module_page, f"/game/{stored.id}", "val-p1-c0", "-1")
    app.tap("val-p0-c0-plus")
    app.wait_label("val-p0-c0", "1")
    assert saved_events(server.data_dir, stored.id, 2).events == 2
    app.page.reload()
    app.open(app.page.url.removeprefix(server.url))
    app.wait_label("val-p0-c0", "1")
    app.wait_label("val-p1-c0", "-1")


def test_a_refused_start_shows_why_without_pushing_the_button_away(module_page, server):
    """A new game the rules refuse (here: a counter without a name; players left unnamed
    now play under the names their fields show) says why beside «Начать игру», both in view;
    the button does not move (play-test: the refusal above it in the form pushed it below
    the screen). The button is pinned under the form, the refusal right above it."""
    app = module_page
    show(app, "/")
    free_form(app)
    app.fill("counter-name-0", "")
    before = app.steady("start-game")
    app.tap("start-game")
    app.wait_label("error", "название")
    settled(app, "error")  # the refusal and the button have stopped moving
    settled(app, "start-game")
    app.assert_in_view("error", "start-game")
    after = app.box("start-game")
    assert abs(after["y"] - before["y"]) <= 1, (before, after)
    assert app.box("error")["y"] + app.box("error")["height"] <= after["y"]


def test_six_players_with_long_counter_names_fit_a_small_phone(module_page, server):
    """Six players with two counters named «Победные очки» and «Золотые монеты»: at 360×640,
    390×844 and 844×390 every player's counters share one line (the names cut with «…»,
    whole in the −/+ buttons' labels) and all six players fit with the active player, the
    phase and the primary action in view, no scroll (issue 29); upright, above the action
    bar. Every number (a tap opens the pad) is a 48 dp target."""
    stored = GameStore(server.data_dir).create(
        "free",
        ["Аня", "Борис", "Вика", "Гоша", "Даша", "Егор"],
        first_player=0,
        options={
            "counters": [
                {"name": "Победные очки", "step": 1, "start": 0},
                {"name": "Золотые монеты", "step": 1, "start": 3},
            ]
        },
    )
    stored.close()
    for width, height in ((360, 640), (390, 844), (844, 390)):
        app = visit(module_page, f"/game/{stored.id}", "val-p5-c1", "3", width, height)
        for ident in ("val-p5-c1-plus", "primary-action"):  # the layout has settled
            settled(app, ident)
        controls = [f"val-p{p}-c{c}{s}" for p in range(6) for c in (0, 1) for s in SIDES]
        app.assert_in_view("primary-action", "status-player", "status-phase", *controls)
        if width < height:  # upright: not under the action bar either
            last = app.box("val-p5-c1-plus")
            assert last["y"] + last["height"] <= app.box("action-bar")["y"], (width, last)
        for p in range(6):  # the number (it opens the pad) is a 48 dp target
            for c in (0, 1):
                b = app.box(f"val-p{p}-c{c}")
                assert b["width"] >= 47.5 and b["height"] >= 47.5, (width, p, c, b)
        for p in range(6):  # one line: both counters at the same height
            first, second = app.box(f"val-p{p}-c0"), app.box(f"val-p{p}-c1")
            assert abs(first["y"] - second["y"]) < 1, (width, p, first, second)
        assert "Золотые монеты" in app.label("val-p0-c1-plus")


def test_target_typed_once_is_the_target_saved(module_page, server):
    """Choose a counter under «Цель», tap «до», type 15 once: the field shows 15 and the game
    starts with the target 15 (issue 30)."""
    before = {s.id for s in GameStore(server.data_dir).list()}
    app = module_page
    show(app, "/")
    free_form(app)  # the players play under the names their fields show: none typed
    app.choose("target-counter", "ПО")
    app.page.wait_for_function(
        "() => { const e = document.querySelector("
        "'[flt-semantics-identifier=\"target-value\"] input'); return e && !e.disabled; }"
    )
    app.steady("target-value")
    field = app.el("target-value").locator("input").first
    field.click()
    app.page.wait_for_function("e => document.activeElement === e", arg=field.element_handle())
    app.page.keyboard.type("15", delay=80)
    app.page.wait_for_function(
        "() => document.querySelector('[flt-semantics-identifier=\"target-value\"] input')"
        ".value === '15'",
        timeout=10_000,
    )
    app.tap("start-game")
    app.el("val-p0-c0").wait_for()
    (gid,) = {s.id for s in GameStore(server.data_dir).list()} - before
    setup = GameStore(server.data_dir).open(gid).game.setup
    assert setup.options["target"] == {"counter": "ПО", "value": 15}
