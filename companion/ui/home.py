"""Home screen: new game, saved games to resume, rules and settings."""

from __future__ import annotations

import time

import flet as ft

from companion.i18n import _
from companion.ui.lan import JoinCard
from companion.ui.nav import app_model, go
from companion.ui.widgets import tagged

__all__ = ["Home"]


@ft.component
def Home() -> ft.Control:
    app = app_model()
    games = app.hub.store.list()
    warnings = [*app.warnings, *app.hub.store.warnings]
    tiles = [
        tagged(
            f"saved-{s.id}",
            ft.Card(
                ft.ListTile(
                    leading=ft.Icon(ft.Icons.EMOJI_EVENTS if s.finished else ft.Icons.CASINO),
                    title=ft.Text(f"{s.title}: {', '.join(s.players)}"),
                    subtitle=ft.Text(
                        f"{_('начата')} {time.strftime('%d.%m %H:%M', time.localtime(s.started))}, "
                        f"{_('изменена')} {time.strftime('%d.%m %H:%M', time.localtime(s.updated))} · {s.status} · {_('событий')}: {s.events}"
                    ),
                    on_click=lambda _e, gid=s.id: go(f"/game/{gid}"),
                )
            ),
            label=f"{s.title}: {', '.join(s.players)}",
        )
        for s in games
    ]
    return ft.Column(
        [
            ft.Text("Table Companion", size=28, weight=ft.FontWeight.BOLD),
            ft.Text(_("Счёт, ход и правила для настольной игры на столе."), size=14),
            JoinCard(app.lan) if app.lan is not None else ft.Container(),
            tagged(
                "role",
                ft.Text(_("Вы — зритель: только просмотр."), color=ft.Colors.SECONDARY),
                label="spectator",
            )
            if app.role == "spectator"
            else ft.Container(),
            *[
                tagged(
                    "store-warning",
                    ft.Container(
                        ft.Text(w, color=ft.Colors.ON_ERROR_CONTAINER),
                        bgcolor=ft.Colors.ERROR_CONTAINER,
                        padding=10,
                        border_radius=8,
                    ),
                    label=w,
                )
                for w in dict.fromkeys(warnings)
            ],
            ft.Row(
                [
                    tagged(
                        "new-game",
                        ft.FilledButton(
                            _("Новая игра"),
                            icon=ft.Icons.ADD,
                            height=56,
                            disabled=app.role == "spectator",
                            on_click=lambda: go("/new"),
                        ),
                    ),
                    tagged(
                        "open-rules",
                        ft.OutlinedButton(
                            _("Правила"),
                            icon=ft.Icons.MENU_BOOK,
                            height=56,
                            on_click=lambda: go("/rules"),
                        ),
                    ),
                    tagged(
                        "open-settings",
                        ft.OutlinedButton(
                            _("Настройки"),
                            icon=ft.Icons.SETTINGS,
                            height=56,
                            on_click=lambda: go("/settings"),
                        ),
                    ),
                ],
                wrap=True,
            ),
            ft.Text(_("Сохранённые игры"), size=20, weight=ft.FontWeight.BOLD),
            *(tiles or [ft.Text(_("Пока ни одной: начните новую игру."))]),
        ],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
