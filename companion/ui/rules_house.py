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
from companion.rules.text import GAME_NAMES, SOURCE_NAMES, rules_index
from companion.store.limits import RULING_TEXT_CHARS, RULING_TITLE_CHARS
from companion.ui.tagged_controls import heading, text_field
from companion.ui.widgets import button, icon_button, said, tagged

__all__ = ["house_panel"]


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
    if linked:
        source = SOURCE_NAMES.get(linked["source"], linked["source"])
        link_note = f"{_('К правилу')}: {linked['title']} ({source})"
    elif form.get("link"):
        link_note = _("Нет такой записи: проверьте номер")
    else:
        link_note = _(
            "Можно привязать к правилу: откройте его и нажмите «Решение стола к этому правилу»"
        )
    empty = said("house-empty", ft.Text(_("Решений стола пока нет.")))
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Container(heading(_("Решения стола")), expand=True),
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
            text_field(
                "house-title",
                _("Название"),
                form.get("title", ""),
                lambda v: set_form(lambda f: {**f, "title": v}),
                max_length=RULING_TITLE_CHARS,  # add_ruling refuses longer
            ),
            text_field(
                "house-text",
                _("Что решили"),
                form.get("text", ""),
                lambda v: set_form(lambda f: {**f, "text": v}),
                max_length=RULING_TEXT_CHARS,  # add_ruling names the limit if reached
                multiline=True,
                min_lines=3,
                max_lines=6,
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
            text_field(
                "house-link",
                _("Номер правила (необязательно)"),
                form.get("link", ""),
                lambda v: set_form(lambda f: {**f, "link": v.strip()}),
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
            *([_ruling(r, open_entry, remove) for r in rulings] or [empty]),
        ],
        spacing=10,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


def _ruling(
    r: dict[str, Any], open_entry: Callable[[str], None], remove: Callable[[str], None]
) -> ft.Control:
    """One of the table's rulings: a tap on its words opens it; «Удалить» beside."""
    words = [heading(r["title"], 16), ft.Text(GAME_NAMES.get(r["game"], r["game"]), size=13)]
    delete = icon_button(
        f"house-del-{r['id']}", ft.Icons.DELETE_OUTLINE, _("Удалить"), lambda: remove(r["id"])
    )
    opened = ft.Container(
        ft.Column(words, spacing=2), expand=True, on_click=lambda: open_entry(r["id"])
    )
    return tagged(f"house-item-{r['id']}", ft.Row([opened, delete]), label=r["title"])
