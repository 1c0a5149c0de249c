"""Issue #30: the free-counter target saves what the player typed in «до» (a 390×844 phone)."""

from __future__ import annotations

from companion.store import GameStore


def test_target_typed_once_is_the_target_saved(app, server):
    """Choose a counter under «Цель», tap «до», type 15 once: the field shows 15 and the game
    starts with the target 15 (play-test: the field looked empty, typing gave «3015», and the
    game started with the target 5)."""
    app.open("/")
    app.tap("new-game")
    app.el("start-game").wait_for()
    app.choose("game-choice", "Свободный счёт")
    app.el("add-counter").wait_for()
    app.fill("player-name-0", "Аня")
    app.fill("player-name-1", "Борис")
    app.choose("target-counter", "ПО")
    app.page.wait_for_function(
        "() => { const e = document.querySelector("
        "'[flt-semantics-identifier=\"target-value\"] input'); return e && !e.disabled; }"
    )
    app.steady("target-value")
    field = app.el("target-value").locator("input").first
    field.click()
    app.page.wait_for_function("e => document.activeElement === e", arg=field.element_handle())
    app.page.keyboard.type("15", delay=80)
    app.page.wait_for_function(
        "() => document.querySelector('[flt-semantics-identifier=\"target-value\"] input')"
        ".value === '15'",
        timeout=10_000,
    )
    app.tap("start-game")
    app.el("val-p0-c0").wait_for()
    (summary,) = GameStore(server.data_dir).list()
    setup = GameStore(server.data_dir).open(summary.id).game.setup
    assert setup.options["target"] == {"counter": "ПО", "value": 15}
