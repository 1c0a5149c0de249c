"""Navigation helpers and the per-session context (the :class:`AppModel`)."""

from __future__ import annotations

from urllib.parse import urlencode

import flet as ft

from companion.ui.state import AppModel

__all__ = ["AppContext", "go", "app_model", "rules_link", "open_rules", "RULES_GAME"]

#: Provides the session's :class:`AppModel` to every screen.
AppContext = ft.create_context(None)


def go(route: str) -> None:
    """Navigate this session to ``route`` (e.g. ``"/game/ID"``)."""
    ft.context.page.navigate(route)


#: Engine id → the rules database's game id.
RULES_GAME = {"smashup": "smash_up", "coup": "coup", "munchkin": "munchkin", "ricks": "ricks"}


def rules_link(game_id: str, query: str | None, back: str) -> str:
    """The rules route for a game: its rulebooks, ``query``, «Назад» to ``back``."""
    params = {"from": back}
    if game_id in RULES_GAME:
        params["game"] = RULES_GAME[game_id]
        if query:
            params["q"] = query
    return "/rules?" + urlencode(params)


def open_rules(game_id: str, query: str | None) -> None:
    """Open the rules search from a board; «Назад» returns to the screen it was opened from."""
    page = ft.context.page
    go(rules_link(game_id, query, page.route or "/"))


def app_model() -> AppModel:
    """The session's :class:`AppModel` (inside a component)."""
    return ft.use_context(AppContext)
