"""What the Coup board's bar, step title and rows say (:mod:`companion.present.coup`), without
Flet. Rulebook: «Действия», «Покровители»."""

from __future__ import annotations

from companion.engine.core import Game
from companion.engine.coup import COUP
from companion.present.coup import (
    CROWDED_FROM,
    CROWDED_LINES,
    FOLDED_LINES,
    FULL_LINES,
    chosen,
    declare_hint,
    declare_refusal,
    row_status,
    target_title,
    targets_of,
    text_lines,
    which_card,
)

NAMES = ["Аня", "Борис", "Гриша"]


def new() -> Game:
    return Game.new(COUP, NAMES, clock=lambda: 0.0)


def test_the_bar_says_what_objavit_will_declare():
    """Nothing chosen, a target still to choose, then the action against the target in the
    genitive; a theft from a player without coins says there is nothing to take."""
    state = new().state
    assert declare_hint(state, None, None) == "Выберите действие"
    assert (
        declare_hint(state, "steal", None)
        == "Кража (Капитан): против кого? Коснитесь строки игрока"
    )
    assert declare_hint(state, "tax", None) == "Налог +3 (Герцог)"
    assert declare_hint(state, "steal", 2) == "Кража (Капитан) против Гриши"
    state.coins[2] = 0
    assert (
        declare_hint(state, "steal", 2) == "Кража (Капитан) против Гриши — монет нет, красть нечего"
    )
    assert target_title(state, None) == "Против кого? Коснитесь строки игрока"
    assert target_title(state, 1) == "Против Бориса. Сменить — коснитесь другого"


def test_a_rows_status_word_exile_first_then_the_turn_then_the_target():
    assert row_status(True, True, True, True) == "в ссылке"
    assert row_status(False, True, True, True) == "ходит"
    assert row_status(False, False, True, True) == "цель"
    assert row_status(False, False, False, True) == "цель?"
    assert row_status(False, False, False, False) == ""


def test_karta_names_who_reveals_a_card():
    """«Покровители»: a lost challenge waits for the loser's card, which has its own button."""
    g = new()
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.push("coup.challenge", {"challenger": 1})
    g.push("coup.challenge_result", {"proven": True})
    said = which_card(g.state)
    assert said.startswith("Сначала коснитесь карты, которую раскрывает Борис: ")
    assert said.endswith("(Покровители).")


def test_step_texts_get_fewer_lines_as_the_board_folds_and_crowds():
    assert text_lines(False, True, 6) == FULL_LINES
    assert text_lines(True, False, 6) == FOLDED_LINES
    assert text_lines(True, True, CROWDED_FROM - 1) == FOLDED_LINES
    assert text_lines(True, True, CROWDED_FROM) == CROWDED_LINES


def test_an_action_not_declarable_now_says_why():
    """«Действия»: income is open to the first player; a coup with 2 coins is refused with the
    engine's reason; none at all while a challenge is asked."""
    g = new()
    assert declare_refusal(g.state, "income") is None
    assert "нужно 7 монет" in declare_refusal(g.state, "coup")
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    assert "оспаривает" in declare_refusal(g.state, "income")


def test_a_chosen_target_holds_only_while_it_is_valid():
    """A lone opponent is the target without a tap; the player themself is no target; nothing
    is chosen once the turn waits for an answer."""
    state = new().state
    assert chosen(state, "tax", 2) == ("tax", None)
    assert chosen(state, "steal", 2) == ("steal", 2)
    assert chosen(state, "steal", 0) == ("steal", None)
    two = Game.new(COUP, NAMES[:2], clock=lambda: 0.0)
    assert chosen(two.state, "steal", None) == ("steal", 1)
    two.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    assert chosen(two.state, "steal", 1) == (None, None)


def test_targets_are_the_other_players_still_in():
    state = new().state
    assert targets_of(state, "steal") == {1, 2}
    assert targets_of(state, "tax") == set()
    assert targets_of(state, None) == set()
