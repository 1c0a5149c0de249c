"""Settings screen: theme (light / dark / system), saved in ``<data dir>/settings.json``."""

from __future__ import annotations

import json
from pathlib import Path

import flet as ft

from companion.i18n import _
from companion.store.atomic import atomic_write_text
from companion.ui.nav import app_model, go
from companion.ui.widgets import tagged

__all__ = ["Settings", "load_settings", "save_settings", "THEMES"]

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}


def load_settings(root: Path) -> dict:
    """Settings saved in the data dir; defaults when missing or unreadable."""
    try:
        data = json.loads((root / "settings.json").read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def save_settings(root: Path, settings: dict) -> None:
    """Save settings atomically. :raises StoreError: if the disk refuses."""
    atomic_write_text(root / "settings.json", json.dumps(settings, ensure_ascii=False))


@ft.component
def Settings() -> ft.Control:
    app = app_model()

    def set_theme(value: str) -> None:
        app.theme = value
        save_settings(app.hub.store.root, {**load_settings(app.hub.store.root), "theme": value})

    return ft.Column(
        [
            ft.Row([tagged("home", ft.IconButton(ft.Icons.ARROW_BACK, tooltip=_("Назад"), on_click=lambda: go("/"))), ft.Text(_("Настройки"), size=24, weight=ft.FontWeight.BOLD)]),
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
