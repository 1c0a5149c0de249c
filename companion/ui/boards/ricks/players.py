"""One 54 px row per player: name and character, universe (and track), build tokens, cards
in hand (pad) and VP (± and pad)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks import PlayerState
from companion.i18n import _
from companion.present.ricks_play import vp_moves
from companion.present.ricks_texts import row_lines
from companion.ui.player_row import player_name, player_row
from companion.ui.widgets import TARGET, Counter, clipped_text, tagged, use_number_pad

__all__ = ["PlayerRow", "ROW_HEIGHT"]

Send = Callable[[str, dict[str, Any]], bool]

#: Height of a player's row (px), the same for every row.
ROW_HEIGHT = 54
#: Width (px) of the VP between its − and +.
VP_WIDTH = TARGET
#: The mark of built abilities after the tokens, with their number: «8 жетонов ✦2».
ABILITY_ICON = ft.Icons.AUTO_AWESOME
#: The universe's and tokens' lines under the name: size (px) and line height.
_SMALL = {"size": 12, "style": ft.TextStyle(height=1.15)}


@ft.component
def _PlayerRow(
    index: int,
    name: str,
    color: str,
    player: PlayerState,
    active: bool,
    first: bool,
    send: Send,
    guard: Callable[[], bool] | None = None,
    abilities: tuple[str, ...] = (),
    narrow: bool = False,
) -> ft.Control:
    """One player (``player``: their state, compared by value). Tags: ``player-p{i}``,
    ``vp-p{i}`` (``-plus``/``-minus``, pad), ``tokens-p{i}``, ``hand-p{i}`` (pad, for «Конец
    игры»'s tie-break). ``guard`` is asked before a pad opens. Two fixed lines under the name
    (universe, tokens and :data:`ABILITY_ICON` count); ``narrow``: the character leads the
    universe's line."""
    character, vp, hand = player.character, player.vp, player.hand
    place, count, sub = row_lines(player, narrow, abilities)
    count_line: ft.Control = clipped_text(count, **_SMALL)
    if abilities:
        count_line = ft.Row(
            [
                count_line,
                ft.Icon(ABILITY_ICON, size=11, color=ft.Colors.PRIMARY),
                ft.Text(str(len(abilities)), **_SMALL),
            ],
            spacing=1,
            tight=True,
            tooltip=f"{_('способности')}: {', '.join(abilities)}",
        )

    add_vp, set_vp = vp_moves(send, index, lambda: vp)

    def set_hand(value: int) -> None:
        if value != hand:
            send("hand.add", {"player": index, "delta": value - hand, "note": _("правка")})

    open_hand = use_number_pad(f"{name}: {_('карт на руке')}", set_hand, current=hand, guard=guard)
    cards = [ft.Text(_("карт"), size=11), ft.Text(str(hand), size=18, weight=ft.FontWeight.BOLD)]
    hand_box = tagged(
        f"hand-p{index}",
        ft.Container(
            ft.Column(
                cards,
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                alignment=ft.MainAxisAlignment.CENTER,
            ),
            width=TARGET,
            height=TARGET,
            alignment=ft.Alignment.CENTER,
            tooltip=f"{name}: {_('карт на руке')}",
            on_click=lambda: open_hand(),
        ),
        label=f"карт {hand}",
    )
    first_mark = (
        ft.Icon(ft.Icons.FLAG, size=14, color=ft.Colors.PRIMARY, tooltip=_("ходит первым"))
        if first
        else ft.Container(width=0)
    )
    title = player_name(name if narrow else f"{name} ({character})", active, size=14, marker=False)
    head = ft.Column(
        [
            ft.Row([ft.Container(title, expand=True), first_mark], spacing=2),
            tagged(
                f"tokens-p{index}",
                ft.Column([clipped_text(place, **_SMALL), count_line], spacing=0, tight=True),
                label=sub,
            ),
        ],
        spacing=0,
        alignment=ft.MainAxisAlignment.CENTER,
    )
    vp_counter = Counter(
        f"vp-p{index}",
        f"{name}: {_('ПО')}",
        vp,
        add_vp,
        set_vp,
        caption=_("ПО"),
        width=VP_WIDTH,
        size=24,
        guard=guard,
    )
    return player_row(
        f"player-p{index}",
        color,
        active,
        head,
        [hand_box, vp_counter],
        label=f"{name} ({character})" + (" ходит" if active else ""),
        height=ROW_HEIGHT,
        spacing=2,
        dense=True,
    )


PlayerRow = ft.memo(_PlayerRow)
