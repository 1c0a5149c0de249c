"""Screenshots of every board, as a player sees them, into ``docs/screenshots/``.

Every game is created through the store API at a realistic size (4 players, a game well
under way; one finished game), the app is started on a scratch data directory, and Chromium
(Debian's, through Playwright) opens each game at 390×844 (phone) and 1280×800 (laptop).

    .venv/bin/python scripts/screenshots.py            # all games
    .venv/bin/python scripts/screenshots.py free coup  # some of them

Files: ``docs/screenshots/<name>-<width>x<height>.png``. Open them and look.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.store import GameStore, StoredGame  # noqa: E402
from tests.ui.conftest import CHROMIUM, App, Server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = [(390, 844), (1280, 800)]
PLAYERS = ["Аня", "Борис", "Вика", "Гоша"]


class Clock:
    """A clock that moves on by ``step`` seconds every time it is read: realistic turn times."""

    def __init__(self, start: float, step: float = 37.0) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def push_all(stored: StoredGame, moves: list[tuple[str, dict[str, Any]]]) -> None:
    for type_, data in moves:
        stored.push(type_, data)


def free_game(store: GameStore) -> StoredGame:
    """«Свободный счёт», 4 players × 2 counters, round 3."""
    g = store.create(
        "free",
        PLAYERS,
        first_player=0,
        options={
            "counters": [
                {"name": "ПО", "step": 1, "start": 0},
                {"name": "монеты", "step": 1, "start": 3},
            ],
            "target": {"counter": "ПО", "value": 30},
        },
    )
    for r in range(2):
        for p in range(4):
            push_all(
                g,
                [
                    ("counter.add", {"player": p, "counter": "ПО", "delta": 2 + (p * 3 + r) % 5}),
                    ("counter.add", {"player": p, "counter": "монеты", "delta": 1 + (p + r) % 3}),
                    ("turn.next", {}),
                ],
            )
    return g


def free_six(store: GameStore) -> StoredGame:
    """«Свободный счёт» at its densest on a phone: 6 players × 2 counters."""
    g = store.create(
        "free",
        [*PLAYERS, "Даша", "Егор"],
        first_player=3,
        options={
            "counters": [
                {"name": "ПО", "step": 1, "start": 0},
                {"name": "монеты", "step": 5, "start": 100},
            ]
        },
    )
    for p in range(6):
        push_all(g, [("counter.add", {"player": p, "counter": "ПО", "delta": 3 + p * 7})])
    return g


def free_finished(store: GameStore) -> StoredGame:
    """A finished «Свободный счёт»: the result view must come first."""
    g = free_game(store)
    push_all(g, [("counter.add", {"player": 2, "counter": "ПО", "delta": 9}), ("game.end", {})])
    return g


#: name → how to make the game
GAMES: dict[str, Callable[[GameStore], StoredGame]] = {
    "free": free_game,
    "free-6": free_six,
    "free-finished": free_finished,
}


def settled_shot(app: App, tries: int = 30) -> bytes:
    """A screenshot once the canvas has settled: two shots a second apart are the same (a
    busy machine may still show Flet's animated «Working...» after the tree is there)."""
    last = b""
    for _ in range(tries):
        app.page.wait_for_timeout(1000)
        shot = app.page.screenshot()
        if shot == last:
            return shot
        last = shot
    return last


def main(argv: list[str]) -> int:
    wanted = [a for a in argv if not a.startswith("-")] or list(GAMES)
    OUT.mkdir(parents=True, exist_ok=True)
    keep = "--keep" in argv  # keep the scratch data directory and the server log
    tmp = tempfile.mkdtemp(prefix="screenshots-")
    try:
        data = Path(tmp) / "data"
        ids = {}
        for name in wanted:
            store = GameStore(data, clock=Clock(time.time() - 15 * 60, step=30.0))
            ids[name] = GAMES[name](store).id
        server = Server(data)
        if keep:
            print("server log:", server.log)
        try:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM, headless=True, args=["--no-sandbox"]
                )
                for name, gid in ids.items():
                    for w, h in SIZES:  # (a game's clock runs on from its last move)
                        app = App(browser, server, width=w, height=h)
                        app.open(f"/game/{gid}")
                        app.el("status-player").wait_for()
                        path = OUT / f"{name}-{w}x{h}.png"
                        path.write_bytes(settled_shot(app))
                        print(path.relative_to(ROOT))
                        app.close()
                browser.close()
        finally:
            server.stop()
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
