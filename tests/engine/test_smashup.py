"""Замес (Smash Up) engine: setup, bases, scoring, turn flow and game end, both editions.

Each rule test's docstring starts with the rulebook heading it checks (000 = smashup-bbrr,
001 = smashup-mimimi).
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Game
from companion.engine.smashup import (
    ALL_FACTIONS,
    FACTIONS,
    HAND_LIMIT,
    PHASES,
    SETUP_PHASE,
    SMASHUP,
    WIN_VP,
    draft_order,
    effective_breakpoint,
    final_scores,
    find_winner,
    is_eligible,
    next_drafter,
    offered_factions,
    plays_left,
    ready_bases,
    reminder,
    score_base,
    score_preview,
)
from companion.errors import RuleViolation, SetupError

NAMES = ["Аня", "Борис", "Вера"]
DECKS = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]]
TEMPLE = {"name": "Древний храм", "breakpoint": 20, "vp": [4, 2, 1]}


def card(name: str, breakpoint: int = 20, vp: tuple[int, int, int] = (4, 2, 1)) -> dict:
    return {"name": name, "breakpoint": breakpoint, "vp": list(vp)}


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def new_game(
    players=None,
    *,
    edition="bbrr",
    madness=False,
    draft=False,
    decks=None,
    start=True,
    win_check="end_of_turn",
):
    players = players or NAMES
    decks = DECKS[: len(players)] if decks is None else decks
    g = Game.new(
        SMASHUP,
        players,
        options={
            "edition": edition,
            "madness": madness,
            "draft": draft,
            "factions": decks,
            "win_check": win_check,
        },
        clock=Clock(),
    )
    if start:
        g.push("base.add", {"base_card": TEMPLE})
        for i in range(len(players)):
            g.push("base.add", {"base_card": card(f"База {i + 2}", 15 + i, (3, 2, 1))})
        g.push("game.start")
    return g


def to_check_phase(g: Game) -> None:
    while SMASHUP.current_phase(g.state) != PHASES[g.state.edition][2]:
        g.push("phase.next")


def end_turn(g: Game) -> None:
    start_turn = g.state.turn
    while g.state.turn == start_turn and not g.is_over():
        g.push("phase.next")


def refused(g: Game, type: str, data: dict | None = None) -> RuleViolation:
    before = copy.deepcopy(g.state)
    n = len(g.events)
    with pytest.raises(RuleViolation) as err:
        g.push(type, data or {})
    assert g.state == before and len(g.events) == n
    assert err.value.message
    return err.value


# -- setup ------------------------------------------------------------------------------------
def test_definition_identity():
    """Цель игры: Замес, 2–4 игрока, id smashup, default edition bbrr."""
    assert SMASHUP.id == "smashup" and SMASHUP.title == "Замес"
    assert (SMASHUP.min_players, SMASHUP.max_players) == (2, 4)
    assert SMASHUP.default_options()["edition"] == "bbrr"
    with pytest.raises(SetupError):
        Game.new(SMASHUP, ["А"])
    with pytest.raises(SetupError):
        Game.new(SMASHUP, ["А", "Б", "В", "Г", "Д"])
    with pytest.raises(SetupError):
        Game.new(SMASHUP, ["А", "Б"], options={"edition": "base"})


def test_factions_of_the_two_boxes():
    """Фракции: four factions per box, eight offered, this edition's box first."""
    assert FACTIONS["bbrr"] == ("Бабульки", "Плюшевые мишки", "Авантюристы", "Рокеры")
    assert FACTIONS["mimimi"] == ("Котики", "Принцессы", "Феи", "Волшебные пони")
    assert len(ALL_FACTIONS) == 8 == len(set(ALL_FACTIONS))
    assert offered_factions("mimimi")[:4] == FACTIONS["mimimi"]
    assert set(offered_factions("bbrr")) == set(ALL_FACTIONS)


def test_same_faction_twice_in_one_deck_refused():
    """Подготовка к игре: a deck is two *different* factions; typed names are accepted."""
    with pytest.raises(SetupError):
        Game.new(SMASHUP, ["А", "Б"], options={"factions": [["Рокеры", "рокеры"], []]})
    g = new_game(["А", "Б"], decks=[["Ниндзя"], []], start=False)
    refused(g, "faction.pick", {"player": 0, "faction": " Ниндзя "})
    g.push("faction.pick", {"player": 0, "faction": "Пираты"})
    assert g.state.factions[0] == ["Ниндзя", "Пираты"]
    refused(g, "faction.pick", {"player": 0, "faction": "Зомби"})  # a third one


def test_two_players_may_share_a_faction():
    """Больше жару!: two opponents may play the same faction (from two boxes)."""
    g = new_game(["А", "Б"], decks=[["Рокеры", "Феи"], ["Рокеры", "Котики"]])
    assert g.state.started


def test_snake_draft_order():
    """Договоримся как взрослые: first picks clockwise from the first player, seconds back."""
    assert draft_order(3, 0) == [0, 1, 2, 2, 1, 0]
    assert draft_order(4, 2) == [2, 3, 0, 1, 1, 0, 3, 2]
    assert draft_order(2, 1) == [1, 0, 0, 1]
    with pytest.raises(ValueError):
        draft_order(3, 3)


def test_snake_draft_enforced_by_picks():
    """Договоримся как взрослые: a pick out of the draft order is refused."""
    g = Game.new(SMASHUP, NAMES, first_player=1, options={"draft": True, "factions": []})
    assert next_drafter(g.state.factions, 1) == 1
    err = refused(g, "faction.pick", {"player": 0, "faction": "Рокеры"})
    assert err.rule == "Договоримся как взрослые"
    for seat, name in zip(draft_order(3, 1), ALL_FACTIONS[:6], strict=False):
        g.push("faction.pick", {"player": seat, "faction": name})
    assert next_drafter(g.state.factions, 1) is None
    assert g.state.factions == [
        ["Авантюристы", "Рокеры"],
        ["Бабульки", "Принцессы"],
        ["Плюшевые мишки", "Котики"],
    ]


def test_bases_in_play_players_plus_one():
    """Подготовка к игре: the game starts only with one base per player plus one."""
    g = new_game(start=False)
    for i in range(3):
        g.push("base.add", {"base_card": card(f"Б{i}")})
    err = refused(g, "game.start")
    assert "4" in err.message and err.rule == "Подготовка к игре"
    g.push("base.add", {"base_card": TEMPLE})
    g.push("game.start")
    assert SMASHUP.current_phase(g.state) == "Начало хода"
    assert SMASHUP.active_player(g.state) == 0


def test_start_needs_two_factions_each():
    """Подготовка к игре: every deck needs two factions before the first turn."""
    g = new_game(["А", "Б"], decks=[["Рокеры"], ["Феи", "Котики"]], start=False)
    for i in range(3):
        g.push("base.add", {"base_card": card(f"Б{i}")})
    refused(g, "game.start")
    g.push("faction.pick", {"player": 0, "faction": "Бабульки"})
    g.push("game.start")
    assert g.state.started


def test_mulligan_reminder_at_setup():
    """Подготовка к игре: before the first turn the reminder tells about the 5-card redraw."""
    g = new_game(start=False)
    assert SMASHUP.current_phase(g.state) == SETUP_PHASE
    assert SMASHUP.active_player(g.state) is None
    text = reminder(g.state)
    assert "5 карт" in text and "приспешник" in text and "4 базы" in text
    g.push("base.add", {"base_card": TEMPLE})
    refused(g, "base.set", {"base": 0, "player": 0, "power": 3})
    refused(g, "phase.next")


def test_bad_base_card_refused():
    """Все на базу!: a base needs a name, a breakpoint and three VP values."""
    g = new_game(start=False)
    refused(g, "base.add", {"base_card": {"name": "", "breakpoint": 20, "vp": [4, 2, 1]}})
    refused(g, "base.add", {"base_card": {"name": "Х", "breakpoint": -1, "vp": [4, 2, 1]}})
    refused(g, "base.add", {"base_card": {"name": "Х", "breakpoint": 20, "vp": [4, 2]}})
    refused(g, "base.add", {"base_card": {"name": "Х", "breakpoint": 20, "vp": [4, 2, True]}})


# -- bases and readiness ------------------------------------------------------------------
def test_power_and_minions_per_player():
    """Большой куш: total power is the sum of every player's power on the base."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 7, "minions": 2})
    g.push("base.adjust", {"base": 0, "player": 1, "power": 5, "minions": 1})
    g.push("base.adjust", {"base": 0, "player": 1, "power": -2})
    b = g.state.bases[0]
    assert b.power[:2] == [7, 3] and b.minions[:2] == [2, 1]
    refused(g, "base.adjust", {"base": 0, "player": 1, "power": -4})
    refused(g, "base.set", {"base": 0, "player": 1, "minions": -1})
    refused(g, "base.set", {"base": 9, "player": 1, "power": 1})
    refused(g, "base.set", {"base": 0, "player": 5, "power": 1})
    refused(g, "base.adjust", {"base": 0, "player": 0, "power": 0})


def test_ready_when_power_reaches_breakpoint():
    """Большой куш: a base is ready when total power equals or exceeds its breakpoint."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 12, "minions": 2})
    g.push("base.set", {"base": 0, "player": 1, "power": 7, "minions": 1})
    assert ready_bases(g.state) == []
    g.push("base.adjust", {"base": 0, "player": 1, "power": 1})
    assert ready_bases(g.state) == [0]


def test_breakpoint_modifiers_temporary_and_never_below_zero():
    """Всё остальное: card modifiers change the breakpoint, which never goes below zero."""
    g = new_game()
    g.push("breakpoint.modify", {"base": 0, "delta": -5, "until": "turn"})
    g.push("breakpoint.modify", {"base": 0, "delta": 2, "until": "base"})
    assert effective_breakpoint(g.state.bases[0]) == 17
    g.push("breakpoint.modify", {"base": 1, "delta": -40, "until": "turn"})
    assert effective_breakpoint(g.state.bases[1]) == 0
    to_check_phase(g)
    assert ready_bases(g.state) == [1]  # 0 power >= breakpoint 0
    g.push("base.score", {"base": 1, "base_card": card("Новая")})
    assert g.state.vp == [0, 0, 0]
    end_turn(g)
    assert effective_breakpoint(g.state.bases[0]) == 22  # the turn's −5 expired
    refused(g, "breakpoint.modify", {"base": 0, "delta": 0})
    refused(g, "breakpoint.modify", {"base": 0, "delta": 1, "until": "forever"})


def test_scoring_only_ready_bases_in_check_phase():
    """Большой куш: a base that is not ready cannot be scored; scoring is in «Проверь базы»."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 20, "minions": 3})
    err = refused(g, "base.score", {"base": 0, "base_card": None})
    assert "Проверь базы" in err.message
    to_check_phase(g)
    err = refused(g, "base.score", {"base": 1, "base_card": None})
    assert err.rule == "Большой куш" and "не готова" in err.message
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    assert g.state.vp[0] == 4


def test_active_player_chooses_order_of_ready_bases():
    """Большой куш: with several ready bases any of them may be scored first."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 20, "minions": 1})
    g.push("base.set", {"base": 1, "player": 1, "power": 15, "minions": 1})
    to_check_phase(g)
    assert ready_bases(g.state) == [0, 1]
    g.push("base.score", {"base": 1, "base_card": card("Замена")})
    assert g.state.vp == [0, 3, 0]
    assert ready_bases(g.state) == [0]


def test_must_score_ready_bases_before_moving_on():
    """Порядок раздачи очков: the check phase ends only when no base is ready."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 25, "minions": 1})
    to_check_phase(g)
    err = refused(g, "phase.next")
    assert "Древний храм" in err.message
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    g.push("phase.next")
    assert SMASHUP.current_phase(g.state) == "Возьми две карты"


def test_selected_base_scored_even_if_power_drops():
    """Большой куш: once chosen, the base is scored even if power falls below the breakpoint."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 10, "minions": 2})
    g.push("base.set", {"base": 0, "player": 1, "power": 10, "minions": 2})
    g.push("base.set", {"base": 1, "player": 1, "power": 20, "minions": 2})
    to_check_phase(g)
    g.push("base.select", {"base": 0})
    refused(g, "base.select", {"base": 1})
    refused(g, "base.score", {"base": 1, "base_card": None})
    g.push("base.set", {"base": 0, "player": 1, "power": 0, "minions": 0})  # destroyed
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    assert g.state.vp[0] == 4 and g.state.vp[1] == 0


# -- scoring ----------------------------------------------------------------------------------
def test_scoring_places_get_left_middle_right_values():
    """Раздача очков: most power 1st (left value), then 2nd (middle), 3rd (right); 4th nothing."""
    assert score_base([9, 7, 5, 3], [1, 1, 1, 1], [5, 3, 2]) == {0: 5, 1: 3, 2: 2}


def test_tie_10_10_5_two_firsts_and_a_third():
    """Споры при раздаче: 10/10/5 → both tens take 1st, the five takes 3rd, no 2nd."""
    assert score_base([10, 10, 5], [2, 2, 1], [4, 2, 1]) == {0: 4, 1: 4, 2: 1}


def test_tie_10_5_5_no_third():
    """Споры при раздаче: 10/5/5 → 1st, two 2nds, and nobody gets 3rd."""
    assert score_base([10, 5, 5, 1], [2, 1, 1, 1], [4, 2, 1]) == {0: 4, 1: 2, 2: 2}


def test_fewer_than_three_eligible_unused_vp_to_nobody():
    """Раздача очков: fewer than three players there → the unused values go to nobody."""
    assert score_base([12, 8, 0], [2, 1, 0], [4, 2, 1]) == {0: 4, 1: 2}
    assert score_base([20, 0, 0], [3, 0, 0], [4, 2, 1]) == {0: 4}


def test_eligibility_bbrr_minion_or_one_power():
    """Раздача очков (smashup-bbrr): a minion there or at least 1 power makes you eligible."""
    assert is_eligible(0, 1, "bbrr") and is_eligible(2, 0, "bbrr")
    assert not is_eligible(0, 0, "bbrr")
    # power without minions scores; a minion with 0 power still scores (and ranks last)
    assert score_base([10, 3, 0], [2, 0, 1], [4, 2, 1], "bbrr") == {0: 4, 1: 2, 2: 1}


def test_eligibility_mimimi_needs_a_minion():
    """Раздача очков (smashup-mimimi): only players with a minion on the base score."""
    assert is_eligible(0, 1, "mimimi") and not is_eligible(2, 0, "mimimi")
    assert score_base([10, 3, 0], [2, 0, 1], [4, 2, 1], "mimimi") == {0: 4, 2: 2}


def test_editions_differ_in_game():
    """Раздача очков: the same board scores differently under the two editions."""
    results = {}
    for edition in ("bbrr", "mimimi"):
        g = new_game(edition=edition)
        g.push("base.set", {"base": 0, "player": 0, "power": 17, "minions": 3})
        g.push("base.set", {"base": 0, "player": 1, "power": 3})  # power from an action only
        to_check_phase(g)
        assert SMASHUP.current_phase(g.state) == "Проверь базы"
        g.push("base.score", {"base": 0, "base_card": card("Новая")})
        results[edition] = g.state.vp
    assert results == {"bbrr": [4, 2, 0], "mimimi": [4, 0, 0]}


def test_scoring_replaces_base_and_clears_power():
    """Разойтись по углам!: the scored base's cards leave and a new base takes its place."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 12, "minions": 2})
    g.push("base.set", {"base": 0, "player": 1, "power": 10, "minions": 2})
    g.push("base.set", {"base": 1, "player": 2, "power": 4, "minions": 1})
    to_check_phase(g)
    preview = score_preview(g.state, 0)
    g.push("base.score", {"base": 0, "base_card": card("Школа волшебства", 18, (5, 3, 2))})
    assert g.state.vp == [preview.get(0, 0), preview.get(1, 0), 0] == [4, 2, 0]
    new = g.state.bases[0]
    assert new.name == "Школа волшебства" and new.power == [0, 0, 0] and new.minions == [0, 0, 0]
    assert g.state.bases[1].power[2] == 4  # other bases keep their cards


def test_scoring_without_replacement_then_add():
    """Разойтись по углам! (smashup-mimimi): with the base deck empty no new base comes; a
    card may still lay one out later."""
    g = new_game(edition="mimimi")
    g.push("base.set", {"base": 2, "player": 0, "power": 16, "minions": 2})
    to_check_phase(g)
    g.push("base.score", {"base": 2, "base_card": None, "deck_empty": True})
    assert len(g.state.bases) == 3 and all(b.name != "База 3" for b in g.state.bases)
    assert g.log()[-1][1].endswith("колода баз пуста — новой базы нет")
    g.push("base.add", {"base_card": card("Из колоды")})
    assert len(g.state.bases) == 4


def test_replace_base_by_card():
    """Все на базу!: a card swaps a base; its minions leave unless the card keeps them."""
    g = new_game()
    g.push("base.set", {"base": 1, "player": 0, "power": 6, "minions": 2})
    g.push("base.replace", {"base": 1, "base_card": card("Другая"), "keep_minions": True})
    assert g.state.bases[1].name == "Другая" and g.state.bases[1].power[0] == 6
    g.push("base.replace", {"base": 1, "base_card": card("Третья")})
    assert g.state.bases[1].power == [0, 0, 0]


def test_scoring_log_line():
    """Раздача очков: the log names the base and every player's VP."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 14, "minions": 3})
    g.push("base.set", {"base": 0, "player": 1, "power": 6, "minions": 1})
    to_check_phase(g)
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    line = g.log()[-1][1]
    assert line.startswith("База «Древний храм» захвачена: Аня +4, Борис +2")


# -- turn ---------------------------------------------------------------------------------------
def test_phases_by_edition():
    """Вот как это делается: five phases, named by the edition."""
    assert PHASES["bbrr"] == (
        "Начало хода",
        "Играй карты",
        "Проверь базы",
        "Возьми две карты",
        "Конец хода",
    )
    assert PHASES["mimimi"][0] == "Заводи!" and PHASES["mimimi"][-1] == "Закругляйся"
    g = new_game(edition="mimimi")
    seen = [SMASHUP.current_phase(g.state)]
    for _ in range(4):
        g.push("phase.next")
        seen.append(SMASHUP.current_phase(g.state))
    assert tuple(seen) == PHASES["mimimi"]
    g.push("phase.next")
    assert SMASHUP.current_phase(g.state) == "Заводи!"
    assert SMASHUP.active_player(g.state) == 1 and SMASHUP.turn_number(g.state) == 2


def test_one_minion_one_action_per_turn():
    """Играй карты: one minion and one action for free; a further play is refused."""
    g = new_game()
    g.push("phase.next")  # «Играй карты»
    assert plays_left(g.state) == {"minion": 1, "action": 1}
    g.push("play.record", {"kind": "minion"})
    err = refused(g, "play.record", {"kind": "minion"})
    assert err.rule == "Добавочные карты"
    g.push("play.record", {"kind": "action"})
    refused(g, "play.record", {"kind": "action"})
    refused(g, "play.record", {"kind": "titan"})


def test_extra_plays_granted():
    """Добавочные карты: a card may grant extra minions or actions this turn only."""
    g = new_game()
    g.push("phase.next")  # «Играй карты»
    g.push("play.record", {"kind": "minion"})
    g.push("play.grant", {"kind": "minion", "count": 2})
    assert plays_left(g.state)["minion"] == 2
    g.push("play.record", {"kind": "minion"})
    g.push("play.record", {"kind": "minion"})
    refused(g, "play.record", {"kind": "minion"})
    end_turn(g)
    assert plays_left(g.state) == {"minion": 1, "action": 1}


def test_draw_two_and_hand_limit_reminder():
    """Возьми две карты: draw 2, then no more than 10 cards in hand."""
    g = new_game()
    while SMASHUP.current_phase(g.state) != "Возьми две карты":
        g.push("phase.next")
    text = reminder(g.state)
    assert "2 карты" in text and str(HAND_LIMIT) in text
    assert reminder(new_game().state) != text


def test_play_phase_reminder_counts_plays():
    """Играй карты: the reminder shows the plays left."""
    g = new_game()
    g.push("phase.next")
    assert "приспешников — 1" in reminder(g.state)
    g.push("play.record", {"kind": "minion"})
    assert "приспешников — 0" in reminder(g.state)


# -- game end ----------------------------------------------------------------------------------
def test_single_leader_at_15_wins_at_end_of_turn():
    """Игра окончена: at the end of a turn someone has 15+ VP → the leader wins."""
    g = new_game()
    g.push("vp.adjust", {"player": 1, "delta": 16})
    g.push("vp.adjust", {"player": 2, "delta": 15})
    assert g.outcome() is None  # only checked at the end of the turn
    end_turn(g)
    out = g.outcome()
    assert out is not None and out.winners == (1,)
    assert "побеждает Борис" in g.log()[-1][1]
    with pytest.raises(RuleViolation):
        g.push("phase.next")


def test_tie_at_15_plays_on():
    """Игра окончена: a tie for the lead at 15+ means the game goes on."""
    g = new_game()
    g.push("vp.adjust", {"player": 0, "delta": 15})
    g.push("vp.adjust", {"player": 1, "delta": 15})
    end_turn(g)
    assert g.outcome() is None and SMASHUP.active_player(g.state) == 1
    assert "продолжается" in g.log()[-1][1]
    g.push("vp.adjust", {"player": 1, "delta": 1})
    end_turn(g)
    assert g.outcome().winners == (1,)


def test_below_15_no_winner():
    """Игра окончена: nobody at 15 → no winner even with a clear leader."""
    assert WIN_VP == 15
    assert find_winner([14, 3], [0, 0], False) is None
    assert find_winner([15, 3], [0, 0], False) == 0


def test_madness_costs_vp_and_breaks_ties():
    """Самое главное: −1 VP per 2 madness cards at the end; a tie goes to fewer madness."""
    assert final_scores([16, 15], [3, 0], True) == [15, 15]
    assert find_winner([16, 15], [3, 0], True) == 1
    assert find_winner([17, 15], [2, 2], True) == 0
    assert find_winner([16, 16], [1, 1], True) is None
    assert final_scores([1], [9], True) == [0]  # never below zero
    g = new_game(madness=True)
    g.push("vp.adjust", {"player": 0, "delta": 16})
    g.push("vp.adjust", {"player": 1, "delta": 15})
    g.push("madness.adjust", {"player": 0, "delta": 3})
    refused(g, "madness.adjust", {"player": 1, "delta": -1})
    end_turn(g)
    assert g.outcome().winners == (1,)
    # the result shows what decided it: the VP after madness (15 and 15), and the tie-break
    assert SMASHUP.scores(g.state)[0] == SMASHUP.scores(g.state)[1] == 15.0
    reason = g.outcome().reason
    assert "−1 ПО за каждые две" in reason and "меньше карт безумия (0)" in reason


def test_madness_option_off_refuses_counters():
    """Самое главное: madness cards count only with the Cthulhu option on."""
    g = new_game()
    err = refused(g, "madness.adjust", {"player": 0, "delta": 1})
    assert err.rule == "Самое главное"


def test_vp_never_negative():
    """Раздача очков: VP tokens are only taken, so a card adjustment cannot go below 0."""
    g = new_game()
    g.push("vp.adjust", {"player": 0, "delta": 2})
    refused(g, "vp.adjust", {"player": 0, "delta": -3})
    g.push("vp.adjust", {"player": 0, "delta": -2})
    assert g.state.vp[0] == 0
    assert SMASHUP.scores(g.state) == {0: 0.0, 1: 0.0, 2: 0.0}


def test_unknown_event_refused():
    """Engine: an unknown event type or stray parameters are refused, state unchanged."""
    g = new_game()
    refused(g, "power_change")
    refused(g, "coup.declare")
    refused(g, "phase.next", {"x": 1})


def test_events_json_serialisable_and_replay():
    """Engine: a saved JSON log replays to the same state."""
    g = new_game()
    g.push("base.set", {"base": 0, "player": 0, "power": 20, "minions": 3})
    to_check_phase(g)
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    raw = json.dumps([e.to_dict() for e in g.events])
    from companion.engine.core import Event

    again = Game(SMASHUP, g.setup, [Event.from_dict(e) for e in json.loads(raw)])
    assert again.state == g.state
    assert len(g.log()) == len(g.events)


# -- properties -------------------------------------------------------------------------------
powers_st = st.lists(st.integers(0, 30), min_size=2, max_size=4)


@settings(max_examples=300, deadline=None)
@given(
    powers=powers_st,
    minions_seed=st.lists(st.integers(0, 3), min_size=4, max_size=4),
    vp=st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8)),
    edition=st.sampled_from(["bbrr", "mimimi"]),
)
def test_property_scoring_bounded_and_eligible(powers, minions_seed, vp, edition):
    """Раздача очков / Споры при раздаче: each award is the value of the player's place
    (1–3), the places follow strict power order, and nobody ineligible scores."""
    minions = minions_seed[: len(powers)]
    awards = score_base(powers, minions, list(vp), edition)
    eligible = [i for i in range(len(powers)) if is_eligible(powers[i], minions[i], edition)]
    assert set(awards) <= set(eligible)
    for p, value in awards.items():
        place = 1 + sum(1 for q in eligible if powers[q] > powers[p])
        assert place <= 3 and value == vp[place - 1]
    # per place, no more than that place's value per player; three places at most
    places = {1 + sum(1 for q in eligible if powers[q] > powers[p]) for p in awards}
    assert len(places) <= 3
    assert all(v <= max(vp) for v in awards.values())
    # everybody eligible who is beaten by fewer than three players is awarded
    for p in eligible:
        beaten = sum(1 for q in eligible if powers[q] > powers[p])
        assert (p in awards) == (beaten < 3)
    # without ties, the total is at most the sum of the three values
    if len({powers[p] for p in eligible}) == len(eligible):
        assert sum(awards.values()) <= sum(vp)


action_st = st.one_of(
    st.tuples(st.just("vp.adjust"), st.integers(0, 2), st.integers(-6, 9)),
    st.tuples(st.just("base.adjust"), st.integers(0, 3), st.integers(-4, 20)),
    st.tuples(st.just("phase.next"), st.just(0), st.just(0)),
    st.tuples(st.just("base.score"), st.integers(0, 3), st.just(0)),
    st.tuples(st.just("play.record"), st.just(0), st.just(0)),
)


def _as_event(kind: str, a: int, b: int) -> tuple[str, dict]:
    if kind == "vp.adjust":
        return kind, {"player": a, "delta": b}
    if kind == "base.adjust":
        data = {"base": a, "player": (a + b) % 3, "power": b}
        if b > 0:
            data["minions"] = 1
        return kind, data
    if kind == "base.score":
        return kind, {"base": a, "base_card": card(f"Новая {a}", 10)}
    if kind == "play.record":
        return kind, {"kind": "minion"}
    return kind, {}


def _push_checked(g: Game, kind: str, data: dict) -> bool:
    """Push; on refusal the state is unchanged; on success undo restores it exactly."""
    before = copy.deepcopy(g.state)
    try:
        g.push(kind, data)
    except RuleViolation:
        assert g.state == before
        return False
    after = copy.deepcopy(g.state)
    assert all(v >= 0 for v in g.state.vp)
    assert all(p >= 0 for base in g.state.bases for p in base.power)
    g.undo()
    assert g.state == before
    g.redo()
    assert g.state == after
    return True


@settings(max_examples=150, deadline=None)
@given(st.lists(action_st, max_size=40))
def test_property_vp_never_negative_and_undo_push_identity(actions):
    """Раздача очков: VP never go below zero; every accepted event is undone exactly
    (undo ∘ push = identity) through companion.engine.core.Game."""
    g = new_game()
    for kind, a, b in actions:
        if g.is_over():
            break
        if kind == "base.score":  # walk to «Проверь базы» first
            for _ in range(5):
                if g.state.phase == 2 or g.is_over():
                    break
                _push_checked(g, "phase.next", {})
            if g.is_over():
                break
        kind, data = _as_event(kind, a, b)
        if kind == "base.score" and ready_bases(g.state) and a % 2:
            data["base"] = ready_bases(g.state)[0]  # mostly a ready one, sometimes any
        _push_checked(g, kind, data)


def test_every_event_has_a_russian_log_line():
    """Engine: every event type gets a readable Russian log line, not its raw name."""
    g = Game.new(SMASHUP, ["Аня", "Борис"], options={"draft": True, "madness": True}, clock=Clock())
    for seat, name in zip(draft_order(2, 0), ["Рокеры", "Феи", "Котики", "Бабульки"], strict=False):
        g.push("faction.pick", {"player": seat, "faction": name})
    for i in range(3):
        g.push("base.add", {"base_card": card(f"Б{i}", 10)})
    g.push("base.replace", {"base": 2, "base_card": TEMPLE})
    g.push("game.start")
    g.push("base.set", {"base": 0, "player": 0, "power": 6, "minions": 1})
    g.push("base.adjust", {"base": 0, "player": 1, "power": 4, "minions": 1})
    g.push("breakpoint.modify", {"base": 1, "delta": 3, "until": "base"})
    g.push("play.grant", {"kind": "action", "count": 1})
    g.push("play.record", {"kind": "action", "extra": True})
    g.push("play.grant", {"kind": "minion", "count": 1})
    g.push("play.minion", {"base": 1, "extra": True})
    g.push("vp.adjust", {"player": 0, "delta": 1})
    g.push("madness.adjust", {"player": 1, "delta": 2})
    to_check_phase(g)
    g.push("base.select", {"base": 0})
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    g.push("phase.pass")
    types = {e.type for e in g.events}
    from companion.engine.smashup import EVENT_TYPES

    assert types == EVENT_TYPES
    for event, line in g.log():
        assert line and line != event.type
    lines = [line for _, line in g.log()]
    assert "База «Б0» захвачена: Аня +4, Борис +2; на её место выложена «Новая»" in lines
    assert "Аня: ПО +1 (теперь 1)" in lines
    assert g.state.vp == [5, 2]


def test_mimimi_check_phase_mentions_the_15_vp_check_only_when_the_engine_runs_it():
    """Проверь базы (smashup-mimimi) vs «Игра окончена»: the reminder of «Проверь базы» speaks
    of the 15-VP check only with the option that makes the engine check there."""
    g = new_game(edition="mimimi")
    to_check_phase(g)
    assert "15" not in reminder(g.state)
    a = new_game(edition="mimimi", win_check="after_scoring")
    to_check_phase(a)
    assert "15" in reminder(a.state)
    b = new_game()
    to_check_phase(b)
    assert "15" not in reminder(b.state)
