"""The Ricks board draws the universes as they lie on the table (in-process, the real app on a
real Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import flet as ft

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

ACTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}}


def _label(session, ident: str) -> str:
    node = next(
        c for c in rt.controls(session) if isinstance(c, ft.Semantics) and c.identifier == ident
    )
    return node.label or ""


async def _order_before_and_after_up(data) -> tuple[list[str], list[str], str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")  # the action phase: Аня in Кроховселенная
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    unis = [t for t in rt.tagged_in_order(session) if t.startswith("uni-")]
    before = _label(session, "uni-3")
    await rt.tap(session, rt.tappables(session)["move-up"])
    await rt.quiet(session)
    after = [t for t in rt.tagged_in_order(session) if t.startswith("uni-")]
    return unis, after, before, _label(session, "uni-2")


def test_universes_are_drawn_top_to_bottom_as_on_the_table(tmp_path):
    """«Подготовка к игре»: the universe cards lie top to bottom Риковселенная, Микровселенная,
    Мини-вселенная, Кроховселенная. The board lists them in that order (it listed Кроховселенная
    first, so «↑» moved a character to a box drawn below), and «↑» from Кроховселенная puts
    the character in Мини-вселенная, the box drawn just above."""
    before, after, kro, mini = rt.run(_order_before_and_after_up(tmp_path))
    assert before == ["uni-0", "uni-1", "uni-2", "uni-3"]
    assert after == before
    assert kro.startswith(KRO) and "Аня" in kro
    assert mini.startswith(MINI) and "Аня" in mini
