"""Where the browser's half of a tap goes, frame by frame, from a Chrome trace (run by hand).

    .venv/bin/python -m benchmarks.frame_trace [--taps N] [--only floor smashup coup ricks]

Each target (``bench_tap``'s floor and boards, same fixtures and taps) is served by its own
process (``trace_tap --serve``) and opened in Debian's headless Chromium at 390×844 **without
the accessibility tree**, as ``bench_tap --no-semantics`` times it: a finger's tap at the
control's centre, the sample ending with the frame drawn after the server's last message
(``bench_tap._JS_FRAMES``, which also marks the tap in the trace). After three warm-up
rounds, ``browser.start_tracing`` records ``--taps`` rounds (categories ``devtools.timeline``,
``toplevel``, ``gpu``, ``cc``, ``blink.user_timing``).

Reported per target (medians over the taps, ms from the tap):

* **total**: tap → end of the frame that drew the answer (``bench_tap``'s figure);
* **answer**: the last websocket message of the answer (server + loopback);
* **patch frame**: the renderer main thread's ``ProxyMain::BeginMainFrame`` that drew it
  (Flutter applying the patch: build, layout, paint; the frame after the answer);
* **wait**: answer → start of that frame: frames start on vsync (16.7 ms apart), so an answer
  that misses one waits for the next;
* **main / raster / GPU**: busy time within the tap of the renderer main thread, the worker
  that rasterises Flutter's frames (skwasm; mostly waiting on the GPU process) and the GPU
  process main thread (software WebGL on this VM), each from its ``RunTask`` events;
* **… CPU**: the same as the thread's own CPU time (the trace's ``tdur``): the patch frame's,
  and each thread's over the tasks begun within the tap. Wall times grow with the machine's
  load; these hardly do, so variants can be compared while other work runs. The patch
  frame's CPU is Flutter's own work on the patch (build, layout, paint). The raster and GPU
  CPU are not the whole of rasterising: SwiftShader draws on threads of its own that the
  trace does not time (session 14: the GPU thread 3.4 s busy, 0.11 s of its own CPU), so
  their wall "busy" is mostly waiting; `browser_cpu` reads every process from ``/proc``.

What it showed is in docs/PERFORMANCE.md, «Session 11».
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

from benchmarks import bench_tap as bt
from benchmarks.trace_tap import TARGETS

CATEGORIES = ["devtools.timeline", "toplevel", "gpu", "cc", "blink.user_timing"]
#: the tap's start, marked in the trace by the in-page sampler
_JS = bt._JS_FRAMES.replace(
    "const t0 = performance.now();", "performance.mark('tap-start'); const t0 = performance.now();"
)
THREADS = {"main": "CrRendererMain", "raster": "DedicatedWorker thread", "gpu": "CrGpuMain"}


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def record(browser: Any, url: str, steps: list[tuple[str, str]], taps: int, trace: Path) -> list:
    """Tap ``steps`` ``taps`` times on a page without the accessibility tree, traced; returns
    each sample's (total ms, answer ms) in order."""
    probe = bt.open_page(browser, url, steps[0][0])
    where = bt.centres(probe, [tap for tap, _ in steps])
    probe.context.close()
    page = bt.open_page(browser, url, "", semantics=False)

    def one(tap: str) -> tuple[float, float]:
        total, last = page.evaluate(_JS, [where[tap][0], where[tap][1], 150, 10_000])
        bt.settle(page, 400)
        return float(total), float(last)

    for _ in range(3):
        for tap, _value in steps:
            one(tap)
    browser.start_tracing(page=page, path=str(trace), categories=CATEGORIES)
    samples = [one(tap) for _ in range(taps) for tap, _value in steps]
    browser.stop_tracing()
    page.context.close()
    return samples


def analyse(trace: Path, samples: list[tuple[float, float]]) -> dict[str, float]:
    """Per-tap figures from the trace (see the module docstring), medians."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    starts = sorted(e["ts"] for e in events if e.get("name") == "tap-start")
    main = [k for k, n in names.items() if n == THREADS["main"]]
    rows: dict[str, list[float]] = {
        k: [] for k in ("frame", "frame_cpu", "wait", *THREADS, *(f"{t}_cpu" for t in THREADS))
    }
    for t0, (total, answer) in zip(starts, samples, strict=False):
        if total < 0:
            continue
        end = t0 + total * 1000
        frames = sorted(
            ((e["ts"] - t0) / 1000, e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000)
            for e in events
            if e.get("name") == "ProxyMain::BeginMainFrame"
            and (e["pid"], e["tid"]) in main
            and e.get("ph") == "X"
            and t0 <= e["ts"] <= end
        )
        drawn = next((f for f in frames if f[0] >= answer), None)
        if drawn is not None:
            rows["frame"].append(drawn[1])
            rows["frame_cpu"].append(drawn[2])
            rows["wait"].append(drawn[0] - answer)
        for key, thread in THREADS.items():
            tasks = [
                e
                for e in events
                if e.get("name") == "ThreadControllerImpl::RunTask"
                and e.get("ph") == "X"
                and names.get((e["pid"], e["tid"])) == thread
                and e["ts"] < end
                and e["ts"] + e["dur"] > t0
            ]
            rows[key].append(
                sum((min(end, e["ts"] + e["dur"]) - max(t0, e["ts"])) / 1000 for e in tasks)
            )
            # the thread's own CPU (``tdur``) in the tasks that began within the tap: unlike
            # the busy wall time it hardly grows when other processes load the machine
            rows[f"{key}_cpu"].append(
                sum(e.get("tdur", e["dur"]) / 1000 for e in tasks if e["ts"] >= t0)
            )
    ok = [s for s in samples if s[0] >= 0]
    return {
        "taps": len(ok),
        "total": med([t for t, _ in ok]),
        "answer": med([a for _, a in ok]),
        **{k: med(v) for k, v in rows.items()},
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--taps", type=int, default=10, help="rounds of each target's taps")
    ap.add_argument("--only", nargs="*", default=["floor", "smashup", "coup", "ricks"])
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="frame-trace-"))
    results = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=bt.CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        for name in args.only:
            build, steps = TARGETS[name]
            data = tmp / name
            data.mkdir()
            gid = build(data) if build else ""
            kind = "floor" if name == "floor" else "app"
            trace = tmp / f"{name}.json"
            srv = bt.Proc(
                [
                    "-m",
                    "benchmarks.trace_tap",
                    "--serve",
                    kind,
                    "{port}",
                    str(data),
                    str(tmp / name),
                ],
                tmp / f"{name}.log",
            )
            try:
                url = f"{srv.url}/game/{gid}" if gid else srv.url
                samples = record(browser, url, steps, args.taps, trace)
            finally:
                srv.stop()
            results[name] = analyse(trace, samples)
        browser.close()
    print(f"load average {os.getloadavg()[0]:.1f}, taps per target {args.taps} × its steps")
    print(
        "| target | taps | total | answer | wait for vsync | patch frame | main | raster | GPU "
        "| patch frame CPU | main CPU | raster CPU | GPU CPU |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in results.items():
        print(
            f"| {name} | {r['taps']} | {r['total']:.1f} | {r['answer']:.1f} | {r['wait']:.1f} "
            f"| {r['frame']:.1f} | {r['main']:.1f} | {r['raster']:.1f} | {r['gpu']:.1f} "
            f"| {r['frame_cpu']:.1f} | {r['main_cpu']:.1f} | {r['raster_cpu']:.1f} "
            f"| {r['gpu_cpu']:.1f} |"
        )


if __name__ == "__main__":
    main()
