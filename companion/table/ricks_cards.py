"""A player's writes to the «Рик и Морти» card catalogue (:mod:`companion.store.ricks_cards`)
after «Сыграть карту»: a card played with a name is remembered (or its entry corrected), a
remembered one forgotten; a spectator changes nothing (:func:`.security.require_player`)."""

from __future__ import annotations

import contextlib
from typing import Any

from companion.errors import CompanionError
from companion.present.ricks_play import card_of
from companion.store.catalogue import normalize_name
from companion.store.ricks_cards import RicksCatalogue
from companion.table.security import require_player

__all__ = ["forget", "keep"]


def keep(app: Any, catalogue: RicksCatalogue, known: str, data: dict[str, Any]) -> None:
    """After an accepted ``card.play``: remember ``data``'s card (or correct ``known``'s entry);
    a spectator, a refused card or a full disk changes nothing."""
    card = card_of(data)
    if not str(card.get("name", "")).strip():
        return
    with contextlib.suppress(CompanionError, ValueError):
        require_player(app)
        if known and normalize_name(known) != normalize_name(card["name"]):
            try:
                catalogue.correct(known, card)
                return
            except KeyError:
                pass  # removed meanwhile on another phone: remembered afresh
        catalogue.remember(card)


def forget(app: Any, catalogue: RicksCatalogue, name: str) -> str:
    """Remove ``name`` from the catalogue; ``""``, or why not (a spectator, the disk)."""
    try:
        require_player(app)
        catalogue.forget(name)
    except CompanionError as exc:
        return str(exc)
    return ""
