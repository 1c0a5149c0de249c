"""The Munchkin board's pinned bar, always the same height: the phase's primary action at the
right and at most one other at its left — «Смываемся» and «Победа» in a fight, «Бой!» and
«Дальше» in the door phases, «Дверь на руку» and «Дальше» in «Чистим нычки» with no monster
met, «Следующий игрок» in «От щедрот», nothing once the game is over. On a short page in one
column, out of a fight, the seals' button stands between them (:func:`.turn.seals_in_bar`).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.munchkin import MUNCHKIN
from companion.engine.munchkin.constants import CHARITY, KICK, LOOT, TROUBLE
from companion.i18n import _
from companion.ui import moves
from companion.ui.boards.munchkin.board import use_send
from companion.ui.boards.munchkin.common import board_ui, refused_fight
from companion.ui.boards.munchkin.turn import SealsButton, seals_in_bar
from companion.ui.layout import use_layout
from companion.ui.state import GameView, part
from companion.ui.widgets import clipped_text, primary_button, tagged

__all__ = ["Actions", "BAR_HEIGHT", "start_fight"]

#: Height of the bar's content (the primary button is 56 dp tall).
BAR_HEIGHT = 64


def _secondary(
    ident: str, text: str, icon: ft.IconData, on_click: Callable[[], None]
) -> ft.Control:
    """The bar's second button in the room the primary one leaves: its text cut with «…» in
    a narrow side column (640×360), whole in its tooltip and label."""
    return ft.Container(
        tagged(
            ident,
            ft.OutlinedButton(
                content=ft.Row(
                    [
                        ft.Icon(icon, size=18),
                        clipped_text(text, 14, expand=True, expand_loose=True),
                    ],
                    spacing=8,
                    tight=True,
                ),
                tooltip=text,
                height=56,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
                on_click=lambda: on_click(),
            ),
        ),
        expand=True,
        alignment=ft.Alignment.CENTER_LEFT,
    )


def start_fight(view: GameView) -> None:
    """«Бой!»: the monster form — or, when the rules refuse any fight now («Фазы хода»), the
    refusal at once, with «Карта так говорит» to open the form anyway."""
    ui = board_ui(view)
    if view.readonly or view.locked:
        view.explain("combat.start", {"monster": {"name": "?", "level": 1}})  # says why: no move
        return
    refused = refused_fight(view)
    if refused:
        view.clear_message()
        ui.override = {"type": "combat.start", "data": {}, "message": refused, "form": True}
        return
    ui.monster_form = "start"


@ft.component
def Actions(view: GameView) -> ft.Control:
    """The pinned bar. Tags: ``primary-action``, ``flee``, ``start-combat``, ``loot``.
    Re-rendered when what it offers changes, not on every move."""
    state = view.state
    over = MUNCHKIN.ended(state)
    seals = state.seals if seals_in_bar(use_layout(), state.combat is not None) else None
    key = (over, state.combat is not None, state.phase, state.met_monster, state.looted, seals)
    return part(_Bar, view, (*key, view.moment()), seals)


@ft.component
def _Bar(view: GameView, seals: int | None) -> ft.Control:
    """``seals``: the seals broken for :func:`.SealsButton` between the buttons, or ``None``."""
    view.mark_shown()  # the bar's tap is made against what the bar shows
    state, ui, moment = view.state, board_ui(view), view.moment()
    send = use_send(view)
    over = MUNCHKIN.ended(state)
    secondary: ft.Control = ft.Container()
    if over:
        primary = primary_button(_("Игра окончена"), None, disabled=True)
    elif state.combat is not None:
        secondary = _secondary(
            "flee", _("Смываемся"), ft.Icons.DIRECTIONS_RUN, lambda: setattr(ui, "fleeing", True)
        )
        primary = primary_button(
            _("Победа"),
            lambda: moves.munchkin_resolve(view),
            icon=ft.Icons.EMOJI_EVENTS,
            moment=moment,
        )
    else:
        if state.phase in (KICK, TROUBLE):
            secondary = _secondary(
                "start-combat", _("Бой!"), ft.Icons.SPORTS_MMA, lambda: start_fight(view)
            )
        elif state.phase == LOOT and not state.met_monster and not state.looted:
            secondary = _secondary(
                "loot", _("Дверь на руку"), ft.Icons.STYLE, lambda: moves.munchkin_loot(view)
            )
        primary = primary_button(
            _("Следующий игрок") if state.phase == CHARITY else _("Дальше"),
            lambda: moves.munchkin_phase_next(view),
            icon=ft.Icons.SKIP_NEXT,
            moment=moment,
        )
    seal = [] if seals is None else [SealsButton(seals, over, send)]
    return ft.Container(
        ft.Row([secondary, *seal, primary], alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        height=BAR_HEIGHT,
    )
