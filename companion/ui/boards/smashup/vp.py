"""The players' VP strip: one chip per player in seat order, always on screen (pinned with
the phase card, :mod:`.header`).

A chip shows the VP (and madness cards when counted); tapping either number opens a numeric
pad for it. What 15 VP mean now (Игра окончена: a tie at 15 or more plays on; a single
leader wins when the check runs) is said once, in the frame's status line (the engine's
:func:`~companion.engine.smashup.status_note`; a tap there shows it whole), not again here.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.boards.smashup.common import dot
from companion.ui.colors import ink
from companion.ui.widgets import TARGET, number_pad, tagged, use_form

__all__ = ["VpChip", "VpStrip"]


@ft.component
def VpChip(
    index: int,
    name: str,
    color: str,
    vp: int,
    madness: int | None,
    active: bool,
    send: Callable[..., bool],
) -> ft.Control:
    """One player's VP (tap: numeric pad) and, with the madness option, their madness cards."""
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
    parts: list[ft.Control] = [
        ft.Row(
            [
                dot(color, 12),
                ft.Text(
                    name,
                    size=14,
                    weight=ft.FontWeight.BOLD if active else None,
                    expand=True,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
            ],
            spacing=4,
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
        padding=ft.Padding.symmetric(horizontal=4, vertical=2),
        border_radius=10,
        border=ft.Border.all(2, ft.Colors.PRIMARY if active else ft.Colors.OUTLINE_VARIANT),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if active else None,
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
) -> ft.Control:
    """Chips in seat order."""
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
            )
            for i in range(len(names))
        ],
        spacing=4,
    )
