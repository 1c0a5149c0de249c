"""A Munchkin fight on a short page, in Chromium (issue 29): at 360×640, 640×360 and 844×390
the player whose turn it is, both sides' totals with the verdict, every monster's «−»/«+»
and the pinned «Победа»/«Смываемся» are on screen with no scroll, each control a whole
48 dp target (play-test at 360×640: the calculator, some 490 px tall, put the monsters and
the players' cards below the fold). The helper and the one-shot cards fold into one line
(``combat-more``) that opens them below itself, nothing above it moving."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from tests.ui.conftest import App, Server, drawn
from tests.ui.phone import assert_above_bar, assert_target, same_place, wheel

NAMES = ["Александра", "Борис", "Вика", "Гоша"]
#: The short pages: a small phone upright (one column), phones on their side (two).
SIZES = [(360, 640), (640, 360), (844, 390)]
#: «Бой», «Зовём на помощь», «Бой с несколькими монстрами»: two monsters (the second with a
#: two-line name), Вика helps, a one-shot card for the munchkins.
FIGHT = (
    ("level.change", {"player": 0, "delta": 4}),
    ("combat.start", {"monster": {"name": "Тявмат", "level": 8}}),
    ("combat.monster.add", {"monster": {"name": "Мутировавший зомби", "level": 6}}),
    ("combat.helper", {"player": 2}),
    ("combat.bonus", {"side": "players", "value": 5, "label": ""}),
)
MONSTERS = tuple(f"monster-{i}-enh-{s}" for i in (0, 1) for s in ("minus", "plus"))
SEEN = ("status-player", "total-players", "total-monsters", "verdict")
TAPPED = (*MONSTERS, "primary-action", "flee")


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


def _resize(app: App, width: int, height: int) -> None:
    app.page.set_viewport_size({"width": width, "height": height})
    app.el(f"layout-{width}x{height}").wait_for(state="attached", timeout=60_000)
    drawn(app.page)


def _fits(app: App, width: int) -> None:
    """Everything of :data:`SEEN` and :data:`TAPPED` in the viewport where it is (a box the
    board's scroll view clips is shorter than 48: :func:`assert_target` fails on it); the
    tapped ones whole 48 dp targets; in one column, the board's above the pinned bar.
    Then the folded line ``combat-more``, a whole target once scrolled to."""
    for ident in (*SEEN, *TAPPED):
        app._settled(ident, 15_000)
    app.assert_in_view(*SEEN, *TAPPED)
    for ident in TAPPED:
        assert_target(app, ident)
    if width < 600:  # one column: the bar under the board
        assert_above_bar(app, *SEEN[1:], *MONSTERS)
    # the folded line: whole where a finger scrolls it (under the monsters at 640×360)
    wheel(app, 120)
    app._settled("combat-more", 15_000)
    assert_target(app, "combat-more")
    wheel(app, -400)


def test_a_two_monster_fight_fits_the_short_pages(browser, server):
    stored = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0)
    for type_, data in FIGHT:
        stored.push(type_, data)
    stored.close()
    app = App(browser, server, *SIZES[0]).open(f"/game/{stored.id}")
    try:
        # level 5, Вика's 1 and the one-shot 5 against 8 + 6
        app.wait_label("total-players", "11")
        app.wait_label("total-monsters", "14")
        for width, height in SIZES:
            _resize(app, width, height)
            _fits(app, width)
            app.shot(f"/tmp/munchkin-fight-{width}x{height}.png")
        # folded: the helper and the one-shots are behind the line, which says them
        assert not app.el("helper-1").count() and not app.el("bonus-monsters-10").count()
        assert "Вика" in app.label("combat-more") and "+5" in app.label("combat-more")
        # opened at 844×390: the rows come below the line, nothing above it moves
        before = {i: app.steady(i) for i in ("combat-more", "monster-1-enh-plus")}
        app.tap("combat-more")
        app.appear("bonus-monsters-10")
        for ident, box in before.items():
            assert same_place(app._settled(ident, 15_000), box), ident
        app.tap("bonus-monsters-10")
        app.wait_label("total-monsters", "24")
        assert "+10" in app.label("combat-more")
        app.shot("/tmp/munchkin-fight-opened-844x390.png")
        app.tap("combat-more")
        app.page.wait_for_function(
            "() => !document.querySelector('[flt-semantics-identifier=\"helper-1\"]')"
        )
        wheel(app, -1000)  # the board from its top again (the taps scrolled to the line)
        _fits(app, SIZES[-1][0])
    finally:
        app.close()
