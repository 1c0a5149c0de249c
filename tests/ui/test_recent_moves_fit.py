"""«Последние ходы» in the side column of a finished game, in Chromium (issue 29): at 844×390,
640×360 and 1280×800 every line is at most two lines inside the column, clear of the
scrollbar's lane (play-test: the lines ran to the column's edge, their «…» under the
scrollbar), the whole move in the line's label; the heading's «Журнал» opens the game's
journal, where the long move is whole."""

from __future__ import annotations

from companion.store import GameStore
from tests.ui.conftest import App, drawn
from tests.ui.phone import assert_target, wheel

NAMES = ["Александра Константиновна", "Борис", "Вика", "Гоша"]
MONSTER = "Мутировавший зомби-переросток из подземелья"
SIZES = [(844, 390), (640, 360), (1280, 800)]
#: The lines of ``recent-moves`` (``recent-{k}``): each one's box and label.
LINES_JS = """() => [...document.querySelectorAll('[flt-semantics-identifier^="recent-"]')]
  .filter(e => /^recent-\\d+$/.test(e.getAttribute('flt-semantics-identifier')))
  .map(e => { const r = e.getBoundingClientRect();
    const text = ((e.getAttribute('aria-label') || '') + ' ' + e.textContent).trim();
    return {text, x: r.x, y: r.y, w: r.width, h: r.height}; })"""


def test_recent_moves_stay_inside_the_side_column(browser, server):
    g = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0)
    for type_, data in [
        ("level.change", {"player": 0, "delta": 8}),
        ("combat.start", {"monster": {"name": MONSTER, "level": 8}}),
        ("combat.bonus", {"side": "players", "value": 10, "label": ""}),
        ("combat.resolve", {}),
    ]:
        g.push(type_, data)
    g.close()
    app = App(browser, server, *SIZES[0]).open(f"/game/{g.id}")
    try:
        app.appear("winner")
        for w, h in SIZES:
            app.page.set_viewport_size({"width": w, "height": h})
            app.el(f"layout-{w}x{h}").wait_for(state="attached", timeout=60_000)
            drawn(app.page)
            bar = app.box("action-bar")  # the side column's width, below the scroller
            for _ in range(10):  # the side column scrolled down to the moves, as a finger does
                log = app._settled("recent-log", 15_000)
                whole = log["height"] >= 47.5  # not cut by the scroller's top (the top bar's)
                if whole and log["y"] >= 0 and log["y"] + log["height"] <= bar["y"]:
                    break
                # past it (cut at the scroller's top): back up a little
                up = not whole and log["y"] < bar["y"] / 2
                wheel(app, -60 if up else 200, x=bar["x"] + bar["width"] / 2, y=bar["y"] / 2)
            lane = bar["x"] + bar["width"] - 8  # the scrollbar's lane starts here
            lines = [t for t in app.page.evaluate(LINES_JS) if t["h"] > 0]
            long = [t for t in lines if MONSTER in t["text"]]
            assert long, lines  # the fight's line says the monster whole (in its label)
            for t in lines:
                assert t["x"] >= bar["x"] - 0.5 and t["x"] + t["w"] <= lane + 0.5, (w, h, t, bar)
                assert t["h"] <= 46, (w, h, t)  # two lines of 14 px at most
            assert_target(app, "recent-log")
            app.shot(f"/tmp/recent-moves-{w}x{h}.png")
        app.tap("recent-log")
        app.page.wait_for_url(f"**/game/{g.id}/log")
        app.page.wait_for_function(
            "m => [...document.querySelectorAll('flt-semantics')].some(e =>"
            " ((e.getAttribute('aria-label') || '') + e.textContent).includes(m))",
            arg=MONSTER,
        )
    finally:
        app.close()
