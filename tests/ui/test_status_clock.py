"""The status line's turn clock (in-process, the real app on a real Flet session:
:mod:`tests.ui.render_tree`): a finished game has no turn, so no turn clock.

Play-test: a finished «Переворот» still showed «ход 0:00» beside «Игра окончена». The clock's
slot stays (an empty text of the same fixed width), so nothing on the line moves; the game's
total («всего …») stays, it says how long the game took.
"""

from __future__ import annotations

import re

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from companion.ui.status import CLOCK_WIDTH
from tests.coup_moves import TWO_PLAYER_WIN
from tests.ui import render_tree as rt


def _line(session) -> tuple[str, float | None, list[str]]:
    """The turn clock's text and slot width, and the texts of the line's «всего» clock."""
    slot = rt.tagged_control(session, "clock")
    assert isinstance(slot, ft.Container) and isinstance(slot.content, ft.Text)
    totals = [
        c.value
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and isinstance(c.value, str) and c.value.startswith("всего")
    ]
    return slot.content.value, slot.width, totals


async def _free_ended(data) -> tuple[tuple, tuple]:
    """A free game on its first turn, then ended with «Закончить игру» on the same screen."""
    hub = Hub(GameStore(data))
    g = hub.create("free", ["Аня", "Борис"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    running = _line(session)
    await rt.tap(session, rt.tappables(session)["end-game"])
    await rt.quiet(session)
    assert hub.open(g.id).game.outcome() is not None
    return running, _line(session)


def test_a_free_game_ended_on_screen_drops_its_turn_clock(tmp_path):
    running, ended = rt.run(_free_ended(tmp_path))
    turn, width, totals = running
    assert re.fullmatch(r"ход \d+:\d{2}", turn), turn  # a running game's clock
    assert width == CLOCK_WIDTH and len(totals) == 1
    turn, width, totals = ended
    assert turn == ""  # was «ход 0:00»
    assert width == CLOCK_WIDTH  # the slot keeps its width: nothing beside it moves
    assert len(totals) == 1 and re.fullmatch(r"всего \d+:\d{2}", totals[0]), totals


async def _coup_finished(data) -> tuple:
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис"], first_player=0)
    for kind, move in TWO_PLAYER_WIN:
        hub.push(g.id, kind, move)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return _line(session)


def test_a_finished_coup_opened_shows_no_turn_clock(tmp_path):
    turn, width, totals = rt.run(_coup_finished(tmp_path))
    assert turn == "" and width == CLOCK_WIDTH
    assert len(totals) == 1 and totals[0].startswith("всего ")
