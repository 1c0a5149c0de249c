"""The frame's message layer: the last refusal (red) or notice just above the pinned bar; it
never pushes or covers anything, keeps to three lines, and a tap clears it."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft

from companion.ui.widgets import tagged

__all__ = ["MessageOverlay", "MESSAGE_MAX_WIDTH", "NOTICE_SECONDS", "ERROR_SECONDS"]

#: The banner's height (px).
MESSAGE_BAND = 48 + 4
#: The banner's widest (px).
MESSAGE_MAX_WIDTH = 520
#: The banner's vertical padding (px).
_BAND_PAD = 3
#: Lines of an undo's or redo's notice.
LOW_LINES = 3
#: Seconds a notice (an undo) and a refusal stay before they go stale.
NOTICE_SECONDS = 5
ERROR_SECONDS = 8


@ft.component
def _MessageOverlay(
    error: str, notice: str, clear: Callable[[], None], low: bool = False
) -> ft.Control:
    """The last refusal or notice; it goes after a few seconds, at the next move, or on a tap.
    ``low``: three lines, then «…»."""
    task = ft.use_ref(None)

    def arm() -> None:
        if task.current is not None:
            task.current.cancel()
            task.current = None
        if not (error or notice):
            return
        seconds = ERROR_SECONDS if error else NOTICE_SECONDS

        async def expire() -> None:
            await asyncio.sleep(seconds)
            clear()

        task.current = ft.context.page.run_task(expire)

    def disarm() -> None:
        if task.current is not None:
            task.current.cancel()

    ft.use_effect(arm, [error, notice], cleanup=disarm)
    # both slots always there, hidden when empty (a patch, not a banner added and removed)
    shown = "" if error else notice
    error_slot = ft.use_memo(lambda: _slot("error", error, ft.Icons.BLOCK, True, clear), [error])
    notice_slot = ft.use_memo(
        lambda: _slot(
            "notice", shown, ft.Icons.INFO_OUTLINE, False, clear, LOW_LINES if low else None
        ),
        [shown, low],
    )
    return ft.Column([error_slot, notice_slot], spacing=0, tight=True)


def _slot(
    ident: str,
    text: str,
    icon: ft.IconData,
    error: bool,
    clear: Callable[[], None],
    max_lines: int | None = None,
) -> ft.Control:
    """One banner tagged ``ident``, hidden when ``text`` is empty; ``max_lines`` then «…»."""
    fg = ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_SECONDARY_CONTAINER
    words = ft.Text(
        text,
        expand=True,
        size=13,
        color=fg,
        style=ft.TextStyle(height=1.15),
        max_lines=max_lines,
        overflow=ft.TextOverflow.ELLIPSIS if max_lines else None,
    )
    strut = ft.Container(width=0, height=MESSAGE_BAND - 2 * _BAND_PAD)
    line = ft.Row([ft.Icon(icon, color=fg, size=18), words, strut], spacing=6)
    box = ft.Container(
        line,
        bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=10, vertical=_BAND_PAD),
        border_radius=8,
        shadow=ft.BoxShadow(blur_radius=6, color=ft.Colors.with_opacity(0.3, "#000000")),
        on_click=lambda: clear(),
    )
    slot = tagged(ident, box, label=text or " ")
    slot.visible = bool(text)
    return slot


MessageOverlay = ft.memo(_MessageOverlay)
