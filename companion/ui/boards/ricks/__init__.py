"""Board and setup form of «Рик и Морти: Наверное, Рики сошли с ума»
(:mod:`companion.engine.ricks`).

Tags: ``vp-p{i}``, ``energy``, ``timer-step``, ``timer-universe``, ``timer-phase``,
``timer-turn``, ``charge-pos``, ``charge-player``, ``phase``, ``primary-action``."""

from __future__ import annotations

from companion.ui.boards.ricks.board import Actions, Board
from companion.ui.boards.ricks.history import ResultSummary
from companion.ui.boards.ricks.setup_form import OptionsForm

__all__ = ["Board", "Actions", "OptionsForm", "ResultSummary"]
