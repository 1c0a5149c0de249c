"""Tap → value on screen, in Chromium, for every board, beside a bare Flet floor (run by hand:
``python -m benchmarks.bench_tap [--rounds N]``); results go in docs/PERFORMANCE.md.

What is measured, all in one run, interleaved (one sample of each target per round):

* **floor**: a bare Flet counter app (one ``Text``, one ``IconButton``) served the same way
  (``ft.run`` web server, ``no_cdn``, offline, its own process);
* each board at a realistic size: free counters with 3 and 4 players, Smash Up with 4 players
  and 5 bases, Coup in the middle of a challenge, Munchkin in the middle of a combat, Ricks in
  the charge phase — each game written through the store API before its server starts.

One sample: in the page, the tappable node under ``[flt-semantics-identifier=tap]`` is clicked
and ``requestAnimationFrame`` polls the accessibility tree until the label of
``[flt-semantics-identifier=value]`` changes; the time is ``performance.now()`` in the page
(no Playwright round trip inside it). A target is a cycle of such (tap, value) steps that
returns to where it started (e.g. «нет вызова» then «отменить»), so every round is alike.

Then, on a free game of 20 000 events (one server, 4 phones): another phone's tap latency
while one phone has the journal open, the same with the journal closed, the journal's open
time (tap on «Журнал» → newest line on screen), and the host's RSS with 4 phones open.

Report: median, p90 and ratio of the median to the floor's median; beside them the median
time from the click to the last websocket message the page received before the value
changed (the server's answer: event, move, render and patches, plus the loopback; a clock
tick landing in between can stand in for it), so what remains of a sample is the browser
applying the patch, laying out and updating the accessibility tree.

``--no-semantics``: the same taps on pages whose accessibility tree was never switched on — as
on a phone without a screen reader. The label-polling above needs that tree (Flutter web
builds it only when asked, and keeps it up to date in every frame), so here a sample is
timed differently: a finger's pointer events (``pointerType: touch``) are dispatched at the
tap target's centre (found once on a page with the tree, then that page is closed) just after
a clock tick (20–250 ms after the page's last message, or once it has had none for 1.3 s: a
running clock ticks once a second, and a tick inside the window below would stand in for the
answer — a page's taps fell on the same phase of its clock in every round, so a whole run of
one page was off by up to 7 ×, session 8's «free-counter artefact»), the
websocket spy gives the last message of the server's answer (then 150 ms without one), and
a ``requestAnimationFrame`` loop posts a message at the end of each frame: the sample ends
with the first frame that started after that last message — the frame that drew the new
value. The floor is timed the same way. Taps that got no answer count as lost; at the end
each page's tree is switched on and its value read, to check that every tap counted.

``--split-cores``: the servers run on CPU 0 and Chromium (every one of its processes) on
CPU 1, as at a real table, where the host and each phone are separate machines; without it
all of them share every core, and a page's software-rendered frames compete with the servers.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

# -- the floor: a bare Flet counter app -------------------------------------------------------


def floor_main(page: Any) -> None:
    """The floor: one ``Text`` and an ``IconButton`` adding 1 to it (tags ``value``, ``tap``)."""
    import flet as ft

    count = ft.Text("0", size=24)

    def plus(_e: Any) -> None:
        count.value = str(int(count.value or "0") + 1)
        count.update()

    page.add(
        ft.Row(
            [
                ft.Semantics(identifier="value", content=count),
                ft.Semantics(identifier="tap", content=ft.IconButton(ft.Icons.ADD, on_click=plus)),
            ]
        )
    )


def floor_app(port: int) -> None:
    """Serve the floor app (run in a child process: ``--floor PORT``)."""
    import flet as ft

    os.environ["FLET_FORCE_WEB_SERVER"] = "true"
    ft.run(floor_main, view=ft.AppView.WEB_BROWSER, host="127.0.0.1", port=port, no_cdn=True)


# -- servers ------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


#: CPUs the servers may use (``--split-cores`` sets it to the first CPU); ``None``: all.
SERVER_CPUS: set[int] | None = None


def _pin_servers() -> None:  # runs in the child before exec
    if SERVER_CPUS is not None:
        os.sched_setaffinity(0, SERVER_CPUS)


def chromium_on(cpus: set[int], folder: Path) -> str:
    """A launcher that starts Chromium (and so all its children) pinned to ``cpus``."""
    script = folder / "chromium-pinned"
    script.write_text(
        f'#!/bin/sh\nexec taskset -c {",".join(map(str, sorted(cpus)))} {CHROMIUM} "$@"\n'
    )
    script.chmod(0o755)
    return str(script)


class Proc:
    """A server child process (its own session, stopped by its PID)."""

    def __init__(self, args: list[str], log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env["FLET_WEB_NO_CDN"] = "true"
        env["PYTHONPATH"] = str(ROOT)
        self._log = open(log, "wb")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, *[a.replace("{port}", str(self.port)) for a in args]],
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            cwd=ROOT,
            preexec_fn=_pin_servers,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {log.read_text(errors='replace')[-2000:]}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("server did not open its port")

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._log.close()


def companion(data: Path, log: Path) -> Proc:
    # the settle window off: with one board alone a round can come back to its
    # step-changing tap within 0.6 s, and a refused tap is no sample
    return Proc(
        ["-m", "companion", "--port", "{port}", "--data-dir", str(data), "--settle-seconds", "0"],
        log,
    )


# -- game fixtures (written through the store API) -----------------------------------------------


def _free(data: Path, players: int, moves: int = 40) -> str:
    from companion.store import GameStore

    names = ["Аня", "Борис", "Вика", "Гена"][:players]
    g = GameStore(data).create("free", names, first_player=0)
    for i in range(moves):
        if i % 5 == 4:
            g.push("turn.next")
        else:
            g.push("counter.add", {"player": i % players, "counter": "ПО", "delta": 1 + i % 3})
    g.close()
    return g.id


def _smashup(data: Path) -> str:
    from companion.store import GameStore

    names = ["Аня", "Борис", "Вика", "Гена"]
    decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]]
    decks.append(["Зомби", "Плюшевые мишки"])
    g = GameStore(data).create(
        "smashup",
        names,
        first_player=0,
        options={"edition": "bbrr", "madness": False, "draft": False, "factions": decks},
    )
    g.push("base.add", {"base_card": {"name": "Древний храм", "breakpoint": 20, "vp": [4, 2, 1]}})
    for i in range(4):
        card = {"name": f"База {i + 2}", "breakpoint": 15 + i, "vp": [3, 2, 1]}
        g.push("base.add", {"base_card": card})
    g.push("game.start")
    g.close()
    return g.id


def _coup(data: Path) -> str:
    from companion.store import GameStore

    g = GameStore(data).create("coup", ["Аня", "Борис", "Вика", "Гена"], first_player=0)
    for p in range(4):  # a round of income, then Аня claims the Duke: «Кто-то оспаривает?»
        g.push("coup.declare", {"player": p, "action": "income", "target": None})
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.close()
    return g.id


def _munchkin(data: Path) -> str:
    from companion.store import GameStore

    g = GameStore(data).create("munchkin", ["Аня", "Борис", "Вера", "Гоша"], first_player=0)
    for p, lvl in enumerate((3, 2, 4, 2)):
        g.push("level.set", {"player": p, "value": lvl})
    g.push("combat.start", {"monster": {"name": "Зомби", "level": 6}})
    g.push("combat.helper", {"player": 1})
    g.close()
    return g.id


def _ricks(data: Path) -> str:
    from companion.engine.ricks import KRO, MICRO, MINI, PHASE_ACTIONS, RICK_UNIVERSE
    from companion.store import GameStore

    g = GameStore(data).create(
        "ricks",
        ["Аня", "Борис", "Вера"],
        first_player=0,
        options={"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}},
    )
    g.push("round.draw")
    while g.game.state.phase == PHASE_ACTIONS:
        g.push("turn.end")
    g.close()
    return g.id


#: The boards every tap benchmark times (``bench_tap``, ``browser_cpu``, ``trace_tap``,
#: ``profile_tap``): key → (name, fixture builder, taps). The taps are (tap, value) pairs
#: that form a cycle back to where they started, so every round is alike.
BOARDS: dict[str, tuple[str, Callable[[Path], str], list[tuple[str, str]]]] = {
    "free3": ("free, 3 players", lambda d: _free(d, 3), [("val-p0-c0-plus", "val-p0-c0")]),
    "free4": ("free, 4 players", lambda d: _free(d, 4), [("val-p3-c0-plus", "val-p3-c0")]),
    "smashup": (
        "Smash Up, 4 players, 5 bases",
        _smashup,
        [("plays-minion-plus", "plays-minion"), ("undo", "plays-minion")],
    ),
    "coup": (
        "Coup, mid-challenge",
        _coup,
        [("primary-action", "coins-p0"), ("undo", "coins-p0")],  # «Никто» (no challenge)
    ),
    "munchkin": (
        "Munchkin, mid-combat",
        _munchkin,
        [("bonus-players-1", "total-players"), ("undo", "total-players")],  # a +1 card
    ),
    "ricks": (
        "Ricks, charge phase",
        _ricks,
        [("primary-action", "charge-pos"), ("undo", "charge-pos")],  # «Готово»
    ),
}


@dataclass
class Target:
    name: str
    steps: list[tuple[str, str]]  # (tap ident, value ident), a cycle back to the start
    url: str = ""
    page: Any = None
    samples: list[float] = field(default_factory=list)
    misses: int = 0


# label of an element, the node to click inside it
_JS = """
async ([tap, value, timeout]) => {
  const q = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
  const text = e => e ? (e.getAttribute('aria-label') || '') + '|' + e.textContent : null;
  const root = q(tap);
  if (!root) return -1;
  const inner = root.querySelector('[flt-tappable]');
  const node = root.matches('[flt-tappable]') ? root : (inner || root);
  const before = text(q(value));
  const t0 = performance.now();
  node.click();
  while (performance.now() - t0 < timeout) {
    await new Promise(r => requestAnimationFrame(r));
    if (text(q(value)) !== before) {
      const t1 = performance.now();
      const got = (window.__wsIn || []).filter(t => t > t0 && t <= t1);
      return [t1 - t0, got.length ? got[got.length - 1] - t0 : -1];
    }
  }
  return [-2, -1];
}
"""

# every websocket message's arrival time (performance.now()), to split a sample into the
# server's answer (the last message that arrived before the value changed) and the
# browser's work after it
_WS_SPY = """
(() => {
  window.__wsIn = [];
  const Orig = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Orig(...args);
    ws.addEventListener('message', () => {
      window.__wsIn.push(performance.now());
      if (window.__wsIn.length > 500) window.__wsIn.splice(0, 250);
    });
    return ws;
  };
  window.WebSocket.prototype = Orig.prototype;
  Object.assign(window.WebSocket, Orig);
})();
"""


def open_page(
    browser: Any, url: str, ready: str, width: int = 390, height: int = 844, semantics: bool = True
) -> Any:
    """A page of ``url`` (offline: only the local server), ready when ``ready`` is in the
    accessibility tree — or, with ``semantics=False``, with the tree left off, once the app's
    first messages have stopped for half a second (``ready`` unused)."""
    ctx = browser.new_context(viewport={"width": width, "height": height})
    ctx.add_init_script(_WS_SPY)
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
    if not semantics:  # the tree stays off: ready once the first screen's messages stopped
        page.wait_for_function(
            "() => (window.__wsIn || []).length > 0"
            " && performance.now() - window.__wsIn[window.__wsIn.length - 1] > 500"
        )
        return page
    page.locator("flt-semantics-placeholder").dispatch_event("click")
    page.wait_for_selector(f'[flt-semantics-identifier="{ready}"]', state="attached")
    page.mouse.move(-10, -10)
    return page


def note(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def click(page: Any, ident: str) -> None:
    """Click the tappable node of ``ident`` (as a finger would; no pointer left hovering)."""
    root = page.locator(f'[flt-semantics-identifier="{ident}"]').first
    inner = root.locator("[flt-tappable]")
    (inner.first if inner.count() else root).dispatch_event("click")


#: per page: the server's answer (click → first websocket message) of each sample, ms
answers: dict[int, list[float]] = {}


def sample(page: Any, tap: str, value: str, timeout_ms: float = 10_000) -> float:
    total, first = page.evaluate(_JS, [tap, value, timeout_ms])
    if total >= 0 and first >= 0:
        answers.setdefault(id(page), []).append(float(first))
    return float(total)


# a finger's tap at (x, y) on a page without the accessibility tree; see the module docstring
_JS_FRAMES = """
async ([x, y, quiet, timeout]) => {
  const frames = [];
  let running = true;
  const loop = () => {
    if (!running) return;
    const start = performance.now();
    const channel = new MessageChannel();
    channel.port1.onmessage = () => frames.push([start, performance.now()]);
    channel.port2.postMessage(0);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  // A page with a running clock gets a tick a second; one landing within the quiet window
  // below would be taken for the answer. Tap just after a tick (or on a page quiet for
  // longer than a tick's period), so the next tick is ~1 s away.
  const waitFrom = performance.now();
  while (performance.now() - waitFrom < 2500) {
    const ins = window.__wsIn || [];
    const since = performance.now() - (ins.length ? ins[ins.length - 1] : -1e9);
    if ((since >= 20 && since <= 250) || since > 1300) break;
    await new Promise(r => setTimeout(r, 4));
  }
  const target = document.elementFromPoint(x, y);
  const finger = {clientX: x, clientY: y, pointerId: 7, pointerType: 'touch', isPrimary: true,
                  bubbles: true, cancelable: true, composed: true, button: 0};
  const t0 = performance.now();
  target.dispatchEvent(new PointerEvent('pointerdown', {...finger, buttons: 1}));
  target.dispatchEvent(new PointerEvent('pointerup', {...finger, buttons: 0}));
  let last = -1;
  while (performance.now() - t0 < timeout) {
    await new Promise(r => setTimeout(r, 10));
    const got = (window.__wsIn || []).filter(t => t > t0);
    if (got.length) {
      last = got[got.length - 1];
      if (performance.now() - last > quiet) break;
    }
  }
  running = false;
  const drawn = frames.find(([start, end]) => start > last);
  return last < 0 || !drawn ? [-1, -1] : [drawn[1] - t0, last - t0];
}
"""


def centres(page: Any, idents: list[str]) -> dict[str, tuple[float, float]]:
    """The centre (px) of each identified control on a page with the accessibility tree."""
    out = {}
    for ident in idents:
        box = page.locator(f'[flt-semantics-identifier="{ident}"]').first.bounding_box()
        out[ident] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return out


def sample_frames(page: Any, xy: tuple[float, float], timeout_ms: float = 10_000) -> float:
    """One tap on a plain page: ms from the finger to the end of the frame that drew the
    server's answer, or -1 (no answer)."""
    total, last = page.evaluate(_JS_FRAMES, [xy[0], xy[1], 150, timeout_ms])
    if total >= 0:
        answers.setdefault(id(page), []).append(float(last))
    return float(total)


def run_targets_plain(browser: Any, targets: list[Target], rounds: int) -> list[str]:
    """:func:`run_targets` on pages without the accessibility tree; returns each target's
    value as read at the end (the tree switched on), to check the taps counted."""
    where: dict[str, dict[str, tuple[float, float]]] = {}
    for t in targets:
        note(f"opening {t.name}")
        probe = open_page(browser, t.url, t.steps[0][0])
        where[t.name] = centres(probe, [tap for tap, _ in t.steps])
        probe.context.close()
        t.page = open_page(browser, t.url, "", semantics=False)
    for r in range(rounds):
        note(f"round {r + 1}/{rounds}")
        for t in targets:
            for tap, _value in t.steps:
                ms = sample_frames(t.page, where[t.name][tap])
                if ms < 0:
                    t.misses += 1
                else:
                    t.samples.append(ms)
                settle(t.page)
    ends = []
    for t in targets:
        t.page.locator("flt-semantics-placeholder").dispatch_event("click")
        value = t.steps[0][1]
        node = t.page.locator(f'[flt-semantics-identifier="{value}"]').first
        node.wait_for(state="attached")
        label = node.get_attribute("aria-label") or node.text_content() or ""
        ends.append(f"{t.name}: {value} = {label!r}")
    return ends


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def settle(page: Any, ms: int = 150) -> None:
    page.wait_for_timeout(ms)  # let the previous change finish (not a measurement)


def run_targets(browser: Any, targets: list[Target], rounds: int) -> None:
    for t in targets:
        note(f"opening {t.name}")
        t.page = open_page(browser, t.url, t.steps[0][0])
    for r in range(rounds):
        note(f"round {r + 1}/{rounds}")
        for t in targets:
            for tap, value in t.steps:
                ms = sample(t.page, tap, value)
                if ms < 0:
                    t.misses += 1
                else:
                    t.samples.append(ms)
                settle(t.page)


def big_game_server(tmp: Path, size: int) -> tuple[Proc, str]:
    from benchmarks.bench_store import big_game
    from companion.store import GameStore

    data = tmp / "big"
    g = big_game(GameStore(data), size, players=4)
    g.close()
    return companion(data, tmp / "big.log"), g.id


def journal_effect(browser: Any, tmp: Path, size: int, rounds: int) -> dict[str, Any]:
    """Other phones' taps with and without a journal open; journal open time; host RSS."""
    from companion.store import GameStore

    srv, gid = big_game_server(tmp, size)
    out: dict[str, Any] = {}
    try:
        game = f"{srv.url}/game/{gid}"
        note(f"big game ({size} events): 4 phones")
        phones = [open_page(browser, game, "val-p0-c0-plus") for _ in range(4)]
        settle(phones[0], 2000)
        out["rss_4_phones_mb"] = srv.rss_mb()
        reader, players = phones[0], phones[1:]
        closed: list[float] = []
        for k in range(rounds):
            p = players[k % 3]
            closed.append(sample(p, f"val-p{k % 3}-c0-plus", f"val-p{k % 3}-c0"))
            settle(p)
        note("journal open times")
        opens = []
        newest = len(GameStore(tmp / "big").open(gid, readonly=True).game.events)
        for _ in range(3):
            t0 = time.perf_counter()
            click(reader, "open-log")
            reader.wait_for_selector(f'[flt-semantics-identifier="log-{newest}"]', state="attached")
            opens.append((time.perf_counter() - t0) * 1000)
            click(reader, "back-to-game")
            reader.wait_for_selector('[flt-semantics-identifier="open-log"]', state="attached")
        click(reader, "open-log")
        reader.wait_for_selector('[flt-semantics-identifier="log-title"]', state="attached")
        note("taps with the journal open")
        opened: list[float] = []
        for k in range(rounds):
            p = players[k % 3]
            opened.append(sample(p, f"val-p{k % 3}-c0-plus", f"val-p{k % 3}-c0"))
            settle(p)
        out["journal_open_ms"] = opens
        out["tap_journal_closed"] = [x for x in closed if x >= 0]
        out["tap_journal_open"] = [x for x in opened if x >= 0]
        out["rss_after_mb"] = srv.rss_mb()
        for p in phones:
            p.context.close()
    finally:
        srv.stop()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--floor", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--rounds", type=int, default=30)
    ap.add_argument("--size", type=int, default=20_000, help="events of the big game")
    ap.add_argument("--skip-journal", action="store_true")
    ap.add_argument("--journal-only", action="store_true", help="only the 20 000-event game")
    ap.add_argument(
        "--split-cores", action="store_true", help="servers on CPU 0, Chromium on CPU 1"
    )
    ap.add_argument(
        "--no-semantics", action="store_true", help="pages without the accessibility tree"
    )
    ap.add_argument(
        "--only", nargs="+", choices=sorted(BOARDS), help="these boards (and the floor) only"
    )
    args = ap.parse_args()
    if args.floor:
        floor_app(args.floor)
        return
    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="bench-tap-"))
    chromium = CHROMIUM
    if args.split_cores:
        global SERVER_CPUS
        first, *rest = sorted(os.sched_getaffinity(0))
        SERVER_CPUS = {first}
        chromium = chromium_on(set(rest) or {first}, tmp)
    procs: list[Proc] = []
    targets: list[Target] = []
    try:
        floor = Proc(["-m", "benchmarks.bench_tap", "--floor", "{port}"], tmp / "floor.log")
        procs.append(floor)
        targets.append(Target("floor (bare Flet counter)", [("tap", "value")], floor.url))
        for i, (key, (name, build, steps)) in enumerate(BOARDS.items()):
            if args.only and key not in args.only:
                continue
            data = tmp / f"board{i}"
            gid = build(data)
            srv = companion(data, tmp / f"board{i}.log")
            procs.append(srv)
            targets.append(Target(name, steps, f"{srv.url}/game/{gid}"))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=chromium,
                headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            ends: list[str] = []
            if args.no_semantics:
                ends = run_targets_plain(browser, targets, args.rounds)
            elif not args.journal_only:
                run_targets(browser, targets, args.rounds)
            journal = (
                None if args.skip_journal else journal_effect(browser, tmp, args.size, args.rounds)
            )
            browser.close()
    finally:
        for p in procs:
            p.stop()

    print(
        f"machine: {platform.node()} {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; load average {os.getloadavg()[0]:.1f}"
    )
    cores = "servers on CPU 0, Chromium on the others" if args.split_cores else "shared"
    tree = "off (finger → frame drawn)" if args.no_semantics else "on (tap → label changed)"
    print(
        f"date: {time.strftime('%Y-%m-%d %H:%M')}; rounds: {args.rounds}; cores: {cores}; "
        f"accessibility tree: {tree}\n"
    )
    for line in ends:
        print(f"- at the end: {line}")
    base = statistics.median(targets[0].samples or [float("nan")])
    print(
        "| target | taps | median ms | p90 ms | × floor (median) | lost taps "
        "| server answer median ms |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for t in targets if not args.journal_only else []:
        if not t.samples:
            print(f"| {t.name} | 0 | – | – | – | {t.misses} |")
            continue
        med = statistics.median(t.samples)
        got = answers.get(id(t.page)) or [float("nan")]
        print(
            f"| {t.name} | {len(t.samples)} | {med:.0f} | {pct(t.samples, 90):.0f} "
            f"| {med / base:.2f} | {t.misses} | {statistics.median(got):.0f} |"
        )
    if journal:
        c, o = journal["tap_journal_closed"], journal["tap_journal_open"]
        print(f"\nfree game of {args.size} events, 4 phones:")
        print(
            f"- other phones' taps, journal closed: median {statistics.median(c):.0f} ms, "
            f"p90 {pct(c, 90):.0f} ms ({len(c)} taps)"
        )
        print(
            f"- other phones' taps, journal open on one phone: median "
            f"{statistics.median(o):.0f} ms, p90 {pct(o, 90):.0f} ms ({len(o)} taps)"
        )
        print(
            "- journal open (tap «Журнал» → newest line on screen): "
            + ", ".join(f"{x:.0f}" for x in journal["journal_open_ms"])
            + " ms"
        )
        print(
            f"- host RSS: {journal['rss_4_phones_mb']:.0f} MB with 4 phones on the game, "
            f"{journal['rss_after_mb']:.0f} MB after the runs"
        )


if __name__ == "__main__":
    main()
