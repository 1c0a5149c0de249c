"""Compact controls shared by the boards (phone first: 48 dp targets, fixed widths)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.widgets import TARGET, number_pad, tagged

__all__ = ["Counter"]


@ft.component
def Counter(
    ident: str,
    title: str,
    name: str,
    value: int,
    on_add: Callable[[int], None],
    on_set: Callable[[int], None],
    color: str | None = None,
) -> ft.Control:
    """A compact counter: − and + (48×48 dp) around the value with its title above it; tap the
    value for a number pad. The value has a fixed width, so the buttons never move.

    :param ident: test tag of the value (``{ident}-minus`` / ``{ident}-plus`` for the buttons).
    :param name: spoken name of the counter («Аня: уровень»).
    """
    pad, set_pad = ft.use_state(None)  # None: closed; str: the digits typed so far
    ft.use_dialog(
        number_pad(
            f"{name}: новое значение",
            pad,
            set_pad,
            on_submit=on_set,
            on_close=lambda: set_pad(None),
        )
        if pad is not None
        else None
    )

    def step(sign: int) -> ft.Control:
        label = f"{name} {'+1' if sign > 0 else '−1'}"
        return tagged(
            f"{ident}-{'plus' if sign > 0 else 'minus'}",
            ft.IconButton(
                ft.Icons.ADD if sign > 0 else ft.Icons.REMOVE,
                icon_size=24,
                width=TARGET,
                height=TARGET,
                tooltip=label,
                on_click=lambda: on_add(sign),
            ),
            label=label,
        )

    return ft.Row(
        [
            step(-1),
            tagged(
                ident,
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(title, size=11),
                            ft.Text(
                                str(value),
                                size=24,
                                weight=ft.FontWeight.BOLD,
                                color=color,
                                text_align=ft.TextAlign.CENTER,
                            ),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                    width=60,
                    height=TARGET,
                    on_click=lambda: set_pad(""),
                    alignment=ft.Alignment.CENTER,
                ),
                label=str(value),
            ),
            step(+1),
        ],
        spacing=0,
        tight=True,
    )
