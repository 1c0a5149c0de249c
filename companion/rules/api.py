"""The module-level, load-once search: shipped database + house rulings in one cached index.

The index is rebuilt only when the house rulings file changes (its modification time) or
after :func:`invalidate`; the rulebook files are read once per process.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from companion.rules.db import GAMES, load_db
from companion.rules.house import house_path, on_change, read_rulings
from companion.rules.normalize import Stemmer
from companion.rules.search import Hit, RulesIndex

__all__ = ["search", "default_index", "invalidate", "entries", "house_warnings"]

_lock = threading.Lock()
_stemmer: Stemmer | None = None
_shipped: list[dict[str, Any]] | None = None
_indexes: dict[str, tuple[int, RulesIndex]] = {}  # house rulings file → (its mtime, index)
_warnings: dict[str, list[str]] = {}  # house rulings file → what was lost reading it


def _stamp(path: Path) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return 0


def invalidate(*, shipped: bool = False) -> None:
    """Forget the cached indexes (and with ``shipped=True`` the loaded rulebook files too)."""
    global _shipped
    with _lock:
        _indexes.clear()
        if shipped:
            _shipped = None


def default_index(house: str | Path | None = None) -> RulesIndex:
    """The shared index over ``rules_db/`` plus the table's house rulings.

    :param house: the house rulings file (default ``data_dir()/house_rules.json``); one
        cached index per file, rebuilt when the file changes.
    :raises RulesDBError: the database is missing or invalid.
    """
    global _shipped, _stemmer
    path = house_path(house)
    stamp = _stamp(path)
    with _lock:
        cached = _indexes.get(str(path))
        if cached is None or cached[0] != stamp:
            if _shipped is None:
                _shipped = load_db()
            _stemmer = _stemmer or Stemmer()
            rulings, warnings = read_rulings(path=path)
            if warnings:
                _warnings.setdefault(str(path), [])
                _warnings[str(path)] += [w for w in warnings if w not in _warnings[str(path)]]
            cached = (_stamp(path), RulesIndex([*_shipped, *rulings], _stemmer))
            _indexes[str(path)] = cached
        return cached[1]


def house_warnings(house: str | Path | None = None) -> list[str]:
    """Russian sentences about house rulings lost to a damaged file (empty if none).

    Reading happens with :func:`default_index`; a set-aside file is reported for the rest of
    the process, so a screen opened later can still tell the players.
    """
    default_index(house)
    with _lock:
        return list(_warnings.get(str(house_path(house)), []))


def entries() -> list[dict[str, Any]]:
    """Every entry of the shared index (rulebooks and house rulings)."""
    return default_index().entries


def search(query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
    """Search the rules of every game (or one ``game``); see :meth:`RulesIndex.search`.

    :param query: what the player typed, in any shape (typos, endings, English, translit,
        wrong keyboard layout).
    :param game: ``None`` or one of ``smash_up``, ``coup``, ``munchkin``, ``ricks``.
    :param limit: 1..50 hits.
    :returns: hits, best first.
    :raises SearchError: empty, punctuation-only or over-long query; unknown game or limit.
    """
    from companion.errors import SearchError

    if game is not None and game not in GAMES:
        raise SearchError(f"Неизвестная игра «{game}»: выберите одну из {', '.join(GAMES)}.")
    if not isinstance(limit, int) or not 1 <= limit <= 50:
        raise SearchError("Число результатов должно быть от 1 до 50.")
    return default_index().search(query, game=game, limit=limit)


on_change(invalidate)
