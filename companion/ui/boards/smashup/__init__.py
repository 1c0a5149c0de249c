"""Board and setup form of «Замес» (:mod:`companion.engine.smashup`): :mod:`.setup`,
:mod:`.header` (pinned), :mod:`.phase`, :mod:`.chips`, :mod:`.vp`, :mod:`.base`,
:mod:`.editor`, :mod:`.minion`, :mod:`.score`, :mod:`.actions`, :mod:`.options`.

Tags: ``phase``, ``reminder``, ``turn``, ``plays-<kind>`` (``-minus`` records a play,
``-plus`` grants one), ``vp-p<i>``, ``mad-p<i>``, ``chip-<j>``, ``base-<j>``,
``base-<j>-name``, ``base-<j>-total``, ``base-<j>-ready``, ``score-<j>``,
``play-minion-b<j>``, ``minion-power-<v>``, ``minion-power-pad``, ``pow-b<j>-p<i>``,
``min-b<j>-p<i>``, ``name-b<j>-p<i>``, ``base-<j>-bp``, ``preview-p<i>`` (``-why``),
``deck-empty``, ``deck-next``, ``deck-reshuffle``, ``score-confirm``, ``primary-action``,
``next-hint``."""

from __future__ import annotations

import flet as ft

from companion.ui.boards.smashup.actions import Actions
from companion.ui.boards.smashup.chips import open_base_of
from companion.ui.boards.smashup.header import Header
from companion.ui.boards.smashup.options import OptionsForm
from companion.ui.boards.smashup.play import PlayBoard
from companion.ui.boards.smashup.setup import SetupBoard
from companion.ui.state import GameView

__all__ = ["Board", "Actions", "Header", "OptionsForm"]


@ft.component
def Board(view: GameView) -> ft.Control:
    """Setup until «Начать игру», then the play board."""
    if not view.state.started:
        return SetupBoard(view, view.version)
    return PlayBoard(view, view.version, open_base_of(view))
