"""The result of a finished game, shown first (SPEC §1 «Конец игры»).

:func:`ResultHeader`: the winner(s) (tagged ``winner``), the reason in the engine's words
(``outcome().reason``) and the final scores. :func:`ResultDetails`: the score chart (axes,
title, legend in the players' colours) and the time per player and per turn
(``game.turn_clock().per_player`` and ``.turns``; the per-turn list only for a board without
a summary of its own, see :mod:`companion.ui.boards`).
"""

from __future__ import annotations

import math
from typing import Any

import flet as ft

from companion.engine.clock import whole_turns
from companion.i18n import _
from companion.ui.hints import score_top
from companion.ui.layout import use_layout
from companion.ui.widgets import clipped_text, fmt_seconds, said, tagged

__all__ = ["CHART_HEIGHT", "SHORT_CHART_HEIGHT", "ResultHeader", "ResultDetails", "winners_text"]

#: The score chart's height (px). In the side column of a phone on its side (a short
#: two-column layout) the result scrolls in some 117 px (640×360) under the status line, so
#: the chart is :data:`SHORT_CHART_HEIGHT` there and a player sees it whole, its axis titles
#: with it.
CHART_HEIGHT, SHORT_CHART_HEIGHT = 240, 108


def winners_text(names: list[str]) -> str:
    """«Аня», «Аня и Борис», «Аня, Борис и Вика»."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {_('и')} " + names[-1]


def _fmt_score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


@ft.component
def _ResultHeader(game: Any, version: int) -> ft.Control:
    """Winner(s), reason, final scores (highest first)."""
    outcome = game.outcome()
    if outcome is None:
        return ft.Container(height=0)
    names = winners_text([game.players[i] for i in outcome.winners])
    title = f"{_('Победа')}: {names}" if names else _("Победителя нет")
    scores = game.definition.scores(game.state)
    order = sorted(scores, key=lambda i: -scores[i])
    # a name and its score are joined by a no-break space: a line never ends between them
    score_line = " · ".join(f"{game.players[i]}\u00a0{_fmt_score(scores[i])}" for i in order)
    return tagged(
        "summary",
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=36),
                            ft.Container(
                                tagged(
                                    "winner",
                                    ft.Text(title, size=24, weight=ft.FontWeight.BOLD),
                                    label=names,
                                ),
                                expand=True,
                            ),
                        ],
                        spacing=8,
                    ),
                    said("result-reason", ft.Text(outcome.reason, size=16)),
                    ft.Text(score_line, size=15, weight=ft.FontWeight.W_500),
                ],
                spacing=6,
                tight=True,
            ),
            padding=14,
            border_radius=12,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        ),
        label=title,
    )


ResultHeader = ft.memo(_ResultHeader)


def _legend(game: Any) -> ft.Control:
    return ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=14, height=14, border_radius=7, bgcolor=spec.color),
                    ft.Text(spec.name, size=14),
                ],
                spacing=4,
                tight=True,
            )
            for spec in game.setup.players
        ],
        wrap=True,
        spacing=14,
    )


def _tick_step(span: float, ticks: int = 5) -> int:
    """A whole-number tick step giving at most about ``ticks`` ticks over ``span``."""
    return max(1, math.ceil(span / ticks))


def _axis_labels(low: int, high: int, step: int) -> list[Any]:
    """Whole-number labels at every multiple of ``step`` from ``low`` to ``high``: no «0.5»
    (and so no decimal point, which Russian would write as a comma)."""
    import flet_charts as fch

    first = math.ceil(low / step) * step
    return [
        fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=11))
        for v in range(first, high + 1, step)
    ]


def _chart(game: Any, height: int = CHART_HEIGHT) -> ft.Control | None:
    """The score chart ``height`` px tall (tagged ``score-chart``), or ``None`` when no score
    ever changed (nothing to draw)."""
    import flet_charts as fch  # heavy: only when a result is shown

    series = game.score_series()
    if len(series) < 2:  # only the start: no score changed
        return None
    start = game.setup.created
    span = (series[-1][0] - start) / 60 if series else 0
    in_minutes = span >= 2
    lines = []
    values: list[float] = []
    xs: list[float] = []
    for i, spec in enumerate(game.setup.players):
        points = []
        for k, (ts, scores) in enumerate(series):
            x = round((ts - start) / 60 if in_minutes else k, 2)
            xs.append(x)
            if points and points[-1].y != scores.get(i, 0):  # a score jumps when it is scored
                points.append(fch.LineChartDataPoint(x, points[-1].y))
            points.append(fch.LineChartDataPoint(x, scores.get(i, 0)))
            values.append(scores.get(i, 0))
        lines.append(fch.LineChartData(points=points, color=spec.color, stroke_width=3))
    top = math.ceil(max(values or [1]))
    low = math.floor(min(0, min(values or [0])))
    # about four ticks up the axis; two in a short chart (its plot is some 50 px tall)
    step = max(1, round(top / (4 if height >= CHART_HEIGHT else 2)))
    # a step of room above the highest score, unless the rules cap the score: Coup's axis
    # ran to 3 influences where a player holds 2 at most
    cap = score_top(game.definition)
    ceiling = cap if cap is not None and top <= cap else top + max(1, round(top * 0.1))
    right = max(1, math.ceil(max(xs or [1])))
    x_step = _tick_step(right)
    return tagged(
        "score-chart",
        ft.Container(
            fch.LineChart(
                data_series=lines,
                interactive=False,
                min_y=low,
                max_y=ceiling,
                min_x=0,
                max_x=right,
                left_axis=fch.ChartAxis(
                    title=ft.Text(game.definition.score_label, size=12),
                    title_size=18,
                    label_size=32,
                    # the chart draws a custom label only on one of its own ticks: ticks every
                    # ``step`` (without it a 16-VP Smash Up chart showed only its 0)
                    label_spacing=step,
                    labels=_axis_labels(low, ceiling, step),  # no «0.5 покровителя»
                ),
                bottom_axis=fch.ChartAxis(
                    title=ft.Text(
                        _("минуты от начала") if in_minutes else _("изменения счёта"), size=12
                    ),
                    title_size=20,
                    # room for a line of 11 px digits and its descent: at 22 px (with the
                    # chart's default labels) the numbers were clipped at the bottom
                    label_size=26,
                    # whole ticks: the chart's own spacing gave 0.5, 1.5 for a few changes
                    label_spacing=x_step,
                    labels=_axis_labels(0, right, x_step),
                ),
                horizontal_grid_lines=fch.ChartGridLines(
                    color=ft.Colors.OUTLINE_VARIANT, width=1, interval=step
                ),
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                expand=True,
            ),
            height=height,
            padding=ft.Padding.only(right=12, top=8, bottom=6),
        ),
        label=f"{_('Счёт по ходу игры')}: {game.definition.score_label}",
    )


def _times(game: Any, turn_list: bool = True) -> ft.Control:
    """Time per player (bars), then — ``turn_list`` — per turn («Время по ходам»)."""
    clock = game.turn_clock(game.events[-1].ts if game.events else game.setup.created)
    longest = max(clock.per_player.values() or [1]) or 1
    per_player = [
        ft.Row(
            [
                ft.Container(
                    clipped_text(spec.name, 14),
                    width=110,
                ),
                ft.Container(
                    ft.ProgressBar(
                        value=clock.per_player.get(i, 0) / longest,
                        color=spec.color,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        bar_height=10,
                        border_radius=5,
                    ),
                    expand=True,
                ),
                ft.Container(
                    ft.Text(fmt_seconds(clock.per_player.get(i, 0)), size=14),
                    width=64,
                    alignment=ft.Alignment.CENTER_RIGHT,
                ),
            ],
            spacing=8,
        )
        for i, spec in enumerate(game.setup.players)
    ]
    turns = [
        ft.Row(
            [
                ft.Container(ft.Text(f"{_('Ход')} {n}", size=13), width=70),
                ft.Container(
                    clipped_text(game.players[p] if p is not None else "—", 13),
                    expand=True,
                ),
                ft.Container(
                    ft.Text(fmt_seconds(s), size=13),
                    width=64,
                    alignment=ft.Alignment.CENTER_RIGHT,
                ),
            ],
            spacing=8,
        )
        for n, p, s in (
            whole_turns(clock.turns) if game.definition.answers_within_turns else clock.turns
        )
        if p is not None or s >= 1  # not the empty «turn» after the end (no one, 0:00)
    ]
    return ft.Column(
        [
            ft.Text(
                f"{_('Время игроков')} ({_('всего')} {fmt_seconds(clock.total)})",
                size=16,
                weight=ft.FontWeight.BOLD,
            ),
            tagged("player-times", ft.Column(per_player, spacing=4)),
            *(
                [
                    ft.Text(_("Время по ходам"), size=16, weight=ft.FontWeight.BOLD),
                    tagged("turn-times", ft.Column(turns, spacing=2)),
                ]
                if turn_list
                else []
            ),
        ],
        spacing=8,
    )


def _details(game: Any, turn_list: bool, height: int) -> ft.Control:
    """What :func:`ResultDetails` shows, the chart ``height`` px tall."""
    return tagged(
        "result-details",
        ft.Column(
            [
                ft.Text(_("Счёт по ходу игры"), size=16, weight=ft.FontWeight.BOLD),
                *(
                    [_legend(game), chart]
                    if (chart := _chart(game, height)) is not None
                    else [tagged("no-score-change", ft.Text(_("Счёт не менялся."), size=14))]
                ),
                _times(game, turn_list),
            ],
            spacing=8,
        ),
    )


@ft.component
def _ResultDetails(game: Any, version: int, turn_list: bool, height: int) -> ft.Control:
    if game.outcome() is None:
        return ft.Container(height=0)
    return _details(game, turn_list, height)


_MemoDetails = ft.memo(_ResultDetails)


@ft.component
def ResultDetails(game: Any, version: int, turn_list: bool = True) -> ft.Control:
    """Score chart with title, axes and legend; time per player and — ``turn_list`` — per
    turn (left out where the board's own summary says where the time went). Re-drawn when
    the game's ``version`` or the chart's height (the frame's layout: :data:`CHART_HEIGHT`,
    :data:`SHORT_CHART_HEIGHT`) changes."""
    layout = use_layout()
    short_side = layout.two_columns and layout.short
    height = SHORT_CHART_HEIGHT if short_side else CHART_HEIGHT
    return _MemoDetails(game, version, turn_list, height)
