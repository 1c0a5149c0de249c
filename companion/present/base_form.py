"""A Smash Up base as typed in a form: the fields (text as typed) and the card they make
(:mod:`companion.store.bases`), with the catalogue filling a known name's numbers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.store.bases import card_error, normalize_name

__all__ = ["EMPTY_FORM", "NUMBERS", "card_from_form", "filled", "form_error", "form_from_entry"]

#: The typed fields of a base; ``known``: the catalogue name that filled them (``""``: none).
EMPTY_FORM: dict[str, str] = dict.fromkeys(("name", "bp", "vp1", "vp2", "vp3", "set", "known"), "")
#: The number fields: breakpoint, VP for the three places.
NUMBERS = ("bp", "vp1", "vp2", "vp3")
#: Card field → form field where their names differ.
_FIELD = {"breakpoint": "bp", "vp": "vp1"}


def _number(raw: str) -> int | str:
    """A typed number as an ``int`` (spaces around it allowed), else as typed (the check names
    the field)."""
    try:
        return int(raw.strip())
    except ValueError:
        return raw


def card_from_form(form: Mapping[str, str]) -> dict[str, Any]:
    """The engine's base dict from the typed fields; a name typed as the catalogue's ``known``
    one (case, ё/е, spaces forgiven) is laid out in the catalogue's spelling."""
    name = form["name"].strip()
    known = form.get("known", "")
    if known and normalize_name(known) == normalize_name(name):
        name = known
    card: dict[str, Any] = {
        "name": name,
        "breakpoint": _number(form["bp"]),
        "vp": [_number(form[k]) for k in NUMBERS[1:]],
    }
    if form.get("set"):
        card["set"] = form["set"]
    return card


def form_from_entry(entry: Mapping[str, Any]) -> dict[str, str]:
    """Typed fields filled from a catalogue entry."""
    numbers = zip(NUMBERS, (entry["breakpoint"], *entry["vp"]), strict=True)
    return {
        "name": entry["name"],
        **{k: str(v) for k, v in numbers},
        "set": entry.get("set") or "",
        "known": "",
    }


def form_error(form: Mapping[str, str]) -> tuple[str, str] | None:
    """``(form field, message)`` if :func:`~companion.store.bases.card_error` refuses the card,
    else ``None``."""
    error = card_error(card_from_form(form))
    if error is None:
        return None
    return _FIELD.get(error.field, error.field), error.message


def filled(form: Mapping[str, str], typed: str, known: Mapping[str, Any] | None) -> dict[str, str]:
    """The form after the name ``typed``; ``known``: the catalogue's entry for it. A known name
    fills its numbers unless numbers were typed; numbers filled so follow the name as it
    changes; numbers typed by the player are theirs."""
    was_filled = bool(form.get("known"))
    if known is not None and (was_filled or not any(form[k] for k in NUMBERS)):
        return {**form_from_entry(known), "name": typed, "known": known["name"]}
    if was_filled:
        return {**form, **dict.fromkeys(NUMBERS, ""), "name": typed, "set": "", "known": ""}
    return {**form, "name": typed, "set": ""}
