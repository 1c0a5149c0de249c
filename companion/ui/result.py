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
from companion.present.status import score_top
from companion.ui.layout import use_layout
from companion.ui.tagged_controls import bar_row, heading
from companion.ui.widgets import clipped_text, fmt_seconds, legend, said, tagged
from companion.words import fmt_score, winners_text

__all__ = ["CHART_HEIGHT", "SHORT_CHART_HEIGHT", "ResultHeader", "ResultDetails"]

#: The score chart's height (px); :data:`SHORT_CHART_HEIGHT` in the side column of a short
#: two-column layout (some 117 px to scroll in at 640×360), so it is seen whole there.
CHART_HEIGHT, SHORT_CHART_HEIGHT = 240, 108


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
    score_line = " · ".join(f"{game.players[i]}\u00a0{fmt_score(scores[i])}" for i in order)
    winner = tagged("winner", ft.Text(title, size=24, weight=ft.FontWeight.BOLD), label=names)
    cup = ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=36)
    lines = [
        ft.Row([cup, ft.Container(winner, expand=True)], spacing=8),
        said("result-reason", ft.Text(outcome.reason, size=16)),
        ft.Text(score_line, size=15, weight=ft.FontWeight.W_500),
    ]
    box = ft.Container(
        ft.Column(lines, spacing=6, tight=True),
        padding=14,
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )
    return tagged("summary", box, label=title)


ResultHeader = ft.memo(_ResultHeader)


def axis(title: str, values: range, *, title_size: int, label_size: int) -> Any:
    """A chart's axis titled ``title`` and labelled at ``values`` (whole numbers: no «0.5»,
    which Russian would write with a comma). Its ticks come every ``values.step``: a chart
    draws a custom label only on one of its own ticks."""
    import flet_charts as fch

    return fch.ChartAxis(
        title=ft.Text(title, size=12),
        title_size=title_size,
        label_size=label_size,
        label_spacing=values.step,
        labels=[fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=11)) for v in values],
    )


def line_chart(
    ident: str,
    label: str,
    lines: list[Any],
    axes: tuple[Any, Any],
    box: tuple[float, float, float, float],
    step: int,
    height: int,
) -> ft.Control:
    """A line chart ``height`` px tall tagged ``ident``, spoken as ``label``: ``lines``
    (``flet_charts.LineChartData``), ``axes`` (bottom, left; :func:`axis`), ``box`` (least and
    most x, least and most y), a grid line every ``step`` up."""
    import flet_charts as fch  # heavy: only when a chart is shown

    min_x, max_x, min_y, max_y = box
    chart = fch.LineChart(
        data_series=lines,
        interactive=False,
        min_x=min_x,
        max_x=max_x,
        min_y=min_y,
        max_y=max_y,
        bottom_axis=axes[0],
        left_axis=axes[1],
        horizontal_grid_lines=fch.ChartGridLines(
            color=ft.Colors.OUTLINE_VARIANT, width=1, interval=step
        ),
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        expand=True,
    )
    padding = ft.Padding.only(right=12, top=8, bottom=6)
    return tagged(ident, ft.Container(chart, height=height, padding=padding), label=label)


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
    # a step of room above the highest score, unless the rules cap it (score_top)
    cap = score_top(game.definition)
    ceiling = cap if cap is not None and top <= cap else top + max(1, round(top * 0.1))
    right = max(1, math.ceil(max(xs or [1])))
    x_step = max(1, math.ceil(right / 5))  # whole ticks: the chart's own gave 0.5, 1.5
    # the x labels' 26 px: a line of 11 px digits and its descent
    x_title = _("минуты от начала") if in_minutes else _("изменения счёта")
    return line_chart(
        "score-chart",
        f"{_('Счёт по ходу игры')}: {game.definition.score_label}",
        lines,
        (
            axis(x_title, range(0, right + 1, x_step), title_size=20, label_size=26),
            axis(
                game.definition.score_label,
                range(math.ceil(low / step) * step, ceiling + 1, step),
                title_size=18,
                label_size=32,
            ),
        ),
        (0, right, low, ceiling),
        step,
        height,
    )


def _times(game: Any, turn_list: bool = True) -> ft.Control:
    """Time per player (bars), then — ``turn_list`` — per turn («Время по ходам»)."""
    clock = game.turn_clock(game.events[-1].ts if game.events else game.setup.created)
    longest = max(clock.per_player.values() or [1]) or 1
    per_player = [
        bar_row(
            clipped_text(spec.name, 14),
            clock.per_player.get(i, 0) / longest,
            spec.color,
            ft.Text(fmt_seconds(clock.per_player.get(i, 0)), size=14),
            name_width=110,
            number_width=64,
        )
        for i, spec in enumerate(game.setup.players)
    ]
    right = ft.Alignment.CENTER_RIGHT
    turns = [
        ft.Row(
            [
                ft.Container(ft.Text(f"{_('Ход')} {n}", size=13), width=70),
                ft.Container(clipped_text(game.players[p] if p is not None else "—", 13), expand=1),
                ft.Container(ft.Text(fmt_seconds(s), size=13), width=64, alignment=right),
            ],
            spacing=8,
        )
        for n, p, s in (
            whole_turns(clock.turns) if game.definition.answers_within_turns else clock.turns
        )
        if p is not None or s >= 1  # not the empty «turn» after the end (no one, 0:00)
    ]
    parts = [
        heading(f"{_('Время игроков')} ({_('всего')} {fmt_seconds(clock.total)})", 16),
        tagged("player-times", ft.Column(per_player, spacing=4)),
    ]
    if turn_list:
        parts += [
            heading(_("Время по ходам"), 16),
            tagged("turn-times", ft.Column(turns, spacing=2)),
        ]
    return ft.Column(parts, spacing=8)


def _details(game: Any, turn_list: bool, height: int) -> ft.Control:
    """What :func:`ResultDetails` shows, the chart ``height`` px tall."""
    return tagged(
        "result-details",
        ft.Column(
            [
                heading(_("Счёт по ходу игры"), 16),
                *(
                    [legend((p.name, p.color) for p in game.setup.players), chart]
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
