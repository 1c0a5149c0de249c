"""Free counters played through the board in this process (the real app on a real Flet
session, :mod:`tests.ui.walk`; no browser): a game started from the form, counters, undo in
the engine's words, the journal, the number pad, the end of the game. What only a browser
shows (a reload, typing, what fits a phone) stays in :mod:`tests.ui.test_free_game`."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from tests.ui import render_tree as rt
from tests.ui.walk import Phone, game_of, new_hub

#: refusals and notices stay while the walkthrough reads them (tests/ui/conftest.py)
pytestmark = pytest.mark.usefixtures("lasting_messages")


async def _form(phone: Phone, names: list[str], added: int = 0) -> None:
    """The new-game form (the phone is on «/new») with «Свободный счёт» picked, ``added``
    player fields added and ``names`` typed."""
    await phone.choose("game-choice", "free")
    for _ in range(added):
        await phone.tap("add-player")
    for i, name in enumerate(names):
        await phone.type(f"player-name-{i}", name)


async def _start(phone: Phone) -> str:
    """«Начать игру»: the phone is on the new game."""
    await phone.tap("start-game")
    assert phone.hub is not None
    (summary,) = phone.hub.store.list()
    assert phone.session.page.route == f"/game/{summary.id}"  # the app went to the game
    await phone.wait("val-p0-c0", "0", exact=True)
    return summary.id


async def _counters_undo_and_log(data) -> None:
    hub = new_hub(data)
    phone = await Phone.open(hub, "/new")
    await _form(phone, ["Аня", "Борис", "Вика"], added=1)
    gid = await _start(phone)
    await phone.tap("val-p0-c0-plus")
    await phone.wait("val-p0-c0", "1", exact=True)
    await phone.tap("val-p0-c0-plus")
    await phone.wait("val-p0-c0", "2", exact=True)
    await phone.tap("val-p1-c0-minus")
    await phone.wait("val-p1-c0", "-1", exact=True)
    await phone.tap("primary-action")  # «Следующий игрок»
    (summary,) = GameStore(data).list()
    assert summary.players == ("Аня", "Борис", "Вика") and summary.events == 4

    await phone.tap("undo")  # takes back «next player»
    await phone.tap("undo")  # takes back Борис −1
    await phone.wait("val-p1-c0", "0", exact=True)
    # the engine's words, both moves named: two undos in a row (issue #30)
    await phone.wait("notice", "Отменено 2 хода — Ход переходит к ")
    assert phone.label("notice").endswith("; Борис: ПО −1"), phone.label("notice")
    game = game_of(hub, gid)
    assert [e.type for e in game.events] == ["counter.add", "counter.add"]
    assert game.state.values[1]["ПО"] == 0

    await phone.tap("open-log")
    assert phone.session.page.route == f"/game/{gid}/log"
    await phone.wait("log-2", "Аня: ПО +1 (теперь 2)")
    await phone.wait("log-1", "Аня: ПО +1 (теперь 1)")
    assert not phone.has("log-3")


def test_free_counters_undo_in_words_and_the_journal(tmp_path):
    """A free-counter game from the form: ± count, «Следующий игрок» passes the turn, every
    move is saved; two undos take back two moves and say both in the engine's words; the
    journal lists what is left, newest first. (That the moves survive a reload: the browser
    test.)"""
    rt.run(_counters_undo_and_log(tmp_path / "d"))


async def _pad_and_target(data) -> None:
    hub = new_hub(data)
    phone = await Phone.open(hub, "/new")
    await _form(phone, ["Аня", "Борис"])
    assert rt.tagged_control(phone.session, "target-value").disabled  # no target counter yet
    gid = await _start(phone)
    await phone.tap("val-p1-c0")  # tap the number: the number pad opens
    for key in ("1", "2"):
        await phone.tap(f"pad-{key}")
    await phone.wait("pad-display", "12")
    await phone.tap("pad-ok")
    await phone.wait("val-p1-c0", "12", exact=True)
    await phone.tap("end-game")  # asks first
    await phone.tap("end-confirm")
    await phone.wait("winner", "Борис")
    stopped = phone.says("clock")
    # the clock ticks each second while a game runs: a running game's clock on another
    # phone ticks twice (a whole second has passed) while the finished one stays still
    witness = await Phone.open(hub, f"/game/{hub.create('free', ['Вика', 'Гена']).id}")
    await witness.changed("clock", await witness.changed("clock", witness.says("clock")))
    await phone.settle()
    assert phone.says("clock") == stopped  # a finished game's clock no longer runs
    (summary,) = [s for s in GameStore(data).list() if s.id == gid]
    assert summary.finished and summary.winners == ("Борис",)
    # a finished game refuses new moves with a sentence, and nothing changes
    await phone.tap("val-p0-c0-plus")
    await phone.wait("error", "Игра уже окончена")
    assert game_of(hub, gid).state.values[0]["ПО"] == 0


def test_numeric_pad_sets_value_and_ending_the_game_names_the_winner(tmp_path):
    """The number pad sets a counter; «Закончить игру» asks, then names the winner; the clock
    stops; a finished game refuses a move with a sentence and nothing changes."""
    rt.run(_pad_and_target(tmp_path / "d"))


async def _pad_opens_on_value(data) -> None:
    hub = new_hub(data)
    gid = hub.create("free", ["Аня", "Борис"], first_player=0).id
    hub.push(gid, "counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.tap("val-p0-c0")
    await phone.wait("pad-display", "3")
    await phone.tap("pad-ok")
    await phone.gone("pad-display")  # no move from it: see the count below
    await phone.tap("val-p0-c0")
    await phone.wait("pad-display", "3")
    await phone.tap("pad-7")
    await phone.wait("pad-display", "7")
    assert "37" not in phone.says("pad-display")
    await phone.tap("pad-ok")
    await phone.wait("val-p0-c0", "7", exact=True)
    events = game_of(hub, gid).events
    assert len(events) == 2 and (events[-1].type, events[-1].data["value"]) == ("counter.set", 7)


def test_the_numeric_pad_opens_on_the_counters_value(tmp_path):
    """Аня has 3: her pad shows 3 (it showed 0), «Готово» on it makes no move, and a digit
    typed replaces the 3 (7, not 37) as a calculator's does."""
    rt.run(_pad_opens_on_value(tmp_path / "d"))


async def _played_out(data) -> None:
    hub = new_hub(data)
    options = {
        "counters": [{"name": "ПО", "step": 1, "start": 0}],
        "target": {"counter": "ПО", "value": 5},
        "finish_round": True,
    }
    gid = hub.create("free", ["Аня", "Борис", "Вика"], first_player=0, options=options).id
    hub.push(gid, "counter.add", {"player": 0, "counter": "ПО", "delta": 5})
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.wait("status-note", "доигрываем раунд")
    await phone.wait("round", "Раунд 1 · до конца ходят: Аня, Борис, Вика")
    await phone.tap("status-note")  # the whole note, over the status line
    await phone.wait("notice", "игра закончится, когда ход вернётся к первому игроку")
    await phone.tap("primary-action")
    await phone.wait("status-player", "Ходит Борис")
    await phone.tap("val-p1-c0-plus")
    await phone.wait("val-p1-c0", "1", exact=True)
    await phone.tap("primary-action")
    await phone.wait("status-player", "Ходит Вика")
    await phone.tap("primary-action")  # back to Аня: the round is over
    await phone.wait("winner", "Аня")
    await phone.wait("round", "Игра окончена")  # not «Раунд 2»: the game ended in round 1
    await phone.wait("primary-action", "Игра окончена")
    assert game_of(hub, gid).state.values[1]["ПО"] == 1


def test_the_round_is_played_out_after_the_target(tmp_path):
    """«Свободный счёт» with ``finish_round``: once the target is reached the status line
    says the round is played out (the whole note on a tap); the game ends when the turn comes
    back to the first player, in that round."""
    rt.run(_played_out(tmp_path / "d"))
