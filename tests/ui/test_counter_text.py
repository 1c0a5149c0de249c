"""How a counter draws its name and value (pure functions of the widgets; no browser)."""

from __future__ import annotations

from companion.ui.boards.free import _value_width
from companion.ui.widgets import shown_number


def test_a_long_counter_name_gets_a_box_wide_enough_and_every_counter_the_same():
    """«Победные очки» was cut to «Победн…» in a 56 px box even at 1280 px (play-test): the
    box grows with the longest name of the game (11 px type, ~6.6 px a letter), within 132 px."""
    assert _value_width("Победные очки", compact=True) >= 13 * 6.6
    assert _value_width("ПО", compact=True) == 56  # short names keep the compact box
    assert _value_width("Очень длинное название счётчика", compact=False) == 132


def test_a_negative_value_is_drawn_with_the_minus_sign():
    assert shown_number(-3) == "−3" and shown_number(0) == "0" and shown_number(12) == "12"
