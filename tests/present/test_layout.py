"""The window's layout from its size alone (:mod:`companion.present.layout`)."""

from __future__ import annotations

from companion.present.layout import (
    COMPACT,
    EXPANDED,
    MEDIUM,
    PRIMARY_MAX,
    layout_for,
    primary_width,
)


def test_only_one_column_folds_for_a_crowded_board():
    """:attr:`Layout.crowded_short` from the layout alone, at the issue's seven sizes: a phone
    upright below an expanded height and any short screen fold; a tablet upright, a tall
    phone and a laptop's window (two columns, not short) do not."""
    folds = {
        (390, 844): True,
        (360, 640): True,
        (844, 390): True,
        (640, 360): True,
        (412, 915): False,
        (768, 1024): False,
        (1280, 800): False,
    }
    assert {size: layout_for(*size).crowded_short for size in folds} == folds


def test_size_classes_and_the_side_column_follow_material_breakpoints():
    """Width classes change at 600 and 840 px, height classes at 480 and 900; the side column
    is 40 % of the page within 256–400 px, none in one column; the primary slot stays within
    :data:`PRIMARY_MAX`."""
    assert [layout_for(w, 800).width_class for w in (599, 600, 839, 840)] == [
        COMPACT,
        MEDIUM,
        MEDIUM,
        EXPANDED,
    ]
    assert [layout_for(800, h).height_class for h in (479, 480, 899, 900)] == [
        COMPACT,
        MEDIUM,
        MEDIUM,
        EXPANDED,
    ]
    assert [layout_for(w, 800).side_width for w in (390, 600, 800, 1280)] == [0, 256, 320, 400]
    assert layout_for(None, None) == layout_for(390, 844)
    assert all(primary_width(layout_for(w, 800)) <= PRIMARY_MAX for w in (360, 599, 1280, 2000))
