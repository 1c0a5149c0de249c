"""Persistence: TinyDB files written atomically (see :mod:`companion.store.atomic`)."""

from companion.store.atomic import AtomicJSONStorage
from companion.store.games import GameStore, GameSummary, StoredGame

__all__ = ["AtomicJSONStorage", "GameStore", "GameSummary", "StoredGame"]
