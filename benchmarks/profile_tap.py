"""Server side of one tap, per board, against the bare Flet floor (run by hand).

    .venv/bin/python -m benchmarks.profile_tap                 # every target, 30 taps each
    .venv/bin/python -m benchmarks.profile_tap --taps 60 --only coup ricks
    .venv/bin/python -m benchmarks.profile_tap --profile coup  # cProfile of that target's taps
    .venv/bin/python -m benchmarks.profile_tap --journal 20000 # journal open on a big game

The real app (``companion.ui.app.make_main``) runs on real Flet ``Session``/``Page`` objects
in this process, one per target, with a connection that encodes every outgoing message
exactly as Flet's web server does (msgpack with Flet's encoder) and counts its bytes. The
game fixtures are those of :mod:`benchmarks.bench_tap`. A tap is the client's own message:
``Session.dispatch_event(<id of the tapped control>, "click")``, then the session's update
loop runs until nothing is pending.

Reported per target (median over the taps):

* **CPU ms**: ``time.process_time()`` of this process from the event to the last message
  sent — unlike wall time, it hardly moves when other processes load the machine (the other
  targets' sessions live in the same process: their clock ticks during a tap are timed apart
  and left out);
* **components**: component bodies rendered (memoised ones skipped are not counted);
* **controls**: controls compared by Flet's diff (``_compare_dataclasses`` calls);
* **msgs / bytes**: patch messages sent to the browser and their encoded size — what the
  browser has to decode and lay out;
* **GC runs / ms**: the cyclic garbage collector's runs during a tap and their wall time
  (means: a rare full collection shows there, not in a median).

The settle window is off (``Hub(..., settle=0)``): these taps come back to back.

``PROFILE_FILTER=<regex>`` restricts the cProfile listing to matching files;
``PROFILE_TAP_DUMP=1`` prints every message sent; ``PROFILE_CALLERS=<regex>`` adds
cProfile's callers of the matching functions; ``PROFILE_TAP_KINDS=1`` prints, per target,
the controls diffed per tap by class (``Semantics`` by its tag), most first.

The floors, in the same run: the bare counter of ``bench_tap`` (one ``Text`` updated
imperatively) and the same counter as a component (``benchmarks._bare_counter``).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import io
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.protocol import configure_encode_object_for_msgpack
from flet.messaging.session import Session

from benchmarks.bench_tap import floor_main
from tests.ui import render_tree
from tests.ui.render_tree import settle  # the session's update loop run dry

ROOT = Path(__file__).resolve().parents[1]
_ENCODE = configure_encode_object_for_msgpack(BaseControl)

#: the cyclic garbage collector's runs and wall ms while a tap is timed (``gc.callbacks``)
gc_spent = [0, 0.0]
_gc_start = [0.0]


def _gc_probe(phase: str, _info: dict[str, Any]) -> None:
    if current_page[0] is None:
        return
    if phase == "start":
        _gc_start[0] = time.perf_counter()
    else:
        gc_spent[0] += 1
        gc_spent[1] += (time.perf_counter() - _gc_start[0]) * 1000


rendered: Counter[str] = Counter()
compared = [0]
#: controls diffed by class (``Semantics`` tagged ``x``: ``Semantics:x``), for PROFILE_TAP_KINDS
compared_kinds: Counter[str] = Counter()
#: CPU ms spent in each subscribed component's own update (render + diff + send), by name
update_ms: Counter[str] = Counter()
#: the page of the target being tapped; other sessions' clock ticks during a tap are left out
current_page: list[Any] = [None]
foreign_ms = [0.0]


def _ours() -> bool:
    from flet.controls.context import _context_page

    return current_page[0] is None or _context_page.get() is current_page[0]


class WireConnection(render_tree.WireConnection):
    """Encodes what the session sends as Flet's web server does, and counts it
    (``PROFILE_TAP_DUMP=1``: prints every message)."""

    def sent(self, body: bytes) -> None:
        if os.environ.get("PROFILE_TAP_DUMP"):
            print(len(body), msgpack.unpackb(body, strict_map_key=False))


def instrument() -> None:
    """Count component renders and controls diffed (wraps Flet 1.0.5 internals)."""
    from flet.components import component as comp
    from flet.controls import object_patch

    render = comp.Renderer.render

    def counting_render(self: Any, fn: Any, *args: Any, **kwargs: Any) -> Any:
        if _ours():
            rendered[getattr(fn, "__name__", "?")] += 1
        return render(self, fn, *args, **kwargs)

    comp.Renderer.render = counting_render  # type: ignore[method-assign]
    update = comp.Component.update

    def timed_update(self: Any) -> None:
        t = time.process_time()
        try:
            update(self)
        finally:
            spent = (time.process_time() - t) * 1000
            if _ours():
                update_ms[self.fn.__name__] += spent
            else:
                foreign_ms[0] += spent

    comp.Component.update = timed_update  # type: ignore[method-assign]
    builder = object_patch.DiffBuilder
    original = builder._compare_dataclasses

    def counting_compare(self: Any, *args: Any, **kwargs: Any) -> Any:
        if _ours():
            compared[0] += 1
            dst = args[3]
            kind = type(dst).__name__
            if kind == "Semantics" and getattr(dst, "identifier", None):
                kind += ":" + str(dst.identifier).split("-")[0]
            elif kind == "Component":
                kind += ":" + getattr(getattr(dst, "fn", None), "__name__", "?")
            compared_kinds[kind] += 1
        return original(self, *args, **kwargs)

    builder._compare_dataclasses = counting_compare  # type: ignore[method-assign]


def new_session() -> tuple[Session, Any, WireConnection]:
    conn = WireConnection()
    session = Session(conn)
    return session, session.page, conn


def find(session: Session, ident: str) -> BaseControl | None:
    """The control to click inside the ``Semantics`` tagged ``ident`` (as the browser does)."""
    index = session._Session__index  # type: ignore[attr-defined]
    for c in list(index.values()):
        if isinstance(c, ft.Semantics) and c.identifier == ident:
            return _clickable(c) or c
    return None


def _clickable(c: Any) -> Any:
    if getattr(c, "on_click", None) is not None:
        return c
    content = getattr(c, "content", None)
    if isinstance(content, BaseControl):
        return _clickable(content)
    return None


@dataclass
class Target:
    name: str
    taps: list[str]  # identifiers tapped in turn (a cycle back to the start)
    session: Any = None
    conn: Any = None
    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    components: list[int] = field(default_factory=list)
    controls: list[int] = field(default_factory=list)
    msgs: list[int] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    parts: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    updates: Counter[str] = field(default_factory=Counter)
    gc_ms: list[float] = field(default_factory=list)
    gc_runs: list[int] = field(default_factory=list)
    missing: int = 0


async def open_app(main: Callable[[Any], None], route: str) -> tuple[Session, WireConnection]:
    from flet.controls.context import _context_page  # internal to Flet 1.0.5

    session, page, conn = new_session()
    page.route = route
    _context_page.set(page)
    main(page)
    session.get_page_patch()  # what a client's register does
    session.start_updates_scheduler()
    for _ in range(40):
        await asyncio.sleep(0.02)
        await settle(session)
    return session, conn


def component_floor_main(page: Any) -> None:
    from benchmarks._bare_counter import Counter as BareCounter

    page.render(BareCounter)


async def tap(target: Target, ident: str, prof: cProfile.Profile | None) -> None:
    from flet.controls.context import _context_page

    session = target.session
    _context_page.set(session.page)
    control = find(session, ident)
    if control is None:
        target.missing += 1
        return
    rendered.clear()
    update_ms.clear()
    compared[0] = 0
    compared_kinds.clear()
    foreign_ms[0] = 0.0
    gc_spent[:] = [0, 0.0]
    current_page[0] = session.page
    msgs, size = target.conn.messages, target.conn.bytes
    w0, c0 = time.perf_counter(), time.process_time()
    if prof:
        prof.enable()
    await session.dispatch_event(control._i, "click", None)
    await settle(session)
    if prof:
        prof.disable()
    target.cpu.append((time.process_time() - c0) * 1000 - foreign_ms[0])
    current_page[0] = None
    target.wall.append((time.perf_counter() - w0) * 1000)
    target.gc_runs.append(int(gc_spent[0]))
    target.gc_ms.append(float(gc_spent[1]))
    target.components.append(sum(rendered.values()))
    target.controls.append(compared[0])
    target.msgs.append(target.conn.messages - msgs)
    target.sizes.append(target.conn.bytes - size)
    target.parts.update(rendered)
    target.kinds.update(compared_kinds)
    target.updates.update(update_ms)


def targets_for(
    tmp: Path, only: list[str]
) -> list[tuple[str, Callable[[Any], None], str, list[str]]]:
    from benchmarks import bench_tap as bt
    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.state import Hub

    boards = [
        (key, name, build, [tap for tap, _value in steps])
        for key, (name, build, steps) in bt.BOARDS.items()
    ]
    out: list[tuple[str, Callable[[Any], None], str, list[str]]] = [
        ("floor (bare Flet counter)", floor_main, "/", ["tap"]),
        ("floor as a component", component_floor_main, "/", ["bare-plus"]),
    ]
    for key, name, build, taps in boards:
        if only and key not in only:
            continue
        data = tmp / key
        gid = build(data)
        main = make_main(Hub(GameStore(data), settle=0))
        out.append((name, main, f"/game/{gid}", taps))
    return out


def report(targets: list[Target]) -> None:
    base = statistics.median(targets[0].cpu)
    print(
        f"machine: {os.uname().nodename} {os.uname().machine}, {os.cpu_count()} cores; "
        f"load average {os.getloadavg()[0]:.1f}; {time.strftime('%Y-%m-%d %H:%M')}\n"
    )
    print(
        "| target | taps | CPU ms (median) | × floor | wall ms | components | controls diffed "
        "| msgs | bytes sent | GC runs | GC ms (mean) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for t in targets:
        if not t.cpu:
            print(f"| {t.name} | 0 (missing {t.missing}) | | | | | | | | | |")
            continue
        med = statistics.median
        print(
            f"| {t.name} | {len(t.cpu)} | {med(t.cpu):.2f} | {med(t.cpu) / base:.1f} "
            f"| {med(t.wall):.1f} | {med(t.components):.0f} | {med(t.controls):.0f} "
            f"| {med(t.msgs):.0f} | {med(t.sizes):.0f} | {statistics.mean(t.gc_runs):.1f} "
            f"| {statistics.mean(t.gc_ms):.2f} |"
        )
    print()
    for t in targets[2:]:
        n = max(1, len(t.cpu))
        top = ", ".join(f"{k} {v / n:.1f}" for k, v in t.parts.most_common(14))
        print(f"- {t.name}: renders per tap: {top}")
        top = ", ".join(f"{k} {v / n:.2f}" for k, v in t.updates.most_common(10))
        print(f"  CPU ms per tap in each subscribed part's update: {top}")
        if os.environ.get("PROFILE_TAP_KINDS"):
            top = ", ".join(f"{k} {v / n:.1f}" for k, v in t.kinds.most_common(40))
            print(f"  controls diffed per tap by class: {top}")


async def run(args: argparse.Namespace) -> None:
    from companion.ui import flet_fixes

    flet_fixes.apply()
    instrument()
    gc.callbacks.append(_gc_probe)
    tmp = Path(tempfile.mkdtemp(prefix="profile-tap-"))
    targets: list[Target] = []
    keep = []
    for name, main, route, taps in targets_for(tmp, args.only):
        t = Target(name, taps)
        t.session, t.conn = await open_app(main, route)
        keep.append(t.session)
        targets.append(t)
    for t in targets:  # warm-up: one cycle each, not counted
        for ident in t.taps:
            await tap(t, ident, None)
        t.cpu.clear(), t.wall.clear(), t.components.clear(), t.controls.clear()
        t.msgs.clear(), t.sizes.clear(), t.parts.clear(), t.updates.clear(), t.kinds.clear()
    prof = cProfile.Profile() if args.profile else None
    for _ in range(args.taps):
        for t in targets:
            for ident in t.taps:
                p = prof if args.profile and args.profile.lower() in t.name.lower() else None
                await tap(t, ident, p)
                await asyncio.sleep(0.005)
    report(targets)
    if prof is not None:
        out = io.StringIO()
        stats = pstats.Stats(prof, stream=out).sort_stats("cumulative")
        stats.print_stats(os.environ.get("PROFILE_FILTER", ""), 45)
        print(out.getvalue())
        out = io.StringIO()
        pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(25)
        if os.environ.get("PROFILE_CALLERS"):
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_callers(
                os.environ["PROFILE_CALLERS"]
            )
        print(out.getvalue())


async def navigate(session: Session, route: str) -> None:
    """A route change as the browser reports one (``page.route`` patch, ``route_change``)."""
    session.apply_page_patch({"route": route})
    await session.dispatch_event(session.page._i, "route_change", {"route": route})


async def journal(size: int, opens: int) -> None:
    """On a ``size``-event game: open the game screen, then its journal ``opens`` times
    (route change on the same session, as a tap on «Журнал»), and a move from another
    session while the journal is open."""
    from benchmarks.bench_store import big_game
    from companion.store import GameStore
    from companion.ui import flet_fixes
    from companion.ui.app import make_main
    from companion.ui.state import Hub

    flet_fixes.apply()
    instrument()
    tmp = Path(tempfile.mkdtemp(prefix="profile-journal-"))
    g = big_game(GameStore(tmp), size, players=4)
    g.close()
    hub = Hub(GameStore(tmp), settle=0)
    main = make_main(hub)
    c0 = time.process_time()
    reader, conn = await open_app(main, f"/game/{g.id}")
    other, other_conn = await open_app(main, f"/game/{g.id}")
    print(f"game screen of {size} events (load + first render): CPU {ms(c0):.0f} ms")
    prof = cProfile.Profile()
    for k in range(opens):
        rendered.clear()
        b0, c0 = conn.bytes, time.process_time()
        prof.enable()
        await navigate(reader, f"/game/{g.id}/log")
        await settle(reader)
        prof.disable()
        print(
            f"journal open {k + 1}: CPU {ms(c0):.1f} ms, {conn.bytes - b0} bytes sent, "
            f"components rendered {sum(rendered.values())}: {dict(rendered.most_common(8))}"
        )
        if k < opens - 1:
            await navigate(reader, f"/game/{g.id}")
            await settle(reader)
    target = Target("move on another phone, journal open", ["val-p1-c0-plus"])
    target.session, target.conn = other, other_conn
    reader_ms = []
    for _ in range(10):
        b0 = conn.bytes
        await tap(target, "val-p1-c0-plus", None)
        reader_ms.append(foreign_ms[0])
        await settle(reader)
    print(
        f"other phone's tap with the journal open: CPU {statistics.median(target.cpu):.1f} ms "
        f"in its own session, {statistics.median(reader_ms):.1f} ms in the journal's session "
        f"(which received {conn.bytes - b0} bytes)"
    )
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out).sort_stats("cumulative")
    stats.print_stats(os.environ.get("PROFILE_FILTER", ""), 30)
    print(out.getvalue())


def ms(c0: float) -> float:
    return (time.process_time() - c0) * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=30)
    ap.add_argument("--only", nargs="*", default=[], help="free3 free4 smashup coup munchkin ricks")
    ap.add_argument("--profile", help="cProfile the taps of the target whose name has this")
    ap.add_argument("--journal", type=int, help="open the journal of a game this big")
    args = ap.parse_args()
    sys.setrecursionlimit(10_000)
    if args.journal:
        asyncio.run(journal(args.journal, 3))
    else:
        asyncio.run(run(args))


if __name__ == "__main__":
    main()
