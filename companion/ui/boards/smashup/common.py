"""Plain functions shared by the «Замес» board (usable in dialogs): the base form's fields
(its data: :mod:`companion.present.base_form`), scrolling to a key, a caption."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.present.base_form import (
    NUMBERS,
    entry_text,
    filled,
    form_from_entry,
    form_summary,
    known_base,
    suggestions,
)
from companion.store.bases import BaseCatalogue
from companion.ui.widgets import (
    TARGET,
    button,
    clipped_text,
    dot,
    icon_button,
    said,
    tagged,
    typed_text,
)

__all__ = ["READY", "base_fields", "caption_over", "dot", "reveal", "REVEAL_DELAY"]

#: Space between a suggestion and its trash button (dp).
FORGET_GAP = 8
#: Height kept for the catalogue's suggestions (px).
_SUGG_GAP = 6
#: Catalogue suggestions under a base's name.
MAX_SUGGESTIONS = 2
SUGGESTIONS_HEIGHT = MAX_SUGGESTIONS * TARGET + (MAX_SUGGESTIONS - 1) * _SUGG_GAP
READY = ft.Colors.GREEN_700
#: Seconds between adding a block and scrolling to it (:func:`reveal`).
REVEAL_DELAY = 0.15


def base_fields(
    prefix: str,
    form: dict[str, str],
    set_form: Callable[[Any], None],
    catalogue: BaseCatalogue,
    exclude: list[str],
    error: tuple[str, str] | None = None,
    on_forget: Callable[[str], None] | None = None,
    on_pick: Callable[[], None] | None = None,
) -> list[ft.Control]:
    """Name (with catalogue suggestions in a fixed room), breakpoint and VP for the places, and a
    fixed error line. ``error``: :func:`~companion.present.base_form.form_error`'s;
    ``on_forget(name)``: the trash button (the caller asks); ``on_pick()``: after a suggestion
    filled the form."""
    shown = suggestions(catalogue, form, exclude, MAX_SUGGESTIONS)
    bad = error[0] if error else None

    def field(key: str, label: str, width: int | None = None) -> ft.Control:
        return tagged(
            f"{prefix}-{key}",
            ft.TextField(
                label=label,
                value=form[key],
                width=width,
                border_color=ft.Colors.ERROR if bad == key else None,
                border_width=2 if bad == key else 1,
                keyboard_type=None if key == "name" else ft.KeyboardType.NUMBER,
                on_change=lambda e, key=key: typed(key, typed_text(e)),
            ),
        )

    def typed(key: str, text: str) -> None:
        """A number typed is the player's (a later name keeps it); a name the catalogue knows
        typed whole (case, ё/е, spaces forgiven) and not on the table: :func:`filled`."""
        if key != "name":
            return set_form(lambda f: {**f, key: text, "known": ""})
        known = known_base(catalogue, text, exclude)
        set_form(lambda f: filled(f, text, known))

    def pick(h: dict[str, Any]) -> None:
        set_form(form_from_entry(h))
        if on_pick is not None:
            on_pick()

    def suggestion(k: int, h: dict[str, Any]) -> ft.Control:
        chip = button(
            f"{prefix}-sugg-{k}",
            entry_text(h),
            lambda _e, h=h: pick(h),
            ft.OutlinedButton,
            icon=ft.Icons.HISTORY,
            label=h["name"],
        )
        if on_forget is None:
            return chip
        forget = icon_button(
            f"{prefix}-forget-{k}",
            ft.Icons.DELETE_OUTLINE,
            f"{_('Убрать из каталога')}: {h['name']}",
            lambda _e, name=h["name"]: on_forget(name),
            label=f"{_('Убрать из каталога')} {h['name']}",
        )
        return ft.Row([chip, forget], spacing=FORGET_GAP, tight=True)

    summary = form_summary(form)
    message = error[1] if error else ""
    numbers = zip(NUMBERS, (_("Оборона"), _("1-е"), _("2-е"), _("3-е")), strict=True)
    return [
        field("name", _("Название базы")),
        ft.Container(  # room for two, always: the form below never moves (see above)
            ft.Row(
                [suggestion(k, h) for k, h in enumerate(shown)],
                wrap=True,
                spacing=6,
                run_spacing=_SUGG_GAP,
            ),
            height=SUGGESTIONS_HEIGHT,
            alignment=ft.Alignment.TOP_LEFT,
        ),
        ft.Row([field(k, t, 112 if k == "bp" else 58) for k, t in numbers], spacing=6),
        ft.Container(
            said(f"{prefix}-error", clipped_text(message, 14, lines=2, color=ft.Colors.ERROR))
            if message
            else tagged(
                f"{prefix}-preview",
                ft.Text(summary if form["name"].strip() else "", size=14, italic=True),
                label=summary,
            ),
            height=40,
        ),
    ]


async def reveal(scroller: ft.Ref[ft.Column] | None, key: str | ft.ScrollKey) -> None:
    """Scroll the board (``scroller``: :data:`~companion.ui.widgets.BoardScroll`) so that ``key``
    is at its top, after the browser has laid out what the render added; a jump, not animated
    (an animated ``scroll_to`` lost tap nodes, docs/FLET_FINDINGS.md)."""
    column = scroller.current if scroller is not None else None
    if column is not None:
        await asyncio.sleep(REVEAL_DELAY)
        with contextlib.suppress(Exception):  # not on a page (gone, in-process tests)
            await column.scroll_to(scroll_key=key)


def caption_over(text: ft.Control) -> ft.Container:
    """``text`` pinned to the top centre of the :class:`ft.Stack` it goes in, over a control
    (its caption); it takes no taps."""
    return ft.Container(
        text, left=0, right=0, top=0, alignment=ft.Alignment.TOP_CENTER, ignore_interactions=True
    )
