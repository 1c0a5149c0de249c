"""Ricks charge-clock benchmark (run by hand: ``python -m benchmarks.bench_ricks_clock``).

The board reads the charge clocks once a second. For logs of 100, 1 000 and 5 000 events
(a game in the charge phase; the events are ``charge.gain`` so the position stays put) it
times, per read (median of 200 reads, microseconds):

- ``replay``: :func:`charge_timing` over the whole log (how the board read it before issue 12);
- ``incremental``: :func:`game_charge_now` (the per-game clock, caught up, read at a new ``now``);
- ``floor``: ``RICKS.current_phase(game.state)`` — the cheapest read of an engine state.

Results go in docs/PERFORMANCE.md as ratios to the floor measured in the same run.
"""

from __future__ import annotations

import platform
import statistics
import time

from companion.engine.core import Game
from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE, RICKS
from companion.engine.ricks.timing import charge_timing, game_charge_now

SIZES = (100, 1000, 5000)
READS = 200
ACTIONS = {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}


def median_us(fn: object, reads: int = READS) -> float:
    samples = []
    for i in range(reads):
        t = time.perf_counter()
        fn(i)  # type: ignore[operator]
        samples.append((time.perf_counter() - t) * 1e6)
    return statistics.median(samples)


def main() -> None:
    clock = [0.0]
    g = Game.new(RICKS, ["Аня", "Борис"], options={"actions": ACTIONS}, clock=lambda: clock[0])
    for t in ("round.draw", "turn.end", "turn.end"):
        g.push(t)
    print(f"{platform.machine()}, Python {platform.python_version()}")
    print("| events | replay µs | incremental µs | floor µs | replay/floor | incremental/floor |")
    print("|---:|---:|---:|---:|---:|---:|")
    for size in SIZES:
        while len(g.events) < size:
            clock[0] += 1.0
            g.push("charge.gain", {"amount": 1})
        base = clock[0]
        game_charge_now(g, base)  # catch the clock up once (a move would do it)
        replay = median_us(lambda i, b=base: charge_timing(g.setup, g.events, b + i), reads=20)
        incremental = median_us(lambda i, b=base: game_charge_now(g, b + i))
        floor = median_us(lambda i: RICKS.current_phase(g.state))
        print(
            f"| {size} | {replay:.1f} | {incremental:.2f} | {floor:.2f} | "
            f"{replay / floor:.0f} | {incremental / floor:.1f} |"
        )


if __name__ == "__main__":
    main()
