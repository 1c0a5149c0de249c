"""One player's row: colour, name with «ходит» on their turn, the board's slots on the same
line and its lines under it. Frames: ``card`` (outline, 3 px in the colour on their turn)
or ``strip`` (a 6 px colour bar, tinted on their turn). The marker keeps its slot."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

import flet as ft

from companion.i18n import _
from companion.ui.controls import border_all, clipped_text, tagged

__all__ = ["active_marker", "player_name", "player_row"]

#: The «ходит» marker's width and heights (px): a full line, a short screen's.
MARKER_WIDTH, MARKER_HEIGHT, DENSE_HEIGHT = 54, 20, 12


def active_marker(active: bool, dense: bool = False, keep_slot: bool = True) -> ft.Control:
    """«ходит» when ``active``, else its empty slot (``keep_slot=False``: nothing)."""
    if not active and not keep_slot:
        return ft.Container(width=0)
    return ft.Container(
        ft.Text(_("ходит"), size=9 if dense else 12, color=ft.Colors.ON_PRIMARY)
        if active
        else None,
        bgcolor=ft.Colors.PRIMARY if active else None,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=6, vertical=0 if dense else 1),
        width=MARKER_WIDTH,
        height=DENSE_HEIGHT if dense else MARKER_HEIGHT,
        alignment=ft.Alignment.CENTER,
    )


def player_name(
    name: str,
    active: bool,
    *,
    size: float = 17,
    dense: bool = False,
    stacked: bool = False,
    ident: str | None = None,
    label: str | None = None,
    marker: bool = True,
) -> ft.Control:
    """The name, bold, one line, then :func:`active_marker` (``marker=False``: none;
    ``stacked``: under the name); ``ident``/``label`` tag the name."""
    text: ft.Control = clipped_text(
        name, size, weight=ft.FontWeight.BOLD, style=ft.TextStyle(height=1.0) if dense else None
    )
    if ident is not None:
        text = tagged(ident, text, label=label)
    if not marker:
        return text
    if stacked:
        return ft.Column([text, active_marker(active, dense)], spacing=0, tight=True)
    return ft.Row(
        [
            ft.Container(text, expand=True, height=DENSE_HEIGHT if dense else None),
            active_marker(active, dense),
        ],
        spacing=4,
    )


def player_row(
    ident: str,
    color: str,
    active: bool,
    head: ft.Control,
    slots: Sequence[ft.Control] = (),
    *,
    label: str | None,
    below: Sequence[ft.Control] = (),
    frame: Literal["card", "strip"] = "card",
    dense: bool = False,
    height: float | None = None,
    spacing: float = 4,
    head_share: int = 1,
    border: tuple[float, str] | None = None,
    tint: str | None = None,
    opacity: float = 1.0,
    on_click: Callable[[], None] | None = None,
) -> ft.Control:
    """A row tagged ``ident`` spoken as ``label``: ``head`` (:func:`player_name` and more) in the
    room ``slots`` leave, then ``below``; ``dense``: no vertical padding; ``height``: fixed.
    A card's ``border`` (width, colour) and ``tint`` (background) replace the turn's;
    ``on_click``: the whole row answers a tap."""
    line: list[ft.Control] = [ft.Container(head, expand=head_share), *slots]
    if frame == "card":
        line.insert(0, ft.Container(width=10, height=10, bgcolor=color, border_radius=5))
    content: ft.Control = ft.Row(
        line, spacing=spacing, vertical_alignment=ft.CrossAxisAlignment.CENTER
    )
    if below:
        content = ft.Column([content, *below], spacing=0, tight=True)
    if frame == "card":
        box = ft.Container(
            content,
            height=height,
            padding=ft.Padding.only(left=8, right=2, top=0 if dense else 2),
            border_radius=12,
            border=border_all(
                *(border or (3 if active else 1, color if active else ft.Colors.OUTLINE_VARIANT))
            ),
            bgcolor=tint,
        )
    else:
        box = ft.Container(
            content,
            height=height,
            # a one-sided border with rounded corners draws stray arcs
            border=ft.Border.only(left=ft.BorderSide(6, color)),
            padding=ft.Padding.only(
                left=8, right=4, top=0 if dense else 2, bottom=0 if dense else 2
            ),
            bgcolor=ft.Colors.with_opacity(0.10, color) if active else None,
        )
    box.opacity, box.on_click = opacity, on_click
    return tagged(ident, box, label=label)
