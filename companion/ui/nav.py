"""Navigation helpers and the per-session context (the :class:`AppModel`)."""

from __future__ import annotations

import flet as ft

from companion.ui.state import AppModel

__all__ = ["AppContext", "go"]

#: Provides the session's :class:`AppModel` to every screen.
AppContext = ft.create_context(None)


def go(route: str) -> None:
    """Navigate this session to ``route`` (e.g. ``"/game/ID"``)."""
    ft.context.page.navigate(route)


def app_model() -> AppModel:
    """The session's :class:`AppModel` (inside a component)."""
    return ft.use_context(AppContext)
