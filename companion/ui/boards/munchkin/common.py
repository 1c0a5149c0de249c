"""Pieces shared by the Munchkin board's components: the rules link, the board's momentary UI
state and a compact counter."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.engine.munchkin.constants import OVERRIDE_NOTE, R_COMBAT
from companion.errors import CompanionError
from companion.i18n import _
from companion.ui.nav import open_rules
from companion.ui.state import GameView
from companion.ui.widgets import Counter, shown_number

__all__ = [
    "Counter",
    "RULES_GAME_ID",
    "Send",
    "BoardUi",
    "board_ui",
    "rules",
    "to_int",
    "overridable",
    "refused_fight",
    "below_zero",
    "send_noting_gear",
]

#: The rules database's id for this game (links from the phase bar and the combat).
RULES_GAME_ID = "munchkin"
#: ``send(type, data, chained=False) -> accepted``: the board's one way to send a move (a stable
#: callback; ``chained=True`` for the second move of one tap).
Send = Callable[..., bool]


@ft.observable
@dataclass
class BoardUi:
    """Momentary UI state shared by the board body and its pinned bar (one per screen).

    :ivar monster_form: the «Бой!» monster form is open (``"start"``) or the «add a monster»
        form (``"add"``), else ``""``.
    :ivar fleeing: the «Смываемся» dice dialog is open.
    :ivar override: a refused move the engine lets a card override (``{"type", "data",
        "message"}``, and ``"form": True`` for a fight refused at «Бой!»: «карта так
        говорит» then opens the monster form) waiting for the table's answer, else ``None``.
    :ivar card_says: the monster form opens with «Карта так говорит» ticked (the table said so
        to the refusal of «Бой!»).
    :ivar sealing: the question before a seal is broken is open (:func:`.turn.SealDialog`).
    """

    monster_form: str = ""
    fleeing: bool = False
    override: Any = None
    card_says: bool = False
    sealing: bool = False


def board_ui(view: GameView) -> BoardUi:
    """The :class:`BoardUi` of this screen's view (made on first use; kept on the view in a
    private attribute, which an observable does not announce)."""
    ui = getattr(view, "_munchkin_ui", None)
    if ui is None:
        ui = BoardUi()
        view._munchkin_ui = ui  # type: ignore[attr-defined]
    return ui


def rules(query: str) -> None:
    """Open the rules search on ``query`` (a rulebook heading)."""
    open_rules("munchkin", query)


def to_int(text: str, default: int | None = None) -> int | None:
    """Typed digits as an int, else ``default``."""
    try:
        return int(text.strip())
    except (ValueError, AttributeError):
        return default


def overridable(message: str) -> bool:
    """Does the engine's refusal say a card may override it («карта так говорит»)?"""
    return f"«{OVERRIDE_NOTE}»" in message


def below_zero(name: str, gear: int) -> str:
    """What the board says when a player's gear bonus goes below 0 (it is allowed: «Бой» sums
    the level and every modifier, the negative ones too, and «Противоречия между правилами и
    картами» floors the level only — a curse or a minus item can make the strength 0 or less).
    Short: two lines of the banner."""
    return (
        f"{name}: {_('бонус шмоток')} {shown_number(gear)} — "
        f"{_('минус бывает (проклятия, шмотки с минусом)')}, «{R_COMBAT}»"
    )


def send_noting_gear(view: GameView, type: str, data: dict[str, Any]) -> bool:
    """``view.send(type, data)``, and when a player's gear bonus goes from 0 or more to below 0
    the notice :func:`below_zero` (once: not at each step further down). Every path of a gear
    move goes through it: a − tap, the number pad, and the same move sent again through the
    override dialog's «Карта так говорит»."""
    player = data.get("player")
    gear = type.startswith("gear.") and isinstance(player, int)
    before = view.state.players[player].gear if gear else 0
    ok = view.send(type, data)
    if ok and gear and view.state.players[player].gear < 0 <= before:
        view.show_notice(below_zero(view.game.players[player], view.state.players[player].gear))
    return ok


def refused_fight(view: GameView) -> str:
    """Why no fight can start now, whatever the monster, or ``""`` (the engine's refusal: it
    names the rule, «Фазы хода» — one monster a turn, in the door phases, for the player
    whose turn it is)."""
    try:
        view.game.check("combat.start", {"monster": {"name": "?", "level": 1}})
    except CompanionError as e:
        return str(e)
    return ""
