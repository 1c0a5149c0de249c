"""Compact controls shared by the boards (phone first: 48 dp targets, fixed widths)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.ui.colors import ink
from companion.ui.widgets import TARGET, counter_step, shown_number, tagged, use_number_pad

__all__ = ["Counter", "toggle"]


@ft.component
def Counter(
    ident: str,
    title: str,
    name: str,
    value: int,
    on_add: Callable[[int], None],
    on_set: Callable[[int], None],
    color: str | None = None,
    width: int = 60,
    disabled: bool = False,
    guard: Callable[[], bool] | None = None,
) -> ft.Control:
    """A compact counter: − and + (48×48 dp) around the value with its title above it; tap the
    value for a number pad. The value has a fixed ``width``, so the buttons never move.

    :param ident: test tag of the value (``{ident}-minus`` / ``{ident}-plus`` for the buttons).
    :param name: spoken name of the counter («Аня: уровень»).
    :param disabled: nothing can change it now (the game has ended): the buttons are greyed
        and take no tap, the value opens no pad; all stay in their places.
    :param guard: asked before the pad opens (see :func:`use_number_pad`).
    """
    open_pad = use_number_pad(name, on_set, current=value, guard=guard)

    def step(sign: int) -> ft.Control:
        return counter_step(ident, name, sign, 1, on_add, disabled=disabled)

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
                                shown_number(value),
                                size=24,
                                weight=ft.FontWeight.BOLD,
                                color=ink(color) if color else None,
                                text_align=ft.TextAlign.CENTER,
                            ),
                        ],
                        spacing=0,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                    width=width,
                    height=TARGET,
                    on_click=None if disabled else (lambda: open_pad()),
                    alignment=ft.Alignment.CENTER,
                ),
                label=str(value),
            ),
            step(+1),
        ],
        spacing=0,
        tight=True,
    )


def toggle(
    text: str, on: bool, on_click, disabled: bool = False, dimmed: bool = False
) -> ft.Control:
    """A yes/no choice as a 48 dp button with a check mark (a checkbox is a 40 px target).

    ``dimmed``: looks unavailable but still answers a tap — ``on_click`` then says why (a
    control for a move not allowed now explains itself); ``disabled`` takes no tap at all."""
    return (ft.FilledTonalButton if on else ft.OutlinedButton)(
        text,
        icon=ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK,
        height=TARGET,
        disabled=disabled,
        opacity=0.45 if dimmed else 1.0,
        on_click=lambda: on_click(),
    )
