"""Players' vocabulary (:mod:`companion.rules.vocabulary`): slang and English terms reach the
rulebooks' words, at a lower weight than the words themselves."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules import RulesIndex, load_db
from companion.rules.vocabulary import TABLES, pairs

search_module = importlib.import_module("companion.rules.search")


@pytest.fixture(scope="module")
def shipped():
    return RulesIndex(load_db())


@pytest.fixture()
def idx(fixture_entries):
    return RulesIndex(fixture_entries)


def top(index, query):
    hits = index.search(query)
    return hits[0].entry["id"] if hits else None


def test_every_table_line_has_player_words_and_rulebook_words():
    for name, text in TABLES.items():
        for line in text.strip().splitlines():
            left, sep, right = line.partition(" : ")
            assert sep and left.split() and right.split(), (name, line)


def test_most_rulebook_words_are_in_the_shipped_index(shipped):
    """A table's right side names the rulebooks' words: nearly all must be words the entries
    use (after lemmatising), else the line does nothing."""
    stem = shipped.stemmer.stem
    targets = {t for _, ts in pairs() for t in ts}
    missing = sorted(t for t in targets if stem(t) not in shipped.lemmas)
    assert len(missing) <= len(targets) // 20, missing


@pytest.mark.parametrize(
    "query, expected",
    [
        ("бабки на переворот", "coup-coup"),  # slang for coins
        ("сколько бабла за переворот", "coup-coup"),
        ("income", "coup-income"),
        ("пикник", "bbrr-picnic"),
        ("смыться от монстра", "munch-run"),
        ("свалить с боя", "munch-run"),  # «свалить» → «смываться»
        ("escape from the monster", "munch-run"),
    ],
)
def test_player_words_find_the_rule(idx, query, expected):
    assert top(idx, query) == expected


def test_a_synonym_weighs_less_than_the_word_itself(shipped):
    (term,) = shipped.parse("бабки")
    assert term.matches["монета"] == search_module.SYNONYM_WEIGHT < 1.0
    (term,) = shipped.parse("монеты")
    assert term.matches["монета"] == 1.0


def test_english_game_terms_reach_russian_entries(shipped):
    """«Приспешник» is the Russian Smash Up word for minion; «оборона», for breakpoint."""
    (minion,) = shipped.parse("minions")
    assert "приспешник" in minion.matches
    (bp,) = shipped.parse("breakpoint")
    assert "оборона" in bp.matches


def test_a_typo_in_a_player_word_is_corrected_to_it(shipped):
    (term,) = shipped.parse("шмотьё")
    assert "шмотки" in term.matches
    (term,) = shipped.parse("миньёны")  # one edit from «миньоны»
    assert "приспешник" in term.matches


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([w for w, _ in pairs()]), st.text(max_size=20))
def test_player_words_never_break_the_search(shipped, word, tail):
    hits = shipped.search(f"{word} {tail}" if any(c.isalnum() for c in tail) else word)
    assert isinstance(hits, list)
