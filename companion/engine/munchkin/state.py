"""Манчкин Апокалипсис: the game state (player sheets, the open combat, the turn).

Plain dataclasses; :class:`~companion.engine.core.Game` deep-copies them before each change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.munchkin.constants import KICK, MIN_LEVEL

__all__ = ["PlayerSheet", "Monster", "OneShot", "Combat", "MunchkinState"]


@dataclass
class PlayerSheet:
    """One munchkin: level (1..10), gear bonus (any integer), class and notes (free text)."""

    level: int = MIN_LEVEL
    gear: int = 0
    klass: str = ""
    notes: str = ""


@dataclass
class Monster:
    """A monster in the combat.

    :param level: the level printed on the card.
    :param enhancers: the sum of enhancer cards and bonuses on it (may be negative).
    :param levels: levels the fighter gains for killing it (1, or 2 when the card says so).
    :param treasures: treasures to draw (a reminder; the app does not deal cards).
    """

    name: str
    level: int
    enhancers: int = 0
    levels: int = 1
    treasures: int = 0

    @property
    def strength(self) -> int:
        """Combat strength: level + enhancers («Бой»)."""
        return self.level + self.enhancers


@dataclass
class OneShot:
    """A one-shot bonus played into the combat (discarded when the combat ends)."""

    value: int
    label: str = ""


@dataclass
class Combat:
    """The open combat: who fights, who helps, the monsters and the one-shots on each side."""

    fighter: int
    monsters: list[Monster]
    helper: int | None = None
    player_bonuses: list[OneShot] = field(default_factory=list)
    monster_bonuses: list[OneShot] = field(default_factory=list)


@dataclass
class MunchkinState:
    """The whole game.

    :param players: sheets in seat order.
    :param active: whose turn it is; ``first``: who started.
    :param turn: 1-based turn counter; ``phase``: index into :data:`PHASES`.
    :param seals: broken seals (0..7).
    :param combat: the open combat or ``None``.
    :param met_monster: a monster was fought this turn; ``fled``: and the player ran away.
    :param looted, charity_done: per-turn markers.
    :param winners: the winners named by the table (``game.winners``), else ``None``.
    :param winner_reason: why they won (Russian).
    :param last_combat: summary of the last finished combat (for the reminder on screen).
    :param overrides: seq numbers of events applied with «карта так говорит».
    """

    players: list[PlayerSheet]
    active: int
    first: int
    turn: int = 1
    phase: int = KICK
    seals: int = 0
    combat: Combat | None = None
    met_monster: bool = False
    fled: bool = False
    looted: bool = False
    charity_done: bool = False
    winners: list[int] | None = None
    winner_reason: str = ""
    last_combat: dict[str, Any] | None = None
    overrides: list[int] = field(default_factory=list)
