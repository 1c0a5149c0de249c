"""Types shared by the boards and the screens that host them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["OptionsUpdate"]

#: ``set_options`` of a new-game options form: called with a function of the latest options.
OptionsUpdate = Callable[[Callable[[dict[str, Any]], dict[str, Any]]], None]
