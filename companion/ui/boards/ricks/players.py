"""One compact row per player: name and character, universe, VP (± and a pad), the physical
track's square, build tokens and cards in hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks import TRACK_LENGTH, track_position
from companion.i18n import _
from companion.ui.boards.compact import Counter
from companion.ui.boards.ricks.common import tag
from companion.ui.widgets import icon_button

__all__ = ["PlayerRow"]

Send = Callable[[str, dict[str, Any]], bool]


@ft.component
def _PlayerRow(
    index: int,
    name: str,
    character: str,
    color: str,
    universe: str,
    vp: int,
    tokens: int,
    hand: int,
    active: bool,
    first: bool,
    send: Send,
) -> ft.Control:
    """One player (plain props: the row re-renders only when they change).

    Tags: ``player-p{i}``, ``vp-p{i}`` (with ``-plus``/``-minus``; tap for a pad),
    ``track-p{i}``, ``tokens-p{i}``, ``hand-p{i}``, ``hand-minus-p{i}``, ``hand-plus-p{i}``.
    """
    laps, square = track_position(vp)
    track = f"{_('трек')} {square}" + (f" (+{TRACK_LENGTH * laps})" if laps else "")
    where = universe + (f" · {_('ходит первым')}" if first else "")

    def add_vp(delta: int) -> None:
        send("vp.add", {"player": index, "delta": delta, "note": _("правка")})

    def set_vp(value: int) -> None:
        if value != vp:
            add_vp(value - vp)

    def add_hand(delta: int) -> None:
        send("hand.add", {"player": index, "delta": delta, "note": _("правка")})

    return tag(
        f"player-p{index}",
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Container(width=12, height=12, bgcolor=color, border_radius=6),
                            ft.Column(
                                [
                                    ft.Text(
                                        f"{name} ({character})",
                                        size=17,
                                        weight=ft.FontWeight.BOLD,
                                        max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS,
                                    ),
                                    ft.Text(
                                        where,
                                        size=12,
                                        max_lines=1,
                                        overflow=ft.TextOverflow.ELLIPSIS,
                                    ),
                                ],
                                spacing=0,
                                expand=True,
                            ),
                            Counter(
                                f"vp-p{index}",
                                _("ПО"),
                                f"{name}: {_('ПО')}",
                                vp,
                                on_add=add_vp,
                                on_set=set_vp,
                            ),
                        ],
                        spacing=6,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    ft.Row(
                        [
                            tag(f"track-p{index}", ft.Text(track, size=13), label=track),
                            tag(
                                f"tokens-p{index}",
                                ft.Text(f"{_('жетонов')} {tokens}", size=13),
                                label=f"жетонов {tokens}",
                            ),
                            ft.Container(expand=True),
                            icon_button(
                                f"hand-minus-p{index}",
                                ft.Icons.REMOVE,
                                f"{name}: {_('карт на руке')} −1",
                                lambda: add_hand(-1),
                            ),
                            tag(
                                f"hand-p{index}",
                                ft.Container(
                                    ft.Text(f"{_('карт')} {hand}", size=13),
                                    width=56,
                                    alignment=ft.Alignment.CENTER,
                                ),
                                label=f"карт {hand}",
                            ),
                            icon_button(
                                f"hand-plus-p{index}",
                                ft.Icons.ADD,
                                f"{name}: {_('карт на руке')} +1",
                                lambda: add_hand(1),
                            ),
                        ],
                        spacing=6,
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                ],
                spacing=0,
            ),
            padding=ft.Padding.only(left=8, right=4, top=2, bottom=2),
            border_radius=12,
            border=ft.Border.all(
                3 if active else 1, color if active else ft.Colors.OUTLINE_VARIANT
            ),
        ),
        label=f"{name} ({character})" + (" ходит" if active else ""),
    )


#: Memoised: a tap on one player re-renders that player's row only.
PlayerRow = ft.memo(_PlayerRow)
