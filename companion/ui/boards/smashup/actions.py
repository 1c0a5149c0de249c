"""The pinned bottom bar of «Замес»: «Начать игру» in setup; during play «Закончить ход» from
«Играй карты» on (``phase.pass``: through the phases where the table has nothing to do, to
the next player's «Играй карты», issue 31) and «Дальше» in «Начало хода»; with the option
«Все фазы по шагам» (``step_phases``) «Дальше» (``phase.next``) in every phase."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine import moves
from companion.engine.smashup import PHASES, START
from companion.i18n import _
from companion.ui.controls import clipped_text
from companion.ui.state import GameView, part
from companion.ui.widgets import primary_button, tagged

__all__ = ["Actions"]

#: Height of the bar (dp).
BAR_HEIGHT = 64


@ft.component
def Actions(view: GameView) -> ft.Control:
    """One primary action at the right, what it leads to at the left; fixed height."""
    s = view.state
    picked = tuple(len(deck) for deck in s.factions)  # the setup hint counts the factions
    key = (s.started, len(s.bases), picked, s.players, s.winner, s.edition, s.phase, view.moment())
    return part(_Bar, view, key)


def _setup_hint(factions: list[list[str]], bases: int, need: int) -> str:
    """What «Начать игру» still waits for (Подготовка к игре); «всё готово» when nothing."""
    done = sum(len(deck) >= 2 for deck in factions)
    if done < len(factions):
        return f"{_('фракции')}: {done} {_('из')} {len(factions)}"
    if bases < need:
        return f"{_('ещё баз')}: {need - bases}"
    return _("всё готово")


@ft.component
def _Bar(view: GameView, version: int) -> ft.Control:
    state = view.state
    act: Callable[[GameView], object] | None = None
    label, icon, hint = _("Дальше"), ft.Icons.SKIP_NEXT, ""
    if not state.started:
        hint = _setup_hint(state.factions, len(state.bases), state.players + 1)
        label, act, icon = _("Начать игру"), moves.smashup_start, ft.Icons.PLAY_ARROW
    elif state.winner is not None:
        label = _("Игра окончена")
    elif state.phase != START and not view.game.setup.options.get("step_phases", False):
        after = view.game.setup.names[(state.active + 1) % state.players]
        hint = f"{_('следующий ход')}: {after}"
        label, act = _("Закончить ход"), moves.smashup_phase_pass
    else:
        phases = PHASES[state.edition]
        last = state.phase == len(phases) - 1
        hint = f"{_('дальше')}: {_('следующий ход') if last else phases[state.phase + 1]}"
        act = moves.smashup_phase_next
    button = (
        primary_button(label, lambda: act(view), icon=icon, moment=view.moment())
        if act is not None
        else primary_button(label, None, disabled=True)
    )
    return ft.Container(
        ft.Row(
            [
                ft.Container(
                    tagged("next-hint", clipped_text(hint, 14, lines=2), label=hint), expand=True
                ),
                button,
            ],
            spacing=8,
        ),
        height=BAR_HEIGHT,
        padding=ft.Padding.symmetric(horizontal=4),
    )
