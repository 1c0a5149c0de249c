"""Hooks and components shared by the screens: the page's size, the file picker, a switch row,
scrolling a board; and, re-exported for their users, the leaf controls
(:mod:`companion.ui.controls`), the numeric pad (:mod:`companion.ui.number_pad`) and the
counters (:mod:`companion.ui.counters`)."""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.ui.controls import (
    TARGET,
    Banner,
    border_all,
    clipped_text,
    confirm_dialog,
    fmt_seconds,
    icon_button,
    number_field,
    primary_button,
    shown_number,
    tagged,
    toggle,
    typed_number,
    typed_text,
    use_form,
)
from companion.ui.counters import Counter, counter_step
from companion.ui.number_pad import (
    PAD_DIGITS,
    PAD_WIDTH,
    number_pad,
    pad_name,
    use_number_pad,
)

__all__ = [
    "TARGET",
    "use_page_width",
    "use_file_picker",
    "confirm_dialog",
    "shown_number",
    "typed_number",
    "tagged",
    "toggle",
    "border_all",
    "Banner",
    "Counter",
    "number_pad",
    "PAD_DIGITS",
    "PAD_WIDTH",
    "fmt_seconds",
    "icon_button",
    "number_field",
    "primary_button",
    "use_number_pad",
    "pad_name",
    "counter_step",
    "switch_row",
    "clipped_text",
    "use_form",
    "typed_number",
    "typed_text",
    "use_scroll_to",
    "use_page_size",
    "BoardScroll",
    "use_top_on",
]

#: Per page: the components following its size (``page.on_resize`` has room for one handler,
#: and the frame, a board and a form may all follow it).
_size_listeners: weakref.WeakKeyDictionary[Any, list[Callable[[Any], None]]] = (
    weakref.WeakKeyDictionary()
)


def _use_resize(pick: Callable[[Any], Any]) -> Any:
    """State following ``pick(page or resize event)``: the page's size or a part of it, read
    at render and again at every ``page.on_resize`` (a component re-renders only when its
    part changed: a width follower stays put while a phone's keyboard changes the height)."""
    page = ft.context.page
    value, set_value = ft.use_state(lambda: pick(page))
    mine = ft.use_ref(None)

    def listen() -> None:
        listeners = _size_listeners.get(page)
        if listeners is None:
            listeners = _size_listeners[page] = []

            def resized(e: ft.PageResizeEvent) -> None:
                for follow in list(listeners):
                    follow(e)

            page.on_resize = resized
            page.update()

        def follow(e: Any) -> None:
            set_value(pick(e))

        mine.current = follow
        listeners.append(follow)
        if page.width and pick(page) != value:  # resized between the render and now
            set_value(pick(page))

    def forget() -> None:
        listeners = _size_listeners.get(page)
        if listeners is None or mine.current not in listeners:
            return
        listeners.remove(mine.current)
        if not listeners:
            del _size_listeners[page]
            page.on_resize = None

    ft.use_effect(listen, [], cleanup=forget)
    return value


def use_page_width() -> float:
    """The page's width in px, following the window (``page.on_resize``: a phone turned to
    landscape and back). Any number of components may follow it; each one re-renders with
    the new width."""
    return float(_use_resize(lambda p: float(p.width or 390)))


def use_page_size() -> tuple[float, float]:
    """The page's width and height in px, following the window like :func:`use_page_width`
    (re-rendering when either changes)."""
    return _use_resize(lambda p: (float(p.width or 390), float(p.height or 844)))


def use_file_picker() -> ft.Ref[ft.FilePicker | None]:
    """A :class:`ft.FilePicker` service of this page while the component is mounted (``.current``
    is ``None`` before the first effect ran): ``save_file(src_bytes=…)`` downloads to the
    device that asked, ``pick_files(with_data=True)`` reads a file from it."""
    page = ft.context.page
    picker: ft.Ref[ft.FilePicker | None] = ft.use_ref(None)

    def mount() -> None:
        picker.current = ft.FilePicker()
        page.services.append(picker.current)

    def unmount() -> None:
        if picker.current is not None and picker.current in page.services:
            page.services.remove(picker.current)

    ft.use_effect(mount, [], cleanup=unmount)
    return picker


#: Per page: the value each switch row (by tag) was last drawn with or last flipped to.
_switch_values: weakref.WeakKeyDictionary[Any, dict[str, bool]] = weakref.WeakKeyDictionary()


def switch_row(
    ident: str,
    label: str,
    value: bool,
    on_change: Callable[[bool], None],
    *,
    text: str | None = None,
    disabled: bool = False,
    size: int = 15,
) -> ft.Control:
    """A switch and its words as one touch target: the whole row (full width, ≥ 48 dp high)
    flips it, and screen readers and tests see one node tagged ``ident`` (a switch named
    ``label``, toggled when ``value``). ``text`` (default ``label``) is the visible text and
    may wrap; ``on_change(new_value)`` is called with the flipped value. Flutter's compact web
    density makes a bare ``ft.Switch`` a 40 px target, too small for a finger.

    Two taps that reach the server before the screen answers the first flip it twice (back
    where it was), not twice to the same side: a tap flips what the last tap left, kept per
    page and tag (a plain function, not a component: Flet 1.0.5 does not render a component
    inside a ``use_dialog`` dialog, where some of these rows are)."""
    try:
        values = _switch_values.setdefault(ft.context.page, {})
    except Exception:  # drawn outside a page (a test of the bare control)
        values = {}
    values[ident] = value  # each drawing: the owner's value (a refused flip shows as refused)

    def put(new: bool) -> None:
        values[ident] = new
        on_change(new)

    def flip() -> None:
        if not disabled:
            put(not values.get(ident, value))

    return tagged(
        ident,
        ft.MergeSemantics(
            ft.Container(
                ft.Row(
                    [
                        ft.Switch(
                            value=value,
                            disabled=disabled,
                            on_change=lambda e: put(bool(e.control.value)),
                        ),
                        ft.Text(text or label, size=size, expand=True),
                    ],
                    spacing=8,
                ),
                on_click=None if disabled else (lambda: flip()),
                padding=ft.Padding.symmetric(vertical=8),
                alignment=ft.Alignment.CENTER_LEFT,
            )
        ),
        label=label,
    )


def use_scroll_to(
    when: object, offset: float, scroller: ft.Ref[ft.Column] | None = None
) -> ft.Ref[ft.Column]:
    """A ref for a scrolling column (``scroller``, or a new one) that moves to ``offset`` (0:
    the top, −1: the end) each time ``when`` changes to something true (inside a component):
    a game's result coming in above a board scrolled down (``when``: the game is over), each
    refusal coming in under the button that caused it (``when``: how many so far)."""
    if scroller is None:
        scroller = ft.use_ref(ft.Ref[ft.Column]).current

    async def scroll() -> None:
        if when:
            await _scroll(scroller, offset)

    ft.use_effect(scroll, [when])
    return scroller


async def _scroll(scroller: ft.Ref[ft.Column] | None, offset: float) -> None:
    """Move the column ``scroller`` holds to ``offset``; nothing when there is none or it is
    not on a page (the screen is gone, an in-process test)."""
    column = scroller.current if scroller is not None else None
    if column is not None:
        with contextlib.suppress(Exception):
            await column.scroll_to(offset=offset)


#: The scrolling column that holds the game's board (an ``ft.Ref``), for :func:`use_top_on`.
BoardScroll = ft.create_context(None)


def use_top_on(key: object) -> None:
    """Scroll the board's column (:data:`BoardScroll`) back to its top whenever ``key``
    changes to something other than ``None`` (inside a board's component): a wizard at the top
    of the board whose step changed shows that step, not the place a scrolled page was at."""
    scroller = ft.use_context(BoardScroll)

    async def scroll() -> None:
        if key is not None:
            await _scroll(scroller, 0)

    ft.use_effect(scroll, [key])
