"""The pure-Python BM25 (:mod:`companion.rules.bm25`) scores exactly as :mod:`bm25s` (Lucene's
variant, float32), the library the search used before it ran without numpy: same index, same
ranking."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules import load_db
from companion.rules.bm25 import BM25, f32
from companion.rules.normalize import Stemmer, words

bm25s = pytest.importorskip("bm25s")  # test extra; blocked under COMPANION_PURE_PYTHON=1
np = pytest.importorskip("numpy")


def _same_as_bm25s(docs: list[list[str]], k1: float = 1.2, b: float = 0.5) -> None:
    ours = BM25(docs, k1=k1, b=b)
    ref = bm25s.BM25(k1=k1, b=b)
    ref.index(docs, show_progress=False)
    for term, _ in sorted(ref.vocab_dict.items()):
        if not term:  # bm25s's own padding token
            continue
        expected = ref.get_scores([term])
        got = np.zeros(len(docs), dtype=np.float32)
        for i, score in ours.scores(term).items():
            got[i] = score
        assert got.tobytes() == expected.tobytes(), term  # bit for bit


def test_shipped_database_scores_bit_for_bit_as_bm25s():
    stem = Stemmer().stem
    docs = [[stem(w) for w, _, _ in words(e["title"] + " " + e["text"])] for e in load_db()]
    _same_as_bm25s(docs)


@given(
    st.lists(st.lists(st.sampled_from("абвгдеж"), min_size=1, max_size=30), min_size=1),
    st.floats(0.1, 3.0),
    st.floats(0.0, 1.0),
)
def test_any_corpus_scores_bit_for_bit_as_bm25s(docs, k1, b):
    _same_as_bm25s(docs, k1, b)


def test_unknown_term_scores_nothing():
    assert BM25([["a"]], k1=1.2, b=0.5).scores("b") == {}


@given(st.floats(-1e30, 1e30))
def test_f32_is_numpys_float32(x):
    assert f32(x) == float(np.float32(x))
