"""Tagged leaf controls (:func:`~companion.ui.controls.tagged`) the screens share: a text
button 48 dp tall, a text spoken as it reads, a screen's title line and section headings,
cards, a dialog of choices, a pair of fields side by side, a bar with its name and number."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.controls import TARGET, clipped_text, icon_button, tagged

__all__ = [
    "bar_row",
    "button",
    "card",
    "centred",
    "choice_dialog",
    "color_button",
    "flow",
    "heading",
    "radio_group",
    "said",
    "spoken_clip",
    "text_field",
    "title_row",
    "two_up",
]

#: A dialog of choices shows up to this many without a scroll bar (more scroll inside it).
SHORT_LIST = 9


def button(
    ident: str,
    text: str,
    on_click: Callable[..., Any] | None,
    kind: type[
        ft.TextButton | ft.FilledButton | ft.OutlinedButton | ft.FilledTonalButton
    ] = ft.TextButton,
    *,
    label: str | None = None,
    **style: Any,
) -> ft.Control:
    """A text button of ``kind`` saying ``text``, ``TARGET`` (48 dp) tall, tagged ``ident``
    (spoken as ``label``); ``style`` goes to the button as it is (``icon``, ``disabled`` …)."""
    return tagged(ident, kind(text, height=TARGET, on_click=on_click, **style), label=label)


def said(ident: str, text: ft.Text) -> ft.Control:
    """``text`` tagged ``ident`` and spoken as it reads (its ``value``)."""
    return tagged(ident, text, label=text.value)


def heading(text: str, size: float = 20) -> ft.Text:
    """A section's title: ``text`` in bold at ``size`` px."""
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


def title_row(
    ident: str, title: str, on_back: Callable[[], None], *extra: ft.Control, spacing: float = 10
) -> ft.Control:
    """A screen's first line: «Назад» (48 dp, tagged ``ident``), ``title`` in 24 px bold taking
    the rest of the line, then ``extra``."""
    back = icon_button(ident, ft.Icons.ARROW_BACK, _("Назад"), on_back)
    title_text = ft.Text(title, size=24, weight=ft.FontWeight.BOLD, expand=True)
    return ft.Row([back, title_text, *extra], spacing=spacing)


def card(
    ident: str,
    parts: Sequence[ft.Control],
    label: str | None,
    *,
    spacing: float = 4,
    padding: int | ft.Padding = 12,
    on_click: Callable[..., Any] | None = None,
    filled: bool = False,
) -> ft.Control:
    """``parts`` one under another in a card tagged ``ident``, spoken as ``label``; with
    ``on_click`` the whole card is a tap target (with ink); ``filled``: a flat tinted card (no
    shadow to redraw)."""
    tappable = on_click is not None
    return tagged(
        ident,
        ft.Card(
            ft.Container(
                ft.Column(list(parts), spacing=spacing),
                padding=padding,
                border_radius=12 if tappable else None,
                ink=tappable,
                on_click=on_click,
            ),
            variant=ft.CardVariant.FILLED if filled else ft.CardVariant.ELEVATED,
        ),
        label=label,
    )


def choice_dialog(
    title: ft.Text,
    choices: Sequence[tuple[str, str, Callable[[], None]]],
    close: tuple[str, str, Callable[[], None]],
    *,
    kind: type[ft.TextButton | ft.OutlinedButton] = ft.TextButton,
    modal: bool = False,
) -> ft.AlertDialog:
    """``title`` over one 48 dp button of ``kind`` per ``(ident, text, on_pick)`` choice, as wide
    as the dialog (a text button's words on the left), scrolling past :data:`SHORT_LIST`;
    ``close`` is ``(ident, text, on_close)``, also called when the dialog is dismissed."""
    close_id, close_text, on_close = close
    left = ft.ButtonStyle(alignment=ft.Alignment.CENTER_LEFT) if kind is ft.TextButton else None
    return ft.AlertDialog(
        modal=modal,
        title=title,
        content=ft.Column(
            [
                button(ident, text, lambda _e, pick=pick: pick(), kind, label=text, style=left)
                for ident, text, pick in choices
            ],
            tight=True,
            spacing=0 if kind is ft.TextButton else 10,
            scroll=ft.ScrollMode.AUTO if len(choices) > SHORT_LIST else None,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        ),
        actions=[button(close_id, close_text, lambda: on_close())],
        on_dismiss=lambda: on_close(),
    )


def two_up(first: ft.Control, second: ft.Control) -> ft.Control:
    """Two controls side by side from a small tablet's width up, one under the other below."""
    return ft.ResponsiveRow(
        [ft.Container(c, col={"xs": 12, "sm": 6}) for c in (first, second)],
        spacing=12,
        run_spacing=12,
    )


def bar_row(
    name: ft.Control,
    share: float,
    color: str,
    number: ft.Control,
    *,
    name_width: float | None = None,
    number_width: float,
    bar_height: float = 10,
) -> ft.Control:
    """``name`` (``name_width`` px, else two fifths of the line), a bar ``share`` (0–1) full in
    ``color``, then ``number`` right-aligned in ``number_width`` px."""
    return ft.Row(
        [
            ft.Container(name, width=name_width, expand=None if name_width else 2),
            ft.Container(
                ft.ProgressBar(
                    value=share,
                    color=color,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                    bar_height=bar_height,
                    border_radius=bar_height / 2,
                ),
                expand=True if name_width else 3,
            ),
            ft.Container(number, width=number_width, alignment=ft.Alignment.CENTER_RIGHT),
        ],
        spacing=8,
    )


def spoken_clip(ident: str, text: str, size: float, *, lines: int = 1, **style: Any) -> ft.Control:
    """:func:`~companion.ui.controls.clipped_text` tagged ``ident``, spoken whole (``" "`` when
    empty, so its node keeps its place)."""
    return tagged(ident, clipped_text(text, size, lines=lines, **style), label=text or " ")


def color_button(
    ident: str,
    color: str,
    on_click: Callable[[], None],
    *,
    disabled: bool = False,
    label: str | None = None,
) -> ft.Control:
    """A player's colour as a 32 px disc in a 48 dp button «Цвет» (a tap picks another)."""
    return tagged(
        ident,
        ft.IconButton(
            ft.Icons.CIRCLE,
            icon_color=color,
            icon_size=32,
            tooltip=_("Цвет"),
            width=TARGET,
            height=TARGET,
            disabled=disabled,
            on_click=lambda: on_click(),
        ),
        label=label,
    )


def flow(controls: Sequence[ft.Control], spacing: float = 8) -> ft.Control:
    """``controls`` in a line that wraps onto more lines, ``spacing`` px apart each way."""
    return ft.Row(list(controls), wrap=True, spacing=spacing, run_spacing=spacing)


def text_field(
    ident: str, label: str, value: str, on_change: Callable[[str], None], **style: Any
) -> ft.Control:
    """A text field tagged ``ident`` showing ``value`` (the caller keeps what is typed:
    ``on_change(text)``), with no «3/40» counter under it; ``style`` goes to the field."""
    return tagged(
        ident,
        ft.TextField(
            label=label,
            value=value,
            counter="",
            on_change=lambda e: on_change(str(e.control.value or "")),
            **style,
        ),
    )


def radio_group(
    ident: str,
    value: str,
    options: Sequence[tuple[str, str]],
    pick: Callable[[str], None],
    *,
    across: bool = False,
) -> ft.Control:
    """One radio per ``(value, text)`` option, each a 48 dp tappable box read as one node;
    ``pick(value)`` on a choice; ``across``: in a row, else one under another."""
    boxes = [
        ft.MergeSemantics(
            ft.Container(
                ft.Radio(value=v, label=text),
                height=TARGET,
                on_click=lambda _e, v=v: pick(v),
                alignment=ft.Alignment.CENTER_LEFT,
            )
        )
        for v, text in options
    ]
    return tagged(
        ident,
        ft.RadioGroup(
            value=value,
            on_change=lambda e: pick(str(e.data or e.control.value)),
            content=ft.Row(boxes, spacing=16) if across else ft.Column(boxes),
        ),
    )


def centred(control: ft.Control, width: float) -> ft.Control:
    """``control`` at most ``width`` px wide, centred across a wide window, from the top."""
    return ft.Row(
        [ft.Container(control, width=width, expand=True, expand_loose=True)],
        alignment=ft.MainAxisAlignment.CENTER,
        vertical_alignment=ft.CrossAxisAlignment.START,
        expand=True,
    )
