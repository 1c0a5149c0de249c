"""A greyed control still answers a tap and says why (in-process, the real app on a real Flet
session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _label(session, ident: str) -> str:
    found = [
        c for c in rt.controls(session) if isinstance(c, ft.Semantics) and c.identifier == ident
    ]
    return (found[-1].label or "") if found else ""


async def _tap_card_question(data) -> tuple[str, str, bool]:
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    hub.push(g.id, "coup.declare", {"player": 0, "action": "tax", "target": None})
    hub.push(g.id, "coup.challenge", {"challenger": 1})
    hub.push(g.id, "coup.challenge_result", {"proven": True})  # Борис loses a card
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    before = _label(session, "error")
    bar = rt.tappables(session)["primary-action"]
    await rt.tap(session, bar)
    await rt.quiet(session)
    moved = hub.revision(g.id) != 3
    return before, _label(session, "error"), moved


def test_greyed_card_question_says_why_when_tapped(tmp_path):
    """«Покровители»: the player who loses a card picks which one — «Карта?» in the pinned bar
    is greyed (the card buttons above answer), and a tap on it says so, naming the player and
    the rule (it was disabled and said nothing). No move is made."""
    before, after, moved = rt.run(_tap_card_question(tmp_path))
    assert "Борис" not in before
    assert "Сначала коснитесь карты, которую раскрывает Борис" in after
    assert "(Покровители)" in after
    assert not moved
