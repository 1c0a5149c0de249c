"""Engine core: event log, undo/redo, refusals, turn clock (companion.engine.core)."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.engine import Event, Game, PlayerSpec, Setup
from companion.engine.free import FREE
from companion.errors import RuleViolation, SetupError, StoreError


class FakeClock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, s: float) -> None:
        self.t += s


def new_game(n: int = 3, clock=None, **options) -> Game:
    return Game.new(
        FREE,
        ["Аня", "Борис", "Вика", "Гена"][:n],
        clock=clock or FakeClock(),
        options=options or None,
    )


def add(player: int, delta: int) -> tuple[str, dict]:
    return "counter.add", {"player": player, "counter": "ПО", "delta": delta}


def test_push_undo_redo_walk_the_log():
    g = new_game()
    g.push(*add(0, 3))
    g.push(*add(1, 2))
    assert [e.seq for e in g.events] == [1, 2]
    assert g.undo().seq == 2
    assert g.state.values[1]["ПО"] == 0 and g.can_redo
    assert g.redo().seq == 2
    assert g.state.values[1]["ПО"] == 2 and not g.can_redo


def test_new_event_after_undo_clears_redo():
    g = new_game()
    g.push(*add(0, 3))
    g.undo()
    g.push(*add(2, 1))
    assert not g.can_redo
    assert [e.data["player"] for e in g.events] == [2]


def test_nothing_to_undo_or_redo_is_a_rule_violation():
    g = new_game()
    with pytest.raises(RuleViolation, match="Отменять нечего"):
        g.undo()
    with pytest.raises(RuleViolation, match="Возвращать нечего"):
        g.redo()


def test_refused_event_leaves_state_and_log_unchanged():
    g = new_game()
    g.push(*add(0, 3))
    before = g.state
    with pytest.raises(RuleViolation):
        g.push("counter.add", {"player": 7, "counter": "ПО", "delta": 1})
    with pytest.raises(RuleViolation):
        g.push("no.such.move")
    assert g.state == before and len(g.events) == 1


def test_journal_failure_changes_nothing():
    class Broken:
        def append(self, event, text):
            raise StoreError("диск полон")

        def set_undone(self, seq, undone):
            raise StoreError("диск полон")

    g = new_game()
    g.push(*add(0, 3))
    g.journal = Broken()
    with pytest.raises(StoreError):
        g.push(*add(0, 1))
    with pytest.raises(StoreError):
        g.undo()
    assert g.state.values[0]["ПО"] == 3 and len(g.events) == 1


def test_events_round_trip_through_json_shape():
    g = new_game()
    ev = g.push(*add(0, 3))
    assert Event.from_dict(ev.to_dict()) == ev
    assert Setup.from_dict(g.setup.to_dict()) == g.setup


def test_setup_refuses_bad_player_lists():
    with pytest.raises(SetupError, match="от 1 до 8"):
        Game.new(FREE, [])
    with pytest.raises(SetupError, match="от 1 до 8"):
        Game.new(FREE, [f"Игрок {i}" for i in range(9)])
    with pytest.raises(SetupError, match="не должны повторяться"):
        Game.new(FREE, ["Аня", "аня"])
    with pytest.raises(SetupError, match="имя"):
        Game.new(FREE, ["Аня", "  "])
    with pytest.raises(SetupError, match="Первый игрок"):
        Game.new(FREE, ["Аня", "Борис"], first_player=2)


def test_players_get_palette_colours_in_seat_order():
    g = Game.new(FREE, ["Аня", PlayerSpec("Борис", "#000000")])
    assert g.setup.players[1].color == "#000000"
    assert g.setup.players[0].color.startswith("#")


def test_turn_clock_charges_time_to_the_active_player():
    clock = FakeClock(0.0)
    g = new_game(2, clock)  # first player 0
    clock.advance(30)
    g.push(*add(0, 1))
    clock.advance(10)
    g.push("turn.next")  # 40 s for Аня
    clock.advance(25)
    tc = g.turn_clock()
    assert tc.per_player == {0: 40.0, 1: 25.0}
    assert tc.current == 25.0 and tc.total == 65.0
    assert [(t, p, s) for t, p, s in tc.turns] == [(1, 0, 40.0), (2, 1, 25.0)]


def test_turn_clock_survives_a_restart_and_skips_pauses():
    clock = FakeClock(0.0)
    g = new_game(2, clock)
    clock.advance(20)
    g.push("core.pause")
    clock.advance(1000)  # the phone sleeps, the table has a break
    g.push("core.resume")
    clock.advance(5)
    reopened = Game(FREE, g.setup, g.events, clock=clock)
    assert reopened.turn_clock().per_player[0] == 25.0
    with pytest.raises(RuleViolation):
        reopened.push("core.resume")


def test_score_series_records_each_change():
    clock = FakeClock(0.0)
    g = new_game(2, clock)
    clock.advance(60)
    g.push(*add(1, 4))
    g.push("turn.next")
    series = g.score_series()
    assert series == [(0.0, {0: 0.0, 1: 0.0}), (60.0, {0: 0.0, 1: 4.0})]


moves = st.one_of(
    st.tuples(
        st.just("counter.add"),
        st.fixed_dictionaries(
            {
                "player": st.integers(-1, 3),
                "counter": st.sampled_from(["ПО", "монеты", "x"]),
                "delta": st.integers(-5, 5),
            }
        ),
    ),
    st.tuples(
        st.just("counter.set"),
        st.fixed_dictionaries(
            {"player": st.integers(0, 2), "counter": st.just("ПО"), "value": st.integers(-10, 10)}
        ),
    ),
    st.tuples(st.just("turn.next"), st.just({})),
    st.tuples(st.just("undo"), st.just({})),
    st.tuples(st.just("redo"), st.just({})),
)


@given(st.lists(moves, max_size=40))
def test_undo_after_any_sequence_restores_the_exact_previous_state(seq):
    """Property: for every accepted event, undo∘push = identity; replay equals the live state."""
    g = Game.new(
        FREE,
        ["Аня", "Борис", "Вика"],
        clock=FakeClock(),
        options={
            "counters": [
                {"name": "ПО", "step": 1, "start": 0},
                {"name": "монеты", "step": 1, "start": 2},
            ]
        },
    )
    for kind, data in seq:
        if kind in ("undo", "redo"):
            with contextlib.suppress(RuleViolation):
                getattr(g, kind)()
            continue
        before = g.state
        try:
            g.push(kind, data)
        except RuleViolation:
            assert g.state == before
            continue
        after = g.state
        g.undo()
        assert g.state == before
        g.redo()
        assert g.state == after
    assert Game(FREE, g.setup, g.events, clock=FakeClock()).state == g.state


def test_whole_turns_join_the_answers_to_the_turn_they_answer() -> None:
    """A turn split by answers (Coup: Вера acts, Борис challenges, Вера shows the card) is one
    row for the player who began it, with every second of it; a turn with nobody awaited at
    first (a pause, the end) goes to the first player awaited in it; a real 0-second turn
    stays a row."""
    from companion.engine.clock import whole_turns

    split = [(1, 0, 10.0), (1, 1, 5.0), (1, 0, 2.0), (2, 1, 0.0), (3, None, 1.0), (3, 0, 4.0)]
    assert whole_turns(split) == [(1, 0, 17.0), (2, 1, 0.0), (3, 0, 5.0)]
    assert whole_turns([]) == []


def test_a_moves_journal_line_is_made_once_and_saved_as_shown():
    """Issue 34: ``Game.push`` words a move once; the journal saves that very line (the store
    used to word it again through a private method)."""
    from companion.engine.free import FreeCounters

    calls = []

    class Counting(FreeCounters):
        def describe(self, state, event, setup):
            calls.append(event.seq)
            return super().describe(state, event, setup)

    class Kept:
        lines: list = []

        def append(self, event, text):
            self.lines.append((event.seq, text))

        def set_undone(self, seq, undone):
            pass

    journal = Kept()
    g = Game.new(Counting(), ["Аня", "Борис"], clock=lambda: 1.0, journal=journal)
    event = g.push(*add(0, 3))
    assert calls == [1]
    assert journal.lines == [(1, "Аня: ПО +3 (теперь 3)")] == [(1, g.describe(event))]
    assert calls == [1]
