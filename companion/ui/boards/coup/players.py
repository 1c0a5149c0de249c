"""The public part of Coup: the bank line and one compact row per player.

Rows have a fixed height (48 dp): name and status, influences left (card icons), the
characters revealed, coins in a fixed-width slot. Six rows and the bank fit above the
action choice on a 390×844 phone.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.coup import CHARACTER_NAMES, CHARACTERS
from companion.i18n import _
from companion.ui.widgets import border_all, clipped_text, tagged

__all__ = ["BankBar", "NARROW", "PlayerRow", "ROW_HEIGHT"]

ROW_HEIGHT = 48
#: Width of the «Не раскрыто» caption before the five unseen-character cells (px), the
#: caption's size, and the cells' spacing: at 360 px each cell keeps ~49 px for its name
#: («Графиня» at 11 px is ~48; with a 58 px caption and 4 px gaps it was cut to «Графин»).
UNSEEN_LABEL = 52
UNSEEN_LABEL_SIZE = 10
UNSEEN_SPACING = 3
#: The caption and the five cells at most this wide (px): a phone's column is narrower (the
#: cells share it), a laptop's is not (the cells stop at ~80 px instead of ~150).
UNSEEN_MAX = 480
#: Screens narrower than this (px) show a target's chip without its word (see :func:`_Who`).
NARROW = 380
#: Border width of the chosen target's row (the others' is 2), and its tint.
AIMED_BORDER = 3
AIMED_TINT = ft.Colors.with_opacity(0.14, ft.Colors.TERTIARY)


@ft.component
def _Unseen(unseen: tuple[int, ...]) -> ft.Control:
    """«Не раскрыто:» and a chip per character (changes only when a card is revealed)."""
    chips = [
        ft.Container(
            tagged(
                f"unseen-{c}",
                ft.Container(
                    ft.Column(
                        [
                            ft.Text(CHARACTER_NAMES[c], size=11, no_wrap=True),
                            ft.Text(
                                str(unseen[k]),
                                size=14,
                                weight=ft.FontWeight.BOLD,
                                color=ft.Colors.ERROR if unseen[k] == 0 else None,
                            ),
                        ],
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    padding=ft.Padding.symmetric(vertical=1),
                    border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                    border_radius=6,
                    alignment=ft.Alignment.CENTER,
                    tooltip=f"{CHARACTER_NAMES[c]}: {_('ещё не раскрыто')} {unseen[k]} {_('из')} 3",
                ),
                label=f"{CHARACTER_NAMES[c]} {unseen[k]}",
            ),
            expand=True,
        )
        for k, c in enumerate(CHARACTERS)
    ]
    # full names on a 390 px phone: a fixed grid of five equal cells (name over the count),
    # so nothing wraps, overflows or moves when a count changes; the fixed width is a maximum
    # (Flutter clamps it to a narrower column)
    return ft.Container(
        ft.Row(
            [
                ft.Text(_("Не\nраскрыто:"), size=UNSEEN_LABEL_SIZE, width=UNSEEN_LABEL),
                *chips,
            ],
            spacing=UNSEEN_SPACING,
        ),
        width=UNSEEN_MAX,
    )


Unseen = ft.memo(_Unseen)


@ft.component
def BankBar(treasury: int, court_deck: int, turn: int, unseen: tuple[int, ...]) -> ft.Control:
    """Treasury, court deck, turn, and copies of each character not yet revealed (a memoised
    line of its own: a coin move re-renders the first line only)."""
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "treasury",
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.ACCOUNT_BALANCE, size=20),
                                ft.Text(
                                    f"{_('Казна')} {treasury}",
                                    size=18,
                                    weight=ft.FontWeight.BOLD,
                                ),
                            ],
                            spacing=4,
                            tight=True,
                        ),
                        label=f"{_('Казна')} {treasury}",
                    ),
                    tagged(
                        "court-deck",
                        ft.Text(f"{_('Колода двора')} {court_deck}", size=13),
                        label=f"{_('Колода двора')} {court_deck}",
                    ),
                    ft.Container(
                        tagged(
                            "turn",
                            ft.Text(f"{_('Ход')} {turn}", size=13),
                            label=f"{_('Ход')} {turn}",
                        ),
                        expand=True,
                        alignment=ft.Alignment.CENTER_RIGHT,
                    ),
                ],
                spacing=10,
            ),
            Unseen(unseen),
        ],
        spacing=2,
    )


@ft.component
def _Who(
    index: int,
    name: str,
    status: str,
    shown: str,
    aimed: bool = False,
    target: bool = False,
    narrow: bool = False,
) -> ft.Control:
    """Name and status, the characters revealed. A possible target's «цель?» is an outlined
    chip with a finger (the row is what is tapped to aim: play-test, nothing said so), the
    chosen target's «цель» a filled chip with a crosshair; both are lower than the name.
    On a ``narrow`` screen (under :data:`NARROW` px) the chips are their icons alone: at 360
    px a 12-letter name and «цель?» do not fit beside the cards (the step's question and the
    bar say what the finger means; a screen reader reads the row's «— цель?»)."""
    mark: ft.Control = ft.Text(status, size=12, italic=True, color=ft.Colors.PRIMARY, no_wrap=True)
    if aimed or target:
        ink = ft.Colors.ON_TERTIARY if aimed else ft.Colors.TERTIARY
        icon = ft.Icon(ft.Icons.GPS_FIXED if aimed else ft.Icons.TOUCH_APP, size=12, color=ink)
        word = ft.Text(status, size=12, weight=ft.FontWeight.BOLD, color=ink, no_wrap=True)
        mark = ft.Container(
            ft.Row(
                [icon] if narrow else [icon, word],
                spacing=3,
                tight=True,
            ),
            bgcolor=ft.Colors.TERTIARY if aimed else None,
            border=ft.Border.all(1, ft.Colors.TERTIARY),
            border_radius=8,
            padding=ft.Padding.symmetric(horizontal=5, vertical=0),
        )
    return ft.Column(
        [
            ft.Row(
                [
                    # the name gives way to the mark (cut with «…» only when both do not
                    # fit: a 12-letter name beside «цель?» at 360 px), never pushed over
                    # the cards beside it
                    clipped_text(
                        name, 17, weight=ft.FontWeight.BOLD, expand=True, expand_loose=True
                    ),
                    mark,
                ],
                spacing=6,
            ),
            tagged(
                f"revealed-p{index}",
                clipped_text(shown, 12, color=ft.Colors.ERROR),
                label=f"{name}: {_('раскрыты')}: {shown or '-'}",
            ),
        ],
        spacing=0,
        expand=True,
        alignment=ft.MainAxisAlignment.CENTER,
    )


@ft.component
def _Cards(index: int, name: str, color: str, influence: int) -> ft.Control:
    """Influences left: two card icons, filled while alive."""
    cards = [
        ft.Icon(
            ft.Icons.STYLE if k < influence else ft.Icons.STYLE_OUTLINED,
            size=22,
            color=color if k < influence else ft.Colors.OUTLINE_VARIANT,
        )
        for k in range(2)
    ]
    return tagged(
        f"influence-p{index}",
        ft.Row(cards, spacing=0, tight=True),
        label=f"{name}: {_('покровителей')} {influence}",
    )


@ft.component
def _Coins(index: int, name: str, coins: int) -> ft.Control:
    """Coins in a fixed-width slot."""
    return tagged(
        f"coins-p{index}",
        ft.Container(
            ft.Row(
                [
                    ft.Text(str(coins), size=28, weight=ft.FontWeight.BOLD),
                    ft.Icon(ft.Icons.MONETIZATION_ON, size=20, color=ft.Colors.AMBER),
                ],
                spacing=2,
                alignment=ft.MainAxisAlignment.END,
            ),
            width=64,
        ),
        label=f"{name}: {_('монет')} {coins}",
    )


# the row's parts are memoised apart: a step that only moves the highlight (who is waited
# for) re-renders the row's frame, not its texts and icons
Who, Cards, Coins = ft.memo(_Who), ft.memo(_Cards), ft.memo(_Coins)


@ft.component
def PlayerRow(
    index: int,
    name: str,
    color: str,
    coins: int,
    influence: int,
    revealed: tuple[str, ...],
    exiled: bool,
    turn: bool,
    waited: bool,
    target: bool,
    on_tap: Callable[[int], None] | None,
    aimed: bool = False,
    narrow: bool = False,
) -> ft.Control:
    """One player; ``target`` marks a possible target of the action being chosen (tap to aim,
    «цель?»), ``aimed`` the target chosen (tapped, or the only opponent left): «цель», in bold,
    a thicker border on a tinted row, so the board shows who is aimed at. ``on_tap`` is given
    while a target is chosen, for every row: a tap on a row that is no target (an exiled
    player) gets the refusal in the banner instead of nothing."""
    aimed = aimed and target and not (exiled or turn)
    if exiled:
        status = _("в ссылке")
    elif turn:
        status = _("ходит")
    elif aimed:
        status = _("цель")
    else:
        status = _("цель?") if target else ""
    shown = ", ".join(CHARACTER_NAMES[c] for c in revealed)
    # the row's content is the same object while what it shows is the same: a step that only
    # moves the highlight re-renders the frame and its border, and the diff skips the rest
    content = ft.use_memo(
        lambda: ft.Row(
            [
                ft.Container(width=6, height=36, bgcolor=color, border_radius=3),
                Who(index, name, status, shown, aimed, target and not (exiled or turn), narrow),
                Cards(index, name, color, influence),
                Coins(index, name, coins),
            ],
            spacing=8,
        ),
        [index, name, color, status, shown, influence, coins, aimed, target, narrow],
    )
    # the chosen target's border is 1 px wider and its padding 1 px narrower: a border is
    # drawn inside the row's box, so the content stays where it was (nothing moves)
    wide = AIMED_BORDER - 2 if aimed else 0
    return tagged(
        f"player-p{index}",
        ft.Container(
            content,
            height=ROW_HEIGHT,
            padding=ft.Padding.only(left=4 - wide, right=8 - wide),
            border_radius=10,
            opacity=0.4 if exiled else 1.0,
            bgcolor=AIMED_TINT if aimed else None,
            border=border_all(
                AIMED_BORDER if aimed else 2,
                color
                if turn
                else (ft.Colors.TERTIARY if waited or target else ft.Colors.OUTLINE_VARIANT),
            ),
            # while a target is chosen every row answers: a possible target is aimed at, any
            # other (an exiled player, the acting one) says why not
            on_click=(lambda: on_tap(index)) if on_tap is not None else None,
        ),
        label=f"{name}{' — ' + status if status else ''}",
    )
