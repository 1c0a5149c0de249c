"""A targeted Coup action aims at the only opponent left without a tap (in-process, the real
app on a real Flet session: :mod:`tests.ui.render_tree`); with two or more opponents the
player still chooses."""

from __future__ import annotations

import copy

import flet as ft

from companion.engine.core import Game
from companion.engine.coup import COUP
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.boards.coup.common import Choice
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _declare(hub: Hub, gid: str, player: int, action: str, target: int | None = None) -> None:
    hub.push(gid, "coup.declare", {"player": player, "action": action, "target": target})


def _vika_out(hub: Hub, gid: str) -> None:
    """Вика doubts two Dukes and loses both cards (exiled); Аня then holds 8 coins on her
    turn, with Борис the only opponent left."""
    for player, card in ((0, "contessa"), (1, "captain")):
        _declare(hub, gid, player, "tax")  # Аня 5, then Борис 5
        hub.push(gid, "coup.challenge", {"challenger": 2})
        hub.push(gid, "coup.challenge_result", {"proven": True})
        hub.push(gid, "coup.lose_influence", {"player": 2, "character": card})
    _declare(hub, gid, 0, "tax")  # Вика is out: her turn is skipped
    hub.push(gid, "coup.no_challenge")
    _declare(hub, gid, 1, "income")


def _label(session, ident: str) -> str:
    return next(
        c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == ident
    )


async def _choose(data, moves, action: str) -> tuple[Hub, str, object]:
    """Open the game after ``moves``, tap the action ``action``; the hub, id and session."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    moves(hub, g.id)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)[f"act-{action}"])
    await rt.quiet(session)
    return hub, g.id, session


async def _coup_on_the_last_opponent(data) -> tuple[str, dict, set[str], bool]:
    hub, gid, session = await _choose(data, _vika_out, "coup")
    hint = _label(session, "preview")
    shown = set(rt.tappables(session))
    selected = isinstance(rt.tagged_control(session, "target-p1").content, ft.FilledButton)
    await rt.tap(session, rt.tappables(session)["primary-action"])  # «Объявить», no aim tap
    await rt.quiet(session)
    last = hub.open(gid).game.last_event
    assert last is not None and last.type == "coup.declare"
    return hint, last.data, shown, selected


def test_a_coup_with_one_opponent_left_needs_no_target_tap(tmp_path):
    hint, data, shown, selected = rt.run(_coup_on_the_last_opponent(tmp_path))
    assert hint == "Переворот −7 против Бориса", hint
    assert selected  # Борис's target button is drawn chosen
    assert "target-p2" not in shown and "target-p0" not in shown  # never Вика, never Аня
    assert data == {"player": 0, "action": "coup", "target": 1}


async def _steal_among_three(data) -> tuple[str, bool]:
    _hub, _gid, session = await _choose(data, lambda hub, gid: None, "steal")
    hint = _label(session, "preview")
    aimed = any(
        isinstance(rt.tagged_control(session, f"target-p{t}").content, ft.FilledButton)
        for t in (1, 2)
    )
    return hint, aimed


def test_with_two_opponents_nothing_is_aimed(tmp_path):
    hint, aimed = rt.run(_steal_among_three(tmp_path))
    assert hint == "Кража (Капитан): выберите, против кого", hint
    assert not aimed


def test_the_aim_follows_the_table_not_the_tap():
    """The aim is read from the state each time: one opponent left → aimed; an aimed player
    who has no influence left (an undo changed the table) is never the target."""
    g = Game.new(COUP, ["Аня", "Борис", "Вика"], first_player=0, clock=lambda: 0.0)
    choice = Choice()
    choice.pick(g.state.turn, "steal")
    assert choice.current(g.state) == ("steal", None)  # Борис or Вика: Аня chooses
    later = copy.deepcopy(g.state)
    later.influence[2], later.exiled[2] = 0, True  # Вика out, same turn
    assert choice.current(later) == ("steal", 1)
    choice.aim(2)  # aimed at Вика before she went out
    assert choice.current(later) == ("steal", 1)
    assert choice.current(g.state) == ("steal", 2)  # she is in: the aim stands
    choice.pick(g.state.turn, "income")  # an action without a target gets none
    assert choice.current(later) == ("income", None)


def test_two_player_game_aims_at_the_opponent_from_the_first_turn():
    g = Game.new(COUP, ["Аня", "Борис"], first_player=1, clock=lambda: 0.0)
    choice = Choice()
    choice.pick(g.state.turn, "steal")
    assert choice.current(g.state) == ("steal", 0)  # never the acting Борис himself
