"""One base in play: a compact row (here), and the editor under it while that base is open
(:mod:`.editor`; the sizes both share are here).

The row has a fixed height: name, VP for the places, power against the breakpoint, and a
fixed-width status slot (the «Захватить» button in «Проверь базы», a ready flag otherwise,
«до захвата N» under the name): a base becoming ready changes colours and text, never sizes.
The editor: first «Сыграть приспешника сюда» for the active player (a minion played from the
hand: it asks the minion's power in one tap, :mod:`.minion`; then one more minion of theirs
here, its power *and* the turn's minion play are one move — adding a minion with «+» alone
does not count a play, play-test), then one line per player: power
and minions, each a group of −/+ (48 dp) around a fixed-width number (tap the power for a
numeric pad), the groups 8 dp apart (play-test: power «+» and minions «−» were 4 px apart),
and last the breakpoint change until the end of turn.

A player's name beside the groups gets what the page leaves (:data:`NAME_SIZE`, up to two
lines, then «…»). On the narrowest phones (:attr:`~companion.ui.layout.Layout.narrow`) every
name goes over its power group instead, small at its top between the «−» and «+» glyphs
(:data:`CAPTION_SIZE`, one line, then «…»), the number moved down under it; the groups stay
where they are. A cut name is whole in its label and tooltip (a long press), and in the
numeric pad's title.

A base's name in its row: :data:`BASE_NAME_SIZE`, up to two lines, then «…»; whole in the
row's label and the open button's tooltip. The row's border is drawn over its content
(:data:`ROW_BORDER`): in a short phone's 48 dp row the open button is a whole 48×48 target.

On a short phone (``small``) the row is :data:`SMALL_ROW_HEIGHT` high and the editor leaves
out the «сила» / «приспешники» titles over the groups (each −/+ still says what it changes:
its label and tooltip), and the breakpoint change («Оборона на ход» small over its «−N+»)
shares a row with «Сыграть приспешника сюда», so an open base's players and its breakpoint
change fit under the folded header at 360×640.

Handles: ``base-<j>`` (the row), ``base-<j>-name``, ``base-<j>-total`` («16/20»),
``base-<j>-ready`` («готова к захвату» | «до захвата 4»), ``score-<j>``, ``base-<j>-open``
(the open/close button; the whole row opens it too);
in the editor ``play-minion-b<j>``, ``pow-b<j>-p<i>`` (±: ``-plus``/``-minus``),
``min-b<j>-p<i>``, ``name-b<j>-p<i>`` (the player's name, whole in its label),
``base-<j>-bp`` with ``base-<j>-bp-plus``/``-minus``.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.boards.smashup.common import READY
from companion.ui.widgets import (
    TARGET,
    tagged,
)

__all__ = [
    "BaseRow",
    "ROW_HEIGHT",
    "SMALL_ROW_HEIGHT",
    "GROUP_GAP",
    "NAME_SIZE",
    "row_key",
]

#: Height of a base row (dp); on a short phone.
ROW_HEIGHT = 56
SMALL_ROW_HEIGHT = TARGET
#: Widths in the editor (dp): the power and minion numbers, the gap between the two groups.
POWER_NUMBER = TARGET  # a tap opens the numeric pad: a whole target
MINION_NUMBER = 24
GROUP_GAP = 8
_POWER_WIDTH = 2 * TARGET + POWER_NUMBER
_MINION_WIDTH = 2 * TARGET + MINION_NUMBER
_GROUP_BG = ft.Colors.with_opacity(0.06, ft.Colors.ON_SURFACE)
#: A player's name beside the groups (bold, px; two lines, then «…»).
NAME_SIZE = 13
_NAME_SPACING = 2
#: A player's name over their power group (the narrowest phones, see the module; bold, px).
CAPTION_SIZE = 11
_CAPTION_NUMBER_TOP = 10
#: A base's name in its row (bold, px; two lines, then «…»).
BASE_NAME_SIZE = 13
#: The row's border (px): drawn over the row's content, it takes no room from it (as a
#: border of the box it took 2 px off each side: the 48 dp open button was 44 high, s15).
ROW_BORDER = 2
_TOTAL_WIDTH, _SLOT_WIDTH, _ROW_SPACING = 74, 104, 8
_ROW_PAD_LEFT, _ROW_PAD_RIGHT = 12, 8
#: The breakpoint change's number (px) and its caption on a short phone (see the module).
_BP_NUMBER, _SMALL_BP_NUMBER = 72, 40
_SMALL_CAPTION = 10


def row_key(j: int) -> ft.ScrollKey:
    """The scroll key of base ``j``'s row (the board scrolls an opened base to the top)."""
    return ft.ScrollKey(f"base-{j}")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{abs(n)}"


@ft.component
def BaseRow(
    j: int,
    name: str,
    vp: tuple[int, int, int],
    total: int,
    bp: int,
    mod: int,
    ready: bool,
    in_check: bool,
    is_open: bool,
    toggle: Callable[[int], None],
    score: Callable[[int], None],
    small: bool = False,
    over: bool = False,
) -> ft.Control:
    """The compact row of base ``j``; a tap opens or closes its editor. Once the game is
    ``over`` there is no editor: no open button, and the row takes no tap."""
    status_text = _("готова к захвату") if ready else f"{_('до захвата')} {max(0, bp - total)}"
    mod_text = f" ({_signed(mod)})" if mod else ""
    if ready and in_check:
        slot: ft.Control = tagged(
            f"score-{j}",
            ft.FilledButton(
                _("Захватить"),
                height=TARGET,
                on_click=lambda: score(j),
                style=ft.ButtonStyle(
                    bgcolor=READY,
                    padding=ft.Padding.symmetric(horizontal=8),
                    visual_density=ft.VisualDensity.STANDARD,
                ),
            ),
            label=_("Захватить"),
        )
    elif over:
        slot = ft.Icon(ft.Icons.FLAG, color=READY, size=24, opacity=1.0 if ready else 0.0)
    else:
        tip = _("Закрыть") if is_open else _("Открыть: сила и приспешники")
        slot = ft.Row(
            [
                ft.Icon(ft.Icons.FLAG, color=READY, size=24, opacity=1.0 if ready else 0.0),
                tagged(
                    f"base-{j}-open",
                    ft.IconButton(
                        ft.Icons.EXPAND_LESS if is_open else ft.Icons.EXPAND_MORE,
                        tooltip=f"{tip}: «{name}»",
                        width=TARGET,
                        height=TARGET,
                        on_click=lambda: toggle(j),
                        style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
                    ),
                    label=f"{tip}: «{name}»",
                ),
            ],
            spacing=0,
            tight=True,
            alignment=ft.MainAxisAlignment.END,
        )
    return tagged(
        f"base-{j}",
        ft.Container(
            ft.Row(
                [
                    ft.Column(
                        [
                            tagged(
                                f"base-{j}-name",
                                ft.Text(
                                    name,
                                    size=BASE_NAME_SIZE,
                                    weight=ft.FontWeight.BOLD,
                                    max_lines=2,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                    style=ft.TextStyle(height=1.1),
                                    tooltip=name,
                                ),
                                label=name,
                            ),
                            ft.Row(
                                [
                                    ft.Text(f"{_('ПО')} {vp[0]}/{vp[1]}/{vp[2]}", size=13),
                                    tagged(
                                        f"base-{j}-ready",
                                        ft.Text(
                                            status_text,
                                            size=13,
                                            weight=ft.FontWeight.BOLD if ready else None,
                                            color=READY if ready else None,
                                            max_lines=1,
                                        ),
                                        label=status_text,
                                    ),
                                ],
                                spacing=8,
                            ),
                        ],
                        spacing=0,
                        expand=True,
                        alignment=ft.MainAxisAlignment.CENTER,
                    ),
                    tagged(
                        f"base-{j}-total",
                        ft.Column(
                            [
                                ft.Text(
                                    f"{total}/{bp}",
                                    size=22,
                                    weight=ft.FontWeight.BOLD,
                                    color=READY if ready else None,
                                    no_wrap=True,
                                ),
                                ft.Text(mod_text.strip(), size=12, no_wrap=True),
                            ],
                            spacing=0,
                            width=_TOTAL_WIDTH,
                            horizontal_alignment=ft.CrossAxisAlignment.END,
                            alignment=ft.MainAxisAlignment.CENTER,
                        ),
                        label=f"{total}/{bp}",
                    ),
                    ft.Container(slot, width=_SLOT_WIDTH, alignment=ft.Alignment.CENTER_RIGHT),
                ],
                spacing=_ROW_SPACING,
            ),
            height=SMALL_ROW_HEIGHT if small else ROW_HEIGHT,
            # the border is drawn over the content (see :data:`ROW_BORDER`): the padding keeps
            # the content where the border used to put it, but the full 48 dp high
            padding=ft.Padding.only(
                left=_ROW_PAD_LEFT,
                right=_ROW_PAD_RIGHT,
                top=0 if small else ROW_BORDER,
                bottom=0 if small else ROW_BORDER,
            ),
            border_radius=12,
            foreground_decoration=ft.BoxDecoration(
                border=ft.Border.all(ROW_BORDER, READY if ready else ft.Colors.OUTLINE_VARIANT),
                border_radius=12,
            ),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH if is_open else None,
            on_click=None if over else lambda: toggle(j),
            tooltip=None,
            key=row_key(j),
        ),
        label=f"{name}: {total}/{bp}, {status_text}",
    )
