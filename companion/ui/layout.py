"""The window's :class:`~companion.present.layout.Layout` provided to every board: the game
frame decides it once (:func:`provide_layout`), every board asks it (:func:`use_layout`); no
board measures the page itself.

A new size reaches every component that asked :func:`use_layout`, memoised ones too
(``ft.memo``, :func:`companion.ui.state.part`): the frame provides one observable holder
(:func:`provide_layout`), and Flet re-renders each reader of an observable context value
when it changes. A plain value would not reach them: Flet's memo compares props only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import flet as ft

from companion.present.layout import (
    COMPACT,
    EXPANDED,
    MEDIUM,
    PRIMARY_MAX,
    WIDTH_MEDIUM,
    Layout,
    layout_for,
    primary_width,
)

__all__ = [
    "COMPACT",
    "CurrentLayout",
    "EXPANDED",
    "LayoutContext",
    "Layout",
    "MEDIUM",
    "PRIMARY_MAX",
    "WIDTH_MEDIUM",
    "grid",
    "layout_for",
    "primary_width",
    "provide_layout",
    "use_layout",
    "use_window_layout",
]


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
