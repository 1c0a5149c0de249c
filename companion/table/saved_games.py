"""Deleting a saved game from home (players only; files to ``<data dir>/trash/``)."""

from __future__ import annotations

from typing import Any

from companion.table.security import NotAllowedError, require_player

__all__ = ["delete_game"]


def delete_game(app: Any, game_id: str) -> None:
    """Delete ``game_id`` for ``app``. :raises NotAllowedError: a spectator, or open somewhere.
    :raises UnknownGameError: no such game. :raises StoreError: the disk refused."""
    require_player(app)
    hub = app.hub
    with hub.lock:
        if hub._listeners.get(game_id):
            raise NotAllowedError(
                "Эта игра открыта на одном из устройств: закройте её там, потом удалите."
            )
        hub.store.delete(game_id)
        stored = hub._games.pop(game_id, None)
        if stored is not None:
            stored.close()
    hub.notify_list()
