"""The four universes top to bottom as on the table («Подготовка к игре»)."""

from __future__ import annotations

import flet as ft

from companion.engine.ricks import PHASE_CHARGE, UNIVERSES
from companion.i18n import _
from companion.present.ricks_texts import chip_text
from companion.ui.boards.ricks.common import _box, card_text
from companion.ui.state import GameView
from companion.ui.widgets import tagged

__all__ = ["Universes"]


@ft.component
def Universes(view: GameView, version: int) -> ft.Control:
    """The four universes with characters, sources and inventions; a character's chip names
    its abilities («Карты способностей»). Tags: ``uni-{k}`` (Риковселенная 0)."""
    game = view.game
    state = view.state
    names = game.players
    ch = state.charge if state.phase == PHASE_CHARGE else None
    boxes = []
    for k, u in enumerate(UNIVERSES):
        here = [i for i, p in enumerate(state.players) if p.universe == u]
        chips = [
            ft.Container(
                ft.Text(chip_text(state, i, names), size=14, color=ft.Colors.WHITE),
                bgcolor=game.setup.players[i].color,
                padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                border_radius=12,
            )
            for i in here
        ]
        cards: list[ft.Control] = []
        for c in (c for c in state.cards if c.universe == u):
            said = card_text(c, names, spoken=True)
            text = ft.Text(card_text(c, names), size=14, semantics_label=said)
            cards.append(tagged(f"card-{c.id}", text, said))
        charging = ch is not None and ch.universe == u
        header = [
            ft.Text(u, size=18, weight=ft.FontWeight.BOLD, expand=True),
            ft.Text(f"{_('действий')}: {state.actions_by_universe[u]}", size=14),
        ]
        if ch is not None and charging:
            bolt = ft.Icon(ft.Icons.BOLT, color=ft.Colors.AMBER)
            number = ft.Text(str(ch.energy), size=24, weight=ft.FontWeight.BOLD)
            header.append(ft.Row([bolt, number], spacing=0))
        who = ", ".join(chip_text(state, i, names) for i in here) or _("никого")
        lines = [ft.Row(header), ft.Row(chips, wrap=True, spacing=6), *cards]
        box = _box(ft.Column(lines, spacing=4), highlight=charging)
        boxes.append(tagged(f"uni-{k}", box, label=f"{u}: {who}"))
    return ft.Column(boxes, spacing=6)
