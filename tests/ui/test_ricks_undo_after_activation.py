"""Undo right after a Ricks activation (issue #29), in Chromium at 360×640."""

from __future__ import annotations

from companion.store import GameStore
from tests.ui.conftest import App
from tests.ui.test_ricks import NAMES4, OPTIONS, stored_game


def test_undo_right_after_an_activation_takes_it_back_on_the_first_tap(browser, server):
    """Issue #29 (the Ricks bug): after «Активировать» moved the charge on by itself, its
    notice was drawn over the top bar for 5 s, covering «Отменить» and the journal: the first
    tap there only dismissed the notice, saying nothing (4 of 4 at 360×640). A finger's tap
    at Undo's place while the notice shows now takes the activation back, and says so."""
    app = App(browser, server, 360, 640)
    try:
        store = GameStore(server.data_dir)
        g = store.create("ricks", NAMES4[:2], first_player=0, options=OPTIONS)
        g.push("round.draw")
        g.push("card.play", {"kind": "source", "build_cost": 1, "production": 3})
        g.push("card.play", {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 2})
        while g.game.state.phase != "Фаза зарядки":
            g.push("turn.end")
        while (ch := g.game.state.charge).step != "В" or ch.player is None:
            g.push("charge.done")
        card = next(c.id for c in g.game.state.cards if c.kind == "invention")
        n = len(g.game.events)
        g.close()
        app.open(f"/game/{g.id}")
        app.wait_label(f"activate-{card}", "+2 ПО")
        app.tap(f"activate-{card}")
        app.wait_label("notice", "больше нечего активировать")  # the charge moved on
        stored_game(server.data_dir, n + 1)
        undo = app.box("undo")
        # a finger, not a script: the tap lands on whatever is drawn at Undo's place
        app.page.mouse.click(undo["x"] + undo["width"] / 2, undo["y"] + undo["height"] / 2)
        app.wait_label("notice", "Отменено")
        assert len(stored_game(server.data_dir, n).game.events) == n
    finally:
        app.close()
