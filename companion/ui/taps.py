"""The browser event being handled (Flet runs each in its own asyncio task: the task is the
tap), and whether it closes a dialog."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
from collections.abc import Iterator

__all__ = ["closing_dialog", "current_tap", "dialog_closing"]

_CLOSING: contextvars.ContextVar[bool] = contextvars.ContextVar("companion_closing", default=False)


def current_tap() -> object | None:
    """The event being handled (its task), or ``None`` outside a loop."""
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None


@contextlib.contextmanager
def closing_dialog() -> Iterator[None]:
    """Moves sent in this block come from a dialog's closing button (they start the settle
    window)."""
    token = _CLOSING.set(True)
    try:
        yield
    finally:
        _CLOSING.reset(token)


def dialog_closing() -> bool:
    """Whether the move being sent comes from a dialog's closing button."""
    return _CLOSING.get()
