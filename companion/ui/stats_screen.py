"""«Статистика»: per player, per game, head to head, and two charts (issue 32).

Per player: plays, wins and win rate overall and per game, average and best score per game
where the game scores, average turn time, last played, current and longest winning streak.
Per game: plays, average play time and rounds, most wins, highest score. Head to head: two
chosen players' games together and the wins of each. Charts: wins per player (a bar across
the screen per player, in their colours) and one game's play times over its plays
(flet-charts).
A game filter narrows everything to one game.
"""

from __future__ import annotations

import math

import flet as ft

from companion.i18n import _
from companion.present.stats import game_lines, player_lines
from companion.store.history import Play
from companion.store.plays import Plays, load_plays
from companion.store.stats import (
    GameStats,
    PlayerStats,
    filter_plays,
    game_stats,
    head_to_head,
    player_stats,
)
from companion.ui.nav import app_model
from companion.ui.plays import (
    ALL,
    Frame,
    choice,
    dot,
    game_choice,
    grid,
    warning_boxes,
)
from companion.ui.result import axis, line_chart
from companion.ui.tagged_controls import bar_row, card, heading, two_up
from companion.ui.widgets import clipped_text, said, tagged
from companion.words import fmt_score

__all__ = ["StatsScreen", "CHART_PLAYERS", "CHART_PLAYS"]

#: The wins chart shows at most this many players (the most wins first).
CHART_PLAYERS = 8
#: The slot (px) of a row's number of wins: three digits at 14 px.
WINS_WIDTH = 32
#: The play-time chart shows this many latest plays of the game at most.
CHART_PLAYS = 50
#: The play-time chart's height (px).
CHART_HEIGHT = 220


def _player_card(st: PlayerStats, data: Plays, titles: dict[str, str]) -> ft.Control:
    head, facts, games = player_lines(st, titles)
    title = said("player-line", clipped_text(head, 16, lines=2, weight=ft.FontWeight.W_600))
    return card(
        f"player-stats-{st.name}",
        [
            ft.Row([dot(data.color(st.name), 16), ft.Container(title, expand=True)], spacing=8),
            *[clipped_text(f, 14, lines=2) for f in facts],
            *[clipped_text(g, 13, lines=3, color=ft.Colors.ON_SURFACE_VARIANT) for g in games],
        ],
        ". ".join([head, *facts, *games]),
    )


def _game_card(gs: GameStats) -> ft.Control:
    lines = game_lines(gs)
    return card(
        f"game-stats-{gs.game}",
        [
            clipped_text(gs.title, 16, lines=2, weight=ft.FontWeight.W_600),
            *[clipped_text(x, 14, lines=2) for x in lines],
        ],
        ". ".join([gs.title, *lines]),
    )


def _wins_chart(stats: list[PlayerStats], data: Plays) -> ft.Control | None:
    """Wins per player as bars across the screen in their colours, the most wins first: the
    name (one line; Flutter cuts a long one with «…», and the player's card below has it
    whole), the bar, the number of wins. Tags: ``wins-chart`` (its label says every name
    and number), ``wins-name-{i}`` per row."""
    shown = [s for s in stats if s.plays][:CHART_PLAYERS]
    if not shown:
        return None
    top = max(1, max(s.wins for s in shown))
    rows = [
        bar_row(
            said(f"wins-name-{i}", clipped_text(s.name, 14)),
            s.wins / top,
            data.color(s.name),
            ft.Text(str(s.wins), size=14, weight=ft.FontWeight.W_600),
            number_width=WINS_WIDTH,
            bar_height=16,
        )
        for i, s in enumerate(shown)
    ]
    names = ", ".join(f"{s.name} {s.wins}" for s in shown)
    chart = tagged(
        "wins-chart", ft.Column(rows, spacing=8), label=f"{_('Победы по игрокам')}: {names}"
    )
    # the numbers clear of the screen's scrollbar on the right (as the charts' cards are)
    return ft.Container(chart, padding=ft.Padding.only(right=12))


def _durations_chart(plays: list[Play]) -> ft.Control | None:
    """One game's play time (minutes) over its latest :data:`CHART_PLAYS` plays, oldest
    first (x: the play's number among all the game's plays)."""
    import flet_charts as fch

    if len(plays) < 2:
        return None
    skipped = max(0, len(plays) - CHART_PLAYS)
    minutes = [round(p.seconds / 60, 1) for p in plays[skipped:]]
    top = max(1, math.ceil(max(minutes)))
    step = max(1, math.ceil(top / 4))
    n = len(minutes)
    points = [fch.LineChartDataPoint(skipped + i + 1, m) for i, m in enumerate(minutes)]
    return line_chart(
        "durations-chart",
        f"{_('Длительность партий, минут')}: {', '.join(fmt_score(m) for m in minutes)}",
        [fch.LineChartData(points=points, color=ft.Colors.PRIMARY, stroke_width=3)],
        (
            axis(
                _("партия по счёту"),
                range(skipped + 1, skipped + n + 1, max(1, math.ceil(n / 6))),
                title_size=20,
                label_size=26,
            ),
            axis(_("минуты"), range(0, top + step + 1, step), title_size=18, label_size=32),
        ),
        (skipped + 1, skipped + n, 0, top + step),
        step,
        CHART_HEIGHT,
    )


@ft.component
def StatsScreen() -> ft.Control:
    app = app_model()
    game, set_game = ft.use_state(ALL)
    pair, set_pair = ft.use_state(("", ""))
    data = load_plays(app.hub.store)
    plays = filter_plays(data.plays, game=None if game == ALL else game)
    titles = {p.game: p.title for p in data.plays}
    players = player_stats(plays, data.aliases)
    per_game = game_stats(plays, data.aliases)
    people = data.people()
    a = pair[0] or (people[0] if people else "")
    b = pair[1] or (people[1] if len(people) > 1 else "")
    body: list[ft.Control] = [
        *warning_boxes(data.warnings),
        game_choice("stats-game", game, data, set_game),
    ]
    if not plays:
        body.append(ft.Text(_("Сыгранных партий пока нет: статистика появится после первой.")))
        return Frame(_("Статистика"), "stats", body)
    chart = _wins_chart(players, data)
    by_plays = sorted(per_game.values(), key=lambda g: -g.plays)
    body += [
        said("stats-total", ft.Text(f"{_('Партий')}: {len(plays)}", size=15)),
        heading(_("Победы по игрокам")),
        *([chart] if chart is not None else []),
        heading(_("Игроки")),
        grid([_player_card(st, data, titles) for st in players]),
        heading(_("Игры")),
        grid([_game_card(gs) for gs in by_plays]),
    ]
    # the chosen game's play times, else the most played game's
    focus = game if game != ALL else by_plays[0].game
    durations = _durations_chart([p for p in plays if p.game == focus])
    if durations is not None:
        body += [heading(f"{_('Длительность партий')}: {titles[focus]}"), durations]
    if len(people) >= 2:
        h = head_to_head(plays, a, b, data.aliases)
        people_opts = [(n, n) for n in people]
        result = (
            f"{_('Вместе сыграно')}: {h.together} · {h.a} {h.wins_a} — {h.b} {h.wins_b}"
            if h.a != h.b
            else _("Выберите двух разных игроков.")
        )
        body += [
            heading(_("Один на один")),
            two_up(
                choice("h2h-a", _("Игрок 1"), a, people_opts, lambda v: set_pair((v, b))),
                choice("h2h-b", _("Игрок 2"), b, people_opts, lambda v: set_pair((a, v))),
            ),
            said("h2h-result", clipped_text(result, 16, lines=3, weight=ft.FontWeight.W_500)),
        ]
    return Frame(_("Статистика"), "stats", body)
