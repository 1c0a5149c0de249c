"""Рик и Морти: the shape of each event's ``data`` (checked at the engine's door, see
:mod:`companion.engine.shapes`); what the values mean is :mod:`.checks`' and :mod:`.charge`'s
concern. Every event may carry ``note``, a free text for the log.

No ``from __future__ import annotations`` here: Python 3.11 reads ``NotRequired`` only from
real annotations.
"""

from typing import NotRequired, TypedDict

__all__ = ["EVENTS", "FIELDS"]


class Noted(TypedDict):
    """An event with nothing but the optional ``note``."""

    note: NotRequired[str]


class CardPlay(Noted):
    """``card.play``: ``production`` for a source; ``cost`` for an invention or ability; ``vp``
    for an invention; ``down`` (source) and ``finish`` build it whole at once."""

    kind: str
    build_cost: int
    production: NotRequired[int]
    cost: NotRequired[int]
    vp: NotRequired[int]
    name: NotRequired[str]
    down: NotRequired[bool]
    finish: NotRequired[bool]


class CardBuild(Noted):
    card: int
    tokens: int


class PlayerMove(Noted):
    """``player.move``: ``to`` a universe's name; ``ability``: Кайл's free move."""

    to: str
    ability: NotRequired[bool]


class Delta(Noted):
    """``actions.add``: the active player's actions change."""

    delta: int


class PlayerDelta(Noted):
    """``vp.add`` and ``hand.add``."""

    player: int
    delta: int


class PlayerPlace(Noted):
    player: int
    to: str


class CardRef(Noted):
    """``charge.ability`` and ``charge.activate``: a card's id."""

    card: int


class CardMove(Noted):
    card: int
    to: str


class CardRemove(Noted):
    card: int
    to_hand: NotRequired[bool]


class CardTurn(Noted):
    card: int
    turned: bool


class Cost(Noted):
    """``charge.oneshot``: energy paid."""

    cost: int


class Amount(Noted):
    """``charge.spend`` and ``charge.gain``."""

    amount: int


#: The fields the board's forms let a player type, in Russian (for a refusal of a wrong value).
FIELDS: dict[str, str] = {
    "build_cost": "Стоимость внедрения",
    "production": "Производство источника",
    "cost": "Стоимость в энергии",
    "vp": "Награда в ПО",
    "tokens": "Число жетонов",
    "amount": "Количество энергии",
    "delta": "Изменение",
    "name": "Название карты",
    "note": "Пояснение",
}

#: Event type → the shape of its data.
EVENTS: dict[str, type] = {
    "round.draw": Noted,
    "card.play": CardPlay,
    "card.build": CardBuild,
    "player.move": PlayerMove,
    "card.swap": Noted,
    "action.discard": Noted,
    "actions.add": Delta,
    "turn.end": Noted,
    "vp.add": PlayerDelta,
    "hand.add": PlayerDelta,
    "player.place": PlayerPlace,
    "card.move": CardMove,
    "card.remove": CardRemove,
    "card.turn": CardTurn,
    "charge.done": Noted,
    "charge.oneshot": Cost,
    "charge.ability": CardRef,
    "charge.spend": Amount,
    "charge.activate": CardRef,
    "charge.gain": Amount,
}
