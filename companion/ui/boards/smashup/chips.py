"""The strip of base chips pinned in the header (on a short screen a menu instead) and the
base open on this screen. A chip or item (≥ 48 dp) opens its base and scrolls it to the top.
Tags: ``chip-<j>``, ``base-menu``, ``base-item-<j>``."""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.boards.smashup.common import READY
from companion.ui.layout import grid
from companion.ui.state import GameView, view_local
from companion.ui.widgets import TARGET, border_all, clipped_text, tagged

__all__ = ["BaseChips", "ONE_LINE", "OpenBase", "open_base_of"]

#: At most this many chips share one line.
ONE_LINE = 7
_GAP = 4


@ft.observable
@dataclass
class OpenBase:
    """The base open on this screen (momentary): ``base`` opened in moment ``when``; ``asked``
    counts chip taps (a tap on the open chip scrolls again)."""

    base: int | None = None
    when: Hashable = None
    asked: int = 0

    def at(self, when: Hashable) -> int | None:
        """The base open in the moment ``when``, or ``None``."""
        return self.base if self.when == when else None

    def toggle(self, j: int, when: Hashable) -> None:
        """Open base ``j`` in ``when``, or close it when it is the one open."""
        if self.at(when) == j:
            self.base = None
        else:
            self.when = when
            self.base = j

    def show(self, j: int, when: Hashable) -> None:
        """Open base ``j`` in ``when`` and ask for it to be scrolled to the top."""
        self.when = when
        self.base = j
        self.asked += 1


def open_base_of(view: GameView) -> OpenBase:
    """The one :class:`OpenBase` of this screen's view (the header and the list share it)."""
    return view_local(view, OpenBase)


@ft.component
def BaseChips(
    names: tuple[str, ...],
    totals: tuple[int, ...],
    breakpoints: tuple[int, ...],
    ready: tuple[bool, ...],
    when: Hashable,
    opened: OpenBase,
    menu: bool = False,
) -> ft.Control:
    """One chip per base (``totals``/``breakpoints``, ``ready`` coloured), ``opened`` marked;
    ``menu``: the bases as a menu (see the module docstring)."""
    current = opened.at(when)
    counts = [f"{totals[j]}/{breakpoints[j]}" for j in range(len(names))]

    def count(j: int, **style: Any) -> ft.Text:
        return ft.Text(
            counts[j], weight=ft.FontWeight.BOLD, color=READY if ready[j] else None, **style
        )

    def chip(j: int) -> ft.Control:
        is_open = current == j
        label = f"{names[j]}: {counts[j]}" + (f", {_('открыта')}" if is_open else "")
        return tagged(
            f"chip-{j}",
            ft.Container(
                ft.Column(
                    [
                        clipped_text(names[j], 11, text_align=ft.TextAlign.CENTER),
                        count(j, size=13, max_lines=1),
                    ],
                    spacing=0,
                    tight=True,
                    alignment=ft.MainAxisAlignment.CENTER,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=TARGET,
                padding=ft.Padding.symmetric(horizontal=3),
                border_radius=8,
                border=border_all(2, ft.Colors.PRIMARY if is_open else ft.Colors.OUTLINE_VARIANT),
                bgcolor=ft.Colors.PRIMARY_CONTAINER if is_open else None,
                tooltip=names[j],
                on_click=lambda: opened.show(j, when),
            ),
            label=label,
        )

    def item(j: int) -> ft.PopupMenuItem:
        return ft.PopupMenuItem(
            content=tagged(
                f"base-item-{j}",
                ft.Row([clipped_text(names[j], 14, expand=True), count(j)], spacing=12),
                label=f"{names[j]}: {counts[j]}",
            ),
            checked=current == j,
            height=TARGET,
            on_click=lambda: opened.show(j, when),
        )

    n = len(names)
    if not menu:
        return grid([chip(j) for j in range(n)], n if n <= ONE_LINE else math.ceil(n / 2), _GAP)
    shown = f" ({_('открыта')} {names[current]}: {counts[current]})" if current is not None else ""
    return tagged(
        "base-menu",
        ft.PopupMenuButton(
            icon=ft.Icons.VIEW_LIST,
            tooltip=_("Базы"),
            items=[item(j) for j in range(n)],
            width=TARGET,
            height=TARGET,
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
        ),
        label=_("Базы") + shown,
    )
