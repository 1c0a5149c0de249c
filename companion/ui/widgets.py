"""Small reusable components: big counters with 48 dp targets, numeric pad, banners."""

from __future__ import annotations

import contextlib
import functools
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

import flet as ft

from companion.i18n import _
from companion.ui.taps import closing_dialog

#: From this page width on (px), a screen's two-column layout (the game frame, home, rules…);
#: below it, a phone's.
WIDE = 700

F = TypeVar("F")

__all__ = [
    "TARGET",
    "WIDE",
    "use_page_width",
    "use_file_picker",
    "number_size",
    "tagged",
    "border_all",
    "Banner",
    "BigCounter",
    "StepCounter",
    "number_pad",
    "PAD_DIGITS",
    "PAD_WIDTH",
    "fmt_seconds",
    "icon_button",
    "primary_button",
    "use_number_pad",
    "pad_name",
    "counter_step",
    "switch_row",
    "clipped_text",
    "use_form",
    "typed_number",
    "typed_text",
    "use_scroll_to",
    "use_page_size",
    "BoardScroll",
    "use_top_on",
]

#: Minimum touch target (dp), SPEC §1.
TARGET = 48


#: Per page: the components following its size (``page.on_resize`` has room for one handler,
#: and the frame, a board and a form may all follow it).
_size_listeners: weakref.WeakKeyDictionary[Any, list[Callable[[Any], None]]] = (
    weakref.WeakKeyDictionary()
)


def _use_resize(pick: Callable[[Any], Any]) -> Any:
    """State following ``pick(page or resize event)``: the page's size or a part of it, read
    at render and again at every ``page.on_resize`` (a component re-renders only when its
    part changed: a width follower stays put while a phone's keyboard changes the height)."""
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


def use_page_width() -> float:
    """The page's width in px, following the window (``page.on_resize``: a phone turned to
    landscape and back). Any number of components may follow it; each one re-renders with
    the new width."""
    return float(_use_resize(lambda p: float(p.width or 390)))


def use_page_size() -> tuple[float, float]:
    """The page's width and height in px, following the window like :func:`use_page_width`
    (re-rendering when either changes)."""
    return _use_resize(lambda p: (float(p.width or 390), float(p.height or 844)))


def use_file_picker() -> ft.Ref[ft.FilePicker | None]:
    """A :class:`ft.FilePicker` service of this page while the component is mounted (``.current``
    is ``None`` before the first effect ran): ``save_file(src_bytes=…)`` downloads to the
    device that asked, ``pick_files(with_data=True)`` reads a file from it."""
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


#: Dialog buttons: 48 px tall (compact web density makes them 40 otherwise; Flet 1.0.5's
#: ButtonStyle has no minimum size: the height is given on the button itself).
_DIALOG_BUTTON = ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD)


@functools.lru_cache(maxsize=128)
def border_all(width: float, color: str) -> ft.Border:
    """``ft.Border.all(width, color)``, one shared object per (width, colour): a row that
    re-renders with the same border hands Flet's diff the very object it drew last time,
    which the diff skips by identity instead of comparing the border and its four sides."""
    return ft.Border.all(width, color)


def tagged(ident: str, control: ft.Control, label: str | None = None) -> ft.Control:
    """Wrap a control so tests and screen readers find it as ``flt-semantics-identifier=ident``."""
    return ft.Semantics(identifier=ident, label=label, content=control)


def clipped_text(text: str, size: float, *, lines: int = 1, **style: Any) -> ft.Text:
    """``text`` at ``size`` cut with «…» after ``lines`` lines: names, notes and summaries in
    rows of a fixed height, where a long text must neither wrap the row nor push it wider.
    ``style`` goes to ``ft.Text`` as it is (``color``, ``weight``, ``expand`` …)."""
    return ft.Text(text, size=size, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS, **style)


def icon_button(
    ident: str,
    icon: ft.IconData,
    tooltip: str,
    on_click: Callable[[], None] | None,
    *,
    disabled: bool = False,
    selected: bool | None = None,
    label: str | None = None,
) -> ft.Control:
    """An icon button with a 48×48 dp target (Flutter's compact web density makes it 40×40
    otherwise), tagged ``ident`` for tests and screen readers."""
    return tagged(
        ident,
        ft.IconButton(
            icon,
            tooltip=tooltip,
            on_click=on_click,
            disabled=disabled,
            selected=selected,
            width=TARGET,
            height=TARGET,
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
        ),
        label=label,
    )


def primary_button(
    label: str,
    on_click: Callable[[], None] | None,
    *,
    disabled: bool = False,
    icon: ft.IconData | None = None,
    dimmed: bool = False,
    moment: str | None = None,
) -> ft.Control:
    """The phase's primary action («Дальше», «Объявить», «Готово», «Следующий игрок»).

    Boards return it from ``Actions(view)``; the game frame pins it at the bottom right of every
    screen. Tagged ``primary-action`` (the one per screen), its label is the button's text.
    A double tap on it is refused by :meth:`~companion.ui.state.GameView.send`. ``dimmed``:
    looks unavailable but still answers a tap — ``on_click`` then says why. ``moment``
    (:meth:`~companion.ui.state.GameView.moment`) keys it: a new moment makes a new control,
    so a tap another phone made on the button of the moment before reaches nothing (two
    phones pressing it at once move the game once).
    """
    return ft.Semantics(
        key=f"primary-action|{moment}" if moment is not None else None,
        identifier="primary-action",
        label=label,
        button=True,
        content=ft.FilledButton(
            label,
            icon=icon,
            on_click=on_click,
            disabled=disabled,
            opacity=0.45 if dimmed else 1.0,
            height=56,
            style=ft.ButtonStyle(
                visual_density=ft.VisualDensity.STANDARD, text_style=ft.TextStyle(size=18)
            ),
        ),
    )


def confirm_dialog(
    title: str,
    text: str,
    no: tuple[str, str, Callable[[], None]],
    yes: tuple[str, str, Callable[[], None]],
    *,
    icon: ft.IconData,
    danger: bool = False,
) -> ft.AlertDialog:
    """A question before a removal, or a step one mis-tap must not take (ending a free
    game): ``title`` and ``text``, then «no» and «yes» — each
    ``(identifier, label, on_click)``, 48 dp tall, «yes» filled with ``icon`` (red when
    ``danger``). Closing the dialog otherwise counts as «no»."""
    (no_id, no_label, on_no), (yes_id, yes_label, on_yes) = no, yes
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(title, size=20),
        content=ft.Text(text, size=15),
        actions=[
            tagged(no_id, ft.TextButton(no_label, height=TARGET, on_click=lambda: on_no())),
            tagged(
                yes_id,
                ft.FilledButton(
                    yes_label,
                    icon=icon,
                    height=TARGET,
                    on_click=lambda: on_yes(),
                    style=ft.ButtonStyle(bgcolor=ft.Colors.ERROR, color=ft.Colors.ON_ERROR)
                    if danger
                    else None,
                ),
            ),
        ],
        on_dismiss=lambda: on_no(),
    )


def shown_number(value: int) -> str:
    """A counter's value as drawn: a negative one with the minus sign «−3», not a hyphen."""
    return f"−{-value}" if value < 0 else str(value)


def fmt_seconds(seconds: float) -> str:
    """``3725`` → ``"1:02:05"``; ``65`` → ``"1:05"``."""
    s = int(max(0, seconds))
    h, rem = divmod(s, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


@ft.component
def Banner(error: str, notice: str) -> ft.Control:
    """The last refusal (red) or notice (neutral); nothing when both are empty."""
    if error:
        return tagged(
            "error",
            ft.Container(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.BLOCK, color=ft.Colors.ON_ERROR_CONTAINER),
                        ft.Text(error, expand=True, size=16, color=ft.Colors.ON_ERROR_CONTAINER),
                    ]
                ),
                bgcolor=ft.Colors.ERROR_CONTAINER,
                padding=12,
                border_radius=8,
            ),
            label=error,
        )
    if notice:
        return tagged(
            "notice",
            ft.Container(
                ft.Text(notice, size=14),
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
                padding=8,
                border_radius=8,
            ),
            label=notice,
        )
    return ft.Container(height=0)


#: Digits a numeric pad takes (a sign aside): a 7th tapped is refused, and the pad says so.
PAD_DIGITS = 6
#: Width (dp) of a numeric pad's title and keys: every pad the same width whatever its title
#: (a dialog is as wide as its widest line). With :data:`PAD_INSET` it fits a 342 dp screen;
#: on a narrower one the dialog is narrower and the keys share what it has.
PAD_WIDTH = 262
#: The space (dp) left beside a numeric pad's dialog: Flutter's 40 left the pad's keys
#: 4 px wider than the dialog's content below 390 dp (clipped at 360×640; play-test).
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
                    _("Отмена"), height=TARGET, style=_DIALOG_BUTTON, on_click=lambda: on_close()
                ),
            ),
            tagged(
                "pad-ok",
                ft.FilledButton(
                    _("Готово"), height=TARGET, style=_DIALOG_BUTTON, on_click=lambda: ok()
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


def counter_step(
    ident: str,
    name: str,
    sign: int,
    step: int,
    on_add: Callable[[int], None],
    *,
    size: int = TARGET,
    icon_size: int = 24,
    outlined: bool = False,
    disabled: bool = False,
) -> ft.Control:
    """A counter's − (``sign`` −1) or + (+1) button: ``size`` dp square, ``step`` per tap and
    ×5 on a long press; tagged ``{ident}-minus`` / ``{ident}-plus`` and spoken as
    «<name> +<step>»; ``disabled``: greyed, no tap."""
    label = f"{name} {'+' if sign > 0 else '−'}{step}"
    side = ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT) if outlined else None
    return tagged(
        f"{ident}-{'plus' if sign > 0 else 'minus'}",
        ft.IconButton(
            ft.Icons.ADD if sign > 0 else ft.Icons.REMOVE,
            icon_size=icon_size,
            width=size,
            height=size,
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD, side=side),
            disabled=disabled,
            on_click=lambda: on_add(sign * step),
            on_long_press=lambda: on_add(sign * 5 * step),
            tooltip=label,
        ),
        label=label,
    )


@ft.component
def BigCounter(
    ident: str,
    label: str,
    value: int,
    step: int,
    on_add: Callable[[int], None],
    on_set: Callable[[int], None],
    color: str | None = None,
) -> ft.Control:
    """A counter readable across a table: −/+ by ``step`` (long-press: ×5); a tap on the
    number opens the numeric pad."""
    open_pad = use_number_pad(label, on_set, current=value)

    def step_button(sign: int) -> ft.Control:
        return counter_step(ident, label, sign, step, on_add, size=TARGET + 8, icon_size=28)

    return ft.Row(
        [
            step_button(-1),
            tagged(
                ident,
                ft.Container(
                    ft.Text(
                        shown_number(value),
                        size=40,
                        weight=ft.FontWeight.BOLD,
                        color=color,
                        text_align=ft.TextAlign.CENTER,
                    ),
                    on_click=lambda: open_pad(),
                    width=110,
                    alignment=ft.Alignment.CENTER,
                ),
                label=str(value),
            ),
            step_button(+1),
        ],
        alignment=ft.MainAxisAlignment.CENTER,
        spacing=4,
    )


#: A counter's number sizes (px, bold) by its characters: up to 3, up to 5, more.
NUMBER_SIZES = (26, 21, 16)
#: The smallest number drawn (px).
MIN_NUMBER_SIZE = 12
#: The box width (px) a character of a number needs per px of type: its fixed slot holds
#: ``width / (NUMBER_SLOT_EM × characters)`` px type (bold figures are under 0.6 em wide).
NUMBER_SLOT_EM = 0.66


def number_size(value: int, width: float | None = None) -> int:
    """The font size (px) of a counter's number: by its characters (:data:`NUMBER_SIZES`),
    and no larger than its slot ``width`` px holds for that many characters
    (:data:`NUMBER_SLOT_EM`: «−100» whole in a 48 px box); never below
    :data:`MIN_NUMBER_SIZE`."""
    chars = len(shown_number(value))
    size = NUMBER_SIZES[0] if chars <= 3 else NUMBER_SIZES[1] if chars <= 5 else NUMBER_SIZES[2]
    if width is None:
        return size
    return max(MIN_NUMBER_SIZE, min(size, int(width / (NUMBER_SLOT_EM * chars))))


@ft.component
def StepCounter(
    ident: str,
    label: str,
    caption: str,
    value: int,
    step: int,
    on_add: Callable[[int], None],
    on_set: Callable[[int], None],
    value_width: int = 72,
    allow_negative: bool = True,
) -> ft.Control:
    """A compact counter for a board with many players: − value + in one 48 px line.

    −/+ change by ``step`` (long-press: ×5), a tap on the number opens the numeric pad.
    ``caption`` (e.g. the counter's name) sits above the number inside the same box. Every
    part has a fixed width: the buttons never move when the value grows.
    """
    open_pad = use_number_pad(label, on_set, current=value, allow_negative=allow_negative)

    def step_button(sign: int) -> ft.Control:
        return counter_step(ident, label, sign, step, on_add, outlined=True)

    number = ft.Text(
        shown_number(value),
        size=number_size(value, value_width),
        weight=ft.FontWeight.BOLD,
        text_align=ft.TextAlign.CENTER,
        max_lines=1,
    )
    box = ft.Column(
        [ft.Text(caption, size=11, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS), number]
        if caption
        else [number],
        spacing=0,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return ft.Row(
        [
            step_button(-1),
            tagged(
                ident,
                ft.Container(
                    box,
                    on_click=lambda: open_pad(),
                    width=value_width,
                    height=TARGET,
                    alignment=ft.Alignment.CENTER,
                    # the counter's whole name (the caption may be cut with «…»)
                    tooltip=_("{name} — ввести число").format(name=caption)
                    if caption
                    else _("Ввести число"),
                ),
                label=str(value),
            ),
            step_button(+1),
        ],
        spacing=0,
        tight=True,
    )


#: Per page: the value each switch row (by tag) was last drawn with or last flipped to.
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
    """A switch and its words as one touch target: the whole row (full width, ≥ 48 dp high)
    flips it, and screen readers and tests see one node tagged ``ident`` (a switch named
    ``label``, toggled when ``value``). ``text`` (default ``label``) is the visible text and
    may wrap; ``on_change(new_value)`` is called with the flipped value. Flutter's compact web
    density makes a bare ``ft.Switch`` a 40 px target, too small for a finger.

    Two taps that reach the server before the screen answers the first flip it twice (back
    where it was), not twice to the same side: a tap flips what the last tap left, kept per
    page and tag (a plain function, not a component: Flet 1.0.5 does not render a component
    inside a ``use_dialog`` dialog, where some of these rows are)."""
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
    """A ref for a scrolling column (``scroller``, or a new one) that moves to ``offset`` (0:
    the top, −1: the end) each time ``when`` changes to something true (inside a component):
    a game's result coming in above a board scrolled down (``when``: the game is over), each
    refusal coming in under the button that caused it (``when``: how many so far)."""
    if scroller is None:
        scroller = ft.use_ref(ft.Ref[ft.Column]).current

    async def scroll() -> None:
        if when:
            await _scroll(scroller, offset)

    ft.use_effect(scroll, [when])
    return scroller


async def _scroll(scroller: ft.Ref[ft.Column] | None, offset: float) -> None:
    """Move the column ``scroller`` holds to ``offset``; nothing when there is none or it is
    not on a page (the screen is gone, an in-process test)."""
    column = scroller.current if scroller is not None else None
    if column is not None:
        with contextlib.suppress(Exception):
            await column.scroll_to(offset=offset)


#: The scrolling column that holds the game's board (an ``ft.Ref``), for :func:`use_top_on`.
BoardScroll = ft.create_context(None)


def use_top_on(key: object) -> None:
    """Scroll the board's column (:data:`BoardScroll`) back to its top whenever ``key``
    changes to something other than ``None`` (inside a board's component): a wizard at the top
    of the board whose step changed shows that step, not the place a scrolled page was at."""
    scroller = ft.use_context(BoardScroll)

    async def scroll() -> None:
        if key is not None:
            await _scroll(scroller, 0)

    ft.use_effect(scroll, [key])


def use_form(
    initial: Callable[[], F],
    reset_on: object = None,
) -> tuple[F, Callable[[Callable[[F], F] | F], None], Callable[[], F]]:
    """A form's values that every handler reads at call time (a component hook).

    Flet's web server starts one task per browser message, so a field's ``change`` and the
    tap after it (or two fields' changes) can both run before the re-render; a handler that
    read a ``use_state`` value from its closure would act on the last render's copy (a name
    typed just before «Начать игру» left out). Here the values live in a ref, changed at once
    by ``update`` and re-rendered by a state bump.

    :param initial: makes the first values (called on the first render, and again whenever
        ``reset_on`` differs from the last render's); not callable values (a form is a dict).
    :param reset_on: what the form belongs to (Ricks' amounts: the universe, step and player
        of the charge phase): when it changes, the form starts afresh.
    :returns: ``(values, update, latest)``: the values for this render; ``update(change)``
        sets them to ``change(latest values)``, or to ``change`` itself when it is not
        callable; ``latest()`` reads them in a handler. ``update`` and ``latest`` are the same
        functions at every render.
    """
    ref = ft.use_ref(None)
    if ref.current is None or ref.current[1] != reset_on:
        ref.current = (initial(), reset_on)
    _shown, bump = ft.use_state(0)

    def update(change: Callable[[F], F] | F) -> None:
        values, owner = ref.current
        ref.current = (change(values) if callable(change) else change, owner)
        bump(lambda n: n + 1)

    def latest() -> F:
        return ref.current[0]

    return ref.current[0], ft.use_callback(update, []), ft.use_callback(latest, [])


def typed_text(e: Any) -> str:
    """The text a text field's ``change`` event carries: its ``data``, else the control's
    ``value`` (``""`` for none).

    Not the control's ``value`` first. A field in a dialog (``ft.use_dialog``) is a new
    control at each render that takes over the old one's id, but the session's index can
    still hold the old one: the browser's new text is patched into that old control, while
    the ``change`` reaches the new one, whose value is the previous text. Only the first key
    after a render is lost that way (the event re-indexes the live control), which is the
    whole text of a one-digit level or a one-letter class (docs/FLET_FINDINGS.md)."""
    data = getattr(e, "data", None)
    if isinstance(data, str):
        return data
    return str(getattr(e.control, "value", None) or "")


def typed_number(raw: str) -> int | str:
    """A number typed in a field as an ``int`` (spaces around it allowed); anything else is
    passed on as typed, so the engine's check names the field."""
    try:
        return int(raw.strip())
    except ValueError:
        return raw
