"""The phase card: the reminder (:data:`REMINDER_LINES` reserved, tap for the whole), plays
left, the turn. ``small``: the plays row alone (:data:`SMALL_CARD_HEIGHT`), the reminder
in the body (:class:`Reminder`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.boards.smashup.common import caption_over
from companion.ui.widgets import TARGET, Counter, clipped_text, said, tagged

__all__ = ["card", "PhaseCard", "Reminder", "REMINDER_LINES", "SMALL_CARD_HEIGHT"]

#: The reminder: lines kept, text size and line height (px), box height.
REMINDER_LINES, REMINDER_SIZE, _LINE = 3, 12, 16
REMINDER_HEIGHT = REMINDER_LINES * _LINE
#: The card's height on a short phone.
SMALL_CARD_HEIGHT = TARGET


@ft.component
def _Plays(
    kind: str, title: str, left: int, extra: bool, send: Callable[..., bool], small: bool = False
) -> ft.Control:
    """Plays left of one kind (``plays-<kind>``): «−» records a card played, «+» grants an extra
    play; ``extra``: outside «Играй карты» («Всё остальное»); ``small``: the title over it."""

    def change(delta: int) -> None:
        if delta < 0:
            send("play.record", {"kind": kind, "extra": True} if extra else {"kind": kind})
        else:
            send("play.grant", {"kind": kind, "count": delta})

    word = _("приспешник") if kind == "minion" else _("действие")
    counter = Counter(
        f"plays-{kind}",
        title,
        left,
        change,
        width=30,
        size=20 if small else 22,
        color=ft.Colors.ERROR if left <= 0 and not extra else None,
        number_top=10 if small else 0,
        tips=(
            f"{_('Сыграно')}: {word}" + (f" ({_('добавочная карта')})" if extra else ""),
            f"{_('Добавочная карта')}: {word}",
        ),
    )
    if small:
        return ft.Stack([counter, caption_over(ft.Text(title, size=10, no_wrap=True))])
    return ft.Column(
        [ft.Text(title, size=12, no_wrap=True), counter],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
def _Reminder(text: str, show: Callable[[str], None] | None) -> ft.Control:
    """The phase reminder in its three-line box; a tap shows it whole (``show``)."""
    return tagged(
        "reminder",
        ft.Container(
            clipped_text(
                text,
                REMINDER_SIZE,
                lines=REMINDER_LINES,
                style=ft.TextStyle(height=_LINE / REMINDER_SIZE),
            ),
            height=REMINDER_HEIGHT,
            alignment=ft.Alignment.TOP_LEFT,
            clip_behavior=ft.ClipBehavior.HARD_EDGE,
            on_click=(lambda: show(text)) if show is not None else None,
        ),
        label=text,
    )


@ft.component
def _Turn(turn: int) -> ft.Control:
    """«Ход N», right-aligned beside the plays (plain props: a play does not render it)."""
    return said(
        "turn", ft.Text(f"{_('Ход')} {turn}", size=14, no_wrap=True, text_align=ft.TextAlign.END)
    )


Plays, Reminder, Turn = ft.memo(_Plays), ft.memo(_Reminder), ft.memo(_Turn)


@ft.component
def PhaseCard(
    turn: int,
    text: str,
    minions: int,
    actions: int,
    extra: bool,
    send: Callable[..., bool],
    show: Callable[[str], None] | None = None,
    small: bool = False,
    wide: bool = False,
) -> ft.Control:
    """The reminder (``show(text)``: whole), plays left and the turn; ``small``: one 48 dp row,
    no reminder; ``wide``: the reminder beside the plays."""
    plays = [
        Plays("minion", _("Приспешники"), minions, extra, send, small),
        Plays("action", _("Действия"), actions, extra, send, small),
    ]
    if wide:
        reminder = ft.Container(Reminder(text, show), expand=True)
        row = ft.Row(
            [reminder, *plays, Turn(turn)],
            spacing=12,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        return card(row, ft.Padding.only(left=10, right=10, top=4, bottom=2))
    turn_right = ft.Container(Turn(turn), expand=True, alignment=ft.Alignment.CENTER_RIGHT)
    line = ft.Row([*plays, turn_right], spacing=8)
    if small:
        return card(line, ft.Padding.only(left=4, right=8), height=SMALL_CARD_HEIGHT)
    column = ft.Column([Reminder(text, show), line], spacing=0)
    return card(column, ft.Padding.only(left=10, right=4, top=4, bottom=2))


def card(content: ft.Control, padding: ft.Padding, **box: Any) -> ft.Container:
    """The phase card's rounded tinted box (the reminder on a short phone's board too)."""
    return ft.Container(
        content, padding=padding, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER, **box
    )
