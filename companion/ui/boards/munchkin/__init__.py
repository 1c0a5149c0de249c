"""Board of «Манчкин Апокалипсис» (see :mod:`companion.engine.munchkin`): ``Board(view)``, the
body (:mod:`.board`: the top line, the combat calculator while a fight is on, one card per
player), and ``Actions(view)``, the pinned bar (:mod:`.board` too). The board only shows the
state and sends moves; every rule is checked by the engine.

Test tags a benchmark can read: ``level-p{i}``, ``power-p{i}``, ``total-players``,
``total-monsters``, ``primary-action``.
"""

from __future__ import annotations

from companion.ui.boards.munchkin.board import Actions, Board
from companion.ui.boards.munchkin.combat import ONE_SHOTS
from companion.ui.boards.munchkin.common import RULES_GAME_ID

__all__ = ["Board", "Actions", "RULES_GAME_ID", "ONE_SHOTS"]
