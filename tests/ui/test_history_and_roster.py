"""Real-browser tests at 390×844 of game nights (issue 32) and the same table again (issue 31):
two short games played, «История» and «Статистика» read; «Ещё раз» and the roster chips
counted in taps."""

from __future__ import annotations

import time

from companion.store import GameStore
from companion.store.roster import Roster
from tests.ui.conftest import App


class Counted:
    """Counts the taps a test makes (every tap goes through :meth:`tap`)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.taps = 0

    def tap(self, ident: str) -> None:
        self.taps += 1
        self.app.tap(ident)


def games_in(data_dir, n: int, timeout: float = 15.0) -> list:
    """The stored games once there are ``n`` of them, newest first."""
    deadline = time.monotonic() + timeout
    while True:
        games = GameStore(data_dir).list()
        if len(games) >= n or time.monotonic() > deadline:
            return sorted(games, key=lambda s: s.started, reverse=True)
        time.sleep(0.1)


def end_game(app: App) -> None:
    app.tap("end-game")
    app.tap("end-confirm")
    app.appear("winner")


def test_two_games_then_history_and_statistics_show_the_numbers(app, server):
    app.open("/")
    app.tap("new-game")
    app.el("start-game").wait_for()
    app.choose("game-choice", "Свободный счёт")
    app.fill("player-name-0", "Аня")
    app.fill("player-name-1", "Борис")
    app.tap("start-game")
    app.tap("val-p0-c0-plus")
    app.wait_label("val-p0-c0", "1")
    end_game(app)
    app.wait_label("winner", "Аня")

    # the same table again: one tap
    first = games_in(server.data_dir, 1)[0]
    taps = Counted(app)
    taps.tap("play-again")
    app.appear("val-p1-c0-plus")
    assert taps.taps == 1
    second = games_in(server.data_dir, 2)[0]
    assert second.id != first.id and second.players == ("Аня", "Борис")
    app.tap("val-p1-c0-plus")
    app.wait_label("val-p1-c0", "1")
    app.tap("val-p1-c0-plus")
    app.wait_label("val-p1-c0", "2")
    end_game(app)
    app.wait_label("winner", "Борис")

    app.tap("home")
    app.tap("open-history")
    app.wait_label("history-count", "Партий: 2")
    app.wait_label(f"winners-{second.id}", "Победа: Борис")
    app.wait_label(f"winners-{first.id}", "Победа: Аня")
    assert "Аня 0 · Борис 2" in app.label(f"play-{second.id}")

    app.tap("tab-stats")
    app.wait_label("stats-total", "Партий: 2")
    app.wait_label("player-stats-Аня", "Аня: 1 из 2 (50%)")
    app.wait_label("player-stats-Борис", "Борис: 1 из 2 (50%)")
    app.wait_label("game-stats-free", "Партий: 2")
    app.wait_label("h2h-result", "Вместе сыграно: 2")

    app.tap("tab-nights")
    app.wait_label("night-top-0", "Аня и Борис (1)")

    # a played game opens from the history with its result, as today
    app.tap("tab-history")
    app.tap(f"play-{first.id}")
    app.wait_label("winner", "Аня")


def test_four_regulars_from_the_roster_in_six_taps(app, server):
    roster = Roster(server.data_dir)
    for name, color in (
        ("Вика", "#43A047"),
        ("Гена", "#1E88E5"),
        ("Дина", "#8E24AA"),
        ("Егор", "#FB8C00"),
    ):
        roster.add(name, color)
    # a finished free-counter game before: the form starts on the game played last
    store = GameStore(server.data_dir)
    old = store.create("free", ["Вика", "Гена"], first_player=0)
    old.push("game.end")
    old.close()
    app.open("/")
    taps = Counted(app)
    taps.tap("new-game")
    for name in ("Гена", "Вика", "Егор", "Дина"):
        taps.tap(f"chip-{name}")
    app.appear("player-name-3")  # the fourth seat, added by the fourth chip
    taps.tap("start-game")
    app.appear("val-p3-c0")
    assert taps.taps <= 6
    new = games_in(server.data_dir, 2)[0]
    assert new.players == ("Гена", "Вика", "Егор", "Дина")
    seated = GameStore(server.data_dir).open(new.id, readonly=True).game.setup.players
    assert [p.color for p in seated] == ["#1E88E5", "#43A047", "#FB8C00", "#8E24AA"]


def test_a_typed_name_offers_to_join_the_roster(app, server):
    app.open("/new")
    app.el("start-game").wait_for()
    app.fill("player-name-0", "Жора")
    app.tap("join-Жора")
    deadline = time.monotonic() + 15
    while Roster(server.data_dir).find("Жора") is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert Roster(server.data_dir).find("Жора") is not None
    app.appear("chip-Жора")


def test_statistics_reachable_from_home_on_a_landscape_phone(browser, server):
    """844×390: the home menu's column scrolls to «Статистика» and «Итоги вечера» (six
    buttons do not fit in 390 px)."""
    app = App(browser, server, 844, 390)
    try:
        app.open("/")
        app.appear("open-nights")
        # a finger swipes up on the left column (the harness's own scroll turns the wheel at
        # the page's middle, over the saved games' column)
        app.page.mouse.move(180, 300)
        app.page.mouse.wheel(0, 400)
        app.tap("open-nights")
        app.appear("screen-nights")
        app.tap("tab-stats")
        app.appear("screen-stats")
    finally:
        app.close()
