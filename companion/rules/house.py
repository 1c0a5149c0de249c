"""House rulings: the table's own decisions, searched together with the rulebooks.

Stored with TinyDB in ``data_dir()/house_rules.json`` (table ``rulings``) through the crash-safe
:class:`~companion.store.atomic.AtomicJSONStorage`. A stored ruling is
``{"title": str, "text": str, "game": str, "link": str | None, "created": float}``
(``created`` in seconds since the epoch). :func:`as_entry` turns it into a rules entry with
``source="house"``, ``kind="house"``, ``section="Решения стола"`` and id ``house-<doc id>``, so
the search can treat it like any other entry.

A damaged file never stops the rulebooks from being searched: :func:`read_rulings` sets it
aside (``house_rules.json.corrupt-<time>``), falls back to the last good copy if there is one,
skips rulings of the wrong shape, and returns Russian warnings that say what was lost; the
rules API keeps them for callers (:func:`companion.rules.api.house_warnings`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from companion.errors import CompanionError, StoreError
from companion.paths import data_dir
from companion.rules.db import GAMES, HOUSE_KIND, HOUSE_SOURCE
from companion.store.atomic import AtomicJSONStorage
from companion.store.limits import RULING_TEXT_CHARS, RULING_TITLE_CHARS

__all__ = [
    "HOUSE_FILE",
    "HOUSE_SECTION",
    "HouseRulingError",
    "house_path",
    "add_ruling",
    "list_rulings",
    "delete_ruling",
    "house_entries",
    "read_rulings",
]

HOUSE_FILE = "house_rules.json"
HOUSE_SECTION = "Решения стола"


class HouseRulingError(CompanionError, ValueError):
    """A house ruling that cannot be stored or found (empty title, unknown game or id)."""


def house_path(path: str | Path | None = None) -> Path:
    """The house rulings file: ``path`` if given, else ``data_dir()/house_rules.json``."""
    return Path(path) if path is not None else data_dir() / HOUSE_FILE


def _open(path: str | Path | None) -> TinyDB:
    return TinyDB(house_path(path), storage=AtomicJSONStorage)


def as_entry(doc_id: int, ruling: dict[str, Any]) -> dict[str, Any]:
    """A stored ruling as a rules entry (see the module docstring)."""
    return {
        "id": f"house-{doc_id}",
        "game": ruling["game"],
        "source": HOUSE_SOURCE,
        "section": HOUSE_SECTION,
        "page": None,
        "kind": HOUSE_KIND,
        "title": ruling["title"],
        "text": ruling["text"],
        "aliases": [],
        "see_also": [ruling["link"]] if ruling.get("link") else [],
    }


def add_ruling(
    title: str, text: str, game: str, link: str | None = None, *, path: str | Path | None = None
) -> str:
    """Store a new house ruling.

    :param title: short title shown in results (non-empty).
    :param text: the ruling (non-empty).
    :param game: ``smash_up`` | ``coup`` | ``munchkin`` | ``ricks``.
    :param link: id of the rulebook entry it amends (optional; not checked here).
    :param path: the TinyDB file; defaults to :func:`house_path`.
    :returns: the new entry id, ``"house-<n>"``.
    :raises HouseRulingError: empty title/text or an unknown game.
    :raises StoreError: the disk refused the write.
    """
    title, text = (title or "").strip(), (text or "").strip()
    if not title or not text:
        raise HouseRulingError("У решения стола должны быть название и текст.")
    if len(title) > RULING_TITLE_CHARS:
        raise HouseRulingError(
            f"Название решения стола длиннее {RULING_TITLE_CHARS} знаков ({len(title)}): "
            "сократите его."
        )
    if len(text) > RULING_TEXT_CHARS:
        raise HouseRulingError(
            f"Текст решения стола длиннее {RULING_TEXT_CHARS} знаков ({len(text)}): сократите его."
        )
    if game not in GAMES:
        raise HouseRulingError(f"Неизвестная игра «{game}»: выберите одну из {', '.join(GAMES)}.")
    with _open(path) as db:
        doc_id = db.table("rulings").insert(
            {
                "title": title,
                "text": text,
                "game": game,
                "link": link or None,
                "created": time.time(),
            }
        )
    _changed()
    return f"house-{doc_id}"


def list_rulings(*, path: str | Path | None = None) -> list[dict[str, Any]]:
    """All house rulings as rules entries (see :func:`as_entry`), oldest first.

    A damaged file is handled as in :func:`read_rulings` (its warnings are dropped here).
    """
    return read_rulings(path=path)[0]


def _valid(ruling: dict[str, Any]) -> bool:
    return (
        all(isinstance(ruling.get(k), str) and ruling[k].strip() for k in ("title", "text"))
        and ruling.get("game") in GAMES
        and (ruling.get("link") is None or isinstance(ruling.get("link"), str))
    )


def read_rulings(*, path: str | Path | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """House rulings as rules entries, and warnings about anything lost on the way.

    :returns: ``(entries, warnings)``. A file that cannot be read is set aside as
        ``<name>.corrupt-<time>``; the last good copy (``<name>.bak``) is used if readable,
        else no rulings. A ruling of the wrong shape is skipped. Each of these adds one
        Russian sentence to ``warnings``. Never raises for a damaged file.
    """
    file = house_path(path)
    if not file.exists() and not file.with_name(file.name + ".bak").exists():
        return [], []
    warnings: list[str] = []
    try:
        with _open(file) as db:
            docs = db.table("rulings").all()
            warnings += db.storage.recovered
    except (StoreError, OSError) as exc:
        return [], [f"Решения стола не загружены: {exc} Правила игр ищутся как обычно."]
    entries = []
    for doc in docs:
        if _valid(dict(doc)):
            entries.append(as_entry(doc.doc_id, dict(doc)))
        else:
            warnings.append(f"Решение стола №{doc.doc_id} повреждено и пропущено.")
    return entries, warnings


house_entries = list_rulings


def delete_ruling(ruling_id: str, *, path: str | Path | None = None) -> None:
    """Delete a house ruling by its entry id (``"house-3"``).

    :raises HouseRulingError: no ruling with that id.
    """
    try:
        doc_id = int(str(ruling_id).removeprefix("house-"))
    except ValueError:
        raise HouseRulingError(f"Нет решения стола с номером «{ruling_id}».") from None
    with _open(path) as db:
        table = db.table("rulings")
        if not table.contains(doc_id=doc_id):
            raise HouseRulingError(f"Нет решения стола с номером «{ruling_id}».")
        table.remove(doc_ids=[doc_id])
    _changed()


#: Called after every change of a house rulings file (the rules API registers its cache reset).
_listeners: list[Callable[[], None]] = []


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener()`` after every added or deleted ruling.

    (Keeps imports one way: api → house.)
    """
    if listener not in _listeners:
        _listeners.append(listener)


def _changed() -> None:
    for listener in list(_listeners):
        listener()
