"""One form dialog for every board: what the form is about, its fields, a reserved refusal
line, and its buttons.

Contract:

* the fields and the refusal line are never under the buttons and never start scrolled out
  of view: on a phone upright (or any height but compact) they are a fixed block above the
  buttons, and what the form is about (``summary``: a preview, hints) scrolls in the room
  left above them;
* on a short screen (a phone on its side: a compact height) the summary and the fields sit
  side by side, each column scrolling on its own, the fields' column from its top;
* the refusal line keeps its height (:data:`REFUSAL_HEIGHT`) whether it says something or
  not: a refusal coming in moves no field and no button.

The dialog is a plain ``ft.AlertDialog`` (``ft.use_dialog`` wants one), built by
:func:`form_dialog` from a :class:`~companion.ui.layout.Layout` the caller's component read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.ui.layout import COMPACT, Layout
from companion.ui.widgets import tagged

__all__ = ["FORM_WIDTH", "REFUSAL_HEIGHT", "form_dialog", "refusal_line"]

#: The form's width on a phone (px): the dialog's content, inside its 10 px inset.
FORM_WIDTH = 340
#: The refusal line's height (px): three lines of 13 px type.
REFUSAL_HEIGHT = 56


def refusal_line(ident: str, text: str) -> ft.Control:
    """The reserved refusal line (tagged ``ident``): ``text`` in the error colour, at most
    three lines, then «…» (the label has it whole); :data:`REFUSAL_HEIGHT` high, empty or not."""
    return ft.Container(
        tagged(
            ident,
            ft.Text(
                text,
                color=ft.Colors.ERROR,
                size=13,
                max_lines=3,
                overflow=ft.TextOverflow.ELLIPSIS,
            ),
            label=text,
        ),
        height=REFUSAL_HEIGHT,
    )


def form_dialog(
    layout: Layout,
    title: str,
    fields: Sequence[ft.Control],
    refusal: ft.Control,
    actions: list[ft.Control],
    on_dismiss: Callable[[], None],
    *,
    summary: Sequence[ft.Control] = (),
    scroller: ft.Ref[ft.Column] | None = None,
) -> ft.AlertDialog:
    """A modal form dialog (see the module's contract).

    :param layout: the frame's layout (:func:`~companion.ui.layout.use_layout` in the caller);
    :param fields: the form's inputs, top to bottom; :param refusal: its refusal line
        (:func:`refusal_line`); :param actions: the buttons (each ≥ 48 dp);
    :param summary: what the form is about, above the fields (scrolls);
    :param scroller: a ref that gets the summary's scrolling column."""
    side_by_side = layout.height_class == COMPACT and layout.width >= 2 * FORM_WIDTH + 40
    about = ft.Column(
        list(summary),
        tight=True,
        spacing=6,
        scroll=ft.ScrollMode.AUTO,
        ref=scroller,
    )
    form = [*fields, refusal]
    if side_by_side:
        content: ft.Control = ft.Row(
            [
                ft.Container(about, width=FORM_WIDTH - 40),
                ft.Column(form, spacing=6, scroll=ft.ScrollMode.AUTO, width=FORM_WIDTH),
            ],
            spacing=16,
            vertical_alignment=ft.CrossAxisAlignment.START,
        )
    else:
        # the summary takes what the fields leave (Flutter's loose flex: no more than it
        # needs); the fields below it are laid out whole
        about.expand = True
        about.expand_loose = True
        content = ft.Column(
            [about, *form] if summary else form,
            tight=True,
            spacing=6,
            width=FORM_WIDTH,
        )
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(
            title, size=18 if side_by_side else 20, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS
        ),
        content=content,
        inset_padding=ft.Padding.symmetric(horizontal=10, vertical=8 if side_by_side else 24),
        content_padding=ft.Padding.symmetric(horizontal=14, vertical=8),
        title_padding=ft.Padding.only(left=14, right=14, top=12 if side_by_side else 20),
        actions_padding=ft.Padding.only(left=14, right=14, bottom=8),
        actions=actions,
        on_dismiss=lambda: on_dismiss(),
    )
