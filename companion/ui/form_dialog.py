"""One form dialog for every board: summary, fields, a reserved refusal line, buttons. The
fields and refusal line are never under the buttons: upright they are a fixed block and
the summary scrolls above; on a compact height summary and fields sit side by side, each
scrolling (no summary: the fields alone, never scrolled). The refusal line keeps
:data:`REFUSAL_HEIGHT`."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.ui.controls import clipped_text, tagged
from companion.ui.layout import COMPACT, Layout
from companion.ui.tagged_controls import said

__all__ = ["FORM_WIDTH", "REFUSAL_HEIGHT", "form_dialog", "refusal_line"]

#: The form's width on a phone (px).
FORM_WIDTH = 340
#: The refusal line's height (px): three 13 px lines.
REFUSAL_HEIGHT = 56


def refusal_line(ident: str, text: str, whole: str | None = None) -> ft.Control:
    """The reserved refusal line (``ident``): ``text`` in red, three lines then «…»; spoken as
    ``whole`` when given (the refusal as sent, ``text`` being a reordered or shortened form)."""
    line = clipped_text(text, 13, lines=3, color=ft.Colors.ERROR)
    return ft.Container(
        said(ident, line) if whole is None else tagged(ident, line, label=whole),
        height=REFUSAL_HEIGHT,
    )


def form_dialog(
    layout: Layout,
    title: str,
    fields: Sequence[ft.Control],
    refusal: ft.Control | None,
    actions: list[ft.Control],
    on_dismiss: Callable[[], None],
    *,
    summary: Sequence[ft.Control] = (),
    scroller: ft.Ref[ft.Column] | None = None,
    title_ident: str | None = None,
) -> ft.AlertDialog:
    """A modal form dialog from the caller's ``layout``: ``fields`` (top to bottom), ``refusal``
    (:func:`refusal_line`; ``None``: a form the rules never refuse), ``actions`` (≥ 48 dp),
    ``summary`` (scrolls), ``scroller`` (gets the summary's column), ``title_ident`` (tags the
    title, spoken as it reads)."""
    side_by_side = layout.height_class == COMPACT and layout.width >= 2 * FORM_WIDTH + 40
    about = ft.Column(list(summary), tight=True, spacing=6, scroll=ft.ScrollMode.AUTO, ref=scroller)
    form = [*fields] if refusal is None else [*fields, refusal]
    if not summary:
        # the fields alone, one column at every size: a turn keeps the fields and their
        # typed text (a column's scroll coming or going rebuilt them empty in the browser)
        content: ft.Control = ft.Column(form, tight=True, spacing=6, width=FORM_WIDTH)
    elif side_by_side:
        content = ft.Row(
            [
                ft.Container(about, width=FORM_WIDTH - 40),
                ft.Column(form, spacing=6, scroll=ft.ScrollMode.AUTO, width=FORM_WIDTH),
            ],
            spacing=16,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
    else:
        # the summary takes what the fields leave (loose flex)
        about.expand = True
        about.expand_loose = True
        content = ft.Column([about, *form], tight=True, spacing=6, width=FORM_WIDTH)
    heading = clipped_text(title, 18 if side_by_side else 20, lines=2)
    return ft.AlertDialog(
        modal=True,
        title=said(title_ident, heading) if title_ident else heading,
        content=content,
        inset_padding=ft.Padding.symmetric(horizontal=10, vertical=8 if side_by_side else 24),
        content_padding=ft.Padding.symmetric(horizontal=14, vertical=8),
        title_padding=ft.Padding.only(left=14, right=14, top=12 if side_by_side else 20),
        actions_padding=ft.Padding.only(left=14, right=14, bottom=8),
        actions=actions,
        on_dismiss=lambda: on_dismiss(),
    )
