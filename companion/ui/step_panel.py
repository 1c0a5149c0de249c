"""The panel of a guided step: a 48 dp row with the question (``step``, one line up to
:data:`QUESTION_CHARS`, else two smaller), «Весь текст» (``step-texts``) and the rule link
(``rules-link``); then the board's ``choices``; then :class:`StepText` lines cut with «…».
«Весь текст» shows everything whole until ``moment`` changes."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import flet as ft

from companion.i18n import _
from companion.ui.widgets import TARGET, button, clipped_text, said, tagged

__all__ = ["QUESTION_CHARS", "QUESTION_SIZE", "StepPanel", "StepText", "whole_dialog"]

#: Questions up to this many characters: one line at :data:`QUESTION_SIZE` px; else two.
QUESTION_CHARS = 22
QUESTION_SIZE, QUESTION_SMALL = 18, 15


@dataclass(frozen=True)
class StepText:
    """One text: ``lines`` at ``size`` px, cut with «…», tagged ``ident``; ``""`` takes no room."""

    ident: str
    text: str
    lines: int
    size: int = 13
    bold: bool = False


def _text(t: StepText) -> ft.Control:
    return said(
        t.ident,
        clipped_text(t.text, t.size, lines=t.lines, weight=ft.FontWeight.W_500 if t.bold else None),
    )


def whole_dialog(
    question: str,
    texts: list[str],
    close: Callable[[], None],
    tags: tuple[str, str, str] = ("step-texts-title", "step-texts-text", "step-texts-close"),
) -> ft.AlertDialog:
    """The question and texts whole, closed by «Понятно». ``tags``: the title, the texts and
    the button (by default ``step-texts-title``, ``step-texts-text``, ``step-texts-close``)."""
    return ft.AlertDialog(
        modal=True,
        title=said(tags[0], ft.Text(question, size=18)),
        content=tagged(
            tags[1],
            ft.Column(
                [ft.Text(t, size=15) for t in texts],
                spacing=8,
                tight=True,
                scroll=ft.ScrollMode.AUTO,
            ),
            label="\n".join(texts),
        ),
        actions=[button(tags[2], _("Понятно"), close, ft.FilledButton)],
        on_dismiss=close,
    )


def _icon(ident: str, icon: ft.IconData, label: str, on_click: Callable[[], None]) -> ft.Control:
    return tagged(
        ident,
        ft.IconButton(
            icon,
            icon_color=ft.Colors.PRIMARY,
            tooltip=label,
            width=TARGET,
            height=TARGET,
            on_click=on_click,
        ),
        label=label,
    )


@ft.component
def StepPanel(
    question: str,
    choices: Sequence[ft.Control],
    texts: Sequence[StepText],
    rule: str,
    open_rule: Callable[[], None],
    moment: Hashable,
    *,
    padding: int = 8,
    gap: int = 2,
    idents: tuple[str, str] = ("step", "rules-link"),
    cut: Sequence[str] = (),
) -> ft.Control:
    """The step's panel: ``rule`` is the heading the link opens (``open_rule``); ``moment`` keys
    the dialog; ``padding`` (px) left and right (half above and below); ``gap`` (px);
    ``idents`` tag the question and the rule link; ``cut``: texts the board's ``choices`` may
    cut, shown whole by «Весь текст» too."""
    reading, set_reading = ft.use_state(None)
    shown = [t for t in texts if t.text]
    whole = [t.text for t in shown] + [t for t in cut if t]
    short = len(question) <= QUESTION_CHARS
    readable = bool(whole) or not short  # something may be cut: «Весь текст» reads it
    opened = readable and reading is not None and reading == moment
    ft.use_dialog(whole_dialog(question, whole, lambda: set_reading(None)) if opened else None)
    read = _icon("step-texts", ft.Icons.INFO_OUTLINE, _("Весь текст"), lambda: set_reading(moment))
    link = _icon(idents[1], ft.Icons.MENU_BOOK, f"{_('Правила')}: {rule}", open_rule)
    size, lines = (QUESTION_SIZE, 1) if short else (QUESTION_SMALL, 2)
    asked = said(idents[0], clipped_text(question, size, lines=lines, weight=ft.FontWeight.BOLD))
    buttons = ft.Row([read, link] if readable else [link], spacing=0, tight=True)
    head = ft.Row([ft.Container(asked, expand=True), buttons], height=TARGET)
    parts: list[ft.Control] = [head, *choices]
    if shown:
        parts.append(ft.Column([_text(t) for t in shown], spacing=gap, tight=True))
    return ft.Container(
        ft.Column(parts, spacing=gap),
        padding=ft.Padding.symmetric(horizontal=padding, vertical=padding // 2),
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )
