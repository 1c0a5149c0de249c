"""Every board at phone sizes either way up, in Chromium (issue 29, «Targets»).

For each board in a busy moment (a Coup challenge with six players, a Munchkin fight, the
Ricks charge phase, Smash Up with four bases, free counters with six players) and each size:

* the active player, the phase and the primary action are on screen without a scroll;
* every tappable control drawn on screen is at least 48×48 dp and whole (not cut at the
  screen's left or right edge, as Munchkin's cards were at 844×390).

And a phone turned mid-game keeps the game and what was open: a Munchkin fight, a Coup
challenge, an open form dialog. Nothing under a finger moves (±2 px) after a tap, a refusal
or a notice.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.store import GameStore
from tests.ui.conftest import App, Server
from tests.ui.test_touch_targets import MIN, NODES_JS

NAMES = ["Аня", "Борис", "Вика", "Гоша"]
NAMES6 = [*NAMES, "Даша", "Егор"]
#: The sizes walked (CSS px): the issue's seven (phones either way up, a tablet, a laptop).
SIZES = [(390, 844), (844, 390), (360, 640), (640, 360), (412, 915), (768, 1024), (1280, 800)]


def _base(name: str, breakpoint: int, vp: tuple[int, int, int]) -> dict[str, Any]:
    return {"name": name, "breakpoint": breakpoint, "vp": list(vp)}


def make_games(data: Path) -> dict[str, str]:
    """One saved game per board, in a moment that fills the screen (store API)."""
    store = GameStore(data)
    ids: dict[str, str] = {}

    def create(key: str, game: str, names: list[str], moves=(), **options: Any) -> None:
        g = store.create(game, names, first_player=0, options=options or None)
        for type_, data_ in moves:
            g.push(type_, data_)
        g.close()
        ids[key] = g.id

    create(
        "coup-challenge",
        "coup",
        NAMES6,
        [("coup.declare", {"player": 0, "action": "tax", "target": None})],
    )
    create(
        "munchkin-fight",
        "munchkin",
        NAMES,
        [
            ("combat.start", {"monster": {"name": "Тявмат", "level": 8}}),
            ("combat.monster.add", {"monster": {"name": "Мутировавший зомби", "level": 6}}),
            ("combat.helper", {"player": 2}),
        ],
    )
    ricks: list[tuple[str, dict[str, Any]]] = [("round.draw", {})]
    for p in range(4):
        ricks += [
            ("card.play", {"kind": "source", "build_cost": 1, "production": 2 + p}),
            ("card.play", {"kind": "invention", "build_cost": 1, "cost": 2, "vp": 1 + p % 2}),
            ("turn.end", {}),
        ]
    actions = {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3, "Кроховселенная": 5}
    create("ricks-charge", "ricks", NAMES, ricks, actions=actions)
    bases = [
        _base("Древний храм", 20, (4, 2, 1)),
        _base("Волшебный лес", 18, (3, 2, 1)),
        _base("Пиратская бухта", 17, (3, 1, 1)),
        _base("Рок-фестиваль", 22, (5, 3, 2)),
    ]
    create(
        "smashup",
        "smashup",
        NAMES[:3],
        [
            *[("base.add", {"base_card": b}) for b in bases],
            ("game.start", {}),
            ("phase.next", {}),
            ("base.adjust", {"base": 1, "player": 0, "power": 12, "minions": 2}),
        ],
        factions=[["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]],
    )
    create(  # Аня's tax challenged and shown: Борис picks the card he loses
        "coup-lose",
        "coup",
        NAMES6,
        [
            ("coup.declare", {"player": 0, "action": "tax", "target": None}),
            ("coup.challenge", {"challenger": 1}),
            ("coup.challenge_result", {"proven": True}),
        ],
    )
    create(
        "free-6",
        "free",
        NAMES6,
        counters=[{"name": "ПО", "step": 1, "start": 0}, {"name": "монеты", "step": 1, "start": 3}],
    )
    return ids


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Iterator[tuple[Server, dict[str, str]]]:
    data = tmp_path_factory.mktemp("sizes") / "data"
    ids = make_games(data)
    srv = Server(data)
    yield srv, ids
    srv.stop()


def _problems(app: App) -> list[str]:
    """Tappable nodes drawn on screen that are under 48×48 or cut at a side edge. A node the
    scrolling body cuts at its lower edge (the pinned action bar's top, or the screen's bottom
    in two columns) is whole once scrolled: its size is not judged here."""
    size = app.page.viewport_size
    bar = app.box("action-bar")
    edges = (bar["y"], size["height"])
    out = []
    for n in app.page.evaluate(NODES_JS):
        on_screen = n["y"] < size["height"] and n["y"] + n["h"] > 0 and n["w"] > 0
        if not on_screen or n["role"] == "textbox":
            continue
        # cut by a scrolling column's lower edge (the frame keeps some padding under it)
        scrolled = any(e - 30 <= n["y"] + n["h"] <= e + 1.5 for e in edges)
        if (n["w"] < MIN or n["h"] < MIN) and not scrolled:
            out.append(
                f"small {n['w']:.0f}×{n['h']:.0f} at y={n['y']:.0f}: {n['id']} «{n['label']}»"
            )
        if n["x"] < -0.5 or n["x"] + n["w"] > size["width"] + 0.5:
            out.append(f"cut at x={n['x']:.0f} w={n['w']:.0f}: {n['id']} «{n['label']}»")
    return out


BOARDS = ["coup-challenge", "munchkin-fight", "ricks-charge", "smashup", "free-6"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("board", BOARDS)
def test_the_turn_is_in_view_and_every_control_whole(browser, table, board, size):
    srv, ids = table
    app = App(browser, srv, *size).open(f"/game/{ids[board]}")
    try:
        app.appear("status-player")
        app.steady("primary-action")
        app.page.wait_for_timeout(300)  # the board drawn around them
        app.assert_in_view("status-player", "status-phase", "primary-action")
        problems = _problems(app)
        if problems:
            shot = Path(f"/tmp/sizes-{board}-{size[0]}x{size[1]}.png")
            app.page.screenshot(path=str(shot))
            problems.append(f"screenshot: {shot}")
        assert not problems, f"{board} at {size}:\n" + "\n".join(problems)
    finally:
        app.close()


@pytest.mark.parametrize(
    ("board", "kept"),
    [("munchkin-fight", "monster-1"), ("coup-challenge", "primary-action")],
)
def test_a_phone_turned_mid_game_keeps_the_game_and_what_is_open(browser, table, board, kept):
    """Upright, then on its side, then upright again: the same game, the fight (its second
    monster) or the challenge step (its «Никто» answer) still there, the turn in view."""
    srv, ids = table
    app = App(browser, srv, 390, 844).open(f"/game/{ids[board]}")
    try:
        app.appear(kept)
        before = app.label(kept)
        phase = app.label("status-phase")
        for w, h in ((844, 390), (390, 844)):
            app.page.set_viewport_size({"width": w, "height": h})
            app.page.wait_for_function("w => window.innerWidth === w", arg=w, timeout=10_000)
            app.steady("primary-action")
            app.steady("status-phase")
            app.appear(kept)
            assert app.label(kept) == before, (w, h)
            assert app.label("status-phase") == phase, (w, h)
            app.assert_in_view("status-player", "status-phase", "primary-action")
        assert ids[board] in app.page.url
    finally:
        app.close()


#: The tappable nodes' rects once two reads 300 ms apart agree, keyed by identifier, role and
#: rank among the nodes sharing both (labels change with the numbers; places must not).
RECTS_JS = (
    "() => { const seen = {}; return (" + NODES_JS + ")().map(n => { const k = n.id + '|' + n.role;"
    " seen[k] = (seen[k] || 0) + 1; return [k + '|' + seen[k], n]; }); }"
)
#: Overlays that come and go by design (the message banners drawn over the board).
OVERLAYS = ("error", "notice")


def _steady_rects(app: App) -> dict[str, dict[str, float]]:
    """Every tappable node drawn on screen (see :data:`RECTS_JS`), once the screen is steady."""
    last: dict[str, dict[str, float]] | None = None
    for _ in range(40):
        now = {k: n for k, n in app.page.evaluate(RECTS_JS) if n["w"] > 0}
        if now == last:
            return now
        last = now
        app.page.wait_for_timeout(300)
    raise AssertionError("the screen never stopped moving")


def _moved(before: dict, after: dict) -> list[str]:
    """The controls present before and after whose rect changed by more than 2 px."""
    return [
        f"{k}: {[round(b[c]) for c in 'xywh']} → {[round(after[k][c]) for c in 'xywh']}"
        for k, b in before.items()
        if k in after
        and k.split("|")[0] not in OVERLAYS
        and any(abs(b[c] - after[k][c]) > 2 for c in "xywh")
    ]


STILL_SIZES = [(390, 844), (844, 390)]


@pytest.mark.parametrize("size", STILL_SIZES, ids=[f"{w}x{h}" for w, h in STILL_SIZES])
def test_nothing_moves_after_a_tap_a_notice_or_a_refusal(browser, table, size):
    """Free counters with six players, then Coup's lost influence: the same controls' rects
    before and after a tap on a counter's «+», after undo's notice («Отменено: …») and after
    a refusal (the dimmed «Карта?») are the same to 2 px, and each control is still there."""
    srv, ids = table
    app = App(browser, srv, *size).open(f"/game/{ids['free-6']}")
    try:
        app.steady("primary-action")
        app.steady("val-p0-c0-plus")
        start = app.label("val-p0-c0")
        before = _steady_rects(app)
        app.el("val-p0-c0-plus").click()  # where it is: a finger does not scroll first
        app.page.wait_for_function(
            '([id, t]) => !(document.querySelector(`[flt-semantics-identifier="${id}"]`)'
            "?.getAttribute('aria-label') || '').includes(t)",
            arg=["val-p0-c0", start],
        )
        after_tap = _steady_rects(app)
        assert set(before) <= set(after_tap), set(before) - set(after_tap)
        assert not _moved(before, after_tap), "after a tap:\n" + "\n".join(
            _moved(before, after_tap)
        )
        app.el("undo").click()
        app.appear("notice")
        after_notice = _steady_rects(app)
        assert not _moved(before, after_notice), "after a notice:\n" + "\n".join(
            _moved(before, after_notice)
        )
    finally:
        app.close()
    app = App(browser, srv, *size).open(f"/game/{ids['coup-lose']}")
    try:
        app.steady("primary-action")
        app.appear("lose-duke")
        before = _steady_rects(app)
        app.el("primary-action").click()
        app.appear("error")
        after = _steady_rects(app)
        assert not _moved(before, after), "after a refusal:\n" + "\n".join(_moved(before, after))
    finally:
        app.close()


@pytest.mark.parametrize(
    ("board", "opener", "field"),
    [("munchkin-fight", "add-monster", "add-monster-name")],
)
def test_a_phone_turned_keeps_an_open_form_dialog(browser, table, board, opener, field):
    """A form dialog open (Munchkin's «Ещё монстр» with a name typed), the phone turned on its
    side and back: the dialog is still open, with what was typed."""
    srv, ids = table
    app = App(browser, srv, 390, 844).open(f"/game/{ids[board]}")
    try:
        app.tap(opener)
        app.appear(field)
        app.fill(field, "Слизень")
        for w, h in ((844, 390), (390, 844)):
            app.page.set_viewport_size({"width": w, "height": h})
            app.page.wait_for_function("w => window.innerWidth === w", arg=w, timeout=10_000)
            app.page.wait_for_timeout(1000)  # a dialog closed by the turn would be gone by now
            app.appear(field)
            app.page.wait_for_function(
                'id => [...document.querySelectorAll(`[flt-semantics-identifier="${id}"] input`)]'
                ".some(e => e.value === 'Слизень')",
                arg=field,
                timeout=10_000,
            )
    finally:
        app.close()
