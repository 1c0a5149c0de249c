"""Rules screen data without controls: rulebook names, the route, snippets, the index of the
shipped rulebooks plus the data dir's house rulings."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

from companion.i18n import _
from companion.rules import Hit, RulesIndex, default_index
from companion.rules.db import GAMES
from companion.rules.house import HOUSE_FILE

__all__ = [
    "SOURCE_NAMES",
    "GAME_NAMES",
    "LIMIT",
    "SNIPPET",
    "parse_route",
    "segments",
    "snippet",
    "neighbours",
    "rules_index",
    "search_rules",
    "entry_by_id",
    "entry_place",
]

#: Rulebook id → its name on screen.
SOURCE_NAMES: dict[str, str] = {
    "smashup-bbrr": "Замес: Мишки, бабки, рок-н-ролл",
    "smashup-mimimi": "Замес: Мимими",
    "coup": "Переворот",
    "munchkin-apocalypse": "Манчкин Апокалипсис",
    "ricks-crazy": "Рик и Морти: Наверное, Рики сошли с ума",
    "house": "Решения стола",
}
#: Rules game id → its name on the filter chips.
GAME_NAMES: dict[str, str] = {
    "smash_up": "Замес",
    "coup": "Переворот",
    "munchkin": "Манчкин",
    "ricks": "Рик и Морти",
}

LIMIT = 10
SNIPPET = 180


# -- pure helpers ----------------------------------------------------------------------------
def parse_route(route: str | None) -> tuple[str | None, str, str]:
    """``"/rules?game=coup&q=Доход&from=/game/x"`` → ``("coup", "Доход", "/game/x")``.

    An unknown game gives ``None`` (all games); ``from`` must be a local route (``/...``, not
    ``//...``), else ``"/"``.
    """
    params = parse_qs(urlparse(route or "").query, keep_blank_values=True)
    game = (params.get("game") or [""])[0]
    query = (params.get("q") or [""])[0]
    back = (params.get("from") or [""])[0]
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    return (game if game in GAMES else None), query, back


def segments(text: str, spans: list[tuple[int, int]]) -> list[tuple[str, bool]]:
    """Cut ``text`` into ``[(piece, matched), ...]`` by character ``spans`` (overlaps merged).

    >>> segments("Ничья на базе", [(0, 5), (9, 13)])
    [('Ничья', True), (' на ', False), ('базе', True)]
    """
    out: list[tuple[str, bool]] = []
    pos = 0
    for a, b in sorted((max(0, a), min(len(text), b)) for a, b in spans):
        if b <= pos:
            continue
        a = max(a, pos)
        if a > pos:
            out.append((text[pos:a], False))
        out.append((text[a:b], True))
        pos = b
    if pos < len(text) or not out:
        out.append((text[pos:], False))
    return out


def snippet(
    text: str, spans: list[tuple[int, int]], width: int = SNIPPET
) -> tuple[str, list[tuple[int, int]]]:
    """A piece of ``text`` about ``width`` characters around the first matched span.

    :returns: ``(piece, spans shifted into piece)``; the piece gets «…» where it was cut.
    """
    if len(text) <= width:
        return text, spans
    first = min((a for a, _b in spans), default=0)
    start = max(0, first - width // 3)
    if start:
        space = text.rfind(" ", 0, start)
        start = space + 1 if space >= 0 and start - space < 20 else start
    end = min(len(text), start + width)
    prefix = "…" if start else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - start
    kept = [(a + shift, b + shift) for a, b in spans if a >= start and b <= end]
    return prefix + text[start:end] + suffix, kept


def neighbours(
    entries: list[dict[str, Any]], entry_id: str, limit: int = 8
) -> list[dict[str, Any]]:
    """Entries beside ``entry_id``: same source and section, and the neighbours in database
    order."""
    idx = next((i for i, e in enumerate(entries) if e["id"] == entry_id), None)
    if idx is None:
        return []
    me = entries[idx]
    near = {
        i
        for i in (idx - 1, idx + 1)
        if 0 <= i < len(entries) and entries[i]["source"] == me["source"]
    }
    same = {
        i
        for i, e in enumerate(entries)
        if e["source"] == me["source"] and e["section"] == me["section"]
    }
    return [entries[i] for i in sorted((near | same) - {idx})][:limit]


def rules_index(root: str | Path) -> RulesIndex:
    """The rulebooks plus the house rulings of data dir ``root`` (the shared cached index).

    :raises RulesDBError: the shipped database is missing or invalid.
    """
    return default_index(Path(root) / HOUSE_FILE)


def search_rules(
    root: str | Path, query: str, game: str | None = None, limit: int = LIMIT
) -> list[Hit]:
    """Search the rules and the house rulings of ``root`` (see :func:`companion.rules.search`).

    :raises SearchError: empty or absurd query.
    """
    return rules_index(root).search(query, game=game if game in GAMES else None, limit=limit)


def entry_by_id(root: str | Path, entry_id: str) -> dict[str, Any] | None:
    """The entry (rulebook or house ruling) with this id, or ``None``."""
    return rules_index(root).by_id.get(entry_id)


def entry_place(entry: dict[str, Any]) -> str:
    """«Замес: Мимими · Споры при раздаче · с. 8»."""
    parts = [SOURCE_NAMES.get(entry["source"], entry["source"])]
    if entry["section"] and entry["source"] != "house":
        parts.append(entry["section"])
    if entry["source"] == "house":
        parts.append(GAME_NAMES.get(entry["game"], entry["game"]))
    if entry.get("page"):
        parts.append(f"{_('с.')} {entry['page']}")
    return " · ".join(parts)
