"""A phone turned with a form open keeps the form and what was typed in it (issue 29: «A
rotation mid-game keeps the game, the open dialog and the open fight»), for the forms with a
summary (``form_dialog(..., summary=...)``: side by side on a compact height, one column
upright): Smash Up's scoring dialog with its replacement base, the Ricks «Сыграть карту» card
form. In Chromium: typed once, the page turned 390×844 → 844×390 → 390×844, the dialog and
every typed value checked after each turn, then the form sent and the move checked.

The turn switches the dialog between its two arrangements (side by side at 844×390); the
fields must be the very fields typed in, the focus kept: a field built afresh in the browser
(docs/FLET_FINDINGS.md, «A `Column` whose `scroll` changes…») drops the focus and shows only
what its board re-sends. 360×640 ↔ 640×360 keeps one arrangement (one column: 640 px is too
narrow for two), so it is not walked."""

from __future__ import annotations

from typing import Any

from companion.store import GameStore
from tests.ui.conftest import App
from tests.ui.phone import visit
from tests.ui.test_ricks import OPTIONS, stored_game
from tests.ui.test_touch_targets import base

TURNS = ((844, 390), (390, 844))


def _holds(app: App, ident: str, text: str) -> None:
    """The text field tagged ``ident`` holds ``text`` for editing: tapped, the editor Flutter
    opens on it (the focused input) starts from ``text``. (The field's own semantics input
    is no witness: a field built afresh shows its value but leaves that input empty.)"""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    app.steady(ident)
    app.el(ident).locator("input, textarea").first.click()
    try:
        app.page.wait_for_function(
            """([node, t]) => {
                const a = document.activeElement;
                if (!a || !('value' in a)) return false;
                const r = a.getBoundingClientRect(), f = node.getBoundingClientRect();
                const x = r.x + r.width / 2, y = r.y + r.height / 2;
                return f.x <= x && x <= f.right && f.y <= y && y <= f.bottom && a.value === t;
            }""",
            arg=[app.el(ident).element_handle(), text],
            timeout=10_000,
        )
    except PlaywrightTimeout:
        value = app.page.evaluate("() => document.activeElement?.value")
        app.fail(f"{ident!r} holds {value!r}, not {text!r}")


#: The id of the semantics node tagged ``id`` (Flutter gives a field built afresh a new one).
_NODE = 'id => document.querySelector(`[flt-semantics-identifier="${id}"]`)?.id'
#: Whether the keyboard focus is in the field tagged ``id`` (its input or Flutter's editor
#: laid over it).
_FOCUSED = """id => {
    const n = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    const a = document.activeElement;
    return !!n && !!a && (n.contains(a) || !!a.closest('flt-text-editing-host'));
}"""


def _turned_keeps(app: App, typed: dict[str, str], button: str) -> None:
    """Turn the page through :data:`TURNS` with the last field still focused; after each turn
    (the server's layout for the new size drawn) the dialog (its ``button``) is open, each
    field is the very field typed in (its semantics node kept), the first turn left the
    focus where it was, and each field holds what was typed."""
    nodes = {ident: app.page.evaluate(_NODE, ident) for ident in typed}
    last = list(typed)[-1]
    for w, h in TURNS:
        sent = len(app.frames.received)
        app.page.set_viewport_size({"width": w, "height": h})
        app.frames.wait_for(f"layout-{w}x{h}", after=sent, timeout=60)
        app.appear(button)
        now = {ident: app.page.evaluate(_NODE, ident) for ident in typed}
        assert now == nodes, f"fields built afresh at {w}×{h}: {nodes} → {now}"
        if (w, h) == TURNS[0]:
            assert app.page.evaluate(_FOCUSED, last), f"{last!r} lost the focus at {w}×{h}"
        for ident, text in typed.items():
            _holds(app, ident, text)
        app.page.locator(":focus").blur()
        app.unhover()


def _type(app: App, typed: dict[str, str]) -> None:
    """Type each value in its field (the last one left focused, as a player's would be)."""
    for ident, text in typed.items():
        app.fill(ident, text)
        _holds(app, ident, text)


def test_a_turned_phone_keeps_the_scoring_form(module_page, module_server):
    """«Проверь базы», «Волшебный лес» ready: «Захватить» opens the scoring dialog; a new base
    typed in (a name the catalogue does not know, its breakpoint and VP) survives two turns
    and is the base laid out in its place."""
    store = GameStore(module_server.data_dir)
    g = store.create(
        "smashup",
        ["Аня", "Борис", "Вика"],
        first_player=0,
        options={
            "factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]]
        },
    )
    bases = [
        base("Древний храм", 20, (4, 2, 1)),
        base("Волшебный лес", 18, (3, 2, 1)),
        base("Пиратская бухта", 17, (3, 1, 1)),
        base("Рок-фестиваль", 22, (5, 3, 2)),
    ]
    moves: list[tuple[str, dict[str, Any]]] = [
        *[("base.add", {"base_card": b}) for b in bases],
        ("game.start", {}),
        ("phase.next", {}),  # «Играй карты»
        ("base.adjust", {"base": 1, "player": 0, "power": 16, "minions": 2}),
        ("base.adjust", {"base": 1, "player": 1, "power": 2, "minions": 1}),
        ("phase.next", {}),  # «Проверь базы»
    ]
    for kind, data in moves:
        g.push(kind, data)
    g.close()
    app = visit(module_page, f"/game/{g.id}", "status-phase", "Проверь базы", 390, 844)
    app.tap("score-1")
    app.appear("repl-name")
    typed = {
        "repl-name": "Остров",
        "repl-bp": "19",
        "repl-vp1": "4",
        "repl-vp2": "2",
        "repl-vp3": "1",
    }
    _type(app, typed)
    _turned_keeps(app, typed, "score-confirm")
    app.tap("score-confirm")
    app.wait_label("base-1-name", "Остров")
    last = GameStore(module_server.data_dir).open(g.id, readonly=True).game.events[-1]
    assert last.type == "base.score", last
    card = last.data["base_card"]
    assert card["name"] == "Остров" and card["breakpoint"] == 19, last
    assert list(card["vp"]) == [4, 2, 1], last


def test_a_turned_phone_keeps_the_card_form(module_page, module_server):
    """«Сыграть карту», an invention: its numbers and name typed survive two turns and are
    the card played."""
    g = GameStore(module_server.data_dir).create(
        "ricks", ["Аня", "Борис", "Вика", "Гена"], first_player=0, options=OPTIONS
    )
    g.push("round.draw", {})
    g.close()
    app = visit(module_page, f"/game/{g.id}", "play-open", "", 390, 844)
    app.tap("play-open")
    app.appear("play-preview")
    app.tap("kind-invention")
    app.wait_label("kind-invention", "выбран")
    typed = {"play-build": "2", "play-cost": "3", "play-vp": "1", "play-name": "Тостер"}
    _type(app, typed)
    _turned_keeps(app, typed, "play-card")
    app.wait_label("play-preview", "«Тостер»")
    app.tap("play-card")
    app.el("play-preview").wait_for(state="detached")
    last = stored_game(module_server.data_dir, gid=g.id).game.events[-1]
    assert last.type == "card.play", last
    played = {k: last.data.get(k) for k in ("kind", "build_cost", "cost", "vp", "name")}
    assert played == {"kind": "invention", "build_cost": 2, "cost": 3, "vp": 1, "name": "Тостер"}
