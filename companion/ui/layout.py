"""The window's layout class: decided once by the game frame from the page's width *and* height,
asked by every board (:func:`use_layout`); no board measures the page itself.

In the spirit of Material 3's window size classes (dp = CSS px here):

* width: ``compact`` under 600 (a phone upright), ``medium`` 600–839 (a tablet upright, a
  small phone on its side), ``expanded`` from 840 (a phone or tablet on its side, a laptop);
* height: ``compact`` under 480 (a phone on its side), ``medium`` 480–899, ``expanded`` from
  900.

What the boards ask is derived here, in one place: the properties of :class:`Layout`.

A new size reaches every component that asked :func:`use_layout`, memoised ones too
(``ft.memo``, :func:`companion.ui.state.part`): the frame provides one observable holder
(:func:`provide_layout`), and Flet re-renders each reader of an observable context value
when it changes. A plain value would not reach them: Flet's memo compares props only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, TypeVar

import flet as ft

__all__ = [
    "COMPACT",
    "CurrentLayout",
    "EXPANDED",
    "LayoutContext",
    "Layout",
    "MEDIUM",
    "grid",
    "layout_for",
    "primary_width",
    "provide_layout",
    "use_layout",
    "use_window_layout",
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


@ft.observable
@dataclass(eq=False)
class CurrentLayout:
    """The layout a frame provides now (one holder per frame, kept while it is mounted):
    setting :attr:`layout` to another value re-renders every component that read it."""

    layout: Layout


#: The layout holder the game frame provides around its board (a 390×844 phone outside a
#: frame: never changed).
LayoutContext = ft.create_context(CurrentLayout(layout_for(None, None)))

_T = TypeVar("_T")


def provide_layout(layout: Layout, render: Callable[[], _T]) -> _T:
    """``render()`` with ``layout`` provided to every :func:`use_layout` inside it (a
    component hook for the frame, called on each of its renders). When ``layout`` differs
    from the last render's, each component that asked for it renders again, memoised or
    not, whether or not its props changed."""
    current = ft.use_ref(lambda: CurrentLayout(layout)).current
    if current.layout != layout:
        current.layout = layout  # notifies its readers (scheduled, or re-rendered below)
    return LayoutContext(current, render)


def grid(
    controls: list[ft.Control], columns: int, spacing: int = 6, run_spacing: int | None = None
) -> ft.Control:
    """``controls`` ``columns`` to a line, ``spacing`` px apart (lines: ``run_spacing``, else
    the same), each line's cells of one width (an odd last cell keeps its share); one column:
    a plain column. Instead of ``ft.ResponsiveRow``, whose
    breakpoints follow the *page's* width, not the board's pane (a phone on its side got two
    192 px rows to a line)."""
    down = spacing if run_spacing is None else run_spacing
    if columns <= 1:
        return ft.Column(controls, spacing=down)
    lines = []
    for k in range(0, len(controls), columns):
        cells = [ft.Container(c, expand=True) for c in controls[k : k + columns]]
        cells += [ft.Container(expand=True) for _ in range(columns - len(cells))]
        lines.append(ft.Row(cells, spacing=spacing, vertical_alignment=ft.CrossAxisAlignment.START))
    return ft.Column(lines, spacing=down)


def use_layout() -> Layout:
    """The frame's :class:`Layout` (a component hook): the component renders again when it
    changes (a turned phone, a resized window), even a memoised one whose props did not."""
    return ft.use_context(LayoutContext).layout


def use_window_layout() -> Layout:
    """The :class:`Layout` of the window itself, following it when it turns or is resized
    (a component hook for a screen outside the game frame: home, plays, a new game, rules).
    ``two_columns`` is such a screen's wide layout."""
    from companion.ui.widgets import use_page_size  # widgets' hooks: one way, at call time

    return layout_for(*use_page_size())
