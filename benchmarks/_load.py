"""Concurrent sessions on one game, as in table mode (shared by a test and a benchmark).

Each session is a real Flet ``Session``/``Page`` in this process with a :class:`GameView`
subscribed to the :class:`Hub` exactly as the app's game route does (refreshes go through
``page.run_task``). Every session sends its events from its own thread as fast as it can.
"""

from __future__ import annotations

import asyncio
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchmarks._page import new_page
from companion.store import GameStore
from companion.ui.state import GameView, Hub, watch


@dataclass
class LoadResult:
    game_id: str
    sent: dict[str, list[int]] = field(default_factory=dict)  # author → values accepted, in order
    refused: int = 0
    latencies_ms: list[float] = field(default_factory=list)
    elapsed_s: float = 0.0
    refreshes: int = 0
    #: each session's last re-render revision
    final_versions: list[int] = field(default_factory=list)


def run_load(root: Path, sessions: int = 4, events: int = 500) -> LoadResult:
    """Drive ``sessions`` × ``events`` ``counter.set`` moves concurrently.

    :returns: what was accepted, refused, the latencies and the sessions' last revisions.
    """
    store = GameStore(root)
    hub = Hub(store)
    game_id = store.create("free", [f"Игрок {i + 1}" for i in range(sessions)], first_player=0).id
    result = LoadResult(game_id)
    lock = threading.Lock()
    refreshed = [0]
    hub.subscribe(game_id, lambda: refreshed.__setitem__(0, refreshed[0] + 1))

    async def main() -> None:
        views, alive = [], []
        for i in range(sessions):
            session, page = new_page()
            alive.append(session)  # Flet holds sessions weakly: keep them for the whole run
            view = GameView(hub, game_id, author=f"s{i}")
            watch(view, page)
            views.append(view)

        def drive(i: int, view: GameView) -> None:
            accepted, lat = [], []
            for k in range(events):
                value = i * 100_000 + k
                t = time.perf_counter()
                ok = view.send("counter.set", {"player": i, "counter": "ПО", "value": value})
                lat.append((time.perf_counter() - t) * 1000)
                if ok:
                    accepted.append(value)
            with lock:
                result.sent[view.author] = accepted
                result.refused += events - len(accepted)
                result.latencies_ms.extend(lat)

        threads = [threading.Thread(target=drive, args=(i, v)) for i, v in enumerate(views)]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        while any(t.is_alive() for t in threads):
            await asyncio.sleep(0.01)  # keep this loop free for the sessions' refresh tasks
        result.elapsed_s = time.perf_counter() - t0
        final = hub.revision(game_id)
        deadline = time.monotonic() + 15
        while any(v.version != final for v in views) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)  # let the queued refresh tasks run
        result.final_versions = [v.version for v in views]

    # A loop of our own in its own thread (the caller's thread may already run one).
    runner = threading.Thread(target=lambda: asyncio.run(main()))
    runner.start()
    runner.join()
    result.refreshes = refreshed[0]
    return result
