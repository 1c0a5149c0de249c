"""Scoring the search on question sets (same hit rule as ``shared/eval/rules_eval.py``).

A case is ``{"q": query, "sources": [source ids], "sections": [headings]}``. A hit counts when
its ``source`` is listed and its ``section`` or ``title`` equals a listed heading, or ends with it
as whole words, after :func:`norm` (case, ё/е, punctuation and digits ignored).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["norm", "is_hit", "Score", "score_cases"]


def norm(text: str) -> str:
    """Fold a heading for comparison: casefold, ё→е, drop punctuation and digits."""
    text = (text or "").casefold().replace("ё", "е")
    text = re.sub(r"[^\w\s]|\d|_", " ", text)
    return " ".join(text.split())


def is_hit(hit: dict[str, Any], case: dict[str, Any]) -> bool:
    """True if ``hit`` (an entry or its JSON form) answers ``case``."""
    if hit.get("source") not in case["sources"]:
        return False
    wanted = {norm(s) for s in case["sections"]}
    got = [norm(hit.get("section", "")), norm(hit.get("title", ""))]
    return any(g == w or g.endswith(" " + w) for g in got for w in wanted)


@dataclass
class Score:
    """Accuracy on a question set: fractions 0..1 and the cases not answered first."""

    n: int
    top1: float
    top3: float
    mrr10: float
    misses: list[tuple[int | None, str, list[str]]] = field(default_factory=list)


def score_cases(
    cases: Sequence[dict[str, Any]], ranked: Callable[[str], list[dict[str, Any]]]
) -> Score:
    """Run ``ranked(query)`` (→ entries, best first) for every case and score it."""
    top1 = top3 = 0
    rr = 0.0
    misses = []
    for case in cases:
        hits = ranked(case["q"])[:10]
        rank = next((i + 1 for i, h in enumerate(hits) if is_hit(h, case)), None)
        top1 += rank == 1
        top3 += rank is not None and rank <= 3
        rr += 1 / rank if rank else 0.0
        if rank != 1:
            misses.append(
                (rank, case["q"], [f"{h['source']}:{h['section']}|{h['title']}" for h in hits[:3]])
            )
    n = max(1, len(cases))
    return Score(len(cases), top1 / n, top3 / n, rr / n, misses)
