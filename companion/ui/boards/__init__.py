"""Game boards: one module per game, each exporting ``Board(view)`` and optionally
``OptionsForm(options, set_options, players=n)`` for the new-game screen (n: players so far).

:data:`BOARDS` maps a game definition id to its board module.
"""

from __future__ import annotations

from types import ModuleType

from companion.ui.boards import coup, free, munchkin, ricks, smashup

__all__ = ["BOARDS"]

BOARDS: dict[str, ModuleType] = {
    "smashup": smashup,
    "munchkin": munchkin,
    "coup": coup,
    "ricks": ricks,
    "free": free,
}
