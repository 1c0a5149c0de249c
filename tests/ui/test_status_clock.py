"""The status line's turn clock (in-process, the real app on a real Flet session:
:mod:`tests.ui.render_tree`): a finished game has no turn, so no turn clock.

Play-test: a finished «Переворот» still showed «ход 0:00» beside «Игра окончена». The clock's
slot stays (an empty text over the same invisible «ход 0:00:00»), so nothing on the line
moves; the game's total («всего …») stays, it says how long the game took.
"""

from __future__ import annotations

import re

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.coup_moves import TWO_PLAYER_WIN
from tests.ui import render_tree as rt


def _line(session) -> tuple[str, str, list[str]]:
    """The turn clock's text and the (invisible) text its slot keeps the width of, and the
    texts of the line's «всего» clock."""
    slot = rt.tagged_control(session, "clock")
    assert isinstance(slot, ft.Stack)
    ghost, text = slot.controls
    assert isinstance(text, ft.Text) and ghost.color == ft.Colors.TRANSPARENT
    totals = [
        c.value
        for c in rt.controls(session)
        if isinstance(c, ft.Text)
        and isinstance(c.value, str)
        and c.value.startswith("всего")
        and c.color != ft.Colors.TRANSPARENT  # not the slot's invisible template
    ]
    return text.value, ghost.value, totals


async def _free_ended(data) -> tuple[tuple, tuple]:
    """A free game on its first turn, then ended on the same screen: the flag, then
    «Завершить» in its question."""
    hub = Hub(GameStore(data))
    g = hub.create("free", ["Аня", "Борис"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    running = _line(session)
    await rt.tap(session, rt.tappables(session)["end-game"])  # asks first
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "end-confirm"))
    await rt.quiet(session)
    assert hub.open(g.id).game.outcome() is not None
    return running, _line(session)


def test_a_free_game_ended_on_screen_drops_its_turn_clock(tmp_path):
    running, ended = rt.run(_free_ended(tmp_path))
    turn, width, totals = running
    assert re.fullmatch(r"ход \d+:\d{2}", turn), turn  # a running game's clock
    assert width == "ход 0:00:00" and len(totals) == 1
    turn, width, totals = ended
    assert turn == ""  # was «ход 0:00»
    assert width == "ход 0:00:00"  # the slot keeps its width: nothing beside it moves
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
    assert turn == "" and width == "ход 0:00:00"
    assert len(totals) == 1 and totals[0].startswith("всего ")


def test_coups_turn_clock_runs_from_the_start_of_the_turn_to_its_end():
    """Play-test: Coup's turn clock went back to 0:00 when another player had to answer in
    the same turn (Борис reveals a card for a lost challenge, «Оспаривание»). The turn clock
    counts the whole turn; a new turn starts it again. The answers still count for the
    player who gave them (chess-clock totals)."""
    from companion.engine.core import Game
    from companion.engine.coup import COUP
    from companion.present.status import clock_text

    now = [1000.0]
    g = Game.new(COUP, ["Аня", "Борис", "Вика"], first_player=0, clock=lambda: now[0])
    for t, kind, data in (
        (1010, "coup.declare", {"player": 0, "action": "tax", "target": None}),
        (1020, "coup.challenge", {"challenger": 1}),
        (1030, "coup.challenge_result", {"proven": True}),
    ):
        now[0] = t
        g.push(kind, data)
    assert g.definition.active_player(g.state) == 1  # Борис answers in Аня's turn
    turn, _total, seconds, _late = clock_text(g, 1045)
    assert seconds == 45 and turn == "ход 0:45"  # was «ход 0:15»: since Борис was awaited
    now[0] = 1050
    g.push("coup.lose_influence", {"player": 1, "character": "duke"})  # Борис's turn now
    assert clock_text(g, 1053)[:1] == ("ход 0:03",)
    assert g.turn_clock(1053).per_player == {0: 30.0, 1: 23.0, 2: 0.0}  # 20 s answering


def test_other_games_keep_the_clock_of_the_awaited_player():
    """A game without answers within a turn: the turn clock is the running segment, as
    before (here a free game, whose turns pass with each player)."""
    from companion.engine.core import Game
    from companion.engine.free import FREE
    from companion.present.status import clock_text

    now = [1000.0]
    g = Game.new(FREE, ["Аня", "Борис"], first_player=0, options={}, clock=lambda: now[0])
    assert not g.definition.answers_within_turns
    assert clock_text(g, 1012)[:3] == ("ход 0:12", "всего 0:12", 12.0)


async def _finished_line(data):
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис"], first_player=0)
    for kind, move in TWO_PLAYER_WIN:
        hub.push(g.id, kind, move)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    row = next(
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Row)
        and any(
            isinstance(k, ft.Container)
            and isinstance(k.content, ft.Semantics)
            and k.content.identifier == "status-player"
            for k in c.controls
        )
    )
    clock = next(
        c for c in rt.controls(session) if isinstance(c, ft.Semantics) and c.identifier == "clock"
    )
    return row.controls, clock.label


def test_a_finished_game_says_its_clock_stopped_in_russian_and_drops_the_dot(tmp_path):
    """Play-test: a finished game's clock node was labelled «clock 0» (English, and a number
    nobody sees), and «Игра окончена» was indented by the empty place of the turn's dot."""
    controls, label = rt.run(_finished_line(tmp_path))
    assert label == "часы остановлены"
    dot = controls[0]
    assert isinstance(dot, ft.Container) and dot.width == 12 and dot.visible is False


async def _answering_line(data):
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Александрина", "Константинов", "Максимилиана"], first_player=0)
    hub.push(g.id, "coup.declare", {"player": 0, "action": "tax", "target": None})
    hub.push(g.id, "coup.challenge", {"challenger": 1})
    hub.push(g.id, "coup.challenge_result", {"proven": True})  # Константинов loses a card
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return {
        c.identifier: c
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier in ("status-player", "status-turn")
    }


def test_who_answers_and_whose_turn_it_is_both_stay_whole_with_long_names(tmp_path):
    """Play-test (Coup, 12-letter names): on one line «Отвечает Александрина · ход Бориса» was
    cut to «Отвечает Александрина…» at 390 px — whose turn it was got lost. Who must answer
    is line 1 (one line, then «…»; a tap on the line shows it whole), and whose turn starts
    line 2, before the phase; the line keeps its height."""

    nodes = rt.run(_answering_line(tmp_path))
    who, turn = nodes["status-player"], nodes["status-turn"]
    assert who.label == who.content.content.value == "Отвечает Константинов"
    assert turn.label == turn.content.value == "ход Александрины"
    text = who.content.content
    assert text.max_lines == 1 and text.overflow == ft.TextOverflow.ELLIPSIS
    assert text.size >= 14
