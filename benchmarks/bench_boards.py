"""Tap-to-screen time of the Smash Up and Coup boards in real Chromium (issue 12; run by hand:
``python -m benchmarks.bench_boards [taps]``).

For each tap: Playwright clicks a «+» (a semantics node), then waits (polling every animation
frame) until the value's accessible label shows the new number; the wall time of both is the
tap time. The floor is the same measurement on a bare Flet app with one counter
(:mod:`benchmarks._bare_counter`), in the same run, so the ratio is what the board costs.

Boards: Smash Up with 4 players and 5 bases, one base open (a power «+»), and the VP strip;
Coup with 6 players (income, which moves coins and the turn).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from companion.store import GameStore
from tests.ui.conftest import CHROMIUM, App, Server, module_app

WAIT = (
    '([id, t]) => { const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);'
    " if (!e) return false; const s = (e.getAttribute('aria-label') || '') + ' ' +"
    " e.textContent; return s.trim().split(/\\s+/).includes(t); }"
)


def _taps(app: App, plus: str, value: str, start: int, n: int) -> list[float]:
    """``n`` taps on ``plus``; ms until ``value`` shows each new number."""
    out = []
    for k in range(1, n + 1):
        t0 = time.perf_counter()
        app.el(plus).click()
        app.page.wait_for_function(WAIT, arg=[value, str(start + k)], polling="raf")
        out.append((time.perf_counter() - t0) * 1000)
    return out


def _bare(browser, n: int) -> list[float]:
    with module_app(browser, "benchmarks._bare_counter", timeout=60) as app:
        app.el("bare-plus").wait_for()
        _taps(app, "bare-plus", "bare-value", 0, 3)  # warm-up
        return _taps(app, "bare-plus", "bare-value", 3, n)


def _smashup(browser, data: Path, n: int) -> tuple[list[float], list[float]]:
    stored = GameStore(data).create(
        "smashup",
        ["Аня", "Борис", "Вика", "Гриша"],
        first_player=0,
        options={
            "factions": [
                ["Рокеры", "Котики"],
                ["Бабульки", "Феи"],
                ["Зомби", "Пираты"],
                ["Ниндзя", "Роботы"],
            ]
        },
    )
    for k in range(5):
        card = {"name": f"База {k + 1}", "breakpoint": 90, "vp": [4, 2, 1]}
        stored.push("base.add", {"base_card": card})
    stored.push("game.start")
    srv = Server(data)
    try:
        app = App(browser, srv)
        app.open(f"/game/{stored.id}")
        app.el("base-0").wait_for()
        app.tap("base-0-open")
        app.el("pow-b0-p0-plus").wait_for()
        _taps(app, "pow-b0-p0-plus", "pow-b0-p0", 0, 3)
        power = _taps(app, "pow-b0-p0-plus", "pow-b0-p0", 3, n)
        app.tap("base-0-open")  # close the editor
        # «Начало хода»: the number is the granted extra actions playable now (from 0)
        plays = _taps(app, "plays-action-plus", "plays-action", 0, n)
        app.close()
        return power, plays
    finally:
        srv.stop()


def _coup(browser, data: Path, n: int) -> list[float]:
    names = ["Аня", "Борис", "Вика", "Гриша", "Дима", "Егор"]
    stored = GameStore(data).create("coup", names, first_player=0)
    srv = Server(data)
    try:
        app = App(browser, srv)
        app.open(f"/game/{stored.id}")
        app.el("act-income").wait_for()
        times = []
        for k in range(n):
            who = k % 6
            coins = 2 + k // 6 + 1
            t0 = time.perf_counter()
            app.el("act-income").click()
            app.el("primary-action").click()
            app.page.wait_for_function(WAIT, arg=[f"coins-p{who}", str(coins)], polling="raf")
            times.append((time.perf_counter() - t0) * 1000)
        app.close()
        return times
    finally:
        srv.stop()


def _fmt(name: str, times: list[float], floor: float) -> str:
    p50 = statistics.median(times)
    p95 = sorted(times)[int(0.95 * (len(times) - 1))]
    return f"| {name} | {p50:.0f} | {p95:.0f} | {p50 / floor:.2f} |"


def main(n: int = 20) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        bare = _bare(browser, n)
        power, plays = _smashup(browser, Path(tmp) / "s", n)
        coup = _coup(browser, Path(tmp) / "c", min(n, 30))
        bare2 = _bare(browser, n)  # the floor again: the machine is shared and noisy
        browser.close()
    floor = statistics.median(bare + bare2)
    print(f"load average {os.getloadavg()[0]:.1f}; {n} taps each")
    print("| tap | p50 ms | p95 ms | p50 / floor |")
    print("|---|---:|---:|---:|")
    print(_fmt("bare Flet counter (floor)", bare + bare2, floor))
    print(_fmt("Замес 4×5: power «+» on the open base", power, floor))
    print(_fmt("Замес 4×5: plays «+» (phase card)", plays, floor))
    print(_fmt("Переворот 6 players: «Доход» + «Объявить» (two taps)", coup, floor))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
