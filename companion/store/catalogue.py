"""A remembered-card catalogue: every card typed once is kept in a TinyDB file and offered again.

A subclass names its file (:attr:`Catalogue.FILE`), its table (:attr:`Catalogue.TABLE`), the
cards it ships with (:attr:`Catalogue.SEED`) and its check (:meth:`Catalogue.entry`: a card as a
stored row, or an exception naming the field). Every row holds ``name``, ``key`` (the name
folded, :func:`normalize_name`) and ``seen`` (how often it was typed) besides the card's own
fields; a name is stored once.

Writes are crash-safe (:class:`~companion.store.atomic.AtomicJSONStorage`). The file is checked
on load: a row that fails :meth:`Catalogue.entry` makes the file damaged — it is set aside as
``<file>.corrupt-…`` and the last good copy is used; the Russian sentence saying so is kept in
:attr:`Catalogue.recovered` for the UI. Every operation opens the file, works and closes it
under one process-wide lock, so several sessions of one server never overwrite each other.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

from tinydb import Query, TinyDB
from tinydb.table import Table

from companion.store.atomic import AtomicJSONStorage

__all__ = ["MIN_SCORE", "Catalogue", "normalize_name"]

#: Lowest rapidfuzz score (0–100) for a fuzzy suggestion.
MIN_SCORE = 70

_LOCK = threading.RLock()


def normalize_name(name: str) -> str:
    """Fold a card name for comparison: case, ё → е, «»/quotes dropped, spaces collapsed."""
    text = name.casefold().replace("ё", "е")
    for ch in "«»\"'„“”":
        text = text.replace(ch, "")
    return " ".join(text.split())


class Catalogue:
    """Remembered cards of one data directory (subclass it; see the module docstring).

    :param root: the data directory (the file is created there on first use).
    :raises CorruptFileError: (from any method) if the file and its backup are unreadable.
    """

    FILE: ClassVar[str]
    TABLE: ClassVar[str]
    SEED: ClassVar[tuple[dict[str, Any], ...]] = ()
    #: Fields a re-typed card without them keeps from the stored one.
    KEPT: ClassVar[tuple[str, ...]] = ()

    def __init__(self, root: Path) -> None:
        self.path = Path(root) / self.FILE
        #: Russian sentences: the file was damaged and set aside (each said once, then cleared
        #: by the caller).
        self.recovered: list[str] = []

    @classmethod
    def entry(cls, card: Mapping[str, Any]) -> dict[str, Any]:
        """A checked card as a stored row (``name``, ``key`` and the card's fields, no
        ``seen``). :raises ValueError: (a ``CompanionError`` naming the field) if refused."""
        raise NotImplementedError

    # -- file access --------------------------------------------------------------------------
    def _check_rows(self, raw: dict[str, Any]) -> None:
        for row in raw.get(self.TABLE, {}).values():
            self.entry(row)  # a bad row: ValueError, the storage sets the file aside

    def _db(self) -> TinyDB:
        db = TinyDB(self.path, storage=AtomicJSONStorage, validate=self._check_rows)
        meta = db.table("meta")
        if not meta.all():
            rows = db.table(self.TABLE)
            for card in self.SEED:
                key = normalize_name(card["name"])
                if not rows.search(Query().key == key):
                    rows.insert({**self.entry(card), "seen": 0})
            meta.insert({"seeded": True})
        storage = db.storage
        assert isinstance(storage, AtomicJSONStorage)
        self.recovered.extend(storage.recovered)
        storage.recovered.clear()
        return db

    @contextmanager
    def _table(self) -> Iterator[Table]:
        """The cards' table under the process-wide lock, the file closed afterwards."""
        with _LOCK:
            db = self._db()
            try:
                yield db.table(self.TABLE)
            finally:
                db.close()

    # -- reading ------------------------------------------------------------------------------
    def all(self) -> list[dict[str, Any]]:
        """Every remembered card as a dict (its row), most often typed first, then by name."""
        with self._table() as table:
            rows = [dict(r) for r in table.all()]
        rows.sort(key=lambda r: (-int(r.get("seen", 0)), r["key"]))
        return rows

    def get(self, name: str) -> dict[str, Any] | None:
        """The card remembered under exactly this name (compared folded), or ``None``."""
        key = normalize_name(name)
        return next((r for r in self.all() if r["key"] == key), None)

    def suggest(
        self, query: str, limit: int = 5, exclude: Iterable[str] = ()
    ) -> list[dict[str, Any]]:
        """Remembered cards whose names are close to ``query`` (typos, word endings, ё/е
        forgiven). An empty query lists the most often typed cards. Names in ``exclude`` are
        left out.

        :returns: at most ``limit`` entries, best match first.
        """
        skip = {normalize_name(n) for n in exclude}
        rows = [r for r in self.all() if r["key"] not in skip]
        q = normalize_name(query)
        if not q:
            return rows[:limit]
        by_key = {r["key"]: r for r in rows}
        from rapidfuzz import fuzz, process  # pure Python in the browser: slow to import

        found = process.extract(
            q, list(by_key), scorer=fuzz.WRatio, limit=limit, score_cutoff=MIN_SCORE
        )
        return [by_key[key] for key, _score, _i in found]

    # -- writing ------------------------------------------------------------------------------
    def remember(self, card: Mapping[str, Any]) -> dict[str, Any]:
        """Store a card; a known name gets the new numbers and its count goes up.

        :raises ValueError: (a ``CompanionError``) if :meth:`entry` refuses the card; the
            catalogue is left unchanged.
        :returns: the stored entry.
        """
        entry = self.entry(card)
        key = entry["key"]
        with self._table() as table:
            old = table.get(Query().key == key)
            if old is None:
                entry["seen"] = 1
                table.insert(entry)
            else:
                self._keep(old, entry)
                entry["seen"] = int(old.get("seen", 0)) + 1
                table.update(entry, Query().key == key)
        return entry

    def correct(self, name: str, card: Mapping[str, Any]) -> dict[str, Any]:
        """Replace the entry remembered as ``name`` by ``card`` (a typo in the name or the
        numbers fixed); its count is kept. A new name that another entry already has merges
        the two.

        :raises ValueError: if the card is refused (nothing changes).
        :raises KeyError: if no entry has that name.
        :returns: the stored entry.
        """
        entry = self.entry(card)
        key = normalize_name(name)
        with self._table() as table:
            old = table.get(Query().key == key)
            if old is None:
                raise KeyError(name)
            other = table.get(Query().key == entry["key"]) if entry["key"] != key else None
            self._keep(old, entry)
            entry["seen"] = int(old.get("seen", 0)) + int(other.get("seen", 0) if other else 0)
            if other is not None:
                table.remove(Query().key == entry["key"])
            # the whole row is replaced: fields of another kind of card do not linger
            table.remove(Query().key == key)
            table.insert(entry)
        return entry

    def forget(self, name: str) -> bool:
        """Remove the entry remembered as ``name`` (compared folded).

        :returns: whether an entry was removed.
        """
        key = normalize_name(name)
        with self._table() as table:
            removed = table.remove(Query().key == key)
        return bool(removed)

    def _keep(self, old: Mapping[str, Any], entry: dict[str, Any]) -> None:
        for field in self.KEPT:
            if entry.get(field) is None:
                entry[field] = old.get(field)
