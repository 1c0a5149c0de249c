"""The lemma table (companion.rules.lemma_table) the server and the phone build search with:
the committed file is the one pymorphy3 makes from today's rulebooks, it gives pymorphy3's
lemma for every form it holds, and a search whose words it holds ranks exactly as pymorphy3
itself would; the server tables a house ruling's new words, the browser cannot."""

from __future__ import annotations

from pathlib import Path

import pymorphy3
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules import RulesIndex, lemma_build, lemma_table, load_db
from companion.rules.house import HOUSE_KIND, HOUSE_SECTION, HOUSE_SOURCE
from companion.rules.normalize import Stemmer, is_cyrillic, words
from companion.rules.scoring import field_text
from companion.rules.weights import FIELDS


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
def test_the_committed_table_is_the_one_pymorphy3_makes_from_the_rulebooks(table_file):
    made, committed = lemma_table.load(table_file), lemma_table.load(lemma_table.FILE)
    changed = sorted(set(made.items()) ^ set(committed.items()))
    assert not changed, (
        f"{len(changed)} forms differ ({changed[:5]}): the rulebooks changed, run "
        "`python -m companion.rules.lemma_build` and commit companion/_lemmas.tsv"
    )


def test_the_shipped_rulebooks_leave_nothing_to_learn():
    """Every word of the shipped rulebooks is in the committed table, so the server (which
    could learn it with pymorphy3) and the browser (which cannot) index them alike."""
    stemmer = Stemmer()
    entries = load_db()
    assert (
        stemmer.learn(w for e in entries for f in FIELDS for w, _, _ in words(field_text(e, f)))
        == 0
    )


def test_a_house_rulings_new_word_meets_its_other_forms_on_the_server():
    """A house ruling's word the rulebooks never use («телепортация») is learnt with its
    lexeme where pymorphy3 is installed: a query in another case finds it as an exact word."""
    ruling = {
        "id": "house-1",
        "game": "ricks",
        "source": HOUSE_SOURCE,
        "section": HOUSE_SECTION,
        "page": None,
        "kind": HOUSE_KIND,
        "title": "Телепортация",
        "text": "Телепортация между вселенными запрещена.",
        "aliases": [],
        "see_also": [],
    }
    assert "телепортацию" not in lemma_table.load(lemma_table.FILE)
    index = RulesIndex([*load_db(), ruling], Stemmer())
    assert index.stemmer.stem("телепортацию") == "телепортация"
    assert index._expand("телепортацию") == {"телепортация": 1.0}
    assert index.search("телепортацию")[0].entry["id"] == "house-1"


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


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.text(
        alphabet=st.sampled_from("абвгдеёжзиклмнопрстуфхцчшщъыьэюяꙮ\u0301\u200d𝔞z1 "), max_size=30
    )
)
def test_the_server_learns_any_house_text_as_pymorphy3_reads_it(text):
    """Whatever a player types in a ruling, learning never fails, and afterwards each of its
    words has pymorphy3's own lemma (as the rulebooks' words do)."""
    stemmer, pymorphy = Stemmer(), Stemmer("pymorphy", tabled=False)
    found = [w for w, _, _ in words(text)]
    stemmer.learn(found)
    assert [stemmer.stem(w) for w in found] == [pymorphy.stem(w) for w in found]
