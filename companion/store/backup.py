"""Out and in: every play as CSV, and a JSON backup of every game (and the roster) that can be
imported again after it is checked.

CSV (:func:`plays_csv`): one row per seat of each finished game, columns :data:`CSV_COLUMNS`
(``started`` as ``YYYY-MM-DD HH:MM`` local time, ``winner`` 1/0, ``score`` empty where the
game keeps none, ``minutes`` of play by the turn clock, ``early`` 1 for a game stopped early).

Backup (:func:`backup_json`)::

    {"format": "companion-backup", "schema": 1, "roster": [{"name", "color", "aliases"}],
     "games": [{"id", "setup", "events", "undone"}]}

:func:`import_backup` checks the whole file before writing anything: the shape, every game's
id, setup and moves (replayed by the rules, as when a stored game is opened); a game already
stored (same id) is skipped; the others are written like new games.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine import Event, Game, Setup, get_definition
from companion.engine.core import CORE_EVENTS
from companion.engine.shapes import check_shape
from companion.errors import CompanionError, RuleViolation, StoreError
from companion.store.atomic import atomic_write_text
from companion.store.eventlog import parse_snapshot, snapshot_text
from companion.store.games import _ID_RE, GameStore
from companion.store.history import Play
from companion.store.roster import Roster, _parse

__all__ = [
    "CSV_COLUMNS",
    "FORMAT",
    "MAX_BACKUP_BYTES",
    "plays_csv",
    "plays_file",
    "backup_json",
    "backup_file",
    "import_backup",
    "import_bytes",
    "Imported",
]

FORMAT = "companion-backup"
SCHEMA = 1
#: The largest backup file :func:`import_bytes` reads (bytes): far above a thousand games.
MAX_BACKUP_BYTES = 64 * 1024 * 1024
CSV_COLUMNS = (
    "game_id",
    "started",
    "game",
    "title",
    "edition",
    "seat",
    "player",
    "color",
    "score",
    "winner",
    "minutes",
    "rounds",
    "early",
)


def _score(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def plays_csv(plays: Sequence[Play]) -> str:
    """Every play as CSV text (header first; one row per seat)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for p in plays:
        started = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.started))
        for seat, name in enumerate(p.players):
            w.writerow(
                [
                    p.id,
                    started,
                    p.game,
                    p.title,
                    p.edition,
                    seat + 1,
                    name,
                    p.colors[seat],
                    "" if p.scores is None else _score(p.scores[seat]),
                    int(seat in p.winners),
                    round(p.seconds / 60, 1),
                    p.rounds,
                    int(p.early),
                ]
            )
    return out.getvalue()


def backup_json(store: GameStore, roster: Roster | None = None) -> dict[str, Any]:
    """Every readable stored game (finished or not) and the roster, as one JSON object.
    Damaged games are left out and named in ``store.warnings``."""
    games = []
    for gid in store.ids():
        try:
            stored = store.open(gid, readonly=True)
        except CompanionError as exc:
            if str(exc) not in store.warnings:
                store.warnings.append(str(exc))
            continue
        try:
            g = stored.game
            raw = json.loads(snapshot_text(gid, g.setup, 0, list(g.events), list(g.redo_stack)))
        finally:
            stored.close()
        games.append({k: raw[k] for k in ("id", "setup", "events", "undone")})
    return {
        "format": FORMAT,
        "schema": SCHEMA,
        "roster": [p.to_dict() for p in (roster.players() if roster else [])],
        "games": games,
    }


@dataclass
class Imported:
    """What an import did: game ids added, ids skipped (already stored), roster names added."""

    added: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """One Russian sentence: how many games were added, were already here, players added."""
        return (
            f"Загружено партий: {len(self.added)}; уже были: {len(self.skipped)}; "
            f"новых игроков в списке: {len(self.players)}."
        )


def plays_file(plays: Sequence[Play]) -> tuple[str, bytes]:
    """``(file name, UTF-8 bytes)`` of :func:`plays_csv`, the name dated today."""
    return f"plays-{time.strftime('%Y-%m-%d')}.csv", plays_csv(plays).encode("utf-8")


def backup_file(store: GameStore, roster: Roster | None = None) -> tuple[str, bytes]:
    """``(file name, UTF-8 bytes)`` of :func:`backup_json` (indented JSON), the name dated
    today."""
    text = json.dumps(backup_json(store, roster), ensure_ascii=False, indent=1) + "\n"
    return f"companion-backup-{time.strftime('%Y-%m-%d')}.json", text.encode("utf-8")


def _replay_checked(setup: Setup, events: Sequence[Event]) -> None:
    """Every move of a file from elsewhere checked by the rules, as if played now (a stored
    game's own log is replayed without checks: it was checked when it was played).

    :raises RuleViolation: a move the rules refuse. :raises SetupError: a bad setup.
    """
    definition = get_definition(setup.game)
    Game(definition, setup)  # validates the setup
    state = definition.initial_state(setup)
    for ev in events:
        if ev.type in CORE_EVENTS:
            continue
        if definition.outcome(state) is not None:
            raise RuleViolation(f"ход #{ev.seq} сделан после конца игры")
        check_shape(definition.title, definition.events, ev.type, ev.data, definition.event_fields)
        definition.check(state, ev)
        definition.apply(state, ev)


def _check(data: Any) -> list[tuple[str, Any]]:
    """``[(id, parsed snapshot)]`` of a backup. :raises StoreError: naming the first fault."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError("Это не резервная копия «Настольного компаньона» (нет format).")
    if data.get("schema") != SCHEMA:
        raise StoreError(f"Резервная копия другой версии (schema {data.get('schema')!r}).")
    games = data.get("games")
    if not isinstance(games, list):
        raise StoreError("В резервной копии нет списка игр (games).")
    try:
        _parse({"schema": 1, "players": data.get("roster", [])})
    except ValueError as exc:
        raise StoreError(f"Список игроков в резервной копии повреждён: {exc}.") from None
    out = []
    seen: set[str] = set()
    for k, raw in enumerate(games, 1):
        gid = raw.get("id") if isinstance(raw, dict) else None
        if not isinstance(gid, str) or not _ID_RE.match(gid) or gid in seen:
            raise StoreError(f"Игра №{k} резервной копии: неверный или повторный номер игры.")
        seen.add(gid)
        try:
            snap = parse_snapshot({"schema": 2, "n": 0, **raw})
            _replay_checked(snap.setup, [*snap.events, *snap.undone])
        except (CompanionError, ValueError, KeyError, TypeError) as exc:
            raise StoreError(
                f"Игра {gid} резервной копии не проходит проверку ({exc or type(exc).__name__}); "
                "ничего не импортировано."
            ) from None
        out.append((gid, snap))
    return out


def import_backup(store: GameStore, data: Any, roster: Roster | None = None) -> Imported:
    """Import a backup made by :func:`backup_json` after checking all of it.

    :raises StoreError: the file is not a backup, or a game in it does not replay by the
        rules (nothing is written then); or the disk refused a write (games written before
        it stay, each whole).
    """
    checked = _check(data)
    result = Imported()
    have = set(store.ids())
    for gid, snap in checked:
        if gid in have:
            result.skipped.append(gid)
            continue
        text = snapshot_text(gid, snap.setup, 0, snap.events, snap.undone)
        path = store.dir / f"{gid}.json"
        atomic_write_text(path.with_name(path.name + ".bak"), text, what="импортированную игру")
        atomic_write_text(path, text, what="импортированную игру")
        result.added.append(gid)
    if roster is not None:
        for p in data.get("roster", []):
            if roster.find(p["name"]) is None:
                roster.add(p["name"], p["color"])
                result.players.append(p["name"])
    return result


def import_bytes(store: GameStore, raw: bytes, roster: Roster | None = None) -> Imported:
    """:func:`import_backup` of a file's bytes (UTF-8 JSON, as :func:`backup_json` wrote it,
    at most :data:`MAX_BACKUP_BYTES`).

    :raises StoreError: too large, not UTF-8 JSON, or refused by :func:`import_backup`.
    """
    if len(raw) > MAX_BACKUP_BYTES:
        raise StoreError(
            f"Файл резервной копии больше {MAX_BACKUP_BYTES // (1024 * 1024)} МБ; "
            "ничего не импортировано."
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise StoreError(
            "Это не резервная копия «Настольного компаньона» (файл не JSON); "
            "ничего не импортировано."
        ) from None
    return import_backup(store, data, roster)
