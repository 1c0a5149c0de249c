"""The players' VP strip, pinned with the phase card (:mod:`.header`): one chip per player in
seat order, its VP (and madness cards when counted); a tap on a number opens its numeric
pad, whose title names the player whole (so do the chip's label and tooltip). What 15 VP
mean now is said once, in the frame's status line, not here. A taller phone's chip: the
name in the player's colour (one line cut with «…») over the VP. A short phone's
(``small``): name and VP in one 48 dp target; the madness cards then go in a line of their
own under the chips (:func:`VpStrip`'s ``mad_only``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.colors import ink
from companion.ui.widgets import TARGET, clipped_text, said, tagged, use_number_pad

__all__ = ["VpChip", "VpStrip", "SMALL_NAME", "NAME_SIZE"]

#: The name's size in a short phone's chip (px).
SMALL_NAME = 11
#: The name's size in a taller phone's chip (px).
NAME_SIZE = 13
#: Between two chips, around a chip's content (px).
_GAP = 4
_PAD = 4


@ft.component
def VpChip(
    index: int,
    name: str,
    color: str,
    vp: int,
    madness: int | None,
    active: bool,
    send: Callable[..., Any],
    small: bool = False,
    mad_only: bool = False,
    name_size: int = NAME_SIZE,
) -> ft.Control:
    """One player's VP (tap: numeric pad) and, with the madness option, their madness cards;
    the name at ``name_size`` px; ``small``: name and VP in one 48 dp target, or
    (``mad_only``) the madness cards alone."""
    mad = madness or 0
    pads = {
        "vp": use_number_pad(
            f"{name}: {_('ПО')}",
            lambda v: send("vp.adjust", {"player": index, "delta": v - vp}),
            current=vp,
            allow_negative=False,
        ),
        "mad": use_number_pad(
            f"{name}: {_('карты безумия')}",
            lambda v: send("madness.adjust", {"player": index, "delta": v - mad}),
            current=mad,
            allow_negative=False,
        ),
    }
    frame: dict[str, Any] = {
        "border_radius": 10,
        "border": ft.Border.all(2, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT),
        "bgcolor": ft.Colors.PRIMARY_CONTAINER if active else None,
    }

    def number(what: str, value: int, content: ft.Control, **box: Any) -> ft.Control:
        """The tap target of ``what`` (``vp``: ``vp-p<index>``, ``mad``: ``mad-p<index>``)."""
        word = _("ПО") if what == "vp" else _("карты безумия")
        box = {"height": TARGET, "alignment": ft.Alignment.CENTER, **box}
        return tagged(
            f"{what}-p{index}",
            ft.Container(
                content, on_click=pads[what], tooltip=f"{name}: {word}, {_('ввести число')}", **box
            ),
            label=f"{name}: {value}" if small and what == "vp" else str(value),
        )

    color_ink = ink(color)
    if small and mad_only:
        text = ft.Text(f"{_('безумие')} {mad}", size=12, color=color_ink, no_wrap=True)
        return ft.Container(number("mad", mad, text), expand=True)
    if small:
        both = ft.Column(
            [
                _name(index, name, SMALL_NAME, color, active),
                ft.Text(str(vp), size=20, weight=ft.FontWeight.BOLD, color=color_ink),
            ],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
        chip = number("vp", vp, both, padding=ft.Padding.symmetric(horizontal=2), **frame)
        return ft.Container(chip, expand=True)
    big = ft.Text(str(vp), size=28, weight=ft.FontWeight.BOLD, color=color_ink)
    parts: list[ft.Control] = [
        ft.Container(
            _name(index, name, name_size, color, active),
            height=20,  # the same for every size: the VP under it never moves
            alignment=ft.Alignment.CENTER,
        ),
        number("vp", vp, big),
    ]
    if madness is not None:
        parts.append(number("mad", madness, ft.Text(f"{_('безумие')} {madness}", size=14)))
    return ft.Container(
        ft.Column(parts, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        expand=True,
        padding=ft.Padding.symmetric(horizontal=_PAD, vertical=2),
        **frame,
    )


def _name(index: int, name: str, size: int, color: str, active: bool) -> ft.Control:
    """A chip's name in the player's colour (bold on their turn), one line cut with «…»,
    tagged ``vp-name-p<index>`` with the whole name."""
    return said(
        f"vp-name-p{index}",
        clipped_text(
            name,
            size,
            color=ink(color),
            weight=ft.FontWeight.BOLD if active else None,
            text_align=ft.TextAlign.CENTER,
        ),
    )


_MemoChip = ft.memo(VpChip)


@ft.component
def VpStrip(
    names: tuple[str, ...],
    colors: tuple[str, ...],
    vp: tuple[int, ...],
    madness: tuple[int, ...] | None,
    active: int,
    send: Callable[..., bool],
    small: bool = False,
    mad_only: bool = False,
) -> ft.Control:
    """Chips in seat order, each an equal share of the row (``small``: a short phone's, see
    :func:`VpChip`); ``mad_only``: a short phone's madness cards, one target per player in
    the VP chips' columns (:func:`VpStrip`'s ``mad_only``)."""
    return ft.Row(
        [
            _MemoChip(
                i,
                names[i],
                colors[i],
                vp[i],
                madness[i] if madness is not None else None,
                active == i,
                send,
                small,
                mad_only,
            )
            for i in range(len(names))
        ],
        spacing=2 if small else _GAP,
    )
