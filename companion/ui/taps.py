"""The browser event being handled, and whether it closes a dialog.

Flet 1.0 runs each browser event (a tap) in an asyncio task of its own (its websocket
server's ``dispatch_event``), and a sync handler runs inside that task: the task is the tap.
:meth:`companion.ui.state.GameView.send` tells a second tap from a second move of the same
tap by it. A number pad's «Готово» sends its value inside :func:`closing_dialog`: the pad
goes, and what it covered is under the finger (a counter step would not start the settle
window by itself).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Iterator

__all__ = ["closing_dialog", "current_tap", "dialog_closing"]

_CLOSING: contextvars.ContextVar[bool] = contextvars.ContextVar("companion_closing", default=False)


def current_tap() -> object | None:
    """The browser event being handled now (its asyncio task), or ``None`` outside an event
    loop (a test calling a handler directly)."""
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


@contextlib.contextmanager
def closing_dialog() -> Iterator[None]:
    """Moves sent inside this block come from a dialog's closing button: they start the
    settle window even when they are counter steps."""
    token = _CLOSING.set(True)
    try:
        yield
    finally:
        _CLOSING.reset(token)


def dialog_closing() -> bool:
    """Whether the move being sent comes from a dialog's closing button."""
    return _CLOSING.get()
