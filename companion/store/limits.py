"""Lengths of what players type, the one place they are defined (the UI sizes its fields by
them, the store and the CLI refuse longer values with
:class:`companion.errors.SetupError` naming the field).

All counts are characters (``len`` of a ``str``), after surrounding spaces are stripped.
"""

from __future__ import annotations

__all__ = ["NAME_CHARS", "COUNTER_NAME_CHARS", "RULING_TITLE_CHARS", "RULING_TEXT_CHARS"]

#: A player's name (a game's seat, the join screen's «Ваше имя»).
NAME_CHARS = 40
#: A free counter's name («ПО», «Монеты»).
COUNTER_NAME_CHARS = 30
#: A house ruling's title ...
RULING_TITLE_CHARS = 120
#: ... and its text.
RULING_TEXT_CHARS = 4000
