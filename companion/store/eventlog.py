"""One game on disk: a compacted snapshot plus an append-only change log.

Files in ``<data dir>/games/``::

    <id>.json       snapshot {"schema": 2, "id", "setup", "n", "events": [...], "undone": [...]}
    <id>.json.bak   the previous snapshot (a hard link made by atomic_write_text)
    <id>.log        one JSON line per change made after the snapshot:
                    {"n", "op": "push", "text", "event": Event.to_dict()}
                    {"n", "op": "undo" | "redo", "seq", "text"}
    <id>.log.bak    the log that led from the .bak snapshot to the current snapshot

``n`` numbers every change of the game (push, undo, redo) from 1; a snapshot records the
last ``n`` it contains, and lines with a smaller or equal ``n`` are skipped when loading.
``events`` is the active log (seq 1..k); ``undone`` the redoable events, next one first.
``text`` is the engine's description of the move, so a move that did not make it to disk
can be named to the user even when its line was cut short.

Saving one change appends one line and fdatasyncs it: the cost does not grow with the
game. Now and then the whole game is written as a new snapshot (atomically: temp file,
fsync, ``os.replace``, folder fsync), the old snapshot kept as ``.bak`` and the old log as
``.log.bak``; so the ``.bak`` snapshot plus ``.log.bak`` plus ``.log`` always rebuild the
game if the snapshot itself is damaged.

A torn last line (the process was killed mid-write) is dropped and named; a damaged line
in the middle ends the readable log there, and every later change is named as lost.
Old game files (schema 1, a TinyDB document store) are read too.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.engine import Event, Setup
from companion.store.atomic import _fsync_dir, atomic_write_text, dumps, set_aside, store_error

__all__ = [
    "SCHEMA",
    "Loaded",
    "LogWriter",
    "load_game",
    "parse_snapshot",
    "snapshot_text",
    "store_error",
]

SCHEMA = 2

try:
    import orjson

    def _loads(raw: bytes) -> Any:
        return orjson.loads(raw)

    def _line(record: dict[str, Any]) -> bytes:
        return orjson.dumps(record) + b"\n"

except ImportError:  # pragma: no cover - a build without the wheel

    def _loads(raw: bytes) -> Any:
        return json.loads(raw)

    def _line(record: dict[str, Any]) -> bytes:
        return (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


_TEXT_RE = re.compile(rb'"text":"((?:[^"\\]|\\.)*)')


# -- snapshots ------------------------------------------------------------------------------
def snapshot_text(
    game_id: str, setup: Setup, n: int, events: list[Event], undone: list[Event]
) -> str:
    """The JSON text of a schema-2 snapshot."""
    return dumps(
        {
            "schema": SCHEMA,
            "id": game_id,
            "setup": setup.to_dict(),
            "n": n,
            "events": [e.to_dict() for e in events],
            "undone": [e.to_dict() for e in undone],
        }
    )


@dataclass
class Snapshot:
    setup: Setup
    n: int
    events: list[Event]
    undone: list[Event]
    schema: int


def parse_snapshot(raw: Any) -> Snapshot:
    """A snapshot from parsed JSON: schema 2, or schema 1 (the TinyDB file of older versions).

    :raises ValueError, KeyError, TypeError: on anything else.
    """
    if not isinstance(raw, dict):
        raise ValueError("a game file is a JSON object")
    if raw.get("schema") == SCHEMA:
        n = raw["n"]
        if not isinstance(n, int) or n < 0:
            raise ValueError("bad change number")
        events = [Event.from_dict(d) for d in raw["events"]]
        undone = [Event.from_dict(d) for d in raw["undone"]]
        setup = Setup.from_dict(raw["setup"])
        schema = SCHEMA
    else:  # schema 1: {"meta": {"1": {...}}, "events": {"<seq>": {..., "undone": bool}}}
        doc = raw["meta"]["1"]
        if doc.get("schema") != 1 or not isinstance(doc.get("setup"), dict):
            raise ValueError("unknown game file schema")
        setup = Setup.from_dict(doc["setup"])
        docs = list(raw.get("events", {}).items())
        for key, ev in docs:
            if str(ev.get("seq")) != key or not isinstance(ev.get("type"), str):
                raise ValueError("malformed event")
        ordered = sorted((ev for _k, ev in docs), key=lambda d: int(d["seq"]))
        events = [Event.from_dict(d) for d in ordered if not d.get("undone")]
        undone = [Event.from_dict(d) for d in ordered if d.get("undone")]
        n, schema = 0, 1
    if [e.seq for e in events] != list(range(1, len(events) + 1)) or [
        e.seq for e in undone
    ] != list(range(len(events) + 1, len(events) + len(undone) + 1)):
        raise ValueError("events out of order")
    return Snapshot(setup, n, events, undone, schema)


def _read_snapshot(path: Path) -> Snapshot:
    return parse_snapshot(_loads(path.read_bytes()))


# -- the change log -------------------------------------------------------------------------
@dataclass
class Loaded:
    """A game as read from disk.

    :ivar lost: Russian descriptions of changes that could not be read (in order).
    :ivar warnings: complete Russian sentences for the user.
    :ivar repair: the files need rewriting (a recovery was done; a compaction fixes it).
    """

    setup: Setup
    n: int
    events: list[Event]
    undone: list[Event]
    schema: int
    log_lines: int = 0
    warnings: list[str] = field(default_factory=list)
    repair: bool = False


def _apply(loaded: Loaded, rec: dict[str, Any]) -> None:
    """Apply one change record to ``loaded``. :raises ValueError, KeyError, TypeError:"""
    op = rec["op"]
    if op == "push":
        ev = Event.from_dict(rec["event"])
        if ev.seq != len(loaded.events) + 1:
            raise ValueError("event out of order")
        loaded.events.append(ev)
        loaded.undone.clear()
    elif op == "undo":
        if not loaded.events or loaded.events[-1].seq != rec["seq"]:
            raise ValueError("undo of another event")
        loaded.undone.insert(0, loaded.events.pop())
    elif op == "redo":
        if not loaded.undone or loaded.undone[0].seq != rec["seq"]:
            raise ValueError("redo of another event")
        loaded.events.append(loaded.undone.pop(0))
    else:
        raise ValueError(f"unknown change {op!r}")
    loaded.n = rec["n"]


def _text_of(raw: bytes) -> str:
    """The description kept in a (possibly cut short) log line, or a neutral phrase."""
    m = _TEXT_RE.search(raw)
    if not m:
        return "запись оборвалась, ход не опознан"
    try:
        return str(json.loads(b'"' + m.group(1) + b'"'))
    except ValueError:
        return m.group(1).decode("utf-8", "ignore").rstrip("\\")


def _replay_log(loaded: Loaded, path: Path, game_id: str) -> bool:
    """Apply the lines of the log ``path`` that come after ``loaded.n``.

    :returns: whether the whole log was read; on damage, the lost changes are named in
        ``loaded.warnings`` and the rest of the log is ignored.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return True
    lines = data.split(b"\n")
    torn = lines.pop()  # after the last newline: empty, or a line cut short by a kill
    for i, raw in enumerate(lines):
        if not raw.strip():
            continue
        try:
            rec = _loads(raw)
            if not isinstance(rec, dict) or not isinstance(rec.get("n"), int):
                raise ValueError("not a change record")
            if rec["n"] <= loaded.n:
                continue
            if rec["n"] != loaded.n + 1:
                raise ValueError("a change is missing")
            _apply(loaded, rec)
            loaded.log_lines += 1
        except (ValueError, KeyError, TypeError):
            lost = [_text_of(r) for r in lines[i:] if r.strip()]
            if torn.strip():
                lost.append(_text_of(torn))
            loaded.warnings.append(
                f"Игра {game_id}: журнал ходов повреждён (строка {i + 1}); "
                f"не сохранились ходы: {'; '.join(lost)}."
            )
            return False
    if torn.strip():
        loaded.warnings.append(
            f"Игра {game_id}: не сохранился последний ход: {_text_of(torn)} "
            "(запись прервалась на середине)."
        )
        return False
    return True


def load_game(folder: Path, game_id: str) -> Loaded:
    """Read one game: its snapshot (or the ``.bak`` one) and the change logs.

    :raises FileNotFoundError: neither the snapshot nor its ``.bak`` copy exists.
    :raises StoreError: (a :class:`~companion.errors.CorruptFileError`) if neither can be
        read; the damaged snapshot has been set aside.
    """
    from companion.errors import CorruptFileError

    snap_path = folder / f"{game_id}.json"
    bak_path = folder / f"{game_id}.json.bak"
    log_path = folder / f"{game_id}.log"
    warnings: list[str] = []
    logs = [log_path]
    try:
        snap = _read_snapshot(snap_path)
    except FileNotFoundError:
        if not bak_path.exists():
            raise
        why = f"Файл игры {snap_path.name} пропал"
        aside = None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        aside = set_aside(snap_path)
        why = (
            f"Файл игры {snap_path.name} повреждён ({type(exc).__name__}) "
            f"и отложен как {aside.name}"
        )
    else:
        why = ""
    if why:
        try:
            snap = _read_snapshot(bak_path)
        except (OSError, ValueError, KeyError, TypeError):
            where = f" Повреждённый файл сохранён как {aside.name}." if aside else ""
            raise CorruptFileError(
                f"{why}; резервной копии, которую можно прочитать, нет.{where}"
            ) from None
        logs = [folder / f"{game_id}.log.bak", log_path]
        warnings.append(f"{why}; загружена последняя исправная копия.")
    loaded = Loaded(snap.setup, snap.n, snap.events, snap.undone, snap.schema, 0, warnings)
    loaded.repair = bool(why)
    for path in logs:
        if not _replay_log(loaded, path, game_id):
            loaded.repair = True
            break
    return loaded


class LogWriter:
    """Appends change lines to ``<id>.log`` durably and rewrites snapshots.

    :param folder: the games folder. :param game_id: the game.
    """

    def __init__(self, folder: Path, game_id: str) -> None:
        self.folder = folder
        self.id = game_id
        self.snapshot = folder / f"{game_id}.json"
        self.log = folder / f"{game_id}.log"
        self._fd: int | None = None
        self._size = 0

    def _open(self) -> int:
        if self._fd is None:
            created = not self.log.exists()
            fd = os.open(self.log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            if created:
                _fsync_dir(self.folder)
            self._fd = fd
            self._size = os.fstat(fd).st_size
        return self._fd

    def append(self, record: dict[str, Any]) -> None:
        """Write one change line and make it durable.

        :raises StoreError: the disk refused it; the log is cut back to where it was.
        """
        data = _line(record)
        try:
            fd = self._open()
            written = 0
            while written < len(data):
                written += os.write(fd, data[written:])
            getattr(os, "fdatasync", os.fsync)(fd)
        except OSError as exc:
            if self._fd is not None:
                try:  # never leave half a line behind a good one
                    os.ftruncate(self._fd, self._size)
                except OSError:
                    self.close()
            raise store_error(exc, "ход") from exc
        self._size += len(data)

    def write_snapshot(
        self, setup: Setup, n: int, events: list[Event], undone: list[Event], what: str = "игру"
    ) -> None:
        """Write a new snapshot (old one kept as ``.bak``) and start a new, empty log.

        :raises StoreError: the disk refused it; the previous files stay as they were.
        """
        text = snapshot_text(self.id, setup, n, events, undone)
        atomic_write_text(
            self.snapshot, text, backup=self.folder / f"{self.id}.json.bak", what=what
        )
        self.close()
        try:
            if self.log.exists():
                os.replace(self.log, self.folder / f"{self.id}.log.bak")
                _fsync_dir(self.folder)
        except OSError as exc:  # the snapshot is good; old lines are skipped by their n
            raise store_error(exc, "журнал игры") from exc

    def close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            finally:
                self._fd = None
