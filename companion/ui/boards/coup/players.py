"""The bank line and one 48 dp row per player (:func:`~companion.ui.player_row.player_row`'s
card); a folded board (:func:`~companion.ui.boards.coup.common.use_short`) puts the unseen
characters on one line and, from :data:`PAIRS_FROM` players, two rows to a line."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.coup import CHARACTER_NAMES, CHARACTERS
from companion.i18n import _
from companion.present.coup import row_status
from companion.ui.player_row import player_row
from companion.ui.widgets import clipped_text, said, tagged

__all__ = ["BankBar", "PAIRS_FROM", "PlayerRow", "ROW_HEIGHT"]

ROW_HEIGHT = 48
#: The «Не раскрыто» caption's width and size, and the unseen cells' spacing (px).
UNSEEN_LABEL, UNSEEN_LABEL_SIZE, UNSEEN_SPACING = 52, 10, 3
#: The caption and the five cells at most this wide (px).
UNSEEN_MAX = 480
#: Border width of the chosen target's row (the others' is 2), and its tint.
AIMED_BORDER, AIMED_TINT = 3, ft.Colors.with_opacity(0.14, ft.Colors.TERTIARY)
#: On a folded board, players from which rows go two to a line, and the gap between them (px).
PAIRS_FROM, PAIR_GAP = 4, 4
#: A name's size (px): full row, narrow phone, half row (cut with «…», whole in the label).
NAME_SIZE, NAME_SIZE_NARROW, NAME_SIZE_HALF = 17, 15, 14


@ft.component
def _Unseen(unseen: tuple[int, ...], folded: bool = False) -> ft.Control:
    """«Не раскрыто:» and a chip per character; ``folded``: one line of five cells, no caption."""

    def chip(k: int, c: str) -> ft.Control:
        inside = [  # the name its own node: a test sees that it is whole
            tagged(f"unseen-name-{c}", ft.Text(CHARACTER_NAMES[c], size=11, no_wrap=True)),
            ft.Text(
                str(unseen[k]),
                size=12 if folded else 14,
                weight=ft.FontWeight.BOLD,
                color=ft.Colors.ERROR if unseen[k] == 0 else None,
            ),
        ]
        box = ft.Container(
            ft.Row(inside, spacing=3, tight=True, alignment=ft.MainAxisAlignment.CENTER)
            if folded
            else ft.Column(
                inside, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER
            ),
            padding=ft.Padding.symmetric(vertical=1),
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            border_radius=6,
            alignment=ft.Alignment.CENTER,
            tooltip=f"{CHARACTER_NAMES[c]}: {_('ещё не раскрыто')} {unseen[k]} {_('из')} 3",
        )
        label = f"{CHARACTER_NAMES[c]} {unseen[k]}"
        return ft.Container(tagged(f"unseen-{c}", box, label=label), expand=True)

    caption = (
        [] if folded else [ft.Text(_("Не\nраскрыто:"), size=UNSEEN_LABEL_SIZE, width=UNSEEN_LABEL)]
    )
    chips = [chip(k, c) for k, c in enumerate(CHARACTERS)]
    # five equal cells: nothing wraps or moves when a count changes
    return ft.Container(ft.Row([*caption, *chips], spacing=UNSEEN_SPACING), width=UNSEEN_MAX)


Unseen = ft.memo(_Unseen)


@ft.component
def BankBar(
    treasury: int, court_deck: int, turn: int, unseen: tuple[int, ...], folded: bool = False
) -> ft.Control:
    """Treasury, court deck, turn and the unseen characters (memoised); ``folded``: one line."""
    bank = f"{_('Казна')} {treasury}"
    icon = ft.Icon(ft.Icons.ACCOUNT_BALANCE, size=20)
    bold = ft.Text(bank, size=18, weight=ft.FontWeight.BOLD)
    line = [
        tagged("treasury", ft.Row([icon, bold], spacing=4, tight=True), label=bank),
        said("court-deck", ft.Text(f"{_('Колода двора')} {court_deck}", size=13)),
        ft.Container(
            said("turn", ft.Text(f"{_('Ход')} {turn}", size=13)),
            expand=True,
            alignment=ft.Alignment.CENTER_RIGHT,
        ),
    ]
    return ft.Column([ft.Row(line, spacing=10), Unseen(unseen, folded)], spacing=2)


def _mark(
    status: str, aimed: bool, target: bool, word: bool, icon: ft.IconData | None
) -> ft.Control:
    """A possible target's outlined chip (finger), the chosen one's filled chip (crosshair),
    with ``word`` the status beside it; else the status in italics (a half row: ``icon``)."""
    if not (aimed or target):
        if not status:
            return ft.Container(width=0)
        if icon is not None:
            return ft.Icon(icon, size=14, color=ft.Colors.PRIMARY, tooltip=status)
        return ft.Text(status, size=12, italic=True, color=ft.Colors.PRIMARY, no_wrap=True)
    ink = ft.Colors.ON_TERTIARY if aimed else ft.Colors.TERTIARY
    parts: list[ft.Control] = [
        ft.Icon(ft.Icons.GPS_FIXED if aimed else ft.Icons.TOUCH_APP, size=12, color=ink)
    ]
    if word:
        parts.append(ft.Text(status, size=12, weight=ft.FontWeight.BOLD, color=ink, no_wrap=True))
    return ft.Container(
        ft.Row(parts, spacing=3, tight=True),
        bgcolor=ft.Colors.TERTIARY if aimed else None,
        border=ft.Border.all(1, ft.Colors.TERTIARY),
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=5, vertical=0),
    )


def _figures(
    index: int, name: str, color: str, influence: int, coins: int, small: bool
) -> list[ft.Control]:
    """Influences left as card icons (``small``: 14 px, none once both are lost), then the coins
    in a fixed-width slot (``small``: 18 px, as wide as they are)."""
    cards = [
        ft.Icon(
            ft.Icons.STYLE if k < influence else ft.Icons.STYLE_OUTLINED,
            size=14 if small else 22,
            color=color if k < influence else ft.Colors.OUTLINE_VARIANT,
        )
        for k in range(0 if small and influence == 0 else 2)
    ]
    money = ft.Row(
        [
            ft.Text(str(coins), size=18 if small else 28, weight=ft.FontWeight.BOLD),
            ft.Icon(ft.Icons.MONETIZATION_ON, size=14 if small else 20, color=ft.Colors.AMBER),
        ],
        spacing=2,
        tight=small,
        alignment=ft.MainAxisAlignment.END,
    )
    return [
        tagged(
            f"influence-p{index}",
            ft.Row(cards, spacing=0, tight=True),
            label=f"{name}: {_('покровителей')} {influence}",
        ),
        tagged(
            f"coins-p{index}",
            money if small else ft.Container(money, width=64),
            label=f"{name}: {_('монет')} {coins}",
        ),
    ]


def _content(
    index: int,
    name: str,
    color: str,
    status: str,
    shown: str,
    influence: int,
    coins: int,
    aimed: bool,
    marked: bool,
    narrow: bool,
    half: bool,
) -> tuple[ft.Control, list[ft.Control]]:
    """The row's head (name, mark, the characters revealed) and its slots (cards, coins); a half
    row has the cards and coins in the head's second line, before the revealed characters."""
    icon = (ft.Icons.BLOCK if influence == 0 else ft.Icons.PLAY_ARROW) if half else None
    size = NAME_SIZE_HALF if half else NAME_SIZE_NARROW if narrow else NAME_SIZE
    top = ft.Row(
        [
            ft.Container(  # never pushed over the cards
                tagged(
                    f"name-p{index}",
                    clipped_text(name, size, weight=ft.FontWeight.BOLD, tooltip=name),
                ),
                expand=True,
                expand_loose=True,
            ),
            _mark(status, aimed, marked, not (narrow or half), icon),
        ],
        spacing=3 if half else 6,
    )
    revealed = tagged(
        f"revealed-p{index}",
        clipped_text(shown, 11 if half else 12, color=ft.Colors.ERROR),
        label=f"{name}: {_('раскрыты')}: {shown or '-'}",
    )
    figures = _figures(index, name, color, influence, coins, half)
    second = (
        ft.Row([*figures, ft.Container(revealed, expand=True)], spacing=4) if half else revealed
    )
    head = ft.Column([top, second], spacing=0, alignment=ft.MainAxisAlignment.CENTER)
    return head, [] if half else figures


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
    half: bool = False,
) -> ft.Control:
    """One player's row; ``target``: a possible target («цель?»), ``aimed``: the chosen one
    («цель», thicker border, tint); ``on_tap`` while a target is chosen (every row answers);
    ``narrow``: smaller name, icon chips; ``half``: half a line, cards and coins under the name."""
    aimed = aimed and target and not (exiled or turn)
    status = row_status(exiled, turn, aimed, target)
    shown = ", ".join(CHARACTER_NAMES[c] for c in revealed)
    marked = target and not (exiled or turn)
    # the same content objects while unchanged: the diff skips them
    shows = [index, name, color, status, shown, influence, coins, aimed, marked, narrow, half]
    head, slots = ft.use_memo(lambda: _content(*shows), shows)
    edge = ft.Colors.TERTIARY if waited or target else ft.Colors.OUTLINE_VARIANT
    return player_row(
        f"player-p{index}",
        color,
        turn,
        head,
        slots,
        label=f"{name}{' — ' + status if status else ''}",
        dense=True,
        height=ROW_HEIGHT,
        spacing=4 if half else 8,
        border=(AIMED_BORDER if aimed else 2, color if turn else edge),
        tint=AIMED_TINT if aimed else None,
        opacity=0.4 if exiled else 1.0,
        on_click=(lambda: on_tap(index)) if on_tap is not None else None,
    )
