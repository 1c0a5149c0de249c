"""«Игроки»: the roster (issue 32): rename, colour, merge, remove; plays as CSV, a JSON backup
out and in. Changes through :class:`~companion.store.roster.Roster`, players only
(:func:`~companion.table.security.require_player`)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.present.colors import ink
from companion.store.backup import backup_file, import_bytes, plays_file
from companion.store.limits import NAME_CHARS
from companion.store.plays import load_plays
from companion.store.roster import Roster, RosterPlayer, next_color
from companion.table.budget import JOINED_FRAME_BYTES
from companion.table.security import is_player, require_player
from companion.ui.nav import app_model
from companion.ui.plays import Frame, grid, warning_boxes
from companion.ui.tagged_controls import (
    card,
    choice_dialog,
    color_button,
    flow,
    heading,
    spoken_clip,
    text_field,
)
from companion.ui.widgets import (
    JSON_FILE,
    button,
    clipped_text,
    confirm_dialog,
    download,
    use_file_picker,
)

__all__ = ["PlayersScreen", "PICK_BYTES"]

#: The largest backup a phone can send (bytes; one websocket frame,
#: :data:`~companion.table.budget.JOINED_FRAME_BYTES`).
PICK_BYTES = JOINED_FRAME_BYTES - 4096


def _button(ident: str, text: str, icon: ft.IconData, on_click, **kw) -> ft.Control:
    return button(ident, text, on_click, ft.OutlinedButton, icon=icon, **kw)


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
    data = load_plays(app.hub.store)
    people = roster.players()
    counts = data.counts()

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

    def rename(name: str) -> None:
        set_editing("" if editing == name else name)
        set_draft(name)
        set_refusal(("", ""))

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

    def ask_merge(keep: str) -> None:
        set_merging("")
        set_asking(("merge", keep, merging))

    def dialog() -> ft.DialogControl | None:
        if not player:
            return None
        if asking is not None:
            kind, *who = asking
            no = (f"{kind}-no", _("Отмена"), lambda: set_asking(None))
            if kind == "merge":
                text = f"«{who[1]}» {_('станет другим именем игрока')} «{who[0]}»: " + _(
                    "все партии обоих засчитаются ему."
                )
                yes = ("merge-yes", _("Объединить"), confirmed)
                return confirm_dialog(_("Это один игрок?"), text, no, yes, icon=ft.Icons.MERGE)
            text = f"{who[0]}: {_('его сыгранные партии останутся в истории.')}"
            yes = ("remove-yes", _("Убрать"), confirmed)
            icon = ft.Icons.PERSON_REMOVE
            return confirm_dialog(_("Убрать из списка?"), text, no, yes, icon=icon, danger=True)
        if merging:
            return choice_dialog(
                ft.Text(f"«{merging}» — {_('это тот же игрок, что…')}", size=20),
                [
                    (f"same-{q.name}", q.name, lambda q=q: ask_merge(q.name))
                    for q in people
                    if q.name != merging
                ],
                ("same-cancel", _("Отмена"), lambda: set_merging("")),
                kind=ft.OutlinedButton,
                modal=True,
            )
        return None

    ft.use_dialog(dialog())

    def player_card(p: RosterPlayer) -> ft.Control:
        n, renaming = counts.get(p.name, 0), editing == p.name
        label = f"{_('Цвет')} {p.color}"
        name = clipped_text(p.name, 17, lines=2, color=ink(p.color), weight=ft.FontWeight.W_600)
        parts: list[ft.Control] = [
            ft.Row(
                [
                    color_button(
                        f"recolor-{p.name}",
                        p.color,
                        lambda: recolor(p),
                        disabled=not player,
                        label=label,
                    ),
                    ft.Container(name, expand=True),
                    ft.Text(_plays_word(n), size=14),
                ],
                spacing=8,
            )
        ]
        if renaming:
            field = text_field(
                f"name-{p.name}",
                _("Имя игрока"),
                draft,
                set_draft,
                max_length=NAME_CHARS,  # the roster refuses longer
                autofocus=True,
                on_submit=lambda: save_name(p.name),
            )
            save = button(
                f"save-{p.name}", _("Сохранить"), lambda: save_name(p.name), ft.FilledButton
            )
            parts.append(ft.Row([ft.Container(field, expand=True), save], spacing=8))
        if refusal[0] == p.name and refusal[1]:
            parts.append(
                spoken_clip(f"refusal-{p.name}", refusal[1], 14, lines=3, color=ft.Colors.ERROR)
            )
        if player:
            edit = (
                (_("Отмена"), ft.Icons.CLOSE) if renaming else (_("Переименовать"), ft.Icons.EDIT)
            )
            merge = partial(set_merging, p.name)
            parts.append(
                flow(
                    [
                        _button(f"rename-{p.name}", *edit, lambda: rename(p.name)),
                        _button(
                            f"merge-{p.name}",
                            _("Объединить"),
                            ft.Icons.MERGE,
                            merge,
                            disabled=len(people) < 2,
                        ),
                        _button(
                            f"remove-{p.name}",
                            _("Убрать"),
                            ft.Icons.PERSON_REMOVE,
                            lambda: set_asking(("remove", p.name)),
                        ),
                    ]
                )
            )
        also = f"; {_('ещё звали')}: {', '.join(p.aliases)}" if p.aliases else ""
        return card(f"roster-{p.name}", parts, f"{p.name}, {_plays_word(n)}{also}", spacing=8)

    def export(fmt: str) -> None:
        try:
            if fmt == "csv":
                name, raw = plays_file(data.plays)
            else:
                name, raw = backup_file(app.hub.store, Roster(root))
        except (OSError, CompanionError) as exc:
            set_notice(f"{_('Не удалось выгрузить')}: {exc}")
            return

        download(picker, name, raw, set_notice)
        set_notice(f"{_('Файл')} {name} {_('отправлен на это устройство')}.")

    def restore() -> None:
        try:
            require_player(app)
        except CompanionError as exc:
            set_notice(str(exc))
            return

        async def pick() -> None:
            try:
                files = await picker.current.pick_files(**JSON_FILE) if picker.current else None
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

    body: list[ft.Control] = [*warning_boxes(data.warnings)]
    if not player:
        body.append(ft.Text(_("Вы — зритель: менять список может только игрок."), size=14))
    if people:
        body.append(grid([player_card(p) for p in people]))
    else:
        body.append(ft.Text(_("Список пуст: игроки попадают в него из формы новой игры."), size=14))
    files = [
        ("export-csv", _("Выгрузить партии (CSV)"), ft.Icons.TABLE_VIEW, lambda: export("csv")),
        ("export-json", _("Резервная копия (JSON)"), ft.Icons.DOWNLOAD, lambda: export("json")),
        ("import-json", _("Загрузить резервную копию"), ft.Icons.UPLOAD, restore),
    ][: 3 if player else 2]
    far = _("больше — на ведущем устройстве: companion plays import ФАЙЛ")
    limit = f"{_('Резервная копия с телефона — до')} {PICK_BYTES // (1024 * 1024)} {_('МБ')}; {far}"
    body += [heading(_("Выгрузить партии")), flow([_button(*f) for f in files])]
    if player:
        body.append(clipped_text(limit, 13, lines=3, color=ft.Colors.ON_SURFACE_VARIANT))
    notice_line = spoken_clip("files-notice", notice, 14, lines=4) if notice else None
    body.append(ft.Container(notice_line, height=84))
    return Frame(_("Игроки"), "players", body)
