"""Settings screen: theme (light / dark / system), saved with :mod:`companion.store.settings`."""

from __future__ import annotations

import flet as ft

from companion.i18n import _
from companion.store.settings import update_settings
from companion.ui.nav import app_model, go
from companion.ui.widgets import tagged

__all__ = ["Settings", "THEMES"]

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}


@ft.component
def Settings() -> ft.Control:
    app = app_model()

    def set_theme(value: str) -> None:
        app.theme = value
        update_settings(app.hub.store.root, theme=value)

    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "home",
                        ft.IconButton(
                            ft.Icons.ARROW_BACK, tooltip=_("Назад"), on_click=lambda: go("/")
                        ),
                    ),
                    ft.Text(_("Настройки"), size=24, weight=ft.FontWeight.BOLD),
                ]
            ),
            ft.Text(_("Тема"), size=18),
            tagged(
                "theme",
                ft.RadioGroup(
                    value=app.theme,
                    on_change=lambda e: set_theme(e.control.value),
                    content=ft.Column(
                        [
                            ft.Radio(value="system", label=_("Как в системе")),
                            ft.Radio(value="light", label=_("Светлая")),
                            ft.Radio(value="dark", label=_("Тёмная")),
                        ]
                    ),
                ),
            ),
            ft.Text(f"{_('Данные хранятся в')} {app.hub.store.root}", size=14, selectable=True),
        ],
        spacing=12,
    )
