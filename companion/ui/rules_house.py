"""The house rulings panel of the rules screen: the form that adds one, the table's list."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft

from companion.i18n import _
from companion.rules import list_rulings
from companion.rules.db import GAMES
from companion.rules.house import HOUSE_FILE
from companion.store.limits import RULING_TEXT_CHARS, RULING_TITLE_CHARS
from companion.ui.rules_text import GAME_NAMES, SOURCE_NAMES, rules_index
from companion.ui.widgets import button, icon_button, said, tagged

__all__ = ["house_panel"]


def _set_link(set_form: Callable[[Any], None], value: str | None) -> None:
    link = (value or "").strip()
    set_form(lambda f: {**f, "link": link})


def house_panel(
    root: Path,
    form: dict[str, str],
    set_form: Callable[[dict[str, str]], None],
    save: Callable[[], None],
    remove: Callable[[str], None],
    open_entry: Callable[[str], None],
    close: Callable[[], None],
) -> ft.Control:
    """The form that adds a house ruling, and the list of the table's rulings."""
    rulings = list_rulings(path=Path(root) / HOUSE_FILE)
    index = rules_index(root)
    linked = index.by_id.get(form.get("link", ""))
    link_note = (
        f"{_('К правилу')}: {linked['title']} "
        f"({SOURCE_NAMES.get(linked['source'], linked['source'])})"
        if linked
        else (
            _("Нет такой записи: проверьте номер")
            if form.get("link")
            else _(
                "Можно привязать к правилу: откройте его и нажмите «Решение стола к этому правилу»"
            )
        )
    )
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(_("Решения стола"), size=20, weight=ft.FontWeight.BOLD, expand=True),
                    icon_button("house-close", ft.Icons.CLOSE, _("Закрыть"), close),
                ]
            ),
            ft.Text(
                _(
                    "Свои договорённости компании: ищутся вместе с правилами "
                    "и помечаются «правило стола»."
                ),
                size=14,
            ),
            tagged(
                "house-title",
                ft.TextField(
                    label=_("Название"),
                    value=form.get("title", ""),
                    max_length=RULING_TITLE_CHARS,  # add_ruling refuses longer
                    counter="",
                    on_change=lambda e: set_form(lambda f, v=e.control.value: {**f, "title": v}),
                ),
            ),
            tagged(
                "house-text",
                ft.TextField(
                    label=_("Что решили"),
                    value=form.get("text", ""),
                    max_length=RULING_TEXT_CHARS,
                    counter="",  # a limit, not a target (add_ruling names it if reached)
                    multiline=True,
                    min_lines=3,
                    max_lines=6,
                    on_change=lambda e: set_form(lambda f, v=e.control.value: {**f, "text": v}),
                ),
            ),
            tagged(
                "house-game",
                ft.Dropdown(
                    label=_("Игра"),
                    value=form.get("game", "smash_up"),
                    options=[ft.DropdownOption(key=g, text=GAME_NAMES[g]) for g in GAMES],
                    on_select=lambda e: set_form(lambda f, v=e.control.value: {**f, "game": v}),
                ),
            ),
            tagged(
                "house-link",
                ft.TextField(
                    label=_("Номер правила (необязательно)"),
                    value=form.get("link", ""),
                    on_change=lambda e: _set_link(set_form, e.control.value),
                ),
            ),
            said(
                "house-link-note", ft.Text(link_note, size=13, color=ft.Colors.ON_SURFACE_VARIANT)
            ),
            ft.Row(
                [
                    button(
                        "house-save",
                        _("Сохранить решение"),
                        save,
                        ft.FilledButton,
                        icon=ft.Icons.SAVE,
                    )
                ]
            ),
            ft.Divider(),
            *(
                [
                    tagged(
                        f"house-item-{r['id']}",
                        ft.Row(
                            [
                                ft.Container(
                                    ft.Column(
                                        [
                                            ft.Text(r["title"], size=16, weight=ft.FontWeight.BOLD),
                                            ft.Text(GAME_NAMES.get(r["game"], r["game"]), size=13),
                                        ],
                                        spacing=2,
                                    ),
                                    expand=True,
                                    on_click=lambda _e, rid=r["id"]: open_entry(rid),
                                ),
                                icon_button(
                                    f"house-del-{r['id']}",
                                    ft.Icons.DELETE_OUTLINE,
                                    _("Удалить"),
                                    lambda _e, rid=r["id"]: remove(rid),
                                ),
                            ]
                        ),
                        label=r["title"],
                    )
                    for r in rulings
                ]
                or [said("house-empty", ft.Text(_("Решений стола пока нет.")))]
            ),
        ],
        spacing=10,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
