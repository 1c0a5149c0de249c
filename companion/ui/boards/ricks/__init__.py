"""Board and setup form of «Рик и Морти: Наверное, Рики сошли с ума»
(:mod:`companion.engine.ricks`), one component per module.

- :mod:`.board`: ``Board(view)`` (the round/phase line, the panel of the moment, players,
  universes, charge history) and ``Actions(view)`` (the pinned «Начать раунд» / «Передать ход» /
  «Готово»);
- :mod:`.action_panel`: the active player's turn; :mod:`.charge`: the charge-phase wizard;
  :mod:`.clocks`: the charge clocks and the over-limit warning (ticking on their own);
  :mod:`.players`, :mod:`.universes`, :mod:`.history` (also ``ResultSummary``, the end
  screen's summary per round); :mod:`.setup_form`: ``OptionsForm``.

The board only shows the state and sends moves; every rule lives in the engine.

Test tags a benchmark can read: ``vp-p{i}`` (each player's VP), ``energy``, ``timer-step``,
``timer-universe``, ``timer-phase``, ``timer-turn`` (the charge clocks), ``charge-pos``,
``charge-player``, ``phase``, ``primary-action``.
"""

from __future__ import annotations

from companion.ui.boards.ricks.board import Actions, Board
from companion.ui.boards.ricks.clocks import BEEP
from companion.ui.boards.ricks.common import SETTINGS_KEY
from companion.ui.boards.ricks.history import ResultSummary
from companion.ui.boards.ricks.setup_form import OptionsForm

__all__ = ["Board", "Actions", "OptionsForm", "ResultSummary", "SETTINGS_KEY", "BEEP"]
