"""Charge-phase durations per finished round (:func:`ChargeHistory`) and the end-of-game
summary (:func:`ResultSummary`)."""

from __future__ import annotations

import flet as ft

from companion.engine import Game
from companion.engine.ricks.timing import ChargeTiming, game_charge_timing
from companion.i18n import _
from companion.ui.boards.ricks.common import _box
from companion.ui.state import GameView
from companion.ui.widgets import fmt_seconds, tagged

__all__ = ["ChargeHistory", "ResultSummary"]


def _timing(game: Game) -> ChargeTiming:
    """The game's charge timing up to its last move."""
    return game_charge_timing(game, game.events[-1].ts if game.events else game.setup.created)


@ft.component
def ChargeHistory(view: GameView, version: int) -> ft.Control:
    """Each finished round's charge duration and burned energy; hidden once the game is over."""
    game = view.game
    state = view.state
    if not state.rounds or game.outcome() is not None:
        return ft.Container(visible=False)
    timing = _timing(game)
    rows: list[ft.Control] = [ft.Text(_("Фазы зарядки"), size=18, weight=ft.FontWeight.BOLD)]
    for r in state.rounds:
        n = r["round"]
        seconds = fmt_seconds(timing.rounds.get(n, 0.0))
        line = f"{_('Раунд')} {n}: {seconds}, {_('сгорело энергии')} {r['burned']}"
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
    state = view.state
    if game.outcome() is None:
        return ft.Container(visible=False)
    timing = _timing(game)
    rows: list[ft.Control] = [
        ft.Text(_("Итоги по раундам"), size=18, weight=ft.FontWeight.BOLD),
        _table_row([_("Раунд"), _("Ходы"), _("Зарядка"), _("Сгорело энергии")], 13),
    ]
    for r in state.rounds:
        n = r["round"]
        turns = fmt_seconds(timing.actions.get(n, 0.0))
        charge = fmt_seconds(timing.rounds.get(n, 0.0))
        label = (
            f"{_('Раунд')} {n}: {_('ходы')} {turns}, {_('зарядка')} {charge}, "
            f"{_('сгорело энергии')} {r['burned']}"
        )
        row = _table_row([str(n), turns, charge, str(r["burned"])], 15)
        rows.append(tagged(f"result-round-{n}", row, label))
    turns = fmt_seconds(sum(timing.actions.values()))
    charge = fmt_seconds(timing.total)
    burned = sum(r["burned"] for r in state.rounds)
    total = (
        f"{_('Всего')}: {_('ходы')} {turns}, {_('на зарядку')} {charge}, "
        f"{_('сгорело энергии')} {burned}"
    )
    row = _table_row([_("Всего"), turns, charge, str(burned)], 15, bold=True)
    rows.append(tagged("charge-summary", row, label=total))
    players = f"{_('Зарядка по игрокам')}: " + " · ".join(
        f"{p} {fmt_seconds(timing.per_player.get(i, 0.0))}" for i, p in enumerate(game.players)
    )
    rows.append(tagged("charge-players", ft.Text(players, size=14), label=players))
    return tagged("result-summary", _box(ft.Column(rows, spacing=4)))
