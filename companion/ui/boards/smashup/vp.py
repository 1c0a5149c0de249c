"""The players' VP strip, pinned with the phase card (:mod:`.header`): one chip per player in
seat order, its VP (and madness cards when counted); a tap on a number opens its numeric pad,
titled with the whole name (so are the label and tooltip). A taller phone's chip: the name
(one line, «…») over the VP; a short phone's (``small``): both in one 48 dp target, the
madness cards in a line of their own (``mad_only``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.colors import ink
from companion.ui.widgets import TARGET, clipped_text, said, tagged, use_number_pad

__all__ = ["VpChip", "VpStrip", "SMALL_NAME", "NAME_SIZE"]

#: The name's size (px) in a short phone's chip and in a taller phone's.
SMALL_NAME, NAME_SIZE = 11, 13


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
) -> ft.Control:
    """One player's VP (tap: numeric pad) and, with the madness option, their madness cards;
    ``small``: name and VP in one 48 dp target, or (``mad_only``) the madness cards alone."""
    mad = madness or 0
    words = {"vp": _("ПО"), "mad": _("карты безумия")}
    pads = {
        what: use_number_pad(
            f"{name}: {words[what]}",
            lambda v, event=event, now=now: send(event, {"player": index, "delta": v - now}),
            current=now,
            allow_negative=False,
        )
        for what, event, now in (("vp", "vp.adjust", vp), ("mad", "madness.adjust", mad))
    }
    frame: dict[str, Any] = {
        "border_radius": 10,
        "border": ft.Border.all(2, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT),
        "bgcolor": ft.Colors.PRIMARY_CONTAINER if active else None,
    }

    def number(what: str, value: int, content: ft.Control, **box: Any) -> ft.Control:
        """The tap target of ``what`` (``vp``: ``vp-p<index>``, ``mad``: ``mad-p<index>``)."""
        tip = f"{name}: {words[what]}, {_('ввести число')}"
        box = {"height": TARGET, "alignment": ft.Alignment.CENTER, **box}
        return tagged(
            f"{what}-p{index}",
            ft.Container(content, on_click=pads[what], tooltip=tip, **box),
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
            _name(index, name, NAME_SIZE, color, active),
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
        padding=ft.Padding.symmetric(horizontal=4, vertical=2),
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
    """Chips in seat order, each an equal share of the row (``small``, ``mad_only``:
    :func:`VpChip`'s, the madness targets in the VP chips' columns)."""
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
        spacing=2 if small else 4,
    )
