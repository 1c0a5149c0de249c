"""The history of plays: one :class:`Play` per finished stored game, derived from its files.

A play is read from a game's log (winners, final scores, the turn clock), never typed. Only
finished games are plays; a game the table stopped before its goal (free counters with a
target, ``game.end`` before anyone reached it) is a play marked :attr:`Play.early`.

Reading a thousand games replays a thousand logs, so the plays are kept in
``<data dir>/history-cache.json`` keyed by each game's file stamp
(:meth:`~companion.store.GameStore.stamp`): a game is read again only when its files change.
The cache is derived data: a damaged one is set aside, named in the warnings and rebuilt.
A damaged game file is left out and named (:attr:`History.warnings`); the rest still count.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from companion.engine import Game
from companion.errors import CorruptFileError, StoreError, UnknownGameError
from companion.store.atomic import atomic_write_text, dumps, set_aside
from companion.store.games import GameStore

try:  # orjson reads a thousand plays ~5x faster; the standard library is the fallback
    from orjson import loads
except ImportError:  # pragma: no cover - a build without the wheel
    from json import loads  # type: ignore[assignment]

__all__ = ["Play", "play_of", "History", "CACHE", "edition_of"]

CACHE = "history-cache.json"
#: Bumped whenever :class:`Play`'s fields change: an older cache is rebuilt, not trusted.
CACHE_SCHEMA = 1
#: The event a table stops a game with (free counters).
STOP_EVENT = "game.end"


@dataclass(frozen=True)
class Play:
    """One finished game, as the statistics read it.

    :param id: the stored game's id. :param game: the definition id (``"coup"``).
    :param title: the game's Russian title. :param edition: the edition's name, or ``""``.
    :param players: names in seat order. :param colors: ``#RRGGBB`` in seat order.
    :param winners: seat indices of the winners (several on a shared win).
    :param scores: final score per seat (``None`` when the game keeps no score).
    :param started: / :param ended: wall-clock seconds since the epoch (creation, last move).
    :param seconds: play time by the turn clock (setup and pauses not counted).
    :param rounds: rounds played (turns taken ÷ players, rounded up; at least 1).
    :param turn_seconds: / :param turn_counts: per seat, clock seconds and turns taken.
    :param early: stopped by the table before the game's goal was reached.
    :param reason: the engine's Russian sentence for the result.
    :param first_player: / :param options: the setup, to start the same game again.
    """

    id: str
    game: str
    title: str
    edition: str
    players: tuple[str, ...]
    colors: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...] | None
    started: float
    ended: float
    seconds: float
    rounds: int
    turn_seconds: tuple[float, ...]
    turn_counts: tuple[int, ...]
    early: bool
    reason: str
    first_player: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winner_names(self) -> tuple[str, ...]:
        return tuple(self.players[i] for i in self.winners)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["options"] = dict(self.options)
        return d

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Play:
        """Inverse of :meth:`to_dict` (the cache's own rows: shapes checked, not converted
        one by one). :raises KeyError, TypeError, ValueError: malformed."""
        players = tuple(raw["players"])
        scores = raw["scores"]
        play = cls(
            id=raw["id"],
            game=raw["game"],
            title=raw["title"],
            edition=raw["edition"],
            players=players,
            colors=tuple(raw["colors"]),
            winners=tuple(raw["winners"]),
            scores=None if scores is None else tuple(scores),
            started=raw["started"],
            ended=raw["ended"],
            seconds=raw["seconds"],
            rounds=raw["rounds"],
            turn_seconds=tuple(raw["turn_seconds"]),
            turn_counts=tuple(raw["turn_counts"]),
            early=raw["early"],
            reason=raw["reason"],
            first_player=raw.get("first_player", 0),
            options=raw.get("options") or {},
        )
        n = len(players)
        if not (
            isinstance(play.id, str)
            and all(isinstance(x, str) for x in players)
            and len(play.colors) == n == len(play.turn_seconds) == len(play.turn_counts)
            and (play.scores is None or len(play.scores) == n)
            and all(isinstance(w, int) and 0 <= w < n for w in play.winners)
            and isinstance(play.started, int | float)
            and isinstance(play.seconds, int | float)
        ):
            raise ValueError("a malformed play")
        return play


def edition_of(game: str, options: Mapping[str, Any]) -> str:
    """The Russian name of the edition a game was played with, or ``""``."""
    if game == "smashup":
        from companion.engine.smashup import EDITIONS

        return EDITIONS.get(str(options.get("edition", "")), "")
    return ""


def play_of(game_id: str, game: Game) -> Play | None:
    """The play of a finished game, ``None`` while it is in progress."""
    outcome = game.outcome()
    if outcome is None:
        return None
    setup = game.setup
    n = len(setup.players)
    ended = game.events[-1].ts if game.events else setup.created
    clock = game.turn_clock(now=ended)
    counts = [0] * n
    taken: set[int] = set()
    for number, player, _spent in clock.turns:
        if player is not None and 0 <= player < n:
            counts[player] += 1
            taken.add(number)
    scores = game.definition.scores(game.state)
    target = setup.options.get("target")
    last = game.events[-1].type if game.events else ""
    return Play(
        id=game_id,
        game=setup.game,
        title=game.definition.title,
        edition=edition_of(setup.game, setup.options),
        players=tuple(setup.names),
        colors=tuple(p.color for p in setup.players),
        winners=tuple(outcome.winners),
        scores=tuple(float(scores.get(i, 0.0)) for i in range(n)) if scores else None,
        started=setup.created,
        ended=ended,
        seconds=clock.total,
        rounds=max(1, math.ceil(len(taken) / n)),
        turn_seconds=tuple(clock.per_player.get(i, 0.0) for i in range(n)),
        turn_counts=tuple(counts),
        early=last == STOP_EVENT and bool(target),
        reason=outcome.reason,
        first_player=setup.first_player,
        options=dict(setup.options),
    )


class History:
    """Every play in a :class:`GameStore`, oldest first, read through the cache file.

    :ivar warnings: Russian sentences: damaged game files left out (named), a damaged cache.
    """

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.path = Path(store.root) / CACHE
        self.warnings: list[str] = []
        #: game id → (stamp, play or None for a game in progress)
        self._cache: dict[str, tuple[tuple[int, ...], Play | None]] | None = None

    def _read_cache(self) -> dict[str, tuple[tuple[int, ...], Play | None]]:
        try:
            raw = loads(self.path.read_bytes())
            if not isinstance(raw, dict) or raw.get("schema") != CACHE_SCHEMA:
                return {}  # an older shape: rebuilt, nothing lost (it is derived data)
            out = {}
            for gid, entry in raw["games"].items():
                play = entry["play"]
                stamp = tuple(int(x) for x in entry["stamp"])
                out[str(gid)] = (stamp, None if play is None else Play.from_dict(play))
            return out
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            try:
                aside = set_aside(self.path).name
            except OSError:
                aside = self.path.name
            self.warnings.append(
                f"Файл истории {CACHE} повреждён ({type(exc).__name__}) и отложен как {aside}; "
                "история собрана заново из сохранённых игр."
            )
            return {}

    def _write_cache(self) -> None:
        assert self._cache is not None
        games = {
            gid: {"stamp": list(stamp), "play": None if play is None else play.to_dict()}
            for gid, (stamp, play) in self._cache.items()
        }
        try:
            atomic_write_text(
                self.path, dumps({"schema": CACHE_SCHEMA, "games": games}), what="историю игр"
            )
        except StoreError as exc:  # the history still shows; it is rebuilt next time
            if str(exc) not in self.warnings:
                self.warnings.append(str(exc))

    def plays(self) -> list[Play]:
        """Every finished game's play, oldest first (damaged games left out and named)."""
        if self._cache is None:
            self._cache = self._read_cache()
        cache = self._cache
        changed = False
        stamps = self.store.stamps()
        for gid in [g for g in cache if g not in stamps]:
            del cache[gid]
            changed = True
        for gid in sorted(stamps):
            stamp = stamps[gid]
            entry = cache.get(gid)
            if entry is not None and entry[0] == stamp:
                continue
            try:
                stored = self.store.open(gid, readonly=True)
            except (CorruptFileError, UnknownGameError, StoreError) as exc:
                self._warn(f"Игра {gid} не учтена в истории: {exc}")
                cache.pop(gid, None)
                continue
            except Exception as exc:  # noqa: BLE001 - one bad file must not hide the others
                self._warn(f"Игра {gid} не учтена в истории: {exc}.")
                cache.pop(gid, None)
                continue
            try:
                play = play_of(gid, stored.game)
            finally:
                stored.close()
            cache[gid] = (self.store.stamp(gid), play)
            changed = True
        for w in self.store.warnings:
            self._warn(w)
        if changed:
            self._write_cache()
        out = [play for _stamp, play in cache.values() if play is not None]
        out.sort(key=lambda p: (p.started, p.id))
        return out

    def _warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)
