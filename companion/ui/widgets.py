"""Hooks shared by the screens (page size, file picker, switch row, scrolling), re-exporting
the leaf controls, the numeric pad and the counters."""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import Callable, Iterable
from typing import Any

import flet as ft

from companion.i18n import _
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
from companion.ui.number_pad import number_pad, pad_name, use_number_pad
from companion.ui.tagged_controls import button, said

__all__ = [
    "TARGET",
    "button",
    "dot",
    "legend",
    "said",
    "use_page_width",
    "use_file_picker",
    "download",
    "JSON_FILE",
    "confirm_dialog",
    "shown_number",
    "typed_number",
    "tagged",
    "toggle",
    "border_all",
    "Banner",
    "Counter",
    "number_pad",
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
    "typed_text",
    "use_scroll_to",
    "use_every",
    "use_page_size",
    "BoardScroll",
    "use_top_on",
]

#: Per page: the size followers (``page.on_resize`` has one handler).
_size_listeners: weakref.WeakKeyDictionary[Any, list[Callable[[Any], None]]] = (
    weakref.WeakKeyDictionary()
)


def _use_resize(pick: Callable[[Any], Any]) -> Any:
    """State following ``pick(page or resize event)``, re-rendered only when it changes."""
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


def dot(color: str, size: int = 14) -> ft.Control:
    """A player's colour as a small filled circle ``size`` px wide."""
    return ft.Container(width=size, height=size, bgcolor=color, border_radius=size / 2)


def legend(players: Iterable[tuple[str, str]], spacing: float = 14) -> ft.Control:
    """Each ``(name, colour)`` as a :func:`dot` and the name at 14 px, in lines that wrap."""
    return ft.Row(
        [ft.Row([dot(c), ft.Text(n, size=14)], spacing=4, tight=True) for n, c in players],
        wrap=True,
        spacing=spacing,
        run_spacing=2,
    )


def use_every(seconds: float, tick: Callable[[], Any], running: bool = True) -> None:
    """Call ``tick()`` every ``seconds`` while mounted and ``running`` (a task of the page,
    cancelled when it unmounts or ``running`` turns false)."""
    task = ft.use_ref(None)

    async def loop() -> None:
        while True:
            await asyncio.sleep(seconds)
            tick()

    def start() -> None:
        if running:
            task.current = ft.context.page.run_task(loop)

    def stop() -> None:
        if task.current is not None:
            task.current.cancel()
            task.current = None

    ft.use_effect(start, [running], cleanup=stop)


def use_page_width() -> float:
    """The page's width in px, following resizes."""
    return float(_use_resize(lambda p: float(p.width or 390)))


def use_page_size() -> tuple[float, float]:
    """The page's width and height in px, following resizes."""
    return _use_resize(lambda p: (float(p.width or 390), float(p.height or 844)))


def use_file_picker() -> ft.Ref[ft.FilePicker | None]:
    """A page :class:`ft.FilePicker` while mounted (``.current`` ``None`` before the effect)."""
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


#: What :meth:`ft.FilePicker.pick_files` is asked for a JSON file (its bytes too).
JSON_FILE: dict[str, Any] = dict(
    file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"], with_data=True
)


def download(picker: ft.Ref[ft.FilePicker | None], name: str, data: bytes, failed: Any) -> None:
    """Send ``data`` to this device as the file ``name`` through ``picker``
    (:func:`use_file_picker`); ``failed(text)`` says why when the client refuses."""

    async def send() -> None:
        if picker.current is not None:
            try:
                await picker.current.save_file(file_name=name, src_bytes=data)
            except Exception as exc:  # noqa: BLE001 - the client refused the dialog
                failed(f"{_('Не удалось выгрузить')}: {exc}")

    ft.context.page.run_task(send)


#: Per page: each switch row's last drawn or flipped value.
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
    """A switch and its words as one ≥ 48 dp target tagged ``ident`` (a switch named ``label``;
    ``text`` is shown); ``on_change(new)``. A tap flips what the last tap left (two quick taps
    flip twice). A plain function: it also works inside a ``use_dialog`` dialog."""
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
    """A ref to a scrolling column (``scroller`` or new) moved to ``offset`` (0 top, −1 end) each
    time ``when`` changes to something true."""
    if scroller is None:
        scroller = ft.use_ref(ft.Ref[ft.Column]).current

    async def scroll() -> None:
        if when:
            await _scroll(scroller, offset)

    ft.use_effect(scroll, [when])
    return scroller


async def _scroll(scroller: ft.Ref[ft.Column] | None, offset: float) -> None:
    """Scroll ``scroller``'s column to ``offset``; nothing when it is absent or off the page, or
    leaves it before the browser answers (``flet_fixes._handle_invoke_method_results``)."""
    column = scroller.current if scroller is not None else None
    if column is not None:
        with contextlib.suppress(Exception):
            await column.scroll_to(offset=offset)


#: The game board's scrolling column (an ``ft.Ref``), for :func:`use_top_on`.
BoardScroll = ft.create_context(None)


def use_top_on(key: object) -> None:
    """Scroll :data:`BoardScroll` to the top whenever ``key`` changes to non-``None``."""
    scroller = ft.use_context(BoardScroll)

    async def scroll() -> None:
        if key is not None:
            await _scroll(scroller, 0)

    ft.use_effect(scroll, [key])
