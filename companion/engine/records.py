"""Plain records of a game: events, seats, setup, outcome (JSON round-trips).

Re-exported by :mod:`companion.engine.core` and :mod:`companion.engine`.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["PALETTE", "Event", "PlayerSpec", "Setup", "Outcome"]

#: Player colours offered by default (hex, readable on light and dark themes).
PALETTE: tuple[str, ...] = (
    "#E53935",  # red
    "#1E88E5",  # blue
    "#43A047",  # green
    "#FDD835",  # yellow
    "#8E24AA",  # purple
    "#FB8C00",  # orange
    "#00ACC1",  # cyan
    "#6D4C41",  # brown
)


@dataclass(frozen=True)
class Event:
    """One change to a game.

    :param seq: 1-based position in the log.
    :param type: dotted name, e.g. ``"counter.add"``, ``"coup.declare"``.
    :param data: JSON-serialisable payload (results, not seeds).
    :param ts: wall-clock time, seconds since the epoch.
    :param author: who sent it (a device or player name; optional, for the log).
    """

    seq: int
    type: str
    data: Mapping[str, Any]
    ts: float
    author: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"seq", "type", "data", "ts", "author"}``."""
        return {
            "seq": self.seq,
            "type": self.type,
            "data": dict(self.data),
            "ts": self.ts,
            "author": self.author,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        """Inverse of :meth:`to_dict`. :raises KeyError, TypeError: on a malformed dict."""
        return cls(
            seq=int(raw["seq"]),
            type=str(raw["type"]),
            data=dict(raw["data"]),
            ts=float(raw["ts"]),
            author=raw.get("author"),
        )


@dataclass(frozen=True)
class PlayerSpec:
    """A seat at the table: name and colour (hex ``#RRGGBB``)."""

    name: str
    color: str


@dataclass(frozen=True)
class Setup:
    """Everything needed to start a game; saved with the log.

    :param game: the definition id, e.g. ``"free"``, ``"coup"``.
    :param players: seats in seat (turn) order.
    :param first_player: index into ``players``.
    :param options: game-specific options (JSON-serialisable).
    :param created: wall-clock time the game was created (seconds since the epoch).
    """

    game: str
    players: tuple[PlayerSpec, ...]
    first_player: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    created: float = 0.0

    @property
    def names(self) -> list[str]:
        """Player names in seat order."""
        return [p.name for p in self.players]

    def to_dict(self) -> dict[str, Any]:
        """JSON shape: ``{"game", "players": [{"name", "color"}], "first_player", "options",
        "created"}``."""
        return {
            "game": self.game,
            "players": [{"name": p.name, "color": p.color} for p in self.players],
            "first_player": self.first_player,
            "options": copy.deepcopy(dict(self.options)),
            "created": self.created,
        }

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Setup:
        """Inverse of :meth:`to_dict`. :raises KeyError, TypeError: on a malformed dict."""
        return cls(
            game=str(raw["game"]),
            players=tuple(PlayerSpec(str(p["name"]), str(p["color"])) for p in raw["players"]),
            first_player=int(raw.get("first_player", 0)),
            options=dict(raw.get("options", {})),
            created=float(raw.get("created", 0.0)),
        )


@dataclass(frozen=True)
class Outcome:
    """The end of a game: winner indices (several on a shared win) and why, in Russian."""

    winners: tuple[int, ...]
    reason: str
