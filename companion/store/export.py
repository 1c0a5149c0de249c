"""Exports of a saved game: JSON (setup, outcome, every event with its log line) and plain text.

Both the command line (``companion games export``) and the journal screen use these. A JSON
export is also how a game moves to another device: :func:`import_game` reads it back.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion.engine import Event, Game, get_definition
from companion.errors import CompanionError, CorruptFileError
from companion.store.atomic import atomic_write_text
from companion.store.eventlog import SCHEMA, parse_snapshot, snapshot_text
from companion.store.games import GameStore, StoredGame

#: A part of a game's log: ``(event, its journal line)`` pairs, oldest first.
LogLines = Sequence[tuple[Event, str]]

__all__ = ["export_json", "export_text", "export_bytes", "fmt_time", "import_game", "keep_export"]

_ID_RE = re.compile(r"^[0-9A-Za-z_-]{1,64}$")
#: Largest export read back (bytes): a long game's export is well under 1 MB.
MAX_IMPORT = 20 * 1024 * 1024


def fmt_time(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts))


def export_json(
    stored: StoredGame, log: LogLines | None = None, picked: str = ""
) -> dict[str, Any]:
    """The JSON export of a saved game: setup, outcome and every event with its log line.

    :param log: the lines to export (a journal's filtered view), oldest first; every line
        when ``None``.
    :param picked: what the filter kept, in words («игрок Борис»); ``""`` for none. Saved
        as ``"filter"`` (``null`` for none).
    """
    game = stored.game
    outcome = game.outcome()
    lines = game.log() if log is None else log
    return {
        "id": stored.id,
        "game": game.setup.game,
        "title": game.definition.title,
        "setup": game.setup.to_dict(),
        "outcome": None
        if outcome is None
        else {"winners": [game.players[i] for i in outcome.winners], "reason": outcome.reason},
        "filter": picked or None,
        "events": [{**ev.to_dict(), "text": text} for ev, text in lines],
    }


def export_text(stored: StoredGame, log: LogLines | None = None, picked: str = "") -> str:
    """The plain-text export of a saved game: a header, then one log line per event
    (``log`` and ``picked`` as in :func:`export_json`; a filter is named in the header)."""
    game = stored.game
    summary = stored.summary()
    lines = [
        f"{game.definition.title} — {stored.id}",
        "Игроки: " + ", ".join(game.players),
        f"Начата: {fmt_time(game.setup.created)}; статус: {summary.status}",
    ]
    if picked:
        lines.append(f"Отбор журнала: {picked}")
    lines.append("")
    chosen = game.log() if log is None else log
    lines += [f"{fmt_time(ev.ts)}  #{ev.seq:<4} {text}" for ev, text in chosen]
    if summary.finished:
        lines += ["", f"Итог: {summary.reason}"]
    return "\n".join(lines) + "\n"


def export_bytes(
    stored: StoredGame, fmt: str, log: LogLines | None = None, picked: str = ""
) -> tuple[str, bytes]:
    """``(file name, UTF-8 bytes)`` of an export; ``fmt`` is ``"json"`` or ``"text"``;
    ``log`` and ``picked`` as in :func:`export_json` (a filtered export's name ends in
    ``-отбор``).

    :raises ValueError: on another format.
    """
    stem = f"{stored.id}-отбор" if picked else stored.id
    if fmt == "json":
        text = json.dumps(export_json(stored, log, picked), ensure_ascii=False, indent=2)
        return f"{stem}.json", text.encode("utf-8")
    if fmt == "text":
        return f"{stem}.txt", export_text(stored, log, picked).encode("utf-8")
    raise ValueError(f"unknown export format: {fmt}")


def keep_export(root: Path, name: str, data: bytes) -> Path:
    """Write an export's ``data`` as ``<root>/exports/<name>`` (the folder made when missing)
    and return that path. :raises OSError: it could not be written."""
    folder = Path(root) / "exports"
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(data)
    return folder / name


def import_game(store: GameStore, raw: bytes, name: str = "файл") -> StoredGame:
    """Save the game of a JSON export (:func:`export_json`) into ``store`` and open it.

    The export is read as a game file: the same snapshot check the store applies to its own
    files (:func:`~companion.store.eventlog.parse_snapshot`), then every move replayed by the
    game's rules. It is all or nothing: a file that fails either is refused and nothing is
    written. The game keeps its id unless ``store`` already has a game with that id (then it
    gets a new one, so nothing is overwritten).

    :param name: the file's name, for the messages.
    :raises CorruptFileError: not an export, a damaged one, or a move the rules refuse (the
        message, in Russian, names the file and what is wrong).
    :raises StoreError: the disk refused the new files.
    """
    if len(raw) > MAX_IMPORT:
        raise CorruptFileError(f"«{name}» слишком велик для выгрузки игры.")
    try:
        doc = json.loads(raw.decode("utf-8"))
        if not isinstance(doc, dict) or not isinstance(doc.get("events"), list):
            raise ValueError("no events")
        events = [
            {k: v for k, v in e.items() if k != "text"} if isinstance(e, dict) else e
            for e in doc["events"]
        ]
        snap = parse_snapshot(
            {
                "schema": SCHEMA,
                "setup": doc["setup"],
                "n": len(events),
                "events": events,
                "undone": [],
            }
        )
    except (UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError):
        raise CorruptFileError(
            f"«{name}» — не выгрузка игры в JSON (её делает журнал игры: «Выгрузить JSON»)."
        ) from None
    if [e.seq for e in snap.events] != list(range(1, len(snap.events) + 1)):
        raise CorruptFileError(f"«{name}»: ходы игры пронумерованы с пропусками.")
    try:
        Game(get_definition(snap.setup.game), snap.setup, snap.events)
    except CompanionError as exc:
        raise CorruptFileError(f"«{name}»: игру нельзя воспроизвести по правилам: {exc}") from None
    except Exception as exc:  # any other failure of a move to replay
        raise CorruptFileError(
            f"«{name}»: игру нельзя воспроизвести по правилам ({type(exc).__name__})."
        ) from None
    game_id = str(doc.get("id", ""))
    if not _ID_RE.match(game_id) or game_id in store.ids():
        game_id = time.strftime("%Y%m%d-%H%M%S") + "-" + secrets.token_hex(3)
    path = store.dir / f"{game_id}.json"
    text = snapshot_text(game_id, snap.setup, snap.n, snap.events, [])
    atomic_write_text(path.with_name(path.name + ".bak"), text, what="загруженную игру")
    atomic_write_text(path, text, what="загруженную игру")
    return store.open(game_id)
