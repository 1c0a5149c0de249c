"""Table-mode load benchmark (run by hand: ``python -m benchmarks.bench_lan``).

4 real Flet sessions in this process, 500 events each, sent concurrently through the hub
(the same path as the app): throughput and per-move latency (check + durable save + notify).
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from benchmarks._load import run_load
from benchmarks.bench_store import pct


def main(sessions: int = 4, events: int = 500) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        r = run_load(Path(tmp), sessions, events)
    n = sum(len(v) for v in r.sent.values())
    print(
        f"{sessions} sessions × {events} events: {n} accepted, {r.refused} refused in {r.elapsed_s:.1f} s"
    )
    print(
        f"throughput {n / r.elapsed_s:.0f} events/s; latency p50 {statistics.median(r.latencies_ms):.1f} ms, p95 {pct(r.latencies_ms, 95):.1f} ms"
    )


if __name__ == "__main__":
    main()
