"""The plays the history, statistics and night screens read: one
:class:`~companion.store.history.History` per store, with the roster's names and colours;
what the new-game form offers from them (:func:`known_players`, :func:`last_game`)."""

from __future__ import annotations

import threading
import weakref
from collections import Counter
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.store.games import GameStore
from companion.store.history import History, Play
from companion.store.roster import Roster, fold
from companion.store.stats import person

__all__ = ["Plays", "load_plays", "known_players", "last_game", "NO_COLOR"]

#: The colour of a name nobody gave one (the theme's outline colour, Flet's ``Colors.OUTLINE``).
NO_COLOR = "outline"

_histories: weakref.WeakKeyDictionary[GameStore, History] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


@dataclass(frozen=True)
class Plays:
    """The plays (oldest first), the roster's name map and colours, and warnings to show."""

    plays: list[Play]
    aliases: dict[str, str]
    colors: dict[str, str]
    warnings: list[str]

    def counts(self) -> dict[str, int]:
        """Plays per person (the roster's name for each name played under)."""
        return dict(Counter(person(n, self.aliases) for p in self.plays for n in p.players))

    def people(self) -> list[str]:
        """Every person who played, by most plays."""
        count = self.counts()
        return sorted(count, key=lambda n: (-count[n], n))

    def color(self, name: str) -> str:
        return self.colors.get(person(name, self.aliases), NO_COLOR)


def load_plays(store: GameStore) -> Plays:
    """Every play of ``store`` (damaged games left out and named in warnings)."""
    with _lock:
        history = _histories.get(store)
        if history is None:
            history = _histories[store] = History(store)
        plays = history.plays()
        warnings = list(history.warnings)
    roster = Roster(store.root)
    aliases = roster.aliases()
    colors: dict[str, str] = {}
    for p in plays:  # the colour they played with last, unless the roster names one
        for n, c in zip(p.players, p.colors, strict=True):
            colors[person(n, aliases)] = c
    colors.update({r.name: r.color for r in roster.players()})
    return Plays(plays, aliases, colors, [*warnings, *roster.warnings])


def last_game(store: GameStore, offered: list[str]) -> str:
    """The game the new-game form starts on: the one played most recently, else the first
    offered."""
    try:
        recent = store.list()
    except (OSError, CompanionError):
        recent = []
    return next((s.game for s in recent if s.game in offered), offered[0])


def known_players(store: GameStore) -> list[tuple[str, str]]:
    """``[(name, colour)]``: the roster, then the other people of finished games by most
    games played."""
    roster = Roster(store.root).players()
    out = [(p.name, p.color) for p in roster]
    have = {fold(n) for n, _c in out}
    try:
        data = load_plays(store)
    except (OSError, CompanionError):
        return out
    for name in data.people():
        if fold(name) not in have:
            out.append((name, data.color(name)))
            have.add(fold(name))
    return out
