"""The part of the play board pinned above the bases (the frame's ``Header``): the phase card,
the VP strip and, unless the screen is short, the base chips (:mod:`.chips`); nothing once
the game is over. Short (:attr:`~companion.ui.layout.Layout.short`): two 48 dp rows,
:data:`SMALL_HEADER` px (plays and turn; player chips and the bases' menu), madness a third."""

from __future__ import annotations

import flet as ft

from companion.engine.smashup import (
    PLAY,
    effective_breakpoint,
    is_ready,
    plays_left,
    plays_now,
    reminder,
    total_power,
)
from companion.ui.boards.smashup.chips import BaseChips, open_base_of
from companion.ui.boards.smashup.phase import SMALL_CARD_HEIGHT, PhaseCard
from companion.ui.boards.smashup.vp import VpStrip
from companion.ui.layout import use_layout
from companion.ui.state import GameView
from companion.ui.widgets import TARGET

__all__ = ["Header", "SMALL_HEADER"]

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
    in_play = state.phase == PLAY
    # «Начало хода»: the plays the turn brings (Вот как это делается); after, extras left
    left = plays_left(state) if state.phase <= PLAY else plays_now(state)
    names = tuple(s.name for s in specs)
    colors = tuple(s.color for s in specs)
    mad = tuple(state.madness) if state.madness_on else None
    vp = _Vp(names, colors, tuple(state.vp), None if small else mad, state.active, view.send, small)
    bases = (
        tuple(b.name for b in state.bases),
        tuple(total_power(b) for b in state.bases),
        tuple(effective_breakpoint(b) for b in state.bases),
        tuple(is_ready(b) or state.selected == j for j, b in enumerate(state.bases)),
        (state.turn, state.phase),
        open_base_of(view),
    )
    lines: list[ft.Control] = [
        _Phase(
            state.turn,
            reminder(state),
            left["minion"],
            left["action"],
            not in_play,
            state.winner is not None,
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
