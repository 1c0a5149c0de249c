"""Table mode under attack (run by hand: ``python -m benchmarks.bench_attack [taps [addresses]]``).

A real ``companion --lan`` process; four phones (raw Flet protocol clients, each joined as a
player from an address of its own) tap «+1» on their own counter, one tap every 0.2 s, and
time each tap until its new value arrives; a spectator watches from its own address. First
with the spectator idle (the floor: the same devices at the table, nobody flooding), then while

- an attacker on the join screen floods clicks to made-up control ids (reconnecting after
  every socket the server closes, from ``addresses`` addresses in turn: 1 by default, the
  issue's "flood from one connection"; 200 for an attacker with many addresses), and
- a spectator who joined (another one, in the attackers' process, while the idle one leaves)
  floods made-up ids and refused «+1» clicks as fast as it can.

Prints the phones' tap latency (median, p95) in both runs, their ratio, the host's RSS and
the CPU seconds it used per second of the run (the attackers run on this machine too: on a
loaded one their own CPU slows the host; the host's CPU shows what the attack costs it).
Frames "sent" are what the attackers wrote; the host reads a joined socket's frames at its
allowance, the rest wait in the socket's buffers.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import websockets

from benchmarks._flet_client import FletClient
from benchmarks.bench_store import pct
from tests.security.hosts import CODE, Host

PHONES = 4


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds the process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def joined(host: Host, role: str, route: str, peer: str) -> FletClient:
    c = await FletClient.open(host.ws, host.origin, route=route, local_ip=peer)
    await c.type_into("join-code", CODE)
    group = await c.wait_for("join-role")
    await c.props(group["_i"], {"value": role})
    await c.event(group, "change", role)
    await c.settle(quiet=0.2)
    await c.event(await c.wait_for("join"), "click")
    await c.wait_for("val-p0-c0-plus")
    await c.settle(quiet=0.3)
    return c


async def tapper(c: FletClient, i: int, start: int, taps: int) -> list[float]:
    plus = await c.wait_for(f"val-p{i}-c0-plus")
    out = []
    for k in range(1, taps + 1):
        t0 = time.perf_counter()
        await c.event(plus, "click")
        await c.wait_string(str(start + k), timeout=60)
        out.append((time.perf_counter() - t0) * 1000)
        await asyncio.sleep(0.2)
    return out


async def pre_join_flood(
    host: Host, stop: asyncio.Event, counts: dict[str, int], addresses: int
) -> None:
    k = 0
    while not stop.is_set():
        with contextlib.suppress(Exception):
            c = await FletClient.open(host.ws, host.origin, local_ip=f"127.0.1.{k % addresses + 1}")
            await c.wait_for("join-code")
            with contextlib.suppress(websockets.exceptions.ConnectionClosed):
                while not stop.is_set():
                    await c.event(900_000 + counts["pre"], "click")
                    counts["pre"] += 1
                    if counts["pre"] % 50 == 0:
                        await asyncio.sleep(0)  # let the other attacker send too
            counts["closed"] += 1
            await c.close()
        k += 1


async def spectator_flood(c: FletClient, stop: asyncio.Event, counts: dict[str, int]) -> None:
    plus = await c.wait_for("val-p0-c0-plus")
    with contextlib.suppress(websockets.exceptions.ConnectionClosed):
        while not stop.is_set():
            target = plus["_i"] if counts["spectator"] % 10 == 0 else 800_000 + counts["spectator"]
            await c.event(target, "click")
            counts["spectator"] += 1
            if counts["spectator"] % 50 == 0:
                await asyncio.sleep(0)


def attack_process(host: Host, route: str, seconds: float, addresses: int, out: Any) -> None:
    """Both attackers, in a process of their own (their loop must not slow the phones'), at
    the lowest priority (``SCHED_IDLE``: they run only on a core nothing else wants): on a
    table they are other devices, whose CPU is not the host's."""
    os.nice(19)
    os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))

    async def go() -> dict[str, int]:
        counts = {"pre": 0, "closed": 0, "spectator": 0}
        stop = asyncio.Event()
        viewer = await joined(host, "spectator", route, "127.0.0.30")
        tasks = [
            asyncio.create_task(pre_join_flood(host, stop, counts, addresses)),
            asyncio.create_task(spectator_flood(viewer, stop, counts)),
        ]
        await asyncio.sleep(seconds)
        stop.set()
        for task in tasks:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 10)
        await viewer.close()
        return counts

    out.put(asyncio.run(go()))


async def run_phase(
    host: Host, gid: str, taps: int, attack: bool, offset: int, addresses: int = 1
) -> dict:
    route = f"/game/{gid}"
    phones = [await joined(host, "player", route, f"127.0.0.{10 + i}") for i in range(PHONES)]
    # each phone's counter starts at a round number: «base + k» names one tap's answer
    counts = {"pre": 0, "closed": 0, "spectator": 0}
    proc = None
    idle = None if attack else await joined(host, "spectator", route, "127.0.0.30")
    if attack:
        queue: Any = multiprocessing.Queue()
        seconds = taps * 0.6 + 20
        proc = multiprocessing.Process(
            target=attack_process, args=(host, route, seconds, addresses, queue)
        )
        proc.start()
        await asyncio.sleep(5)  # the floods are under way
    t0, cpu0 = time.perf_counter(), cpu_seconds(host.proc.pid)
    results = await asyncio.gather(
        *(tapper(p, i, 10_000 * (i + 1) + offset, taps) for i, p in enumerate(phones))
    )
    elapsed = time.perf_counter() - t0
    cpu = (cpu_seconds(host.proc.pid) - cpu0) / elapsed
    rss = rss_mb(host.proc.pid)
    if proc is not None:
        counts = await asyncio.to_thread(queue.get, True, 120)
        proc.join(30)
    for c in phones if idle is None else [*phones, idle]:
        await c.close()
    latencies = [x for r in results for x in r]
    return {"lat": latencies, "rss": rss, "elapsed": elapsed, "cpu": cpu, **counts}


def main(taps: int = 30, addresses: int = 1) -> None:
    from companion.store import GameStore

    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        store = GameStore(data)
        g = store.create("free", ["Аня", "Борис", "Вика", "Гоша"], first_player=0)
        for i in range(PHONES):
            g.push("counter.add", {"player": i, "counter": "ПО", "delta": 10_000 * (i + 1)})
        g.close()
        host = Host(data, ["--lan", "--host", "127.0.0.1", "--code", CODE])
        try:
            idle = rss_mb(host.proc.pid)
            quiet = asyncio.run(run_phase(host, g.id, taps, False, 0))
            # the second run's counters went up by ``taps`` in the first
            attacked = asyncio.run(run_phase(host, g.id, taps, True, taps, addresses))
        finally:
            host.stop()
    for name, r in (("no attack", quiet), ("attacked", attacked)):
        print(
            f"{name:9}: {len(r['lat'])} taps, p50 {statistics.median(r['lat']):.0f} ms, "
            f"p95 {pct(r['lat'], 95):.0f} ms; host RSS {r['rss']:.0f} MB, "
            f"CPU {r['cpu']:.2f} s/s; pre-join frames sent {r['pre']} "
            f"({r['closed']} sockets closed), spectator frames sent {r['spectator']}"
        )
    p50 = statistics.median(attacked["lat"]) / statistics.median(quiet["lat"])
    p95 = pct(attacked["lat"], 95) / pct(quiet["lat"], 95)
    print(f"ratio attacked / no attack: p50 {p50:.2f}, p95 {p95:.2f}; idle RSS {idle:.0f} MB")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
