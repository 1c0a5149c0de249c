"""The numeric pad: a dialog of digit keys for a counter's new value (a tap on a number)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.present.number_pad import (
    PAD_DIGITS,
    PAD_TITLE_CHARS,
    TOO_LONG,
    pad_name,
    pad_typed,
    pad_value,
)
from companion.ui.controls import (
    DIALOG_BUTTON,
    clipped_text,
    shown_number,
    tagged,
    use_form,
)
from companion.ui.tagged_controls import button, said
from companion.ui.taps import closing_dialog

__all__ = [
    "PAD_DIGITS",
    "PAD_TITLE_CHARS",
    "PAD_WIDTH",
    "number_pad",
    "pad_name",
    "use_number_pad",
]

#: Width (dp) of every pad's title and keys (fits 342 dp with :data:`PAD_INSET`).
PAD_WIDTH = 262
#: Space (dp) beside a pad's dialog.
PAD_INSET = 16
#: Lines a pad's title may take, then «…».
PAD_TITLE_LINES = 2
#: The pad title's size (px).
PAD_TITLE_SIZE = 18
#: The untouched number's highlight (the first digit replaces it).
_SELECTED = ft.Colors.with_opacity(0.3, ft.Colors.PRIMARY)


def number_pad(
    name: str,
    text: str | None,
    edit: Callable[[Callable[[str | None], str]], None],
    on_submit: Callable[[int], None],
    on_close: Callable[[], None],
    allow_negative: bool = True,
    *,
    latest: Callable[[], str | None],
    value: int,
) -> ft.AlertDialog:
    """A pad dialog titled «<name> — новое значение»: digits, ±, ⌫, «Готово». The text lives in
    the caller's :func:`use_form` (``text``, ``edit(change)``, ``latest()``). It opens on
    ``value`` untouched (highlighted; the first digit replaces it); more than
    :data:`PAD_DIGITS` digits are refused with a note. «Готово» calls ``on_submit(number)`` then
    ``on_close()`` (untouched: close only). :data:`PAD_WIDTH` wide, the title at most
    :data:`PAD_TITLE_LINES` lines; nothing moves while typing."""

    def ok() -> None:
        t = latest()
        if t is not None:  # what the pad shows: an emptied one shows «0»
            on_submit(pad_value(t))
        on_close()

    typed = None if text is None else text.removesuffix(TOO_LONG)
    shown = shown_number(value) if typed is None else typed.replace("-", "−") or "0"
    spoken = str(value) if typed is None else typed or "0"
    hint, hint_color = "", None
    if typed is None:
        hint, hint_color = _("Первая цифра заменит это число"), ft.Colors.ON_SURFACE_VARIANT
    elif text is not None and text.endswith(TOO_LONG):
        hint, hint_color = _("Не больше {n} цифр").format(n=PAD_DIGITS), ft.Colors.ERROR
    keys = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "±" if allow_negative else "", "0", "⌫"]

    def key(k: str) -> ft.Control:
        # each key a third of the row (less the gaps)
        if not k:
            return ft.Container(expand=True)
        erase = k == "⌫"  # the bundled font has no ⌫: an icon, named for screen readers
        button = ft.FilledTonalButton(
            content=ft.Icon(ft.Icons.BACKSPACE_OUTLINED) if erase else k,
            height=56,
            tooltip=_("Стереть") if erase else None,
            on_click=lambda: edit(lambda t: pad_typed(t, k, value)),
        )
        ident, label = ("pad-erase", _("Стереть")) if erase else (f"pad-{k}", None)
        return ft.Container(tagged(ident, button, label=label), expand=True)

    rows = [ft.Row([key(k) for k in keys[i : i + 3]], spacing=10) for i in range(0, 12, 3)]
    title = f"{name} — {_('новое значение')}"
    heading = ft.Container(
        clipped_text(title, PAD_TITLE_SIZE, lines=PAD_TITLE_LINES), width=PAD_WIDTH
    )
    display = ft.Text(
        shown,
        size=40,
        weight=ft.FontWeight.BOLD,
        text_align=ft.TextAlign.CENTER,
        bgcolor=_SELECTED if typed is None else None,
    )
    note = said("pad-hint", ft.Text(hint, size=14, color=hint_color)) if hint else None
    column = [
        tagged("pad-display", display, label=spoken),
        ft.Container(note, height=20, alignment=ft.Alignment.CENTER),
        *rows,
    ]
    center = ft.CrossAxisAlignment.CENTER
    return ft.AlertDialog(
        modal=True,
        inset_padding=ft.Padding.symmetric(horizontal=PAD_INSET, vertical=24),
        title=tagged("pad-title", heading, label=title),
        content=ft.Container(
            ft.Column(column, tight=True, horizontal_alignment=center), width=PAD_WIDTH
        ),
        actions=[
            button("pad-cancel", _("Отмена"), on_close, style=DIALOG_BUTTON),
            button("pad-ok", _("Готово"), ok, ft.FilledButton, style=DIALOG_BUTTON),
        ],
        on_dismiss=lambda: on_close(),
    )


def use_number_pad(
    name: str,
    on_set: Callable[[int], None],
    *,
    current: int,
    allow_negative: bool = True,
    guard: Callable[[], bool] | None = None,
) -> Callable[[], None]:
    """A hook for a counter's pad opening on ``current`` (:func:`number_pad`); returns its opener.
    ``on_set(value)`` only for a value other than ``current``; ``guard()`` true keeps it shut
    (:meth:`~companion.ui.state.GameView.too_soon`)."""
    # None: closed; (None,): open, untouched; (digits typed so far,)
    pad, set_pad, latest = use_form(lambda: None)

    def submit(value: int) -> None:
        if value != current:
            with closing_dialog():  # the pad goes: the next tap lands on what it covered
                on_set(value)

    ft.use_dialog(
        number_pad(
            name,
            pad[0],
            lambda change: set_pad(lambda p: None if p is None else (change(p[0]),)),
            on_submit=submit,
            on_close=lambda: set_pad(None),
            latest=lambda: (latest() or (None,))[0],
            value=current,
            allow_negative=allow_negative,
        )
        if pad is not None
        else None
    )

    def open_pad() -> None:
        if guard is None or not guard():
            set_pad((None,))

    return open_pad
