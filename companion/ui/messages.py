"""The frame's message layer: the last refusal (red) or notice, a few seconds just above the
pinned action bar, as a snackbar is (:mod:`companion.ui.game_screen`). It never pushes
anything, and never covers the top bar, the status line or the primary action. A notice keeps
to three lines («…»: its label and the journal have the whole text); a tap clears it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import flet as ft

from companion.ui.widgets import tagged

__all__ = ["MessageOverlay", "MESSAGE_MAX_WIDTH", "NOTICE_SECONDS", "ERROR_SECONDS"]

#: The message banner's height (px): a 48 dp top bar and the gap under it.
MESSAGE_BAND = 48 + 4
#: The banner's widest (px). Its three lines of 13 px at this width hold any message the
#: app says.
MESSAGE_MAX_WIDTH = 520
#: The banner's vertical padding (px); the rest of the band is its text's (three lines of 13).
_BAND_PAD = 3
#: Lines of an undo's or redo's notice (over the status line): three 13 px lines fill the
#: band, which is the status line's height.
LOW_LINES = 3
#: Seconds a notice (an undo) and a refusal stay before they go stale.
NOTICE_SECONDS = 5
ERROR_SECONDS = 8


@ft.component
def _MessageOverlay(
    error: str, notice: str, clear: Callable[[], None], low: bool = False
) -> ft.Control:
    """The last refusal (red) or notice (see the module docstring); it goes after a few
    seconds, at the next move, or when tapped. Never changes the layout around it.

    ``low``: the notice keeps to three lines cut with «…» (its label and the journal have the
    whole text)."""
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
    # Both slots are always there, hidden when empty: a message that comes and goes flips
    # ``visible`` and a text (a patch of a few fields) instead of a whole banner added and
    # removed on every undo and the move after it. Each slot keeps its own identifier.
    # a slot whose text did not change is the very object drawn last time (the diff skips it)
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
    """One message banner tagged ``ident``, hidden (not in the accessibility tree) when
    ``text`` is empty; ``max_lines``: cut after that many lines with «…» (the label keeps
    the whole text)."""
    fg = ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_SECONDARY_CONTAINER
    slot = tagged(
        ident,
        ft.Container(
            ft.Row(
                [
                    ft.Icon(icon, color=fg, size=18),
                    ft.Text(
                        text,
                        expand=True,
                        size=13,
                        color=fg,
                        style=ft.TextStyle(height=1.15),
                        max_lines=max_lines,
                        overflow=ft.TextOverflow.ELLIPSIS if max_lines else None,
                    ),
                    # no width, the band's height: one or two lines fill the band as three do
                    ft.Container(width=0, height=MESSAGE_BAND - 2 * _BAND_PAD),
                ],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            bgcolor=ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=10, vertical=_BAND_PAD),
            border_radius=8,
            shadow=ft.BoxShadow(blur_radius=6, color=ft.Colors.with_opacity(0.3, "#000000")),
            on_click=lambda: clear(),
        ),
        label=text or " ",
    )
    slot.visible = bool(text)
    return slot


MessageOverlay = ft.memo(_MessageOverlay)
