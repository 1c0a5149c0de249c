"""Coup's pinned bar says what «Никто» leads to (in-process, the real app on a real Flet
session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _declare(hub: Hub, gid: str, player: int, action: str, target: int | None = None) -> None:
    hub.push(gid, "coup.declare", {"player": player, "action": action, "target": target})


async def _bar_hint(data, moves) -> str:
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    moves(hub, g.id)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return next(
        c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "preview"
    )


def test_an_unchallenged_exchange_is_not_said_to_face_blocks(tmp_path):
    """«Посол: обмен» cannot be blocked: «Если никто» leads to the exchange itself, not to
    «дальше — запреты» (play-test)."""
    hint = rt.run(_bar_hint(tmp_path, lambda hub, gid: _declare(hub, gid, 0, "exchange")))
    assert "запрет" not in hint and "возьмёт 2 карты" in hint, hint


def test_the_block_step_does_not_announce_blocks_again(tmp_path):
    """«Ассасин: убийство»: in «Кто-то запрещает?» the bar says what happens with no block
    («Борис потеряет покровителя»), not «дальше — запреты» once more (play-test)."""

    def moves(hub: Hub, gid: str) -> None:
        for p in (0, 1, 2):
            _declare(hub, gid, p, "income")  # Аня has 3 coins
        _declare(hub, gid, 0, "assassinate", 1)
        hub.push(gid, "coup.no_challenge")  # nobody doubts the Assassin: the blocks come

    hint = rt.run(_bar_hint(tmp_path, moves))
    assert "дальше" not in hint and "Борис потеряет покровителя" in hint, hint


def test_a_blockable_action_unchallenged_still_leads_to_the_blocks(tmp_path):
    """«Запрет действия»: an unchallenged steal can still be blocked, and the bar says so."""

    def moves(hub: Hub, gid: str) -> None:
        _declare(hub, gid, 0, "steal", 1)

    hint = rt.run(_bar_hint(tmp_path, moves))
    assert "дальше — запреты" in hint and "заберёт у Бориса" in hint, hint
