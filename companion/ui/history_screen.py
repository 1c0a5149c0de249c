"""«История»: finished games newest first, filtered by game and player; :data:`PAGE` cards at
a time; a tap opens the game, the journal button its journal."""

from __future__ import annotations

import flet as ft

from companion.i18n import _
from companion.store.history import Play
from companion.store.plays import Plays, load_plays
from companion.store.stats import filter_plays
from companion.ui.nav import app_model, go
from companion.ui.plays import (
    ALL,
    Frame,
    choice,
    game_choice,
    grid,
    warning_boxes,
)
from companion.ui.tagged_controls import card, flow, two_up
from companion.ui.widgets import TARGET, button, clipped_text, icon_button, legend, said, tagged
from companion.words import fmt_day, fmt_minutes, fmt_score, winners_text

__all__ = ["HistoryScreen", "PAGE", "play_card"]

PAGE = 20


def play_card(p: Play, data: Plays, ident: str = "play") -> ft.Control:
    """One play as a card; a tap opens the game, the journal button its journal."""
    title = p.title + (f" · {p.edition}" if p.edition else "")
    winners = winners_text(list(p.winner_names))
    won = f"{_('Победа')}: {winners}" if winners else _("Победителя нет")
    scores = (
        " · ".join(f"{n} {fmt_score(s)}" for n, s in zip(p.players, p.scores, strict=True))
        if p.scores is not None
        else ""
    )
    facts = f"{fmt_minutes(p.seconds)} · {_('раундов')}: {p.rounds}"
    spoken = ". ".join(
        x
        for x in (
            fmt_day(p.started),
            title,
            ", ".join(p.players),
            won,
            _("досрочно") if p.early else "",
            scores,
            facts,
        )
        if x
    )
    badge = ft.Container(
        ft.Text(_("досрочно"), size=12, color=ft.Colors.ON_TERTIARY_CONTAINER),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=6, vertical=2),
        border_radius=6,
    )
    early = [tagged("early", badge)] if p.early else []
    journal = icon_button(
        f"journal-{p.id}",
        ft.Icons.LIST_ALT,
        _("Журнал игры"),
        lambda: go(f"/game/{p.id}/log"),
        label=f"{_('Журнал игры')}: {title}, {fmt_day(p.started)}",
    )
    about = [
        clipped_text(fmt_day(p.started), 12, color=ft.Colors.ON_SURFACE_VARIANT),
        flow([clipped_text(title, 16, lines=2, weight=ft.FontWeight.W_600), *early]),
        legend(zip(p.players, p.colors, strict=True), 10),
        said(f"winners-{p.id}", clipped_text(won, 15, lines=2, weight=ft.FontWeight.W_500)),
        *([clipped_text(scores, 14, lines=3)] if scores else []),
        clipped_text(facts, 13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    row = ft.Row(
        [ft.Column(about, spacing=4, expand=True), ft.Container(journal, width=TARGET)],
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    return card(
        f"{ident}-{p.id}",
        [row],
        spoken,
        padding=ft.Padding.only(left=14, top=10, bottom=10, right=4),
        on_click=lambda: go(f"/game/{p.id}"),
    )


@ft.component
def HistoryScreen() -> ft.Control:
    app = app_model()
    game, set_game = ft.use_state(ALL)
    player, set_player = ft.use_state(ALL)
    shown, set_shown = ft.use_state(PAGE)
    data = load_plays(app.hub.store)
    chosen = filter_plays(
        data.plays,
        game=None if game == ALL else game,
        player=None if player == ALL else player,
        aliases=data.aliases,
    )[::-1]
    filters = two_up(
        game_choice("filter-game", game, data, lambda v: (set_game(v), set_shown(PAGE))),
        choice(
            "filter-player",
            _("Игрок"),
            player,
            [(ALL, _("Все игроки")), *[(n, n) for n in data.people()]],
            lambda v: (set_player(v), set_shown(PAGE)),
        ),
    )
    count = said("history-count", ft.Text(f"{_('Партий')}: {len(chosen)}", size=15))
    body = [*warning_boxes(data.warnings), filters, count]
    if not data.plays:
        body.append(
            ft.Text(_("Сыгранных партий пока нет: они появятся здесь, когда игра закончится."))
        )
    body.append(grid([play_card(p, data) for p in chosen[:shown]]))
    if len(chosen) > shown:
        more = f"{_('Показать ещё')} ({len(chosen) - shown})"
        body.append(button("show-more", more, lambda: set_shown(shown + PAGE)))
    return Frame(_("История"), "history", body)
