"""Board of «Манчкин Апокалипсис» (see :mod:`companion.engine.munchkin`).

Phone first, one component per module:

- :mod:`.board`: ``Board(view)``, the body: the top line (seals; the last combat or «От щедрот»
  in a fixed slot), the combat calculator while a fight is on (:mod:`.combat`) and one compact
  row per player (:mod:`.players`);
- :mod:`.actions`: ``Actions(view)``, the pinned bar with the phase's primary action
  («Дальше», «Следующий игрок», «Победа») and «Бой!» / «Смываемся» / «Дверь на руку»;
- :mod:`.dialogs`: the monster form, the dice of «Смываемся» and «карта так говорит» for a
  refusal a card may override.

The board only shows the state and sends moves; every rule is checked by the engine. A refusal
is said once: in the «карта так говорит» dialog when a card may override the rule, else in the
frame's banner, headed by the player's name when it is about one player
(:func:`.board.use_send`).

Test tags a benchmark can read: ``level-p{i}`` (each player's level), ``power-p{i}``,
``total-players`` and ``total-monsters`` (the combat totals), ``primary-action``.
"""

from __future__ import annotations

from companion.ui.boards.munchkin.actions import Actions
from companion.ui.boards.munchkin.board import Board
from companion.ui.boards.munchkin.combat import ONE_SHOTS
from companion.ui.boards.munchkin.common import RULES_GAME_ID

__all__ = ["Board", "Actions", "RULES_GAME_ID", "ONE_SHOTS"]
