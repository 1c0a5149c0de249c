"""The one counter every board composes: − number + (48 dp each), long press ×5, a tap on the
number opens the numeric pad. The number sits in a fixed slot (``width`` px, or ``None``:
the rest of the line), one ``size``, cut with «…» (whole in the label and on the pad)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.present.colors import ink
from companion.ui.controls import TARGET, clipped_text, shown_number, tagged
from companion.ui.number_pad import use_number_pad

__all__ = ["Counter", "counter_step"]


def counter_step(
    ident: str,
    name: str,
    sign: int,
    step: int,
    on_add: Callable[[int], None],
    *,
    outlined: bool = False,
    disabled: bool = False,
    tip: str | None = None,
) -> ft.Control:
    """A counter's − (``sign`` −1) or + (+1) button, 48 dp square: ``step`` per tap and ×5 on
    a long press; tagged ``{ident}-minus`` / ``{ident}-plus`` and spoken as «<name> +<step>»
    (or ``tip``); ``disabled``: greyed, no tap."""
    label = tip or f"{name} {'+' if sign > 0 else '−'}{step}"
    side = ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT) if outlined else None
    return tagged(
        f"{ident}-{'plus' if sign > 0 else 'minus'}",
        ft.IconButton(
            ft.Icons.ADD if sign > 0 else ft.Icons.REMOVE,
            width=TARGET,
            height=TARGET,
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD, side=side),
            disabled=disabled,
            on_click=lambda: on_add(sign * step),
            on_long_press=lambda: on_add(sign * 5 * step),
            tooltip=label,
        ),
        label=label,
    )


@ft.component
def Counter(
    ident: str,
    name: str,
    value: int,
    on_add: Callable[[int], None],
    on_set: Callable[[int], None] | None = None,
    *,
    caption: str = "",
    step: int = 1,
    width: int | None = TARGET,
    size: int = 22,
    color: str | None = None,
    disabled: bool = False,
    minus_disabled: bool = False,
    outlined: bool = False,
    allow_negative: bool = True,
    guard: Callable[[], bool] | None = None,
    on_tap: Callable[[], None] | None = None,
    tips: tuple[str, str] | None = None,
    number_top: int = 0,
    steps: str | None = None,
) -> ft.Control:
    """− ``value`` + in one 48 dp line; ``on_add(delta)`` gets ±``step`` (×5 on a long press).

    :param ident: the number's tag (``{ident}-minus`` / ``{ident}-plus`` for the buttons).
    :param name: the spoken name: the buttons' labels and the pad's title.
    :param on_set: a tap on the number opens the pad that sets the value; ``on_tap``: the tap
        does that instead; neither: no tap.
    :param caption: a title over the number (11 px, cut with «…»).
    :param width: the number's slot (px); ``None``: the rest of the line.
    :param size: the number's type (px). :param color: made readable by :func:`ink`.
    :param disabled: greyed, no pad; ``minus_disabled``: only «−» greyed.
    :param allow_negative: the pad offers «±». :param guard: asked before the pad opens.
    :param tips: the «−» and «+» labels. :param number_top: px above the number.
    :param steps: the buttons' tag instead of ``ident`` (``{steps}-minus``, ``{steps}-plus``)."""
    open_pad = use_number_pad(
        name, on_set or (lambda _v: None), current=value, allow_negative=allow_negative, guard=guard
    )
    tap = None if disabled else on_tap or ((lambda: open_pad()) if on_set else None)
    number = clipped_text(
        shown_number(value),
        size,
        weight=ft.FontWeight.BOLD,
        color=ink(color) if color else None,
        text_align=ft.TextAlign.CENTER,
    )
    center = ft.CrossAxisAlignment.CENTER
    titled: list[ft.Control] = [clipped_text(caption, 11), number]
    box = (
        ft.Column(titled, spacing=0, tight=True, horizontal_alignment=center) if caption else number
    )
    slot = tagged(
        ident,
        ft.Container(
            box,
            width=width,
            height=TARGET,
            alignment=ft.Alignment.CENTER,
            padding=ft.Padding.only(top=number_top) if number_top else None,
            on_click=tap,
            tooltip=_("{name} — ввести число").format(name=caption)
            if caption and width is None and on_set and not disabled
            else None,
        ),
        label=str(value),
    )
    minus_tip, plus_tip = tips or (None, None)
    minus = counter_step(
        steps or ident,
        name,
        -1,
        step,
        on_add,
        outlined=outlined,
        disabled=disabled or minus_disabled,
        tip=minus_tip,
    )
    plus = counter_step(
        steps or ident, name, 1, step, on_add, outlined=outlined, disabled=disabled, tip=plus_tip
    )
    middle = ft.Container(slot, expand=True) if width is None else slot
    return ft.Row([minus, middle, plus], spacing=0, tight=width is not None)
