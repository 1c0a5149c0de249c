"""Rules engines: pure Python (no Flet, no TinyDB).

:data:`GAMES` maps a definition id to its :class:`~companion.engine.core.GameDefinition`.
"""

from __future__ import annotations

from typing import Any

from companion.engine.core import (
    PALETTE,
    Event,
    Game,
    GameDefinition,
    Outcome,
    PlayerSpec,
    Setup,
    TurnClock,
)
from companion.engine.coup import COUP
from companion.engine.free import FREE
from companion.engine.munchkin import MUNCHKIN
from companion.engine.ricks import RICKS
from companion.engine.smashup import SMASHUP
from companion.errors import UnknownGameError

__all__ = [
    "GAMES",
    "PALETTE",
    "Event",
    "Game",
    "GameDefinition",
    "Outcome",
    "PlayerSpec",
    "Setup",
    "TurnClock",
    "get_definition",
]

GAMES: dict[str, GameDefinition[Any]] = {g.id: g for g in (SMASHUP, COUP, MUNCHKIN, RICKS, FREE)}


def get_definition(game_id: str) -> GameDefinition[Any]:
    """The definition with this id. :raises UnknownGameError: if there is none."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise UnknownGameError(f"Игры «{game_id}» нет в приложении.") from None
