"""The search on a small hand-written database: forgiveness, filters, spans, errors."""

from __future__ import annotations

import importlib

import pytest

from companion.errors import SearchError
from companion.rules import RulesIndex, Stemmer, search
from companion.rules.search import MAX_QUERY

search_module = importlib.import_module("companion.rules.search")


@pytest.fixture()
def idx(fixture_entries):
    return RulesIndex(fixture_entries)


def top(idx, query, **kw):
    hits = idx.search(query, **kw)
    return hits[0].entry["id"] if hits else None


@pytest.mark.parametrize(
    "query, expected",
    [
        ("одинаковая сила на базе", "bbrr-tie"),  # word endings
        ("ничьи на базах", "bbrr-tie"),
        ("nichya na baze", "bbrr-tie"),  # transliteration
        ("nfkfyn", "bbrr-talent"),  # wrong layout, Latin keys
        ("ефдуте", "bbrr-talent"),  # wrong layout, Cyrillic keys for "talent"
        ("talent", "bbrr-talent"),  # English alias
        ("ТАЛАНТ", "bbrr-talent"),  # case
        ("мишуткин пикнек", "bbrr-picnic"),  # typo
        ("мишутк", "bbrr-picnic"),  # a word still being typed
        ("смывка", "munch-run"),
        ("смываюсь", "munch-run"),
        ("charge phase", "ricks-charge"),
        ("шаг а", "ricks-step-a"),
        ("шаг б", "ricks-step-b"),
        ("coup 7 монет", "coup-coup"),
        ("Ничья при подсчёте", "bbrr-tie"),  # ё in the title, е in the index
    ],
)
def test_forgiving_queries(idx, query, expected):
    assert top(idx, query) == expected


def test_scores_are_0_to_100_and_sorted(idx):
    hits = idx.search("сила на базе фаза зарядки монета", limit=10)
    assert len(hits) >= 3
    assert all(0 <= h.score <= 100 for h in hits)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_limit(idx):
    assert len(idx.search("шаг", limit=1)) == 1
    assert len(idx.search("шаг", limit=10)) == 2  # only «Шаг А» and «Шаг Б» say it


def test_game_filter_keeps_only_that_game(idx):
    hits = idx.search("сила база монета энергия", game="coup", limit=10)
    assert hits and {h.entry["game"] for h in hits} == {"coup"}
    assert idx.search("талант", game="ricks") == []


def test_game_named_in_query_is_preferred(idx):
    """«Переворот» names both a game and an action; «замес» pulls Smash Up entries up."""
    assert idx.search("сила замес", limit=1)[0].entry["game"] == "smash_up"


def test_spans_point_at_matched_words(idx):
    hit = idx.search("одинаковой силой", limit=1)[0]
    assert hit.spans
    for field, a, b in hit.spans:
        assert field in ("title", "section", "text")
        # the words typed, or their table-speech synonyms («одинаковый» → «равный», «ничья»)
        assert hit.entry[field][a:b].lower().startswith(("одинаков", "сил", "равн", "нич"))


def test_nothing_found_is_an_empty_list(idx):
    assert idx.search("zzzzqqq") == []


@pytest.mark.parametrize("bad", ["", "   ", "?!…", "«»—", "x" * (MAX_QUERY + 1), None, 42])
def test_bad_queries_raise_search_error_in_russian(idx, bad):
    with pytest.raises(SearchError) as err:
        idx.search(bad)
    assert any("а" <= ch <= "я" for ch in str(err.value).lower())


@pytest.mark.parametrize("kind", Stemmer.KINDS)
def test_every_stemmer_builds_a_working_index(fixture_entries, kind):
    idx = RulesIndex(fixture_entries, Stemmer(kind))
    assert top(idx, "фаза зарядки") == "ricks-charge"


def test_module_level_search_uses_the_configured_db(fixture_db):
    hits = search("иностранная помощь доход", game="coup", limit=3)
    assert hits[0].entry["id"] == "coup-income"
    assert hits[0].house is False


@pytest.mark.parametrize("kw", [{"game": "chess"}, {"limit": 0}, {"limit": 51}])
def test_module_level_search_checks_arguments(fixture_db, kw):
    with pytest.raises(SearchError):
        search("доход", **kw)


def test_a_finished_word_is_not_read_as_the_start_of_a_longer_one():
    """Only the last word is still being typed: «count» followed by another word is the word
    count, not the start of «countess» (the Contessa); as the last word it may be either."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    first = index.parse("count cards")[0]
    assert first.stem == "count" and "countess" not in first.matches
    (last,) = index.parse("count")
    assert "countess" in last.matches


def test_newer_edition_first_when_both_say_the_same(monkeypatch):
    """Smash Up: when the «Мимими» entry is best and its twin in «Мишки, бабки, рок-н-ролл»
    (same heading) is right behind it, the newer edition answers first."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    for q in ("сколько баз выложить", "рука без приспешников"):
        a, b = (h.entry for h in index.search(q, limit=2))
        assert (a["source"], b["source"]) == ("smashup-bbrr", "smashup-mimimi"), q
        assert a["section"] == b["section"]
        monkeypatch.setattr(search_module, "TWIN_MARGIN", -1.0)  # the rule off: older first
        assert index.search(q, limit=1)[0].entry["source"] == "smashup-mimimi", q
        monkeypatch.undo()


def test_a_dictionary_word_is_not_cut_into_pieces():
    """Run-together words are cut, but a real Russian word the rules never use is not:
    «отобрать» stays one word (it was read as «от о брать»)."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    assert "отобрать" in index.read("могут ли соперники отобрать карты")
    assert index.read("частичновнедрённоеизобретение") != ["частичновнедренноеизобретение"]


def test_wrong_layout_prefers_real_words_when_the_rules_know_none_of_them():
    """A word typed in the wrong layout that no rule uses is still read as the Russian word
    («gjlcvfnhbdfnm» → «подсматривать», «cdjb» → «свои»), not left as Latin gibberish."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    assert index.read("rjulf vj;yj gjlcvfnhbdfnm cdjb rfhns") == [
        "когда",
        "можно",
        "подсматривать",
        "свои",
        "карты",
    ]
    assert index.read("talent") == ["talent"]  # an English word stays English


def test_a_named_edition_wins_over_the_newer_one():
    """«в мимими» asks about the older Smash Up edition: its entry answers first, not the
    newer edition's twin."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    for q in ("сколько баз выложить в мимими", "рука без приспешников mimimi"):
        assert index.search(q, limit=1)[0].entry["source"] == "smashup-mimimi", q
    assert index.search("сколько баз выложить", limit=1)[0].entry["source"] == "smashup-bbrr"
    # a named edition keeps its own rulebook even when the twin is not right behind
    for q, source in (
        ("skolko ochkov nado dlya pobedy v mimimi", "smashup-mimimi"),
        ("кто первый ходит в мишках", "smashup-bbrr"),
    ):
        hits = index.search(q, limit=5)
        assert hits and {h.entry["source"] for h in hits} == {source}, q


def test_the_words_of_a_named_title_only_name_the_game():
    """«в Мишках, бабках, рок-н-ролле» names the edition; «бабки» there is not money, and the
    title's words must not pull the entry that mentions the box's name above the rule asked
    about (here «Цель игры»: how many VP win)."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    q = "Сколько победных очков нужно, чтобы выиграть в «Мишках, бабках, рок-н-ролле»?"
    stems = {t.stem: t.weight for t in index.parse(q)}
    assert stems["бабка"] < 1.0 and stems["ролл"] < 1.0
    assert stems["победный"] == 1.0
    first = index.search(q, limit=1)[0].entry
    assert first["source"] == "smashup-bbrr" and "цель" in first["section"].casefold()
    # without the edition named, «бабки» is a player's word for money and counts in full
    assert {t.stem: t.weight for t in index.parse("где брать бабки")}["бабка"] == 1.0


def test_ten_coins_and_an_action_name_the_forced_coup_first():
    """Coup, «Переворот»: a player who starts the turn with 10 coins or more must coup, so no
    tax, income or foreign aid that turn. Play-test: «у меня 10 монет могу взять налог?» put
    the Duke's tax first and the forced coup second; the entry now names every action it
    forbids, so the rule that answers the question comes first."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    q = "у меня 10 монет могу взять налог?"
    assert index.search(q, limit=1)[0].entry["id"] == "coup-obyazatelnyj-perevorot"


def test_a_word_of_one_games_vocabulary_weighs_that_game(monkeypatch):
    """Манчкин, «Бой»: a tie in power with a monster is what that section settles. Play-test:
    «ничья с монстром кто побеждает» with no game picked put Ricks' «Ничья» and «Конец игры»
    first and «Бой» third — «ничья» is in every game's rules, but «монстр» is Munchkin's word
    (in most of its entries, in almost none of the others'), so the query is about Munchkin.
    No game is named: the other games' entries still answer, a little lower."""
    from companion.rules import load_db

    index = RulesIndex(load_db())
    assert index.vocab_game.get("монстр") == "munchkin"
    assert index.vocab_game.get("энергия") == "ricks"
    assert "ничья" not in index.vocab_game and "кто" not in index.vocab_game
    hits = index.search("ничья с монстром кто побеждает", limit=10)
    assert hits[0].entry["id"] == "munchkin-boj", [h.entry["id"] for h in hits[:3]]
    assert "ricks-nichya" in [h.entry["id"] for h in hits]  # weighed, not filtered out
    # words of two games' vocabularies weigh neither: the ranking without the weight
    both = "монстр и энергия"
    weighed = [(h.entry["id"], h.score) for h in index.search(both, limit=5)]
    monkeypatch.setattr(search_module, "VOCAB_FACTOR", 1.0)
    assert weighed == [(h.entry["id"], h.score) for h in index.search(both, limit=5)]


def test_vocabulary_needs_a_word_common_in_one_game_and_rare_in_the_others():
    from companion.rules.scoring import vocab_games as _vocab_games

    docs = {
        "head": [["бой"], ["бой"], ["база"], ["база"], ["ход"], ["ход"]],
        "aliases": [[], [], [], [], [], []],
        "text": [["монстр"], ["монстр"], ["монстр", "ход"], ["ход"], [], []],
    }
    games = ["m", "m", "s", "s", "r", "r"]
    found = _vocab_games(docs, games)
    assert found["бой"] == "m" and found["база"] == "s"
    assert "монстр" not in found  # in half of another game's entries too
    assert "ход" not in found  # everybody's word
