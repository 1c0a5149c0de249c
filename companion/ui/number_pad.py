"""The numeric pad: a dialog of digit keys for a counter's new value (a tap on a number)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.controls import (
    DIALOG_BUTTON,
    TARGET,
    clipped_text,
    shown_number,
    tagged,
    use_form,
)
from companion.ui.taps import closing_dialog

__all__ = ["PAD_DIGITS", "PAD_WIDTH", "number_pad", "pad_name", "use_number_pad"]

#: Digits a numeric pad takes (a sign aside): a 7th tapped is refused, and the pad says so.
PAD_DIGITS = 6
#: Width (dp) of a numeric pad's title and keys: every pad the same width whatever its title
#: (a dialog is as wide as its widest line). With :data:`PAD_INSET` it fits a 342 dp screen;
#: on a narrower one the dialog is narrower and the keys share what it has.
PAD_WIDTH = 262
#: The space (dp) left beside a numeric pad's dialog (Flutter's default, 40, leaves the keys
#: wider than the dialog's content below 390 dp).
PAD_INSET = 16
#: Lines a numeric pad's title may take, cut with «…» after that (a long Smash Up base
#: name made it three lines and pushed the keys down).
PAD_TITLE_LINES = 2
#: The pad title's type size (the dialog default, 24, wrapped even «Аня: ПО — новое
#: значение» to two lines; 18 is the size of the app's other dialog titles).
PAD_TITLE_SIZE = 18
#: Characters a pad's title may have to stay within :data:`PAD_TITLE_LINES` at
#: :data:`PAD_TITLE_SIZE` in :data:`PAD_WIDTH` (28 or so a line, less what wrapping at a
#: space leaves at the end of the first): what :func:`pad_name` shortens a name to.
PAD_TITLE_CHARS = 48
#: Ends a pad's text when the last digit tapped was one too many (:func:`number_pad`).
_TOO_LONG = "!"
#: The pad's number as untouched: highlighted as a selected text is, for the first digit
#: replaces it.
_SELECTED = ft.Colors.with_opacity(0.3, ft.Colors.PRIMARY)


def pad_name(before: str, part: str, after: str, short: str) -> str:
    """A numeric pad's name whose title (with «— новое значение») fits two lines:
    ``before + part + after`` when that fits :data:`PAD_TITLE_CHARS`, else with ``part`` cut
    with «…», else (not even 6 letters of it would fit) ``short``, the name without it.

    For a name with a part that can be long (a Smash Up base: «Александра, «Штаб-квартира
    Межгалактического совета»: сила» took three lines; the table knows the base anyway, its
    editor is the one open)."""
    room = PAD_TITLE_CHARS - len(before + after) - len(f" — {_('новое значение')}")
    if len(part) <= room:
        return before + part + after
    if room < 6:
        return short
    cut = part[: room - 1]
    # at a word's end when that keeps most of it: «Штаб-квартира…», not «Штаб-квартира Ме…»
    words = cut[: cut.rfind(" ")] if " " in cut else ""
    return before + (words if len(words) >= room // 2 else cut).rstrip() + "…" + after


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
    """A numeric pad dialog titled «<name> — новое значение»: digits, ±, erase, OK; the typed
    text lives in the caller's :func:`use_form`: ``text`` is shown, ``edit(change)`` applies
    ``change`` to the latest text and ``latest()`` reads it — digits tapped faster than the
    screen re-renders all count, and «Готово» right after the last digit submits it. The
    text is the pad's own business (the caller only keeps it).

    It opens on the counter's ``value`` (``text`` ``None``: untouched), as a calculator
    opens on a result: the first digit replaces it, the next ones are appended; «⌫» clears
    it and «±» negates it (after either, digits are appended). While untouched, the number is
    highlighted as a selected text is and a line under it says the first digit replaces it.
    A digit beyond :data:`PAD_DIGITS` changes nothing, and that line says so. «Готово» calls
    ``on_submit(number shown)`` then ``on_close()``; on the untouched value it only closes
    (nothing changed, nothing to send). Every pad is :data:`PAD_WIDTH` wide (narrower only
    on a screen under 342 dp, its keys then narrower too, never cut), its title at most
    :data:`PAD_TITLE_LINES` lines (a long name: :func:`pad_name`), and nothing in it moves
    while typing (the line under the number keeps its place when empty).
    """

    def press(ch: str) -> None:
        def typed(t: str | None) -> str:
            if t is None:  # the value the pad opened on
                if ch == "±":
                    return str(-value) if value else "-"
                return "" if ch == "⌫" else ch
            t = t.removesuffix(_TOO_LONG)
            if ch == "±":
                return t[1:] if t.startswith("-") else "-" + t
            if ch == "⌫":
                return t[:-1]
            if t.lstrip("-") == "0":  # «0» then «5» is 5, not «05»
                return t[:-1] + ch
            return t + ch if len(t.lstrip("-")) < PAD_DIGITS else t + _TOO_LONG

        edit(typed)

    def ok() -> None:
        t = latest()
        if t is not None:  # what the pad shows: an emptied one shows «0»
            t = t.removesuffix(_TOO_LONG)
            on_submit(int(t) if t.lstrip("-") else 0)
        on_close()

    typed = None if text is None else text.removesuffix(_TOO_LONG)
    shown = shown_number(value) if typed is None else typed.replace("-", "−") or "0"
    spoken = str(value) if typed is None else typed or "0"
    hint, hint_color = "", None
    if typed is None:
        hint, hint_color = _("Первая цифра заменит это число"), ft.Colors.ON_SURFACE_VARIANT
    elif text is not None and text.endswith(_TOO_LONG):
        hint, hint_color = _("Не больше {n} цифр").format(n=PAD_DIGITS), ft.Colors.ERROR
    keys = ["7", "8", "9", "4", "5", "6", "1", "2", "3", "±" if allow_negative else "", "0", "⌫"]

    def key(k: str) -> ft.Control:
        # each key a third of the row (less the gaps): the row is as wide as the dialog's
        # content, whatever the screen lets it have (fixed 72 dp keys overflowed below 390)
        if not k:
            return ft.Container(expand=True)
        if k == "⌫":  # the bundled font has no ⌫: an icon, named for screen readers
            button = ft.FilledTonalButton(
                content=ft.Icon(ft.Icons.BACKSPACE_OUTLINED),
                height=56,
                tooltip=_("Стереть"),
                on_click=lambda: press("⌫"),
            )
            return ft.Container(tagged("pad-erase", button, label=_("Стереть")), expand=True)
        button = ft.FilledTonalButton(k, height=56, on_click=lambda _, k=k: press(k))
        return ft.Container(tagged(f"pad-{k}", button), expand=True)

    rows = [ft.Row([key(k) for k in keys[i : i + 3]], spacing=10) for i in range(0, 12, 3)]
    title = f"{name} — {_('новое значение')}"
    return ft.AlertDialog(
        modal=True,
        inset_padding=ft.Padding.symmetric(horizontal=PAD_INSET, vertical=24),
        title=tagged(
            "pad-title",
            ft.Container(
                clipped_text(title, PAD_TITLE_SIZE, lines=PAD_TITLE_LINES),
                width=PAD_WIDTH,
            ),
            label=title,
        ),
        content=ft.Container(
            ft.Column(
                [
                    tagged(
                        "pad-display",
                        ft.Text(
                            shown,
                            size=40,
                            weight=ft.FontWeight.BOLD,
                            text_align=ft.TextAlign.CENTER,
                            bgcolor=_SELECTED if typed is None else None,
                        ),
                        label=spoken,
                    ),
                    ft.Container(
                        tagged("pad-hint", ft.Text(hint, size=14, color=hint_color), label=hint)
                        if hint
                        else None,
                        height=20,
                        alignment=ft.Alignment.CENTER,
                    ),
                    *rows,
                ],
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            width=PAD_WIDTH,
        ),
        actions=[
            tagged(
                "pad-cancel",
                ft.TextButton(
                    _("Отмена"), height=TARGET, style=DIALOG_BUTTON, on_click=lambda: on_close()
                ),
            ),
            tagged(
                "pad-ok",
                ft.FilledButton(
                    _("Готово"), height=TARGET, style=DIALOG_BUTTON, on_click=lambda: ok()
                ),
            ),
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
    """A hook for a counter's numeric pad titled «<name> — новое значение», opening on the
    counter's ``current`` value (see :func:`number_pad`); returns the function that opens it
    (call it from a tap on the number). ``on_set(value)`` is called only with a value other
    than ``current``: «Готово» on an unchanged number makes no move.

    ``guard``: asked before the pad opens; ``True`` keeps it shut
    (:meth:`~companion.ui.state.GameView.too_soon`: the tap is the rest of a double tap that
    closed a dialog over the counter)."""
    # None: closed; (None,): open on the current value, untouched; (digits typed so far,)
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
