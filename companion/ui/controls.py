"""The app's leaf controls and helpers: 48 dp targets (:data:`TARGET`), tagged nodes for tests
and screen readers, buttons, the confirmation dialog, banners, numbers and times in words,
and a form's state read at tap time (:func:`use_form`)."""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import flet as ft

from companion.words import fmt_seconds

__all__ = [
    "TARGET",
    "Banner",
    "border_all",
    "clipped_text",
    "confirm_dialog",
    "fmt_seconds",
    "icon_button",
    "number_field",
    "primary_button",
    "primary_slot",
    "PrimarySlot",
    "shown_number",
    "tagged",
    "toggle",
    "typed_number",
    "typed_text",
    "use_form",
]

F = TypeVar("F")

#: Minimum touch target (dp), SPEC §1.
TARGET = 48


#: Dialog buttons: 48 px tall (compact web density makes them 40 otherwise; Flet 1.0.5's
#: ButtonStyle has no minimum size: the height is given on the button itself).
DIALOG_BUTTON = ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD)


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


def number_field(
    ident: str, label: str, value: object, width: int, on_change: Callable[[str], None]
) -> ft.Control:
    """A field for a number, ``width`` px wide with a numeric keyboard, tagged ``ident``:
    ``on_change(text)`` gets the text as typed (:func:`typed_text`; the form checks it)."""
    return tagged(
        ident,
        ft.TextField(
            label=label,
            value=str(value),
            width=width,
            keyboard_type=ft.KeyboardType.NUMBER,
            on_change=lambda e: on_change(typed_text(e)),
        ),
    )


#: From this slot width (px) up the label is 18 px with its icon; below, 15 px with no icon.
#: One line: the longest label («Следующий игрок») fits the narrowest slot (640×360's side
#: column) whole; «…» only guards a label no board has.
ROOMY_SLOT = 210
#: The primary action's width (px) where no game frame has set one (a 390×844 phone's).
PRIMARY_DEFAULT = 176


@ft.observable
@dataclass(eq=False)
class PrimarySlot:
    """The primary action's width (px) on one page (:func:`primary_slot`): the game frame sets
    :attr:`width` from its layout (:func:`companion.ui.layout.primary_width`: the layout only,
    never the label) and every primary button on the page takes the holder as an argument, so
    a new width re-renders each of them, inside a memoised bar too, and nothing else."""

    width: int = PRIMARY_DEFAULT


_slots: weakref.WeakKeyDictionary[Any, PrimarySlot] = weakref.WeakKeyDictionary()


def primary_slot(page: Any = None) -> PrimarySlot:
    """The :class:`PrimarySlot` of ``page`` (default: the page being rendered), one per page
    (one game frame on screen at a time)."""
    if page is None:
        page = ft.context.page
    slot = _slots.get(page)
    if slot is None:
        slot = _slots[page] = PrimarySlot()
    return slot


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
    screen. Tagged ``primary-action`` (the one per screen), its label is the button's text,
    drawn whole in the page's slot (:func:`primary_slot`; 56 px tall), whatever it says.
    A double tap on it is refused by :meth:`~companion.ui.state.GameView.send`. ``dimmed``:
    looks unavailable but still answers a tap — ``on_click`` then says why. ``moment``
    (:meth:`~companion.ui.state.GameView.moment`) keys it: a new moment makes a new control,
    so a tap another phone made on the button of the moment before reaches nothing (two
    phones pressing it at once move the game once).
    """
    return _Primary(
        label,
        on_click,
        disabled,
        icon,
        dimmed,
        primary_slot(),
        key=f"primary-action|{moment}" if moment is not None else None,
    )


@ft.component
def _Primary(
    label: str,
    on_click: Callable[[], None] | None,
    disabled: bool,
    icon: ft.IconData | None,
    dimmed: bool,
    slot: PrimarySlot,
) -> ft.Control:
    width = slot.width  # an argument: Flet re-renders this button when it changes
    roomy = width >= ROOMY_SLOT
    # tagged for tests: the text's own box says whether Flutter drew it whole
    text = tagged(
        "primary-label",
        clipped_text(
            label,
            18 if roomy else 15,
            text_align=ft.TextAlign.CENTER,
            style=ft.TextStyle(height=1.1),
        ),
    )
    content: ft.Control = text
    if icon is not None and roomy:
        content = ft.Row(
            [ft.Icon(icon, size=20), ft.Container(text, expand=True, expand_loose=True)],
            spacing=8,
            tight=True,
            alignment=ft.MainAxisAlignment.CENTER,
        )
    return ft.Semantics(
        identifier="primary-action",
        label=label,
        button=True,
        content=ft.FilledButton(
            content=content,
            on_click=on_click,
            disabled=disabled,
            opacity=0.45 if dimmed else 1.0,
            width=width,
            height=56,
            style=ft.ButtonStyle(
                visual_density=ft.VisualDensity.STANDARD,
                padding=ft.Padding.symmetric(horizontal=12 if roomy else 6),
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


def toggle(
    text: str, on: bool, on_click, disabled: bool = False, dimmed: bool = False
) -> ft.Control:
    """A yes/no choice as a 48 dp button with a check mark (a checkbox is a 40 px target).

    ``dimmed``: looks unavailable but still answers a tap — ``on_click`` then says why (a
    control for a move not allowed now explains itself); ``disabled`` takes no tap at all."""
    return (ft.FilledTonalButton if on else ft.OutlinedButton)(
        text,
        icon=ft.Icons.CHECK_BOX if on else ft.Icons.CHECK_BOX_OUTLINE_BLANK,
        height=TARGET,
        disabled=disabled,
        opacity=0.45 if dimmed else 1.0,
        on_click=lambda: on_click(),
    )


def shown_number(value: int) -> str:
    """A counter's value as drawn: a negative one with the minus sign «−3», not a hyphen."""
    return f"−{-value}" if value < 0 else str(value)


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


def use_form(
    initial: Callable[[], F],
    reset_on: object = None,
) -> tuple[F, Callable[[Callable[[F], F] | F], None], Callable[[], F]]:
    """A form's values that every handler reads at call time (a component hook): a field's
    ``change`` and the tap after it may both run before the re-render (one task per browser
    message), so the values live in a ref, changed at once by ``update``, then re-rendered.

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
    ``value`` (``""`` for none). Not the ``value`` first: in a dialog the event can reach a
    control whose value is still the previous text (docs/FLET_FINDINGS.md)."""
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
