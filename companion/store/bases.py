"""The Smash Up base catalogue: every base typed once is remembered and offered again.

Kept in ``<data dir>/bases.json`` (TinyDB, crash-safe writes through
:class:`~companion.store.atomic.AtomicJSONStorage`). Tables::

    bases  {"<id>": {"name": str, "key": str, "breakpoint": int, "vp": [int, int, int],
                     "set": str | None, "seen": int}}
    meta   {"1": {"seeded": true}}

``key`` is the name folded for comparison (case, ё/е, spaces); a name is stored once, and
typing a known name again updates its numbers. An entry can be corrected
(:meth:`BaseCatalogue.correct`: a new name or new numbers) or removed
(:meth:`BaseCatalogue.forget`). Every card is checked by :func:`card_error` first (breakpoint
at least 1; VP for 1st ≥ 2nd ≥ 3rd ≥ 0): a refused card never enters the catalogue, and
:class:`BaseCardError` names the field.

On first use the catalogue is seeded with :data:`SEED` («Древний храм», 20; 4/2/1 — the base
pictured in «Мишки, бабки, рок-н-ролл»).

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

from companion.errors import CompanionError
from companion.store.atomic import AtomicJSONStorage

__all__ = [
    "FILE",
    "SEED",
    "BaseCardError",
    "BaseCatalogue",
    "card_error",
    "normalize_name",
    "to_card",
]

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


class BaseCardError(CompanionError, ValueError):
    """A base card the catalogue refuses; the message (Russian) names the field.

    :param field: ``"name"``, ``"breakpoint"``, ``"vp1"``, ``"vp2"``, ``"vp3"``, ``"vp"`` or
        ``"set"`` — the typed field a form should mark.
    """

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


#: Longest base name kept (as the engine's limit).
MAX_NAME = 60
_PLACES = ("1-е", "2-е", "3-е")


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def card_error(card: Any) -> BaseCardError | None:
    """Why a base card may not enter the catalogue, or ``None`` if it is fine.

    A card is ``{"name": str, "breakpoint": int, "vp": [int, int, int], "set": str?}``:
    a non-empty name (at most :data:`MAX_NAME` characters), a breakpoint of at least 1 and
    VP for 1st ≥ 2nd ≥ 3rd ≥ 0 (the places of «Раздача очков»).
    """
    if not isinstance(card, Mapping):
        return BaseCardError("Базу нужно описать: название, оборона и очки за места.", "name")
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        return BaseCardError("Название базы: не может быть пустым.", "name")
    if len(name.strip()) > MAX_NAME:
        return BaseCardError(f"Название базы: не длиннее {MAX_NAME} знаков.", "name")
    bp = card.get("breakpoint")
    if not isinstance(bp, int) or isinstance(bp, bool):
        return BaseCardError("Оборона: нужно целое число.", "breakpoint")
    if bp < 1:
        return BaseCardError(f"Оборона: не меньше 1 (введено {bp}).", "breakpoint")
    vp = card.get("vp")
    if not isinstance(vp, (list, tuple)) or len(vp) != 3:
        return BaseCardError("Очки за места: нужно три числа (1-е, 2-е, 3-е место).", "vp")
    for k, v in enumerate(vp):
        if not _is_int(v):
            return BaseCardError(f"Очки за {_PLACES[k]} место: нужно целое число.", f"vp{k + 1}")
        if v < 0:
            return BaseCardError(
                f"Очки за {_PLACES[k]} место: не меньше 0 (введено {v}).", f"vp{k + 1}"
            )
        if k and v > vp[k - 1]:
            return BaseCardError(
                f"Очки за {_PLACES[k]} место: не больше, чем за {_PLACES[k - 1]} "
                f"({v} > {vp[k - 1]}).",
                f"vp{k + 1}",
            )
    bset = card.get("set")
    if bset is not None and not isinstance(bset, str):
        return BaseCardError("Набор базы: нужен текст.", "set")
    return None


def _entry(card: Mapping[str, Any]) -> dict[str, Any]:
    """A checked card as a catalogue row (without ``seen``). :raises BaseCardError:"""
    error = card_error(card)
    if error is not None:
        raise error
    name = " ".join(card["name"].split())
    return {
        "name": name,
        "key": normalize_name(name),
        "breakpoint": int(card["breakpoint"]),
        "vp": [int(v) for v in card["vp"]],
        "set": card.get("set"),
    }


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

        :raises BaseCardError: (a ``ValueError``) if the card is refused by :func:`card_error`;
            the catalogue is left unchanged.
        :returns: the stored entry.
        """
        entry = _entry(card)
        key = entry["key"]
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

    def correct(self, name: str, card: Mapping[str, Any]) -> dict[str, Any]:
        """Replace the entry remembered as ``name`` by ``card`` (a typo in the name or the
        numbers fixed); its count is kept. A new name that another entry already has merges
        the two.

        :raises BaseCardError: if the card is refused (nothing changes).
        :raises KeyError: if no entry has that name.
        :returns: the stored entry.
        """
        entry = _entry(card)
        key = normalize_name(name)
        with _LOCK:
            db = self._db()
            try:
                table = db.table("bases")
                old = table.get(Query().key == key)
                if old is None:
                    raise KeyError(name)
                other = table.get(Query().key == entry["key"]) if entry["key"] != key else None
                if entry["set"] is None:
                    entry["set"] = old.get("set")
                entry["seen"] = int(old.get("seen", 0)) + int(other.get("seen", 0) if other else 0)
                if other is not None:
                    table.remove(Query().key == entry["key"])
                table.update(entry, Query().key == key)
            finally:
                db.close()
        return entry

    def forget(self, name: str) -> bool:
        """Remove the entry remembered as ``name`` (compared folded).

        :returns: whether an entry was removed.
        """
        key = normalize_name(name)
        with _LOCK:
            db = self._db()
            try:
                removed = db.table("bases").remove(Query().key == key)
            finally:
                db.close()
        return bool(removed)
