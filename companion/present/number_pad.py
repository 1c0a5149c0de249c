"""What the numeric pad shows and does with each key, as plain values (no Flet): the text
typed so far after a key (:func:`pad_typed`), the number «Готово» takes (:func:`pad_value`)
and a title that fits (:func:`pad_name`)."""

from __future__ import annotations

from companion.i18n import _

__all__ = ["PAD_DIGITS", "PAD_TITLE_CHARS", "TOO_LONG", "pad_name", "pad_typed", "pad_value"]

#: Digits a pad takes (sign aside); one more is refused with a note.
PAD_DIGITS = 6
#: Characters of a title within the pad's two title lines (:func:`pad_name` shortens to it).
PAD_TITLE_CHARS = 48
#: Ends a pad's text when the last digit tapped was one too many.
TOO_LONG = "!"


def pad_name(before: str, part: str, after: str, short: str) -> str:
    """A pad name whose title fits two lines: ``before + part + after`` within
    :data:`PAD_TITLE_CHARS`, else ``part`` cut with «…», else ``short``."""
    room = PAD_TITLE_CHARS - len(before + after) - len(f" — {_('новое значение')}")
    if len(part) <= room:
        return before + part + after
    if room < 6:
        return short
    cut = part[: room - 1]
    # at a word's end when that keeps most of it
    words = cut[: cut.rfind(" ")] if " " in cut else ""
    return before + (words if len(words) >= room // 2 else cut).rstrip() + "…" + after


def pad_typed(text: str | None, key: str, value: int) -> str:
    """The pad's text after ``key`` (a digit, «±» or «⌫»): ``text`` is what was typed so far,
    ``None`` while the pad shows ``value`` untouched (the first digit replaces it). A digit
    past :data:`PAD_DIGITS` leaves the text as it was, ending in :data:`TOO_LONG`."""
    if text is None:
        if key == "±":
            return str(-value) if value else "-"
        return "" if key == "⌫" else key
    text = text.removesuffix(TOO_LONG)
    if key == "±":
        return text[1:] if text.startswith("-") else "-" + text
    if key == "⌫":
        return text[:-1]
    if text.lstrip("-") == "0":  # «0» then «5» is 5, not «05»
        return text[:-1] + key
    return text + key if len(text.lstrip("-")) < PAD_DIGITS else text + TOO_LONG


def pad_value(text: str) -> int:
    """The number a typed pad text stands for: an emptied one (or a lone «-») is 0."""
    text = text.removesuffix(TOO_LONG)
    return int(text) if text.lstrip("-") else 0
