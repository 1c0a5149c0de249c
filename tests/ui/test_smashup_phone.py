"""«Замес» on a 390×844 phone, the points of the phone playtest (issue 11) that a later change
could bring back: «Дальше» never moves through a whole turn; in «Проверь базы» the ready base
the reminder names is on screen next to it, even the last of five bases with one open before."""

from __future__ import annotations

from tests.ui.phone import assert_on_screen, box, same_place, tap_primary
from tests.ui.test_smashup import FOUR, four_player_game, type_base


def test_next_never_moves_and_the_ready_base_is_beside_its_reminder(app, server):
    """«Вот как это делается»: five phases a turn; «Проверь базы» names the ready base."""
    # «Волшебный лес» (the last of five bases) is broken: 21 of 21.
    gid = four_player_game(
        server.data_dir,
        [
            ("phase.next", {}),  # «Играй карты»
            ("base.set", {"base": 4, "player": 1, "power": 21, "minions": 3}),
        ],
    )
    app.open(f"/game/{gid}")
    app.wait_label("status-phase", "Играй карты")
    app.wait_label("primary-action", "Дальше")
    first = box(app, "primary-action")
    app.tap("base-0-open")  # an open editor pushes the list down while playing cards
    app.el("base-0-editor").wait_for()
    tap_primary(app)
    app.wait_label("status-phase", "Проверь базы")
    app.wait_label("reminder", "«Волшебный лес»")
    # each phase starts with the list closed: the named base is on screen with «Захватить»
    assert_on_screen(app, "reminder", "base-4", "score-4", "primary-action")
    assert same_place(first, box(app, "primary-action"))
    # «Колода баз пуста» flips with a tap anywhere on its row (one 48 dp target), and back
    app.tap("score-4")
    app.el("deck-empty").wait_for()
    for checked in ("true", "false"):
        app.tap("deck-empty")
        app.page.locator(f'[flt-semantics-identifier="deck-empty"] [aria-checked={checked}]').or_(
            app.page.locator(f'[flt-semantics-identifier="deck-empty"][aria-checked={checked}]')
        ).first.wait_for()
    type_base(app, "repl", "Заводь", 16, (3, 2, 1))
    app.tap("score-confirm")
    app.wait_label("base-4-name", "Заводь")
    for phase in ("Возьми две карты", "Конец хода", "Начало хода"):
        tap_primary(app)
        app.wait_label("status-phase", phase)
        assert same_place(first, box(app, "primary-action")), phase
    app.wait_label("status-player", FOUR[1])
    assert same_place(first, box(app, "primary-action"))
