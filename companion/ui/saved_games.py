"""Deleting a saved game from the home screen (players only).

Uses ``GameStore.delete`` (moves the files to ``<data dir>/trash/``) when the store has it;
until then a minimal version of the same here. A game open on some device is not deleted:
that device would lose its screen.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from companion.errors import StoreError, UnknownGameError
from companion.ui.security import NotAllowedError, require_player

__all__ = ["delete_game"]


def _move_to_trash(store: Any, game_id: str) -> Path:
    store._path(game_id)  # validates the id: raises UnknownGameError
    files = [p for p in store.dir.glob(f"{game_id}.*") if p.name.split(".")[0] == game_id]
    if not files:
        raise UnknownGameError(f"Сохранённой игры «{game_id}» нет.")
    target = Path(store.root) / "trash" / f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}"
    try:
        target.mkdir(parents=True, exist_ok=True)
        for p in files:
            os.replace(p, target / p.name)
    except OSError as exc:
        raise StoreError(
            f"Не удалось удалить игру: {exc.strerror or exc}. Ничего не изменилось."
        ) from exc
    return target


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
        delete = getattr(hub.store, "delete", None)
        if callable(delete):
            delete(game_id)
        else:
            _move_to_trash(hub.store, game_id)
        stored = hub._games.pop(game_id, None)
        if stored is not None:
            stored.close()
