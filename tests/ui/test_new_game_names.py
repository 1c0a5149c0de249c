"""The new-game form: a player's field left empty plays under the name it shows («Игрок 5»),
in every game's form (in-process, the real app: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import pytest

from companion.engine import GAMES
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

#: What each game's own part of the form needs before it starts (Ricks: the action tokens).
NEEDED = {"ricks": {"actions-rick": "1", "actions-micro": "2", "actions-mini": "3"}}


async def _type(session: Any, ident: str, text: str) -> None:
    field = rt.tagged_control(session, ident)
    session.apply_patch(field._i, {"value": text})
    await session.dispatch_event(field._i, "change", text)
    await rt.quiet(session)


async def _start_with_empty_seats(
    data, game_id: str, seats: int
) -> tuple[Any, list[tuple[str, str]], list[str], str]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await rt.select(session, "game-choice", game_id)
    await rt.quiet(session)
    while len([i for i in range(8) if _has(session, f"player-name-{i}")]) < seats:
        await rt.tap(session, rt.tagged_control(session, "add-player"))
        await rt.quiet(session)
    for ident, value in NEEDED.get(game_id, {}).items():
        await _type(session, ident, value)
    await _type(session, "player-name-0", "Аня")  # the others left as they are: empty
    # every seat's field as the form shows it (its text, its label) when «Начать игру» is
    # tapped, and the names «Первый игрок» offers
    fields = [
        (
            rt.tagged_control(session, f"player-name-{i}").value or "",
            rt.tagged_control(session, f"player-name-{i}").label,
        )
        for i in range(seats)
    ]
    offered = [o.text for o in rt.tagged_control(session, "first-player").options[1:]]
    await rt.tap(session, rt.tagged_control(session, "start-game"))
    await rt.quiet(session)
    await asyncio.sleep(0)
    refusal = " ".join(
        str(c.label)
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "error"
    )
    return GameStore(data).list(), fields, offered, refusal


def _has(session: Any, ident: str) -> bool:
    try:
        rt.tagged_control(session, ident)
    except AssertionError:
        return False
    return True


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_an_empty_name_field_plays_under_the_name_it_shows(tmp_path, game_id):
    """Play-test: the 5th player's empty field showed «Игрок 5» in grey, and «Начать игру»
    was refused with «У каждого игрока должно быть имя.» The game now starts, and the seat
    plays under the name its field showed."""
    game = GAMES[game_id]
    seats = min(5, game.max_players)
    games, fields, offered, refusal = rt.run(
        _start_with_empty_seats(tmp_path / "d", game_id, seats)
    )
    # the test reached what it is about: every seat but the first left empty, each field
    # labelled with its seat («Игрок 2» … «Игрок 5»)
    assert fields == [("Аня", "Игрок 1"), *[("", f"Игрок {i + 1}") for i in range(1, seats)]]
    assert (len(games), refusal) == (1, "")  # started, not refused («… должно быть имя.»)
    # each empty seat plays under the label its field showed, as «Первый игрок» offered it
    assert games[0].players == ("Аня", *[label for _value, label in fields[1:]])
    assert offered == list(games[0].players)
