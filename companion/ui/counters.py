"""Counters: −/+ by a step (long press ×5) around a number whose tap opens the numeric pad."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.controls import TARGET, shown_number, tagged
from companion.ui.number_pad import use_number_pad

__all__ = ["BigCounter", "StepCounter", "counter_step", "number_size"]


def counter_step(
    ident: str,
    name: str,
    sign: int,
    step: int,
    on_add: Callable[[int], None],
    *,
    size: int = TARGET,
    icon_size: int = 24,
    outlined: bool = False,
    disabled: bool = False,
) -> ft.Control:
    """A counter's − (``sign`` −1) or + (+1) button: ``size`` dp square, ``step`` per tap and
    ×5 on a long press; tagged ``{ident}-minus`` / ``{ident}-plus`` and spoken as
    «<name> +<step>»; ``disabled``: greyed, no tap."""
    label = f"{name} {'+' if sign > 0 else '−'}{step}"
    side = ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT) if outlined else None
    return tagged(
        f"{ident}-{'plus' if sign > 0 else 'minus'}",
        ft.IconButton(
            ft.Icons.ADD if sign > 0 else ft.Icons.REMOVE,
            icon_size=icon_size,
            width=size,
            height=size,
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD, side=side),
            disabled=disabled,
            on_click=lambda: on_add(sign * step),
            on_long_press=lambda: on_add(sign * 5 * step),
            tooltip=label,
        ),
        label=label,
    )


@ft.component
def BigCounter(
    ident: str,
    label: str,
    value: int,
    step: int,
    on_add: Callable[[int], None],
    on_set: Callable[[int], None],
    color: str | None = None,
) -> ft.Control:
    """A counter readable across a table: −/+ by ``step`` (long-press: ×5); a tap on the
    number opens the numeric pad."""
    open_pad = use_number_pad(label, on_set, current=value)

    def step_button(sign: int) -> ft.Control:
        return counter_step(ident, label, sign, step, on_add, size=TARGET + 8, icon_size=28)

    return ft.Row(
        [
            step_button(-1),
            tagged(
                ident,
                ft.Container(
                    ft.Text(
                        shown_number(value),
                        size=40,
                        weight=ft.FontWeight.BOLD,
                        color=color,
                        text_align=ft.TextAlign.CENTER,
                    ),
                    on_click=lambda: open_pad(),
                    width=110,
                    alignment=ft.Alignment.CENTER,
                ),
                label=str(value),
            ),
            step_button(+1),
        ],
        alignment=ft.MainAxisAlignment.CENTER,
        spacing=4,
    )


#: A counter's number sizes (px, bold) by its characters: up to 3, up to 5, more.
NUMBER_SIZES = (26, 21, 16)
#: The smallest number drawn (px).
MIN_NUMBER_SIZE = 12
#: The box width (px) a character of a number needs per px of type: its fixed slot holds
#: ``width / (NUMBER_SLOT_EM × characters)`` px type (bold figures are under 0.6 em wide).
NUMBER_SLOT_EM = 0.66


def number_size(value: int, width: float | None = None) -> int:
    """The font size (px) of a counter's number: by its characters (:data:`NUMBER_SIZES`),
    and no larger than its slot ``width`` px holds for that many characters
    (:data:`NUMBER_SLOT_EM`: «−100» whole in a 48 px box); never below
    :data:`MIN_NUMBER_SIZE`."""
    chars = len(shown_number(value))
    size = NUMBER_SIZES[0] if chars <= 3 else NUMBER_SIZES[1] if chars <= 5 else NUMBER_SIZES[2]
    if width is None:
        return size
    return max(MIN_NUMBER_SIZE, min(size, int(width / (NUMBER_SLOT_EM * chars))))


@ft.component
def StepCounter(
    ident: str,
    label: str,
    caption: str,
    value: int,
    step: int,
    on_add: Callable[[int], None],
    on_set: Callable[[int], None],
    value_width: int = 72,
    allow_negative: bool = True,
) -> ft.Control:
    """A compact counter for a board with many players: − value + in one 48 px line.

    −/+ change by ``step`` (long-press: ×5), a tap on the number opens the numeric pad.
    ``caption`` (e.g. the counter's name) sits above the number inside the same box. Every
    part has a fixed width: the buttons never move when the value grows.
    """
    open_pad = use_number_pad(label, on_set, current=value, allow_negative=allow_negative)

    def step_button(sign: int) -> ft.Control:
        return counter_step(ident, label, sign, step, on_add, outlined=True)

    number = ft.Text(
        shown_number(value),
        size=number_size(value, value_width),
        weight=ft.FontWeight.BOLD,
        text_align=ft.TextAlign.CENTER,
        max_lines=1,
    )
    box = ft.Column(
        [ft.Text(caption, size=11, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS), number]
        if caption
        else [number],
        spacing=0,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return ft.Row(
        [
            step_button(-1),
            tagged(
                ident,
                ft.Container(
                    box,
                    on_click=lambda: open_pad(),
                    width=value_width,
                    height=TARGET,
                    alignment=ft.Alignment.CENTER,
                    # the counter's whole name (the caption may be cut with «…»)
                    tooltip=_("{name} — ввести число").format(name=caption)
                    if caption
                    else _("Ввести число"),
                ),
                label=str(value),
            ),
            step_button(+1),
        ],
        spacing=0,
        tight=True,
    )
