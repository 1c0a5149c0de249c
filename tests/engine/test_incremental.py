"""Journal, score series and turn clock are kept as events are applied (issue 12).

Each incremental result must equal what a full replay of the log gives: the reference
functions below are the replays ``Game.log``, ``Game.score_series`` and ``Game.turn_clock``
used to run on every call.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import Event, Game
from companion.engine.clock import Mark, TurnClock
from companion.engine.core import CHECKPOINT_EVERY, CORE_PAUSE, CORE_RESUME
from companion.engine.free import FREE
from companion.engine.smashup import SMASHUP
from companion.errors import RuleViolation


class FakeClock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


# -- the full replays (reference) ----------------------------------------------------------------
def replay_log(g: Game) -> list[tuple[Any, str]]:
    state = g.definition.initial_state(g.setup)
    out = []
    for ev in g.events:
        out.append((ev, g._describe(state, ev)))
        g._apply(state, ev)
    return out


def replay_series(g: Game) -> list[tuple[float, dict[int, float]]]:
    state = g.definition.initial_state(g.setup)
    series = [(g.setup.created, g.definition.scores(state))]
    for ev in g.events:
        g._apply(state, ev)
        scores = g.definition.scores(state)
        if scores != series[-1][1]:
            series.append((ev.ts, scores))
    return series


def replay_clock(g: Game, now: float) -> TurnClock:
    d = g.definition
    state = d.initial_state(g.setup)
    marks = [Mark(g.setup.created, d.active_player(state), d.turn_number(state), False)]
    for ev in g.events:
        g._apply(state, ev)
        paused = marks[-1].paused
        if ev.type == CORE_PAUSE:
            paused = True
        elif ev.type == CORE_RESUME:
            paused = False
        marks.append(Mark(ev.ts, d.active_player(state), d.turn_number(state), paused))
    return TurnClock.from_marks(len(g.setup.players), marks, now)


def assert_matches_replay(g: Game, now: float) -> None:
    assert g.log() == replay_log(g)
    assert g.score_series() == replay_series(g)
    assert g.turn_clock(now) == replay_clock(g, now)
    reopened = Game(g.definition, g.setup, g.events, g.redo_stack, clock=g.clock)
    assert reopened.state == g.state
    assert reopened.log() == g.log()
    assert reopened.score_series() == g.score_series()
    assert reopened.turn_clock(now) == g.turn_clock(now)
    assert [reopened.describe(e) for e in reopened.redo_stack] == [
        g.describe(e) for e in g.redo_stack
    ]


free_moves = st.one_of(
    st.tuples(
        st.just("counter.add"),
        st.fixed_dictionaries(
            {"player": st.integers(0, 2), "counter": st.just("ПО"), "delta": st.integers(-3, 3)}
        ),
    ),
    st.tuples(
        st.just("counter.set"),
        st.fixed_dictionaries(
            {"player": st.integers(0, 2), "counter": st.just("ПО"), "value": st.integers(-5, 5)}
        ),
    ),
    st.tuples(st.just("turn.next"), st.just({})),
    st.tuples(st.sampled_from(["core.pause", "core.resume"]), st.just({})),
    st.tuples(st.sampled_from(["undo", "redo"]), st.just({})),
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(free_moves, st.floats(0, 90), st.booleans()), max_size=80),
    st.floats(0, 500),
    st.booleans(),
)
def test_incremental_results_equal_a_full_replay(steps, wait, reopen):
    """Property: for any log with undos and redos (and pauses), the kept journal, score
    series and turn clock equal a full replay — read at any moment, and also when the game
    was reopened from its log halfway (journal and clock made on first use)."""
    clock = FakeClock()
    g = Game.new(FREE, ["Аня", "Борис", "Вика"], clock=clock)
    for i, ((kind, data), pause, read) in enumerate(steps):
        clock.t += pause
        if reopen and i == len(steps) // 2:
            g = Game(FREE, g.setup, g.events, g.redo_stack, clock=clock)
        with contextlib.suppress(RuleViolation):
            if kind in ("undo", "redo"):
                getattr(g, kind)()
            else:
                g.push(kind, data)
        if read:
            assert g.turn_clock(clock.t) == replay_clock(g, clock.t)
            assert g.log() == replay_log(g)
    assert_matches_replay(g, clock.t + wait)


def test_undo_across_checkpoints_restores_each_earlier_state():
    """An undo replays from the nearest kept copy; every earlier state comes back exactly."""
    clock = FakeClock()
    g = Game.new(FREE, ["Аня", "Борис"], clock=clock)
    states = [g.state]
    for i in range(CHECKPOINT_EVERY * 2 + 5):
        clock.t += 1
        g.push("counter.add", {"player": i % 2, "counter": "ПО", "delta": 1 + i % 3})
        states.append(g.state)
    for expected in reversed(states[:-1]):
        g.undo()
        assert g.state == expected
    for expected in states[1:]:
        g.redo()
        assert g.state == expected
    assert_matches_replay(g, clock.t)


def test_log_slice_pages_the_journal_newest_first():
    g = Game.new(FREE, ["Аня", "Борис"], clock=lambda: 0.0)
    for _ in range(5):
        g.push("turn.next")
    seqs = [ev.seq for ev, _ in g.log_slice(0, 2)]
    assert seqs == [5, 4]
    assert [ev.seq for ev, _ in g.log_slice(2, 4)] == [3, 2]
    assert [ev.seq for ev, _ in g.log_slice(4, 99)] == [1]
    assert [ev.seq for ev, _ in g.log_slice(0, 2, newest_first=False)] == [1, 2]
    assert g.log_slice(0, None) == g.log()[::-1]
    assert g.log_length == 5 and g.last_event is not None and g.last_event.seq == 5


def test_undo_notice_uses_the_engine_line_never_the_event_code():
    """«Отменено: …» shows the journal's own line of the undone event."""
    g = Game.new(FREE, ["Аня", "Борис"], clock=lambda: 0.0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    undone = g.undo()
    assert g.describe(undone) == "Аня: ПО +1 (теперь 1)"
    redone = g.redo()
    assert g.describe(redone) == "Аня: ПО +1 (теперь 1)"
    reopened = Game(FREE, g.setup, (), g.events, clock=lambda: 0.0)  # loaded as undone
    assert reopened.describe(reopened.redo_stack[0]) == "Аня: ПО +1 (теперь 1)"
    with pytest.raises(LookupError):
        g.describe(Event(9, "counter.add", {}, 0.0))


def test_a_damaged_saved_event_gets_a_neutral_line_not_a_code():
    g = Game.new(FREE, ["Аня", "Борис"], clock=lambda: 0.0)
    active = Event(1, "turn.next", {}, 0.0)
    undone = Event(2, "counter.add", {"player": 0}, 0.0)  # no counter: cannot be worded
    reopened = Game(FREE, g.setup, (active,), (undone,), clock=lambda: 0.0)
    assert reopened.describe(active) == "Ход переходит к Борису"
    assert reopened.describe(undone) == "Событие №2"


def test_smash_up_log_and_series_match_a_replay():
    clock = FakeClock()
    g = Game.new(
        SMASHUP,
        ["Аня", "Борис"],
        clock=clock,
        options={"factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"]]},
    )
    for name in ("А", "Б", "В"):
        g.push("base.add", {"base_card": {"name": name, "breakpoint": 5, "vp": [4, 2, 1]}})
    g.push("game.start")
    g.push("phase.next")
    clock.t += 10
    g.push("base.adjust", {"base": 0, "player": 0, "power": 6, "minions": 1})
    g.push("phase.next")
    g.push("base.score", {"base": 0, "base_card": {"name": "Г", "breakpoint": 9, "vp": [3, 2, 1]}})
    clock.t += 5
    g.push("vp.adjust", {"player": 1, "delta": 2})
    g.undo()
    assert_matches_replay(g, clock.t + 3)
    assert g.score_series()[-1][1] == {0: 4.0, 1: 0.0}


def test_a_loaded_log_makes_a_journal_page_without_replaying_the_game():
    """A game loaded from 2 000 saved events: the newest page of its journal (and the first
    undo) replay at most CHECKPOINT_EVERY events plus the page, from the state copies kept
    near the end while loading — and the lines are those a full replay gives."""
    clock = FakeClock()
    g = Game.new(FREE, ["Аня", "Борис", "Вика"], clock=clock)
    for i in range(2000):
        clock.t += 1
        if i % 7 == 6:
            g.push("turn.next")
        else:
            g.push("counter.add", {"player": i % 3, "counter": "ПО", "delta": 1 + i % 4})
    loaded = Game(FREE, g.setup, g.events, clock=clock)
    applied = [0]
    apply = loaded._apply

    def counting(state: Any, event: Event) -> None:
        applied[0] += 1
        apply(state, event)

    loaded._apply = counting  # type: ignore[method-assign]
    page = loaded.log_slice(0, 60)
    assert applied[0] <= CHECKPOINT_EVERY + 60
    assert page == replay_log(g)[::-1][:60]
    applied[0] = 0
    undone = loaded.undo()
    assert applied[0] <= CHECKPOINT_EVERY
    assert loaded.describe(undone) == g.log()[-1][1]
    assert loaded.log() == replay_log(loaded)
    assert loaded.score_series() == replay_series(loaded)
