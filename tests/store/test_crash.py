"""Crash safety with real processes: SIGKILL at random moments loses at most the event in flight.

The child process pushes moves as fast as it can and prints each acknowledged count; it is
killed at random moments, also while it rewrites its snapshot (compaction every few moves).
Each child is forked by one long-lived Python process that has already imported the store
(``ZYGOTE``): a real process of its own, opening the game afresh and killed by a real
SIGKILL, without an interpreter's start and imports per kill (most of this test's time).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.store import GameStore
from companion.store.summary import _alive

ZYGOTE = r"""
import os, sys
import companion.store.games as games
from companion.store import GameStore
games.COMPACT_EVERY = int(sys.argv[3])
def say(line):  # one write, so a kill never leaves half a line (PYTHONUNBUFFERED splits print)
    os.write(1, f"{line}\n".encode())
for _request in sys.stdin:  # one line asks for one child
    pid = os.fork()
    if pid == 0:  # the child: its pid, then every acknowledged count, until it is killed
        say(f"pid {os.getpid()}")
        g = GameStore(sys.argv[1]).open(sys.argv[2])
        i = len(g.game.events)
        while True:
            g.push("counter.add", {"player": i % 2, "counter": "ПО", "delta": 1})
            i += 1
            say(i)   # acknowledged: the event is on disk
    os.waitpid(pid, 0)
    say("dead")
"""


@pytest.mark.parametrize("compact_every", [100_000, 3])
def test_sigkill_at_random_moments_loses_at_most_the_event_in_flight(tmp_path: Path, compact_every):
    store = GameStore(tmp_path)
    game_id = store.create("free", ["Аня", "Борис"], first_player=0).id
    rnd = random.Random(20261122 + compact_every)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    kills = 0
    zygote = subprocess.Popen(
        [sys.executable, "-c", ZYGOTE, str(tmp_path), game_id, str(compact_every)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert zygote.stdin is not None and zygote.stdout is not None
    try:
        for _ in range(24):
            zygote.stdin.write("child\n")
            zygote.stdin.flush()
            said, pid = zygote.stdout.readline().split()
            assert said == "pid", said
            acked = 0
            # Let it acknowledge a few events, then kill it at a random moment.
            wanted = acked + rnd.randint(1, 25)
            while acked < wanted:
                line = zygote.stdout.readline()
                assert line and line != "dead\n", "child died before it was killed"
                acked = int(line)
            time.sleep(rnd.random() * 0.02)
            os.kill(int(pid), signal.SIGKILL)
            rest = []
            while (line := zygote.stdout.readline()) != "dead\n":  # reaped by the zygote
                assert line, "the zygote died"
                assert line.strip().isdigit(), f"not a count: {line!r}"  # never wait past it
                rest.append(line)
            acked = max([acked, *(int(x) for x in rest)])
            kills += 1
            fresh = GameStore(tmp_path)
            stored = fresh.open(game_id)
            n = len(stored.game.events)
            assert acked <= n <= acked + 1, (acked, n)
            assert [e.seq for e in stored.game.events] == list(range(1, n + 1))
            assert sum(v["ПО"] for v in stored.game.state.values) == n
            # a move cut short is named, never silently dropped
            assert all("не сохранился последний ход" in w for w in fresh.warnings), fresh.warnings
            stored.close()
    finally:
        zygote.stdin.close()
        zygote.wait(60)
    assert kills >= 20
    assert not GameStore(tmp_path).warnings
    # killed writes' temp files are removed: every one whose writer is dead (a CI machine that
    # has started 32 768 processes reuses PIDs, and a live process's PID keeps its file)
    left = [
        p for p in (tmp_path / "games").glob(".*.tmp") if not _alive(int(p.name.split(".")[-2]))
    ]
    assert not left
