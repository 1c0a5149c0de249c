"""Engine reads the screen makes often (issue 12).

Run by hand: ``python -m benchmarks.bench_engine``.

For games of 100, 1 000 and 5 000 events (free counters, a turn passed every 4 events):

- ``turn_clock(now)`` (read every second by the status line), ``log()`` and
  ``score_series()`` (read after every move), each next to the full replay they replaced
  (the reference walk: replay the log, describe every event, walk every clock mark);
- opening the game (``Game(...)`` from its log) and the first ``log()`` after it (the journal
  of a loaded game is made once, by one replay).

Results go in docs/PERFORMANCE.md as ratios to the replay measured in the same run.
"""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable

from companion.engine import Game
from companion.engine.clock import Mark, TurnClock
from companion.engine.core import CORE_PAUSE, CORE_RESUME
from companion.engine.free import FREE

SIZES = (100, 1000, 5000)


def build(n: int) -> Game:
    t = [0.0]

    def clock() -> float:
        t[0] += 3.0
        return t[0]

    g = Game.new(FREE, ["Аня", "Борис", "Вика"], clock=clock)
    for i in range(n):
        if i % 4 == 3:
            g.push("turn.next")
        else:
            g.push("counter.add", {"player": i % 3, "counter": "ПО", "delta": 1})
    return g


def replay_everything(g: Game, now: float) -> None:
    """What the three reads cost before issue 12: one replay each, plus the clock walk."""
    d = g.definition
    state = d.initial_state(g.setup)
    lines, series = [], [(g.setup.created, d.scores(state))]
    marks = [Mark(g.setup.created, d.active_player(state), d.turn_number(state), False)]
    for ev in g.events:
        lines.append(g._describe(state, ev))
        g._apply(state, ev)
        scores = d.scores(state)
        if scores != series[-1][1]:
            series.append((ev.ts, scores))
        paused = marks[-1].paused
        if ev.type in (CORE_PAUSE, CORE_RESUME):
            paused = ev.type == CORE_PAUSE
        marks.append(Mark(ev.ts, d.active_player(state), d.turn_number(state), paused))
    TurnClock.from_marks(len(g.setup.players), marks, now)


def best_us(fn: Callable[[], object], repeat: int = 7, number: int = 20) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t) / number * 1e6)
    return min(times)


def main() -> None:
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"date: {time.strftime('%Y-%m-%d')}, load average {os.getloadavg()[0]:.1f}\n")
    print(
        "| events | turn_clock µs | log µs | score_series µs | the three by replay µs "
        "| replay ÷ (the three) | open game µs | open + first log µs |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for n in SIZES:
        g = build(n)
        now = g.clock()
        g.log()
        clock_us = best_us(lambda g=g, now=now: g.turn_clock(now))
        log_us = best_us(g.log)
        series_us = best_us(g.score_series)
        replay_us = best_us(lambda g=g, now=now: replay_everything(g, now), number=3)
        open_us = best_us(lambda g=g: Game(FREE, g.setup, g.events), number=3)
        first_us = best_us(lambda g=g: Game(FREE, g.setup, g.events).log(), number=3)
        print(
            f"| {n} | {clock_us:.1f} | {log_us:.1f} | {series_us:.1f} | {replay_us:.0f} "
            f"| {replay_us / (clock_us + log_us + series_us):.0f}× "
            f"| {open_us:.0f} | {first_us:.0f} |"
        )


if __name__ == "__main__":
    main()
