"""Переворот: the shape of each event's ``data`` (checked at the engine's door, see
:mod:`companion.engine.shapes`); what the values mean is :mod:`.checks`' concern.

No ``from __future__ import annotations`` here: Python 3.11 reads ``NotRequired`` only from
real annotations.
"""

from typing import NotRequired, TypedDict

from companion.engine.shapes import Nothing

__all__ = [
    "EVENTS",
    "Declare",
    "Challenge",
    "ChallengeResult",
    "Block",
    "LoseInfluence",
]


class Declare(TypedDict):
    """``coup.declare``: ``action`` one of ``ACTIONS``; ``target`` for coup, assassinate and
    steal only."""

    player: int
    action: str
    target: NotRequired[int | None]


class Challenge(TypedDict):
    """``coup.challenge``: who challenges the claim (an action's or a block's)."""

    challenger: int


class ChallengeResult(TypedDict):
    """``coup.challenge_result``: did the challenged player show the character?"""

    proven: bool


class Block(TypedDict):
    """``coup.block``: ``character`` one of ``CHARACTERS`` allowed for the action."""

    blocker: int
    character: str


class LoseInfluence(TypedDict):
    """``coup.lose_influence``: the card the loser reveals."""

    player: int
    character: str


#: Event type → the shape of its data.
EVENTS: dict[str, type] = {
    "coup.declare": Declare,
    "coup.challenge": Challenge,
    "coup.no_challenge": Nothing,
    "coup.challenge_result": ChallengeResult,
    "coup.block": Block,
    "coup.no_block": Nothing,
    "coup.lose_influence": LoseInfluence,
    "coup.exchange_done": Nothing,
}
