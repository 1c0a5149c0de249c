"""How a counter draws its name and value (pure functions of the widgets; no browser)."""

from __future__ import annotations

from companion.ui.widgets import shown_number


def test_a_negative_value_is_drawn_with_the_minus_sign():
    assert shown_number(-3) == "−3" and shown_number(0) == "0" and shown_number(12) == "12"
