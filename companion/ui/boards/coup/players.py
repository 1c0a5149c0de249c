"""The bank line and one 48 dp row per player; a folded board
(:func:`~companion.ui.boards.coup.common.use_short`) puts the unseen characters on one line
and, from :data:`PAIRS_FROM` players, two rows to a line."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.coup import CHARACTER_NAMES, CHARACTERS
from companion.i18n import _
from companion.ui.widgets import border_all, clipped_text, said, tagged

__all__ = ["BankBar", "PAIRS_FROM", "PlayerRow", "ROW_HEIGHT", "name_size"]

ROW_HEIGHT = 48
#: The «Не раскрыто» caption's width and size, and the unseen cells' spacing (px).
UNSEEN_LABEL = 52
UNSEEN_LABEL_SIZE = 10
UNSEEN_SPACING = 3
#: The caption and the five cells at most this wide (px).
UNSEEN_MAX = 480
#: Border width of the chosen target's row (the others' is 2), and its tint.
AIMED_BORDER = 3
AIMED_TINT = ft.Colors.with_opacity(0.14, ft.Colors.TERTIARY)
#: On a folded board, players from which rows go two to a line.
PAIRS_FROM = 4
PAIR_GAP = 4
#: A name's size (px): full row, narrow phone, half row (cut with «…», whole in the label).
NAME_SIZE, NAME_SIZE_NARROW, NAME_SIZE_HALF = 17, 15, 14


def name_size(narrow: bool, half: bool) -> int:
    """The size (px) of a name in its row: see :data:`NAME_SIZE`."""
    if half:
        return NAME_SIZE_HALF
    return NAME_SIZE_NARROW if narrow else NAME_SIZE


def _name(index: int, name: str, size: int) -> ft.Control:
    """The name (``name-p<index>``), bold, one line, cut with «…»."""
    return ft.Container(
        tagged(f"name-p{index}", clipped_text(name, size, weight=ft.FontWeight.BOLD, tooltip=name)),
        expand=True,
        expand_loose=True,
    )


@ft.component
def _Unseen(unseen: tuple[int, ...], folded: bool = False) -> ft.Control:
    """«Не раскрыто:» and a chip per character; ``folded``: one line of five cells, no caption."""

    def count(k: int) -> ft.Text:
        return ft.Text(
            str(unseen[k]),
            size=12 if folded else 14,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.ERROR if unseen[k] == 0 else None,
        )

    def name(c: str) -> ft.Control:  # its own node: a test sees that it is whole
        return tagged(f"unseen-name-{c}", ft.Text(CHARACTER_NAMES[c], size=11, no_wrap=True))

    def inside(k: int, c: str) -> ft.Control:
        if folded:
            return ft.Row(
                [name(c), count(k)], spacing=3, tight=True, alignment=ft.MainAxisAlignment.CENTER
            )
        return ft.Column(
            [name(c), count(k)],
            spacing=0,
            tight=True,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    chips = [
        ft.Container(
            tagged(
                f"unseen-{c}",
                ft.Container(
                    inside(k, c),
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
    caption = (
        [] if folded else [ft.Text(_("Не\nраскрыто:"), size=UNSEEN_LABEL_SIZE, width=UNSEEN_LABEL)]
    )
    # five equal cells: nothing wraps or moves when a count changes
    return ft.Container(ft.Row([*caption, *chips], spacing=UNSEEN_SPACING), width=UNSEEN_MAX)


Unseen = ft.memo(_Unseen)


@ft.component
def BankBar(
    treasury: int, court_deck: int, turn: int, unseen: tuple[int, ...], folded: bool = False
) -> ft.Control:
    """Treasury, court deck, turn and the unseen characters (memoised); ``folded``: one line."""
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
                                    f"{_('Казна')} {treasury}", size=18, weight=ft.FontWeight.BOLD
                                ),
                            ],
                            spacing=4,
                            tight=True,
                        ),
                        label=f"{_('Казна')} {treasury}",
                    ),
                    said("court-deck", ft.Text(f"{_('Колода двора')} {court_deck}", size=13)),
                    ft.Container(
                        said("turn", ft.Text(f"{_('Ход')} {turn}", size=13)),
                        expand=True,
                        alignment=ft.Alignment.CENTER_RIGHT,
                    ),
                ],
                spacing=10,
            ),
            Unseen(unseen, folded),
        ],
        spacing=2,
    )


def _chip(aimed: bool, word: str | None) -> ft.Control:
    """A possible target's outlined chip (finger), the chosen target's filled one (crosshair);
    ``word`` beside the icon when given."""
    ink = ft.Colors.ON_TERTIARY if aimed else ft.Colors.TERTIARY
    icon = ft.Icon(ft.Icons.GPS_FIXED if aimed else ft.Icons.TOUCH_APP, size=12, color=ink)
    parts: list[ft.Control] = [icon]
    if word is not None:
        parts.append(ft.Text(word, size=12, weight=ft.FontWeight.BOLD, color=ink, no_wrap=True))
    return ft.Container(
        ft.Row(parts, spacing=3, tight=True),
        bgcolor=ft.Colors.TERTIARY if aimed else None,
        border=ft.Border.all(1, ft.Colors.TERTIARY),
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=5, vertical=0),
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
    size: int = 17,
) -> ft.Control:
    """Name and status, the characters revealed; target chips «цель?» / «цель» (``narrow``:
    icons only). The name at ``size`` (:func:`name_size`)."""
    mark: ft.Control = ft.Text(status, size=12, italic=True, color=ft.Colors.PRIMARY, no_wrap=True)
    if aimed or target:
        mark = _chip(aimed, None if narrow else status)
    return ft.Column(
        [
            ft.Row(
                [
                    _name(index, name, size),  # never pushed over the cards
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
def _Cards(index: int, name: str, color: str, influence: int, small: bool = False) -> ft.Control:
    """Influences left as card icons (``small``: 14 px, none once both are lost)."""
    cards = [
        ft.Icon(
            ft.Icons.STYLE if k < influence else ft.Icons.STYLE_OUTLINED,
            size=14 if small else 22,
            color=color if k < influence else ft.Colors.OUTLINE_VARIANT,
        )
        for k in range(0 if small and influence == 0 else 2)
    ]
    return tagged(
        f"influence-p{index}",
        ft.Row(cards, spacing=0, tight=True),
        label=f"{name}: {_('покровителей')} {influence}",
    )


@ft.component
def _Coins(index: int, name: str, coins: int, small: bool = False) -> ft.Control:
    """Coins in a fixed-width slot (``small``: 18 px, as wide as they are, in a half row)."""
    figures = ft.Row(
        [
            ft.Text(str(coins), size=18 if small else 28, weight=ft.FontWeight.BOLD),
            ft.Icon(ft.Icons.MONETIZATION_ON, size=14 if small else 20, color=ft.Colors.AMBER),
        ],
        spacing=2,
        tight=small,
        alignment=ft.MainAxisAlignment.END,
    )
    return tagged(
        f"coins-p{index}",
        figures if small else ft.Container(figures, width=64),
        label=f"{name}: {_('монет')} {coins}",
    )


@ft.component
def _Half(
    index: int,
    name: str,
    status: str,
    shown: str,
    influence: int,
    coins: int,
    color: str,
    aimed: bool,
    target: bool,
    size: int,
) -> ft.Control:
    """A half-line row (folded board): name and mark, then cards, coins and revealed characters."""
    mark: ft.Control
    if aimed or target:
        mark = _chip(aimed, None)
    elif status:
        mark = ft.Icon(
            ft.Icons.BLOCK if influence == 0 else ft.Icons.PLAY_ARROW,
            size=14,
            color=ft.Colors.PRIMARY,
            tooltip=status,
        )
    else:
        mark = ft.Container(width=0)
    return ft.Row(
        [
            ft.Container(width=3, height=36, bgcolor=color, border_radius=2),
            ft.Column(
                [
                    ft.Row([_name(index, name, size), mark], spacing=3),
                    ft.Row(
                        [
                            Cards(index, name, color, influence, True),
                            Coins(index, name, coins, True),
                            ft.Container(
                                tagged(
                                    f"revealed-p{index}",
                                    clipped_text(shown, 11, color=ft.Colors.ERROR),
                                    label=f"{name}: {_('раскрыты')}: {shown or '-'}",
                                ),
                                expand=True,
                            ),
                        ],
                        spacing=4,
                    ),
                ],
                spacing=0,
                expand=True,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
        ],
        spacing=4,
    )


Who, Cards, Coins, Half = ft.memo(_Who), ft.memo(_Cards), ft.memo(_Coins), ft.memo(_Half)


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
    ``narrow``: smaller name, icon chips; ``half``: half a line (:func:`_Half`)."""
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
    size = name_size(narrow, half)
    marked = target and not (exiled or turn)
    # the same content object while unchanged: the diff skips it
    content = ft.use_memo(
        lambda: (
            Half(index, name, status, shown, influence, coins, color, aimed, marked, size)
            if half
            else ft.Row(
                [
                    ft.Container(width=6, height=36, bgcolor=color, border_radius=3),
                    Who(index, name, status, shown, aimed, marked, narrow, size),
                    Cards(index, name, color, influence),
                    Coins(index, name, coins),
                ],
                spacing=8,
            )
        ),
        [index, name, color, status, shown, influence, coins, aimed, target, narrow, size, half],
    )
    # 1 px more border, 1 px less padding: the content stays put
    wide = AIMED_BORDER - 2 if aimed else 0
    left, right = (3, 4) if half else (4, 8)
    return tagged(
        f"player-p{index}",
        ft.Container(
            content,
            height=ROW_HEIGHT,
            padding=ft.Padding.only(left=left - wide, right=right - wide),
            border_radius=10,
            opacity=0.4 if exiled else 1.0,
            bgcolor=AIMED_TINT if aimed else None,
            border=border_all(
                AIMED_BORDER if aimed else 2,
                color
                if turn
                else (ft.Colors.TERTIARY if waited or target else ft.Colors.OUTLINE_VARIANT),
            ),
            on_click=(lambda: on_tap(index)) if on_tap is not None else None,
        ),
        label=f"{name}{' — ' + status if status else ''}",
    )
