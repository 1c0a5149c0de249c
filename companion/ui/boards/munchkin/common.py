"""Pieces shared by the Munchkin board's components: the board's momentary UI state, the rules
link, the one way a move is sent with its notices, a titled −/+ line and an outlined button."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.present.munchkin import gear_notice
from companion.ui.nav import open_rules
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, clipped_text, counter_step, tagged

__all__ = [
    "RULES_GAME_ID",
    "Send",
    "BoardUi",
    "board_ui",
    "rules",
    "send_noting_gear",
    "stepper",
    "outlined",
]

#: The rules database's id for this game (links from the phase bar and the combat).
RULES_GAME_ID = "munchkin"
#: ``send(type, data, chained=False) -> accepted``: the board's one way to send a move (a stable
#: callback; ``chained=True`` for the second move of one tap).
Send = Callable[..., bool]


@ft.observable
@dataclass
class BoardUi:
    """Momentary UI state of one screen, shared by the body and the bar: the monster form
    open (``monster_form``: ``"start"``, ``"add"`` or ``""``), the flee dialog (``fleeing``), a
    refused move a card may override (``override``: ``{"type", "data", "message"}``, with
    ``"form": True`` for a fight refused at «Бой!») and «Карта так говорит» given to the
    form in advance (``card_says``); the question before a seal is broken open (``sealing``:
    :func:`.dialogs.Question`)."""

    monster_form: str = ""
    fleeing: bool = False
    override: Any = None
    card_says: bool = False
    sealing: bool = False


def board_ui(view: GameView) -> BoardUi:
    """The :class:`BoardUi` of this screen's view (made on first use, kept on the view)."""
    ui = getattr(view, "_munchkin_ui", None)
    if ui is None:
        ui = BoardUi()
        view._munchkin_ui = ui  # type: ignore[attr-defined]
    return ui


def rules(query: str) -> None:
    """Open the rules search on ``query`` (a rulebook heading)."""
    open_rules(RULES_GAME_ID, query)


def send_noting_gear(view: GameView, type: str, data: dict[str, Any]) -> bool:
    """``view.send(type, data)``; when a player's gear bonus goes from 0 or more to below 0, a
    notice in two lines of the banner that it is allowed («Бой» sums every modifier; rule 1
    floors the level only), once, not at each step further down. Every gear move goes
    through it: a tap, the number pad, the override dialog."""
    player = data.get("player")
    gear = type.startswith("gear.") and isinstance(player, int)
    before = view.state.players[player].gear if gear else 0
    ok = view.send(type, data)
    after = view.state.players[player].gear if gear else 0
    if ok and gear and after < 0 <= before:
        view.show_notice(gear_notice(view.game.players[player], after))
    return ok


def stepper(ident: str, title: str, shown: str, add: Callable[[int], None]) -> ft.Control:
    """``title`` and a value with its −/+ (:func:`.counter_step`: ±1, ±5 on a long press) in
    one 48 dp line; tags ``ident`` (spoken ``shown``), ``{ident}-minus``, ``{ident}-plus``."""
    number = ft.Text(shown, size=22, weight=ft.FontWeight.BOLD)
    value = ft.Container(number, width=44, alignment=ft.Alignment.CENTER)
    return ft.Row(
        [
            clipped_text(title, 15, weight=ft.FontWeight.BOLD, expand=True),
            counter_step(ident, title, -1, 1, add),
            tagged(ident, value, label=shown),
            counter_step(ident, title, 1, 1, add),
        ],
        spacing=0,
    )


def outlined(
    ident: str,
    icon: ft.IconData,
    content: ft.Control,
    on_click: Callable[[], None],
    *,
    label: str | None = None,
    height: int = TARGET,
    pad: int = 8,
    **kw: Any,
) -> ft.Control:
    """An outlined button ``height`` px tall tagged ``ident`` (spoken ``label``): ``icon`` and
    ``content`` (a text cut with «…» takes the room left); ``kw`` to the button."""
    button = ft.OutlinedButton(
        content=ft.Row([ft.Icon(icon, size=18), content], spacing=6, tight=True),
        height=height,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=pad)),
        on_click=lambda: on_click(),
        **kw,
    )
    return tagged(ident, button, label=label)
