"""What one tap costs the browser: Chromium's CPU per tap beside the server's, board by board.

    python -m benchmarks.browser_cpu [--taps N] [--only floor floor-no-ink free4 smashup ...]

Each target is served by its own process and opened alone in a fresh headless Chromium (Debian's,
``--disable-gpu`` as in ``bench_tap``) at 390×844; then ``--taps`` taps, one every 600 ms, with
``bench_tap``'s in-page sampler. CPU is read from ``/proc`` (user + system time) for every
process of the browser and for the server, over the taps, minus what each used per second
while idle just before (clocks ticking): the rest is what the taps cost.

Targets: ``floor`` is ``bench_tap``'s bare counter (an ``IconButton``, whose ink animates on
every tap); ``floor-no-ink`` the same counter with a ``Container`` that has no ink;
``floor-text``, ``-outlined``, ``-border``, ``-bg``, ``-icon`` the floor's page with 40 static
items of that kind below it (what each kind adds to a frame); and ``bench_tap``'s five boards
with the same fixtures and taps (``free4 smashup coup munchkin ricks``). Default: the two
floors and the boards.

Why: on this VM Chromium has no GPU and rasterises in software; a frame costs in proportion to
what is on screen, and a button's ink animation asks for ~20 frames per tap. See
docs/PERFORMANCE.md, «What a tap costs the browser».
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import bench_tap as bt

TICK = os.sysconf("SC_CLK_TCK")

#: Floor variants: the counter with an ink-less button, or the floor's page plus 40 static
#: items of one kind below it (what a frame costs to rasterise, item by item).
SCENES = ("no-ink", "text", "outlined", "border", "bg", "icon")
SCENE_ITEMS = 40

#: target → (fixture builder or None for a floor, [(tap ident, value ident), ...])
TARGETS: dict[str, tuple[Callable[[Path], str] | None, list[tuple[str, str]]]] = {
    "floor": (None, [("tap", "value")]),
    **{f"floor-{v}": (None, [("tap", "value")]) for v in SCENES},
    **{k: (build, steps) for k, (_name, build, steps) in bt.BOARDS.items() if k != "free3"},
}


def floor_variant(page: Any, variant: str) -> None:
    """``bench_tap.floor_main`` changed as ``variant`` (one of :data:`SCENES`) says."""
    import flet as ft

    count = ft.Text("0", size=24)

    def plus(_e: Any) -> None:
        count.value = str(int(count.value or "0") + 1)
        count.update()

    button: ft.Control = ft.IconButton(ft.Icons.ADD, on_click=plus)
    if variant == "no-ink":
        button = ft.Container(ft.Icon(ft.Icons.ADD), on_click=plus, width=48, height=48, ink=False)
    make: dict[str, Callable[[int], ft.Control]] = {
        "text": lambda i: ft.Text(f"Строка текста номер {i} с несколькими словами", size=14),
        "outlined": lambda i: ft.OutlinedButton(f"+{i}", height=40),
        "border": lambda i: ft.Container(
            width=300, height=12, border=ft.Border.all(2, ft.Colors.PRIMARY), border_radius=8
        ),
        "bg": lambda i: ft.Container(
            width=300, height=12, bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8
        ),
        "icon": lambda i: ft.Icon(ft.Icons.STAR, size=20),
    }
    items = [make[variant](i) for i in range(SCENE_ITEMS)] if variant in make else []
    wrap = variant in ("outlined", "icon")
    page.add(
        ft.Row(
            [
                ft.Semantics(identifier="value", content=count),
                ft.Semantics(identifier="tap", content=button),
            ]
        ),
        ft.Row(items, wrap=True) if wrap else ft.Column(items, spacing=2),
    )


def serve_floor_variant(port: int, variant: str) -> None:
    import flet as ft

    os.environ["FLET_FORCE_WEB_SERVER"] = "true"
    ft.run(
        lambda page: floor_variant(page, variant),
        view=ft.AppView.WEB_BROWSER,
        host="127.0.0.1",
        port=port,
        no_cdn=True,
    )


def descendants(pid: int) -> set[int]:
    """``pid`` and every process below it (from ``/proc``)."""
    parent: dict[int, int] = {}
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                parent[int(d)] = int(
                    Path(f"/proc/{d}/stat").read_text().rsplit(")", 1)[1].split()[1]
                )
            except (OSError, IndexError, ValueError):
                continue
    out, grown = {pid}, True
    while grown:
        new = {p for p, pp in parent.items() if pp in out} - out
        out |= new
        grown = bool(new)
    return out


def cpu_ms(pids: set[int]) -> float:
    """User + system CPU of ``pids`` so far, ms (processes that ended are skipped)."""
    ticks = 0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks * 1000 / TICK


#: What runs without ``--only``: the two floors and the five boards.
DEFAULT = ["floor", "floor-no-ink", "free4", "smashup", "coup", "munchkin", "ricks"]


def measure(pw: Any, name: str, url: str, steps: list[tuple[str, str]], server: int, taps: int):
    browser = pw.chromium.launch(
        executable_path=bt.CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )
    try:
        page = bt.open_page(browser, url, steps[0][0])
        page.wait_for_timeout(2000)
        chromium = descendants(os.getpid()) - {os.getpid()}
        srv = descendants(server)
        b0, s0 = cpu_ms(chromium), cpu_ms(srv)
        page.wait_for_timeout(3000)
        idle_b, idle_s = (cpu_ms(chromium) - b0) / 3, (cpu_ms(srv) - s0) / 3
        samples: list[float] = []
        b0, s0, t0 = cpu_ms(chromium), cpu_ms(srv), time.monotonic()
        while len(samples) < taps:
            for tap, value in steps:
                ms = bt.sample(page, tap, value)
                if ms >= 0:
                    samples.append(ms)
                page.wait_for_timeout(600)
        spent = time.monotonic() - t0
        n = len(samples)
        browser_ms = (cpu_ms(chromium) - b0 - idle_b * spent) / n
        server_ms = (cpu_ms(srv) - s0 - idle_s * spent) / n
        return name, n, statistics.median(samples), browser_ms, idle_b, server_ms
    finally:
        browser.close()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=20)
    ap.add_argument("--serve-floor", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--only", nargs="*", choices=list(TARGETS), default=DEFAULT)
    args = ap.parse_args()
    if args.serve_floor:
        serve_floor_variant(int(args.serve_floor[0]), args.serve_floor[1])
        return
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="browser-cpu-"))
    rows = []
    with sync_playwright() as pw:
        for name in args.only:
            build, steps = TARGETS[name]
            if name == "floor":
                proc = bt.Proc(["-m", "benchmarks.bench_tap", "--floor", "{port}"], tmp / "f.log")
                url = proc.url
            elif build is None:
                variant = name.removeprefix("floor-")
                cmd = ["-m", "benchmarks.browser_cpu", "--serve-floor", "{port}", variant]
                proc = bt.Proc(cmd, tmp / f"{name}.log")
                url = proc.url
            else:
                assert build is not None
                gid = build(tmp / name)
                proc = bt.companion(tmp / name, tmp / f"{name}.log")
                url = f"{proc.url}/game/{gid}"
            try:
                rows.append(measure(pw, name, url, steps, proc.proc.pid, args.taps))
            finally:
                proc.stop()
            bt.note(f"{name} done")
    print(
        f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cores; "
        f"load average {os.getloadavg()[0]:.1f}; {time.strftime('%Y-%m-%d %H:%M')}\n"
    )
    print(
        "| target | taps | tap → value median ms | Chromium CPU per tap ms | Chromium idle ms/s "
        "| server CPU per tap ms |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for name, n, med, b, idle, s in rows:
        # the idle rate is subtracted: a target that costs ~nothing can come out slightly < 0
        print(f"| {name} | {n} | {med:.0f} | {max(b, 0):.0f} | {idle:.0f} | {max(s, 0):.1f} |")


if __name__ == "__main__":
    sys.exit(main())
