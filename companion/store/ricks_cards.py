"""The «Рик и Морти» card catalogue: a card played once is remembered and offered again.

Kept in ``<data dir>/ricks_cards.json`` (:class:`~companion.store.catalogue.Catalogue`: atomic
writes, checked on load, a damaged file set aside and named). Tables::

    cards  {"<id>": {"name": str, "key": str, "kind": "source" | "invention" | "ability",
                     "build_cost": int, "production": int?, "cost": int?, "vp": int?,
                     "seen": int}}
    meta   {"1": {"seeded": true}}

A card holds exactly the numbers printed on its kind (:data:`companion.engine.ricks.cards.FIELDS`:
a source its production, an invention its cost and VP, an ability its cost), checked by
:func:`companion.engine.ricks.cards.card_problems`; a card needs a name to be remembered.
Nothing of one play is kept («уровнем ниже», built whole at once): only the card.

Example::

    >>> import tempfile, pathlib
    >>> cat = RicksCatalogue(pathlib.Path(tempfile.mkdtemp()))
    >>> _ = cat.remember({"kind": "source", "name": "Батарея", "build_cost": 1, "production": 2})
    >>> cat.suggest("батарейка")[0]["production"]
    2
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.ricks.cards import FIELDS, card_problems
from companion.errors import CompanionError
from companion.i18n import _
from companion.store.catalogue import Catalogue, normalize_name

__all__ = ["FILE", "CardError", "RicksCatalogue", "offered", "to_play"]

FILE = "ricks_cards.json"


class CardError(CompanionError, ValueError):
    """A card the catalogue refuses; the message (Russian) names the field.

    :param field: ``"kind"``, ``"name"``, ``"build_cost"``, ``"production"``, ``"cost"`` or
        ``"vp"``.
    """

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


def _checked(card: Any) -> dict[str, Any]:
    """The card's row without ``seen``. :raises CardError: naming the first bad field."""
    if not isinstance(card, Mapping):
        raise CardError("Карту нужно описать: вид, название и числа с неё.", "kind")
    problems = card_problems(card)
    name = card.get("name")
    if "name" not in problems and not (isinstance(name, str) and name.strip()):
        problems["name"] = "«Название»: без названия карту не запомнить."
    if problems:
        field, message = next(iter(problems.items()))
        raise CardError(message, field)
    assert isinstance(name, str)
    name = " ".join(name.split())
    kind = str(card["kind"])
    row: dict[str, Any] = {"name": name, "key": normalize_name(name), "kind": kind}
    row.update({key: int(card[key]) for key in FIELDS[kind]})
    return row


def to_play(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A catalogue entry as the card's part of ``card.play`` data (``kind``, ``name`` and the
    numbers printed on it)."""
    kind = str(entry["kind"])
    return {"kind": kind, "name": entry["name"], **{k: int(entry[k]) for k in FIELDS[kind]}}


class RicksCatalogue(Catalogue):
    """Remembered «Рик и Морти» cards of one data directory (see the module docstring).

    :param root: the data directory.
    :raises CorruptFileError: (from any method) if the file and its backup are unreadable.
    :raises CardError: (from :meth:`remember`, :meth:`correct`) for a refused card.
    """

    FILE = FILE
    TABLE = "cards"

    @classmethod
    def entry(cls, card: Mapping[str, Any]) -> dict[str, Any]:
        """The card checked (:func:`~companion.engine.ricks.cards.card_problems`, and a name).
        :raises CardError:"""
        return _checked(card)


def offered(catalogue: RicksCatalogue, query: str, limit: int) -> tuple[list[dict[str, Any]], str]:
    """Up to ``limit`` cards offered for ``query`` (the most played for ``""``) and a note to
    show once (``""``: none): the catalogue was repaired, or unreadable and set aside."""
    try:
        hits = catalogue.suggest(query, limit=limit)
    except CompanionError as exc:
        return [], f"{_('Каталог карт')}: {exc}"
    note = " ".join(catalogue.recovered)
    catalogue.recovered.clear()
    return hits, f"{_('Каталог карт')}: {note}" if note else ""
