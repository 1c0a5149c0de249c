"""The sentence of an entry that answers a question, with the question's words marked.

:func:`best_sentence` cuts a text into sentences and picks the one holding the most (and the
rarest) of the query's lemmas; the search puts it in :attr:`Hit.snippet`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.rules.normalize import words

__all__ = ["sentences", "best_sentence"]

_SENTENCE = re.compile(r"[^.!?…;\n]+(?:[.!?…;]+|\n|$)")


def sentences(text: str) -> list[tuple[int, int]]:
    """``[(start, end), ...]`` of the sentences of ``text`` (spaces trimmed, empty ones dropped)."""
    out = []
    for m in _SENTENCE.finditer(text):
        a, b = m.start(), m.end()
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if any(ch.isalnum() for ch in text[a:b]):
            out.append((a, b))
    return out


def best_sentence(
    text: str, weights: dict[str, float], lemma: Callable[[str], str] | dict[int, str]
) -> tuple[str, list[tuple[int, int]]]:
    """The sentence of ``text`` that best answers a query.

    :param weights: query lemma → importance (e.g. its idf); a sentence scores the sum over the
        distinct lemmas it contains.
    :param lemma: folded word → lemma (the index's stemmer), or a ready map from a word's
        start offset in ``text`` to its lemma.
    :returns: ``(sentence, spans)``: spans are ``(start, end)`` of the matched words, offsets
        into the sentence. The first sentence with no spans if nothing matches; ``("", [])``
        for an empty text.
    """
    best: tuple[float, int, int, list[tuple[int, int]]] | None = None
    for a, b in sentences(text):
        seen: set[str] = set()
        spans = []
        for w, wa, wb in words(text[a:b]):
            lem = lemma.get(a + wa, "") if isinstance(lemma, dict) else lemma(w)
            if lem in weights:
                seen.add(lem)
                spans.append((wa, wb))
        score = sum(weights[w] for w in seen)
        if best is None or score > best[0]:
            best = (score, a, b, spans)
    if best is None:
        return text.strip(), []
    return text[best[1] : best[2]], best[3]
