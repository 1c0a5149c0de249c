"""Charge-phase durations per finished round (:func:`ChargeHistory`) and the end-of-game
summary (:func:`ResultSummary`); their lines are :mod:`companion.present.ricks_clocks`'s."""

from __future__ import annotations

import flet as ft

from companion.i18n import _
from companion.present.ricks_clocks import history_lines, result_rows
from companion.ui.boards.ricks.common import _box
from companion.ui.state import GameView
from companion.ui.widgets import tagged

__all__ = ["ChargeHistory", "ResultSummary"]


@ft.component
def ChargeHistory(view: GameView, version: int) -> ft.Control:
    """Each finished round's charge duration and burned energy; hidden once the game is over."""
    game = view.game
    if not view.state.rounds or game.outcome() is not None:
        return ft.Container(visible=False)
    rows: list[ft.Control] = [ft.Text(_("Фазы зарядки"), size=18, weight=ft.FontWeight.BOLD)]
    for n, line in history_lines(game):
        rows.append(tagged(f"charge-round-{n}", ft.Text(line, size=16), label=line))
    return _box(ft.Column(rows, spacing=4))


#: Widths (px) of the summary's columns (the burned energy takes the rest).
_COLUMNS = (64, 72, 80)


def _table_row(cells: list[str], size: float, bold: bool = False) -> ft.Control:
    weight = ft.FontWeight.BOLD if bold else None
    texts = [ft.Text(c, size=size, weight=weight) for c in cells]
    boxes = [ft.Container(t, width=w) for t, w in zip(texts, _COLUMNS, strict=False)]
    return ft.Row([*boxes, ft.Container(texts[-1], expand=True)], spacing=4)


@ft.component
def ResultSummary(view: GameView) -> ft.Control:
    """«Итоги по раундам»: per round the action and charge times and energy burned, the totals,
    each player's time in steps Б and В. Tags: ``result-round-{n}``, ``charge-summary``,
    ``charge-players``."""
    game = view.game
    if game.outcome() is None:
        return ft.Container(visible=False)
    table, players = result_rows(game)
    rows: list[ft.Control] = [
        ft.Text(_("Итоги по раундам"), size=18, weight=ft.FontWeight.BOLD),
        _table_row([_("Раунд"), _("Ходы"), _("Зарядка"), _("Сгорело энергии")], 13),
    ]
    for ident, cells, label in table:
        row = _table_row(cells, 15, bold=ident == "charge-summary")
        rows.append(tagged(ident, row, label=label))
    rows.append(tagged("charge-players", ft.Text(players, size=14), label=players))
    return tagged("result-summary", _box(ft.Column(rows, spacing=4)))
