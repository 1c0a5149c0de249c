"""Loading and validating the rules database (``rules_db/<source>.json``).

Each file is a TinyDB document store ``{"entries": {"1": entry, ...}}`` holding one rulebook.
An entry is a dict with exactly these keys:

==========  ============  ==========================================================
key         type          meaning
==========  ============  ==========================================================
id          str (slug)    stable id, unique across the database: ``[a-z0-9][a-z0-9-_.]*``
game        str           ``smash_up`` | ``coup`` | ``munchkin`` | ``ricks``
source      str           rulebook id, see :data:`SOURCES` (must fit ``game``)
section     str           the rulebook's heading, verbatim
page        int | None    page in the printed rulebook
kind        str           ``rule`` | ``keyword`` | ``card`` | ``summary``
title       str           short title shown in the results
text        str           the rule in the project's own words
aliases     list[str]     synonyms, English terms, abbreviations
see_also    list[str]     ids of related entries (must resolve, checked by :func:`check_links`)
asks        list[str]     optional: short questions a player would ask about the entry's facts
                          (colloquial Russian and a few English), indexed like aliases
==========  ============  ==========================================================

House rulings (:mod:`companion.rules.house`) use the same shape with ``source="house"`` and
``kind="house"``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from importlib import resources
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

__all__ = [
    "SOURCES",
    "GAMES",
    "KINDS",
    "RulesDBError",
    "rules_db_dir",
    "validate_entry",
    "load_file",
    "load_db",
    "load_toc",
    "check_links",
]

SOURCES: dict[str, str] = {
    "smashup-bbrr": "smash_up",
    "smashup-mimimi": "smash_up",
    "coup": "coup",
    "munchkin-apocalypse": "munchkin",
    "ricks-crazy": "ricks",
}
GAMES = ("smash_up", "coup", "munchkin", "ricks")
KINDS = ("rule", "keyword", "card", "summary")
HOUSE_SOURCE = "house"
HOUSE_KIND = "house"

_ID = re.compile(r"^[a-z0-9][a-z0-9_.\-]*$")
_FIELDS: dict[str, type | tuple[type, ...]] = {
    "id": str,
    "game": str,
    "source": str,
    "section": str,
    "page": (int, type(None)),
    "kind": str,
    "title": str,
    "text": str,
    "aliases": list,
    "see_also": list,
}
#: Keys an entry may hold but need not (house rulings and older files leave them out).
_OPTIONAL: dict[str, type] = {"asks": list}


class RulesDBError(CompanionError, ValueError):
    """A rules database file is missing, unreadable or holds a malformed entry."""


def rules_db_dir() -> Path:
    """Find the rules database folder.

    Order: env ``COMPANION_RULES_DB``; ``rules_db/`` beside the ``companion`` package
    (a source checkout); the package data folder ``companion/_rules_db`` (an installed wheel).

    :raises RulesDBError: if none of them exists.
    """
    env = os.environ.get("COMPANION_RULES_DB")
    candidates = [Path(env)] if env else []
    candidates.append(Path(__file__).resolve().parents[2] / "rules_db")
    with contextlib.suppress(ModuleNotFoundError, TypeError):  # zip imports
        candidates.append(Path(str(resources.files("companion") / "_rules_db")))
    for path in candidates:
        if path.is_dir():
            return path
    tried = ", ".join(str(p) for p in candidates)
    raise RulesDBError(f"Не найдена база правил (искали: {tried}).")


def validate_entry(entry: Any, *, house: bool = False) -> dict[str, Any]:
    """Check one entry against the schema above and return it.

    :param house: accept a house ruling (``source="house"``, ``kind="house"``) instead.
    :raises RulesDBError: naming the entry and the first problem found.
    """
    if not isinstance(entry, dict):
        raise RulesDBError(f"Запись базы правил должна быть объектом, а не {type(entry).__name__}.")
    name = entry.get("id", "?")
    missing = _FIELDS.keys() - entry.keys()
    extra = entry.keys() - _FIELDS.keys() - _OPTIONAL.keys()
    if missing or extra:
        raise RulesDBError(
            f"Запись {name!r}: нет полей {sorted(missing)}, лишние поля {sorted(extra)}."
        )
    for key, typ in {**_FIELDS, **_OPTIONAL}.items():
        if key not in entry:
            continue
        value = entry[key]
        if not isinstance(value, typ) or isinstance(value, bool):
            raise RulesDBError(f"Запись {name!r}: поле {key!r} неверного типа ({value!r}).")
    problems = []
    if not _ID.match(entry["id"]):
        problems.append(f"id {entry['id']!r} не похож на slug")
    if entry["game"] not in GAMES:
        problems.append(f"неизвестная игра {entry['game']!r}")
    if house:
        if entry["source"] != HOUSE_SOURCE or entry["kind"] != HOUSE_KIND:
            problems.append("решение стола должно иметь source='house' и kind='house'")
    else:
        if SOURCES.get(entry["source"]) != entry["game"]:
            problems.append(f"источник {entry['source']!r} не относится к игре {entry['game']!r}")
        if entry["kind"] not in KINDS:
            problems.append(f"неизвестный вид {entry['kind']!r}")
    for key in ("section", "title", "text"):
        if not entry[key].strip():
            problems.append(f"пустое поле {key!r}")
    if entry["page"] is not None and entry["page"] < 1:
        problems.append("номер страницы должен быть положительным")
    for key in ("aliases", "see_also", "asks"):
        if not all(isinstance(v, str) and v.strip() for v in entry.get(key, [])):
            problems.append(f"в {key!r} должны быть непустые строки")
    if problems:
        raise RulesDBError(f"Запись {name!r}: " + "; ".join(problems) + ".")
    return entry


def load_file(path: Path) -> list[dict[str, Any]]:
    """Read and validate one ``<source>.json`` file.

    :returns: its entries in document-id order.
    :raises RulesDBError: unreadable JSON, not a TinyDB ``entries`` table, a bad entry,
        or an entry whose ``source`` is not the file's name.
    """
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RulesDBError(f"Не удалось прочитать {path.name}: {exc}.") from exc
    table = raw.get("entries") if isinstance(raw, dict) else None
    if not isinstance(table, dict):
        raise RulesDBError(f"{path.name}: ожидается объект с таблицей 'entries'.")
    entries = []
    for doc_id in sorted(table, key=lambda k: (len(k), k)):
        try:
            entry = validate_entry(table[doc_id])
        except RulesDBError as exc:
            raise RulesDBError(f"{path.name}, документ {doc_id}: {exc}") from None
        if entry["source"] != path.stem:
            raise RulesDBError(
                f"{path.name}, документ {doc_id}: источник {entry['source']!r} "
                "не совпадает с файлом."
            )
        entries.append(entry)
    return entries


def load_db(folder: Path | None = None) -> list[dict[str, Any]]:
    """Load every ``*.json`` file of the rules database, validated.

    :param folder: defaults to :func:`rules_db_dir`.
    :returns: all entries, files in name order.
    :raises RulesDBError: a bad file or entry, or an id used twice.
    """
    folder = folder or rules_db_dir()
    entries: list[dict[str, Any]] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        for entry in load_file(path):
            if entry["id"] in seen:
                raise RulesDBError(
                    f"id {entry['id']!r} встречается дважды ({seen[entry['id']]} и {path.name})."
                )
            seen[entry["id"]] = path.name
            entries.append(entry)
    return entries


def load_toc(source: str, folder: Path | None = None) -> list[str]:
    """The headings of one rulebook from ``rules_db/toc/<source>.txt`` (blank lines skipped)."""
    path = (folder or rules_db_dir()) / "toc" / f"{source}.txt"
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def check_links(entries: list[dict[str, Any]]) -> list[str]:
    """Return a description of every ``see_also`` id that does not resolve (empty if all do)."""
    ids = {e["id"] for e in entries}
    return [f"{e['id']} → {ref}" for e in entries for ref in e["see_also"] if ref not in ids]
