"""The Coup screen's half-made choice (picked, not yet declared) belongs to its turn only."""

from __future__ import annotations

from companion.engine.core import Game
from companion.engine.coup import COUP
from companion.ui.boards.coup.common import Choice


def test_a_choice_left_by_undo_does_not_come_back_on_redo():
    """Аня picks «Налог» on her turn, someone undoes the move before it; once the move is
    redone and her turn is back, nothing is picked: she chooses again, as at the table."""
    g = Game.new(COUP, ["Аня", "Борис", "Вика"], first_player=1, clock=lambda: 0.0)
    g.push("coup.declare", {"player": 1, "action": "income", "target": None})
    anya_turn = g.state.turn
    choice = Choice()
    choice.pick(anya_turn, "tax")
    assert choice.current(g.state) == ("tax", None)
    g.undo()  # back to Борис's turn: the choice is not shown there
    assert choice.current(g.state) == (None, None)
    g.redo()  # Аня's turn again
    assert g.state.turn == anya_turn
    assert choice.current(g.state) == (None, None)


def test_a_choice_stays_while_its_turn_is_shown():
    g = Game.new(COUP, ["Аня", "Борис"], first_player=0, clock=lambda: 0.0)
    choice = Choice()
    choice.pick(g.state.turn, "steal")
    choice.aim(1)
    assert choice.current(g.state) == ("steal", 1)
    assert choice.current(g.state) == ("steal", 1)  # reading it twice changes nothing
