"""The status line's clocks stay whole in every game: each clock's slot is the width Flutter
lays out for an invisible template in its own style («ход 0:00:00», «всего 0:00:00»), and a
longer text (ten hours and more) widens its slot instead of being cut or shrunk. Play-test
note: at 1280×800 the total was once seen cut; from 10 hours on «всего 10:00:06» was wider
than a slot fixed in px, and Flutter wrapped the time away («всего» alone). The geometry in
Chromium: :mod:`tests.ui.test_status_fit`."""

from __future__ import annotations

import time
from typing import Any

import flet as ft
import pytest

from companion.present.status import clock_slots
from companion.ui.status import TOTAL_SIZE, TURN_SIZE
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
    turn_slot = rt.tagged_control(session, "clock")
    total_slot = rt.tagged_control(session, "clock-total")
    assert isinstance(turn_slot, ft.Stack) and isinstance(total_slot, ft.Stack)
    assert [c.value for c in (turn_slot.controls[0], total_slot.controls[0])] == list(
        clock_slots(g.game)
    )
    return turn_slot.controls[1], total_slot.controls[1], turn_slot


@pytest.mark.parametrize("game", list(GAMES))
def test_both_clocks_are_whole_after_ten_hours(tmp_path, game):
    turn, total, slot = rt.run(_clocks(tmp_path / "d", game))
    assert total.value.startswith("всего 10:00:0"), total.value
    assert "10:00:0" in turn.value, turn.value
    # one line at their own size, never wrapped nor cut: the slot (a Stack over the
    # invisible template) grows to the text instead
    for text, size in ((turn, TURN_SIZE), (total, TOTAL_SIZE)):
        assert text.size == size and text.max_lines == 1 and text.no_wrap, text.value
        assert text.overflow in (None, ft.TextOverflow.CLIP), text.value
    assert slot.width is None  # no width in px: Flutter lays the slot out


def test_the_slot_templates_hold_every_clock_under_ten_hours():
    """Each template is as long as the longest text its clock shows under ten hours (every
    digit of Roboto has one width), so the slot never changes before that."""
    from types import SimpleNamespace

    plain = SimpleNamespace(setup=SimpleNamespace(game="coup", options={}))
    limited = SimpleNamespace(setup=SimpleNamespace(game="ricks", options={"charge_limit": 90}))
    assert clock_slots(plain) == ("ход 0:00:00", "всего 0:00:00")
    assert len(clock_slots(plain)[0]) == len("ход 9:59:59")
    assert len(clock_slots(limited)[0]) == len("59:59 / 15:00")
