"""What the history, statistics and night screens share: the plays (one
:class:`~companion.store.history.History` per store), roster names and colours, the frame."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion.i18n import _
from companion.store.plays import Plays
from companion.ui.layout import use_window_layout
from companion.ui.nav import go
from companion.ui.tagged_controls import centred, flow, title_row
from companion.ui.widgets import button, dot, tagged

__all__ = [
    "Frame",
    "dot",
    "choice",
    "game_choice",
    "ALL",
    "MAX_WIDTH",
    "grid",
]

#: The screens' widest column on a laptop (px).
MAX_WIDTH = 900
#: A filter's «every game / every player» value.
ALL = "*"


def choice(
    ident: str,
    label: str,
    value: str,
    options: Sequence[tuple[str, str]],
    on_pick: Callable[[str], None],
) -> ft.Control:
    """A filter: a dropdown of ``(key, text)`` options, 48 dp or taller, whole width."""
    return tagged(
        ident,
        ft.Dropdown(
            label=label,
            value=value,
            options=[ft.DropdownOption(key=k, text=t) for k, t in options],
            on_select=lambda e: on_pick(e.control.value),
            expand=True,
        ),
        label=f"{label}: {dict(options).get(value, value)}",
    )


def game_choice(ident: str, value: str, data: Plays, pick: Callable[[str], None]) -> ft.Control:
    """The «Игра» filter (:func:`choice`): «Все игры» (:data:`ALL`), then each game played."""
    titles = {p.game: p.title for p in data.plays}
    games = [(g, titles[g]) for g in sorted(titles, key=lambda g: titles[g])]
    return choice(ident, _("Игра"), value, [(ALL, _("Все игры")), *games], pick)


def Frame(title: str, ident: str, body: list[ft.Control]) -> ft.Control:
    """A screen: «Назад», the title, links to the four screens (``tab-<key>``, the route
    ``/<key>``), ``body`` in a scrolling column (at most :data:`MAX_WIDTH` px)."""
    layout = use_window_layout()
    tabs = (
        ("history", _("История")),
        ("stats", _("Статистика")),
        ("nights", _("Итоги вечера")),
        ("players", _("Игроки")),
    )
    links = [
        button(f"tab-{key}", text, partial(go, f"/{key}"), ft.OutlinedButton, disabled=key == ident)
        for key, text in tabs
    ]
    column = ft.Column(
        [title_row("back", title, lambda: go("/")), flow(links), *body],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,  # cards as wide as the column
    )
    screen = tagged(f"screen-{ident}", column)
    return centred(screen, MAX_WIDTH) if layout.two_columns else screen


def grid(cards: Sequence[ft.Control], spacing: float = 8) -> ft.Control:
    """Cards one under another on a phone, two side by side from a tablet's width up."""
    return ft.ResponsiveRow(
        [ft.Container(c, col={"xs": 12, "md": 6}) for c in cards],
        spacing=spacing,
        run_spacing=spacing,
    )


def warning_boxes(warnings: Sequence[str], size: float | None = 14) -> list[ft.Control]:
    """Each warning (a damaged file left out, named) in an error-coloured box, at ``size`` px."""
    return [
        tagged(
            "store-warning",
            ft.Container(
                ft.Text(w, color=ft.Colors.ON_ERROR_CONTAINER, size=size),
                bgcolor=ft.Colors.ERROR_CONTAINER,
                padding=10,
                border_radius=8,
            ),
            label=w,
        )
        for w in dict.fromkeys(warnings)
    ]
