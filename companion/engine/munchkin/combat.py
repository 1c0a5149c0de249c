"""Манчкин Апокалипсис: the combat calculator and running away (pure functions).

«Бой», «Бой с несколькими монстрами», «Зовём на помощь», «Смываемся».
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine.munchkin.constants import ESCAPE_TARGET
from companion.engine.munchkin.state import Combat, PlayerSheet

__all__ = ["strength", "CombatTotals", "compare_sides", "combat_totals", "escapes", "roll_dice"]


def strength(sheet: PlayerSheet) -> int:
    """A munchkin's combat strength outside one-shots: level + gear bonus («Бой»)."""
    return sheet.level + sheet.gear


@dataclass(frozen=True)
class CombatTotals:
    """Both sides of a combat («Бой», «Бой с несколькими монстрами», «Зовём на помощь»).

    :param players: fighter's strength + helper's strength + players' one-shots.
    :param monsters: the sum of every monster's level and enhancers + monsters' one-shots.
    :param players_win: ``True`` only if ``players > monsters`` (monsters win ties).
    """

    players: int
    monsters: int
    players_win: bool

    @property
    def margin(self) -> int:
        """How much the players need to add to win (``0`` if they already win)."""
        return 0 if self.players_win else self.monsters - self.players + 1


def compare_sides(players: int, monsters: int) -> CombatTotals:
    """Who wins with these totals: the players only if strictly stronger («Бой»)."""
    return CombatTotals(players, monsters, players > monsters)


def combat_totals(sheets: Sequence[PlayerSheet], combat: Combat) -> CombatTotals:
    """Compute both sides' totals of ``combat`` from the players' sheets.

    Pure: reads ``sheets`` (seat order) and ``combat``, changes nothing.

    >>> from companion.engine.munchkin.state import Monster
    >>> sheets = [PlayerSheet(level=3, gear=2), PlayerSheet(level=2, gear=1)]
    >>> c = Combat(fighter=0, helper=1, monsters=[Monster("Тявмат", 8)])
    >>> combat_totals(sheets, c)
    CombatTotals(players=8, monsters=8, players_win=False)
    """
    players = strength(sheets[combat.fighter]) + sum(b.value for b in combat.player_bonuses)
    if combat.helper is not None:
        players += strength(sheets[combat.helper])
    monsters = sum(m.strength for m in combat.monsters) + sum(
        b.value for b in combat.monster_bonuses
    )
    return compare_sides(players, monsters)


def escapes(
    rolls: Sequence[int], modifier: int = 0, modifiers: Sequence[int] | None = None
) -> list[bool]:
    """For each monster, whether the player got away: die + modifiers >= 5 («Смываемся»).

    :param rolls: one d6 result (1..6) per monster.
    :param modifier: applies to every roll (gear, abilities).
    :param modifiers: per-monster modifiers (fast or slow monsters), same length as ``rolls``.
    """
    extra = list(modifiers) if modifiers is not None else [0] * len(rolls)
    return [r + modifier + e >= ESCAPE_TARGET for r, e in zip(rolls, extra, strict=False)]


def flee_rolls(
    rolls: Sequence[int], modifier: int = 0, modifiers: Sequence[int] | None = None
) -> list[str]:
    """Each monster's die with what is added to it, as the table says it: ``[4]``,
    modifier 1 → ``["4+1"]``; a bare die when nothing is added («Смываемся»)."""
    extra = list(modifiers) if modifiers is not None else [0] * len(rolls)
    added = [modifier + e for e in extra]
    return [f"{r}{a:+d}" if a else str(r) for r, a in zip(rolls, added, strict=False)]


def roll_dice(rng: random.Random, count: int) -> list[int]:
    """``count`` d6 results from ``rng`` (e.g. ``game.rng``), for a ``combat.flee`` event."""
    return [rng.randint(1, 6) for _ in range(count)]
