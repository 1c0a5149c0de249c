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
    with pytest.raises(RuleViolation, match="«delta».*целое число"):
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
        "Ход переходит к Вике",
    ]


# -- issue 14: referee gaps ---------------------------------------------------------------------
@pytest.mark.parametrize("value", [0, -3])
def test_a_game_cannot_start_already_won(value):
    """Цель: a target below 1 is refused with the field named, never read as «без цели»."""
    with pytest.raises(SetupError, match="Цель «ПО» должна быть не меньше 1"):
        game(target={"counter": "ПО", "value": value})


def test_target_must_be_above_the_start_value():
    """Цель: «Монеты» start at 10, so a target of 10 would be reached before the first move."""
    with pytest.raises(SetupError, match="больше начального значения"):
        game(target={"counter": "Монеты", "value": 10})
    assert game(target={"counter": "Монеты", "value": 11}).outcome() is None


@pytest.mark.parametrize("target", [{"counter": "ПО", "value": None}, {"counter": "ПО"}, "10"])
def test_an_empty_target_value_is_refused_not_read_as_no_target(target):
    """Цель: only ``target: None`` means «без цели»; an empty value names the field."""
    with pytest.raises(SetupError, match="Цель"):
        game(target=target)
    assert game(target=None).state.target is None


def test_two_counters_with_the_same_name_are_refused():
    """Счётчики: the same name twice (case and spaces ignored) is refused and named."""
    with pytest.raises(SetupError, match="Счётчик «по» указан дважды"):
        Game.new(
            FREE,
            ["Аня", "Борис"],
            options={"counters": [{"name": "ПО"}, {"name": " по "}], "target": None},
        )


def test_target_names_its_counter_whatever_the_case():
    """Цель: the target points at the canonical counter even if typed in another case."""
    g = game(target={"counter": " монеты ", "value": 20})
    assert g.state.target == {"counter": "Монеты", "value": 20}
    g.push("counter.add", {"player": 0, "counter": "Монеты", "delta": 10})
    assert g.outcome() is not None and g.outcome().winners == (0,)


def test_finish_round_plays_the_round_to_its_end():
    """Доиграть раунд: the target reached by the first player of a round lets the others
    have their turn; the game ends when the turn comes back to the first player."""
    g = game(target={"counter": "ПО", "value": 5}, finish_round=True)  # first player: Борис
    g.push("counter.add", {"player": 1, "counter": "ПО", "delta": 5})
    assert g.outcome() is None
    assert "доигрываем раунд" in FREE.status_note(g.state)
    g.push("turn.next")  # Вика
    g.push("counter.add", {"player": 2, "counter": "ПО", "delta": 7})
    g.push("turn.next")  # Аня
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 2})
    assert g.outcome() is None
    g.push("turn.next")  # back to Борис: the round is over
    out = g.outcome()
    assert out is not None and out.winners == (2,)
    assert "раунд доигран" in out.reason
    with pytest.raises(RuleViolation, match="окончена"):
        g.push("counter.add", {"player": 1, "counter": "ПО", "delta": 1})


def test_without_finish_round_the_target_ends_the_game_at_once():
    """Цель: by default the game ends on the move that reaches the target."""
    g = game(target={"counter": "ПО", "value": 5})
    g.push("counter.add", {"player": 1, "counter": "ПО", "delta": 5})
    assert g.outcome() is not None and "Достигнута цель" in g.outcome().reason
    assert FREE.status_note(g.state) is None


def test_finish_round_is_a_yes_no_option():
    with pytest.raises(SetupError, match="Доиграть раунд"):
        game(finish_round="да")


def test_one_player_may_keep_score_alone():
    """Solo: one seat; each turn starts a new round."""
    g = Game.new(FREE, ["Аня"], options={"target": {"counter": "ПО", "value": 3}})
    g.push("turn.next")
    assert g.state.active == 0 and g.state.round == 2
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    assert g.outcome().winners == (0,)


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({}, "Игра остановлена; больше всех по первому счётчику «ПО»: 3."),
        (
            {"counters": [{"name": "Золото", "step": 1, "start": 0}]},
            "Игра остановлена; больше всех по счётчику «Золото»: 3.",
        ),
        (
            {"target": {"counter": "Монеты", "value": 100}},
            "Игра остановлена; больше всех по счётчику цели «Монеты»: 13.",
        ),
    ],
    ids=["first of two", "one counter", "target"],
)
def test_a_stopped_game_says_which_counter_decided(options, said):
    """Play-test: «больше всего «Золото»» read badly for a counter's name and did not say
    that only the target's (else the first) counter decides."""
    g = game(**options)
    key = g.state.target["counter"] if g.state.target else g.state.counters[0]["name"]
    g.push("counter.add", {"player": 2, "counter": key, "delta": 3})
    g.push("game.end")
    assert g.outcome().winners == (2,)
    assert g.outcome().reason == said
