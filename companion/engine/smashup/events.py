"""Замес: the shape of each event's ``data`` (checked at the engine's door, see
:mod:`companion.engine.shapes`); what the values mean is :mod:`.checks`' concern
(``base`` an index into ``state.bases``, ``player`` a seat index).

No ``from __future__ import annotations`` here: Python 3.11 reads ``NotRequired`` only from
real annotations.
"""

from typing import Literal, NotRequired, TypedDict

from companion.engine.shapes import Nothing

__all__ = ["EVENTS", "BaseCard"]


class BaseCard(TypedDict):
    """A base dict: VP for the 1st, 2nd and 3rd place; ``set`` names the box (optional)."""

    name: str
    breakpoint: int
    vp: list[int]
    set: NotRequired[str | None]


class FactionPick(TypedDict):
    player: int
    faction: str


class BaseAdd(TypedDict):
    base_card: BaseCard


class BaseReplace(TypedDict):
    base: int
    base_card: BaseCard
    keep_minions: NotRequired[bool]


class PowerChange(TypedDict):
    """``base.set`` (values) and ``base.adjust`` (deltas): at least one of the two."""

    base: int
    player: int
    power: NotRequired[int]
    minions: NotRequired[int]


class BreakpointModify(TypedDict):
    base: int
    delta: int
    until: NotRequired[Literal["turn", "base"]]


class BaseSelect(TypedDict):
    base: int


class BaseScore(TypedDict):
    """A replacement base, or ``base_card: None`` with ``deck_empty: True`` («Мимими»)."""

    base: int
    base_card: NotRequired[BaseCard | None]
    deck_empty: NotRequired[bool]


class PlayRecord(TypedDict):
    kind: str
    extra: NotRequired[bool]


class PlayMinion(TypedDict):
    base: int
    extra: NotRequired[bool]
    power: NotRequired[int]


class PlayGrant(TypedDict):
    kind: str
    count: NotRequired[int]


class PlayerDelta(TypedDict):
    """``vp.adjust`` and ``madness.adjust``."""

    player: int
    delta: int


#: Event type → the shape of its data.
EVENTS: dict[str, type] = {
    "faction.pick": FactionPick,
    "base.add": BaseAdd,
    "base.replace": BaseReplace,
    "game.start": Nothing,
    "base.set": PowerChange,
    "base.adjust": PowerChange,
    "breakpoint.modify": BreakpointModify,
    "base.select": BaseSelect,
    "base.score": BaseScore,
    "play.record": PlayRecord,
    "play.minion": PlayMinion,
    "play.grant": PlayGrant,
    "phase.next": Nothing,
    "phase.pass": Nothing,
    "vp.adjust": PlayerDelta,
    "madness.adjust": PlayerDelta,
}
