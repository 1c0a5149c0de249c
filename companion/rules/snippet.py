"""The sentence of an entry that answers a question, with the question's words marked.

:func:`best_sentence` cuts a text into sentences and picks the one holding the most (and the
rarest) of the query's lemmas; the search puts it in :attr:`Hit.snippet`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from companion.rules.normalize import words

__all__ = ["sentences", "best_sentence", "best_of"]

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
    tokens = [
        (lemma.get(a, "") if isinstance(lemma, dict) else lemma(w), a, b) for w, a, b in words(text)
    ]
    return best_of(text, sentences(text), tokens, weights)


def best_of(
    text: str,
    spans: list[tuple[int, int]],
    tokens: list[tuple[str, int, int]],
    weights: dict[str, float],
    lead: float = 0.0,
) -> tuple[str, list[tuple[int, int]]]:
    """:func:`best_sentence` from ready parts (the search caches them per entry).

    :param spans: :func:`sentences` of ``text``.
    :param tokens: ``[(lemma, start, end), ...]`` of the words of ``text``, in order.
    :param lead: added to the first sentence's score — the weight of the query's words the
        entry holds only in its title or aliases: the entry as a whole is about them, and its
        first sentence says what it is about.
    """
    best: tuple[float, int, int, list[tuple[int, int]]] | None = None
    j = 0
    for k, (a, b) in enumerate(spans):
        while j < len(tokens) and tokens[j][1] < a:
            j += 1
        seen: set[str] = set()
        marked = []
        while j < len(tokens) and tokens[j][1] < b:
            lem, wa, wb = tokens[j]
            if lem in weights:
                seen.add(lem)
                marked.append((wa - a, wb - a))
            j += 1
        # summed in the order of `weights`: a set's order (and so the float sum) varies per run
        score = sum(v for w, v in weights.items() if w in seen) + (lead if k == 0 else 0.0)
        if best is None or score > best[0]:
            best = (score, a, b, marked)
    if best is None:
        return text.strip(), []
    return text[best[1] : best[2]], best[3]
