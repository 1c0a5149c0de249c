"""The part of the play board pinned above the bases (the frame's ``Header``): the phase card
(:mod:`.phase`), the VP strip and, unless the screen is short, the base chips; nothing once
the game is over. Short (:attr:`~companion.ui.layout.Layout.short`): two 48 dp rows,
:data:`SMALL_HEADER` px (plays and turn; player chips and the bases' menu), madness a third.

The VP strip: one chip per player in seat order, its VP (and madness cards when counted); a
tap on a number opens its numeric pad, titled with the whole name (so are the label and
tooltip). A taller phone's chip: the name (one line, «…») over the VP; a short phone's
(``small``): both in one 48 dp target, the madness cards in a line of their own
(``mad_only``).

The base chips (on a short screen a menu instead) and the base open on this screen: a chip
or item (≥ 48 dp) opens its base and scrolls it to the top. Tags: ``chip-<j>``,
``base-menu``, ``base-item-<j>``."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.engine.smashup import PLAY, plays_left, plays_now, reminder
from companion.i18n import _
from companion.present.colors import ink
from companion.present.smashup import base_chips
from companion.ui.boards.smashup.common import READY
from companion.ui.boards.smashup.phase import SMALL_CARD_HEIGHT, PhaseCard
from companion.ui.layout import grid, use_layout
from companion.ui.state import GameView, view_local
from companion.ui.widgets import TARGET, border_all, clipped_text, said, tagged, use_number_pad

__all__ = ["BaseChips", "Header", "OpenBase", "SMALL_HEADER", "VpStrip", "open_base_of"]

#: At most this many chips share one line.
ONE_LINE = 7
CHIP_GAP = 4


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
        self.when, self.base = when, None if self.at(when) == j else j

    def show(self, j: int, when: Hashable) -> None:
        """Open base ``j`` in ``when`` and ask for it to be scrolled to the top."""
        self.when, self.base, self.asked = when, j, self.asked + 1


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
        return grid([chip(j) for j in range(n)], n if n <= ONE_LINE else math.ceil(n / 2), CHIP_GAP)
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

    def adjust(event: str, now: int) -> Callable[[int], None]:
        return lambda v: send(event, {"player": index, "delta": v - now})

    pads = {
        what: use_number_pad(
            f"{name}: {words[what]}", adjust(event, now), current=now, allow_negative=False
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

    def title(size: int) -> ft.Control:
        """The name in the player's colour (bold on their turn), one line cut with «…»."""
        bold = ft.FontWeight.BOLD if active else None
        text = clipped_text(
            name, size, color=color_ink, weight=bold, text_align=ft.TextAlign.CENTER
        )
        return said(f"vp-name-p{index}", text)

    if small and mad_only:
        text = ft.Text(f"{_('безумие')} {mad}", size=12, color=color_ink, no_wrap=True)
        return ft.Container(number("mad", mad, text), expand=True)
    if small:
        both = ft.Column(
            [
                title(SMALL_NAME),
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
            title(NAME_SIZE),
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


#: Gaps around the VP strip (px); on a short phone.
_GAP, _SMALL_GAP = 6, 2
#: The header's height on a short phone without madness (px).
SMALL_HEADER = SMALL_CARD_HEIGHT + _SMALL_GAP + TARGET + _SMALL_GAP + 1

_Phase = ft.memo(PhaseCard)
_Vp = ft.memo(VpStrip)
_Chips = ft.memo(BaseChips)


@ft.component
def Header(view: GameView) -> ft.Control:
    """Phase card and VP strip while the game is played; nothing in setup or once over."""
    state = view.state
    if not state.started or state.winner is not None:
        return ft.Container(height=0)
    layout = use_layout()
    small = layout.short
    specs = view.game.setup.players
    # «Начало хода»: the plays the turn brings (Вот как это делается); after, extras left
    left = plays_left(state) if state.phase <= PLAY else plays_now(state)
    names = tuple(s.name for s in specs)
    colors = tuple(s.color for s in specs)
    mad = tuple(state.madness) if state.madness_on else None
    vp = _Vp(names, colors, tuple(state.vp), None if small else mad, state.active, view.send, small)
    bases = (*base_chips(state), (state.turn, state.phase), open_base_of(view))
    lines: list[ft.Control] = [
        _Phase(
            state.turn,
            reminder(state),
            left["minion"],
            left["action"],
            state.phase != PLAY,
            view.send,
            view.show_notice,
            small,
            layout.board_columns == 2 and not small,
        ),
        ft.Row(
            [
                ft.Container(vp, expand=True),
                *([_Chips(*bases, True)] if small and state.bases else []),
            ],
            spacing=4,
        ),
    ]
    if small and mad is not None:  # a line of its own under the chips
        lines.append(_Vp(names, colors, (0,) * len(names), mad, -1, view.send, True, True))
    if not small:
        lines.append(_Chips(*bases))
    return ft.Container(
        ft.Column(lines, spacing=_SMALL_GAP if small else _GAP),
        padding=ft.Padding.only(bottom=_SMALL_GAP if small else _GAP),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )
