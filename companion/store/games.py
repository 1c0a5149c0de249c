"""The game store: every game is a snapshot plus an append-only log in ``<data dir>/games/``.

The file format is described in :mod:`companion.store.eventlog`. Every change is durable
(one fdatasynced line) before :class:`StoredGame` applies it in memory, so the screen never
shows a change that is not on disk; the cost of a save does not grow with the game.

Damage is never hidden: a damaged snapshot is set aside and the ``.bak`` one used, a torn
last line is dropped, a game whose saved moves no longer replay is opened up to its last
good move and the rest is set aside; each case leaves a Russian sentence in
:attr:`StoredGame.recovered` / :attr:`GameStore.warnings` naming what was lost.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import secrets
import shutil
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.engine import Event, Game, GameDefinition, PlayerSpec, get_definition
from companion.errors import (
    CompanionError,
    CorruptFileError,
    SetupError,
    StoreError,
    UnknownGameError,
)
from companion.store.atomic import _fsync_dir, atomic_write_text, set_aside
from companion.store.eventlog import (
    SCHEMA,
    Loaded,
    LogWriter,
    load_game,
    snapshot_text,
    store_error,
)
from companion.store.limits import check_lengths
from companion.store.summary import GameSummary, remove_stale_temp_files

__all__ = ["SCHEMA", "GameStore", "StoredGame", "GameSummary", "COMPACT_EVERY", "TRASH"]

_ID_RE = re.compile(r"^[0-9A-Za-z_-]{1,64}$")

#: After this many changes in the log, the game is written as a new snapshot.
COMPACT_EVERY = 2000
#: On opening (for play), a log of at least this many lines is compacted first.
COMPACT_ON_OPEN = 200
#: Deleted games are moved here, inside the data directory (see :meth:`GameStore.delete`).
TRASH = "trash"


def _game_files(folder: Path, game_id: str) -> list[Path]:
    return sorted(
        p
        for p in folder.iterdir()
        if p.name.startswith(f"{game_id}.json") or p.name.startswith(f"{game_id}.log")
    )


def _move_words(definition: Any, loaded: Loaded, good: Sequence[Event], bad: Event) -> str:
    """A saved move that does not replay, in words: its journal line when the game can still
    word it («Аня: ПО +1»), else whose move it was, else «без подробностей» (never a code)."""
    try:
        before = Game(definition, loaded.setup, list(good))
        return f"«{definition.describe(before.state, bad, loaded.setup)}»"
    except Exception:  # the damaged data cannot be worded
        pass
    who = bad.data.get("player")
    names = loaded.setup.names
    if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < len(names):
        return f"ход игрока {names[who]}"
    return "без подробностей: данные хода испорчены"


class StoredGame:
    """A :class:`~companion.engine.Game` whose changes are saved to disk first.

    Use :attr:`game` to read state and :meth:`push`, :meth:`undo`, :meth:`redo` to change it.

    :param readonly: open only to read (CLI, saved-games list): no migration or routine
        compaction is written (repairs of damaged files still are).
    :ivar recovered: Russian sentences about recoveries done while opening the files.
    :raises UnknownGameError: no such game. :raises CorruptFileError: unreadable; set aside.
    """

    def __init__(
        self,
        game_id: str,
        folder: Path,
        *,
        clock: Callable[[], float] = time.time,
        readonly: bool = False,
    ) -> None:
        self.id = game_id
        self.folder = folder
        self.path = folder / f"{game_id}.json"
        self.readonly = readonly
        try:
            loaded = load_game(folder, game_id)
        except FileNotFoundError:
            raise UnknownGameError(f"Сохранённой игры «{game_id}» нет.") from None
        self.recovered = list(loaded.warnings)
        self._writer = LogWriter(folder, game_id)
        self._n = loaded.n
        self._log_lines = loaded.log_lines
        self.game = self._build(loaded, clock)
        routine = loaded.schema != SCHEMA or self._log_lines >= COMPACT_ON_OPEN
        if loaded.repair or (routine and not readonly):
            self._snapshot_or_warn()

    # -- opening ---------------------------------------------------------------------------
    def _set_whole_game_aside(self, why: str) -> CorruptFileError:
        names = [set_aside(p).name for p in _game_files(self.folder, self.id)]
        return CorruptFileError(
            f"Игру {self.id} нельзя открыть: {why}. Файлы игры отложены: {', '.join(names)}."
        )

    def _build(self, loaded: Loaded, clock: Callable[[], float]) -> Game:
        """The game replayed from ``loaded``; an unreplayable tail is set aside and named."""
        try:
            definition: GameDefinition[Any] = get_definition(loaded.setup.game)
            Game(definition, loaded.setup)
        except (UnknownGameError, SetupError) as exc:
            raise self._set_whole_game_aside(str(exc).rstrip(".")) from None
        events = loaded.events
        try:
            return Game(definition, loaded.setup, events, loaded.undone, clock=clock, journal=self)
        except Exception:  # any failure of a saved move to replay: find the first bad one
            pass
        lo, hi = 0, len(events) - 1  # the prefix of lo events replays; events[:hi+1] does not
        while lo < hi:
            mid = (lo + hi + 1) // 2
            try:
                Game(definition, loaded.setup, events[:mid])
                lo = mid
            except Exception:
                hi = mid - 1
        good = events[:lo]
        bad = events[lo]
        try:
            Game(definition, loaded.setup, [*good, bad])
            reason = ""
        except CompanionError as exc:  # a rule's own sentence says why
            reason = f" ({str(exc).rstrip('.')})"
        except Exception:  # damaged data: its internals mean nothing to a player
            reason = ""
        lost = events[lo:]
        copies = [
            shutil.copy2(p, p.with_name(f"{p.name}.unreplayable-{time.strftime('%Y%m%d-%H%M%S')}"))
            for p in _game_files(self.folder, self.id)
            if p.suffix in (".json", ".log")
        ]
        span = f"№{lost[0].seq}" if len(lost) == 1 else f"№{lost[0].seq}–№{lost[-1].seq}"
        words = _move_words(definition, loaded, good, bad)
        self.recovered.append(
            f"Игра {self.id}: сохранённый ход №{bad.seq} ({words}) "
            f"не сходится с правилами игры{reason} — запись, видимо, повреждена. Игра открыта "
            + (f"после хода №{bad.seq - 1}" if bad.seq > 1 else "с начала")
            + f", отложено ходов: {len(lost)} ({span}). Что делать: "
            "продолжайте игру с этого места, а отложенные ходы повторите по столу"
            + (
                "; прежние файлы сохранены: " + ", ".join(Path(c).name for c in copies) + "."
                if copies
                else "."
            )
        )
        loaded.repair = True
        loaded.undone = []
        return Game(definition, loaded.setup, good, clock=clock, journal=self)

    def _snapshot_or_warn(self) -> None:
        try:
            self.compact()
        except StoreError as exc:
            self.recovered.append(str(exc))

    # -- Journal (called by Game before a change is applied in memory) ---------------------
    def append(self, event: Event, text: str) -> None:
        """Persist ``event`` with its journal line, made once by :meth:`Game.push` (a new move
        also forgets the undone ones)."""
        self._write({"op": "push", "text": text, "event": event.to_dict()})

    def set_undone(self, seq: int, undone: bool) -> None:
        """Persist an undo (``True``) or redo (``False``) of event ``seq``."""
        g = self.game
        ev = g.last_event if undone else next(iter(g.redo_stack), None)  # no copy of the log
        kind = ev.type if ev is not None and ev.seq == seq else ""
        verb = "отмена хода" if undone else "возврат хода"
        self._write(
            {"op": "undo" if undone else "redo", "seq": seq, "text": f"{verb} #{seq} {kind}"}
        )

    def _write(self, record: dict[str, Any]) -> None:
        self._writer.append({"n": self._n + 1, **record})
        self._n += 1
        self._log_lines += 1

    # -- moves ------------------------------------------------------------------------------
    def push(
        self,
        type: str,
        data: Mapping[str, Any] | None = None,
        *,
        author: str | None = None,
        expect_revision: int | None = None,
    ) -> Event:
        """Save then apply a move (see :meth:`Game.push`).

        :param expect_revision: the game revision the move was made against; a stale one
            raises :class:`~companion.errors.StaleMoveError` and nothing changes.
        :raises RuleViolation: refused by the rules. :raises StoreError: not saved.
        """
        event = self.game.push(type, data, author=author, expect_revision=expect_revision)
        self._after_change()
        return event

    def undo(self, expect_revision: int | None = None) -> Event:
        """Save then apply an undo (see :meth:`Game.undo`); ``expect_revision`` as in push."""
        event = self.game.undo(expect_revision)
        self._after_change()
        return event

    def redo(self, expect_revision: int | None = None) -> Event:
        """Save then apply a redo (see :meth:`Game.redo`); ``expect_revision`` as in push."""
        event = self.game.redo(expect_revision)
        self._after_change()
        return event

    def _after_change(self) -> None:
        if self._log_lines >= COMPACT_EVERY:
            self._snapshot_or_warn()  # the change itself is already durable in the log

    def compact(self) -> None:
        """Write the whole game as a new snapshot and start an empty log.

        :raises StoreError: the disk refused it (the game stays as saved before).
        """
        g = self.game
        self._writer.write_snapshot(g.setup, self._n, list(g.events), list(g.redo_stack))
        self._log_lines = 0

    def close(self) -> None:
        """Close the log file (a game opened for play is compacted first when it has a log)."""
        if not self.readonly and self._log_lines and self.path.exists():  # not deleted
            self._snapshot_or_warn()
        self._writer.close()

    def summary(self) -> GameSummary:
        return GameSummary.of(self.id, self.game)


class GameStore:
    """All saved games in ``root/games``.

    :param root: the data directory (see :func:`companion.paths.data_dir`).
    :param clock: wall-clock source for new events (tests inject a fake one).
    :ivar warnings: Russian sentences about files recovered or set aside, for the user.
    :raises StoreError: the games folder cannot be created.
    """

    def __init__(self, root: Path, *, clock: Callable[[], float] = time.time) -> None:
        self.root = Path(root)
        self.dir = self.root / "games"
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise store_error(exc, "папку с играми") from exc
        self.clock = clock
        self.warnings: list[str] = []
        #: summaries by game id, with the files' (size, mtime) they were read from
        self._summaries: dict[str, tuple[tuple[int, ...], GameSummary]] = {}
        for folder in (self.root, self.dir):
            remove_stale_temp_files(folder)

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
        :raises StoreError: the disk refused the new file (nothing is left behind).
        """
        definition = get_definition(game)
        check_lengths(players, options)
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
        writer = LogWriter(self.dir, game_id)
        try:
            # a first good copy from the start (a copy, not a link: damage to one file in
            # place must not reach the other)
            text = snapshot_text(game_id, probe.setup, 0, [], [])
            atomic_write_text(path.with_name(path.name + ".bak"), text, what="новую игру")
            writer.write_snapshot(probe.setup, 0, [], [], what="новую игру")
        except StoreError:
            for p in (path, path.with_name(path.name + ".bak")):
                with contextlib.suppress(OSError):
                    p.unlink(missing_ok=True)
            raise
        return self.open(game_id)

    def open(self, game_id: str, *, readonly: bool = False) -> StoredGame:
        """Open a saved game (``readonly``: to show or export it, see :class:`StoredGame`).

        :raises UnknownGameError: no such game.
        :raises CorruptFileError: the files are unreadable or the game cannot be set up
            (they were set aside).
        """
        path = self._path(game_id)
        if not path.exists() and not path.with_name(path.name + ".bak").exists():
            raise UnknownGameError(f"Сохранённой игры «{game_id}» нет.")
        stored = StoredGame(game_id, self.dir, clock=self.clock, readonly=readonly)
        for w in stored.recovered:
            if w not in self.warnings:
                self.warnings.append(w)
        return stored

    def ids(self) -> list[str]:
        """Ids of every saved game (snapshot or backup present), sorted."""
        out = set()
        for p in self.dir.iterdir():
            for suffix in (".json", ".json.bak"):
                if p.name.endswith(suffix) and not p.name.startswith("."):
                    game_id = p.name[: -len(suffix)]
                    if _ID_RE.match(game_id):
                        out.add(game_id)
        return sorted(out)

    def list(self) -> list[GameSummary]:
        """Summaries of every readable saved game, most recently updated first.

        Damaged or unreplayable games are set aside (wholly or from their first bad move) and
        reported in :attr:`warnings`, never hidden; one bad game never hides the others.
        """
        out: list[GameSummary] = []
        for game_id in self.ids():
            stamp = self._stamp(game_id)
            cached = self._summaries.get(game_id)
            if cached is not None and cached[0] == stamp:
                out.append(cached[1])
                continue
            try:
                stored = self.open(game_id, readonly=True)
            except (CorruptFileError, UnknownGameError, StoreError) as exc:
                msg = str(exc)
                if msg not in self.warnings:
                    self.warnings.append(msg)
                continue
            except Exception as exc:  # noqa: BLE001 - one bad file must not hide the others
                self.warnings.append(f"Игру {game_id} не удалось открыть: {exc}.")
                continue
            summary = stored.summary()
            stored.close()
            self._summaries[game_id] = (self._stamp(game_id), summary)
            out.append(summary)
        out.sort(key=lambda s: s.updated, reverse=True)
        return out

    def stamps(self) -> dict[str, tuple[int, ...]]:
        """:meth:`stamp` of every game of :meth:`ids`, from one walk of the folder (a thousand
        games: one ``scandir``, not two thousand path look-ups)."""
        files: dict[str, dict[str, tuple[int, ...]]] = {}
        saved: set[str] = set()  # a snapshot or a backup: a game, as in ids()
        with os.scandir(self.dir) as entries:
            for e in entries:
                if e.name.startswith("."):
                    continue
                for suffix in (".json.bak", ".json", ".log"):
                    if not e.name.endswith(suffix) or not _ID_RE.match(e.name[: -len(suffix)]):
                        continue
                    gid = e.name[: -len(suffix)]
                    if suffix != ".log":
                        saved.add(gid)
                    if suffix != ".json.bak":
                        try:
                            st = e.stat()
                        except OSError:
                            break
                        files.setdefault(gid, {})[suffix] = (st.st_size, st.st_mtime_ns, st.st_ino)
                    break
        zero = (0, 0, 0)
        return {
            gid: (*files.get(gid, {}).get(".json", zero), *files.get(gid, {}).get(".log", zero))
            for gid in saved
        }

    def stamp(self, game_id: str) -> tuple[int, ...]:
        """Sizes, modification times and inodes of a game's snapshot and log (0 when missing):
        a value derived from the game's files is still good while its stamp is the same."""
        return self._stamp(game_id)

    def _stamp(self, game_id: str) -> tuple[int, ...]:
        """Sizes and modification times of a game's snapshot and log (0 when missing)."""
        out: list[int] = []
        for name in (f"{game_id}.json", f"{game_id}.log"):
            try:
                st = os.stat(self.dir / name)
                out += [st.st_size, st.st_mtime_ns, st.st_ino]
            except OSError:
                out += [0, 0, 0]
        return tuple(out)

    def delete(self, game_id: str) -> Path:
        """Delete a saved game: its files are *moved* to ``<data dir>/trash/<id>-<time>/``
        (not erased, so a mistaken delete can be undone by moving them back).

        :returns: the trash folder holding the files.
        :raises UnknownGameError: no such game. :raises StoreError: the disk refused.
        """
        self._path(game_id)
        files = _game_files(self.dir, game_id)
        if not any(p.name in (f"{game_id}.json", f"{game_id}.json.bak") for p in files):
            raise UnknownGameError(f"Сохранённой игры «{game_id}» нет.")
        target = self.root / TRASH / f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}"
        try:
            target.mkdir(parents=True, exist_ok=True)
            for p in files:
                os.replace(p, target / p.name)
            _fsync_dir(self.dir)
        except OSError as exc:
            raise store_error(exc, "удаление игры") from exc
        return target
