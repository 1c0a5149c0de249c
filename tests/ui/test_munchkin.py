"""Real-browser test of the «Манчкин Апокалипсис» board: a 4-player game in Chromium, offline.

Covers the Kill-o-meter («Бой», «Бой с несколькими монстрами», «Зовём на помощь»: monsters win
ties, one-shots, levels for the kill), the level-10 refusal and the «карта так говорит» override
(«Противоречия между правилами и картами»), and running away with entered and app-rolled dice
(«Смываемся»). Values are checked on screen and in the saved store.
"""

from __future__ import annotations

import re
import time

import pytest

from companion.engine.munchkin import escapes
from companion.store import GameStore
from tests.ui.conftest import App

NAMES = ["Аня", "Борис", "Вика", "Гена"]
#: Phone width; tall enough that the whole board fits and little scrolling is needed.
WIDTH, HEIGHT = 390, 3000


@pytest.fixture
def tall(browser, server):
    a = App(browser, server, width=WIDTH, height=HEIGHT)
    yield a
    assert not [u for u in a.blocked if "rive" not in u], f"non-local requests: {a.blocked}"
    a.close()


def stored(server, gid: str, n: int | None = None, timeout: float = 15.0):
    """The saved game as on disk (once it holds ``n`` events, if given)."""
    deadline = time.monotonic() + timeout
    while True:
        game = GameStore(server.data_dir).open(gid).game
        if n is None or len(game.events) == n or time.monotonic() > deadline:
            return game
        time.sleep(0.1)


def in_view(app, ident: str) -> bool:
    loc = app.page.locator(f'[flt-semantics-identifier="{ident}"]')
    if not loc.count():
        return False
    box = loc.first.bounding_box()
    return (
        bool(box)
        and box["height"] > 0
        and box["y"] >= 40
        and box["y"] + box["height"] <= HEIGHT - 20
    )


def reveal(app, ident: str, timeout: float = 15.0) -> None:
    """Scroll the board until ``ident`` is on screen (Flutter keeps semantics only near the
    viewport): from the top, a part of a screen at a time, again until ``timeout``."""
    deadline = time.monotonic() + timeout
    app.page.mouse.move(195, 600)
    while not in_view(app, ident):
        if time.monotonic() > deadline:
            raise AssertionError(f"{ident} is not on the board")
        app.page.mouse.wheel(0, -20_000)
        app.page.wait_for_timeout(150)
        for _ in range(16):
            if in_view(app, ident):
                return
            app.page.mouse.wheel(0, 1200)
            app.page.wait_for_timeout(120)


def see(app, ident: str, text: str) -> None:
    reveal(app, ident)
    app.wait_label(ident, text)


def tap(app, ident: str) -> None:
    """Tap: a click on the tappable semantics node, which Flutter turns into a tap action
    (a pointer-driven click can be dropped while the tree is being rebuilt)."""
    reveal(app, ident)
    target = app.el(ident)
    inner = target.locator("[flt-tappable]")
    (inner.first if inner.count() else target).dispatch_event("click")


def fill(app, ident: str, text: str) -> None:
    """Type into a field, then leave it (a focused field makes Flutter swallow the next tap
    elsewhere while it hands the focus back)."""
    reveal(app, ident)
    app.fill(ident, text)
    app.page.keyboard.press("Tab")


def act(app, ident: str, shows: str, text: str, tries: int = 3) -> None:
    """Tap ``ident`` until ``shows`` says ``text``; a lost tap is retried. A move that arrives
    changes the screen within a fraction of a second, long before the retry (and a repeated
    move the engine refuses changes nothing)."""
    for _ in range(tries - 1):
        tap(app, ident)
        try:
            app.wait_label(shows, text, timeout=2_000)
            return
        except Exception:
            pass
    tap(app, ident)
    see(app, shows, text)


def start_combat(app, name: str, level: int) -> None:
    reveal(app, "monster-name")
    fill(app, "monster-name", name)
    fill(app, "monster-level", str(level))
    act(app, "monster-submit", "total-monsters", str(level))


def test_combat_with_helper_refusals_and_running_away(tall, server):
    app = tall
    gid = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0).id
    app.open(f"/game/{gid}")
    app.el("turn").wait_for()
    see(app, "turn", "Ход 1: Аня")
    see(app, "level-p0", "1")

    # Аня: level 2, gear +2 → strength 4; Борис: gear +1 → strength 2.
    act(app, "level-p0-plus", "level-p0", "2")
    act(app, "gear-p0-plus", "gear-p0", "1")
    act(app, "gear-p0-plus", "gear-p0", "2")
    see(app, "power-p0", "4")
    act(app, "gear-p1-plus", "power-p1", "2")

    # «Бой с несколькими монстрами»: Зомби (3) and Мутант (3, two levels for the kill).
    start_combat(app, "Зомби", 3)
    see(app, "total-monsters", "3")
    see(app, "total-players", "4")
    reveal(app, "add-monster-name")
    fill(app, "add-monster-name", "Мутант")
    fill(app, "add-monster-level", "3")
    act(app, "add-monster-two", "add-monster-two", "(вкл)")
    act(app, "add-monster-submit", "total-monsters", "6")
    see(app, "monster-1", "Мутант 3")

    # «Зовём на помощь»: Борис helps → 6 against 6, a tie: the monsters win.
    act(app, "helper-1", "total-players", "6")
    see(app, "verdict", "при ничьей побеждают монстры")
    act(app, "resolve", "combat-refusal", "при равенстве побеждают монстры")
    see(app, "error", "при равенстве побеждают монстры")
    game = stored(server, gid)
    assert game.state.combat is not None and game.state.combat.helper == 1
    assert game.state.players[0].level == 2

    # A one-shot +2 for the players: 8 against 6, then «Победа»: 1 + 2 levels for Аня only.
    act(app, "bonus-players-2", "total-players", "8")
    see(app, "verdict", "Побеждают манчкины")
    act(app, "resolve", "level-p0", "5")
    see(app, "last-combat", "Аня +3")
    see(app, "power-p0", "7")
    assert app.page.locator('[flt-semantics-identifier="combat"]').count() == 0
    game = stored(server, gid)
    assert game.state.combat is None
    assert [p.level for p in game.state.players] == [5, 1, 1, 1]
    assert game.events[-1].type == "combat.resolve"
    assert any(e.type == "combat.bonus" and e.data["value"] == 2 for e in game.events)

    # Вика types level 10 on the pad: refused, the banner names the rule, nothing saved.
    n = len(game.events)
    act(app, "level-p2", "pad-display", "0")
    app.tap("pad-1")
    app.tap("pad-0")
    app.wait_label("pad-display", "10")
    app.tap("pad-ok")
    see(app, "refusal-p2", "Противоречия между правилами и картами")
    see(app, "error", "Противоречия между правилами и картами")
    see(app, "level-p2", "1")
    game = stored(server, gid)
    assert len(game.events) == n and game.state.players[2].level == 1

    # The turn passes to Борис (after a fight: straight to «От щедрот», then to the left).
    act(app, "next-phase", "current-phase", "От щедрот")
    act(app, "next-phase", "turn", "Ход 2: Борис")

    # «Смываемся» with physical dice: Дракон 5 (escaped), Крыса 2 (caught).
    start_combat(app, "Дракон", 12)
    reveal(app, "add-monster-name")
    fill(app, "add-monster-name", "Крыса")
    fill(app, "add-monster-level", "1")
    act(app, "add-monster-submit", "total-monsters", "13")
    act(app, "flee-die-0-5", "flee-die-0-5", "выбран")
    act(app, "flee-die-1-2", "flee-die-1-2", "выбран")
    act(app, "flee-submit", "last-combat", "Дракон: 5 — смылся; Крыса: 2 — догнал")
    game = stored(server, gid)
    assert game.events[-1].type == "combat.flee"
    assert game.events[-1].data["rolls"] == [5, 2]
    assert game.state.combat is None and game.state.fled

    # Next turn (Вика): the app rolls the die; the result is stored and shown.
    act(app, "next-phase", "current-phase", "От щедрот")
    act(app, "next-phase", "turn", "Ход 3: Вика")
    start_combat(app, "Слизь", 9)
    act(app, "flee-roll", "last-combat", "Вика смывается")
    game = stored(server, gid)
    flee = game.events[-1]
    assert flee.type == "combat.flee" and len(flee.data["rolls"]) == 1
    (roll,) = flee.data["rolls"]
    assert 1 <= roll <= 6
    verdict = "смылся" if escapes([roll])[0] else "догнал"
    see(app, "last-combat", f"Слизь: {roll} — {verdict}")
    assert re.search(rf"Слизь: {roll} — {verdict}", app.label("last-combat"))

    # «Карта так говорит»: with the switch on, level 10 is accepted, logged, and wins the game.
    act(app, "override-p2", "override-p2", "(вкл)")
    act(app, "level-p2", "pad-display", "0")
    app.tap("pad-1")
    app.tap("pad-0")
    app.tap("pad-ok")
    see(app, "level-p2", "10")
    see(app, "winner", "Вика")
    game = stored(server, gid)
    last = game.events[-1]
    assert last.type == "level.set" and last.data == {"player": 2, "value": 10, "override": True}
    assert last.seq in game.state.overrides
    assert game.outcome().winners == (2,)
