"""Game boards: one module (or package) per game.

Each exports:

- ``Board(view)``: the board's body. The game frame puts it between the status line and the
  pinned bottom bar; it may scroll inside that area, but with 4 players on 390×844 the main
  numbers fit without scrolling.
- ``Actions(view)``: the pinned bottom bar's content: the phase's primary action, made with
  :func:`companion.ui.widgets.primary_button` (tagged ``primary-action``), at the right, plus
  at most a few secondary buttons or the step's answers. Fixed height: it never changes size.
- optionally ``Header(view)``: a part pinned between the status line and the scrolling
  board (the numbers a turn needs at every moment); keep it short, it takes height from the
  board on a small phone.
- optionally ``OptionsForm(options, set_options, players=n)`` for the new-game screen
  (n: players so far). ``set_options(update)`` takes a function from the latest options to
  the new ones (:data:`OptionsUpdate`): two quick edits must not undo each other through one
  render's copy of ``options``.
- optionally ``ResultSummary(view)``: the game's own end-of-game summary, shown by the frame
  right under the winner, before the score chart. A board that has one also says where the
  time went in the game's own terms, so the frame leaves out the per-turn time list
  («Время по ходам»).

:data:`BOARDS` maps a game definition id to its board module.
"""

from __future__ import annotations

from types import ModuleType

from companion.ui.boards import coup, free, munchkin, ricks, smashup
from companion.ui.boards.types import OptionsUpdate

__all__ = ["BOARDS", "OptionsUpdate"]

BOARDS: dict[str, ModuleType] = {
    "smashup": smashup,
    "munchkin": munchkin,
    "coup": coup,
    "ricks": ricks,
    "free": free,
}
