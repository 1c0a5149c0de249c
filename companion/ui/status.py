"""The game frame's status line: whose turn, the phase, the turn clock; fixed height, two
lines, every text ellipsized; the clock ticks in its own component. What it says comes from
:mod:`companion.present.status`."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.i18n import _
from companion.present.status import StatusProps, clock_slots, clock_text
from companion.ui.layout import use_layout
from companion.ui.widgets import clipped_text, dot, tagged, use_every

__all__ = ["PHASE_WIDTH", "StatusLine"]

#: The turn clock's size and the total's (px).
TURN_SIZE, TOTAL_SIZE = 16, 13
#: Line 1's size (px): a phone upright, a wider window.
NAME_SIZE, WIDE_NAME_SIZE = 16, 18
#: The status line's height (px).
LINE_HEIGHT = 52
#: Height of line 1 (px).
LINE1_HEIGHT = 26
#: Line 2's size (px).
LINE2_SIZE = 14
#: The phase's width beside an engine's note (px).
PHASE_WIDTH = 130


def _slot(template: str, text: ft.Text) -> ft.Control:
    """``text`` right-aligned over an invisible ``template`` (the wider sets the slot)."""
    ghost = ft.Text(
        template,
        size=text.size,
        weight=text.weight,
        color=ft.Colors.TRANSPARENT,
        max_lines=1,
        no_wrap=True,
    )
    return ft.Stack([ghost, text], alignment=ft.Alignment.CENTER_RIGHT)


@ft.observable
@dataclass
class _Now:
    """The second a status line's clocks show (set by its 1 s tick)."""

    t: float


@ft.component
def _Clock(
    game: Any, now: _Now, over: bool, paused: bool, key: tuple[Any, ...], total: bool
) -> ft.Control:
    """The turn clock (``clock``) or the total; ``key`` (:attr:`StatusProps.clock_key`) renders
    it at once on a new turn. A finished game's turn clock is empty in its slot."""
    at = (game.events[-1].ts if game.events else game.setup.created) if over else now.t
    turn, whole, _current, late = clock_text(game, at)
    shown = "" if over else (_("пауза") if paused else turn)
    turn_slot, total_slot = clock_slots(game)
    if total:
        ident, slot, text, label = "clock-total", total_slot, whole, whole
        style: dict[str, Any] = {"size": TOTAL_SIZE, "color": ft.Colors.ON_SURFACE_VARIANT}
    else:
        ident, slot, text, label = "clock", turn_slot, shown, shown or _("часы остановлены")
        red = ft.Colors.ERROR if late or paused else None
        style = {"size": TURN_SIZE, "weight": ft.FontWeight.W_500, "color": red}
    clock = ft.Text(text, max_lines=1, no_wrap=True, **style)
    return tagged(ident, _slot(slot, clock), label=label)


@ft.component
def _StatusLine(
    game: Any,
    props: StatusProps,
    show_note: Callable[[str], None] | None = None,
    toggle_clock: Callable[[], None] | None = None,
) -> ft.Control:
    """Whose turn and the clock; the phase, the engine's ``status_note`` and the total. A tap on
    the line shows its texts whole (``show_note``); a tap on the clocks (``clock-toggle``)
    calls ``toggle_clock``. ``game``: the :class:`~companion.engine.core.Game`;
    ``props``: :func:`status_props`."""
    clock = ft.use_ref(None)  # the second the clocks show (observed by the two clock texts)
    if clock.current is None:
        clock.current = _Now(time.time())
    who, answer, color, where, note, over, paused, key, detail, short = props
    upright = not use_layout().two_columns
    whole = detail or note or "\n".join(t for t in (who, answer, where) if t)
    # the line's tooltip: every text of it whole, line 1 too (cut at 640×360: «Ходит Алекс…»),
    # also beside a note; a tap shows ``whole``: the note alone when there is one
    told = "\n".join(t for t in (who, answer, where, detail or note) if t)
    size = NAME_SIZE if upright else WIDE_NAME_SIZE
    shown = short if short and upright and not note else where

    def tick() -> None:
        clock.current.t = time.time()  # re-renders the clock texts, not this line

    use_every(1, tick, running=not over)
    light = dot(color or ft.Colors.TRANSPARENT, 12)
    light.visible = not over
    name = clipped_text(who, size, weight=ft.FontWeight.BOLD)
    name_box = ft.Container(name, height=LINE1_HEIGHT, alignment=ft.Alignment.CENTER_LEFT)
    player = ft.Row(
        [light, ft.Container(tagged("status-player", name_box, label=who), expand=True)], spacing=6
    )
    # always present: a node keeps its identifier
    turn = ft.Text(answer, size=LINE2_SIZE, weight=ft.FontWeight.W_600, max_lines=1, no_wrap=True)
    phase_text = clipped_text(shown, LINE2_SIZE, color=ft.Colors.ON_SURFACE_VARIANT)
    phase_line = [
        ft.Container(
            tagged("status-turn", turn, label=answer or " "),
            width=None if answer else 0,
            padding=ft.Padding.only(right=6 if answer else 0),
        ),
        ft.Container(tagged("status-phase", phase_text, label=where), expand=True),
    ]
    note_text = clipped_text(note, 14, color=ft.Colors.PRIMARY, weight=ft.FontWeight.W_500)
    phase = ft.Row(
        [
            ft.Container(
                ft.Row(phase_line, spacing=0),
                expand=not note,
                width=(PHASE_WIDTH if where else 0) if note else None,
            ),
            ft.Container(
                tagged("status-note", note_text, label=note or " "),
                expand=bool(note),
                width=None if note else 0,
            ),
        ],
        spacing=6,
    )
    turn_clock = _Clock(game, clock.current, over, paused, key, False)
    both = [
        ft.Container(turn_clock, height=LINE1_HEIGHT, alignment=ft.Alignment.CENTER_RIGHT),
        _Clock(game, clock.current, over, paused, key, True),
    ]
    toggle = tagged(
        "clock-toggle",
        ft.Container(on_click=toggle_clock),
        label=_("Пустить часы") if paused else _("Поставить часы на паузу"),
    )
    clocks = ft.Stack(
        [
            ft.Container(
                ft.Column(
                    both, spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.END
                ),
                height=LINE_HEIGHT,
                alignment=ft.Alignment.TOP_RIGHT,
            ),
            ft.Container(
                toggle,
                left=0,
                right=0,
                top=0,
                bottom=0,
                visible=toggle_clock is not None and not over,
            ),
        ]
    )
    lines = ft.Column([player, phase], spacing=2, tight=True)
    return ft.Container(
        ft.Row(
            [ft.Container(lines, expand=True, height=LINE_HEIGHT), clocks],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        height=LINE_HEIGHT,
        padding=ft.Padding.symmetric(horizontal=4),
        tooltip=told or None,
        on_click=(lambda: show_note(whole)) if whole and show_note else None,
    )


StatusLine = ft.memo(_StatusLine)
