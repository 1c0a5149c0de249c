"""Exports of a saved game: JSON (setup, outcome, every event with its log line) and plain text.

Both the command line (``companion games export``) and the journal screen use these.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from companion.engine import Event
from companion.store.games import StoredGame

#: A part of a game's log: ``(event, its journal line)`` pairs, oldest first.
LogLines = Sequence[tuple[Event, str]]

__all__ = ["export_json", "export_text", "export_bytes", "fmt_time"]


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
    import json

    stem = f"{stored.id}-отбор" if picked else stored.id
    if fmt == "json":
        text = json.dumps(export_json(stored, log, picked), ensure_ascii=False, indent=2)
        return f"{stem}.json", text.encode("utf-8")
    if fmt == "text":
        return f"{stem}.txt", export_text(stored, log, picked).encode("utf-8")
    raise ValueError(f"unknown export format: {fmt}")
