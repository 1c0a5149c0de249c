"""The window's layout class, as plain values (no Flet): decided once by the game frame from
the page's width *and* height (:func:`layout_for`), in the spirit of Material 3's window size
classes (dp = CSS px here):

* width: ``compact`` under 600 (a phone upright), ``medium`` 600–839 (a tablet upright, a
  small phone on its side), ``expanded`` from 840 (a phone or tablet on its side, a laptop);
* height: ``compact`` under 480 (a phone on its side), ``medium`` 480–899, ``expanded`` from
  900.

What the boards ask is derived here, in one place: the properties of :class:`Layout`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = [
    "COMPACT",
    "EXPANDED",
    "Layout",
    "MEDIUM",
    "PRIMARY_MAX",
    "WIDTH_MEDIUM",
    "layout_for",
    "primary_width",
]

SizeClass = Literal["compact", "medium", "expanded"]
COMPACT: SizeClass = "compact"
MEDIUM: SizeClass = "medium"
EXPANDED: SizeClass = "expanded"

#: Material 3's width breakpoints (px): compact below the first, expanded from the second.
WIDTH_MEDIUM, WIDTH_EXPANDED = 600, 840
#: Material 3's height breakpoints (px).
HEIGHT_MEDIUM, HEIGHT_EXPANDED = 480, 900
#: A compact-width screen shorter than this folds its board: 360×640 and 360×740 phones do,
#: 390×844 and 412×915 do not.
SHORT_BELOW = 800
#: Below this width (px) a phone is among the smallest (360 px): chips show icons alone.
NARROW_BELOW = 380
#: The side column of the two-column layout (status, result, action bar): 40 % of the page,
#: within these bounds (px), and the gap before it.
SIDE_MIN, SIDE_MAX = 256, 400
SIDE_GAP = 16


def _size_class(value: float, medium: float, expanded: float) -> SizeClass:
    if value < medium:
        return COMPACT
    return MEDIUM if value < expanded else EXPANDED


@dataclass(frozen=True)
class Layout:
    """The page's size (px) and the classes derived from it (see the module docstring)."""

    width: float
    height: float

    @property
    def width_class(self) -> SizeClass:
        return _size_class(self.width, WIDTH_MEDIUM, WIDTH_EXPANDED)

    @property
    def height_class(self) -> SizeClass:
        return _size_class(self.height, HEIGHT_MEDIUM, HEIGHT_EXPANDED)

    @property
    def two_columns(self) -> bool:
        """The board beside a side column (status, result, the pinned action bar): any width
        but compact. A phone on its side gets it: the board keeps the whole height."""
        return self.width_class != COMPACT

    @property
    def tools_beside(self) -> bool:
        """The top bar's buttons head the side column, not the board: two columns at a compact
        height (any phone on its side), so the board has the whole height."""
        return self.two_columns and self.height_class == COMPACT

    @property
    def short(self) -> bool:
        """The board folds its pinned header and rows: a phone on its side, or a phone upright
        under :data:`SHORT_BELOW` px tall."""
        return self.height_class == COMPACT or (
            self.width_class == COMPACT and self.height < SHORT_BELOW
        )

    @property
    def crowded_short(self) -> bool:
        """A board with many rows (Coup with five or six) folds: :attr:`short`, or one column (a
        phone upright) below an expanded height. Never a two-column window that is not
        :attr:`short` (1280×800): there the bar is beside the board."""
        return self.short or (not self.two_columns and self.height_class != EXPANDED)

    @property
    def narrow(self) -> bool:
        """One of the smallest phones (under :data:`NARROW_BELOW` px wide)."""
        return self.board_width < NARROW_BELOW

    @property
    def side_width(self) -> int:
        """The side column's width (px) in two columns (0 in one)."""
        if not self.two_columns:
            return 0
        return int(min(SIDE_MAX, max(SIDE_MIN, round(self.width * 0.4))))

    @property
    def side_gap(self) -> int:
        """The gap (px) before the side column: half of :data:`SIDE_GAP` when the top bar
        heads it (:attr:`tools_beside`: a phone on its side, where the board needs every px)."""
        return SIDE_GAP // 2 if self.tools_beside else SIDE_GAP

    @property
    def board_width(self) -> float:
        """The board's width (px): the page's, less the side column and its gap."""
        return self.width - (self.side_width + self.side_gap if self.two_columns else 0)

    @property
    def board_columns(self) -> int:
        """Columns the board may lay its parts in: 2 when its own pane is at least a medium
        width (:data:`WIDTH_MEDIUM`: a laptop's board), else 1 (any phone, either way up)."""
        return 2 if self.board_width >= WIDTH_MEDIUM else 1


#: The primary action's slot (px): its share of the bar it sits in — the window's width in
#: one column, the side column's in two — at most :data:`PRIMARY_MAX` wide.
PRIMARY_SHARE, SIDE_SHARE, PRIMARY_MAX = 0.45, 0.57, 220


def primary_width(layout: Layout) -> int:
    """The primary action's width (px) in ``layout`` (see :data:`PRIMARY_SHARE`): a new label
    («Дальше» → «Победа») leaves every edge of it put."""
    if layout.two_columns:
        return min(PRIMARY_MAX, round(layout.side_width * SIDE_SHARE))
    return min(PRIMARY_MAX, round(layout.width * PRIMARY_SHARE))


def layout_for(width: float | None, height: float | None) -> Layout:
    """The layout of a page ``width`` × ``height`` px (unknown sizes: a 390×844 phone)."""
    return Layout(float(width or 390), float(height or 844))
