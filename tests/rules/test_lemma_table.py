"""The browser's lemmas (companion.rules.lemma_table): the table the phone build makes with
pymorphy3 gives pymorphy3's lemma for every form it holds, and a search whose words it holds
ranks exactly as the server's (pymorphy3 itself)."""

from __future__ import annotations

from pathlib import Path

import pymorphy3
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import RulesIndex, lemma_build, lemma_table, load_db
from companion.rules.normalize import Stemmer, is_cyrillic


@pytest.fixture(scope="module")
def server() -> RulesIndex:
    return RulesIndex(load_db(), Stemmer("pymorphy", tabled=False))


@pytest.fixture(scope="module")
def table_file(server, tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("lemmas") / "lemmas.tsv"
    lemma_table.write(lemma_build.make(server, pymorphy3.MorphAnalyzer()), path)
    return path


@pytest.fixture(scope="module")
def browser(table_file) -> RulesIndex:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv(lemma_table.ENV, str(table_file))
        stemmer = Stemmer()
    return RulesIndex(load_db(), stemmer)


@pytest.mark.timeout(900)
def test_every_form_has_pymorphy3s_lemma_and_every_indexed_form_is_there(server, table_file):
    table = lemma_table.load(table_file)
    assert set(server.lexicon.forms) <= set(table)
    assert {lem for lem in server.lemmas if is_cyrillic(lem)} <= set(table)
    wrong = [
        f
        for f, (lem, known) in table.items()
        if lem != server.stemmer.stem(f) or known != server.stemmer.is_word(f) and is_cyrillic(f)
    ]
    assert not wrong, wrong[:20]
    assert len(table) < 100_000  # a table, not the dictionary


def test_a_word_the_table_lacks_is_its_own_lemma_and_no_dictionary_word(browser, table_file):
    table = lemma_table.load(table_file)
    for word in ("ставитьпр", "кроховселенноя", "zzz"):
        assert word not in table
        assert browser.stemmer.stem(word) == (word if is_cyrillic(word) else "zzz")
        assert not browser.stemmer.is_word(word)


def test_the_browsers_index_is_the_servers(server, browser):
    assert browser.lemmas == server.lemmas
    assert browser.lexicon.forms == server.lexicon.forms
    assert browser.keys == server.keys
    assert browser.synonyms == server.synonyms
    assert browser.bm25.scores("карта") == server.bm25.scores("карта")


@st.composite
def queries(draw, forms: list[str]) -> str:
    return " ".join(draw(st.lists(st.sampled_from(forms), min_size=1, max_size=5)))


@pytest.mark.timeout(900)
def test_a_query_of_words_the_table_holds_ranks_as_on_the_server(server, browser, table_file):
    """Russian words only: a Latin query's other-layout reading is Cyrillic gibberish, whose
    lemma pymorphy3 guesses and the table does not (see lemma_table)."""
    forms = sorted(f for f in lemma_table.load(table_file) if is_cyrillic(f))

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(queries(forms))
    def same(query: str) -> None:
        a = [(h.entry["id"], h.score) for h in server.search(query)]
        b = [(h.entry["id"], h.score) for h in browser.search(query)]
        assert a == b

    same()
