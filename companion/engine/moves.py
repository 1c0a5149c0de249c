"""The typed door into the engines for a screen: one helper per move a board sends, building
the engine's ``TypedDict`` for a :class:`Sender` (``send(type, data) -> bool``), checked by
``mypy --strict``; the engine checks the shapes again at run time."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from companion.engine.coup import events as coup
from companion.engine.ricks import events as ricks
from companion.engine.smashup import events as smashup

__all__ = ["Sender"]


class Sender(Protocol):
    """Sends a move and says whether it was taken (a refusal is the sender's to show)."""

    def send(self, type: str, data: Mapping[str, Any] | None = None) -> bool: ...


# -- Переворот ---------------------------------------------------------------------------------
def coup_declare(view: Sender, player: int, action: str, target: int | None) -> bool:
    """``coup.declare``: ``action`` one of ``ACTIONS``; ``target`` for the aimed ones."""
    data: coup.Declare = {"player": player, "action": action, "target": target}
    return view.send("coup.declare", data)


def coup_challenge_result(view: Sender, proven: bool) -> bool:
    data: coup.ChallengeResult = {"proven": proven}
    return view.send("coup.challenge_result", data)


def coup_nobody(view: Sender, step: str) -> bool:
    """«Никто»: nobody blocks (``step == "block"``) or nobody challenges (any other step)."""
    return view.send("coup.no_block" if step == "block" else "coup.no_challenge", {})


def coup_exchange_done(view: Sender) -> bool:
    return view.send("coup.exchange_done", {})


# -- Рик и Морти ------------------------------------------------------------------------------
def ricks_round_draw(view: Sender) -> bool:
    return view.send("round.draw", {})


def ricks_turn_end(view: Sender) -> bool:
    return view.send("turn.end", {})


def ricks_charge_done(view: Sender) -> bool:
    return view.send("charge.done", {})


def ricks_discard(view: Sender) -> bool:
    """``action.discard``: a free action, a card for +1 action."""
    return view.send("action.discard", {})


def ricks_swap(view: Sender) -> bool:
    """``card.swap``: 1 action, a card discarded and one drawn."""
    return view.send("card.swap", {})


def ricks_build(view: Sender, card: int, tokens: int) -> bool:
    data: ricks.CardBuild = {"card": card, "tokens": tokens}
    return view.send("card.build", data)


def ricks_move(view: Sender, to: str, ability: bool = False) -> bool:
    """``player.move`` to a universe; ``ability``: Кайл's free move anywhere."""
    data: ricks.PlayerMove = {"to": to, "ability": True} if ability else {"to": to}
    return view.send("player.move", data)


def ricks_actions(view: Sender, delta: int, note: str) -> bool:
    data: ricks.Delta = {"delta": delta, "note": note}
    return view.send("actions.add", data)


def ricks_card_ability(view: Sender, card: int) -> bool:
    """``charge.ability``: step Б, an attached ability used (once a round)."""
    data: ricks.CardRef = {"card": card}
    return view.send("charge.ability", data)


# -- Замес -----------------------------------------------------------------------------------
def smashup_start(view: Sender) -> bool:
    return view.send("game.start", {})


def smashup_phase_next(view: Sender) -> bool:
    return view.send("phase.next", {})


def smashup_phase_pass(view: Sender) -> bool:
    """«Закончить ход»: through the phases where the table has nothing to do."""
    return view.send("phase.pass", {})


def smashup_faction(view: Sender, player: int, faction: str) -> bool:
    data: smashup.FactionPick = {"player": player, "faction": faction}
    return view.send("faction.pick", data)


def smashup_base_add(view: Sender, card: smashup.BaseCard) -> bool:
    data: smashup.BaseAdd = {"base_card": card}
    return view.send("base.add", data)


# -- Манчкин Апокалипсис ------------------------------------------------------------------------
def munchkin_resolve(view: Sender) -> bool:
    """``combat.resolve``: the players' side is stronger."""
    return view.send("combat.resolve", {})


def munchkin_phase_next(view: Sender) -> bool:
    return view.send("phase.next", {})


def munchkin_loot(view: Sender) -> bool:
    """``turn.loot``: the second door card drawn in «Чистим нычки»."""
    return view.send("turn.loot", {})
