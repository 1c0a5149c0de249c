"""Coup's result (rulebook «Конец игры»): the final line keeps each name with its score
(issue 29 at 360×640: «Вика / 0» broke across two lines)."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from companion.engine.coup import awaiting, legal_events
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

NAMES = ["Аня", "Борис", "Вика", "Гоша", "Даша", "Егор"]


def _finished(data: Path) -> tuple[Hub, str]:
    """Six players to the end: income, and a coup on the next one alive at 7 coins."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", NAMES, first_player=0)
    while awaiting(g.game.state) != "over":
        st = g.game.state
        if awaiting(st) != "action":
            hub.push(g.id, *legal_events(st)[0])
            continue
        who = st.current
        alive = [i for i in range(len(NAMES)) if i != who and st.influence[i] > 0]
        if st.coins[who] >= 7:
            target = alive[-1] if who != len(NAMES) - 1 else alive[0]
            hub.push(g.id, "coup.declare", {"player": who, "action": "coup", "target": target})
        else:
            hub.push(g.id, "coup.declare", {"player": who, "action": "income", "target": None})
    return hub, g.id


async def _score_line(data: Path) -> str:
    hub, gid = _finished(data)
    session = await rt.open_app(make_main(hub), f"/game/{gid}", size=(360, 640))
    try:
        texts = [c.value for c in rt.controls(session) if isinstance(c, ft.Text)]
        return next(t for t in texts if isinstance(t, str) and "Вика" in t and "·" in t)
    finally:
        session.close()


def test_a_name_and_its_score_never_part_at_a_line_end(tmp_path):
    """The scores line joins each name to its score with a no-break space (Flutter's line
    breaking keeps them on one line) and the players apart with ordinary spaces."""
    line = rt.run(_score_line(tmp_path / "d"))
    for name in NAMES:
        assert f"{name}\u00a0" in line and f"{name} " not in line, line
    assert " · " in line
