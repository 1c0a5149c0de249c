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
    """The first non-blank label tagged ``ident`` (the frame has two message layers, each
    tagged ``error``, and only one shows a message)."""
    labels = [
        c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == ident
    ]
    return next((x for x in labels if x and x.strip()), labels[0])


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
    selected = _label(session, "player-p1") == "Борис — цель"
    await rt.tap(session, rt.tappables(session)["primary-action"])  # «Объявить», no aim tap
    await rt.quiet(session)
    last = hub.open(gid).game.last_event
    assert last is not None and last.type == "coup.declare"
    return hint, last.data, shown, selected


def test_a_coup_with_one_opponent_left_needs_no_target_tap(tmp_path):
    hint, data, shown, selected = rt.run(_coup_on_the_last_opponent(tmp_path))
    assert hint == "Переворот −7 против Бориса", hint
    assert selected  # Борис's row is drawn aimed at
    assert not any(ident.startswith("target-") for ident in shown)  # rows aim, no buttons
    assert data == {"player": 0, "action": "coup", "target": 1}


async def _steal_among_three(data) -> tuple[str, bool]:
    _hub, _gid, session = await _choose(data, lambda hub, gid: None, "steal")
    hint = _label(session, "preview")
    aimed = any(_label(session, f"player-p{t}").endswith("— цель") for t in (1, 2))
    return hint, aimed


def test_with_two_opponents_nothing_is_aimed(tmp_path):
    hint, aimed = rt.run(_steal_among_three(tmp_path))
    assert hint == "Кража (Капитан): против кого? Коснитесь строки игрока", hint
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


def _rows(session, *players: int) -> dict[int, tuple[str, float]]:
    """Player → (the row's spoken label, its border width) for the rows ``players``."""
    out = {}
    for i in players:
        row = rt.tagged_control(session, f"player-p{i}")
        out[i] = (_label(session, f"player-p{i}"), row.border.top.width)
    return out


async def _aim_among_three(data) -> list[dict[int, tuple[str, float]]]:
    """Аня picks a steal (two possible targets), aims at Вика by tapping her row, then at
    Борис by tapping his: the rows of Борис and Вика after each of the three taps."""
    _hub, _gid, session = await _choose(data, lambda hub, gid: None, "steal")
    seen = [_rows(session, 1, 2)]
    await rt.tap(session, rt.tappables(session)["player-p2"])
    await rt.quiet(session)
    seen.append(_rows(session, 1, 2))
    await rt.tap(session, rt.tappables(session)["player-p1"])
    await rt.quiet(session)
    seen.append(_rows(session, 1, 2))
    return seen


def test_the_chosen_target_row_is_marked_apart_from_the_possible_ones(tmp_path):
    """Play-test: every possible target said «цель?», and after the choice the chosen one
    still did, so nothing on the board showed who was aimed at. The chosen row says «цель»
    (also to a screen reader) with a wider border; the other possible target keeps «цель?»."""
    picked, at_vika, at_boris = rt.run(_aim_among_three(tmp_path))
    assert picked == {1: ("Борис — цель?", 2), 2: ("Вика — цель?", 2)}
    assert at_vika == {1: ("Борис — цель?", 2), 2: ("Вика — цель", 3)}
    assert at_boris == {1: ("Борис — цель", 3), 2: ("Вика — цель?", 2)}


async def _questions_while_aiming(data) -> list[str]:
    """The step's question after Аня picks a steal, aims at Вика, then at Борис."""
    _hub, _gid, session = await _choose(data, lambda hub, gid: None, "steal")
    seen = [_label(session, "step")]
    for row in ("player-p2", "player-p1"):
        await rt.tap(session, rt.tappables(session)[row])
        await rt.quiet(session)
        seen.append(_label(session, "step"))
    return seen


def test_the_question_says_who_is_aimed_at_once_a_row_is_tapped(tmp_path):
    """Play-test at 360×640 («Кража», «Переворот»): «Против кого? Коснитесь строки игрока
    выше» stayed after the target was picked, while the bar already said «Кража (Капитан)
    против Ани». Once aimed, the question names the target and how to change it."""
    asked, at_vika, at_boris = rt.run(_questions_while_aiming(tmp_path))
    assert asked == "Против кого? Коснитесь строки игрока"
    assert at_vika == "Против Вики. Сменить — коснитесь другого", at_vika
    assert at_boris == "Против Бориса. Сменить — коснитесь другого", at_boris


async def _last_opponent_row(data) -> dict[int, tuple[str, float]]:
    _hub, _gid, session = await _choose(data, _vika_out, "coup")
    return _rows(session, 0, 1, 2)


def test_the_only_opponent_left_is_marked_as_the_target_without_a_tap(tmp_path):
    rows = rt.run(_last_opponent_row(tmp_path))
    assert rows[1] == ("Борис — цель", 3)  # aimed without a tap (one opponent left)
    assert rows[0][0] == "Аня — ходит" and rows[2][0] == "Вика — в ссылке"


async def _tap_rows_while_aiming(data) -> dict[str, object]:
    """Вика is exiled; Аня picks a coup (Борис the only opponent left, aimed without a tap),
    then taps Вика's row, then Борис's: the banner after each tap and the declaration sent."""
    hub, gid, session = await _choose(data, _vika_out, "coup")
    seen: dict[str, object] = {}
    await rt.tap(session, rt.tappables(session)["player-p2"])
    await rt.quiet(session)
    seen["exiled"] = _label(session, "error")
    seen["rows"] = _rows(session, 1, 2)
    await rt.tap(session, rt.tappables(session)["player-p0"])  # her own row
    await rt.quiet(session)
    seen["own"] = _label(session, "error")
    await rt.tap(session, rt.tappables(session)["player-p1"])
    await rt.quiet(session)
    seen["after"] = rt.game_view(session).error
    await rt.tap(session, rt.tappables(session)["primary-action"])
    await rt.quiet(session)
    last = hub.open(gid).game.last_event
    seen["sent"] = last.data if last is not None else None
    return seen


def test_an_exiled_players_row_says_why_it_is_no_target(tmp_path):
    """Play-test: aiming a coup, a tap on an exiled player's row did nothing. «Покровители»:
    a player with no influence left is exiled and out of the game, so no target — the banner
    says so (the engine's refusal); the aim stays on Борис, and a tap on his row clears it."""
    seen = rt.run(_tap_rows_while_aiming(tmp_path))
    assert seen["exiled"] == (
        "Вика в ссылке: покровителей не осталось — целью быть нельзя (правило «Покровители»)."
    ), seen
    assert seen["rows"] == {1: ("Борис — цель", 3), 2: ("Вика — в ссылке", 2)}
    assert "только соперник" in str(seen["own"]), seen  # Аня's own row: «Переворот»
    assert seen["after"] == ""
    assert seen["sent"] == {"player": 0, "action": "coup", "target": 1}
