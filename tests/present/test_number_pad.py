"""The numeric pad's keys and title as plain values (:mod:`companion.present.number_pad`)."""

from __future__ import annotations

from functools import reduce

from companion.present.number_pad import PAD_DIGITS, TOO_LONG, pad_name, pad_typed, pad_value


def typed(keys: str, value: int = 7, start: str | None = None) -> str | None:
    """The pad's text after tapping ``keys`` in turn on a pad opened on ``value``."""
    return reduce(lambda text, key: pad_typed(text, key, value), keys, start)


def test_the_first_key_replaces_the_untouched_value():
    assert typed("5") == "5"
    assert typed("⌫") == ""
    assert typed("±") == "-7"
    assert typed("±", value=0) == "-"
    assert typed("±5", value=0) == "-5"


def test_a_leading_zero_is_replaced_and_the_sign_toggles():
    assert typed("05") == "5"
    assert typed("12±") == "-12"
    assert typed("12±±") == "12"
    assert typed("12⌫") == "1"


def test_one_digit_too_many_is_refused_and_said():
    full = "1" * PAD_DIGITS
    assert typed(full + "2") == full + TOO_LONG
    assert typed(full + "2⌫") == full[:-1]
    assert pad_value(full + TOO_LONG) == int(full)


def test_an_emptied_pad_is_zero():
    assert pad_value("") == 0
    assert pad_value("-") == 0
    assert pad_value("-42") == -42


def test_a_short_base_name_stays_whole_in_the_pads_title():
    assert pad_name("Аня, «", "База 0", "»: сила", "Аня: сила") == "Аня, «База 0»: сила"
    assert pad_name("Борис, «", "Волшебный лес", "»: сила", "-") == "Борис, «Волшебный лес»: сила"
