"""One base in play: a fixed-height row (name, VP for the places, power/breakpoint, a status
slot); names cut with «…», whole in labels and tooltips; ``small``: shorter rows. Tags:
``base-<j>``, ``base-<j>-name``, ``base-<j>-total``, ``base-<j>-ready``, ``score-<j>``,
``base-<j>-open``."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.smashup import BaseState, effective_breakpoint, is_ready, total_power
from companion.i18n import _
from companion.present.smashup import signed
from companion.ui.boards.smashup.common import READY
from companion.ui.widgets import TARGET, button, clipped_text, icon_button, said, tagged

__all__ = ["BaseRow", "ROW_HEIGHT", "SMALL_ROW_HEIGHT", "row_key"]

#: Height of a base row (dp); on a short phone.
ROW_HEIGHT, SMALL_ROW_HEIGHT = 56, TARGET
#: The row's border (px), drawn over its content.
ROW_BORDER = 2


def row_key(j: int) -> ft.ScrollKey:
    """The scroll key of base ``j``'s row (the board scrolls an opened base to the top)."""
    return ft.ScrollKey(f"base-{j}")


@ft.component
def BaseRow(
    j: int,
    b: BaseState,
    selected: bool,
    in_check: bool,
    is_open: bool,
    toggle: Callable[[int], None],
    score: Callable[[int], None],
    small: bool = False,
    over: bool = False,
) -> ft.Control:
    """Base ``j``'s row (``b``; ``selected``: ready by the table's word); a tap opens or closes
    its editor (none once ``over``)."""
    name, vp, mod = b.name, b.vp, b.mod_turn + b.mod_base
    total, bp, ready = total_power(b), effective_breakpoint(b), is_ready(b) or selected
    status_text = _("готова к захвату") if ready else f"{_('до захвата')} {max(0, bp - total)}"
    flag = ft.Icon(ft.Icons.FLAG, color=READY, size=24, opacity=1.0 if ready else 0.0)
    if ready and in_check:
        slot: ft.Control = button(
            f"score-{j}",
            _("Захватить"),
            lambda: score(j),
            ft.FilledButton,
            style=ft.ButtonStyle(
                bgcolor=READY,
                padding=ft.Padding.symmetric(horizontal=8),
                visual_density=ft.VisualDensity.STANDARD,
            ),
            label=_("Захватить"),
        )
    elif over:
        slot = flag
    else:
        tip = _("Закрыть") if is_open else _("Открыть: сила и приспешники")
        slot = ft.Row(
            [
                flag,
                icon_button(
                    f"base-{j}-open",
                    ft.Icons.EXPAND_LESS if is_open else ft.Icons.EXPAND_MORE,
                    f"{tip}: «{name}»",
                    lambda: toggle(j),
                    label=f"{tip}: «{name}»",
                ),
            ],
            spacing=0,
            tight=True,
            alignment=ft.MainAxisAlignment.END,
        )
    name_text = clipped_text(
        name, 13, lines=2, weight=ft.FontWeight.BOLD, style=ft.TextStyle(height=1.1), tooltip=name
    )
    bold, ink = (ft.FontWeight.BOLD, READY) if ready else (None, None)
    status = ft.Text(status_text, size=13, weight=bold, color=ink, max_lines=1)
    vp_line = ft.Row(
        [ft.Text(f"{_('ПО')} {vp[0]}/{vp[1]}/{vp[2]}", size=13), said(f"base-{j}-ready", status)],
        spacing=8,
    )
    count = f"{total}/{bp}"
    totals = [
        ft.Text(count, size=22, weight=ft.FontWeight.BOLD, color=ink, no_wrap=True),
        ft.Text(f"({signed(mod)})" if mod else "", size=12, no_wrap=True),
    ]
    line = [
        ft.Column(
            [said(f"base-{j}-name", name_text), vp_line],
            spacing=0,
            expand=True,
            alignment=ft.MainAxisAlignment.CENTER,
        ),
        tagged(
            f"base-{j}-total",
            ft.Column(
                totals,
                spacing=0,
                width=74,
                horizontal_alignment=ft.CrossAxisAlignment.END,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            label=count,
        ),
        ft.Container(slot, width=104, alignment=ft.Alignment.CENTER_RIGHT),
    ]
    pad = 0 if small else ROW_BORDER  # the border is drawn over the content: 48 dp stay
    return tagged(
        f"base-{j}",
        ft.Container(
            ft.Row(line, spacing=8),
            height=SMALL_ROW_HEIGHT if small else ROW_HEIGHT,
            padding=ft.Padding.only(left=12, right=8, top=pad, bottom=pad),
            border_radius=12,
            foreground_decoration=ft.BoxDecoration(
                border=ft.Border.all(ROW_BORDER, READY if ready else ft.Colors.OUTLINE_VARIANT),
                border_radius=12,
            ),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if is_open else None,
            on_click=None if over else lambda: toggle(j),
            key=row_key(j),
        ),
        label=f"{name}: {count}, {status_text}",
    )
