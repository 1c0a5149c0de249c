"""Tests for companion.engine.munchkin (rulebook munchkin-apocalypse, first four pages)."""

from __future__ import annotations

import contextlib
import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Event, Game
from companion.engine.munchkin import (
    ESCAPE_TARGET,
    MUNCHKIN,
    SETUP_REMINDER,
    Combat,
    Monster,
    OneShot,
    PlayerSheet,
    charity,
    combat_totals,
    compare_sides,
    default_monster_name,
    escapes,
    flee_rolls,
    roll_dice,
)
from companion.errors import RuleViolation, SetupError

NAMES = ["Аня", "Борис", "Вера", "Гоша"]


def new_game(n: int = 4) -> Game:
    ticks = iter(range(1000, 10**6))
    return Game.new(
        MUNCHKIN, NAMES[:n] + ["Дима", "Ева"][: max(0, n - 4)], clock=lambda: float(next(ticks))
    )


def monster(name: str = "Тявмат", level: int = 4, **kw) -> dict:
    return {"name": name, "level": level, **kw}


def set_level(g: Game, player: int, value: int) -> None:
    g.push("level.set", {"player": player, "value": value})


def refused(g: Game, type: str, data: dict, rule: str | None = None) -> RuleViolation:
    before = copy.deepcopy(g.state)
    n = len(g.events)
    with pytest.raises(RuleViolation) as exc:
        g.push(type, data)
    assert g.state == before
    assert len(g.events) == n
    if rule is not None:
        assert exc.value.rule == rule
        assert rule in exc.value.message
    return exc.value


# -- setup -------------------------------------------------------------------------------------
def test_setup_players_range():
    """Подготовка: апокалипсис переживают от трёх до шести манчкинов."""
    for n in (3, 4, 5, 6):
        assert len(new_game(n).state.players) == n
    for names in (["А", "Б"], ["А", "Б", "В", "Г", "Д", "Е", "Ж"]):
        with pytest.raises(SetupError):
            Game.new(MUNCHKIN, names)


def test_setup_deal_reminder():
    """Подготовка: каждому сдают четыре карты Дверей и четыре карты Сокровищ."""
    text = " ".join(SETUP_REMINDER)
    assert "4 карты Дверей" in text and "4 карты Сокровищ" in text
    assert MUNCHKIN.id == "munchkin" and MUNCHKIN.title == "Манчкин Апокалипсис"


def test_character_starts_level_one_without_class():
    """Создание персонажа: манчкин начинает 1-м уровнем без класса."""
    g = new_game()
    assert all(p.level == 1 and p.klass == "" and p.gear == 0 for p in g.state.players)
    assert MUNCHKIN.scores(g.state) == {0: 1.0, 1: 1.0, 2: 1.0, 3: 1.0}


def test_class_and_notes_are_free_text():
    """Создание персонажа: класс и заметки — свободный текст игрока."""
    g = new_game()
    g.push("player.class", {"player": 1, "value": "Школота"})
    g.push("player.notes", {"player": 1, "value": "обещал Ане сокровище"})
    assert g.state.players[1].klass == "Школота"
    assert g.state.players[1].notes == "обещал Ане сокровище"
    refused(g, "player.class", {"player": 1, "value": 5})


# -- levels: «Противоречия между правилами и картами» -------------------------------------------
def test_level_never_below_one():
    """Противоречия между правилами и картами: ничто не опускает уровень манчкина ниже 1."""
    g = new_game()
    refused(g, "level.change", {"player": 0, "delta": -1}, "Противоречия между правилами и картами")
    set_level(g, 0, 3)
    refused(g, "level.set", {"player": 0, "value": 0, "override": True})
    g.push("level.change", {"player": 0, "delta": -2})
    assert g.state.players[0].level == 1


def test_losing_more_levels_than_there_are_stops_at_one():
    """Противоречия между правилами и картами (правило 1): «потеряй 2 уровня» на 2-м уровне
    принимается и оставляет манчкина на 1-м; журнал говорит, что потеря урезана."""
    g = new_game()
    set_level(g, 0, 2)
    ev = g.push("level.change", {"player": 0, "delta": -2})
    assert ev.data == {"player": 0, "delta": -2}  # the card's words are logged as they were
    assert g.state.players[0].level == 1
    line = g.log()[-1][1]
    assert line.startswith("Аня: уровень 2, теперь 1; потеря 2 ур. урезана до 1")
    assert "Противоречия между правилами и картами" in line
    set_level(g, 1, 5)
    g.push("level.change", {"player": 1, "delta": -10})
    assert g.state.players[1].level == 1
    assert Game(MUNCHKIN, g.setup, g.events).state == g.state  # the replay ends the same
    refused(g, "level.change", {"player": 1, "delta": -1}, "Противоречия между правилами и картами")


def test_strength_may_go_negative():
    """Противоречия между правилами и картами: боевая сила может стать нулевой и отрицательной."""
    g = new_game()
    g.push("gear.set", {"player": 0, "value": -3})
    g.push("combat.start", {"monster": monster(level=0, enhancers=-2)})
    t = MUNCHKIN.totals(g.state)
    assert (t.players, t.monsters) == (-2, -2)
    assert not t.players_win


def test_level_ten_only_for_a_kill():
    """Противоречия между правилами и картами: 10-й уровень — только за убийство монстра."""
    g = new_game()
    set_level(g, 1, 9)
    err = refused(
        g, "level.change", {"player": 1, "delta": 1}, "Противоречия между правилами и картами"
    )
    assert "карта так говорит" in err.message
    refused(g, "level.set", {"player": 1, "value": 10})
    assert g.outcome() is None


def test_level_ten_with_card_override_is_logged():
    """Противоречия между правилами и картами: карта, прямо стоящая выше правил, даёт 10-й
    уровень."""
    g = new_game()
    set_level(g, 1, 9)
    ev = g.push("level.change", {"player": 1, "delta": 1, "override": True})
    assert g.state.players[1].level == 10
    assert g.state.overrides == [ev.seq]
    assert "карта так говорит" in g.log()[-1][1]
    assert g.outcome().winners == (1,)


def test_no_levels_mid_combat():
    """Противоречия между правилами и картами: уровень после боя — только за убийство, не посреди
    боя."""
    g = new_game()
    g.push("combat.start", {"monster": monster()})
    refused(g, "level.change", {"player": 0, "delta": 1}, "Противоречия между правилами и картами")
    g.push("combat.helper", {"player": 2})
    refused(g, "level.change", {"player": 2, "delta": 1}, "Противоречия между правилами и картами")
    g.push("level.change", {"player": 3, "delta": 1})  # not in this combat
    assert g.state.players[3].level == 2


def test_levels_capped_at_ten():
    """Начало игры, конец игры: уровней всего десять."""
    g = new_game()
    set_level(g, 0, 9)
    g.push("combat.start", {"monster": monster(level=1, levels=2)})
    g.push("combat.resolve", {})
    assert g.state.players[0].level == 10


# -- combat --------------------------------------------------------------------------------------
def test_totals_monsters_win_ties():
    """Бой: если сила монстра равна твоей или выше, ты проигрываешь."""
    assert not compare_sides(7, 7).players_win
    assert compare_sides(7, 7).margin == 1
    assert compare_sides(8, 7).players_win and compare_sides(8, 7).margin == 0
    g = new_game()
    g.push("gear.set", {"player": 0, "value": 3})
    g.push("combat.start", {"monster": monster(level=4)})
    refused(g, "combat.resolve", {}, "Бой")
    g.push("combat.bonus", {"side": "players", "value": 1})
    g.push("combat.resolve", {})
    assert g.state.combat is None


def test_strength_is_level_plus_modifiers():
    """Бой: боевая сила — сумма уровня и модификаторов шмоток и разовых карт."""
    sheets = [PlayerSheet(level=3, gear=4), PlayerSheet()]
    c = Combat(
        0,
        [Monster("Тварь", 5, enhancers=5)],
        player_bonuses=[OneShot(3), OneShot(-1)],
        monster_bonuses=[OneShot(2)],
    )
    t = combat_totals(sheets, c)
    assert (t.players, t.monsters, t.players_win) == (9, 12, False)


def test_win_gives_levels_and_treasure_reminder():
    """Бой: убив монстра, получаешь уровень (или два за могучего) и его сокровища."""
    g = new_game()
    g.push("gear.set", {"player": 0, "value": 10})
    g.push("combat.start", {"monster": monster(level=6, levels=2, treasures=3)})
    g.push("combat.resolve", {})
    assert g.state.players[0].level == 3
    assert g.state.last_combat["treasures"] == 3
    assert "сокровищ тянуть: 3" in g.log()[-1][1]
    refused(g, "combat.start", {"monster": monster(levels=3)})


def test_one_shots_discarded_either_way():
    """Бой: в конце боя, каким бы ни был итог, разовые карты сбрасываются."""
    g = new_game()
    g.push("combat.start", {"monster": monster(level=2)})
    g.push("combat.bonus", {"side": "players", "value": 5, "label": "Зелье"})
    g.push("combat.resolve", {})
    assert g.state.combat is None and "разовые карты сбрасываются" in g.log()[-1][1]
    g.push("phase.next", {})
    g.push("phase.next", {})  # -> next player
    g.push("combat.start", {"monster": monster(level=9)})
    g.push("combat.bonus", {"side": "monsters", "value": 3})
    g.push("combat.flee", {"rolls": [6]})
    assert g.state.combat is None
    g.push("phase.next", {})
    g.push("phase.next", {})
    g.push("combat.start", {"monster": monster(level=1)})
    assert g.state.combat.player_bonuses == [] and g.state.combat.monster_bonuses == []


def test_dismissed_monster_gives_no_level():
    """Бой: избавиться от монстра, не убивая его, — победа, но без уровня."""
    g = new_game()
    g.push("combat.start", {"monster": monster()})
    g.push("combat.monster.remove", {"index": 0})
    assert g.state.combat is None
    assert g.state.players[0].level == 1
    assert g.state.last_combat["result"] == "removed"


def test_no_gear_changes_in_combat():
    """Бой: в ходе боя нельзя надевать, снимать или продавать шмотки — только разовые."""
    g = new_game()
    g.push("combat.start", {"monster": monster()})
    refused(g, "gear.change", {"player": 0, "delta": 2}, "Бой")
    g.push("gear.change", {"player": 0, "delta": -2, "override": True})
    assert g.state.players[0].gear == -2


def test_no_gear_changes_in_combat_for_anyone_without_confirmation():
    """Бой: пока идёт бой, шмотки не надевают, не снимают и не продают — ни сражающийся, ни
    помощник, ни остальные; только с подтверждением «карта так говорит» (флаг ``override``),
    и это записано в журнал."""
    g = new_game()
    g.push("combat.start", {"monster": monster()})
    g.push("combat.helper", {"player": 1})
    for player in (1, 2):
        err = refused(g, "gear.change", {"player": player, "delta": 1}, "Бой")
        assert "разовые" in err.message and "карта так говорит" in err.message
        refused(g, "gear.set", {"player": player, "value": 4}, "Бой")
    ev = g.push("gear.set", {"player": 2, "value": 4, "override": True})
    assert g.state.players[2].gear == 4
    assert ev.seq in g.state.overrides
    assert g.log()[-1][1] == "Вера: бонус шмоток теперь +4 (было 0) — карта так говорит"
    g.push("combat.monster.remove", {"index": 0})  # the combat ends
    g.push("gear.change", {"player": 1, "delta": 1})  # after the combat: no confirmation needed
    assert g.state.players[1].gear == 1


def test_the_journal_says_what_a_gear_change_changed():
    """Play-test: «бонус шмоток +0, теперь +1» read as «+0 added». A step reads as the other
    games' counters do: the change, then the bonus it leaves; a value typed on the pad: the new
    bonus, then what it was. Up and down, through zero."""
    g = new_game()
    lines = []
    for type, data in [
        ("gear.change", {"player": 0, "delta": 1}),
        ("gear.change", {"player": 0, "delta": 5}),
        ("gear.change", {"player": 0, "delta": -6}),
        ("gear.change", {"player": 0, "delta": -2}),
        ("gear.set", {"player": 0, "value": 4}),
        ("gear.set", {"player": 0, "value": 0}),
    ]:
        g.push(type, {**data})
        lines.append(g.log()[-1][1])
    assert lines == [
        "Аня: бонус шмоток +1 (теперь +1)",
        "Аня: бонус шмоток +5 (теперь +6)",
        "Аня: бонус шмоток −6 (теперь 0)",
        "Аня: бонус шмоток −2 (теперь −2)",
        "Аня: бонус шмоток теперь +4 (было −2)",
        "Аня: бонус шмоток теперь 0 (было +4)",
    ]


def test_monster_enhancers_count():
    """Бой: в бою применяют и усилители монстров."""
    g = new_game()
    g.push("gear.set", {"player": 0, "value": 5})
    g.push("combat.start", {"monster": monster(level=4)})
    assert MUNCHKIN.totals(g.state).players_win
    g.push("combat.monster.edit", {"index": 0, "enhancers": 5})
    assert MUNCHKIN.totals(g.state).monsters == 9
    refused(g, "combat.resolve", {}, "Бой")


def test_several_monsters_sum():
    """Бой с несколькими монстрами: надо превзойти суммарную силу всех чудищ."""
    g = new_game()
    g.push("gear.set", {"player": 0, "value": 7})
    g.push("combat.start", {"monster": monster("Первый", 3)})
    g.push("combat.monster.add", {"monster": monster("Второй", 5, levels=2)})
    t = MUNCHKIN.totals(g.state)
    assert (t.players, t.monsters) == (8, 8)
    refused(g, "combat.resolve", {})
    g.push("combat.bonus", {"side": "players", "value": 1})
    g.push("combat.resolve", {})
    assert g.state.players[0].level == 4  # 1 + 1 + 2


def test_cannot_flee_from_some_and_fight_others():
    """Бой с несколькими монстрами: нельзя биться с одним и убегать от других."""
    g = new_game()
    g.push("combat.start", {"monster": monster("Первый", 5)})
    g.push("combat.monster.add", {"monster": monster("Второй", 5)})
    refused(g, "combat.flee", {"rolls": [6]}, "Смываемся")
    g.push("combat.flee", {"rolls": [6, 2]})
    assert g.state.last_combat["caught"] == ["Второй"]
    assert g.state.players[0].level == 1


def test_one_helper_adds_strength():
    """Зовём на помощь: помощник только один, его сила прибавляется к твоей."""
    g = new_game()
    set_level(g, 2, 4)
    g.push("combat.start", {"monster": monster(level=5)})
    refused(g, "combat.helper", {"player": 0}, "Зовём на помощь")
    g.push("combat.helper", {"player": 2})
    assert MUNCHKIN.totals(g.state).players == 5
    refused(g, "combat.helper", {"player": 3}, "Зовём на помощь")
    g.push("combat.helper", {"player": None})
    g.push("combat.helper", {"player": 3})
    assert g.state.combat.helper == 3


def test_helper_gets_no_levels():
    """Зовём на помощь: уровни за убитых получаешь ты, а помощник — нет."""
    g = new_game()
    g.push("combat.start", {"monster": monster(level=1, levels=2, treasures=2)})
    g.push("combat.helper", {"player": 1})
    g.push("combat.resolve", {})
    assert [p.level for p in g.state.players] == [3, 1, 1, 1]
    assert g.state.last_combat["fighter"] == 0


def test_flee_roll_five_or_more():
    """Смываемся: выпало 5 и больше — смылся; шмотки и свойства меняют бросок."""
    assert escapes([4, 5, 6]) == [False, True, True]
    assert escapes([3], modifier=2) == [True]
    assert escapes([5, 5], modifiers=[-1, 0]) == [False, True]
    assert flee_rolls([4, 5], 1, [-1, 0]) == ["4", "5+1"]  # said as the table adds them
    assert ESCAPE_TARGET == 5
    rolls = roll_dice(random.Random(3), 4)
    assert len(rolls) == 4 and all(1 <= r <= 6 for r in rolls)


def test_flee_event_records_results_and_gives_nothing():
    """Смываемся: бегство не приносит ни уровней, ни сокровищ, ни права чистить нычки."""
    g = new_game()
    g.push("combat.start", {"monster": monster(level=8)})
    refused(g, "combat.flee", {"rolls": [7]}, "Смываемся")
    g.push("combat.flee", {"rolls": [4], "modifier": 1})
    # the journal says what made the 5: the die and what was added to it
    assert "4+1 — смылся" in g.describe(g.events[-1])
    assert g.state.fled and g.state.last_combat["caught"] == []
    assert g.state.players[0].level == 1
    assert json.loads(json.dumps(g.events[-1].to_dict()))["data"]["rolls"] == [4]
    g.push("phase.next", {})
    assert MUNCHKIN.current_phase(g.state) == "От щедрот"


def _lost_fight_with_helper() -> Game:
    g = new_game()
    g.push("combat.start", {"monster": monster("Зомби", 8)})
    g.push("combat.monster.add", {"monster": monster("Печень", 6)})
    g.push("combat.helper", {"player": 1})
    return g


def test_a_lost_fight_with_a_helper_sends_both_running_each_on_their_own_dice():
    """«Смываемся» with «Зовём на помощь» (rulebook 003, Манчкин Апокалипсис): when even with a
    helper the munchkins are not stronger, they run away — the helper as well as the fighter,
    each rolling for each monster, a 5 or more (with their own modifiers) getting away from
    it; a monster may catch one and not the other. The helper's dice are required and
    recorded; without a helper they are refused. (The seed's «Смываемся» ends after the 5+
    and «the side that loses even with help runs»; each runner rolling for himself is the
    rest of that section in the printed book.)"""
    g = _lost_fight_with_helper()
    refused(g, "combat.flee", {"rolls": [5, 2]}, "Смываемся")  # the helper must roll too
    refused(g, "combat.flee", {"rolls": [5, 2], "helper_rolls": [3]}, "Смываемся")
    refused(g, "combat.flee", {"rolls": [5, 2], "helper_rolls": [3, 7]}, "Смываемся")
    g.push(
        "combat.flee",
        {"rolls": [5, 2], "helper_rolls": [4, 6], "helper_modifier": 1, "modifiers": [0, -1]},
    )
    last = g.state.last_combat
    assert last["caught"] == ["Печень"]  # Аня: 5 gets away from Зомби, 2−1 not from Печень
    assert last["helper_caught"] == []  # Борис: 4+1 and 6+1−1, both away
    assert g.log()[-1][1] == (
        "Аня смывается: «Зомби»: 5 — смылся, «Печень»: 2-1 — догнал; "
        "Борис смывается: «Зомби»: 4+1 — смылся, «Печень»: 6 — смылся; "
        "непотребство для Ани — по карте монстра; разовые карты сбрасываются"
    )
    assert json.loads(json.dumps(g.events[-1].to_dict()))["data"]["helper_rolls"] == [4, 6]
    assert Game(MUNCHKIN, g.setup, g.events).state == g.state
    # no helper: only the fighter runs
    h = new_game()
    h.push("combat.start", {"monster": monster("Зомби", 8)})
    refused(h, "combat.flee", {"rolls": [5], "helper_rolls": [5]}, "Смываемся")
    refused(h, "combat.flee", {"rolls": [5], "helper_modifier": 1}, "Смываемся")
    h.push("combat.flee", {"rolls": [2]})
    assert "helper_caught" not in h.state.last_combat


def test_a_flee_saved_before_helpers_rolled_still_opens():
    """A saved game whose flee with a helper carries the fighter's dice only (before the
    helper rolled too) opens as it was: the fighter's result, no helper's."""
    g = _lost_fight_with_helper()
    old = Event(len(g.events) + 1, "combat.flee", {"rolls": [5, 2]}, 5000.0)
    saved = [Event.from_dict(e.to_dict()) for e in [*g.events, old]]
    opened = Game(MUNCHKIN, g.setup, saved)
    assert opened.state.combat is None and opened.state.fled
    assert opened.state.last_combat["caught"] == ["Печень"]
    assert "helper_caught" not in opened.state.last_combat
    assert opened.log()[-1][1] == (
        "Аня смывается: «Зомби»: 5 — смылся, «Печень»: 2 — догнал; "
        "непотребство для Ани — по карте монстра; разовые карты сбрасываются"
    )


def test_cannot_flee_when_winning():
    """Бой: если твоя сила выше силы монстра, ты его убиваешь."""
    g = new_game()
    g.push("combat.start", {"monster": monster(level=0)})
    refused(g, "combat.flee", {"rolls": [6]}, "Бой")


# -- phases ----------------------------------------------------------------------------------------
def test_phases_in_order_and_turn_passes_left():
    """Фазы хода: четыре фазы по порядку, потом ход переходит к соседу слева."""
    g = new_game()
    book = ["Вышибаем дверь!", "Ищем неприятности", "Чистим нычки", "От щедрот"]
    assert list(MUNCHKIN.phases) == book  # the rulebook's four, not the module's own list
    seen = [MUNCHKIN.current_phase(g.state)]
    for _ in range(3):
        g.push("phase.next", {})
        seen.append(MUNCHKIN.current_phase(g.state))
    assert seen == book
    g.push("phase.next", {})
    assert (MUNCHKIN.active_player(g.state), MUNCHKIN.turn_number(g.state)) == (1, 2)
    assert MUNCHKIN.current_phase(g.state) == "Вышибаем дверь!"


def test_cannot_continue_turn_during_combat():
    """Фазы хода: нельзя продолжать ход, пока не завершишь бой."""
    g = new_game()
    g.push("combat.start", {"monster": monster()})
    refused(g, "phase.next", {}, "Фазы хода")


def test_looking_for_trouble_only_without_door_monster():
    """Фазы хода: искать неприятности можно, только если за дверью не было монстра."""
    g = new_game()
    g.push("phase.next", {})
    g.push("combat.start", {"monster": monster(level=0)})  # трудности из руки
    g.push("combat.resolve", {})
    refused(g, "combat.start", {"monster": monster()}, "Фазы хода")
    g.push("phase.next", {})
    assert MUNCHKIN.current_phase(g.state) == "От щедрот"
    refused(g, "combat.start", {"monster": monster()}, "Фазы хода")
    g.push("combat.start", {"monster": monster(), "override": True})
    assert g.state.combat is not None


def test_looting_only_if_no_monster():
    """Фазы хода: нычки чистят, если монстра не было; одна Дверь на руку."""
    g = new_game()
    refused(g, "turn.loot", {}, "Фазы хода")
    g.push("phase.next", {})
    g.push("phase.next", {})
    g.push("turn.loot", {})
    refused(g, "turn.loot", {}, "Фазы хода")
    assert "чистит нычки" in g.log()[-1][1]


def test_charity_pure_function():
    """Фазы хода: лишние карты — поровну самым низкоуровневым, а если ты сам такой, сбрось их."""
    plan = charity(0, [9, 0, 0, 0], [5, 2, 3, 2])
    assert plan.surplus == 4 and plan.discard == 0
    assert plan.shares == {1: 2, 3: 2} and plan.extra == 0 and plan.recipients == (1, 3)
    odd = charity(0, [8, 0, 0, 0], [5, 2, 3, 2])
    assert odd.shares == {1: 1, 3: 1} and odd.extra == 1
    assert odd.allows([0, 2, 0, 1]) and odd.allows([0, 1, 0, 2])
    assert not odd.allows([0, 3, 0, 0]) and not odd.allows([0, 1, 1, 1])
    mine = charity(1, [0, 7, 0, 0], [4, 2, 2, 3])
    assert mine.discard == 2 and mine.shares == {}
    assert charity(0, [5, 0, 0], [3, 1, 1]).surplus == 0


def test_charity_event_checked():
    """Фазы хода: в фазе «От щедрот» на руке остаётся не больше пяти карт."""
    g = new_game()
    set_level(g, 0, 4)
    set_level(g, 2, 3)
    for _ in range(3):
        g.push("phase.next", {})
    refused(g, "turn.charity", {"hand": 5, "gifts": [0, 0, 0, 0], "discard": 0}, "Фазы хода")
    refused(g, "turn.charity", {"hand": 8, "gifts": [0, 3, 0, 0], "discard": 0}, "Фазы хода")
    refused(g, "turn.charity", {"hand": 8, "gifts": [0, 0, 0, 0], "discard": 3}, "Фазы хода")
    g.push("turn.charity", {"hand": 8, "gifts": [0, 1, 0, 2], "discard": 0})
    assert g.state.charity_done
    assert "Гоша 2" in g.log()[-1][1]


def test_charity_refuses_more_odd_cards_than_are_left():
    """Фазы хода («От щедрот»): лишние карты делят поровну, а остаток — по одной тем, кого
    выберет даритель; отметить сверху больше получателей, чем осталось карт, или раздать больше,
    чем лишних, нельзя."""
    g = new_game()
    set_level(g, 0, 4)
    set_level(g, 2, 3)
    for _ in range(3):
        g.push("phase.next", {})
    # 8 cards: 3 over the limit; Борис and Гоша (level 1) get 1 each, one odd card is left.
    err = refused(g, "turn.charity", {"hand": 8, "gifts": [0, 2, 0, 2], "discard": 0}, "Фазы хода")
    assert "роздано 4" in err.message
    g.push("turn.charity", {"hand": 8, "gifts": [0, 2, 0, 1], "discard": 0})
    assert g.state.charity_done
    # Three at the lowest level, 12 cards: 7 over, 2 each, one odd card for one of them.
    g = new_game()
    set_level(g, 0, 4)
    for _ in range(3):
        g.push("phase.next", {})
    gifts = {"hand": 12, "gifts": [0, 3, 3, 1], "discard": 0}
    err = refused(g, "turn.charity", gifts, "Фазы хода")
    assert "остаётся лишних карт: 1" in err.message and "отмечено 2" in err.message
    g.push("turn.charity", {"hand": 12, "gifts": [0, 2, 3, 2], "discard": 0})


# -- seals and the end ----------------------------------------------------------------------------
def test_seventh_seal_ends_game_and_table_names_winner():
    """Начало игры, конец игры: игра может завершиться после срыва седьмой сивучати."""
    g = new_game()
    refused(g, "game.winners", {"winners": [1]}, "Начало игры, конец игры")
    for _ in range(6):
        g.push("seal.break", {})
    assert g.outcome() is None and not MUNCHKIN.ended(g.state)
    g.push("seal.break", {})
    assert g.state.seals == 7 and "игра окончена" in g.log()[-1][1]
    # play has ended (no moves, the clocks stop), though the winner is still to be named
    assert g.outcome() is None and MUNCHKIN.ended(g.state)
    refused(g, "phase.next", {}, "Начало игры, конец игры")
    refused(g, "game.winners", {"winners": []})
    g.push("game.winners", {"winners": [2, 0]})
    assert g.outcome().winners == (0, 2)


def test_first_to_level_ten_by_kill_wins():
    """Начало игры, конец игры: побеждает первый, кто получит 10-й уровень за убийство монстра."""
    g = new_game()
    set_level(g, 0, 9)
    g.push("combat.start", {"monster": monster(level=1)})
    g.push("combat.resolve", {})
    out = g.outcome()
    assert out is not None and out.winners == (0,)
    with pytest.raises(RuleViolation):
        g.push("phase.next", {})


def test_card_may_grant_win_another_way():
    """Начало игры, конец игры: карта может ясно позволить победить другим путём."""
    g = new_game()
    g.push("game.winners", {"winners": [3], "override": True})
    assert g.outcome().winners == (3,)
    assert "карта так говорит" in g.log()[-1][1]


def test_unknown_and_malformed_events_refused():
    """Противоречия между правилами и картами: спорное разрешает стол — а мусор приложение не
    принимает."""
    g = new_game()
    refused(g, "level.fly", {})
    refused(g, "level.change", {"player": 9, "delta": 1})
    refused(g, "level.change", {"player": 0, "delta": True})
    refused(g, "level.change", {"player": 0, "delta": 1, "override": "да"})
    refused(g, "combat.start", {"monster": {"name": "", "level": 3}})
    refused(g, "combat.bonus", {"side": "players", "value": 1})


# -- properties ------------------------------------------------------------------------------------
small = st.integers(-12, 12)
junk = st.one_of(st.none(), st.booleans(), st.text(max_size=3), small)
monster_st = st.fixed_dictionaries(
    {"name": st.sampled_from(["Тявмат", "Печень", ""]), "level": st.integers(-1, 20)},
    optional={"levels": st.integers(0, 3), "enhancers": small, "treasures": st.integers(-1, 4)},
)
event_st = st.one_of(
    st.tuples(
        st.sampled_from(["level.change", "gear.change"]),
        st.fixed_dictionaries(
            {"player": st.integers(-1, 4), "delta": small}, optional={"override": st.booleans()}
        ),
    ),
    st.tuples(
        st.sampled_from(["level.set", "gear.set"]),
        st.fixed_dictionaries(
            {"player": st.integers(-1, 4), "value": small}, optional={"override": st.booleans()}
        ),
    ),
    st.tuples(
        st.just("combat.start"),
        st.fixed_dictionaries(
            {"monster": monster_st},
            optional={"override": st.booleans(), "fighter": st.integers(-1, 4)},
        ),
    ),
    st.tuples(st.just("combat.monster.add"), st.fixed_dictionaries({"monster": monster_st})),
    st.tuples(
        st.just("combat.monster.edit"),
        st.fixed_dictionaries(
            {"index": st.integers(-1, 3)},
            optional={"level": small, "enhancers": small, "levels": st.integers(0, 3)},
        ),
    ),
    st.tuples(
        st.just("combat.monster.remove"), st.fixed_dictionaries({"index": st.integers(-1, 3)})
    ),
    st.tuples(
        st.just("combat.helper"),
        st.fixed_dictionaries({"player": st.one_of(st.none(), st.integers(-1, 4))}),
    ),
    st.tuples(
        st.just("combat.bonus"),
        st.fixed_dictionaries(
            {"side": st.sampled_from(["players", "monsters", "x"]), "value": small}
        ),
    ),
    st.tuples(
        st.just("combat.bonus.remove"),
        st.fixed_dictionaries(
            {"side": st.sampled_from(["players", "monsters"]), "index": st.integers(-1, 2)}
        ),
    ),
    st.tuples(
        st.just("combat.flee"),
        st.fixed_dictionaries(
            {"rolls": st.lists(st.integers(0, 7), max_size=3)}, optional={"modifier": small}
        ),
    ),
    st.tuples(
        st.sampled_from(["combat.resolve", "phase.next", "turn.loot", "seal.break"]), st.just({})
    ),
    st.tuples(
        st.just("turn.charity"),
        st.fixed_dictionaries(
            {
                "hand": st.integers(0, 12),
                "gifts": st.lists(st.integers(0, 4), min_size=4, max_size=4),
                "discard": st.integers(0, 4),
            }
        ),
    ),
    st.tuples(
        st.just("game.winners"),
        st.fixed_dictionaries(
            {"winners": st.lists(st.integers(-1, 4), max_size=3)},
            optional={"override": st.booleans()},
        ),
    ),
    st.tuples(
        st.sampled_from(["level.change", "combat.start", "player.class", "nonsense"]),
        st.dictionaries(
            st.sampled_from(["player", "delta", "value", "monster", "x"]), junk, max_size=3
        ),
    ),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(event_st, max_size=40))
def test_levels_stay_within_bounds(events):
    """Противоречия между правилами и картами: уровень всегда от 1 до 10, какие бы события ни
    пришли."""
    g = new_game()
    for type, data in events:
        before = copy.deepcopy(g.state)
        try:
            g.push(type, data)
        except RuleViolation:
            assert g.state == before
        assert all(1 <= p.level <= 10 for p in g.state.players)
        assert 0 <= g.state.seals <= 7
        if g.state.combat is not None:
            assert len(g.state.combat.monsters) >= 1
            assert g.state.combat.helper != g.state.combat.fighter
    assert len(g.log()) == len(g.events)  # every accepted event has a log line
    json.dumps([e.to_dict() for e in g.events])


@settings(max_examples=100, deadline=None)
@given(st.lists(event_st, max_size=25), event_st)
def test_undo_after_push_is_identity(events, last):
    """Фазы хода: отмена последнего события возвращает игру точно в прежнее состояние."""
    g = new_game()
    for type, data in events:
        with contextlib.suppress(RuleViolation):
            g.push(type, data)
    before = copy.deepcopy(g.state)
    try:
        g.push(*last)
    except RuleViolation:
        assert g.state == before
        return
    after = copy.deepcopy(g.state)
    g.undo()
    assert g.state == before
    g.redo()
    assert g.state == after
    replay = Game(MUNCHKIN, g.setup, g.events)
    assert replay.state == after


def test_issue_scenario_log():
    """Зовём на помощь: бой с помощником против двух монстров — ничья, разовая карта, победа."""
    g = new_game()
    set_level(g, 0, 3)
    set_level(g, 1, 2)
    g.push("gear.set", {"player": 0, "value": 3})
    g.push("combat.start", {"monster": monster("Тявмат", 4)})
    g.push("combat.monster.add", {"monster": monster("Печень", 4, levels=2, treasures=2)})
    g.push("combat.helper", {"player": 1})
    t = MUNCHKIN.totals(g.state)
    assert (t.players, t.monsters, t.players_win) == (8, 8, False)
    refused(g, "combat.resolve", {}, "Бой")
    g.push("combat.bonus", {"side": "players", "value": 2, "label": "Граната"})
    g.push("combat.bonus.remove", {"side": "players", "index": 0})
    g.push("combat.bonus", {"side": "players", "value": 1})
    g.push("combat.monster.edit", {"index": 0, "name": "Тявмат-2"})
    g.push("combat.resolve", {})
    assert [p.level for p in g.state.players] == [6, 2, 1, 1]
    set_level(g, 2, 9)
    refused(g, "level.change", {"player": 2, "delta": 1}, "Противоречия между правилами и картами")
    lines = [line for _, line in g.log()]
    assert lines[-1] == "Вера: уровень 1, теперь 9"
    assert any(line == "Борис помогает Ане" for line in lines)  # the dative, not «игроку Аня»
    assert any("Победа 9:8! Аня: уровень 3, теперь 6; сокровищ тянуть: 2" in line for line in lines)
    assert "Монстр «Тявмат»: название Тявмат-2" in lines
    g.push("phase.next", {})
    g.push("phase.next", {})
    g.push("combat.start", {"monster": monster("Тварь", 20)})
    rolls = roll_dice(g.rng, 1)
    g.push("combat.flee", {"rolls": rolls})
    assert g.events[-1].data["rolls"] == rolls
    assert ("смылся" if rolls[0] >= 5 else "догнал") in g.log()[-1][1]


def test_an_unnamed_monster_is_monster_numbered_by_its_place_in_the_fight():
    """The board's form leaves the name optional (play-test: a fight needed a typed name):
    the first monster is «Монстр», another «Монстр N» — a number no monster of the fight has."""
    assert default_monster_name([]) == "Монстр"
    assert default_monster_name(["Монстр"]) == "Монстр 2"
    assert default_monster_name(["Тявмат", "Монстр 2"]) == "Монстр 3"
    assert default_monster_name(["Монстр 3", "Монстр 2"]) == "Монстр 4"  # one was taken out


def test_the_journal_reads_well_with_default_monster_names():
    """Бой, Бой с несколькими монстрами: the journal says which monster, by its default name."""
    g = new_game()
    g.push("phase.next", {})
    g.push("combat.start", {"monster": monster(default_monster_name([]), 8)})
    names = [m.name for m in g.state.combat.monsters]
    g.push("combat.monster.add", {"monster": monster(default_monster_name(names), 3)})
    assert [line for _when, line in g.log()[-2:]] == [
        "Бой: Аня против «Монстр» (сила 8)",
        "В бой вступает «Монстр 2» (сила 3); «Монстр» теперь «Монстр 1»",
    ]


def test_a_plain_monster_becomes_monster_1_when_another_joins():
    """Бой с несколькими монстрами: beside «Монстр 2» a bare «Монстр» could be either, so the
    first unnamed monster reads «Монстр 1» once a second one joins — in the fight, in the
    journal, and in a saved game opened again (the rename is the add's own effect)."""
    g = new_game()
    g.push("combat.start", {"monster": monster("Монстр", 8)})
    g.push("combat.monster.add", {"monster": monster("Монстр 2", 3)})
    assert [m.name for m in g.state.combat.monsters] == ["Монстр 1", "Монстр 2"]
    g.push("combat.monster.add", {"monster": monster("Монстр 3", 1)})
    assert [m.name for m in g.state.combat.monsters] == ["Монстр 1", "Монстр 2", "Монстр 3"]
    assert Game(MUNCHKIN, g.setup, g.events).state == g.state  # replayed from the saved log
    g.undo()
    g.undo()
    assert [m.name for m in g.state.combat.monsters] == ["Монстр"]
    # a named first monster keeps its name; a typed name never changes
    h = new_game()
    h.push("combat.start", {"monster": monster("Тявмат", 8)})
    h.push("combat.monster.add", {"monster": monster("Монстр 2", 3)})
    assert [m.name for m in h.state.combat.monsters] == ["Тявмат", "Монстр 2"]
    assert "теперь" not in h.log()[-1][1]
    from companion.engine.munchkin.fields import first_renamed

    assert first_renamed(["Монстр", "Монстр 1"]) is None  # «Монстр 1» taken: no clash made
