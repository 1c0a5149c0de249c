"""Store benchmarks (run by hand: ``python -m benchmarks.bench_store``); results go in docs/PERFORMANCE.md.

1. Event append + durable save latency with 10, 100, 1 000 and 5 000 events already in one
   game (p50, p95 over 50 appends each), beside the floor: a bare ``json.dump`` of the same
   document + ``os.replace`` (no fsync, no TinyDB).
2. Replay of 5 000 events (opening a saved game).
3. Time from ``import companion`` to the home view built, in a fresh interpreter.
"""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.store import GameStore

SIZES = (10, 100, 1000, 5000)
SAMPLES = 50


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def append_latency() -> list[tuple[int, float, float, float, float]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp))
        g = store.create("free", ["Аня", "Борис", "Вика"], first_player=0)
        i = 0
        for size in SIZES:
            while len(g.game.events) < size:
                g.push("counter.add", {"player": i % 3, "counter": "ПО", "delta": 1})
                i += 1
            ours, floor = [], []
            raw = json.loads((Path(tmp) / "games" / f"{g.id}.json").read_text())
            for _ in range(SAMPLES):
                t = time.perf_counter()
                g.push("counter.add", {"player": i % 3, "counter": "ПО", "delta": 1})
                ours.append((time.perf_counter() - t) * 1000)
                i += 1
                t = time.perf_counter()
                tmp_path = Path(tmp) / "floor.tmp"
                with open(tmp_path, "w", encoding="utf-8") as fh:
                    json.dump(raw, fh, ensure_ascii=False)
                os.replace(tmp_path, Path(tmp) / "floor.json")
                floor.append((time.perf_counter() - t) * 1000)
            for _ in range(SAMPLES):  # keep the game at the nominal size for the next row
                g.undo()
            rows.append(
                (
                    size,
                    statistics.median(ours),
                    pct(ours, 95),
                    statistics.median(floor),
                    pct(floor, 95),
                )
            )
            for _ in range(SAMPLES):
                g.redo()
    return rows


def replay_5000() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp))
        g = store.create("free", ["Аня", "Борис", "Вика"], first_player=0)
        from companion.engine import Game

        events = []
        for i in range(5000):
            events.append(
                g.game._prepare(
                    "counter.add", {"player": i % 3, "counter": "ПО", "delta": 1}, None
                )[0]
            )
            g.game._events.append(events[-1])
        times = []
        for _ in range(5):
            t = time.perf_counter()
            Game(g.game.definition, g.game.setup, events)
            times.append((time.perf_counter() - t) * 1000)
        return min(times)


STARTUP = r"""
import asyncio, tempfile, time, pathlib
t0 = time.perf_counter()
import companion
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from benchmarks._page import new_page
async def build():
    session, page = new_page()
    make_main(Hub(GameStore(pathlib.Path(tempfile.mkdtemp()))))(page)
asyncio.run(build())
print(time.perf_counter() - t0)
"""


def startup() -> list[float]:
    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(root)}
    return [
        float(subprocess.check_output([sys.executable, "-c", STARTUP], env=env, cwd=root))
        for _ in range(5)
    ]


def main() -> None:
    print(
        f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"date: {time.strftime('%Y-%m-%d')}\n")
    print(
        "| events in game | append+save p50 ms | p95 ms | floor json.dump+replace p50 ms | p95 ms |"
    )
    print("|---:|---:|---:|---:|---:|")
    for size, p50, p95, f50, f95 in append_latency():
        print(f"| {size} | {p50:.2f} | {p95:.2f} | {f50:.2f} | {f95:.2f} |")
    print(f"\nreplay of 5 000 events: {replay_5000():.1f} ms (best of 5)")
    s = startup()
    print(
        f"import companion → home view built: median {statistics.median(s) * 1000:.0f} ms, max {max(s) * 1000:.0f} ms (5 fresh interpreters)"
    )


if __name__ == "__main__":
    main()
