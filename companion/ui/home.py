"""Home screen: new game, saved games to resume (or delete), rules and settings.

In table mode it shows the join card (the code only to players) and, on a phone whose page
is not a secure context, says once why the screen may go dark.
"""

from __future__ import annotations

import contextlib
import time

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.ui.lan import JoinCard, Seat
from companion.ui.nav import app_model, go
from companion.ui.saved_games import delete_game
from companion.ui.security import is_player
from companion.ui.widgets import TARGET, Banner, tagged

__all__ = ["Home", "AWAKE_NOTE"]

#: Said once on a phone whose page is plain http (not localhost): why it may go dark.
AWAKE_NOTE = (
    "Экран этого телефона может гаснуть во время игры: браузер разрешает не выключать экран "
    "только сайтам по https. Попросите ведущего запустить «companion --lan --https»."
)
AWAKE_KEY = "companion.awake-note-shown"


@ft.component
def AwakeNote(seat: Seat) -> ft.Control:
    """The keep-awake note, once per device (remembered in the browser)."""
    shown, set_shown = ft.use_state(True)

    async def check() -> None:
        if seat.conn.secure:
            return
        try:
            seen = await seat.prefs.get(AWAKE_KEY)
        except Exception:
            seen = None
        set_shown(not seen)

    ft.use_effect(check, [])

    async def dismiss() -> None:
        set_shown(False)
        with contextlib.suppress(Exception):
            await seat.prefs.set(AWAKE_KEY, True)

    if seat.conn.secure or not shown:
        return ft.Container(height=0)
    return tagged(
        "awake-note",
        ft.Container(
            ft.Row(
                [
                    ft.Icon(ft.Icons.BRIGHTNESS_LOW),
                    ft.Text(_(AWAKE_NOTE), expand=True, size=14),
                    tagged(
                        "awake-ok",
                        ft.TextButton(_("Понятно"), on_click=dismiss, height=TARGET),
                    ),
                ]
            ),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=10,
            border_radius=8,
        ),
        label=AWAKE_NOTE,
    )


def _confirm(title: str, on_yes, on_no) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Удалить игру?")),
        content=ft.Text(
            f"{title}\n{_('Игра исчезнет из списка; её файлы переносятся в папку trash.')}"
        ),
        actions=[
            tagged("delete-no", ft.TextButton(_("Отмена"), on_click=on_no, height=TARGET)),
            tagged(
                "delete-yes",
                ft.FilledButton(
                    _("Удалить"),
                    icon=ft.Icons.DELETE,
                    on_click=on_yes,
                    height=TARGET,
                    style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR),
                ),
            ),
        ],
    )


@ft.component
def Home() -> ft.Control:
    app = app_model()
    player = is_player(app)
    error, set_error = ft.use_state("")
    notice, set_notice = ft.use_state("")
    asking, set_asking = ft.use_state(None)  # (game id, title) awaiting confirmation
    try:
        games = app.hub.store.list()
    except (OSError, CompanionError) as exc:
        games = []
        error = error or f"{_('Не удалось прочитать сохранённые игры')}: {exc}"
    warnings = [*app.warnings, *app.hub.store.warnings]

    def ask(gid: str, title: str) -> None:
        if not is_player(app):  # a crafted click from a spectator changes nothing
            set_error(_("Вы вошли как зритель: удалять игры может только игрок."))
            return
        set_asking((gid, title))

    def really_delete() -> None:
        if asking is None:
            return
        gid, title = asking
        set_asking(None)
        try:
            delete_game(app, gid)
        except CompanionError as exc:
            set_error(str(exc))
            set_notice("")
            return
        set_error("")
        set_notice(f"{_('Удалено')}: {title}")

    ft.use_dialog(
        _confirm(asking[1], lambda: really_delete(), lambda: set_asking(None))
        if asking is not None and player
        else None
    )

    def tile(s) -> ft.Control:
        title = f"{s.title}: {', '.join(s.players)}"
        started = time.strftime("%d.%m %H:%M", time.localtime(s.started))
        changed = time.strftime("%d.%m %H:%M", time.localtime(s.updated))
        return tagged(
            f"saved-{s.id}",
            ft.Card(
                ft.ListTile(
                    leading=ft.Icon(ft.Icons.EMOJI_EVENTS if s.finished else ft.Icons.CASINO),
                    title=ft.Text(title),
                    subtitle=ft.Text(
                        f"{_('начата')} {started}, {_('изменена')} {changed} · {s.status} · "
                        f"{_('событий')}: {s.events}"
                    ),
                    trailing=tagged(
                        f"delete-{s.id}",
                        ft.IconButton(
                            ft.Icons.DELETE_OUTLINE,
                            tooltip=_("Удалить игру"),
                            width=TARGET,
                            height=TARGET,
                            on_click=lambda _e, gid=s.id, t=title: ask(gid, t),
                        ),
                    )
                    if player
                    else None,
                    on_click=lambda _e, gid=s.id: go(f"/game/{gid}"),
                )
            ),
            label=title,
        )

    return ft.Column(
        [
            ft.Text("Table Companion", size=28, weight=ft.FontWeight.BOLD),
            ft.Text(_("Счёт, ход и правила для настольной игры на столе."), size=14),
            *(
                [ft.Column([JoinCard(app.lan, player), AwakeNote(app.lan)], spacing=8)]
                if app.lan is not None
                else []
            ),
            *(
                []
                if player
                else [
                    tagged(
                        "role",
                        ft.Text(_("Вы — зритель: только просмотр."), color=ft.Colors.SECONDARY),
                        label="spectator",
                    )
                ]
            ),
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
            *([Banner(error, notice)] if error or notice else []),
            ft.Row(
                [
                    tagged(
                        "new-game",
                        ft.FilledButton(
                            _("Новая игра"),
                            icon=ft.Icons.ADD,
                            height=56,
                            disabled=not player,
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
            *([tile(s) for s in games] or [ft.Text(_("Пока ни одной: начните новую игру."))]),
        ],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
    )
