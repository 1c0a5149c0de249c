"""The incremental charge-phase clock of «Рик и Морти» («Фаза зарядки»; SPEC §5 «Timing»).

The reference here is the original full replay (every read replays the whole log); the
incremental :class:`~companion.engine.ricks.timing.ChargeClock` and the per-game readers must
give exactly the same numbers for any log, including pauses, undo and redo.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.core import CORE_PAUSE, CORE_RESUME, Event, Game, Setup
from companion.engine.ricks import (
    KRO,
    MICRO,
    MINI,
    PHASE_ACTIONS,
    PHASE_CHARGE,
    PHASE_ROUND,
    RICK_UNIVERSE,
    RICKS,
    charge_position,
)
from companion.engine.ricks.timing import (
    ChargeClock,
    ChargeTiming,
    charge_timing,
    game_charge_clock,
    game_charge_now,
    game_charge_timing,
    game_over_limit,
    over_limit,
)
from companion.errors import RuleViolation

ACTIONS = {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}


class Clock:
    """A fake wall clock."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def reference_timing(setup: Setup, events: list[Event], now: float | None) -> ChargeTiming:
    """The charge clock as it was computed before it became incremental: replay every event,
    mark where the phase stood after each, then charge each stretch to its mark."""
    state = RICKS.initial_state(setup)
    marks: list[tuple[float, Any, bool, int | None]] = []
    paused = False
    for ev in events:
        if ev.type == CORE_PAUSE:
            paused = True
        elif ev.type == CORE_RESUME:
            paused = False
        else:
            RICKS.apply(state, ev)
        pos = charge_position(state)
        outside = state.round if pos is None and not state.over else None
        marks.append((ev.ts, pos, paused, outside))
    steps: dict[Any, float] = {}
    universes: dict[Any, float] = {}
    player_steps: dict[Any, float] = {}
    rounds: dict[Any, float] = {}
    per_player: dict[Any, float] = {}
    actions: dict[Any, float] = {}
    total = 0.0

    def add(table: dict[Any, float], key: Any, s: float) -> None:
        table[key] = table.get(key, 0.0) + s

    for i, (ts, pos, was_paused, outside) in enumerate(marks):
        end = marks[i + 1][0] if i + 1 < len(marks) else ts if now is None else now
        running = i + 1 == len(marks)
        if outside is not None and not was_paused and not (running and now is None):
            add(actions, outside, max(0.0, end - ts))
        if pos is None:
            continue
        spent = 0.0 if was_paused else max(0.0, end - ts)
        rnd, universe, step, player = pos
        add(steps, (rnd, universe, step), spent)
        add(universes, (rnd, universe), spent)
        add(rounds, rnd, spent)
        if player is not None:
            add(player_steps, (rnd, universe, step, player), spent)
            add(per_player, player, spent)
        total += spent
    position = marks[-1][1] if marks else None
    if position is None:
        return ChargeTiming(
            steps,
            universes,
            player_steps,
            rounds,
            per_player,
            total,
            None,
            0.0,
            0.0,
            0.0,
            0.0,
            actions,
        )
    rnd, universe, step, player = position
    return ChargeTiming(
        steps,
        universes,
        player_steps,
        rounds,
        per_player,
        total,
        position,
        player_steps.get((rnd, universe, step, player), 0.0) if player is not None else 0.0,
        steps.get((rnd, universe, step), 0.0),
        universes.get((rnd, universe), 0.0),
        rounds.get(rnd, 0.0),
        actions,
    )


def reference_over(t: ChargeTiming, limit: float) -> bool:
    pos = t.position
    return (
        pos is not None and pos[2] in ("Б", "В") and pos[3] is not None and (t.current_turn > limit)
    )


_MOVES = [
    ("round.draw", {}),
    ("round.draw", {}),
    ("turn.end", {}),
    ("turn.end", {}),
    ("turn.end", {}),
    ("charge.done", {}),
    ("charge.done", {}),
    ("charge.done", {}),
    ("charge.done", {}),
    ("charge.gain", {"amount": 3, "note": "x"}),
    ("charge.spend", {"amount": 1, "note": "x"}),
    ("charge.oneshot", {"cost": 1}),
    ("charge.activate", {"card": 1}),
    ("card.play", {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 2}),
    ("card.play", {"kind": "source", "build_cost": 1, "production": 2}),
    ("player.place", {"player": 1, "to": MINI}),
    ("player.place", {"player": 0, "to": KRO}),
    ("vp.add", {"player": 0, "delta": 3}),
]
#: The move that takes the game on (draw, pass the turn, «готово»): every phase gets reached.
_NEXT = {PHASE_ROUND: "round.draw", PHASE_ACTIONS: "turn.end", PHASE_CHARGE: "charge.done"}
#: Moves (most of the time), clock ticks, pauses, undo, redo and reads at a later ``now``.
_OPS = st.sampled_from(
    [("move", m) for m in _MOVES]
    + [("next", None)] * 12
    + [("tick", s) for s in (0.0, 0.5, 1.0, 7.0, 30.0, 61.25)]
    + [("pause", None), ("resume", None), ("undo", None), ("redo", None)]
    + [("read", s) for s in (2.0, 45.0)]
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_OPS, min_size=30, max_size=100), st.sampled_from([None, 5.0, 40.0]))
def test_incremental_clock_equals_full_replay(ops, limit):
    """ФАЗА ЗАРЯДКИ (timing): for any log — moves, pauses, undo, redo, reads between them — the
    per-game incremental clock, a :class:`ChargeClock` fed event by event and the replaying
    :func:`charge_timing` all equal the original full replay, to the last bit."""
    clock = Clock()
    g = Game.new(RICKS, ["Аня", "Борис"], options={"actions": dict(ACTIONS)}, clock=clock)
    fed = ChargeClock(g.setup)
    for op, arg in ops:
        try:
            if op == "move":
                g.push(*arg)
            elif op == "next":
                g.push(_NEXT[g.state.phase])
            elif op == "tick":
                clock.t += arg
            elif op == "pause":
                g.push(CORE_PAUSE)
            elif op == "resume":
                g.push(CORE_RESUME)
            elif op == "undo":
                g.undo()
            elif op == "redo":
                g.redo()
        except RuleViolation:
            pass
        now = clock.t + (arg if op == "read" else 0.0)
        events = list(g.events)
        expected = reference_timing(g.setup, events, now)
        assert game_charge_timing(g, now) == expected
        assert charge_timing(g.setup, events, now) == expected
        assert charge_timing(g.setup, events) == reference_timing(g.setup, events, None)
        current = game_charge_now(g, now)
        assert (
            current.position,
            current.current_turn,
            current.current_step,
            current.current_universe,
            current.current_phase,
        ) == (
            expected.position,
            expected.current_turn,
            expected.current_step,
            expected.current_universe,
            expected.current_phase,
        )
        if limit is not None:
            assert game_over_limit(g, now, limit) == reference_over(expected, limit)
            assert over_limit(g.setup, events, now, limit) == reference_over(expected, limit)
        if fed.count > len(events) or (fed.count and events[fed.count - 1] is not fed.last):
            fed = ChargeClock(g.setup)  # an undo: the log no longer extends what it saw
        for ev in events[fed.count :]:
            fed.feed(ev)
        assert fed.timing(now) == expected


def _in_charge(clock: Clock) -> Game:
    g = Game.new(RICKS, ["Аня", "Борис"], options={"actions": dict(ACTIONS)}, clock=clock)
    for t in ("round.draw", "turn.end", "turn.end"):
        g.push(t)
    return g


def test_reading_does_not_replay_the_log():
    """ФАЗА ЗАРЯДКИ (timing): reading the running clocks between moves reuses the same clock and
    feeds it nothing; a move feeds exactly the one new event; an undo rebuilds it once."""
    clock = Clock()
    g = _in_charge(clock)
    for _ in range(200):  # a long log: gains in step А
        g.push("charge.gain", {"amount": 1})
    c = game_charge_clock(g)
    assert c.count == len(g.events) == 203
    for k in range(50):
        clock.t += 1
        assert game_charge_clock(g) is c
        assert game_charge_now(g).current_step == float(k + 1)
    assert c.count == 203
    g.push("charge.done")
    assert game_charge_clock(g) is c and c.count == 204 and c.last is g.events[-1]
    g.undo()
    rebuilt = game_charge_clock(g)
    assert rebuilt is not c and rebuilt.count == 203
    assert game_charge_now(g).position == (1, KRO, "А", None)


def test_pause_is_seen_without_a_move():
    """ФАЗА ЗАРЯДКИ (timing): time while the game clock is paused counts nowhere, also when the
    clock is read between the pause and the next move."""
    clock = Clock()
    g = _in_charge(clock)
    clock.t += 10
    assert game_charge_now(g).current_step == 10.0
    g.push(CORE_PAUSE)
    clock.t += 100
    assert game_charge_now(g).current_step == 10.0
    g.push(CORE_RESUME)
    clock.t += 5
    assert game_charge_now(g).current_phase == 15.0
    assert game_charge_timing(g).total == 15.0


def test_each_rounds_time_outside_the_charge_phase_is_kept_beside_it():
    """КОНЕЦ ИГРЫ (the end-of-game summary): each round's start and action phase are timed
    beside its charge phase — from the round's first move to the charge phase, then again
    until the next round's charge phase — with paused time counted nowhere and nothing after
    the game is over."""
    clock = Clock()
    g = Game.new(RICKS, ["Аня", "Борис"], options={"actions": dict(ACTIONS)}, clock=clock)
    g.push("round.draw")
    clock.t += 30
    g.push("turn.end")
    clock.t += 20
    g.push("turn.end")  # the charge phase of round 1: 50 s of action turns
    clock.t += 12
    while g.state.phase == PHASE_CHARGE:
        g.push("charge.done")
    clock.t += 7  # round 2's start
    g.push("round.draw")
    g.push(CORE_PAUSE)
    clock.t += 500
    g.push(CORE_RESUME)
    clock.t += 4
    timing = game_charge_timing(g)
    assert timing.actions == {1: 50.0, 2: 11.0}
    assert timing.rounds == {1: 12.0}
    assert charge_timing(g.setup, list(g.events), clock.t).actions == {1: 50.0, 2: 11.0}
