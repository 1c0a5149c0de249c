"""The colour dot's next colour (the new-game form and «Игроки» share it)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.engine import PALETTE
from companion.store.roster import next_color


@given(st.sampled_from(PALETTE), st.sets(st.sampled_from(PALETTE)))
def test_the_next_colour_is_a_free_one_when_there_is_one(current, used):
    c = next_color(current, used)
    assert c in PALETTE and c != current
    free = set(PALETTE) - used - {current}
    assert c in free if free else c == PALETTE[(PALETTE.index(current) + 1) % len(PALETTE)]


def test_the_palette_is_walked_in_order():
    assert next_color(PALETTE[0], {PALETTE[0], PALETTE[1]}) == PALETTE[2]
    assert next_color("#123456", set()) == PALETTE[0]  # a colour not in the palette: its start
