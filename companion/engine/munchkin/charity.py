"""Манчкин Апокалипсис: «От щедрот» — where the cards over the hand limit go (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine.munchkin.constants import HAND_LIMIT

__all__ = ["CharityPlan", "charity"]


@dataclass(frozen=True)
class CharityPlan:
    """Where the surplus cards go at the end of a turn («От щедрот»).

    :param surplus: cards over the hand limit of 5 (after playing what the player wanted).
    :param discard: cards the giver discards (all of the surplus if they are among the lowest).
    :param shares: ``{player: cards}`` the even part of the split among the lowest-level players.
    :param extra: cards left over after the even split; the giver hands them, one each, to
        recipients of their choice.
    :param recipients: the lowest-level players (not including the giver), seat order.
    """

    surplus: int
    discard: int
    shares: dict[int, int]
    extra: int
    recipients: tuple[int, ...]

    def allows(self, gifts: Sequence[int]) -> bool:
        """Is ``gifts`` (cards per player, seat order) a split this plan permits?"""
        if self.discard:
            return not any(gifts)
        if sum(gifts) != self.surplus:
            return False
        for i, g in enumerate(gifts):
            base = self.shares.get(i, 0)
            if i in self.recipients:
                if g not in (base, base + 1):
                    return False
            elif g:
                return False
        return True


def charity(
    giver: int, hand_sizes: Sequence[int], levels: Sequence[int], limit: int = HAND_LIMIT
) -> CharityPlan:
    """Plan «От щедрот» for ``giver``.

    :param giver: the player ending the turn.
    :param hand_sizes: cards in hand per player (only the giver's is used).
    :param levels: every player's level, seat order.
    :returns: the split among the lowest-level players, as even as possible; if the giver is
        (one of) the lowest, they discard the surplus instead.

    >>> charity(0, [8, 3, 3, 3], [4, 2, 2, 5])
    CharityPlan(surplus=3, discard=0, shares={1: 1, 2: 1}, extra=1, recipients=(1, 2))
    >>> charity(1, [0, 7, 0], [3, 1, 1]).discard
    2
    """
    surplus = max(0, hand_sizes[giver] - limit)
    lowest = min(levels)
    if levels[giver] == lowest or surplus == 0:
        return CharityPlan(surplus, surplus, {}, 0, ())
    recipients = tuple(i for i, lv in enumerate(levels) if lv == lowest)
    base, extra = divmod(surplus, len(recipients))
    return CharityPlan(surplus, 0, {i: base for i in recipients}, extra, recipients)
