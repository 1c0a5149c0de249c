"""The new-game screen's game picker shows the chosen game's name whole or cut with «…»
(in-process, the real app on a real Flet session: :mod:`tests.ui.render_tree`).

A text field ends a cut text with no «…» («Рик и Морти: Наверное, Рики сошл» at 390 px): on
a phone upright the field shows a name with a colon up to it, with «…»; its menu item and its
spoken label keep the whole name.
"""

from __future__ import annotations

import flet as ft

from companion.engine import GAMES
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

RICKS = GAMES["ricks"].title


async def _picker(data) -> tuple[ft.Dropdown, str]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await rt.select(session, "game-choice", "ricks")
    node = next(
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "game-choice"
    )
    return node.content, node.label


def test_a_long_game_name_is_cut_with_an_ellipsis_and_said_whole(tmp_path):
    dropdown, label = rt.run(_picker(tmp_path))  # the harness's page is 390 px wide
    option = next(o for o in dropdown.options if o.key == "ricks")
    assert option.text == "Рик и Морти…", option.text
    assert isinstance(option.content, ft.Text) and option.content.value == RICKS  # the menu
    assert label == f"Игра: {RICKS}"
    others = [o for o in dropdown.options if o.key != "ricks"]
    assert all(o.text == GAMES[o.key].title and o.content is None for o in others)
