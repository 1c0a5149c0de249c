"""Game nights (issue 32) and the same table again (issue 31): two short games played,
«История» and «Статистика» read, «Ещё раз» and the roster chips counted in taps — in-process
(the real app on a real Flet session: :mod:`tests.ui.walk`); in Chromium only what a phone's
browser shows (the home menu scrolled on a landscape phone)."""

from __future__ import annotations

from companion.store import GameStore
from companion.store.roster import Roster
from tests.ui import render_tree as rt
from tests.ui.conftest import App
from tests.ui.walk import Phone, new_hub


class Counted:
    """Counts the taps a test makes (every tap goes through :meth:`tap`)."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.taps = 0

    async def tap(self, ident: str) -> None:
        self.taps += 1
        await self.phone.tap(ident)


def games_in(data_dir) -> list:
    """The stored games, newest first."""
    return sorted(GameStore(data_dir).list(), key=lambda s: s.started, reverse=True)


async def _end_game(phone: Phone, winner: str) -> None:
    await phone.tap("end-game")
    await phone.tap("end-confirm")
    await phone.wait("winner", winner)


async def _two_games(data) -> None:
    phone = await Phone.open(new_hub(data), "/")
    await phone.tap("new-game")
    await phone.choose("game-choice", "free")
    await phone.type("player-name-0", "Аня")
    await phone.type("player-name-1", "Борис")
    await phone.tap("start-game")
    await phone.tap("val-p0-c0-plus")
    await phone.wait("val-p0-c0", "1", exact=True)
    await _end_game(phone, "Аня")

    # the same table again: one tap
    (first,) = games_in(data)
    taps = Counted(phone)
    await taps.tap("play-again")
    await phone.wait("val-p1-c0", "0", exact=True)
    assert taps.taps == 1
    second = games_in(data)[0]
    assert second.id != first.id and second.players == ("Аня", "Борис")
    await phone.tap("val-p1-c0-plus")
    await phone.wait("val-p1-c0", "1", exact=True)
    await phone.tap("val-p1-c0-plus")
    await phone.wait("val-p1-c0", "2", exact=True)
    await _end_game(phone, "Борис")

    await phone.tap("home")
    await phone.tap("open-history")
    await phone.wait("history-count", "Партий: 2")
    await phone.wait(f"winners-{second.id}", "Победа: Борис")
    await phone.wait(f"winners-{first.id}", "Победа: Аня")
    assert "Аня 0 · Борис 2" in phone.says(f"play-{second.id}")

    await phone.tap("tab-stats")
    await phone.wait("stats-total", "Партий: 2")
    await phone.wait("player-stats-Аня", "Аня: 1 из 2 (50%)")
    await phone.wait("player-stats-Борис", "Борис: 1 из 2 (50%)")
    await phone.wait("game-stats-free", "Партий: 2")
    await phone.wait("h2h-result", "Вместе сыграно: 2")

    await phone.tap("tab-nights")
    await phone.wait("night-top-0", "Аня и Борис (1)")

    # a played game opens from the history with its result, as today
    await phone.tap("tab-history")
    await phone.tap(f"play-{first.id}")
    await phone.wait("winner", "Аня")


def test_two_games_then_history_and_statistics_show_the_numbers(tmp_path, lasting_messages):
    """Game nights (issue 32) and the same table again (issue 31), in-process: two short
    games, the second started with one tap on «Ещё раз»; «История», «Статистика» and «Итоги
    вечера» count them; a played game opens from the history on its result."""
    rt.run(_two_games(tmp_path / "d"))


async def _regulars(data) -> None:
    data.mkdir(parents=True)
    roster = Roster(data)
    for name, color in (
        ("Вика", "#43A047"),
        ("Гена", "#1E88E5"),
        ("Дина", "#8E24AA"),
        ("Егор", "#FB8C00"),
    ):
        roster.add(name, color)
    # a finished free-counter game before: the form starts on the game played last
    old = GameStore(data).create("free", ["Вика", "Гена"], first_player=0)
    old.push("game.end")
    old.close()
    phone = await Phone.open(new_hub(data), "/")
    taps = Counted(phone)
    await taps.tap("new-game")
    for name in ("Гена", "Вика", "Егор", "Дина"):
        await taps.tap(f"chip-{name}")
    assert phone.has("player-name-3")  # the fourth seat, added by the fourth chip
    await taps.tap("start-game")
    await phone.wait("val-p3-c0", "0", exact=True)
    assert taps.taps <= 6
    new = games_in(data)[0]
    assert new.players == ("Гена", "Вика", "Егор", "Дина")
    seated = GameStore(data).open(new.id, readonly=True).game.setup.players
    assert [p.color for p in seated] == ["#1E88E5", "#43A047", "#FB8C00", "#8E24AA"]


def test_four_regulars_from_the_roster_in_six_taps(tmp_path, lasting_messages):
    """The roster (issue 31): four regulars seated with their colours by their chips, the
    game started in six taps from the home screen."""
    rt.run(_regulars(tmp_path / "d"))


async def _joins_roster(data) -> None:
    phone = await Phone.open(new_hub(data), "/new")
    await phone.type("player-name-0", "Жора")
    await phone.tap("join-Жора")
    assert Roster(data).find("Жора") is not None
    assert phone.has("chip-Жора")


def test_a_typed_name_offers_to_join_the_roster(tmp_path, lasting_messages):
    """A name typed in the form is offered a place in the roster; one tap adds it, and its
    chip is there for the next game."""
    rt.run(_joins_roster(tmp_path / "d"))


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
