"""Screenshots of every board, as a player sees them, into ``docs/screenshots/``.

Every game is created through the store API at a realistic size (4 players, a game well
under way; one finished game), the app is started on a scratch data directory, and Chromium
(Debian's, through Playwright) opens each game at 390×844 (phone), 844×390 (the phone on its
side) and 1280×800 (laptop); Замес with its last base open.

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

from companion.errors import RuleViolation  # noqa: E402
from companion.store import GameStore, StoredGame  # noqa: E402
from tests.ui.conftest import CHROMIUM, App, Server  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = [(390, 844), (844, 390), (1280, 800)]
if "--phone" in sys.argv:
    SIZES = SIZES[:2]
for _arg in sys.argv:  # --size=WxH: that size alone
    if _arg.startswith("--size="):
        SIZES = [tuple(int(n) for n in _arg.split("=", 1)[1].split("x"))]  # type: ignore[misc]
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
    """Push every move; a refused one is reported (the picture would not be what it says)."""
    for type_, data in moves:
        try:
            stored.push(type_, data)
        except RuleViolation as exc:
            print(f"  {stored.game.setup.game}: {type_} {data} refused: {exc}", file=sys.stderr)


def base(name: str, breakpoint: int, vp: tuple[int, int, int]) -> dict[str, Any]:
    return {"name": name, "breakpoint": breakpoint, "vp": list(vp)}


def smashup_game(store: GameStore) -> StoredGame:
    """«Замес», 4 players, factions chosen, 5 bases, a few turns played."""
    decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]]
    decks.append(["Мишки", "Зомби"])
    g = store.create(
        "smashup",
        PLAYERS,
        first_player=0,
        options={"edition": "bbrr", "factions": decks},
    )
    bases = [
        base("Древний храм", 20, (4, 2, 1)),
        base("Волшебный лес", 18, (3, 2, 1)),
        base("Пиратская бухта", 17, (3, 1, 1)),
        base("Рок-фестиваль", 22, (5, 3, 2)),
        base("Бабушкин сад", 16, (3, 2, 0)),
    ]
    push_all(g, [("base.add", {"base_card": b}) for b in bases] + [("game.start", {})])
    moves: list[tuple[str, dict[str, Any]]] = []
    for turn in range(5):
        p = turn % 4
        moves += [
            ("phase.next", {}),  # «Начало хода» → «Играй карты»
            ("play.record", {"kind": "minion"}),
            ("base.adjust", {"base": turn % 5, "player": p, "power": 3 + turn, "minions": 1}),
            ("play.record", {"kind": "action"}),
            ("vp.adjust", {"player": p, "delta": 1 + turn % 3}),
            ("phase.next", {}),
            ("phase.next", {}),
            ("phase.next", {}),
            ("phase.next", {}),
        ]
    moves += [("phase.next", {}), ("play.record", {"kind": "minion"})]  # mid-turn
    push_all(g, moves)
    return g


def coup_game(store: GameStore) -> StoredGame:
    """«Переворот», 4 players, a few actions, one challenge lost."""
    g = store.create("coup", PLAYERS, first_player=0)
    push_all(
        g,
        [
            ("coup.declare", {"player": 0, "action": "income", "target": None}),
            ("coup.declare", {"player": 1, "action": "tax", "target": None}),
            ("coup.no_challenge", {}),
            ("coup.declare", {"player": 2, "action": "foreign_aid", "target": None}),
            ("coup.no_block", {}),
            ("coup.declare", {"player": 3, "action": "income", "target": None}),
            ("coup.declare", {"player": 0, "action": "tax", "target": None}),
            ("coup.no_challenge", {}),
        ],
    )
    return g


def munchkin_table(store: GameStore, first_player: int) -> tuple[StoredGame, list]:
    """A «Манчкин Апокалипсис» game of 4 with levels and gear set; the moves are returned
    for the caller to extend (and push)."""
    g = store.create("munchkin", PLAYERS, first_player=first_player)
    moves: list[tuple[str, dict[str, Any]]] = []
    for p, (lvl, gear) in enumerate([(4, 6), (3, 2), (5, 4), (2, 7)]):
        moves += [
            ("level.set", {"player": p, "value": lvl}),
            ("gear.set", {"player": p, "value": gear}),
        ]
    return g, moves


def munchkin_game(store: GameStore) -> StoredGame:
    """«Манчкин Апокалипсис», 4 players, levels and gear, a fight under way."""
    g, moves = munchkin_table(store, first_player=0)
    moves += [
        ("player.class", {"player": 0, "value": "Псих"}),
        ("seal.break", {}),
        ("combat.start", {"monster": {"name": "Мутировавший зомби", "level": 8}}),
        ("combat.helper", {"player": 2}),
    ]
    push_all(g, moves)
    return g


def ricks_game(store: GameStore) -> StoredGame:
    """«Рик и Морти», 4 players, cards on the table, in the charge phase with a time limit."""
    g = store.create(
        "ricks",
        PLAYERS,
        first_player=0,
        options={
            "actions": {
                "Риковселенная": 1,
                "Микровселенная": 2,
                "Мини-вселенная": 3,
                "Кроховселенная": 5,
            },
            "charge_limit": 90,
        },
    )
    moves: list[tuple[str, dict[str, Any]]] = [("round.draw", {})]
    for p in range(4):
        moves += [
            ("card.play", {"kind": "source", "build_cost": 1, "production": 2 + p}),
            ("card.play", {"kind": "invention", "build_cost": 1, "cost": 2, "vp": 1 + p % 2}),
            ("turn.end", {}),
        ]
    moves += [("charge.done", {})]
    push_all(g, moves)
    return g


def munchkin_turn(store: GameStore) -> StoredGame:
    """«Манчкин Апокалипсис» out of combat: a fight just won, its summary in the top line."""
    g, moves = munchkin_table(store, first_player=1)
    moves += [
        ("player.class", {"player": 1, "value": "Кибер"}),
        ("combat.start", {"monster": {"name": "Зомби-бухгалтер", "level": 4, "treasures": 2}}),
        ("combat.bonus", {"side": "players", "value": 3, "label": ""}),
        ("combat.resolve", {}),
    ]
    push_all(g, moves)
    return g


def ricks_actions(store: GameStore) -> StoredGame:
    """«Рик и Морти», 4 players, the action phase: Борис's turn after Аня played two cards."""
    g = store.create(
        "ricks",
        PLAYERS,
        first_player=0,
        options={"actions": {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3}},
    )
    push_all(
        g,
        [
            ("round.draw", {}),
            ("card.play", {"kind": "source", "build_cost": 1, "production": 2, "name": "Батарея"}),
            ("card.play", {"kind": "invention", "build_cost": 2, "cost": 2, "vp": 3}),
            ("vp.add", {"player": 2, "delta": 7, "note": "карта"}),
            ("turn.end", {}),
        ],
    )
    return g


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
def coup_challenge(store: GameStore) -> StoredGame:
    """Six players, Аня's steal from Вика declared: who challenges (the busiest step of Coup;
    the question names the target)."""
    names = ["Аня", "Борис", "Вика", "Гоша", "Даша", "Егор"]
    g = store.create("coup", names, first_player=0)
    push_all(g, [("coup.declare", {"player": 0, "action": "steal", "target": 2})])
    return g


def coup_result(store: GameStore) -> StoredGame:
    """Six players played to the end: each takes income, and coups the next one alive once
    they have 7 coins (the result: the winner, the reason, «Вика 0» on one line)."""
    from companion.engine.coup import awaiting, legal_events

    names = ["Аня", "Борис", "Вика", "Гоша", "Даша", "Егор"]
    g = store.create("coup", names, first_player=0)
    while awaiting(g.game.state) != "over":
        st = g.game.state
        if awaiting(st) != "action":
            g.push(*legal_events(st)[0])
            continue
        who = st.current
        alive = [i for i in range(len(names)) if i != who and st.influence[i] > 0]
        if st.coins[who] >= 7:
            target = alive[-1] if who != len(names) - 1 else alive[0]
            g.push("coup.declare", {"player": who, "action": "coup", "target": target})
        else:
            g.push("coup.declare", {"player": who, "action": "income", "target": None})
    return g


GAMES: dict[str, Callable[[GameStore], StoredGame]] = {
    "free": free_game,
    "free-6": free_six,
    "free-finished": free_finished,
    "smashup": smashup_game,
    "coup": coup_game,
    "coup-6-challenge": coup_challenge,
    "coup-result": coup_result,
    "munchkin": munchkin_game,
    "munchkin-turn": munchkin_turn,
    "ricks": ricks_game,
    "ricks-actions": ricks_actions,
}


#: name → controls tapped (in order) before the shot: a moment a player looks at.
TAPS: dict[str, list[str]] = {"smashup": ["base-4-open"]}


#: A PNG smaller than this is a blank page or Flet's loading/reconnect overlay, not a screen.
MIN_PNG = 15_000


#: Tags of the texts that change every second: the status line's turn clock and the Ricks
#: charge-phase timers. The status line's «всего» under the turn clock has no tag of its own:
#: the clock's column is masked down to the status line's second line.
TICKING = ("clock", "timer-step", "timer-universe", "timer-phase", "timer-turn")
MASK_ID = "screenshot-clock-mask"


def clock_masks(app: App) -> list[Any]:
    """Locators over every ticking text, for ``page.screenshot(mask=…)``: the tagged clocks,
    and a transparent box (added to the page, ``pointer-events: none``) over the clock's
    column from the turn clock down to the bottom of the status line's second line."""
    app.page.evaluate(
        """([maskId, below]) => {
            document.getElementById(maskId)?.remove();
            const at = id => document.querySelector(`[flt-semantics-identifier="${id}"]`)
                ?.getBoundingClientRect();
            const clock = at("clock");
            if (!clock) return;
            const bottom = Math.max(clock.bottom + clock.height,
                ...below.map(at).filter(r => r).map(r => r.bottom));
            const m = document.createElement("div");
            m.id = maskId;
            Object.assign(m.style, {position: "fixed", pointerEvents: "none",
                left: `${clock.left}px`, top: `${clock.top}px`, width: `${clock.width}px`,
                height: `${bottom - clock.top}px`});
            document.body.appendChild(m);
        }""",
        [MASK_ID, ["status-phase", "status-note"]],
    )
    tagged = [app.page.locator(f'[flt-semantics-identifier="{t}"]') for t in TICKING]
    return [app.page.locator(f"#{MASK_ID}"), *tagged]


def settled_shot(app: App, tries: int = 40) -> bytes:
    """A screenshot once the canvas has settled: two shots a second apart, ticking clocks
    masked (:func:`clock_masks`), are the same and neither is a blank page; then the shot
    itself, unmasked. Gives up after ``tries`` seconds. On a loaded machine the canvas can be
    white, or show the «Связь с ведущим устройством…» overlay, for many seconds after the
    tree is complete."""
    last = b""
    for _ in range(tries):
        app.page.wait_for_timeout(1000)
        masked = app.page.screenshot(mask=clock_masks(app))
        if masked == last and len(masked) >= MIN_PNG:
            app.page.evaluate(f"() => document.getElementById('{MASK_ID}')?.remove()")
            return app.page.screenshot()
        last = masked
    raise RuntimeError("the screen never settled on something drawn (see the server log)")


def main(argv: list[str]) -> int:
    wanted = [a for a in argv if not a.startswith("-")] or list(GAMES)
    OUT.mkdir(parents=True, exist_ok=True)
    failed: list[str] = []
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
                        print(f"{name} {w}x{h} ...", flush=True)
                        app = App(browser, server, width=w, height=h)
                        app.open(f"/game/{gid}")
                        app.el("status-player").wait_for()
                        for ident in TAPS.get(name, []):
                            app.tap(ident)
                        path = OUT / f"{name}-{w}x{h}.png"
                        try:
                            path.write_bytes(settled_shot(app))
                        except RuntimeError as exc:  # report it and go on with the others
                            failed.append(f"{path.name}: {exc}")
                            app.close()
                            continue
                        print(path.relative_to(ROOT), flush=True)
                        app.close()
                browser.close()
        finally:
            server.stop()
    finally:
        if not keep:
            shutil.rmtree(tmp, ignore_errors=True)
    for line in failed:
        print("NOT DRAWN:", line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
