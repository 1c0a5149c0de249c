"""«Манчкин Апокалипсис» played through the board in this process (the real app on a real Flet
session, :mod:`tests.ui.walk`; no browser): what the table taps, what the screen then says,
what the game holds. Where things are on a phone (nothing moves, 48 dp targets, what fits
one screen) is checked in Chromium by :mod:`tests.ui.test_munchkin`."""

from __future__ import annotations

import pytest

from tests.ui import render_tree as rt
from tests.ui.walk import Phone, game_of, new_hub

NAMES = ["Аня", "Борис", "Вика", "Гена"]

#: refusals and notices stay while the walkthrough reads them (tests/ui/conftest.py)
pytestmark = pytest.mark.usefixtures("lasting_messages")


def _game(data, *moves: tuple[str, dict]):
    hub = new_hub(data)
    gid = hub.create("munchkin", NAMES, first_player=0).id
    for kind, move in moves:
        hub.push(gid, kind, move)
    return hub, gid


async def _turn_and_fight(data) -> None:
    hub, gid = _game(data, ("level.change", {"player": 0, "delta": 1}))
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.wait("status-player", "Ходит Аня")
    await phone.wait("status-phase", "Вышибаем дверь!")
    await phone.wait("primary-action", "Дальше")

    await phone.tap("level-p1-plus")
    await phone.wait("level-p1", "2", exact=True)
    await phone.tap("level-p0-minus")
    await phone.wait("level-p0", "1", exact=True)
    await phone.tap("level-p0-minus")  # level 1 is the floor: refused
    await phone.wait("error", "Аня: уровень уже 1-й — ниже манчкин не опускается")
    assert game_of(hub, gid).state.players[0].level == 1

    # the fight: the calculator, with «Победа» as the primary action
    await phone.tap("start-combat")
    await phone.type("monster-name", "Зомби")
    await phone.type("monster-level", "3")
    await phone.type("monster-treasures", "1")
    await phone.tap("monster-submit")
    await phone.wait("total-monsters", "3", exact=True)
    await phone.wait("total-players", "1", exact=True)
    await phone.wait("primary-action", "Победа")
    # «Бой»: monsters win ties, so 1 against 3 needs +3 (the difference is 2)
    await phone.wait("verdict", "Монстры сильнее: нужно ещё +3")

    # «Зовём на помощь»: Борис (level 2) helps: 3 against 3, a tie, the monsters win
    await phone.tap("helper-1")
    await phone.wait("total-players", "3", exact=True)
    await phone.wait("verdict", "Ничья: побеждают монстры")
    await phone.tap("primary-action")
    await phone.wait("error", "при равенстве побеждают монстры")
    assert game_of(hub, gid).state.combat is not None

    # gear in a fight: refused, the dialog cites «Бой», the card's word overrides it
    await phone.tap("gear-p0-plus")
    await phone.wait("override-message", "(Бой)")
    await phone.tap("override-apply")
    await phone.wait("gear-p0", "1", exact=True)
    await phone.wait("total-players", "4", exact=True)
    last = game_of(hub, gid).events[-1]
    assert last.type == "gear.change" and last.data["override"] is True

    # a one-shot, then «Победа»: Аня +1 level, the board back to the turn
    await phone.tap("bonus-players-2")
    await phone.wait("total-players", "6", exact=True)
    await phone.wait("verdict", "Побеждают манчкины")
    await phone.tap("primary-action")
    await phone.wait("level-p0", "2", exact=True)
    await phone.wait("last-combat", "Победа в бою: Аня тянет 1 сокровище")
    await phone.wait("primary-action", "Дальше")
    game = game_of(hub, gid)
    assert game.state.combat is None and game.events[-1].type == "combat.resolve"


def test_a_turn_and_a_fight_with_a_helper_and_a_card_override(tmp_path):
    """«Бой», «Зовём на помощь», «Противоречия между правилами и картами»: the status line
    names the player and the phase; a level below 1 is refused naming the player; the fight's
    totals and verdict follow the monster, the helper and one-shots; a tie is refused at
    «Победа»; gear in a fight asks for the card's word and cites «Бой»; the win levels up and
    says the treasures to draw."""
    rt.run(_turn_and_fight(tmp_path))


async def _level_ten_by_card(data) -> None:
    hub, gid = _game(data, ("level.set", {"player": 3, "value": 9}))
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.tap("level-p3-plus")
    await phone.wait("override-message", "Противоречия между правилами и картами")
    await phone.tap("override-cancel")
    await phone.gone("override-message")
    assert "10-й" not in phone.shown("error")  # the dialog was the one place that said it
    await phone.wait("level-p3", "9", exact=True)
    assert game_of(hub, gid).state.players[3].level == 9
    # the number pad: the card's word applies it, logged as an override; Гена wins
    await phone.tap("level-p3")
    for d in "10":
        await phone.tap(f"pad-{d}")
    await phone.wait("pad-display", "10")
    await phone.tap("pad-ok")
    await phone.wait("override-message", "10-й уровень")
    await phone.tap("override-apply")
    await phone.wait("winner", "Гена")
    last = game_of(hub, gid).events[-1]
    assert last.type == "level.set" and last.data == {"player": 3, "value": 10, "override": True}


def test_level_ten_is_refused_then_taken_on_the_cards_word(tmp_path):
    """«Противоречия между правилами и картами»: level 10 only for killing a monster; «Отмена»
    keeps level 9 and no banner repeats the dialog; through the number pad «карта так
    говорит» sets it, logged as an override, and the player wins."""
    rt.run(_level_ten_by_card(tmp_path))


async def _flee(data) -> None:
    hub, gid = _game(
        data,
        ("combat.start", {"monster": {"name": "Дракон", "level": 12}}),
        ("combat.monster.add", {"monster": {"name": "Крыса", "level": 1}}),
    )
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.wait("total-monsters", "13", exact=True)
    await phone.tap("flee")
    await phone.tap("flee-die-0-5")
    await phone.wait("flee-die-0-5", "выбран")
    await phone.tap("flee-die-1-2")
    await phone.wait("flee-die-1-2", "выбран")
    await phone.tap("flee-submit")
    await phone.wait("last-combat", "Дракон — удалось (5); Крыса — не удалось (2)")
    assert phone.has("primary-action") and phone.has("status-player")
    last = game_of(hub, gid).events[-1]
    assert last.type == "combat.flee" and last.data["rolls"] == [5, 2]


def test_running_away_with_table_dice(tmp_path):
    """«Смываемся»: one die per monster, 5+ gets away; the dice are tapped from the table."""
    rt.run(_flee(tmp_path))


async def _charity(data) -> None:
    hub, gid = _game(
        data,
        ("level.set", {"player": 0, "value": 3}),
        ("level.set", {"player": 3, "value": 2}),
        ("phase.next", {}),
        ("phase.next", {}),
        ("phase.next", {}),
    )
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.wait("status-phase", "От щедрот")
    await phone.wait("primary-action", "Следующий игрок")
    await phone.tap("charity-open")
    await phone.tap("hand-minus")  # 5 cards: nothing to give, no rows of gifts
    await phone.wait("charity-plan", "раздавать нечего")
    assert not phone.has("gift-1")
    for _ in range(3):
        await phone.tap("hand-plus")
    await phone.wait("hand", "8", exact=True)
    await phone.wait("charity-plan", "Лишних карт: 3")
    await phone.wait("gift-1", "Борис: 2", exact=True)
    await phone.wait("gift-2", "Вика: 1", exact=True)
    await phone.wait("gift-extra-2", "недоступно")  # the one odd card is taken
    await phone.tap("gift-extra-2")  # dimmed: the reason comes where the plan was
    await phone.wait("charity-plan", "Остаток (1) уже отдан: Борис (Фазы хода)")
    await phone.wait("gift-1", "Борис: 2", exact=True)
    await phone.wait("gift-2", "Вика: 1", exact=True)
    # the odd card moves to Вика
    await phone.tap("gift-extra-1")
    await phone.wait("gift-1", "Борис: 1", exact=True)
    await phone.tap("gift-extra-2")
    await phone.wait("gift-2", "Вика: 2", exact=True)
    await phone.wait("gift-extra-1", "недоступно")
    await phone.tap("charity-submit")
    await phone.gone("charity")
    # said on the board too, in cards: «+1» alone read as a level (play-test)
    await phone.wait("notice", "От щедрот: Борис 1 карта, Вика 2 карты")
    last = game_of(hub, gid).events[-1]
    assert last.type == "turn.charity" and last.data["gifts"] == [0, 1, 2, 0]


def test_charity_never_takes_more_odd_cards_than_there_are(tmp_path):
    """«От щедрот»: 8 cards in hand, 3 surplus for the two lowest (Борис, Вика): one each and
    one odd card, which only one of them can get; a dimmed box says why; the gifts are said
    on the board in cards and recorded."""
    rt.run(_charity(tmp_path))


async def _fight_then_charity(data) -> None:
    hub, gid = _game(data, ("level.set", {"player": 0, "value": 3}))
    phone = await Phone.open(hub, f"/game/{gid}")
    assert not phone.has("turn")  # the status line says whose turn it is: no repetition
    await phone.tap("start-combat")
    await phone.type("monster-name", "Зомби")
    await phone.type("monster-level", "1")
    await phone.type("monster-treasures", "2")
    await phone.tap("monster-submit")
    await phone.wait("verdict", "Побеждают манчкины")
    await phone.tap("primary-action")  # «Победа»
    await phone.wait("level-p0", "4", exact=True)
    await phone.wait("last-combat", "Победа в бою: Аня тянет 2 сокровища")
    await phone.tap("last-combat")  # the whole summary, in a dialog
    await phone.wait("last-combat-text", "разовые карты — в сброс")
    await phone.tap("last-combat-close")
    await phone.gone("last-combat-text")
    await phone.tap("primary-action")  # «Дальше»: after a fight the turn goes on to charity
    await phone.wait("status-phase", "От щедрот")
    await phone.wait("charity-open", "От щедрот")
    await phone.wait("primary-action", "Следующий игрок")
    await phone.tap("charity-open")
    for _ in range(2):
        await phone.tap("hand-plus")
    await phone.wait("charity-plan", "Лишних карт: 3")
    await phone.tap("charity-submit")
    await phone.gone("charity-plan")
    await phone.gone("charity-open")
    game = game_of(hub, gid)
    assert game.events[-1].type == "turn.charity" and game.state.charity_done


def test_a_won_fight_goes_on_to_charity_and_charity_is_done_once(tmp_path):
    """«Бой», «От щедрот»: a won fight says the treasures (the whole summary in its dialog),
    «Дальше» then leads to «От щедрот», and once the surplus is given the helper is gone."""
    rt.run(_fight_then_charity(tmp_path))
