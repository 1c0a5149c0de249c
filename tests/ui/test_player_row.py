"""The shared player row (:mod:`companion.ui.player_row`) as the boards compose it: in-process
(the real app on real Flet sessions, :mod:`tests.ui.render_tree`), no browser. Issue 29: one
row shape for the boards, the turn said the same way on each."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

NAMES = ["Аня", "Борис", "Вика"]


def _texts(c: Any) -> list[str]:
    """Every text value under control ``c``."""
    found = [c.value] if isinstance(c, ft.Text) and isinstance(c.value, str) else []
    for child in rt._children(c):
        found += _texts(child)
    return found


def _markers(c: Any) -> list[Any]:
    """The «ходит» marker slots under ``c``: containers of the marker's width."""
    found = [c] if isinstance(c, ft.Container) and c.width == 54 else []
    for child in rt._children(c):
        found += _markers(child)
    return found


async def _rows(data, game: str, tag: str) -> dict[int, dict[str, Any]]:
    hub = Hub(GameStore(data))
    g = hub.create(game, NAMES, first_player=1)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    rows = {}
    for i in range(len(NAMES)):
        row = rt.tagged_control(session, tag.format(i=i))
        rows[i] = {"texts": _texts(row), "slots": len(_markers(row))}
    return rows


def test_the_turn_is_said_by_one_marker_on_free_and_munchkin_rows(tmp_path):
    """The free board's rows and Munchkin's cards say «ходит» on the player whose turn it
    is (Munchkin drew an arrow; the free board a word). The free board keeps the marker's
    slot, empty, on every other row (its counters never move when the turn passes);
    Munchkin gives that room to the class on the other cards (only that text moves)."""
    for game, tag in (("free", "player-{i}"), ("munchkin", "card-p{i}")):
        rows = rt.run(_rows(tmp_path / game, game, tag))
        assert "ходит" in rows[1]["texts"], (game, rows[1])
        for i in (0, 2):
            assert "ходит" not in rows[i]["texts"], (game, i, rows[i])
        slots = [rows[i]["slots"] for i in range(len(NAMES))]
        assert slots == ([1, 1, 1] if game == "free" else [0, 1, 0]), (game, slots)


def _shape(box: Any, color: str) -> tuple[Any, Any, bool]:
    """A card's corner radius and the first cell of its line: its width, whether in ``color``."""
    line = box.content if isinstance(box.content, ft.Row) else box.content.controls[0]
    first = line.controls[0]
    return box.border_radius, first.width, first.bgcolor == color


async def _coup_shapes(data) -> list[tuple[Any, Any, bool]]:
    hub = Hub(GameStore(data))
    g = hub.create("coup", NAMES, first_player=1)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return [
        _shape(rt.tagged_control(session, f"player-p{i}"), spec.color)
        for i, spec in enumerate(g.game.setup.players)
    ]


def test_coup_rows_are_the_shared_card(tmp_path):
    """Issue 29: Coup's rows had a frame of their own (a 6 px colour bar at the left, corners
    of 10); they are :func:`companion.ui.player_row.player_row`'s card: its corners, the
    player's colour dot first on the line."""
    from companion.ui.player_row import player_row

    card = player_row("x", "#123456", False, ft.Text("x"), label=None).content
    assert _shape(card, "#123456") == (12, 10, True)  # what the shared card draws
    assert rt.run(_coup_shapes(tmp_path)) == [_shape(card, "#123456")] * len(NAMES)
