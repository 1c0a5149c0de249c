"""Statistics benchmark (run by hand: ``python -m benchmarks.bench_stats``), issue 32.

1 000 finished games (free counters, 2–5 players of 8, 30 moves each; four a night, 40 min
apart, a night every three days) are written through the store API (moves played in memory, one
snapshot each). Then, each best of 5 (median also printed):

``python -m benchmarks.bench_stats [DIR]``: with ``DIR``, the games are written there once
and reused by later runs.

1. the history built cold: every game opened and replayed, the cache file written;
2. «Статистика» opened: a new session on ``/stats`` of a freshly started app (a new
   ``GameStore``, the history read from its cache file), until its first screen is built and
   encoded for the wire (``tests.ui.render_tree.open_app``); target ≤ 0.5 s;
3. the same for «История» and «Итоги вечера»;
4. the floor, in the same run: a session on ``/settings`` (a screen that reads nothing).
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.store import GameStore
from companion.store.history import CACHE, History

GAMES = 1000
NAMES = ["Аня", "Борис", "Вика", "Гена", "Дина", "Егор", "Жора", "Зоя"]
RUNS = 5


def make_games(root: Path, n: int = GAMES) -> None:
    rng = random.Random(32)
    t = [1_700_000_000.0]

    def clock() -> float:
        t[0] += rng.uniform(5, 40)
        return t[0]

    store = GameStore(root, clock=clock)
    for k in range(n):
        t[0] = 1_700_000_000.0 + (k // 4) * 3 * 86400 + (k % 4) * 2400
        names = rng.sample(NAMES, rng.randint(2, 5))
        g = store.create("free", names, first_player=0, options={"target": None})
        journal, g.game.journal = g.game.journal, None
        try:
            for _ in range(30):
                if rng.random() < 0.3:
                    g.game.push("turn.next")
                else:
                    p = rng.randrange(len(names))
                    g.game.push("counter.add", {"player": p, "counter": "ПО", "delta": 1})
            g.game.push("game.end")
        finally:
            g.game.journal = journal
        g.compact()
        g.close()


def timed(fn, runs: int = RUNS) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main() -> None:
    from companion.ui.app import make_main
    from companion.ui.state import Hub
    from tests.ui.render_tree import open_app, run

    keep = Path(sys.argv[1]) if len(sys.argv) > 1 else None  # reuse the games written there
    with tempfile.TemporaryDirectory() as tmp:
        root = keep or Path(tmp)
        if not (root / "games").exists():
            start = time.perf_counter()
            make_games(root)
            print(f"{GAMES} games written in {time.perf_counter() - start:.1f} s")

        def cold() -> None:
            (root / CACHE).unlink(missing_ok=True)
            assert len(History(GameStore(root)).plays()) == GAMES

        best, med = timed(cold, 3)
        print(f"history built cold (replay {GAMES} games): best {best:.2f} s, median {med:.2f} s")
        History(GameStore(root)).plays()  # the cache, as the app leaves it

        def screen(route: str) -> None:
            run(open_app(make_main(Hub(GameStore(root))), route, (390, 844)))

        screen("/settings")  # imports (Flet, flet-charts) out of the timings
        screen("/stats")
        floor, floor_med = timed(lambda: screen("/settings"))
        print(f"floor  /settings: best {floor * 1000:.0f} ms, median {floor_med * 1000:.0f} ms")
        for route in ("/stats", "/history", "/nights"):
            best, med = timed(lambda route=route: screen(route))
            print(
                f"{route:<9} best {best * 1000:.0f} ms, median {med * 1000:.0f} ms "
                f"({best / floor:.1f}× the floor)"
            )
    print(f"{platform.python_version()} on {platform.machine()}, {sys.platform}")


if __name__ == "__main__":
    main()
