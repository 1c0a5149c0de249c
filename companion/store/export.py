"""Exports of a saved game: JSON (setup, outcome, every event with its log line) and plain text.

Both the command line (``companion games export``) and the journal screen use these.
"""

from __future__ import annotations

import time
from typing import Any

from companion.store.games import StoredGame

__all__ = ["export_json", "export_text", "export_bytes", "fmt_time"]


def fmt_time(ts: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(ts))


def export_json(stored: StoredGame) -> dict[str, Any]:
    """The JSON export of a saved game: setup, outcome and every event with its log line."""
    game = stored.game
    outcome = game.outcome()
    return {
        "id": stored.id,
        "game": game.setup.game,
        "title": game.definition.title,
        "setup": game.setup.to_dict(),
        "outcome": None
        if outcome is None
        else {"winners": [game.players[i] for i in outcome.winners], "reason": outcome.reason},
        "events": [{**ev.to_dict(), "text": text} for ev, text in game.log()],
    }


def export_text(stored: StoredGame) -> str:
    """The plain-text export of a saved game: a header, then one log line per event."""
    game = stored.game
    summary = stored.summary()
    lines = [
        f"{game.definition.title} — {stored.id}",
        "Игроки: " + ", ".join(game.players),
        f"Начата: {fmt_time(game.setup.created)}; статус: {summary.status}",
        "",
    ]
    lines += [f"{fmt_time(ev.ts)}  #{ev.seq:<4} {text}" for ev, text in game.log()]
    if summary.finished:
        lines += ["", f"Итог: {summary.reason}"]
    return "\n".join(lines) + "\n"


def export_bytes(stored: StoredGame, fmt: str) -> tuple[str, bytes]:
    """``(file name, UTF-8 bytes)`` of an export; ``fmt`` is ``"json"`` or ``"text"``.

    :raises ValueError: on another format.
    """
    import json

    if fmt == "json":
        text = json.dumps(export_json(stored), ensure_ascii=False, indent=2)
        return f"{stored.id}.json", text.encode("utf-8")
    if fmt == "text":
        return f"{stored.id}.txt", export_text(stored).encode("utf-8")
    raise ValueError(f"unknown export format: {fmt}")
