"""Okapi BM25 in pure Python: Lucene's variant, scored in single precision like :mod:`bm25s`.

No numpy, so the rules search also runs where numpy does not (the phone build in Pyodide).
The scores are bit for bit those of ``bm25s.BM25(k1, b, method="lucene")`` (float32), so the
ranking is the same as with that library (``tests/rules/test_bm25.py`` checks it):

- idf = ln(1 + (N − df + 0.5) / (df + 0.5)), rounded to float32;
- score(term, doc) = idf · tf / (tf + k1 · (1 − b + b · |doc| / avgdl)), rounded to float32.

>>> bm = BM25([["a", "b"], ["b", "b", "c"]], k1=1.2, b=0.5)
>>> sorted(bm.scores("b"))
[0, 1]
>>> bm.scores("a")[0] > 0, bm.scores("zzz")
(True, {})
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Iterable, Sequence

__all__ = ["BM25", "f32", "f32s"]

_ONE = array("f", [0.0])


def f32(x: float) -> float:
    """``x`` rounded to the nearest float32 (as numpy stores a float32 array's element)."""
    _ONE[0] = x
    return _ONE[0]


def f32s(xs: Iterable[float]) -> array[float]:
    """Every value rounded to float32 at once (faster than :func:`f32` one by one). A sum or
    product of two float32 values computed in double precision and then rounded is exactly
    numpy's float32 result."""
    return array("f", xs)


class BM25:
    """A BM25 index over tokenised documents.

    :param docs: one list of tokens per document (repeats count as term frequency).
    :param k1: term-frequency saturation (> 0).
    :param b: length normalisation, 0..1.
    """

    def __init__(self, docs: Sequence[Sequence[str]], k1: float, b: float) -> None:
        n = len(docs)
        avg = sum(len(d) for d in docs) / n if n else 1.0
        df = Counter(t for d in docs for t in set(d))
        idf = {t: f32(math.log(1 + (n - c + 0.5) / (c + 0.5))) for t, c in df.items()}
        self._postings: dict[str, dict[int, float]] = {t: {} for t in df}
        for i, doc in enumerate(docs):
            norm = k1 * ((1 - b) + b * len(doc) / avg)
            for t, tf in Counter(doc).items():
                self._postings[t][i] = f32(idf[t] * (tf / (norm + tf)))

    def __contains__(self, term: object) -> bool:
        return term in self._postings

    def scores(self, term: str) -> dict[int, float]:
        """``{document index: score > 0}`` for the documents holding ``term`` (do not mutate);
        ``{}`` for a term no document holds."""
        return self._postings.get(term, {})
