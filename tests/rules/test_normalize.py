"""Normalisation: folding, words with offsets, stems, keyboard layout, transliteration."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.normalize import Stemmer, fold, swap_layout, translit, words


def test_fold_case_and_yo():
    assert fold("Ёжик ПОШЁЛ") == "ежик пошел"


def test_words_keep_offsets_into_original():
    text = "Пошёл на *:** — «Шаг А»"
    got = words(text)
    assert [w for w, _, _ in got] == ["пошел", "на", "шаг", "а"]
    for w, a, b in got:
        assert fold(text[a:b]) == w


@pytest.mark.parametrize("typed, meant", [("nfkfyn", "талант"), (",jq", "бой"), ("lj[jl", "доход")])
def test_wrong_layout_latin_to_russian(typed, meant):
    assert swap_layout(typed) == meant


def test_wrong_layout_russian_to_latin():
    assert swap_layout("ефдуте") == "talent"


@given(st.text(alphabet="йцукенгшщзхъфывапролджэячсмитьбю", min_size=1, max_size=20))
def test_layout_round_trip(word):
    assert swap_layout(swap_layout(word)) == word


@pytest.mark.parametrize(
    "latin, russian",
    [
        ("nichya na baze", "ничя на базе"),
        ("shag", "шаг"),
        ("kroxovselennaya", "кроксовселенная"),
        ("zhetony", "жетоны"),
    ],
)
def test_translit(latin, russian):
    assert translit(latin) == russian


@pytest.mark.parametrize("kind", Stemmer.KINDS)
def test_stemmers_agree_on_identical_words(kind):
    s = Stemmer(kind)
    assert s.stem("база") == s.stem("база")
    assert s.stem("42") == "42"


@pytest.mark.parametrize("kind", ["snowball", "pymorphy"])
def test_stemmers_merge_word_endings(kind):
    s = Stemmer(kind)
    assert s.stem("базе") == s.stem("базы") == s.stem("база")
    assert s.stem("монстра") == s.stem("монстры")


def test_english_words_are_stemmed_too():
    s = Stemmer()
    assert s.stem("talents") == s.stem("talent")


def test_unknown_stemmer_is_refused():
    with pytest.raises(ValueError):
        Stemmer("porter")


@pytest.mark.parametrize(
    "typed, expected",
    [
        ("peremestitsya", "переместится"),  # -tsya is -тся (the search forgives the missing ь)
        ("odnorazkoy", "одноразкой"),  # y after a vowel is й
        ("novyj", "новый"),
    ],
)
def test_translit_common_endings(typed, expected):
    assert translit(typed) == expected
