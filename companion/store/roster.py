"""The roster: the players a group plays with, kept across games in ``<data dir>/roster.json``.

Each entry is a name (1..:data:`MAX_NAME` characters, unique ignoring case and surrounding
spaces), a colour ``#RRGGBB`` and the *aliases* it also answered to: a rename keeps the old
name as an alias and a merge adds the dropped entry's names, so the games stored under an old
name still count for the player (:meth:`Roster.canonical`).

File shape: ``{"schema": 1, "players": [{"name": str, "color": str, "aliases": [str]}]}``.
Written atomically with the previous version kept as ``roster.json.bak``; a damaged file is
set aside (``roster.json.corrupt-<time>``), the backup is used if it reads, and a Russian
sentence naming the file is left in :attr:`Roster.warnings`. Refused changes raise
:class:`~companion.errors.RosterError` and change nothing.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from companion.engine import PALETTE
from companion.errors import RosterError
from companion.store.atomic import atomic_write_text, set_aside
from companion.store.limits import NAME_CHARS

__all__ = ["MAX_NAME", "FILE", "RosterPlayer", "Roster", "fold", "next_color"]

FILE = "roster.json"
SCHEMA = 1
#: The longest name the roster keeps (characters).
MAX_NAME = NAME_CHARS
_COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")


def fold(name: str) -> str:
    """The key two names are «the same» by: surrounding spaces and case ignored."""
    return name.strip().casefold()


@dataclass(frozen=True)
class RosterPlayer:
    """One player of the roster: name, colour ``#RRGGBB``, the other names they played as."""

    name: str
    color: str
    aliases: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "color": self.color, "aliases": list(self.aliases)}


def _parse(raw: Any) -> list[RosterPlayer]:
    """The players of a parsed roster file. :raises ValueError: on any other shape."""
    if not isinstance(raw, dict) or raw.get("schema") != SCHEMA:
        raise ValueError("not a roster file")
    players = raw.get("players")
    if not isinstance(players, list):
        raise ValueError("no players list")
    out: list[RosterPlayer] = []
    seen: set[str] = set()
    for p in players:
        if not isinstance(p, dict):
            raise ValueError("a player is not an object")
        name, color, aliases = p.get("name"), p.get("color"), p.get("aliases", [])
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
            raise ValueError("bad name")
        if not isinstance(color, str) or not _COLOR_RE.match(color):
            raise ValueError("bad colour")
        if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
            raise ValueError("bad aliases")
        keys = {fold(name), *(fold(a) for a in aliases)}
        if keys & seen:
            raise ValueError("a name twice")
        seen |= keys
        out.append(RosterPlayer(name.strip(), color, tuple(aliases)))
    return out


def check_name(name: str) -> str:
    """``name`` without surrounding spaces. :raises RosterError: empty or too long."""
    clean = str(name).strip()
    if not clean:
        raise RosterError("Имя игрока: нужно хотя бы одну букву.")
    if len(clean) > MAX_NAME:
        raise RosterError(f"Имя игрока: не длиннее {MAX_NAME} знаков (сейчас {len(clean)}).")
    return clean


class Roster:
    """The roster in ``root/roster.json`` (read on creation; every change saved at once).

    :ivar warnings: Russian sentences about a damaged file set aside.
    :raises StoreError: (from a change) the disk refused the write; nothing changed.
    """

    def __init__(self, root: Path) -> None:
        self.path = Path(root) / FILE
        self.backup = self.path.with_name(FILE + ".bak")
        self.warnings: list[str] = []
        self._players = self._load()

    def _load(self) -> list[RosterPlayer]:
        try:
            return _parse(json.loads(self.path.read_text(encoding="utf-8")))
        except FileNotFoundError:
            return []
        except (OSError, ValueError) as exc:
            aside = set_aside(self.path)
            why = (
                f"Список игроков {FILE} повреждён ({type(exc).__name__}) и отложен как {aside.name}"
            )
        try:
            players = _parse(json.loads(self.backup.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            self.warnings.append(f"{why}; исправной копии нет — список начат заново.")
            return []
        self.warnings.append(f"{why}; загружена последняя исправная копия.")
        self._players = players
        self._save()
        return players

    def _save(self) -> None:
        text = json.dumps(
            {"schema": SCHEMA, "players": [p.to_dict() for p in self._players]},
            ensure_ascii=False,
            indent=1,
        )
        atomic_write_text(self.path, text, backup=self.backup, what="список игроков")

    def _commit(self, players: list[RosterPlayer]) -> None:
        old = self._players
        self._players = players
        try:
            self._save()
        except BaseException:
            self._players = old
            raise

    # -- reading ----------------------------------------------------------------------------
    def players(self) -> list[RosterPlayer]:
        """Every player, in the order they joined."""
        return list(self._players)

    def find(self, name: str) -> RosterPlayer | None:
        """The player called ``name`` or who once was (an alias), else ``None``."""
        key = fold(name)
        for p in self._players:
            if fold(p.name) == key or any(fold(a) == key for a in p.aliases):
                return p
        return None

    def canonical(self, name: str) -> str:
        """The roster name ``name`` stands for (itself when it is not on the roster)."""
        p = self.find(name)
        return p.name if p is not None else name.strip()

    def aliases(self) -> dict[str, str]:
        """``{folded name or alias: roster name}`` for fast lookups (statistics)."""
        out: dict[str, str] = {}
        for p in self._players:
            for n in (p.name, *p.aliases):
                out[fold(n)] = p.name
        return out

    # -- changes ----------------------------------------------------------------------------
    def _index(self, name: str) -> int:
        key = fold(name)
        for i, p in enumerate(self._players):
            if fold(p.name) == key:
                return i
        raise RosterError(f"Игрока «{name}» в списке нет.")

    def _free(self, name: str, but: int | None = None) -> None:
        found = self.find(name)
        if found is not None and (but is None or self._players[but] is not found):
            raise RosterError(f"Имя игрока: «{name}» уже есть в списке ({found.name}).")

    def add(self, name: str, color: str | None = None) -> RosterPlayer:
        """Add a player (a colour not taken yet from the palette when none is given).

        :raises RosterError: empty, too long or taken name; a colour not ``#RRGGBB``.
        """
        clean = check_name(name)
        self._free(clean)
        if color is None:
            used = {p.color for p in self._players}
            color = next((c for c in PALETTE if c not in used), PALETTE[0])
        if not _COLOR_RE.match(color):
            raise RosterError(f"Цвет игрока: «{color}» — не цвет вида #RRGGBB.")
        player = RosterPlayer(clean, color)
        self._commit([*self._players, player])
        return player

    def rename(self, old: str, new: str) -> RosterPlayer:
        """Rename a player; the old name becomes an alias, so their history stays theirs.

        :raises RosterError: no such player; the new name is empty, too long or taken.
        """
        i = self._index(old)
        clean = check_name(new)
        self._free(clean, but=i)
        p = self._players[i]
        aliases = tuple(a for a in (*p.aliases, p.name) if fold(a) != fold(clean))
        renamed = replace(p, name=clean, aliases=aliases)
        self._commit([renamed if k == i else q for k, q in enumerate(self._players)])
        return renamed

    def recolor(self, name: str, color: str) -> RosterPlayer:
        """Give a player another colour. :raises RosterError: no such player; bad colour."""
        i = self._index(name)
        if not _COLOR_RE.match(color):
            raise RosterError(f"Цвет игрока: «{color}» — не цвет вида #RRGGBB.")
        changed = replace(self._players[i], color=color)
        self._commit([changed if k == i else q for k, q in enumerate(self._players)])
        return changed

    def merge(self, keep: str, drop: str) -> RosterPlayer:
        """Two entries that are one person: ``drop`` goes, its names become ``keep``'s aliases.

        :raises RosterError: either is not on the roster, or both are the same entry.
        """
        i, j = self._index(keep), self._index(drop)
        if i == j:
            raise RosterError("Объединить можно только двух разных игроков.")
        a, b = self._players[i], self._players[j]
        merged = replace(a, aliases=(*a.aliases, b.name, *b.aliases))
        self._commit([merged if k == i else q for k, q in enumerate(self._players) if k != j])
        return merged

    def remove(self, name: str) -> None:
        """Take a player off the roster (their games stay). :raises RosterError: no such."""
        i = self._index(name)
        self._commit([q for k, q in enumerate(self._players) if k != i])


def next_color(current: str, used: set[str]) -> str:
    """The palette's next colour after ``current`` not in ``used`` (the next one when all are)."""
    k = PALETTE.index(current) if current in PALETTE else -1
    for step in range(1, len(PALETTE)):
        c = PALETTE[(k + step) % len(PALETTE)]
        if c not in used:
            return c
    return PALETTE[(k + 1) % len(PALETTE)]
