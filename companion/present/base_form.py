"""A Smash Up base as typed in a form: the fields (text as typed) and the card they make
(:mod:`companion.store.bases`), with the catalogue filling a known name's numbers."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from companion.errors import CompanionError
from companion.i18n import _
from companion.store.bases import BaseCatalogue, card_error, normalize_name

__all__ = ["EMPTY_FORM", "NUMBERS", "card_from_form", "entry_text", "filled", "form_error"]
__all__ += ["form_from_entry", "form_summary", "known_base", "remember", "suggestions"]

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


def suggestions(
    catalogue: BaseCatalogue, form: Mapping[str, str], exclude: list[str], most: int
) -> list[dict[str, Any]]:
    """At most ``most`` catalogue entries for the typed name, none on the table (``exclude``) or
    already in the form; none when the catalogue cannot be read (it must not break the board)."""
    try:
        hits = catalogue.suggest(form["name"], limit=3, exclude=exclude)
    except CompanionError:
        return []
    return [h for h in hits if form_from_entry(h) != form][:most]


def known_base(catalogue: BaseCatalogue, text: str, exclude: list[str]) -> dict[str, Any] | None:
    """The catalogue's entry for the name ``text`` typed whole (case, ё/е, spaces forgiven),
    unless that base is on the table (``exclude``) or the catalogue cannot be read."""
    try:
        known = catalogue.get(text) if text.strip() else None
    except CompanionError:
        return None
    if known and normalize_name(known["name"]) in {normalize_name(n) for n in exclude}:
        return None
    return known


def remember(catalogue: BaseCatalogue, card: dict[str, Any]) -> None:
    """Keep a laid-out base in the catalogue (a convenience: failures are ignored)."""
    with contextlib.suppress(ValueError, CompanionError):
        catalogue.remember(card)


def entry_text(entry: Mapping[str, Any]) -> str:
    """A suggestion's line: name · breakpoint; VP for the three places."""
    vp = entry["vp"]
    return f"{entry['name']} · {entry['breakpoint']}; {vp[0]}/{vp[1]}/{vp[2]}"


def form_summary(form: Mapping[str, str]) -> str:
    """The base as typed, «?» for a missing number."""
    vp = "/".join(form[k] or "?" for k in NUMBERS[1:])
    return f"{form['name'].strip()}: {_('оборона')} {form['bp'] or '?'}; {_('ПО')} {vp}"
