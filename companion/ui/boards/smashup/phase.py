"""The phase card: the reminder of the phase, plays left, the turn.

Fixed height: the reminder has three reserved lines (:data:`REMINDER_LINES` of
:data:`REMINDER_SIZE` px text, :data:`REMINDER_HEIGHT` px; the texts are written to fit at
360 px, a longer one — many ready bases with long names — ends in «…» and a tap shows it
whole), the plays row is always there.

On a short phone (``small``: :attr:`~companion.ui.layout.Layout.short`) the
card is the plays row alone, :data:`SMALL_CARD_HEIGHT` px, each counter's title drawn small
over its «−1+» (it takes no taps); the reminder is then the first thing of the board's body
(:class:`Reminder`, same box), which scrolls (phone play-test at 360×640: the pinned part
took ~340 px and an open base's 2nd and 3rd players needed a scroll).
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.widgets import TARGET, Counter, tagged

__all__ = [
    "PhaseCard",
    "Reminder",
    "REMINDER_LINES",
    "REMINDER_SIZE",
    "REMINDER_HEIGHT",
    "SMALL_CARD_HEIGHT",
]

#: The reminder: lines kept for it, its text size and line height (px), its box's height.
REMINDER_LINES = 3
REMINDER_SIZE = 12
_LINE = 16
REMINDER_HEIGHT = REMINDER_LINES * _LINE
#: The card's height on a short phone: the plays row, one 48 dp target high.
SMALL_CARD_HEIGHT = TARGET
#: A counter's title drawn over its «−1+» on a short phone (px).
_SMALL_TITLE = 10


@ft.component
def _Plays(
    kind: str,
    title: str,
    left: int,
    extra: bool,
    send: Callable[..., bool],
    over: bool,
    small: bool = False,
) -> ft.Control:
    """Plays left of one kind: «−» records a card played, «+» an extra play a card grants.

    In «Начало хода» the number is what the coming «Играй карты» brings (the free play and
    any extras already granted); after «Играй карты» it is the granted extras playable now.
    Outside «Играй карты» (``extra``) «−» records an extra play («Всё остальное»: played at
    once); the engine refuses anything else with its reason.

    ``small``: one 48 dp row, the title in small type at its top, over the gap between the
    buttons' icons (it ignores taps: a finger there still hits «−» or «+»).

    Handles: ``plays-<kind>`` (the number), ``plays-<kind>-minus``, ``plays-<kind>-plus``."""

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
        caption = ft.Container(
            ft.Text(title, size=_SMALL_TITLE, no_wrap=True),
            left=0,
            right=0,
            top=0,
            alignment=ft.Alignment.TOP_CENTER,
            ignore_interactions=True,
        )
        return ft.Stack([counter, caption], disabled=over)
    return ft.Column(
        [
            ft.Text(title, size=12, no_wrap=True),
            counter,
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        disabled=over,
    )


@ft.component
def _Reminder(text: str, show: Callable[[str], None] | None) -> ft.Control:
    """The phase reminder in its box of three lines, never drawn over the plays below it
    (play-test: a fourth line ran into «Приспешники»); a tap shows it whole (``show``).
    Plain props: a play does not render it."""
    return tagged(
        "reminder",
        ft.Container(
            ft.Text(
                text,
                size=REMINDER_SIZE,
                max_lines=REMINDER_LINES,
                overflow=ft.TextOverflow.ELLIPSIS,
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
    return tagged(
        "turn",
        ft.Text(f"{_('Ход')} {turn}", size=14, no_wrap=True, text_align=ft.TextAlign.END),
        label=f"{_('Ход')} {turn}",
    )


#: Memoised: a play re-renders the number of its kind, not the reminder or the turn.
Plays, Reminder, Turn = ft.memo(_Plays), ft.memo(_Reminder), ft.memo(_Turn)


@ft.component
def PhaseCard(
    turn: int,
    text: str,
    minions: int,
    actions: int,
    extra: bool,
    over: bool,
    send: Callable[..., bool],
    show: Callable[[str], None] | None = None,
    small: bool = False,
    wide: bool = False,
) -> ft.Control:
    """The reminder (3 lines reserved; ``show(text)`` shows it whole), then plays left and
    the turn; ``small``: the plays and the turn in one 48 dp row, no reminder (the board's
    body shows it); ``wide`` (a board pane of two columns' width: a laptop): the reminder
    beside the plays, in the same 3 lines' height, not an empty band over them (its text
    takes one line there).

    Whose turn and the phase are in the frame's status line (``status-player``,
    ``status-phase``), pinned above the body; the frame's rules button opens this phase.
    """
    # in «Начало хода» the plays the turn brings; after «Играй карты» the granted extras
    minion_title, action_title = _("Приспешники"), _("Действия")
    if wide:
        return ft.Container(
            ft.Row(
                [
                    ft.Container(Reminder(text, show), expand=True),
                    Plays("minion", minion_title, minions, extra, send, over),
                    Plays("action", action_title, actions, extra, send, over),
                    Turn(turn),
                ],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.only(left=10, right=10, top=4, bottom=2),
            border_radius=12,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        )
    plays = ft.Row(
        [
            Plays("minion", minion_title, minions, extra, send, over, small),
            Plays("action", action_title, actions, extra, send, over, small),
            ft.Container(Turn(turn), expand=True, alignment=ft.Alignment.CENTER_RIGHT),
        ],
        spacing=8,
    )
    if small:
        return ft.Container(
            plays,
            height=SMALL_CARD_HEIGHT,
            padding=ft.Padding.only(left=4, right=8),
            border_radius=12,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        )
    return ft.Container(
        ft.Column(
            [
                Reminder(text, show),
                plays,
            ],
            spacing=0,
        ),
        padding=ft.Padding.only(left=10, right=4, top=4, bottom=2),
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )
