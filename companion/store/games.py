"""The game store: every game is one TinyDB file in ``<data dir>/games/``.

File layout (TinyDB tables)::

    meta    {"1": {"schema": 1, "id": str, "setup": Setup.to_dict()}}
    events  {"<seq>": {"seq", "type", "data", "ts", "author", "undone": bool}}

Active events form a prefix of the log (seq 1..n, ``undone`` false); undone events that can
still be redone follow them. A new event after an undo first deletes the undone ones.
Every change is durable (see :mod:`companion.store.atomic`) before :class:`StoredGame`
applies it in memory, so the screen never shows a change that is not on disk.
"""

from __future__ import annotations

import random
import re
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.table import Document

from companion.engine import Event, Game, PlayerSpec, Setup, get_definition
from companion.errors import CorruptFileError, StoreError, UnknownGameError
from companion.store.atomic import AtomicJSONStorage

__all__ = ["SCHEMA", "GameStore", "StoredGame", "GameSummary", "validate_game_file"]

SCHEMA = 1
_ID_RE = re.compile(r"^[0-9A-Za-z_-]{1,64}$")


def validate_game_file(raw: dict[str, Any]) -> None:
    """Check the shape of a game file. :raises ValueError: on a wrong schema."""
    meta = raw.get("meta")
    if not meta or "1" not in meta:
        raise ValueError("game file has no meta record")
    doc = meta["1"]
    if doc.get("schema") != SCHEMA or not isinstance(doc.get("setup"), dict):
        raise ValueError("unknown game file schema")
    Setup.from_dict(doc["setup"])
    for key, ev in raw.get("events", {}).items():
        if str(ev.get("seq")) != key or not isinstance(ev.get("type"), str):
            raise ValueError("malformed event")
        Event.from_dict(ev)


class StoredGame:
    """A :class:`~companion.engine.Game` whose log lives in a TinyDB file.

    Use :attr:`game` to read state and :meth:`push`, :meth:`undo`, :meth:`redo` to change it:
    each writes to disk first.

    :ivar recovered: Russian sentences about recoveries done while opening the file.
    """

    def __init__(self, game_id: str, path: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.id = game_id
        self.path = path
        self._db = TinyDB(path, storage=AtomicJSONStorage, validate=validate_game_file)
        self._events = self._db.table("events", cache_size=0)
        storage: AtomicJSONStorage = self._db.storage  # type: ignore[assignment]
        raw = storage.read()
        if raw is None:
            raise UnknownGameError(f"Игры «{game_id}» нет.")
        self.recovered = list(storage.recovered)
        setup = Setup.from_dict(raw["meta"]["1"]["setup"])
        docs = sorted(raw.get("events", {}).values(), key=lambda d: d["seq"])
        active = [Event.from_dict(d) for d in docs if not d.get("undone")]
        undone = [Event.from_dict(d) for d in docs if d.get("undone")]
        self.game = Game(
            get_definition(setup.game), setup, active, undone, clock=clock, journal=self
        )

    # -- Journal ---------------------------------------------------------------------------
    def append(self, event: Event) -> None:
        """Persist ``event``; undone events are dropped first (a new move clears redo)."""
        if self.game.redo_stack:
            self._events.remove(doc_ids=[e.seq for e in self.game.redo_stack])
        self._events.insert(Document({**event.to_dict(), "undone": False}, doc_id=event.seq))

    def set_undone(self, seq: int, undone: bool) -> None:
        """Persist an undo (``True``) or redo (``False``) of event ``seq``."""
        self._events.update({"undone": undone}, doc_ids=[seq])

    # -- moves -------------------------------------------------------------------------------
    def push(
        self, type: str, data: Mapping[str, Any] | None = None, *, author: str | None = None
    ) -> Event:
        """Save then apply a move (see :meth:`Game.push`)."""
        return self.game.push(type, data, author=author)

    def undo(self) -> Event:
        """Save then apply an undo (see :meth:`Game.undo`)."""
        return self.game.undo()

    def redo(self) -> Event:
        """Save then apply a redo (see :meth:`Game.redo`)."""
        return self.game.redo()

    def close(self) -> None:
        self._db.close()

    def summary(self) -> GameSummary:
        return GameSummary.of(self.id, self.game)


@dataclass(frozen=True)
class GameSummary:
    """One line of the saved-games list.

    :param started: / :param updated: wall-clock seconds since the epoch.
    :param winners: player names, empty while the game is in progress.
    """

    id: str
    game: str
    title: str
    players: tuple[str, ...]
    started: float
    updated: float
    events: int
    finished: bool
    winners: tuple[str, ...]
    reason: str

    @classmethod
    def of(cls, game_id: str, game: Game) -> GameSummary:
        outcome = game.outcome()
        names = game.players
        return cls(
            id=game_id,
            game=game.setup.game,
            title=game.definition.title,
            players=tuple(names),
            started=game.setup.created,
            updated=game.events[-1].ts if game.events else game.setup.created,
            events=len(game.events),
            finished=outcome is not None,
            winners=tuple(names[i] for i in outcome.winners) if outcome else (),
            reason=outcome.reason if outcome else "",
        )

    @property
    def status(self) -> str:
        """«идёт» or «окончена: победа …» (Russian)."""
        if not self.finished:
            return "идёт"
        return "окончена, победа: " + ", ".join(self.winners)


class GameStore:
    """All saved games in ``root/games``.

    :param root: the data directory (see :func:`companion.paths.data_dir`).
    :param clock: wall-clock source for new events (tests inject a fake one).
    :ivar warnings: Russian sentences about files recovered or set aside, for the user.
    """

    def __init__(self, root: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.root = Path(root)
        self.dir = self.root / "games"
        self.dir.mkdir(parents=True, exist_ok=True)
        self.clock = clock
        self.warnings: list[str] = []

    def _path(self, game_id: str) -> Path:
        if not _ID_RE.match(game_id):
            raise UnknownGameError(f"«{game_id}» — не номер сохранённой игры.")
        return self.dir / f"{game_id}.json"

    def create(
        self,
        game: str,
        players: Sequence[str | PlayerSpec],
        *,
        first_player: int | None = None,
        options: Mapping[str, Any] | None = None,
        rng: random.Random | None = None,
    ) -> StoredGame:
        """Start and save a new game; ``first_player=None`` draws one at random.

        :raises UnknownGameError: no such game definition.
        :raises SetupError: the setup breaks the game's rules (players count, names, options).
        """
        definition = get_definition(game)
        if first_player is None:
            first_player = (rng or random.SystemRandom()).randrange(len(players))
        probe = Game.new(
            definition, players, first_player=first_player, options=options, clock=self.clock
        )
        game_id = (
            time.strftime("%Y%m%d-%H%M%S", time.localtime(probe.setup.created))
            + "-"
            + secrets.token_hex(3)
        )
        path = self._path(game_id)
        db = TinyDB(path, storage=AtomicJSONStorage, validate=validate_game_file)
        db.table("meta").insert(
            Document({"schema": SCHEMA, "id": game_id, "setup": probe.setup.to_dict()}, doc_id=1)
        )
        db.close()
        return self.open(game_id)

    def open(self, game_id: str) -> StoredGame:
        """Open a saved game.

        :raises UnknownGameError: no such game.
        :raises CorruptFileError: the file and its backup are unreadable (the file was set aside).
        """
        path = self._path(game_id)
        if not path.exists() and not path.with_name(path.name + ".bak").exists():
            raise UnknownGameError(f"Сохранённой игры «{game_id}» нет.")
        stored = StoredGame(game_id, path, clock=self.clock)
        self.warnings.extend(stored.recovered)
        return stored

    def list(self) -> list[GameSummary]:
        """Summaries of every readable saved game, most recently updated first.

        Unreadable files are set aside and reported in :attr:`warnings`, never hidden.
        """
        out: list[GameSummary] = []
        ids = sorted(
            {
                p.name.split(".json")[0]
                for p in self.dir.glob("*.json*")
                if not p.name.startswith(".")
            }
        )
        for game_id in ids:
            if not _ID_RE.match(game_id):
                continue
            if (
                not (self.dir / f"{game_id}.json").exists()
                and not (self.dir / f"{game_id}.json.bak").exists()
            ):
                continue
            try:
                stored = self.open(game_id)
            except (CorruptFileError, UnknownGameError, StoreError) as exc:
                msg = str(exc)
                if msg not in self.warnings:
                    self.warnings.append(msg)
                continue
            out.append(stored.summary())
            stored.close()
        out.sort(key=lambda s: s.updated, reverse=True)
        return out
