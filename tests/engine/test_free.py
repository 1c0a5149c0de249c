"""Свободный счёт: the app's own generic scorekeeper (companion.engine.free)."""

from __future__ import annotations

import pytest

from companion.engine import Game
from companion.engine.free import FREE
from companion.errors import RuleViolation, SetupError

COUNTERS = [{"name": "ПО", "step": 1, "start": 0}, {"name": "Монеты", "step": 5, "start": 10}]


def game(**options) -> Game:
    return Game.new(
        FREE,
        ["Аня", "Борис", "Вика"],
        first_player=1,
        options={"counters": COUNTERS, **options},
        clock=lambda: 0.0,
    )


def test_counters_start_at_their_start_values():
    g = game()
    assert g.state.values == [{"ПО": 0, "Монеты": 10}] * 3


def test_turn_order_and_round_counter_from_the_first_player():
    g = game()
    assert g.state.active == 1 and g.state.round == 1
    g.push("turn.next")
    g.push("turn.next")
    assert g.state.active == 0 and g.state.round == 1
    g.push("turn.next")
    assert g.state.active == 1 and g.state.round == 2


def test_target_ends_the_game_and_leaders_share_it():
    g = game(target={"counter": "ПО", "value": 10})
    g.push("counter.set", {"player": 0, "counter": "ПО", "value": 9})
    assert g.outcome() is None
    g.push("counter.add", {"player": 2, "counter": "ПО", "delta": 10})
    assert g.outcome().winners == (2,)
    with pytest.raises(RuleViolation, match="окончена"):
        g.push("turn.next")


def test_manual_end_declares_the_leaders_on_the_main_counter():
    g = game()
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    g.push("counter.add", {"player": 2, "counter": "ПО", "delta": 3})
    g.push("game.end")
    assert g.outcome().winners == (0, 2)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"counters": []}, "хотя бы один"),
        ({"counters": [{"name": "ПО"}, {"name": "по"}]}, "не должны повторяться"),
        ({"counters": [{"name": "ПО", "step": 0}]}, "Шаг"),
        ({"counters": [{"name": "ПО", "step": "x"}]}, "Шаг"),
        ({"counters": [{"name": "ПО"}], "target": {"counter": "Монеты", "value": 5}}, "Цель"),
    ],
)
def test_bad_setups_name_the_field(options, message):
    with pytest.raises(SetupError, match=message):
        Game.new(FREE, ["Аня", "Борис"], options=options)


def test_bad_moves_are_refused_with_a_reason():
    g = game()
    with pytest.raises(RuleViolation, match="Счётчика «Жизни»"):
        g.push("counter.add", {"player": 0, "counter": "Жизни", "delta": 1})
    with pytest.raises(RuleViolation, match="целым"):
        g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1.5})
    with pytest.raises(RuleViolation, match="±"):
        g.push("counter.set", {"player": 0, "counter": "ПО", "value": 10**9})
    assert g.events == ()


def test_log_lines_say_who_changed_what():
    g = game()
    g.push("counter.add", {"player": 0, "counter": "Монеты", "delta": -5})
    g.push("turn.next")
    assert [text for _, text in g.log()] == [
        "Аня: Монеты −5 (теперь 5)",
        "Ход переходит к игроку Вика",
    ]
