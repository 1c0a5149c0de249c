"""The panel of a guided step, shared by the boards: its question, its answers, its texts and
the rule link (issue 29, «Shared components»).

:func:`StepPanel` draws, top to bottom:

* a 48 dp row: the question (tagged ``step``) — one line at :data:`QUESTION_SIZE` when it is
  short (:data:`QUESTION_CHARS`), else two smaller lines — then «Весь текст» (``step-texts``,
  present while the step has texts or a two-line question) and the rule link
  (``rules-link``), both 48×48 dp; the rule link stays at the row's right end;
* ``choices``: the board's own controls (the answers of the step), as given;
* ``texts``: :class:`StepText` lines, each cut by Flutter with «…» after its ``lines``.

Nothing is measured here: a text too long for its lines ends with «…», and «Весь текст»
opens a dialog with the question and every text whole. The dialog belongs to the moment
``moment`` names (e.g. the number of moves): when the moment changes it closes by itself.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import flet as ft

from companion.i18n import _
from companion.ui.widgets import TARGET, tagged

__all__ = ["QUESTION_CHARS", "QUESTION_SIZE", "StepPanel", "StepText"]

#: A question of at most this many characters is drawn on one line at :data:`QUESTION_SIZE`
#: px; a longer one on two lines at :data:`QUESTION_SMALL` px, cut with «…» after them.
QUESTION_CHARS = 22
QUESTION_SIZE, QUESTION_SMALL = 18, 15


@dataclass(frozen=True)
class StepText:
    """One text under the step's choices: shown on at most ``lines`` lines at ``size`` px
    (cut with «…»), tagged ``ident``; an empty ``text`` takes no room."""

    ident: str
    text: str
    lines: int
    size: int = 13
    bold: bool = False


def _text(t: StepText) -> ft.Control:
    return tagged(
        t.ident,
        ft.Text(
            t.text,
            size=t.size,
            max_lines=t.lines,
            overflow=ft.TextOverflow.ELLIPSIS,
            weight=ft.FontWeight.W_500 if t.bold else None,
        ),
        label=t.text,
    )


def _whole_dialog(question: str, texts: list[str], close: Callable[[], None]) -> ft.AlertDialog:
    """The question (``step-texts-title``) and every text (``step-texts-text``) whole, closed
    by «Понятно» (``step-texts-close``)."""
    return ft.AlertDialog(
        modal=True,
        title=tagged("step-texts-title", ft.Text(question, size=18), label=question),
        content=tagged(
            "step-texts-text",
            ft.Column(
                [ft.Text(t, size=15) for t in texts],
                spacing=8,
                tight=True,
                scroll=ft.ScrollMode.AUTO,
            ),
            label="\n".join(texts),
        ),
        actions=[
            tagged(
                "step-texts-close",
                ft.FilledButton(_("Понятно"), height=TARGET, on_click=close),
            )
        ],
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
) -> ft.Control:
    """The step's panel (see the module docstring). ``rule`` is the rulebook heading the rule
    link opens (``open_rule`` opens it; its label is «Правила: <rule>»); ``moment`` keys the
    «Весь текст» dialog; ``padding`` (px) is the panel's inner margin left and right (half of
    it above and below), ``gap`` (px) the space between its parts."""
    reading, set_reading = ft.use_state(None)
    shown = [t for t in texts if t.text]
    whole = [t.text for t in shown]
    short = len(question) <= QUESTION_CHARS
    readable = bool(whole) or not short  # something may be cut: «Весь текст» reads it
    if readable and reading is not None and reading == moment:
        dialog: ft.AlertDialog | None = _whole_dialog(question, whole, lambda: set_reading(None))
    else:
        dialog = None
    ft.use_dialog(dialog)
    buttons = (
        [_icon("step-texts", ft.Icons.INFO_OUTLINE, _("Весь текст"), lambda: set_reading(moment))]
        if readable
        else []
    )
    buttons.append(_icon("rules-link", ft.Icons.MENU_BOOK, f"{_('Правила')}: {rule}", open_rule))
    head = ft.Row(
        [
            ft.Container(
                tagged(
                    "step",
                    ft.Text(
                        question,
                        size=QUESTION_SIZE if short else QUESTION_SMALL,
                        weight=ft.FontWeight.BOLD,
                        max_lines=1 if short else 2,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    label=question,
                ),
                expand=True,
            ),
            ft.Row(buttons, spacing=0, tight=True),
        ],
        height=TARGET,
    )
    parts: list[ft.Control] = [head, *choices]
    if shown:
        parts.append(ft.Column([_text(t) for t in shown], spacing=gap, tight=True))
    return ft.Container(
        ft.Column(parts, spacing=gap),
        padding=ft.Padding.symmetric(horizontal=padding, vertical=padding // 2),
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )
