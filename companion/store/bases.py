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

from collections.abc import Mapping
from typing import Any

from companion.errors import CompanionError
from companion.store.catalogue import MIN_SCORE, Catalogue, normalize_name

__all__ = [
    "FILE",
    "MIN_SCORE",
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


class BaseCatalogue(Catalogue):
    """Remembered bases of one data directory (:class:`~companion.store.catalogue.Catalogue`).

    :param root: the data directory (``bases.json`` is created there on first use).
    :raises CorruptFileError: (from any method) if the file and its backup are unreadable.
    """

    FILE = FILE
    TABLE = "bases"
    SEED = SEED
    KEPT = ("set",)

    @classmethod
    def entry(cls, card: Mapping[str, Any]) -> dict[str, Any]:
        """:func:`_entry`. :raises BaseCardError:"""
        return _entry(card)
