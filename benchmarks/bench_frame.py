"""What a tap and a clock tick re-render in the game frame (run by hand).

    .venv/bin/python -m benchmarks.bench_frame            # memoised frame (as shipped)
    .venv/bin/python -m benchmarks.bench_frame --no-memo  # ft.memo disabled, for comparison
    .venv/bin/python -m benchmarks.bench_frame --profile  # cProfile of the Smash Up taps

A real ``ft.Page`` without a browser (``benchmarks._page``) renders :class:`GameScreen` for a
game of 4 players; each "tap" is ``GameView.send`` followed by the session's own update loop
until the patch for the client is built. Reported per tap: server time until the patch is
ready (median), and how many components rendered their body (memoised ones that were skipped
are not counted). The floor is the same loop rendering one bare ``ft.Text`` per tap.
"""

from __future__ import annotations

import asyncio
import cProfile
import pstats
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import flet as ft

if "--no-memo" in sys.argv:  # before the UI modules bind ft.memo
    ft.memo = lambda fn: fn

from benchmarks._page import new_page  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.ui import flet_fixes  # noqa: E402
from companion.ui.nav import AppContext  # noqa: E402
from companion.ui.state import AppModel, GameView, Hub, watch  # noqa: E402

PLAYERS = ["Аня", "Борис", "Вика", "Гоша"]
TAPS = 40

rendered: Counter[str] = Counter()


def count_renders() -> None:
    """Count component bodies rendered (wraps Flet's Renderer.render)."""
    from flet.components import component as comp

    original = comp.Renderer.render

    def render(self, fn, *args, **kwargs):
        rendered[getattr(fn, "__name__", "?")] += 1
        return original(self, fn, *args, **kwargs)

    comp.Renderer.render = render


async def settle(session) -> None:
    """Wait until the session's update loop has nothing pending."""
    pending = session._Session__pending_updates  # internal to Flet 1.0.5
    await asyncio.sleep(0)
    while pending:
        await asyncio.sleep(0)
    await asyncio.sleep(0)


def mount(page, component, *args) -> None:
    """Render ``component`` on ``page`` and build the first patch, as a client's connect does."""
    from flet.controls.context import _context_page  # internal to Flet 1.0.5

    _context_page.set(page)
    page.render(component, *args)
    page.session.get_page_patch()


def make_game(store: GameStore, kind: str):
    if kind == "free":
        return store.create(
            "free",
            PLAYERS,
            first_player=0,
            options={"counters": [{"name": "ПО", "step": 1}, {"name": "монеты", "step": 1}]},
        )
    g = store.create(
        "smashup",
        PLAYERS,
        first_player=0,
        options={
            "factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Мишки", "Зомби"]]
            + [["Авантюристы", "Принцессы"]]
        },
    )
    for i in range(5):
        g.push("base.add", {"base_card": {"name": f"База {i}", "breakpoint": 20, "vp": [4, 2, 1]}})
    g.push("game.start", {})
    return g


def tap_move(kind: str, k: int) -> tuple[str, dict]:
    if kind == "free":
        return "counter.add", {"player": k % 4, "counter": "ПО", "delta": 1}
    return "base.adjust", {"base": k % 5, "player": k % 4, "power": 1}


def run(kind: str, profile: bool) -> dict[str, float]:
    from companion.ui.game_screen import GameScreen

    out: dict[str, float] = {}

    async def main() -> None:
        with tempfile.TemporaryDirectory() as tmp:
            store = GameStore(Path(tmp))
            hub = Hub(store)
            gid = make_game(store, kind).id
            session, page = new_page()
            view = GameView(hub, gid)
            watch(view, page)
            model = AppModel(hub)

            @ft.component
            def Root() -> ft.Control:
                return AppContext(model, lambda: GameScreen(view))

            mount(page, Root)
            await asyncio.sleep(0.3)
            await settle(session)

            times, counts = [], []
            prof = cProfile.Profile() if profile else None
            for k in range(TAPS):
                rendered.clear()
                t = time.perf_counter()
                if prof:
                    prof.enable()
                view.send(*tap_move(kind, k))
                await settle(session)
                if prof:
                    prof.disable()
                times.append((time.perf_counter() - t) * 1000)
                counts.append(sum(rendered.values()))
            out["tap_ms"] = statistics.median(times)
            out["tap_components"] = statistics.median(counts)
            out["tap_parts"] = dict(rendered)  # type: ignore[assignment]

            rendered.clear()  # one clock tick: the status line's own state changes
            await asyncio.sleep(1.2)
            await settle(session)
            out["tick_parts"] = dict(rendered)  # type: ignore[assignment]
            if prof:
                pstats.Stats(prof).sort_stats("cumulative").print_stats(25)

    runner = threading.Thread(target=lambda: asyncio.run(main()))
    runner.start()
    runner.join()
    return out


def floor() -> float:
    """The same loop re-rendering one bare Text per tap."""
    result = []

    async def main() -> None:
        session, page = new_page()

        @ft.observable
        class Box:
            n: int = 0

        box = Box()

        @ft.component
        def Bare(b: Box) -> ft.Control:
            return ft.Text(str(b.n))

        @ft.component
        def Root() -> ft.Control:
            return Bare(box)

        mount(page, Root)
        await asyncio.sleep(0.2)
        times = []
        for k in range(TAPS):
            t = time.perf_counter()
            box.n = k + 1
            await settle(session)
            times.append((time.perf_counter() - t) * 1000)
        result.append(statistics.median(times))

    runner = threading.Thread(target=lambda: asyncio.run(main()))
    runner.start()
    runner.join()
    return result[0]


def main() -> None:
    flet_fixes.apply()
    count_renders()
    profile = "--profile" in sys.argv
    memo = "off" if "--no-memo" in sys.argv else "on"
    base = floor()
    print(f"floor (one Text per tap): {base:.2f} ms")
    for kind in ("free", "smashup"):
        r = run(kind, profile and kind == ("free" if "--free" in sys.argv else "smashup"))
        print(
            f"{kind:8s} memo {memo}: tap {r['tap_ms']:.1f} ms ({r['tap_ms'] / base:.0f}× floor), "
            f"{r['tap_components']:.0f} components rendered"
        )
        print(f"    tap renders: {r['tap_parts']}")
        print(f"    clock tick renders: {r['tick_parts']}")


if __name__ == "__main__":
    main()
