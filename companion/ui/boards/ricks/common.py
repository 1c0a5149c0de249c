"""Helpers shared by the «Рик и Морти» board's components: fields, buttons, card texts."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.present.ricks_play import card_text, energy
from companion.present.ricks_texts import SHORT
from companion.ui.controls import tagged, typed_text
from companion.ui.tagged_controls import button as shared_button

__all__ = ["SHORT", "DIMMED", "button", "card_text", "energy"]

#: Opacity of a control whose move is not allowed now (it still answers a tap).
DIMMED = 0.45


def button(ident: str, text: str, on_click, *, icon=None, dimmed=False, label=None):
    """An outlined 48 dp button; ``dimmed``: looks unavailable, ``on_click`` says why."""
    return shared_button(
        ident,
        text,
        lambda: on_click(),
        ft.OutlinedButton,
        label=label,
        icon=icon,
        opacity=DIMMED if dimmed else 1.0,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
    )


def _box(content: ft.Control, highlight: bool = False, color: str | None = None) -> ft.Container:
    """A rounded 10 px box: outlined, or (``highlight``) a 3 px border in ``color`` (else the
    primary colour on its container colour)."""
    return ft.Container(
        content,
        padding=10,
        border_radius=12,
        border=ft.Border.all(
            3 if highlight else 1,
            (color or ft.Colors.PRIMARY) if highlight else ft.Colors.OUTLINE_VARIANT,
        ),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if highlight and color is None else None,
    )


def _field(
    ident: str,
    label: str,
    put: Callable[[str], None],
    width: int,
    value: str,
    *,
    number: bool = True,
    disabled: bool = False,
    label_size: int | None = None,
    bad: bool = False,
) -> ft.Control:
    """A text field tagged ``ident`` showing ``value`` (bound: Flet 1.0.5 clears an unbound field
    that re-renders, docs/FLET_FINDINGS.md); ``put`` gets the text; ``label_size`` px
    (``None``: Material's); ``bad``: outlined in red."""
    return tagged(
        ident,
        ft.TextField(
            label=label,
            label_style=ft.TextStyle(size=label_size) if label_size else None,
            value=value,
            width=width,
            disabled=disabled,
            border_color=ft.Colors.ERROR if bad else None,
            border_width=2 if bad else None,
            keyboard_type=ft.KeyboardType.NUMBER if number else ft.KeyboardType.TEXT,
            on_change=lambda e: put(typed_text(e)),
        ),
    )
