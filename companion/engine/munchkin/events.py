"""Манчкин Апокалипсис: the shape of each event's ``data`` (checked at the engine's door, see
:mod:`companion.engine.shapes`); what the values mean is :mod:`.checks`' concern. ``override``
is always optional («карта так говорит»).

No ``from __future__ import annotations`` here: Python 3.11 reads ``NotRequired`` only from
real annotations.
"""

from typing import NotRequired, TypedDict

from companion.engine.shapes import Nothing

__all__ = ["EVENTS", "MonsterData"]


class MonsterData(TypedDict):
    """``MONSTER``: ``levels`` 1 or 2 (default 1), ``enhancers``/``treasures`` default 0."""

    name: str
    level: int
    enhancers: NotRequired[int]
    levels: NotRequired[int]
    treasures: NotRequired[int]


class LevelDelta(TypedDict):
    """``level.change`` and ``gear.change``."""

    player: int
    delta: int
    override: NotRequired[bool]


class LevelValue(TypedDict):
    """``level.set`` and ``gear.set``."""

    player: int
    value: int
    override: NotRequired[bool]


class PlayerText(TypedDict):
    """``player.class`` and ``player.notes``: free text (``""`` for none)."""

    player: int
    value: str


class CombatStart(TypedDict):
    monster: MonsterData
    fighter: NotRequired[int]
    override: NotRequired[bool]


class MonsterAdd(TypedDict):
    monster: MonsterData


class MonsterEdit(TypedDict):
    """``combat.monster.edit``: the monster's index and any of its fields."""

    index: int
    name: NotRequired[str]
    level: NotRequired[int]
    enhancers: NotRequired[int]
    levels: NotRequired[int]
    treasures: NotRequired[int]


class MonsterRemove(TypedDict):
    index: int


class Helper(TypedDict):
    """``combat.helper``: ``None`` (or no player) sends the helper away."""

    player: NotRequired[int | None]


class Bonus(TypedDict):
    side: str
    value: int
    label: NotRequired[str]


class BonusRemove(TypedDict):
    side: str
    index: int


class Flee(TypedDict):
    """Die results (1..6), one per monster; the helper's only when someone helps."""

    rolls: list[int]
    modifier: NotRequired[int]
    modifiers: NotRequired[list[int] | None]
    helper_rolls: NotRequired[list[int]]
    helper_modifier: NotRequired[int]


class Charity(TypedDict):
    hand: int
    gifts: list[int]
    discard: int


class Winners(TypedDict):
    winners: list[int]
    override: NotRequired[bool]


#: Event type → the shape of its data.
EVENTS: dict[str, type] = {
    "level.change": LevelDelta,
    "level.set": LevelValue,
    "gear.change": LevelDelta,
    "gear.set": LevelValue,
    "player.class": PlayerText,
    "player.notes": PlayerText,
    "combat.start": CombatStart,
    "combat.monster.add": MonsterAdd,
    "combat.monster.edit": MonsterEdit,
    "combat.monster.remove": MonsterRemove,
    "combat.helper": Helper,
    "combat.bonus": Bonus,
    "combat.bonus.remove": BonusRemove,
    "combat.resolve": Nothing,
    "combat.flee": Flee,
    "turn.loot": Nothing,
    "turn.charity": Charity,
    "phase.next": Nothing,
    "seal.break": Nothing,
    "game.winners": Winners,
}
