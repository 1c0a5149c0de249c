"""Charge-phase durations of the finished rounds (titled as part of the summary at the end)."""

from __future__ import annotations

import flet as ft

from companion.engine.ricks_timing import game_charge_timing
from companion.i18n import _
from companion.ui.boards.ricks.common import (
    _box,
    tag,
)
from companion.ui.state import GameView
from companion.ui.widgets import fmt_seconds

__all__ = ["ChargeHistory"]


# -- history / summary -----------------------------------------------------------------------------
@ft.component
def ChargeHistory(view: GameView, version: int) -> ft.Control:
    """Each finished round's charge-phase duration and burned energy; after the last round it is
    titled as part of the end-of-game summary."""
    game = view.game
    state = view.state
    if not state.rounds:
        return ft.Container(visible=False)
    last = game.events[-1].ts if game.events else game.setup.created
    timing = game_charge_timing(game, last)
    over = game.outcome() is not None
    rows: list[ft.Control] = [
        ft.Text(
            _("Итоги: фаза зарядки по раундам") if over else _("Фазы зарядки"),
            size=18,
            weight=ft.FontWeight.BOLD,
        )
    ]
    for r in state.rounds:
        n = r["round"]
        seconds = fmt_seconds(timing.rounds.get(n, 0.0))
        line = f"{_('Раунд')} {n}: {seconds}, {_('сгорело энергии')} {r['burned']}"
        rows.append(tag(f"charge-round-{n}", ft.Text(line, size=16), label=line))
    if over:
        total = f"{_('Всего на зарядку')}: {fmt_seconds(timing.total)}"
        rows.append(
            tag("charge-summary", ft.Text(total, size=16, weight=ft.FontWeight.BOLD), label=total)
        )
        rows += [
            ft.Text(f"{p}: {fmt_seconds(timing.per_player.get(i, 0.0))}", size=14)
            for i, p in enumerate(game.players)
        ]
    return _box(ft.Column(rows, spacing=4))
