"""The status line's clocks stay whole in every game, at any page width: the turn clock in
its slot (92 px, 112 with a table's time limit) and «всего» in its 88 px. Play-test note:
at 1280×800 the total was once seen cut. The slots are fixed px on a phone and a laptop
alike; a text wider than its slot is what cuts it: from 10 hours on «всего 10:00:06» (and
«ход 10:00:06») were wider, and Flutter wrapped the time away («всего» alone)."""

from __future__ import annotations

import time
from typing import Any

import flet as ft
import pytest

from companion.ui.status import TURN_CLOCK_WIDTH, clock_width
from tests.ui import render_tree as rt

NAMES = ["Аня", "Борис", "Вика", "Гоша"]
#: A game started ten hours and five seconds ago (every move made then).
AGO = 10 * 3600 + 5

RICKS_CHARGE = [("round.draw", {})] + [
    move
    for p in range(4)
    for move in (
        ("card.play", {"kind": "source", "build_cost": 1, "production": 2 + p}),
        ("turn.end", {}),
    )
]

#: game → (options, moves): every game, the Ricks one in step Б of its charge phase with a
#: table time limit (the turn clock reads «10:00:05 / 1:30» there).
GAMES: dict[str, tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]] = {
    "free": ({}, []),
    "coup": ({}, [("coup.declare", {"player": 0, "action": "income", "target": None})]),
    "smashup": (
        {
            "edition": "bbrr",
            "factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Мишки", "Зомби"]]
            + [["Авантюристы", "Принцессы"]],
        },
        [
            ("base.add", {"base_card": {"name": f"База {i}", "breakpoint": 20, "vp": [3, 2, 1]}})
            for i in range(5)
        ]
        + [("game.start", {})],
    ),
    "munchkin": ({}, [("level.set", {"player": 0, "value": 3})]),
    "ricks": (
        {
            "actions": {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3},
            "charge_limit": 90,
        },
        [*RICKS_CHARGE, ("charge.done", {})],
    ),
}


async def _clocks(data, game: str) -> tuple[Any, Any, int]:
    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.state import Hub

    start = time.time() - AGO
    store = GameStore(data, clock=lambda: start)
    options, moves = GAMES[game]
    g = store.create(game, NAMES, first_player=0, options=options)
    for kind, move in moves:
        g.push(kind, move)
    session = await rt.open_app(make_main(Hub(store)), f"/game/{g.id}")
    turn = rt.tagged_control(session, "clock").content
    totals = [
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and str(c.value or "").startswith("всего ")
    ]
    assert len(totals) == 1, [t.value for t in totals]
    return turn, totals[0], clock_width(g.game)


@pytest.mark.parametrize("game", list(GAMES))
def test_both_clocks_are_whole_in_their_slots_after_ten_hours(tmp_path, game):
    turn, total, slot = rt.run(_clocks(tmp_path / "d", game))
    assert total.value.startswith("всего 10:00:0"), total.value
    # a text longer than its fixed slot holds at the first size steps down (never cut)
    assert total.size == 11 and total.max_lines == 1, (total.value, total.size)
    assert "10:00:0" in turn.value, turn.value
    assert turn.size == 13 and turn.max_lines == 1, (turn.value, turn.size)
    assert slot in (TURN_CLOCK_WIDTH, 112)


def test_a_short_game_keeps_the_large_clocks():
    """Under ten hours nothing changes: 16 px and 13 px, as before."""
    from companion.ui.status import clock_sizes

    assert clock_sizes("ход 9:59:59", "всего 9:59:59", 92) == (16, 13)
    assert clock_sizes("1:05 / 1:30", "всего 0:06", 112) == (16, 13)
    assert clock_sizes("пауза", "всего 0:06", 92) == (16, 13)
    assert clock_sizes("ход 10:00:06", "всего 10:00:06", 92) == (13, 11)
    assert clock_sizes("10:00:06 / 1:30", "всего 0:06", 112) == (13, 13)
