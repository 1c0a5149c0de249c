"""Deleting a saved game from the home screen (players only).

The files go to ``<data dir>/trash/`` (:meth:`companion.store.GameStore.delete`). A game
open on some device is not deleted: that device would lose its screen.
"""

from __future__ import annotations

from typing import Any

from companion.table.security import NotAllowedError, require_player

__all__ = ["delete_game"]


def delete_game(app: Any, game_id: str) -> None:
    """Delete the saved game ``game_id`` for the session ``app``.

    :raises NotAllowedError: a spectator, or the game is open on some device.
    :raises UnknownGameError: no such game. :raises StoreError: the disk refused.
    """
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
