"""Charge-phase durations of the finished rounds while the game runs (:func:`ChargeHistory`, at
the bottom of the board), and the end-of-game summary per round (:func:`ResultSummary`, which
the frame shows right under the winner)."""

from __future__ import annotations

import flet as ft

from companion.engine.ricks.timing import game_charge_timing
from companion.i18n import _
from companion.ui.boards.ricks.common import (
    _box,
    tag,
)
from companion.ui.state import GameView
from companion.ui.widgets import fmt_seconds

__all__ = ["ChargeHistory", "ResultSummary"]


# -- history / summary -----------------------------------------------------------------------------
@ft.component
def ChargeHistory(view: GameView, version: int) -> ft.Control:
    """Each finished round's charge-phase duration and burned energy while the game runs; once
    it is over the same numbers are in :func:`ResultSummary`, at the top, and this is hidden."""
    game = view.game
    state = view.state
    if not state.rounds or game.outcome() is not None:
        return ft.Container(visible=False)
    last = game.events[-1].ts if game.events else game.setup.created
    timing = game_charge_timing(game, last)
    rows: list[ft.Control] = [ft.Text(_("Фазы зарядки"), size=18, weight=ft.FontWeight.BOLD)]
    for r in state.rounds:
        n = r["round"]
        seconds = fmt_seconds(timing.rounds.get(n, 0.0))
        line = f"{_('Раунд')} {n}: {seconds}, {_('сгорело энергии')} {r['burned']}"
        rows.append(tag(f"charge-round-{n}", ft.Text(line, size=16), label=line))
    return _box(ft.Column(rows, spacing=4))


#: Widths (px) of the summary's columns: the round, the action turns, the charge phase; the
#: burned energy takes the rest (the whole table fits a 360 px phone).
_COLUMNS = (64, 72, 80)


def _table_row(cells: list[str], size: float, bold: bool = False) -> ft.Control:
    weight = ft.FontWeight.BOLD if bold else None
    return ft.Row(
        [
            *[
                ft.Container(ft.Text(c, size=size, weight=weight), width=w)
                for c, w in zip(cells, _COLUMNS, strict=False)
            ],
            ft.Container(ft.Text(cells[-1], size=size, weight=weight), expand=True),
        ],
        spacing=4,
    )


@ft.component
def ResultSummary(view: GameView) -> ft.Control:
    """«Итоги по раундам», right under the winner: one row per round
    — the time of its action turns (and its start), of its charge phase, the energy burned at
    its end — the totals, and each player's time in steps Б and В («Фаза зарядки»). The frame
    then leaves out the per-turn list. Tags: ``result-round-{n}``, ``charge-summary``,
    ``charge-players``."""
    game = view.game
    state = view.state
    if game.outcome() is None:
        return ft.Container(visible=False)
    last = game.events[-1].ts if game.events else game.setup.created
    timing = game_charge_timing(game, last)
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
        rows.append(
            tag(
                f"result-round-{n}",
                _table_row([str(n), turns, charge, str(r["burned"])], 15),
                label,
            )
        )
    turns = fmt_seconds(sum(timing.actions.values()))
    charge = fmt_seconds(timing.total)
    burned = sum(r["burned"] for r in state.rounds)
    total = (
        f"{_('Всего')}: {_('ходы')} {turns}, {_('на зарядку')} {charge}, "
        f"{_('сгорело энергии')} {burned}"
    )
    rows.append(
        tag(
            "charge-summary",
            _table_row([_("Всего"), turns, charge, str(burned)], 15, bold=True),
            label=total,
        )
    )
    players = f"{_('Зарядка по игрокам')}: " + " · ".join(
        f"{p} {fmt_seconds(timing.per_player.get(i, 0.0))}" for i, p in enumerate(game.players)
    )
    rows.append(tag("charge-players", ft.Text(players, size=14), label=players))
    return tag("result-summary", _box(ft.Column(rows, spacing=4)))
