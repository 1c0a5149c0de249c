"""Table-mode benchmarks (run by hand: ``python -m benchmarks.bench_lan [attack]``).

Load: 4 real Flet sessions in this process, 500 events each, sent concurrently through the
hub (the same path as the app): throughput and per-move latency (check + durable save +
notify).

Attack (``attack``): a real ``companion --lan`` process and raw websocket clients from
several loopback addresses sending wrong codes as fast as the server answers, for 60 s:
how many attempts were answered, and how many codes were actually compared (the rest were
refused unchecked) against the bound ``GLOBAL_BURST + t / GLOBAL_REFILL_SECONDS``.
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
        f"{sessions} sessions × {events} events: {n} accepted, {r.refused} refused "
        f"in {r.elapsed_s:.1f} s"
    )
    print(
        f"throughput {n / r.elapsed_s:.0f} events/s; latency p50 "
        f"{statistics.median(r.latencies_ms):.1f} ms, p95 {pct(r.latencies_ms, 95):.1f} ms"
    )


def attack(seconds: float = 60.0, addresses: int = 8) -> None:
    import asyncio
    import sys
    import time

    from benchmarks._flet_client import FletClient
    from companion.table.security import GLOBAL_BURST, GLOBAL_REFILL_SECONDS
    from tests.security.hosts import Host

    with tempfile.TemporaryDirectory() as tmp:
        host = Host(Path(tmp) / "data", ["--lan", "--host", "127.0.0.1", "--code", "24681012"])
        answered = compared = 0

        async def one(peer: str, code: int) -> str:
            c = await FletClient.open(host.ws, host.origin, local_ip=peer)
            try:
                await c.type_into("join-code", f"{code:08d}")
                await c.settle(quiet=0.05)
                await c.event(await c.wait_for("join"), "click")
                error = await c.wait_for("join-error")
                return str(error.get("value", ""))
            finally:
                await c.close()

        async def run() -> float:
            nonlocal answered, compared
            t0 = time.perf_counter()
            k = 0
            while time.perf_counter() - t0 < seconds:
                said = await one(f"127.0.0.{2 + k % addresses}", k)
                k += 1
                answered += 1
                compared += "Неверный код" in said
            return time.perf_counter() - t0

        try:
            elapsed = asyncio.run(run())
        finally:
            host.stop()
    bound = GLOBAL_BURST + elapsed / GLOBAL_REFILL_SECONDS
    print(
        f"{answered} attempts from {addresses} addresses in {elapsed:.0f} s "
        f"({answered / elapsed:.1f}/s); codes compared: {compared} (bound {bound:.0f})",
        file=sys.stdout,
    )


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["attack"]:
        attack()
    else:
        main()
