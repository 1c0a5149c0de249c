"""The browser event being handled: its number, and whether it closes a dialog.

Flet runs each browser event (a tap) in an asyncio task of its own;
:func:`companion.ui.flet_fixes.apply` numbers them (:data:`TAP`, set as the event is
dispatched), so :meth:`companion.ui.state.GameView.send` can tell a second tap from a second
move of the same tap. A dialog's button that sends a move does it inside
:func:`closing_dialog`: the dialog goes, and what it covered is uncovered under the finger.
"""

from __future__ import annotations

import contextlib
import contextvars
import itertools
from collections.abc import Iterator

__all__ = ["TAP", "closing_dialog", "current_tap", "dialog_closing", "next_tap"]

#: The number of the browser event being handled, ``None`` outside one (a timer, a test
#: calling a handler directly).
TAP: contextvars.ContextVar[int | None] = contextvars.ContextVar("companion_tap", default=None)
_CLOSING: contextvars.ContextVar[bool] = contextvars.ContextVar("companion_closing", default=False)
_numbers = itertools.count(1)


def next_tap() -> int:
    """A new event number (in order)."""
    return next(_numbers)


def current_tap() -> int | None:
    """The number of the browser event being handled now, or ``None``."""
    return TAP.get()


@contextlib.contextmanager
def closing_dialog() -> Iterator[None]:
    """Moves sent inside this block come from a dialog's button: the dialog closes, or what it
    shows changes under the finger (Ricks' «+1 жетон»: the card's line, the actions left, the
    next card moving up once one is built) — a second tap must not repeat the move either."""
    token = _CLOSING.set(True)
    try:
        yield
    finally:
        _CLOSING.reset(token)


def dialog_closing() -> bool:
    """Whether the move being sent comes from a dialog's closing button."""
    return _CLOSING.get()
