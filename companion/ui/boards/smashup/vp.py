"""The players' VP strip: one chip per player in seat order, always on screen (pinned with
the phase card, :mod:`.header`).

A chip shows the VP (and madness cards when counted); tapping either number opens a numeric
pad for it. What 15 VP mean now (Игра окончена: a tie at 15 or more plays on; a single
leader wins when the check runs) is said once, in the frame's status line (the engine's
:func:`~companion.engine.smashup.status_note`; a tap there shows it whole), not again here.

On a taller phone a chip is the name, in the player's colour over the VP in it (no dot: the
room is the name's), one line that Flutter cuts with «…» where the chip's share of the row
ends; the chip's label, its tooltip and the pad's title name the player whole.

On a short phone (``small``) a chip is one 48 dp target: the name in small type over the VP,
both in the player's colour (no dot: the room is the name's), the whole chip opening the pad
(whose title names the player whole; so does the chip's label); a long name ends in «…».
Madness cards, when
counted, are not in the chip (no room for a second target): a line of targets in the same
columns is pinned under the chips (:class:`MadnessStrip`, :mod:`.header`).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.colors import ink
from companion.ui.widgets import TARGET, clipped_text, number_pad, said, tagged, use_form

__all__ = ["VpChip", "VpStrip", "MadnessStrip", "SMALL_NAME", "NAME_SIZE"]

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
    send: Callable[..., bool],
    small: bool = False,
    mad_only: bool = False,
    name_size: int = NAME_SIZE,
) -> ft.Control:
    """One player's VP (tap: numeric pad) and, with the madness option, their madness cards;
    the name at ``name_size`` px; ``small``: name and VP in one 48 dp target, or
    (``mad_only``) the madness cards alone."""
    # None: closed; (what, None): open on the number, untouched; (what, digits typed so
    # far), with what = "vp" | "mad"
    pad, set_pad, latest = use_form(lambda: None)
    what = pad[0] if pad else "vp"
    current = vp if what == "vp" else (madness or 0)
    title = f"{name}: {_('ПО') if what == 'vp' else _('карты безумия')}"
    event = "vp.adjust" if what == "vp" else "madness.adjust"
    ft.use_dialog(
        number_pad(
            title,
            pad[1],
            lambda change: set_pad(lambda p: (p[0], change(p[1])) if p else p),
            on_submit=lambda v: (
                send(event, {"player": index, "delta": v - current}) if v != current else None
            ),
            on_close=lambda: set_pad(None),
            allow_negative=False,
            latest=lambda: (latest() or ("vp", None))[1],
            value=current,
        )
        if pad is not None
        else None
    )
    frame = {
        "border_radius": 10,
        "border": ft.Border.all(2, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT),
        "bgcolor": ft.Colors.PRIMARY_CONTAINER if active else None,
    }
    if small:
        return _small_chip(index, name, color, vp, madness, active, set_pad, frame, mad_only)
    parts: list[ft.Control] = [
        ft.Container(
            _name(index, name, name_size, color, active),
            height=20,  # the same for every size: the VP under it never moves
            alignment=ft.Alignment.CENTER,
        ),
        tagged(
            f"vp-p{index}",
            ft.Container(
                ft.Text(str(vp), size=28, weight=ft.FontWeight.BOLD, color=ink(color)),
                height=TARGET,
                alignment=ft.Alignment.CENTER,
                on_click=lambda: set_pad(("vp", None)),
                tooltip=f"{name}: {_('ПО')}, {_('ввести число')}",
            ),
            label=str(vp),
        ),
    ]
    if madness is not None:
        parts.append(
            tagged(
                f"mad-p{index}",
                ft.Container(
                    ft.Text(f"{_('безумие')} {madness}", size=14),
                    height=TARGET,
                    alignment=ft.Alignment.CENTER,
                    on_click=lambda: set_pad(("mad", None)),
                    tooltip=f"{name}: {_('карты безумия')}, {_('ввести число')}",
                ),
                label=str(madness),
            )
        )
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


def _small_chip(
    index: int,
    name: str,
    color: str,
    vp: int,
    madness: int | None,
    active: bool,
    set_pad: Callable[..., None],
    frame: dict,
    mad_only: bool,
) -> ft.Control:
    """The chip of a short phone: name over VP in one 48 dp target; or (``mad_only``) the
    madness cards in the player's colour."""
    if mad_only:
        mad = tagged(
            f"mad-p{index}",
            ft.Container(
                ft.Text(f"{_('безумие')} {madness or 0}", size=12, color=ink(color), no_wrap=True),
                height=TARGET,
                alignment=ft.Alignment.CENTER,
                on_click=lambda: set_pad(("mad", None)),
                tooltip=f"{name}: {_('карты безумия')}, {_('ввести число')}",
            ),
            label=str(madness or 0),
        )
        return ft.Container(mad, expand=True)
    tip = f"{name}: {_('ПО')}, {_('ввести число')}"
    chip = tagged(
        f"vp-p{index}",
        ft.Container(
            ft.Column(
                [
                    _name(index, name, SMALL_NAME, color, active),
                    ft.Text(str(vp), size=20, weight=ft.FontWeight.BOLD, color=ink(color)),
                ],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            height=TARGET,
            padding=ft.Padding.symmetric(horizontal=2),
            alignment=ft.Alignment.CENTER,
            on_click=lambda: set_pad(("vp", None)),
            tooltip=tip,
            **frame,
        ),
        label=f"{name}: {vp}",
    )
    return ft.Container(chip, expand=True)


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
) -> ft.Control:
    """Chips in seat order, each an equal share of the row (``small``: a short phone's, see
    :func:`VpChip`)."""
    n = len(names)
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
                False,
            )
            for i in range(n)
        ],
        spacing=2 if small else _GAP,
    )


@ft.component
def MadnessStrip(
    names: tuple[str, ...],
    colors: tuple[str, ...],
    madness: tuple[int, ...],
    send: Callable[..., bool],
) -> ft.Control:
    """A short phone's madness cards, one target per player in the VP chips' columns (tap: the
    numeric pad, as on the chips of a taller screen)."""
    return ft.Row(
        [
            _MemoChip(i, names[i], colors[i], 0, madness[i], False, send, True, True)
            for i in range(len(names))
        ],
        spacing=2,
    )
