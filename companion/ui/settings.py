"""Settings: theme (saved by :mod:`companion.store.settings`, players only; a failed save is
shown and the theme kept), where the games live, loading a game's JSON export."""

from __future__ import annotations

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.offline import BROWSER
from companion.store.export import import_game
from companion.store.settings import update_settings
from companion.table.security import is_player
from companion.ui.nav import app_model, go
from companion.ui.tagged_controls import radio_group, title_row
from companion.ui.widgets import JSON_FILE, Banner, button, tagged, use_file_picker

__all__ = ["Settings", "THEMES"]

THEMES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}


def Storage() -> ft.Control:
    """Where the games live: a folder on the host, or this browser's storage."""
    if not BROWSER.active:
        return ft.Text(
            f"{_('Данные хранятся в')} {app_model().hub.store.root}", size=14, selectable=True
        )
    if BROWSER.persisted:
        kept = _("браузер обещал не удалять их, даже если место кончится")
    elif BROWSER.persisted is None:
        kept = _("обещает ли браузер их хранить, узнать не удалось")
    else:
        kept = _(
            "браузер может удалить их, если на телефоне кончится место; "
            "добавьте приложение на главный экран, чтобы он их берёг"
        )
    return tagged(
        "storage",
        ft.Text(f"{_('Игры хранятся в этом браузере, на этом устройстве')}: {kept}.", size=14),
    )


@ft.component
def Settings() -> ft.Control:
    app = app_model()
    page = ft.context.page
    error, set_error = ft.use_state("")
    player = is_player(app)
    picker = use_file_picker()

    async def load_game() -> None:
        files = await picker.current.pick_files(**JSON_FILE) if picker.current else None
        if not files:
            return
        try:
            stored = import_game(app.hub.store, files[0].bytes or b"", files[0].name)
        except (OSError, CompanionError) as exc:
            set_error(str(exc))
            return
        go(f"/game/{stored.id}")

    def set_theme(value: str) -> None:
        if value not in THEMES:
            return
        if is_player(app):
            try:
                update_settings(app.hub.store.root, theme=value)
            except (OSError, CompanionError) as exc:
                set_error(f"{_('Тема не сохранена')}: {exc}")
                return
        set_error("")
        app.theme = value

    themes = [("system", _("Как в системе")), ("light", _("Светлая")), ("dark", _("Тёмная"))]
    local = _("Вы зритель: тема меняется только на этом устройстве.")
    made = _("Файл игры делает журнал игры на другом устройстве: «Выгрузить JSON».")
    only_players = [
        Storage(),
        button(
            "import-game",
            _("Загрузить игру из файла"),
            lambda: page.run_task(load_game),
            ft.OutlinedButton,
            icon=ft.Icons.UPLOAD_FILE,
        ),
        ft.Text(made, size=14),
    ]
    return ft.Column(
        [
            title_row("home", _("Настройки"), lambda: go("/")),
            Banner(error, ""),
            ft.Text(_("Тема"), size=18),
            ft.Container() if player else tagged("theme-local", ft.Text(local, size=14)),
            radio_group("theme", app.theme, themes, set_theme),
            *(only_players if player else []),
        ],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
