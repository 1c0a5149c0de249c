"""The part of the play board pinned above the bases: the phase card (plays left), the VP
strip and — unless the screen is short — the strip of base chips (:mod:`.chips`: every base
one tap away, the open one marked).

The frame draws it between the status line and the scrolling body (``Header`` of the board
module, see :mod:`companion.ui.boards`), so a base opened low in the list scrolls up under it
while the «Приспешники −» counter and every player's VP stay where they were: a turn on any
base is played without scrolling back up (phone play-test: with 4 bases, the 4th base's
editor sat under the pinned bar and recording the minion meant scrolling up again).

Once the game is over there is nothing to pin: the frame puts the result (winner, final VP)
at the top of the body, and a header above it kept the last phase card («Конец хода: …»,
greyed −/+) and the VP strip over «Победа: …» (play-test). Undo brings the header back.

On a short screen (:attr:`~companion.ui.layout.Layout.short`: a small phone, or any phone on
its side) the header folds to two 48 dp rows, :data:`SMALL_HEADER` px in all: the plays and
the turn, then one chip per player with name and VP and the bases' menu at its end
(:func:`.chips.BaseMenu`; the phase reminder goes to the top of the body; a line of base
chips would push the open base's last players under the action bar at 360×640). The
madness cards, when counted, are a third row under the chips: pinned as on a taller phone,
where a player looks every turn (in the body they scrolled away as soon as a base was
opened, s15; the 4th player's line of an open base is then a scroll away at 360×640).
Without them, at 360×640 with 4 players an open base's row, its «Сыграть приспешника
сюда» and every player's power and minions are on screen at once (phone play-test: the
header took ~340 px there and the 2nd and 3rd players' rows needed a scroll).
"""

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
from companion.ui.boards.smashup.chips import BaseChips, BaseMenu, open_base_of
from companion.ui.boards.smashup.phase import SMALL_CARD_HEIGHT, PhaseCard
from companion.ui.boards.smashup.vp import MadnessStrip, VpStrip
from companion.ui.layout import use_layout
from companion.ui.state import GameView
from companion.ui.widgets import TARGET

__all__ = ["Header", "SMALL_HEADER"]

#: Gap between the phase card and the VP strip, and under the strip (px); on a short phone.
_GAP, _SMALL_GAP = 6, 2
#: The header's height on a short phone without madness (px, with its 1 px rule).
SMALL_HEADER = SMALL_CARD_HEIGHT + _SMALL_GAP + TARGET + _SMALL_GAP + 1

_Phase = ft.memo(PhaseCard)
_Vp = ft.memo(VpStrip)
_Madness = ft.memo(MadnessStrip)
_Chips = ft.memo(BaseChips)
_Menu = ft.memo(BaseMenu)


@ft.component
def Header(view: GameView) -> ft.Control:
    """Phase card and VP strip once the game has started; nothing during setup or once the
    game is over (the result comes first then)."""
    state = view.state
    if not state.started or state.winner is not None:
        return ft.Container(height=0)
    layout = use_layout()
    small = layout.short
    specs = view.game.setup.players
    in_play = state.phase == PLAY
    # «Начало хода» comes before «Играй карты» (Вот как это делается): the counters show the
    # plays this turn brings, not the none recordable yet (play-test: «0 и 0» read as «no
    # plays left», turning 1 and 1 only after «Дальше»); after it, the granted extras left
    left = plays_left(state) if state.phase <= PLAY else plays_now(state)
    names = tuple(s.name for s in specs)
    colors = tuple(s.color for s in specs)
    madness: list[ft.Control] = (
        [_Madness(names, colors, tuple(state.madness), view.send)]
        if small and state.madness_on
        else []
    )
    bases = (
        tuple(b.name for b in state.bases),
        tuple(total_power(b) for b in state.bases),
        tuple(effective_breakpoint(b) for b in state.bases),
        tuple(is_ready(b) or state.selected == j for j, b in enumerate(state.bases)),
        (state.turn, state.phase),
        open_base_of(view),
    )
    # a short screen: the bases as a menu at the end of the VP row, no line of chips
    chips: list[ft.Control] = [] if small else [_Chips(*bases)]
    return ft.Container(
        ft.Column(
            [
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
                        ft.Container(
                            _Vp(
                                names,
                                colors,
                                tuple(state.vp),
                                # a short phone's madness cards: a line of their own
                                tuple(state.madness) if state.madness_on and not small else None,
                                state.active,
                                view.send,
                                small,
                            ),
                            expand=True,
                        ),
                        *([_Menu(*bases)] if small and state.bases else []),
                    ],
                    spacing=4,
                ),
                *madness,
                *chips,
            ],
            spacing=_SMALL_GAP if small else _GAP,
        ),
        padding=ft.Padding.only(bottom=_SMALL_GAP if small else _GAP),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )
