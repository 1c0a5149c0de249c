"""Store benchmarks (run by hand: ``python -m benchmarks.bench_store``); results go in
docs/PERFORMANCE.md.

1. One event's durable save (append one line + fdatasync, through ``StoredGame.push``) with
   10, 100, 1 000, 5 000 and 20 000 events already in the game: p50 / p95 over 200 saves,
   beside the floor measured in the same run: ``os.write`` of a line of the same size to a
   plain file + ``fdatasync`` (the least any durable save can cost on this disk).
2. Opening a saved game of 20 000 events (snapshot read + replay), best of 5.
3. A compaction (whole-game snapshot, atomic) of 20 000 events, best of 5.
4. Time from ``import companion`` to the home view built, in a fresh interpreter.

Game fixtures are built through the store API: moves played in memory, then written with
:meth:`StoredGame.compact`.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from companion.store import GameStore, StoredGame

SIZES = (10, 100, 1000, 5000, 20_000)
SAMPLES = 200


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def big_game(store: GameStore, size: int, players: int = 3) -> StoredGame:
    """A free-counters game with ``size`` events, written through the store API."""
    g = store.create("free", [f"Игрок {i + 1}" for i in range(players)], first_player=0)
    fill(g, size)
    return g


def fill(g: StoredGame, size: int) -> None:
    """Play moves in memory up to ``size`` events, then write one snapshot."""
    journal, g.game.journal = g.game.journal, None
    try:
        i = len(g.game.events)
        while len(g.game.events) < size:
            kind = "turn.next" if i % 7 == 6 else "counter.add"
            data = {} if kind == "turn.next" else {"player": i % 3, "counter": "ПО", "delta": 1}
            g.game.push(kind, data, author=f"Игрок {i % 3 + 1}")
            i += 1
    finally:
        g.game.journal = journal
    g.compact()


def floor_sample(path: Path, line: bytes) -> float:
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        t = time.perf_counter()
        os.write(fd, line)
        os.fdatasync(fd)
        return (time.perf_counter() - t) * 1000
    finally:
        os.close(fd)


def save_latency() -> list[tuple[int, float, float, float, float]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp))
        for size in SIZES:
            g = big_game(store, size)
            line = (g.folder / f"{g.id}.json").read_bytes()[-160:].replace(b"\n", b" ") + b"\n"
            ours, floor = [], []
            for k in range(SAMPLES):
                t = time.perf_counter()
                g.push("counter.add", {"player": k % 3, "counter": "ПО", "delta": 1})
                ours.append((time.perf_counter() - t) * 1000)
                floor.append(floor_sample(Path(tmp) / "floor.log", line))
            rows.append(
                (
                    size,
                    statistics.median(ours),
                    pct(ours, 95),
                    statistics.median(floor),
                    pct(floor, 95),
                )
            )
            g.close()
    return rows


def open_and_compact(size: int = 20_000) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp))
        g = big_game(store, size)
        opens, compacts = [], []
        for _ in range(5):
            t = time.perf_counter()
            again = store.open(g.id, readonly=True)
            opens.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            g.compact()
            compacts.append((time.perf_counter() - t) * 1000)
            again.close()
        return min(opens), min(compacts)


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
        f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f}"
    )
    print(f"date: {time.strftime('%Y-%m-%d %H:%M')}\n")
    print("| events in game | save p50 ms | p95 ms | floor write+fdatasync p50 ms | p95 ms |")
    print("|---:|---:|---:|---:|---:|")
    for size, p50, p95, f50, f95 in save_latency():
        print(f"| {size} | {p50:.2f} | {p95:.2f} | {f50:.2f} | {f95:.2f} |")
    opened, compacted = open_and_compact()
    print(f"\nopening a game of 20 000 events: {opened:.0f} ms (best of 5)")
    print(f"compaction (snapshot) of 20 000 events: {compacted:.0f} ms (best of 5)")
    s = startup()
    print(
        f"import companion → home view built: median {statistics.median(s) * 1000:.0f} ms, "
        f"max {max(s) * 1000:.0f} ms (5 fresh interpreters)"
    )


if __name__ == "__main__":
    main()
