"""Compact controls shared by the boards (phone first: 48 dp targets, fixed widths); the
counter is :class:`companion.ui.counters.Counter`."""

from __future__ import annotations

import flet as ft

from companion.ui.widgets import TARGET

__all__ = ["toggle"]


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
