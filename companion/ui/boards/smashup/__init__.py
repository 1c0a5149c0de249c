"""Board and setup form of «Замес» (:mod:`companion.engine.smashup`): :mod:`.setup`,
:mod:`.header` (pinned: phase card, base chips, VP), :mod:`.phase`, :mod:`.play` (the bases and
the open one's editor), :mod:`.base`, :mod:`.score`, :mod:`.options`, :func:`Actions`.

Tags: ``phase``, ``reminder``, ``turn``, ``plays-<kind>`` (``-minus`` records a play,
``-plus`` grants one), ``vp-p<i>``, ``mad-p<i>``, ``chip-<j>``, ``base-<j>``,
``base-<j>-name``, ``base-<j>-total``, ``base-<j>-ready``, ``score-<j>``,
``play-minion-b<j>``, ``minion-power-<v>``, ``minion-power-pad``, ``pow-b<j>-p<i>``,
``min-b<j>-p<i>``, ``name-b<j>-p<i>``, ``base-<j>-bp``, ``preview-p<i>`` (``-why``),
``deck-empty``, ``deck-next``, ``deck-reshuffle``, ``score-confirm``, ``primary-action``,
``next-hint``."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine import moves
from companion.engine.smashup import PHASES, START
from companion.i18n import _
from companion.present.smashup import setup_hint
from companion.ui.boards.smashup.header import Header, open_base_of
from companion.ui.boards.smashup.options import OptionsForm
from companion.ui.boards.smashup.play import PlayBoard
from companion.ui.boards.smashup.setup import SetupBoard
from companion.ui.controls import clipped_text
from companion.ui.state import GameView, part
from companion.ui.widgets import primary_button, tagged

__all__ = ["Board", "Actions", "Header", "OptionsForm"]


@ft.component
def Board(view: GameView) -> ft.Control:
    """Setup until «Начать игру», then the play board."""
    if not view.state.started:
        return SetupBoard(view, view.version)
    return PlayBoard(view, view.version, open_base_of(view))


#: Height of the bar (dp).
BAR_HEIGHT = 64


@ft.component
def Actions(view: GameView) -> ft.Control:
    """The pinned bottom bar: «Начать игру» in setup; during play «Закончить ход» from «Играй
    карты» on (``phase.pass``: through the phases where the table has nothing to do, to the
    next player's «Играй карты») and «Дальше» in «Начало хода»; with the option «Все фазы по
    шагам» (``step_phases``) «Дальше» (``phase.next``) in every phase. One primary action at
    the right, what it leads to at the left; fixed height."""
    s = view.state
    picked = tuple(len(deck) for deck in s.factions)  # the setup hint counts the factions
    key = (s.started, len(s.bases), picked, s.players, s.winner, s.edition, s.phase, view.moment())
    return part(_Bar, view, key)


@ft.component
def _Bar(view: GameView, version: int) -> ft.Control:
    state = view.state
    act: Callable[[GameView], bool] | None = None
    label, icon, hint = _("Дальше"), ft.Icons.SKIP_NEXT, ""
    if not state.started:
        hint = setup_hint(state.factions, len(state.bases), state.players + 1)
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

    def go() -> None:
        if act is not None:
            act(view)

    button = (
        primary_button(label, go, icon=icon, moment=view.moment())
        if act is not None
        else primary_button(label, None, disabled=True)
    )
    said = ft.Container(
        tagged("next-hint", clipped_text(hint, 14, lines=2), label=hint), expand=True
    )
    return ft.Container(
        ft.Row([said, button], spacing=8),
        height=BAR_HEIGHT,
        padding=ft.Padding.symmetric(horizontal=4),
    )
