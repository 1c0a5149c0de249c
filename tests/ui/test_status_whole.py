"""Every text of the status line can be read whole (issue 29, 640×360: «Ходит Алекс…»): its
tooltip holds whose turn it is, the phase and the engine's note whole, also when a note
shares the line (Smash Up at 15+ VP), where a tap shows the note alone."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_touch_targets import base

NAMES = ["Александрина", "Константинов", "Вика"]


async def _line(data: Any) -> tuple[str, str | None]:
    """A Smash Up game at 15 VP for Александрина, opened at 640×360: the engine's detail and
    the status line's tooltip."""
    hub = Hub(GameStore(data))
    g = hub.create(
        "smashup",
        NAMES,
        first_player=0,
        options={
            "factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Пираты"]]
        },
    )
    for b in (
        base("Древний храм", 20, (4, 2, 1)),
        base("Волшебный лес", 18, (3, 2, 1)),
        base("Пиратская бухта", 17, (3, 1, 1)),
        base("Рок-фестиваль", 22, (5, 3, 2)),
    ):
        hub.push(g.id, "base.add", {"base_card": b})
    hub.push(g.id, "game.start", {})
    hub.push(g.id, "vp.adjust", {"player": 0, "delta": 15})
    game = hub.store.open(g.id).game
    detail = game.definition.status_detail(game.state)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", (640, 360))
    lines = [
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Container) and isinstance(c.tooltip, str) and detail in c.tooltip
    ]
    assert len(lines) == 1, [c.tooltip for c in lines]
    return detail, lines[0].tooltip


def test_the_status_tooltip_names_whose_turn_beside_a_note(tmp_path):
    detail, told = rt.run(_line(tmp_path))
    assert detail and detail.startswith("Набрано 15+"), detail
    assert told is not None and told.split("\n")[0] == "Ходит Александрина", told
    assert told.endswith(detail), told
