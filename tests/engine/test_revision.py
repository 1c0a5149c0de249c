"""Move revision: a move names the state it was made against (issue 14).

A double tap on «Дальше» or two phones pressing it at once must apply once; a counter step
(«+1») tapped twice must count twice.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import Game
from companion.engine.coup import COUP
from companion.engine.free import FREE
from companion.engine.smashup import SMASHUP
from companion.errors import RuleViolation, StaleMoveError


def free_game() -> Game:
    return Game.new(FREE, ["Аня", "Борис", "Вика"], clock=lambda: 0.0)


def test_revision_grows_on_push_undo_and_redo():
    g = free_game()
    assert g.revision == 0
    g.push("turn.next")
    g.undo()
    g.redo()
    assert g.revision == 3


def test_revision_of_a_reopened_game_is_the_length_of_its_log():
    g = free_game()
    for _ in range(4):
        g.push("turn.next")
    g.undo()
    reopened = Game(FREE, g.setup, g.events, g.redo_stack, clock=lambda: 0.0)
    assert reopened.revision == 3


def test_second_press_of_next_against_the_same_revision_is_refused():
    g = free_game()
    seen = g.revision
    g.push("turn.next", expect_revision=seen)
    with pytest.raises(StaleMoveError) as err:
        g.push("turn.next", expect_revision=seen)
    assert (err.value.expected, err.value.actual) == (0, 1)
    assert isinstance(err.value, RuleViolation)
    assert g.state.active == 1 and len(g.events) == 1 and g.revision == 1


def test_stale_undo_and_redo_change_nothing():
    g = free_game()
    g.push("turn.next")
    g.push("turn.next")
    seen = g.revision
    g.undo(expect_revision=seen)
    with pytest.raises(StaleMoveError):
        g.undo(expect_revision=seen)
    assert len(g.events) == 1
    seen = g.revision
    g.redo(expect_revision=seen)
    g.undo()
    with pytest.raises(StaleMoveError):
        g.redo(expect_revision=seen)
    assert len(g.events) == 1 and len(g.redo_stack) == 1


def test_counter_steps_ignore_the_revision():
    g = free_game()
    seen = g.revision
    step = {"player": 0, "counter": "ПО", "delta": 1}
    g.push("counter.add", step, expect_revision=seen)
    g.push("counter.add", step, expect_revision=seen)
    assert g.state.values[0]["ПО"] == 2


def test_cumulative_moves_are_declared_per_game():
    assert "counter.add" in FREE.cumulative_moves
    assert "counter.set" not in FREE.cumulative_moves
    assert {"base.adjust", "vp.adjust", "madness.adjust"} <= SMASHUP.cumulative_moves
    assert "phase.next" not in SMASHUP.cumulative_moves
    assert "play.record" not in SMASHUP.cumulative_moves
    assert COUP.cumulative_moves == frozenset()  # coins only move through actions


moves = st.sampled_from(
    [
        ("counter.add", {"player": 0, "counter": "ПО", "delta": 1}),
        ("counter.add", {"player": 1, "counter": "ПО", "delta": -2}),
        ("counter.set", {"player": 2, "counter": "ПО", "value": 7}),
        ("turn.next", {}),
        ("undo", {}),
        ("redo", {}),
    ]
)


@given(st.lists(moves, max_size=25), moves)
def test_a_double_press_applies_a_move_once_or_a_step_twice(history, move):
    """Property: two presses made against the same revision apply a non-cumulative move
    once (the second is a StaleMoveError and changes nothing) and a cumulative one twice."""
    g = free_game()
    for kind, data in history:
        try:
            if kind in ("undo", "redo"):
                getattr(g, kind)()
            else:
                g.push(kind, data)
        except RuleViolation:
            pass
    kind, data = move
    seen = g.revision
    reference = Game(FREE, g.setup, g.events, g.redo_stack, clock=lambda: 0.0)

    def press(game: Game, expect: int | None) -> None:
        if kind in ("undo", "redo"):
            getattr(game, kind)(expect_revision=expect)
        else:
            game.push(kind, data, expect_revision=expect)

    try:
        press(reference, None)
    except RuleViolation:
        return  # not legal here at all
    once_state = reference.state
    press(g, seen)
    assert g.state == once_state and g.revision == seen + 1
    if kind in FREE.cumulative_moves:
        try:
            press(reference, None)
        except RuleViolation:
            with pytest.raises(RuleViolation):
                press(g, seen)
            return
        press(g, seen)
        assert g.state == reference.state and g.revision == seen + 2
    else:
        events = g.events
        with pytest.raises(StaleMoveError):
            press(g, seen)
        assert g.state == once_state and g.events == events and g.revision == seen + 1
