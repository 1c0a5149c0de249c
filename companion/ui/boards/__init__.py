"""Game boards, one module (or package) per game. Each exports ``Board(view)`` (the body,
between the status line and the pinned bar) and ``Actions(view)`` (the pinned bar: the
``primary-action`` at the right, fixed height); optionally ``Header(view)`` (pinned above the
body), ``OptionsForm(options, set_options, players=n)`` (``set_options`` takes a function of
the latest options, :data:`OptionsUpdate`) and ``ResultSummary(view)`` (shown under the
winner; the frame then leaves out «Время по ходам»). :data:`BOARDS`: definition id → module."""

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
