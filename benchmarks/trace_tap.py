"""Where a tap's wall time goes, inside the REAL server process and in the page (run by hand):

    .venv/bin/python -m benchmarks.trace_tap [--taps N] [--only floor smashup coup ricks …]

Each target (the floor and the boards of :mod:`benchmarks.bench_tap`, same fixtures) is served
by its own process started with ``--serve``: the real app (``python -m companion`` code path:
``companion.cli.main``; the floor: ``bench_tap.floor_main`` under ``ft.run``) with
``time.perf_counter`` stamps patched into Flet and the app *in that process only* (nothing in
the app changes):

* ``recv``: a websocket message decoded (``FletApp.__on_message``), with its action;
* ``dispatch>``/``dispatch<``: ``Session.dispatch_event`` (the handler, incl. the move);
* ``move>``/``move<``: ``Hub._change`` (rules check, durable append, state, notify);
* ``fsync>``/``fsync<``: ``os.fdatasync``/``os.fsync`` (the durable append's wait);
* ``render>``/``render<``: each ``Component.update`` (a component's render, diff, patch);
* ``upd>``/``upd<``: each control update from the session's update loop;
* ``enqueue``: ``FletApp.send_message`` (a patch encoded and queued), ``sent``: after
  ``WebSocket.send_bytes`` returned (written to the socket).

In the page, for every tap: the click, each websocket ``send`` (the event leaving the
browser), each message in, and the moment the value changed (``performance.now()``).

Report per target (medians over the taps): page: click → event sent (Flutter's gesture and
event), event sent → last message in before the change (server + loopback), last message →
value on screen (the browser's work); server: recv → dispatch start (waiting for the event
loop), the handler, the move, the fdatasync, recv → first and last patch written, the number
of patches and of component renders, and the gaps where the loop did none of these.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.bench_tap import (
    BOARDS,
    CHROMIUM,
    Proc,
    floor_main,
    settle,
)

# -- server side: stamps patched into this process -------------------------------------------

_TRACE: list[tuple[float, str, str, float]] = []


def _stamp(kind: str, detail: str = "") -> None:
    """Wall time, what, detail, and the CPU time of the calling thread (the event loop's)."""
    _TRACE.append((time.perf_counter(), kind, detail, time.thread_time()))


def _flusher(path: Path) -> None:
    done = 0
    while True:
        time.sleep(0.1)
        n = len(_TRACE)
        if n > done:
            with open(path, "a", encoding="utf-8") as fh:
                for item in _TRACE[done:n]:
                    fh.write(json.dumps(item) + "\n")
            done = n


def _wrap_async(owner: Any, name: str, before: str, after: str, detail: Any = None) -> None:
    original = getattr(owner, name)

    async def wrapped(self: Any, *args: Any, **kwargs: Any) -> Any:
        _stamp(before, detail(self, *args) if detail else "")
        try:
            return await original(self, *args, **kwargs)
        finally:
            if after:
                _stamp(after)

    setattr(owner, name, wrapped)


def _wrap_sync(owner: Any, name: str, before: str, after: str, detail: Any = None) -> None:
    original = getattr(owner, name)

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        _stamp(before, detail(*args) if detail else "")
        try:
            return original(*args, **kwargs)
        finally:
            if after:
                _stamp(after)

    setattr(owner, name, wrapped)


def install(trace: Path) -> None:
    """Patch the stamps into Flet, the store and the app (this process only)."""
    from flet.components import component as comp
    from flet.controls import base_control
    from flet.messaging.session import Session
    from flet_web.fastapi.flet_app import FletApp
    from starlette.websockets import WebSocket

    _wrap_async(
        FletApp,
        "_FletApp__on_message",
        "recv",
        "",
        lambda _self, data: str(data.get("action") if isinstance(data, dict) else data[0]),
    )
    _wrap_async(Session, "dispatch_event", "dispatch>", "dispatch<", lambda _s, _c, e, _d: e)
    _wrap_async(Session, "after_event", "after>", "after<")
    _wrap_sync(comp.Component, "update", "render>", "render<", lambda c: c.fn.__name__)
    _wrap_sync(base_control.BaseControl, "update", "upd>", "upd<", lambda c: type(c).__name__)
    _wrap_sync(
        FletApp,
        "send_message",
        "enqueue",
        "",
        lambda _self, m: f"{m.action} {str(m.body)[:100]}",
    )
    original_send = WebSocket.send_bytes

    async def send_bytes(self: Any, data: bytes) -> None:
        await original_send(self, data)
        _stamp("sent", str(len(data)))

    WebSocket.send_bytes = send_bytes  # type: ignore[method-assign]
    for name in ("fdatasync", "fsync"):
        if hasattr(os, name):
            _wrap_sync(os, name, "fsync>", "fsync<", lambda *_a, n=name: n)
    try:
        from companion.ui.state import Hub

        _wrap_sync(Hub, "_change", "move>", "move<")
    except ImportError:  # pragma: no cover
        pass
    threading.Thread(target=_flusher, args=(trace,), daemon=True).start()


def serve(kind: str, port: int, data: str, trace: Path) -> None:
    install(trace)
    if kind == "floor":
        import flet as ft

        os.environ["FLET_FORCE_WEB_SERVER"] = "true"
        ft.run(floor_main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port, no_cdn=True)
        return
    from companion.cli import main

    sys.exit(main(["--port", str(port), "--data-dir", data]))


# -- page side ------------------------------------------------------------------------------

_SPY = """
(() => {
  window.__wsIn = []; window.__wsOut = [];
  const Orig = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Orig(...args);
    ws.addEventListener('message', () => window.__wsIn.push(performance.now()));
    const send = ws.send.bind(ws);
    ws.send = (d) => { window.__wsOut.push(performance.now()); return send(d); };
    return ws;
  };
  window.WebSocket.prototype = Orig.prototype;
  Object.assign(window.WebSocket, Orig);
})();
"""

_TAP = """
async ([tap, value, timeout]) => {
  const q = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const text = e => e ? (e.getAttribute('aria-label') || '') + '|' + e.textContent : null;
  const root = q(tap);
  if (!root) return null;
  const inner = root.querySelector('[flt-tappable]');
  const node = root.matches('[flt-tappable]') ? root : (inner || root);
  const before = text(q(value));
  window.__wsIn.length = 0; window.__wsOut.length = 0;
  const t0 = performance.now();
  node.click();
  while (performance.now() - t0 < timeout) {
    await new Promise(r => requestAnimationFrame(r));
    if (text(q(value)) !== before) {
      const t1 = performance.now();
      return {total: t1 - t0, out: window.__wsOut.map(t => t - t0),
              in: window.__wsIn.filter(t => t <= t1).map(t => t - t0)};
    }
  }
  return null;
}
"""

TARGETS: dict[str, tuple[Any, list[tuple[str, str]]]] = {
    "floor": (None, [("tap", "value")]),
    **{key: (build, steps) for key, (_name, build, steps) in BOARDS.items()},
}


def open_traced(browser: Any, url: str, ready: str) -> Any:
    """A 390×844 page with the send/receive spy (requests off 127.0.0.1 refused)."""
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    ctx.add_init_script(_SPY)
    ctx.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(
                ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")
            )
            else route.abort()
        ),
    )
    page = ctx.new_page()
    page.set_default_timeout(90_000)
    page.goto(url)
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.wait_for_selector(f'[flt-semantics-identifier="{ready}"]', state="attached")
    page.mouse.move(-10, -10)
    return page


def med(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def read_trace(path: Path) -> list[tuple[float, str, str, float]]:
    if not path.exists():
        return []
    return [tuple(json.loads(line)) for line in path.read_text().splitlines() if line]  # type: ignore[misc]


def server_taps(
    trace: list[tuple[float, str, str, float]], window: float = 0.25
) -> list[dict[str, Any]]:
    """Split the server trace at each control event (action 3) into per-tap figures."""
    taps = []
    starts = [i for i, (_t, k, d, _c) in enumerate(trace) if k == "recv" and d == "3"]
    for n, i in enumerate(starts):
        t0, c0 = trace[i][0], trace[i][3]
        end = starts[n + 1] if n + 1 < len(starts) else len(trace)
        items = [x for x in trace[i:end] if x[0] - t0 <= window]
        rel = [((t - t0) * 1000, k, d) for t, k, d, _c in items]
        sent_cpu = [(c - c0) * 1000 for _t, k, _d, c in items if k == "sent"]
        taps.append(_figures(rel, sent_cpu[-1] if sent_cpu else float("nan")))
    return taps


def _figures(rel: list[tuple[float, str, str]], cpu: float) -> dict[str, Any]:
    """One tap's figures from its timeline (ms from the event's arrival)."""

    def first(kind: str) -> float:
        return next((t for t, k, _d in rel if k == kind), float("nan"))

    def spans(open_: str, close: str) -> float:
        total, stack = 0.0, []
        for t, k, _d in rel:
            if k == open_:
                stack.append(t)
            elif k == close and stack:
                s = stack.pop()
                if not stack:
                    total += t - s
        return total

    sent = [t for t, k, _d in rel if k == "sent"]
    return {
        "to_dispatch": first("dispatch>"),
        "handler": first("dispatch<") - first("dispatch>"),
        "move": spans("move>", "move<"),
        "fsync": spans("fsync>", "fsync<"),
        "renders": sum(1 for _t, k, _d in rel if k == "render>"),
        "render_ms": spans("render>", "render<"),
        "upd_ms": spans("upd>", "upd<"),
        "first_sent": sent[0] if sent else float("nan"),
        "last_sent": sent[-1] if sent else float("nan"),
        "msgs": len(sent),
        "cpu": cpu,
        "timeline": rel,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--serve", nargs=4, metavar=("KIND", "PORT", "DATA", "TRACE"))
    ap.add_argument("--taps", type=int, default=20)
    ap.add_argument("--only", nargs="*", default=["floor", "smashup", "coup", "ricks"])
    ap.add_argument("--dump", action="store_true", help="print each tap's server timeline")
    args = ap.parse_args()
    if args.serve:
        kind, port, data, trace = args.serve
        serve(kind, int(port), data, Path(trace))
        return
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="trace-tap-"))
    procs: dict[str, tuple[Proc, str, Path]] = {}
    try:
        for name in args.only:
            build, _steps = TARGETS[name]
            data = tmp / name
            data.mkdir()
            gid = build(data) if build else ""
            trace = tmp / f"{name}.trace"
            kind = "floor" if name == "floor" else "app"
            srv = Proc(
                ["-m", "benchmarks.trace_tap", "--serve", kind, "{port}", str(data), str(trace)],
                tmp / f"{name}.log",
            )
            procs[name] = (srv, f"{srv.url}/game/{gid}" if gid else srv.url, trace)
        page_rows: dict[str, list[dict[str, Any]]] = {n: [] for n in args.only}
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM,
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            pages = {}
            for name in args.only:
                page = open_traced(browser, procs[name][1], TARGETS[name][1][0][0])
                pages[name] = page
                settle(page, 1500)
            for _t in range(args.taps):
                for name in args.only:
                    for tap, value in TARGETS[name][1]:
                        r = pages[name].evaluate(_TAP, [tap, value, 10_000])
                        if r:
                            r["step"] = tap
                            page_rows[name].append(r)
                        settle(pages[name], 400)
            browser.close()
        time.sleep(0.5)
    finally:
        for srv, _url, _trace in procs.values():
            srv.stop()
    print(f"load average {os.getloadavg()}, {time.strftime('%Y-%m-%d %H:%M')}, taps {args.taps}")
    print(
        "| target | total | click→event sent | sent→last msg in | last msg→screen "
        "| srv recv→last patch out | loop CPU in it | fdatasync | rest (off CPU) "
        "| handler | patches | renders |"
    )
    print("|---|" + "---:|" * 11)
    for name in args.only:
        rows = page_rows[name]
        taps = server_taps(read_trace(procs[name][2]))
        out_first = [r["out"][0] for r in rows if r["out"]]
        sent_to_in = [r["in"][-1] - r["out"][0] for r in rows if r["in"] and r["out"]]
        browser_share = [r["total"] - r["in"][-1] for r in rows if r["in"]]
        rest = [t["last_sent"] - t["cpu"] - t["fsync"] for t in taps]

        def m(key: str, taps: list[dict[str, Any]] = taps) -> float:
            return med([t[key] for t in taps])

        print(
            f"| {name} | {med([r['total'] for r in rows]):.1f} | {med(out_first):.1f} "
            f"| {med(sent_to_in):.1f} | {med(browser_share):.1f} | {m('last_sent'):.1f} "
            f"| {m('cpu'):.1f} | {m('fsync'):.1f} | {med(rest):.1f} | {m('handler'):.1f} "
            f"| {m('msgs'):.0f} | {m('renders'):.0f} |"
        )
        if args.dump:  # the last taps: page (ms from the click) beside server (from recv)
            for r, t in zip(rows[-4:], taps[-4:], strict=False):
                sent = [ms for ms, k, _d in t["timeline"] if k == "sent"]
                print(
                    f"  {name} {r['step']}: page out {[round(x, 1) for x in r['out']]} "
                    f"in {[round(x, 1) for x in r['in']]} total {r['total']:.1f}; "
                    f"server sent {[round(x, 1) for x in sent]}"
                )
                print(
                    "    "
                    + " ".join(
                        f"{k}{'(' + d[:24] + ')' if d and k != 'enqueue' else ''}@{ms:.1f}"
                        for ms, k, d in t["timeline"]
                        if k in ("render>", "sent", "move<", "dispatch<", "upd>")
                    )
                )


if __name__ == "__main__":
    main()
