"""The offline web app (``scripts/build_web.sh``) in Chromium at 390×844, every request beyond
127.0.0.1 blocked (run by hand: ``python -m benchmarks.bench_phone [--site DIR] [--rounds N]
[--taps N]``).

Measured, in one run:

* **build**: seconds of ``scripts/build_web.sh`` (skipped with ``--site``);
* **size**: the site on disk without the ``.gz`` copies, and what a first visit transfers
  with compression — every file once (the service worker stores the whole site), each
  counted at its ``.gz`` size where the build wrote one (a host serving pre-compressed
  files);
* **cold first screen**: a new browser profile (no cache, no service worker) navigates to the
  site; ms from navigation start to the frame after the app's first page arrived
  (``window.tcLoaded``, set by the loading screen as it goes); with the time of each loading
  step (``window.tcSteps``: Flutter's first frame, Python's start, the archive, the storage,
  the app's imports), to see where the time goes;
* **cached reload**: the same page reloaded once the service worker holds the site, with the
  static server stopped;
* **tap**: on a free-counter board, «+» clicked in the page and ``requestAnimationFrame``
  polling the accessibility tree until the number changes (``benchmarks.bench_tap``'s
  sample), spaced by the double-tap guard;
* **floor**: the same tap on the same board served by ``companion`` from this machine (the
  app as it runs today, Python on the server), measured the same way in the same run;
* **profile** (one more cold load with ``?tcProfile``): Python's ``-X importtime`` inside
  Pyodide, summed per package, and the rules search run in the browser's Python on the 229
  questions of ``tests/rules/questions.json`` (the first query builds the index: timed alone;
  then p50/p95 of all of them) — ``companion.rules.search``, no UI.
"""

from __future__ import annotations

import argparse
import collections
import json
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_tap import _JS as TAP_JS  # noqa: E402
from companion.store import GameStore  # noqa: E402
from companion.ui.state import SETTLE_SECONDS  # noqa: E402
from tests.phone.site import (  # noqa: E402
    StaticServer,
    build,
    open_site,
    site_sizes,
    wait_app,
    wait_offline_ready,
)
from tests.ui.conftest import App, Server  # noqa: E402
from tests.ui.test_free_game import start_free_game  # noqa: E402


def taps(app: App, n: int) -> list[float]:
    """``n`` samples (ms) of «+» on the first player's first counter."""
    out = []
    for _ in range(n):
        app.page.wait_for_timeout(int(SETTLE_SECONDS * 1000) + 100)
        ms, _ws = app.page.evaluate(TAP_JS, ["val-p0-c0-plus", "val-p0-c0", 5000])
        if ms >= 0:
            out.append(ms)
    return out


def loaded(app: App) -> tuple[float, list[tuple[str, float]]]:
    return app.page.evaluate("window.tcLoaded"), app.page.evaluate("window.tcSteps")


#: Run in the browser's Python (``window.tcPython``): the rules search on every question.
RULES_JS = """async (questions) => await window.tcPython(`
import json, time
from companion.rules import search
qs = json.loads(${JSON.stringify(JSON.stringify(questions))})
t0 = time.perf_counter(); search(qs[0]); first = (time.perf_counter() - t0) * 1000
ts = []
for q in qs:
    t0 = time.perf_counter(); search(q); ts.append((time.perf_counter() - t0) * 1000)
ts.sort()
json.dumps({"first": first, "p50": ts[len(ts) // 2], "p95": ts[int(0.95 * (len(ts) - 1))],
            "n": len(ts)})
`)"""


def profile(app: App) -> list[str]:
    """Lines of the profile: import time per package, the rules search's latencies."""
    lines: list[str] = []
    app.page.on("console", lambda m: lines.append(m.text))
    open_site(app, "/?tcProfile")
    selfs: collections.Counter[str] = collections.Counter()
    for line in lines:
        m = re.match(r"import time:\s+(\d+) \|\s+\d+ \|\s*(\S+)", line)
        if m:
            parts = m[2].split(".")
            selfs[".".join(parts[:2]) if parts[0] == "companion" else parts[0]] += int(m[1])
    total = sum(selfs.values())
    out = [f"imports in the browser before the first screen: {total / 1e6:.1f} s; by package:"]
    out += [f"  {us / 1e3:7.0f} ms  {name}" for name, us in selfs.most_common(15)]
    questions = [c["q"] for c in json.loads((ROOT / "tests/rules/questions.json").read_text())]
    rules = json.loads(app.page.evaluate(RULES_JS, questions))
    out.append(
        f"rules search in the browser: first query (builds the index) {rules['first']:.0f} ms;"
        f" then p50 {rules['p50']:.0f} ms, p95 {rules['p95']:.0f} ms (n={rules['n']})"
    )
    return out


def fmt_steps(steps: list[tuple[str, float]]) -> str:
    return ", ".join(f"{text} {ms / 1000:.1f}" for text, ms in steps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one now)")
    parser.add_argument("--rounds", type=int, default=3, help="cold loads and reloads")
    parser.add_argument("--taps", type=int, default=15)
    parser.add_argument("--no-profile", action="store_true", help="skip the profile")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    from tests.conftest import Chromium

    tmp = Path(tempfile.mkdtemp(prefix="bench-phone-"))
    site = args.site
    build_s = None
    if site is None:
        t0 = time.monotonic()
        site = build(tmp / "web")
        build_s = time.monotonic() - t0
    disk, transfer = site_sizes(site)
    cold: list[float] = []
    reload: list[float] = []
    steps: list[str] = []
    with sync_playwright() as p:
        browser = Chromium(p)
        server = StaticServer(site)
        try:
            prof: list[str] = []
            if not args.no_profile:
                app = App(browser, server)  # type: ignore[arg-type]
                prof = profile(app)
                app.close()
                print("\n".join(prof), flush=True)  # also kept if a later load fails
            for _ in range(args.rounds):
                app = App(browser, server)  # type: ignore[arg-type]
                open_site(app)
                ms, st = loaded(app)
                cold.append(ms)
                steps.append("cold: " + fmt_steps(st))
                app.close()
            app = App(browser, server)  # type: ignore[arg-type]
            open_site(app)
            start_free_game(app, ["Аня", "Борис", "Вика"])
            wait_offline_ready(app)
            phone_taps = taps(app, args.taps)
            server.stop()
            for _ in range(args.rounds):
                app.page.reload()
                wait_app(app)
                ms, st = loaded(app)
                reload.append(ms)
                steps.append("reload: " + fmt_steps(st))
            assert not app.blocked, app.blocked
            app.close()
            host = Server(tmp / "host-data")
            try:
                floor = App(browser, host)
                floor.open("/")
                start_free_game(floor, ["Аня", "Борис", "Вика"])
                floor_taps = taps(floor, args.taps)
                floor.close()
            finally:
                host.stop()
            assert GameStore(tmp / "host-data").list()
        finally:
            server.stop()
            browser.close()

    def med(xs: list[float]) -> str:
        return f"{statistics.median(xs):.0f}" if xs else "n/a"

    print(f"# bench_phone {time.strftime('%Y-%m-%d %H:%M')} on {platform.node()}")
    print(f"cores {len(__import__('os').sched_getaffinity(0))}, python {platform.python_version()}")
    if build_s is not None:
        print(f"build: {build_s:.0f} s")
    print(f"site on disk: {disk / 1e6:.1f} MB; first-visit transfer (gz): {transfer / 1e6:.1f} MB")
    print(f"cold first screen ms: median {med(cold)} of {[round(x) for x in cold]}")
    print(
        f"cached reload (server stopped) ms: median {med(reload)} of {[round(x) for x in reload]}"
    )
    print(
        f"tap ms: phone build median {med(phone_taps)} (n={len(phone_taps)}), "
        f"p90 {sorted(phone_taps)[int(0.9 * (len(phone_taps) - 1))]:.0f}"
    )
    print(
        f"tap ms: floor (companion server) median {med(floor_taps)} (n={len(floor_taps)}); "
        f"ratio {statistics.median(phone_taps) / statistics.median(floor_taps):.2f}"
    )
    print("loading steps (s since navigation):")
    for line in steps:
        print("  " + line)
    load = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    print(f"load: {load}")


if __name__ == "__main__":
    main()
