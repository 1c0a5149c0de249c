"""Types shared by the boards and the screens that host them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["OptionsUpdate"]

#: What a new-game options form is given as ``set_options``: it is called with a function
#: from the latest options to the new ones, so two quick edits (fields typed in a row) never
#: undo each other through one render's copy of the options.
OptionsUpdate = Callable[[Callable[[dict[str, Any]], dict[str, Any]]], None]
