"""One form dialog for every board: fields, a reserved refusal line, a summary, buttons. The
fields and refusal line are never under the buttons. With no summary they are one column,
never scrolled. With a summary, fields and refusal line come first and the summary after
them, side by side on a compact height wide enough (fields left), else one over the other
(fields on top); the dialog's body (title included) scrolls, the buttons stay. Both
arrangements are one ``Row(wrap=True)`` (a Flutter ``Wrap``) whose widths alone change, so a
turned phone keeps each field, its typed text and its focus: a parent whose type or
``scroll`` changes builds its fields afresh in the browser (docs/FLET_FINDINGS.md). The
refusal line keeps :data:`REFUSAL_HEIGHT`."""

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
    ``summary`` (after the fields), ``scroller`` (gets the summary's column), ``title_ident``
    (tags the title, spoken as it reads)."""
    side_by_side = layout.height_class == COMPACT and layout.width >= 2 * FORM_WIDTH + 40
    about = ft.Column(list(summary), tight=True, spacing=6, ref=scroller)
    form = [*fields] if refusal is None else [*fields, refusal]
    if not summary:
        # the fields alone, one column at every size: a turn keeps the fields and their
        # typed text (a column's scroll coming or going rebuilt them empty in the browser)
        content: ft.Control = ft.Column(form, tight=True, spacing=6, width=FORM_WIDTH)
    else:
        # one Wrap at every size: the widths decide one run (side by side) or two
        beside = FORM_WIDTH - 40  # the summary's width beside the fields
        content = ft.Row(
            [
                ft.Column(form, tight=True, spacing=6, width=FORM_WIDTH),
                ft.Container(about, width=beside if side_by_side else FORM_WIDTH),
            ],
            wrap=True,
            spacing=16,
            run_spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.START,
            width=FORM_WIDTH + 16 + beside if side_by_side else FORM_WIDTH,
        )
    heading = clipped_text(title, 18 if side_by_side else 20, lines=2)
    return ft.AlertDialog(
        modal=True,
        scrollable=bool(summary),
        title=said(title_ident, heading) if title_ident else heading,
        content=content,
        inset_padding=ft.Padding.symmetric(horizontal=10, vertical=8 if side_by_side else 24),
        content_padding=ft.Padding.symmetric(horizontal=14, vertical=8),
        title_padding=ft.Padding.only(left=14, right=14, top=12 if side_by_side else 20),
        actions_padding=ft.Padding.only(left=14, right=14, bottom=8),
        actions=actions,
        on_dismiss=lambda: on_dismiss(),
    )
