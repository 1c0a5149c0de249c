"""The Smash Up base catalogue: every base typed once is remembered and offered again.

Kept in ``<data dir>/bases.json`` (TinyDB, crash-safe writes through
:class:`~companion.store.atomic.AtomicJSONStorage`). Tables::

    bases  {"<id>": {"name": str, "key": str, "breakpoint": int, "vp": [int, int, int],
                     "set": str | None, "seen": int}}
    meta   {"1": {"seeded": true}}

``key`` is the name folded for comparison (case, ё/е, spaces); a name is stored once, and
typing a known name again updates its numbers. On first use the catalogue is seeded with
:data:`SEED` («Древний храм», 20; 4/2/1 — the base pictured in «Мишки, бабки, рок-н-ролл»).

Every operation opens the file, works and closes it again under one process-wide lock, so
several sessions of one server (table mode) never overwrite each other's additions.

Example::

    >>> import tempfile, pathlib
    >>> cat = BaseCatalogue(pathlib.Path(tempfile.mkdtemp()))
    >>> cat.suggest("древни храм")[0]["name"]
    'Древний храм'
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process
from tinydb import Query, TinyDB

from companion.engine.smashup import base_card_error
from companion.store.atomic import AtomicJSONStorage

__all__ = ["FILE", "SEED", "BaseCatalogue", "normalize_name", "to_card"]

FILE = "bases.json"

#: Bases the catalogue ships with (base dicts as in :mod:`companion.engine.smashup`).
SEED: tuple[dict[str, Any], ...] = (
    {"name": "Древний храм", "breakpoint": 20, "vp": [4, 2, 1], "set": "Мишки, бабки, рок-н-ролл"},
)

#: Lowest rapidfuzz score (0–100) for a fuzzy suggestion.
MIN_SCORE = 70

_LOCK = threading.RLock()


def normalize_name(name: str) -> str:
    """Fold a base name for comparison: case, ё → е, «»/quotes dropped, spaces collapsed."""
    text = name.casefold().replace("ё", "е")
    for ch in "«»\"'„“”":
        text = text.replace(ch, "")
    return " ".join(text.split())


def to_card(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A catalogue entry as the engine's base dict ``{"name", "breakpoint", "vp", "set"?}``."""
    card: dict[str, Any] = {
        "name": entry["name"],
        "breakpoint": int(entry["breakpoint"]),
        "vp": [int(v) for v in entry["vp"]],
    }
    if entry.get("set"):
        card["set"] = entry["set"]
    return card


def _valid(card: Mapping[str, Any]) -> bool:
    """A base the Smash Up engine accepts (:func:`companion.engine.smashup.base_card_error`)."""
    return base_card_error(card) is None


class BaseCatalogue:
    """Remembered bases of one data directory.

    :param root: the data directory (``bases.json`` is created there on first use).
    :raises CorruptFileError: (from any method) if the file and its backup are unreadable.
    """

    def __init__(self, root: Path) -> None:
        self.path = Path(root) / FILE

    # -- file access --------------------------------------------------------------------------
    def _db(self) -> TinyDB:
        db = TinyDB(self.path, storage=AtomicJSONStorage)
        meta = db.table("meta")
        if not meta.all():
            bases = db.table("bases")
            for card in SEED:
                if not bases.search(Query().key == normalize_name(card["name"])):
                    bases.insert({**card, "key": normalize_name(card["name"]), "seen": 0})
            meta.insert({"seeded": True})
        return db

    # -- reading ------------------------------------------------------------------------------
    def all(self) -> list[dict[str, Any]]:
        """Every remembered base as a dict (``name``, ``breakpoint``, ``vp``, ``set``, ``seen``),
        most often typed first, then by name."""
        with _LOCK:
            db = self._db()
            try:
                rows = [dict(r) for r in db.table("bases").all()]
            finally:
                db.close()
        rows.sort(key=lambda r: (-int(r.get("seen", 0)), r["key"]))
        return rows

    def get(self, name: str) -> dict[str, Any] | None:
        """The base remembered under exactly this name (compared folded), or ``None``."""
        key = normalize_name(name)
        return next((r for r in self.all() if r["key"] == key), None)

    def suggest(
        self, query: str, limit: int = 5, exclude: Iterable[str] = ()
    ) -> list[dict[str, Any]]:
        """Remembered bases whose names are close to ``query`` (typos, word endings, ё/е forgiven).

        An empty query lists the most often typed bases. Names in ``exclude`` (e.g. the bases
        on the table) are left out.

        :returns: at most ``limit`` entries, best match first.
        """
        skip = {normalize_name(n) for n in exclude}
        rows = [r for r in self.all() if r["key"] not in skip]
        q = normalize_name(query)
        if not q:
            return rows[:limit]
        by_key = {r["key"]: r for r in rows}
        found = process.extract(
            q,
            list(by_key),
            scorer=fuzz.WRatio,
            limit=limit,
            score_cutoff=MIN_SCORE,
        )
        return [by_key[key] for key, _score, _i in found]

    # -- writing ------------------------------------------------------------------------------
    def remember(self, card: Mapping[str, Any]) -> dict[str, Any]:
        """Store a base (a base dict); a known name gets the new numbers and its count goes up.

        :raises ValueError: if the engine would refuse the card (no name, a breakpoint below 1,
            not exactly three VP values falling from 1st to 3rd place).
        :returns: the stored entry.
        """
        if not _valid(card):
            raise ValueError(f"malformed base card: {card!r}")
        name = " ".join(card["name"].split())
        key = normalize_name(name)
        entry: dict[str, Any] = {
            "name": name,
            "key": key,
            "breakpoint": int(card["breakpoint"]),
            "vp": [int(v) for v in card["vp"]],
            "set": card.get("set"),
        }
        with _LOCK:
            db = self._db()
            try:
                table = db.table("bases")
                old = table.get(Query().key == key)
                if old is None:
                    entry["seen"] = 1
                    table.insert(entry)
                else:
                    if entry["set"] is None:
                        entry["set"] = old.get("set")
                    entry["seen"] = int(old.get("seen", 0)) + 1
                    table.update(entry, Query().key == key)
            finally:
                db.close()
        return entry
