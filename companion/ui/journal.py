"""The game journal: events with time, author and what changed; filters; exports. A page of
lines (:data:`PAGE`) at a time in a lazy ``ListView``, frozen while open (the header counts
new events). Exports download to the device that asked; a player's is also kept in
``<data dir>/exports/``."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.engine import Event
from companion.errors import CompanionError
from companion.i18n import _
from companion.offline import BROWSER
from companion.store.export import export_bytes, keep_export
from companion.store.journal import (
    KIND_LABELS,
    OTHER_KIND,
    _filtered,
    _kinds,
    _length,
    _revision,
    journal_page,
)
from companion.table.security import is_player
from companion.ui.layout import WIDTH_MEDIUM
from companion.ui.nav import app_model, go
from companion.ui.state import GameView
from companion.ui.tagged_controls import choice_dialog, spoken_clip
from companion.ui.widgets import (
    TARGET,
    button,
    clipped_text,
    download,
    icon_button,
    said,
    tagged,
    use_file_picker,
    use_page_width,
)

__all__ = ["GameLog", "PAGE"]

#: Lines built per page (about two phone screens).
PAGE = 24

# import the journal's controls at start-up, not on the first journal opened
_CONTROLS = (ft.AlertDialog, ft.OutlinedButton, ft.FilePicker, ft.ListView)


def _row(ev: Event, text: str) -> ft.Control:
    """One line: number and the engine's words, then time and author."""
    stamp = time.strftime("%H:%M:%S", time.localtime(ev.ts))
    who = f" · {ev.author}" if ev.author else ""
    return ft.Semantics(
        key=f"log-{ev.seq}",  # rows are paired by event, not by place, when the list changes
        identifier=f"log-{ev.seq}",
        content=ft.Column(
            [
                ft.Text(f"#{ev.seq}  {text}", size=16),
                ft.Text(stamp + who, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ],
            spacing=0,
        ),
        label=f"#{ev.seq} {text}",
    )


@ft.component
def _LogList(stored: Any, upto: int, seen: int, player: int | None, kind: str | None) -> ft.Control:
    """The frozen list (memoised); ``seen``: the revision it was taken at."""
    limit, set_limit = ft.use_state(PAGE)
    page, more = journal_page(stored.game, upto, player, kind, limit)
    rows: list[ft.Control] = [_row(ev, text) for ev, text in page]
    if not rows:
        rows.append(said("log-empty", ft.Text(_("Событий нет."), size=16)))
    if more:
        rows.append(
            button(
                "log-more",
                _("Показать ещё"),
                lambda: set_limit(limit + PAGE),
                icon=ft.Icons.EXPAND_MORE,
                style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
                label=_("Показать ещё"),
            )
        )
    return ft.ListView(
        rows,
        expand=True,
        build_controls_on_demand=True,
        spacing=10,
        padding=ft.Padding.symmetric(horizontal=12, vertical=4),
    )


LogList = ft.memo(_LogList)


#: A filter button's (leading icon, side padding, text size): wide, and phone upright.
CHOICE_LAYOUTS = ((True, 12, 14), (False, 8, 13))


def _choice_button(
    ident: str,
    label: str,
    icon: ft.IconData,
    current: str,
    on_open: Callable[[], None],
    page_width: float,
) -> ft.Control:
    """A filter as a button showing its choice; a tap opens its choices; 48 dp tall."""
    lead, padding, size = CHOICE_LAYOUTS[1 if page_width < WIDTH_MEDIUM else 0]
    text = said(f"{ident}-text", clipped_text(current, size, no_wrap=True))
    inside = [
        ft.Icon(icon, size=18, visible=lead),
        ft.Container(text, expand=True, alignment=ft.Alignment.CENTER_LEFT),
        ft.Icon(ft.Icons.ARROW_DROP_DOWN),
    ]
    return ft.Container(
        tagged(
            ident,
            ft.OutlinedButton(
                content=ft.Row(inside, spacing=6 if lead else 4),
                height=TARGET,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=padding)),
                on_click=lambda: on_open(),
                expand=True,
            ),
            label=f"{label}: {current}",
        ),
        expand=1,
    )


@ft.component
def _Back(game_id: str) -> ft.Control:
    return icon_button(
        "back-to-game", ft.Icons.ARROW_BACK, _("К игре"), lambda: go(f"/game/{game_id}")
    )


@ft.component
def _Tools(changed: bool, refresh: Callable[[], None], export: Callable[[str], None]) -> ft.Control:
    """Refresh (shows the new events), the two exports."""
    tools = [
        ("log-refresh", ft.Icons.REFRESH, _("Показать новые события"), refresh),
        ("export-json", ft.Icons.DATA_OBJECT, _("Выгрузить JSON"), partial(export, "json")),
        ("export-text", ft.Icons.DESCRIPTION, _("Выгрузить текстом"), partial(export, "text")),
    ]
    return ft.Row(
        [icon_button(*tool, disabled=tool[0] == "log-refresh" and not changed) for tool in tools],
        spacing=0,
        tight=True,
    )


@ft.component
def _Filters(
    player: str,
    kind: str,
    names: tuple[str, ...],
    kinds: tuple[str, ...],
    set_player: Callable[[str], None],
    set_kind: Callable[[str], None],
) -> ft.Control:
    """The player and kind filters: two buttons, each opening its list of choices."""
    players = [("all", _("Все игроки")), *((str(i), n) for i, n in enumerate(names))]
    kinds_ = [("all", _("Все события")), *((k, KIND_LABELS.get(k, OTHER_KIND)) for k in kinds)]
    picking, set_picking = ft.use_state("")  # "", "player" or "kind"
    width = use_page_width()
    filters = {
        "player": ("log-player", _("Игрок"), ft.Icons.PERSON_OUTLINE, players, player, set_player),
        "kind": ("log-kind", _("Что"), ft.Icons.FILTER_LIST, kinds_, kind, set_kind),
    }
    dialog = None
    if picking in filters:
        _ident, title, _icon, options, _now, setter = filters[picking]

        def chosen(key: str) -> None:
            set_picking("")
            setter(key)

        choices = [(f"log-choice-{k}", text, partial(chosen, k)) for k, text in options]
        close = ("log-filter-close", _("Закрыть"), lambda: set_picking(""))
        dialog = choice_dialog(ft.Text(title), choices, close)
    ft.use_dialog(dialog)
    return ft.Row(
        [
            _choice_button(
                ident,
                title,
                icon,
                dict(opts).get(now, opts[0][1]),
                partial(set_picking, key),
                width,
            )
            for key, (ident, title, icon, opts, now, _set) in filters.items()
        ],
        spacing=8,
    )


Back, Tools, Filters = ft.memo(_Back), ft.memo(_Tools), ft.memo(_Filters)


@ft.component
def GameLog(view: GameView) -> ft.Control:
    """The journal screen of ``view``'s game: header (48 dp controls), filters, lazy list."""
    app = app_model()
    game = view.game
    length = _length(game)
    upto, set_upto = ft.use_state(length)
    seen, set_seen = ft.use_state(_revision(game))
    player, set_player = ft.use_state("all")
    kind, set_kind = ft.use_state("all")
    msg, set_msg = ft.use_state("")
    picker = use_file_picker()

    shown_filter = ft.use_ref(("all", "all"))
    shown_filter.current = (player, kind)

    def export(fmt: str) -> None:
        # a spectator gets the download only: it never writes to the host's disk
        spectator = not is_player(app) or view.readonly
        try:
            name, data = export_bytes(
                view.stored, fmt, *_filtered(view.game, *shown_filter.current)
            )
        except (OSError, CompanionError, ValueError) as exc:
            set_msg(f"{_('Не удалось выгрузить')}: {exc}")
            return
        saved = f"; {_('на ведущее устройство зритель файлы не записывает')}" if spectator else ""
        if not spectator and not BROWSER.active:
            try:
                path = keep_export(app.hub.store.root, name, data)
                saved = f"; {_('копия на компьютере')}: {path}" if app.on_host else ""
            except OSError as exc:
                saved = f"; {_('копию на компьютере сохранить не удалось')}: {exc.strerror}"

        download(picker, name, data, set_msg)
        set_msg(f"{_('Файл')} {name} {_('отправлен на это устройство')}{saved}")

    names = game.players
    kinds = ft.use_memo(
        lambda: _kinds(game.events[:upto], getattr(game, "definition", None)), [upto, seen]
    )
    fresh = length - upto
    changed = _revision(game) != seen
    title = _("Журнал")
    if fresh > 0:
        title += f" · {_('новых')}: {fresh}"
    elif changed:
        title += f" · {_('изменён')}"

    def show_latest() -> None:
        set_upto(_length(view.game))
        set_seen(_revision(view.game))

    # stable callbacks: the memoised header and filters are skipped
    refresh = ft.use_callback(show_latest, [])
    export_as = ft.use_callback(export, [])
    pick_player = ft.use_callback(lambda v: set_player(v), [])
    pick_kind = ft.use_callback(lambda v: set_kind(v), [])
    header = ft.Row(
        [
            Back(view.game_id),
            said("log-title", ft.Text(title, size=20, weight=ft.FontWeight.BOLD, no_wrap=True)),
            ft.Container(expand=True),
            Tools(changed, refresh, export_as),
        ],
        spacing=0,
    )
    filters = Filters(player, kind, tuple(names), tuple(kinds), pick_player, pick_kind)
    status = spoken_clip("log-message", msg, 13, lines=2, height=36, tooltip=msg or None)
    who = None if player == "all" else int(player)
    lines = LogList(view.stored, upto, seen, who, None if kind == "all" else kind)
    return ft.Column([header, filters, status, lines], spacing=4, expand=True)
