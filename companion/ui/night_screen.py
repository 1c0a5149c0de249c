"""«Итоги вечера»: game nights (games under six hours apart), newest first and whole, then
:data:`NIGHTS` earlier ones."""

from __future__ import annotations

import time
from functools import partial

import flet as ft

from companion.i18n import _
from companion.store.plays import Plays, load_plays
from companion.store.stats import Night, nights
from companion.ui.nav import app_model, go
from companion.ui.plays import Frame, warning_boxes
from companion.ui.tagged_controls import card
from companion.ui.widgets import TARGET, clipped_text, said, tagged
from companion.words import winners_text

__all__ = ["NightScreen", "NIGHTS", "night_card"]

#: How many nights the screen lists.
NIGHTS = 10
#: How many games of a night are listed one by one (the rest as «и ещё N»).
NIGHT_PLAYS = 15


def night_card(night: Night, data: Plays, k: int) -> ft.Control:
    day = time.strftime("%d.%m.%Y", time.localtime(night.started))
    names, wins = night.top
    top = (
        f"{_('Больше всех побед')}: {winners_text(list(names))} ({wins})"
        if names
        else _("Побед никто не одержал")
    )
    rows: list[ft.Control] = []
    spoken = [f"{_('Вечер')} {day}", f"{_('Партий')}: {len(night.plays)}", top]
    for p in night.plays[:NIGHT_PLAYS]:
        at = time.strftime("%H:%M", time.localtime(p.started))
        won = winners_text(list(p.winner_names)) or _("никто")
        text = f"{at} {p.title}: {won}" + (f" ({_('досрочно')})" if p.early else "")
        spoken.append(text)
        cup = ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.AMBER, size=18)
        line = ft.Row([cup, ft.Container(clipped_text(text, 14, lines=2), expand=True)], spacing=6)
        opened = partial(go, f"/game/{p.id}")
        box = ft.Container(line, height=TARGET, ink=True, on_click=opened)
        rows.append(tagged(f"night-play-{p.id}", box, label=text))
    if len(night.plays) > NIGHT_PLAYS:
        rest = f"{_('и ещё партий')}: {len(night.plays) - NIGHT_PLAYS} ({_('все — в «Истории»')})"
        rows.append(clipped_text(rest, 14, lines=2, color=ft.Colors.ON_SURFACE_VARIANT))
    title = f"{_('Вечер')} {day} · {_('партий')}: {len(night.plays)}"
    return card(
        f"night-{k}",
        [
            clipped_text(title, 18, weight=ft.FontWeight.BOLD),
            said(f"night-top-{k}", clipped_text(top, 16, lines=2, weight=ft.FontWeight.W_600)),
            *rows,
        ],
        ". ".join(spoken),
        spacing=2,
    )


@ft.component
def NightScreen() -> ft.Control:
    app = app_model()
    data = load_plays(app.hub.store)
    found = nights(data.plays, data.aliases)
    body: list[ft.Control] = [*warning_boxes(data.warnings)]
    if not found:
        body.append(ft.Text(_("Сыгранных партий пока нет: итоги появятся после первой.")))
    body += [night_card(n, data, k) for k, n in enumerate(found[:NIGHTS])]
    return Frame(_("Итоги вечера"), "nights", body)
