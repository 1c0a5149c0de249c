"""The remembered cards behind «Сыграть карту» (:mod:`companion.store.ricks_cards`): a card
played with a name is remembered (or its entry corrected); only a player writes
(:func:`companion.table.security.require_player`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.store.catalogue import normalize_name
from companion.store.ricks_cards import RicksCatalogue
from companion.store.ricks_play import card_of
from companion.table.security import require_player
from companion.ui.widgets import confirm_dialog

__all__ = ["forget", "forget_dialog", "keep"]


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


def forget_dialog(name: str, yes: Callable[[], None], no: Callable[[], None]) -> ft.AlertDialog:
    """«Убрать «Тостер» из каталога?». Tags: ``known-forget-cancel``, ``known-forget-confirm``."""
    return confirm_dialog(
        _("Убрать из каталога?"),
        f"«{name}» {_('больше не будет предлагаться. Карты на столе остаются.')}",
        ("known-forget-cancel", _("Оставить"), no),
        ("known-forget-confirm", _("Убрать"), yes),
        icon=ft.Icons.DELETE_OUTLINE,
        danger=True,
    )
