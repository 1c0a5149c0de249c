"""The turn clock of «Замес» starts with the first turn, not at setup (rulebook 000,
«Подготовка к игре» comes before «Вот как это делается» — the turn, whose phases start with
«Начало хода»): picking factions and laying out bases is nobody's turn and no turn's time."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.clock import BEFORE_PLAY, ClockTally, Mark, TurnClock
from companion.engine.core import Game
from companion.engine.free import FREE
from companion.engine.smashup import SMASHUP

NAMES = ["Аня", "Борис"]


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def base(i: int) -> dict:
    return {"name": f"База {i}", "breakpoint": 15 + i, "vp": [3, 2, 1]}


def set_up(clock: Clock) -> Game:
    """«Подготовка к игре»: factions picked on the board, three bases laid out, 10 min."""
    g = Game.new(SMASHUP, NAMES, first_player=0, options={"edition": "bbrr"}, clock=clock)
    for p, decks in enumerate([["Рокеры", "Котики"], ["Бабульки", "Феи"]]):
        for faction in decks:
            clock.t += 60
            g.push("faction.pick", {"player": p, "faction": faction})
    for i in range(3):
        clock.t += 120
        g.push("base.add", {"base_card": base(i)})
    return g


def test_setup_time_is_not_charged_to_the_first_turn():
    """«Подготовка к игре» / «Вот как это делается»: the clock starts at «Начать игру»."""
    clock = Clock()
    g = set_up(clock)
    during = g.turn_clock(clock.t + 30)
    assert during.current == 0.0 and during.total == 0.0 and during.turns == []
    assert during.per_player == {0: 0.0, 1: 0.0}
    clock.t += 30
    g.push("game.start")
    clock.t += 45
    tc = g.turn_clock()
    assert tc.current == 45.0 and tc.total == 45.0
    assert tc.per_player == {0: 45.0, 1: 0.0}
    assert tc.turns == [(1, 0, 45.0)]
    # the same after a reload (the clock inputs are rebuilt from the saved log) ...
    reopened = Game(SMASHUP, g.setup, g.events, clock=clock)
    assert reopened.turn_clock() == tc
    # ... and after taking «Начать игру» back: setup again, the clock stands still
    g.undo()
    assert g.turn_clock(clock.t + 100) == TurnClock({0: 0.0, 1: 0.0}, [], 0.0, 0.0)
    g.redo()
    assert g.turn_clock() == tc


def test_a_game_without_setup_starts_its_clock_at_creation():
    """«Свободный счёт» has no setup phase: the first turn starts when the game is made."""
    clock = Clock()
    g = Game.new(FREE, NAMES, first_player=1, clock=clock)
    clock.t += 20
    assert g.turn_clock().turns == [(1, 1, 20.0)] and g.turn_clock().per_player[1] == 20.0


marks = st.lists(
    st.tuples(
        st.floats(0, 100, allow_nan=False),
        st.one_of(st.none(), st.integers(0, 2)),
        st.integers(0, 3),
        st.booleans(),
    ),
    max_size=12,
)


@settings(max_examples=300)
@given(start_turn=st.integers(0, 1), steps=marks, pops=st.integers(0, 4))
def test_the_running_tally_equals_the_walk_with_setup_marks(start_turn, steps, pops):
    """Invariant: with setup marks (turn 0) anywhere at the start, the incremental tally, also
    after undos, equals the reference walk over the marks."""
    t = 0.0
    start = Mark(t, None if start_turn == BEFORE_PLAY else 0, start_turn, False)
    all_marks = [start]
    played = start_turn != BEFORE_PLAY
    for dt, player, turn, paused in steps:
        t += dt
        played = played or turn != BEFORE_PLAY
        # a game never goes back to setup once play has started
        all_marks.append(Mark(t, player, turn if played and turn else (1 if played else 0), paused))
    tally = ClockTally(3, start)
    for m in all_marks[1:]:
        tally.add(m)
        tally.at(m.ts)  # sum as it goes, so pops take back summed segments too
    now = t + 7
    assert tally.at(now) == TurnClock.from_marks(3, all_marks, now)
    for _ in range(min(pops, len(all_marks) - 1)):
        tally.pop()
        all_marks.pop()
        assert tally.at(now) == TurnClock.from_marks(3, all_marks, now)
