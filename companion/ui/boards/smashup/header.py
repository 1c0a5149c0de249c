"""The part of the play board pinned above the bases: the phase card (plays left) and the VP
strip.

The frame draws it between the status line and the scrolling body (``Header`` of the board
module, see :mod:`companion.ui.boards`), so a base opened low in the list scrolls up under it
while the «Приспешники −» counter and every player's VP stay where they were: a turn on any
base is played without scrolling back up (phone play-test: with 4 bases, the 4th base's
editor sat under the pinned bar and recording the minion meant scrolling up again).

Once the game is over there is nothing to pin: the frame puts the result (winner, final VP)
at the top of the body, and a header above it kept the last phase card («Конец хода: …»,
greyed −/+) and the VP strip over «Победа: …» (play-test). Undo brings the header back.
"""

from __future__ import annotations

import flet as ft

from companion.engine.smashup import PLAY, plays_left, plays_now, reminder
from companion.ui.boards.smashup.phase import PhaseCard
from companion.ui.boards.smashup.vp import VpStrip
from companion.ui.state import GameView

__all__ = ["Header"]

_Phase = ft.memo(PhaseCard)
_Vp = ft.memo(VpStrip)


@ft.component
def Header(view: GameView) -> ft.Control:
    """Phase card and VP strip once the game has started; nothing during setup or once the
    game is over (the result comes first then)."""
    state = view.state
    if not state.started or state.winner is not None:
        return ft.Container(height=0)
    specs = view.game.setup.players
    in_play = state.phase == PLAY
    # «Начало хода» comes before «Играй карты» (Вот как это делается): the counters show the
    # plays this turn brings, not the none recordable yet (play-test: «0 и 0» read as «no
    # plays left», turning 1 and 1 only after «Дальше»); after it, the granted extras left
    left = plays_left(state) if state.phase <= PLAY else plays_now(state)
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
                ),
                _Vp(
                    tuple(s.name for s in specs),
                    tuple(s.color for s in specs),
                    tuple(state.vp),
                    tuple(state.madness) if state.madness_on else None,
                    state.active,
                    view.send,
                ),
            ],
            spacing=6,
        ),
        padding=ft.Padding.only(bottom=6),
        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
    )
