"""Home screen: new game, saved games (resume, delete), rules, settings; in table mode the join
card and, on plain http, why the screen may go dark."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from functools import partial

import flet as ft

from companion import APP_NAME
from companion.errors import CompanionError
from companion.i18n import _
from companion.store import GameSummary
from companion.table.gate import Seat
from companion.table.saved_games import delete_game
from companion.table.security import is_player
from companion.ui.devices import HostDesk, JoinCard
from companion.ui.layout import use_window_layout
from companion.ui.nav import app_model, go
from companion.ui.plays import grid, warning_boxes
from companion.ui.state import follow_hub
from companion.ui.tagged_controls import card, centred, heading
from companion.ui.widgets import (
    TARGET,
    Banner,
    button,
    clipped_text,
    confirm_dialog,
    icon_button,
    said,
    tagged,
)

__all__ = ["Home", "AWAKE_NOTE"]

#: Said once on a phone whose page is plain http (not localhost): why it may go dark.
AWAKE_NOTE = (
    "Экран этого телефона может гаснуть во время игры: браузер разрешает не выключать экран "
    "только сайтам по https. Попросите ведущего запустить «companion --lan --https»."
)
AWAKE_KEY = "companion.awake-note-shown"
#: The wide layout: the menu column's width and the content's maximum (px).
MENU_WIDTH = 320
MAX_WIDTH = 1200


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
    line = [
        ft.Icon(ft.Icons.BRIGHTNESS_LOW),
        ft.Text(_(AWAKE_NOTE), expand=True, size=14),
        button("awake-ok", _("Понятно"), dismiss),
    ]
    box = ft.Container(
        ft.Row(line), bgcolor=ft.Colors.SECONDARY_CONTAINER, padding=10, border_radius=8
    )
    return tagged("awake-note", box, label=AWAKE_NOTE)


@ft.component
def Home() -> ft.Control:
    app = app_model()
    player = is_player(app)
    error, set_error = ft.use_state("")
    notice, set_notice = ft.use_state("")
    asking, set_asking = ft.use_state(None)  # (game id, title) awaiting confirmation
    _seen, bump = ft.use_state(0)

    def follow() -> Callable[[], None]:
        async def refresh() -> None:
            bump(lambda n: n + 1)

        return follow_hub(
            ft.context.page, app.hub.subscribe_list, refresh, lambda: bump(lambda n: n + 1)
        )

    ft.use_effect(follow, [])
    try:
        games = app.hub.store.list()
    except (OSError, CompanionError) as exc:
        games = []
        error = error or f"{_('Не удалось прочитать сохранённые игры')}: {exc}"
    warnings = [*app.warnings, *app.hub.store.warnings]
    layout = use_window_layout()

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

    dialog = None
    if asking is not None and player:
        gone = _("Игра исчезнет из списка; её файлы переносятся в папку trash.")
        no, yes = (
            ("delete-no", _("Отмена"), lambda: set_asking(None)),
            ("delete-yes", _("Удалить"), really_delete),
        )
        dialog = confirm_dialog(
            _("Удалить игру?"), f"{asking[1]}\n{gone}", no, yes, icon=ft.Icons.DELETE, danger=True
        )
    ft.use_dialog(dialog)

    tiles = [_tile(s, player, ask) for s in games] or [
        ft.Text(_("Пока ни одной: начните новую игру."))
    ]
    intro: list[ft.Control] = [
        heading(APP_NAME, 28),
        ft.Text(_("Счёт, ход и правила для настольной игры на столе."), size=14),
    ]
    if app.lan is not None:
        table = [
            JoinCard(app.lan, player),
            HostDesk(app.lan, app.on_host and player, app.name),
            AwakeNote(app.lan),
        ]
        stretch = ft.CrossAxisAlignment.STRETCH
        intro.append(ft.Column(table, spacing=8, horizontal_alignment=stretch))
    if not player:
        viewer = ft.Text(_("Вы — зритель: только просмотр."), color=ft.Colors.SECONDARY)
        intro.append(tagged("role", viewer, label="spectator"))
    intro += warning_boxes(warnings, size=None)
    if error or notice:
        intro.append(Banner(error, notice))
    title = heading(_("Сохранённые игры"))
    if not layout.two_columns:
        return ft.Column(
            [*intro, *_phone_menu(player), title, *tiles],
            spacing=12,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
        )
    # wide: the menu left (scrolling), the saved games as a grid right
    left = ft.Container(
        ft.Column(
            [*intro, ft.Column(_menu(player, wide=True), spacing=12)],
            spacing=12,
            scroll=ft.ScrollMode.AUTO,
        ),
        width=MENU_WIDTH,
    )
    right = ft.Column([title, grid(tiles, 12)], spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
    both = [left, ft.VerticalDivider(width=1), right]
    return centred(
        ft.Row(both, spacing=24, vertical_alignment=ft.CrossAxisAlignment.START), MAX_WIDTH
    )


def _phone_menu(player: bool) -> list[ft.Control]:
    """On a phone: «Новая игра» across, then the other buttons two to a row."""
    new, rules, settings, history, stats, _nights = _menu(player)

    def across(*buttons: ft.Control) -> ft.Control:
        return ft.Row([ft.Container(b, expand=True) for b in buttons], spacing=12)

    return [across(new), across(rules, settings), across(history, stats)]


def _menu(player: bool, wide: bool = False) -> list[ft.Control]:
    """The menu buttons: as wide as their slot on a phone, :data:`MENU_WIDTH` in the wide layout."""
    first = other = MENU_WIDTH if wide else None
    buttons = (
        ("new-game", ft.FilledButton, _("Новая игра"), ft.Icons.ADD, "/new", first),
        ("open-rules", ft.OutlinedButton, _("Правила"), ft.Icons.MENU_BOOK, "/rules", other),
        ("open-settings", ft.OutlinedButton, _("Настройки"), ft.Icons.SETTINGS, "/settings", other),
        ("open-history", ft.OutlinedButton, _("История"), ft.Icons.HISTORY, "/history", other),
        ("open-stats", ft.OutlinedButton, _("Статистика"), ft.Icons.BAR_CHART, "/stats", other),
        ("open-nights", ft.OutlinedButton, _("Итоги вечера"), ft.Icons.NIGHTLIFE, "/nights", other),
    )
    return [
        tagged(
            ident,
            kind(
                text,
                icon=icon,
                height=56,
                width=width,
                disabled=ident == "new-game" and not player,
                on_click=partial(go, route),
            ),
        )
        for ident, kind, text, icon, route, width in buttons
    ]


def _tile(s: GameSummary, player: bool, ask: Callable[[str, str], None]) -> ft.Control:
    """One saved game (title, players, state, dates); a tap opens it; the delete button in its
    own 48 dp column. The title is its label."""
    title = f"{s.title}: {', '.join(s.players)}"
    started = time.strftime("%d.%m %H:%M", time.localtime(s.started))
    changed = time.strftime("%d.%m %H:%M", time.localtime(s.updated))
    faint = ft.Colors.ON_SURFACE_VARIANT

    delete: ft.Control = (
        icon_button(
            f"delete-{s.id}",
            ft.Icons.DELETE_OUTLINE,
            _("Удалить игру"),
            lambda: ask(s.id, title),
            label=f"{_('Удалить игру')}: {title}",
        )
        if player
        else ft.Container()
    )
    about = [
        said(f"title-{s.id}", clipped_text(s.title, 16, lines=2, weight=ft.FontWeight.W_600)),
        clipped_text(", ".join(s.players), 14, lines=2),
        clipped_text(f"{s.status} · {_('изменена')} {changed}", 12, lines=2, color=faint),
        clipped_text(f"{_('начата')} {started} · {_('событий')}: {s.events}", 12, color=faint),
    ]
    row = ft.Row(
        [
            ft.Icon(ft.Icons.EMOJI_EVENTS if s.finished else ft.Icons.CASINO),
            ft.Column(about, spacing=2, expand=True),
            ft.Container(delete, width=TARGET, height=TARGET),
        ],
        spacing=12,
    )
    return card(
        f"saved-{s.id}",
        [row],
        title,
        padding=ft.Padding.only(left=16, top=10, bottom=10, right=4),
        on_click=lambda: go(f"/game/{s.id}"),
    )
