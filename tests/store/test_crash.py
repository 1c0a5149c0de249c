"""Crash safety with real processes: SIGKILL at random moments loses at most the event in flight."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.store import GameStore

CHILD = r"""
import sys
from companion.store import GameStore
store = GameStore(sys.argv[1])
g = store.open(sys.argv[2])
i = len(g.game.events)
while True:
    g.push("counter.add", {"player": i % 2, "counter": "ПО", "delta": 1})
    i += 1
    print(i, flush=True)   # acknowledged: the event is on disk
"""


def test_sigkill_at_random_moments_loses_at_most_the_event_in_flight(tmp_path: Path):
    store = GameStore(tmp_path)
    game_id = store.create("free", ["Аня", "Борис"], first_player=0).id
    rnd = random.Random(20261122)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    kills = 0
    for _ in range(24):
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(tmp_path), game_id],
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )
        acked = 0
        # Let it acknowledge a few events, then kill it at a random moment.
        wanted = rnd.randint(1, 25)
        while acked < wanted:
            line = proc.stdout.readline()
            assert line, "child died before it was killed"
            acked = int(line)
        time.sleep(rnd.random() * 0.02)
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()
        proc.wait()
        acked = max([acked, *(int(x) for x in rest.split())])
        kills += 1
        stored = GameStore(tmp_path).open(game_id)
        n = len(stored.game.events)
        assert acked <= n <= acked + 1, (acked, n)
        assert [e.seq for e in stored.game.events] == list(range(1, n + 1))
        assert sum(v["ПО"] for v in stored.game.state.values) == n
        stored.close()
    assert kills >= 20
    assert not GameStore(tmp_path).warnings
