"""«Игроки»: the roster (issue 32): rename, colour, merge, remove; plays as CSV, a JSON backup
out and in. Changes through :class:`~companion.store.roster.Roster`, players only
(:func:`~companion.table.security.require_player`)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.store.backup import backup_json, import_bytes, plays_csv
from companion.store.limits import NAME_CHARS
from companion.store.roster import Roster, RosterPlayer
from companion.store.stats import person
from companion.table.budget import JOINED_FRAME_BYTES
from companion.table.security import is_player, require_player
from companion.ui.colors import ink
from companion.ui.nav import app_model
from companion.ui.plays import Frame, grid, load_plays, warning_boxes
from companion.ui.roster_chips import next_color
from companion.ui.widgets import (
    TARGET,
    button,
    clipped_text,
    confirm_dialog,
    tagged,
    use_file_picker,
)

__all__ = ["PlayersScreen", "SHORT_LIST", "PICK_BYTES"]

#: The largest backup a phone can send (bytes; one websocket frame,
#: :data:`~companion.table.budget.JOINED_FRAME_BYTES`).
PICK_BYTES = JOINED_FRAME_BYTES - 4096

#: The «same player as…» list shown whole up to this many.
SHORT_LIST = 9


def _button(ident: str, text: str, icon: ft.IconData, on_click, **kw) -> ft.Control:
    return tagged(ident, ft.OutlinedButton(text, icon=icon, height=TARGET, on_click=on_click, **kw))


def _plays_word(n: int) -> str:
    return f"{_('партий')}: {n}"


@ft.component
def PlayersScreen() -> ft.Control:
    app = app_model()
    page = ft.context.page
    player = is_player(app)
    _seen, bump = ft.use_state(0)
    editing, set_editing = ft.use_state("")  # the name being renamed
    draft, set_draft = ft.use_state("")
    refusal, set_refusal = ft.use_state(("", ""))  # (player, message) shown on their card
    merging, set_merging = ft.use_state("")  # whose «the same player as…» list is open
    asking, set_asking = ft.use_state(None)  # ("merge", keep, drop) | ("remove", name)
    notice, set_notice = ft.use_state("")
    picker = use_file_picker()
    root = app.hub.store.root
    roster = Roster(root)
    data = load_plays(app)
    counts: dict[str, int] = {}
    for p in data.plays:
        for n in p.players:
            who = person(n, data.aliases)
            counts[who] = counts.get(who, 0) + 1

    def change(who: str, do) -> bool:
        """Run one roster change for ``who``; a refusal is shown on their card."""
        try:
            require_player(app)
            do(Roster(root))
        except CompanionError as exc:
            set_refusal((who, str(exc)))
            return False
        set_refusal(("", ""))
        bump(lambda n: n + 1)
        return True

    def save_name(old: str) -> None:
        if change(old, lambda r: r.rename(old, draft)):
            set_editing("")

    def recolor(p: RosterPlayer) -> None:
        used = {q.color for q in Roster(root).players() if q.name != p.name}
        change(p.name, lambda r: r.recolor(p.name, next_color(p.color, used)))

    def confirmed() -> None:
        if asking is None:
            return
        set_asking(None)
        if asking[0] == "merge":
            _kind, keep, drop = asking
            if change(keep, lambda r: r.merge(keep, drop)):
                set_notice(f"«{drop}» {_('теперь другое имя игрока')} «{keep}».")
        else:
            name = asking[1]
            if change(name, lambda r: r.remove(name)):
                set_notice(f"{_('Убран из списка')}: {name}.")

    def dialog() -> ft.DialogControl | None:
        if not player:
            return None
        if asking is not None and asking[0] == "merge":
            _kind, keep, drop = asking
            return confirm_dialog(
                _("Это один игрок?"),
                f"«{drop}» {_('станет другим именем игрока')} «{keep}»: "
                f"{_('все партии обоих засчитаются ему.')}",
                ("merge-no", _("Отмена"), lambda: set_asking(None)),
                ("merge-yes", _("Объединить"), confirmed),
                icon=ft.Icons.MERGE,
            )
        if asking is not None:
            return confirm_dialog(
                _("Убрать из списка?"),
                f"{asking[1]}: {_('его сыгранные партии останутся в истории.')}",
                ("remove-no", _("Отмена"), lambda: set_asking(None)),
                ("remove-yes", _("Убрать"), confirmed),
                icon=ft.Icons.PERSON_REMOVE,
                danger=True,
            )
        if merging:
            others = [q for q in roster.players() if q.name != merging]
            return ft.AlertDialog(
                modal=True,
                title=ft.Text(f"«{merging}» — {_('это тот же игрок, что…')}", size=20),
                content=ft.Column(
                    [
                        button(
                            f"same-{q.name}",
                            q.name,
                            lambda _e, q=q: (
                                set_merging(""),
                                set_asking(("merge", q.name, merging)),
                            ),
                            ft.OutlinedButton,
                            label=q.name,
                        )
                        for q in others
                    ],
                    scroll=ft.ScrollMode.AUTO if len(others) > SHORT_LIST else None,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
                ),
                actions=[button("same-cancel", _("Отмена"), lambda: set_merging(""))],
                on_dismiss=lambda: set_merging(""),
            )
        return None

    ft.use_dialog(dialog())

    def card(p: RosterPlayer) -> ft.Control:
        n = counts.get(p.name, 0)
        parts: list[ft.Control] = [
            ft.Row(
                [
                    tagged(
                        f"recolor-{p.name}",
                        ft.IconButton(
                            ft.Icons.CIRCLE,
                            icon_color=p.color,
                            icon_size=32,
                            tooltip=_("Цвет"),
                            width=TARGET,
                            height=TARGET,
                            disabled=not player,
                            on_click=lambda _e: recolor(p),
                        ),
                        label=f"{_('Цвет')} {p.color}",
                    ),
                    ft.Container(
                        clipped_text(
                            p.name, 17, lines=2, color=ink(p.color), weight=ft.FontWeight.W_600
                        ),
                        expand=True,
                    ),
                    ft.Text(_plays_word(n), size=14),
                ],
                spacing=8,
            )
        ]
        if editing == p.name:
            parts.append(
                ft.Row(
                    [
                        ft.Container(
                            tagged(
                                f"name-{p.name}",
                                ft.TextField(
                                    label=_("Имя игрока"),
                                    value=draft,
                                    max_length=NAME_CHARS,  # the roster refuses longer
                                    autofocus=True,
                                    on_change=lambda e: set_draft(e.control.value),
                                    on_submit=lambda _e: save_name(p.name),
                                ),
                            ),
                            expand=True,
                        ),
                        button(
                            f"save-{p.name}",
                            _("Сохранить"),
                            lambda _e: save_name(p.name),
                            ft.FilledButton,
                        ),
                    ],
                    spacing=8,
                )
            )
        if refusal[0] == p.name and refusal[1]:
            parts.append(
                tagged(
                    f"refusal-{p.name}",
                    clipped_text(refusal[1], 14, lines=3, color=ft.Colors.ERROR),
                    label=refusal[1],
                )
            )
        if player:
            parts.append(
                ft.Row(
                    [
                        _button(
                            f"rename-{p.name}",
                            _("Отмена") if editing == p.name else _("Переименовать"),
                            ft.Icons.CLOSE if editing == p.name else ft.Icons.EDIT,
                            lambda _e: (
                                set_editing("" if editing == p.name else p.name),
                                set_draft(p.name),
                                set_refusal(("", "")),
                            ),
                        ),
                        _button(
                            f"merge-{p.name}",
                            _("Объединить"),
                            ft.Icons.MERGE,
                            lambda _e: set_merging(p.name),
                            disabled=len(roster.players()) < 2,
                        ),
                        _button(
                            f"remove-{p.name}",
                            _("Убрать"),
                            ft.Icons.PERSON_REMOVE,
                            lambda _e: set_asking(("remove", p.name)),
                        ),
                    ],
                    wrap=True,
                    spacing=8,
                    run_spacing=8,
                )
            )
        spoken = f"{p.name}, {_plays_word(n)}"
        if p.aliases:
            spoken += f"; {_('ещё звали')}: {', '.join(p.aliases)}"
        return tagged(
            f"roster-{p.name}",
            ft.Card(ft.Container(ft.Column(parts, spacing=8), padding=12)),
            label=spoken,
        )

    def export(fmt: str) -> None:
        stamp = time.strftime("%Y-%m-%d")
        try:
            if fmt == "csv":
                name, raw = f"plays-{stamp}.csv", plays_csv(data.plays).encode("utf-8")
            else:
                backup = backup_json(app.hub.store, Roster(root))
                text = json.dumps(backup, ensure_ascii=False, indent=1) + "\n"
                name, raw = f"companion-backup-{stamp}.json", text.encode("utf-8")
        except (OSError, CompanionError) as exc:
            set_notice(f"{_('Не удалось выгрузить')}: {exc}")
            return

        async def download() -> None:
            if picker.current is None:
                return
            try:
                await picker.current.save_file(file_name=name, src_bytes=raw)
            except Exception as exc:  # noqa: BLE001 - the client refused the dialog
                set_notice(f"{_('Не удалось выгрузить')}: {exc}")

        page.run_task(download)
        set_notice(f"{_('Файл')} {name} {_('отправлен на это устройство')}.")

    def restore() -> None:
        try:
            require_player(app)
        except CompanionError as exc:
            set_notice(str(exc))
            return

        async def pick() -> None:
            if picker.current is None:
                return
            try:
                files = await picker.current.pick_files(
                    file_type=ft.FilePickerFileType.CUSTOM,
                    allowed_extensions=["json"],
                    with_data=True,
                )
            except Exception as exc:  # noqa: BLE001 - the client refused the dialog
                set_notice(f"{_('Файл не выбран')}: {exc}")
                return
            if not files:
                return
            raw = files[0].bytes
            if raw is None and files[0].path:  # the desktop app: a path on this computer
                try:
                    raw = Path(files[0].path).read_bytes()
                except OSError as exc:
                    set_notice(f"{files[0].name}: {exc.strerror or exc}")
                    return
            try:
                done = import_bytes(app.hub.store, raw or b"", Roster(root))
            except CompanionError as exc:
                set_notice(f"{files[0].name}: {exc}")
                return
            set_notice(f"{files[0].name}: {done.summary()}")
            bump(lambda n: n + 1)

        page.run_task(pick)

    people = roster.players()
    body: list[ft.Control] = [*warning_boxes(data.warnings)]
    if not player:
        body.append(ft.Text(_("Вы — зритель: менять список может только игрок."), size=14))
    if people:
        body.append(grid([card(p) for p in people]))
    else:
        body.append(ft.Text(_("Список пуст: игроки попадают в него из формы новой игры."), size=14))
    files: list[ft.Control] = [
        _button(
            "export-csv", _("Выгрузить партии (CSV)"), ft.Icons.TABLE_VIEW, lambda: export("csv")
        ),
        _button(
            "export-json", _("Резервная копия (JSON)"), ft.Icons.DOWNLOAD, lambda: export("json")
        ),
    ]
    if player:
        files.append(
            _button("import-json", _("Загрузить резервную копию"), ft.Icons.UPLOAD, restore)
        )
    limit = f"{PICK_BYTES // (1024 * 1024)} {_('МБ')}"
    body += [
        ft.Text(_("Выгрузить партии"), size=20, weight=ft.FontWeight.BOLD),
        ft.Row(files, wrap=True, spacing=8, run_spacing=8),
        *(
            [
                clipped_text(
                    f"{_('Резервная копия с телефона — до')} {limit}; "
                    f"{_('больше — на ведущем устройстве: companion plays import ФАЙЛ')}",
                    13,
                    lines=3,
                    color=ft.Colors.ON_SURFACE_VARIANT,
                )
            ]
            if player
            else []
        ),
        ft.Container(
            tagged("files-notice", clipped_text(notice, 14, lines=4), label=notice)
            if notice
            else None,
            height=84,
        ),
    ]
    return Frame(_("Игроки"), "players", body)
