"""The pinned bottom bar of «Замес»: «Начать игру» in setup, «Дальше» during play."""

from __future__ import annotations

import flet as ft

from companion.engine.smashup import PHASES
from companion.i18n import _
from companion.ui.state import GameView, part
from companion.ui.widgets import primary_button, tagged

__all__ = ["Actions"]

#: Height of the bar (dp): the primary button (56) and its margin.
BAR_HEIGHT = 64


@ft.component
def Actions(view: GameView) -> ft.Control:
    """One primary action at the right, what it leads to at the left; fixed height.
    Re-rendered when the phase (or the setup, or the winner) changes, not on every move."""
    s = view.state
    key = (s.started, len(s.bases), s.players, s.winner, s.edition, s.phase, view.moment())
    return part(_Bar, view, key)


@ft.component
def _Bar(view: GameView, version: int) -> ft.Control:
    state = view.state
    moment = view.moment()
    if not state.started:
        hint = f"{_('базы')}: {len(state.bases)} {_('из')} {state.players + 1}"
        button = primary_button(
            _("Начать игру"),
            lambda: view.send("game.start"),
            icon=ft.Icons.PLAY_ARROW,
            moment=moment,
        )
    elif state.winner is not None:
        hint = ""
        button = primary_button(_("Игра окончена"), None, disabled=True)
    else:
        phases = PHASES[state.edition]
        last = state.phase == len(phases) - 1
        hint = f"{_('дальше')}: {_('следующий ход') if last else phases[state.phase + 1]}"
        button = primary_button(
            _("Дальше"), lambda: view.send("phase.next"), icon=ft.Icons.SKIP_NEXT, moment=moment
        )
    return ft.Container(
        ft.Row(
            [
                ft.Container(
                    tagged("next-hint", ft.Text(hint, size=14, max_lines=2), label=hint),
                    expand=True,
                ),
                button,
            ],
            spacing=8,
        ),
        height=BAR_HEIGHT,
        padding=ft.Padding.symmetric(horizontal=4),
    )
