"""Issue #30: «Добавить игрока» at the player limit looks greyed, and a tap says why (like
every other greyed control) and adds nobody (in-process, the real app:
:mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import flet as ft

from companion.engine import GAMES
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _seats(session) -> int:
    ids = {c.identifier for c in rt.controls(session) if isinstance(c, ft.Semantics)}
    return len([i for i in range(10) if f"player-name-{i}" in ids])


def _refusal(session) -> str:
    return " ".join(
        str(c.label)
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "error"
    )


def test_a_tap_on_add_player_at_the_limit_says_why(tmp_path):
    limit = GAMES["coup"].max_players

    async def main() -> tuple[int, str, float, bool]:
        session = await rt.open_app(make_main(Hub(GameStore(tmp_path))), "/new")
        await rt.select(session, "game-choice", "coup")
        await rt.quiet(session)
        while _seats(session) < limit:
            await rt.tap(session, rt.tagged_control(session, "add-player"))
            await rt.quiet(session)
        button = rt.tagged_control(session, "add-player")
        await rt.tap(session, rt.tagged_control(session, "add-player"))
        await rt.quiet(session)
        return _seats(session), _refusal(session), button.opacity, button.disabled

    seats, refusal, opacity, disabled = rt.run(main())
    assert seats == limit
    assert f"не больше {limit} игроков" in refusal and "уберите" in refusal, refusal
    assert opacity < 1 and not disabled  # looks greyed, still answers a tap
