"""Russian words on screen (companion.words): names declined, counted nouns."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.words import CASES, inflect, plural


@pytest.mark.parametrize(
    ("name", "case", "expected"),
    [
        ("Аня", "gent", "Ани"),  # «ход Ани»
        ("Борис", "datv", "Борису"),  # «передать Борису»
        ("Вика", "ablt", "Викой"),  # «вместе с Викой»
        ("Игорь", "loct", "Игоре"),
        ("Аня Петрова", "gent", "Ани Петровой"),
        ("Анна-Мария", "datv", "Анне-Марии"),
        ("Станислав", "gent", "Станислава"),  # «заберёт у Станислава» (play-test)
        ("Павел", "gent", "Павла"),  # a vowel drops out: still a case of the name
        ("Пётр", "ablt", "Петром"),
        # names pymorphy3 reads first as another word's form or a common noun (play-test:
        # «против Дина»)
        ("Дина", "gent", "Дины"),
        ("Роман", "gent", "Романа"),
        ("Слава", "datv", "Славе"),
        ("Майя", "ablt", "Майей"),
    ],
)
def test_known_names_are_declined(name, case, expected):
    assert inflect(name, case) == expected


@pytest.mark.parametrize("name", ["Bob", "Колян", "Морти", "Игрок 3", ""])
def test_unknown_names_stay_as_typed(name):
    assert inflect(name, "gent") == name


def test_unknown_case_is_refused():
    with pytest.raises(ValueError, match="unknown case"):
        inflect("Аня", "vocative")


@given(st.text(max_size=20), st.sampled_from(CASES))
def test_any_name_gives_a_string_and_nominative_is_unchanged(name, case):
    assert isinstance(inflect(name, case), str)
    assert inflect(name, "nomn") == name


@pytest.mark.parametrize(
    ("n", "form"),
    [(1, "карта"), (2, "карты"), (5, "карт"), (11, "карт"), (21, "карта"), (104, "карты")],
)
def test_plural(n, form):
    assert plural(n, "карта", "карты", "карт") == form


def test_a_form_of_some_other_word_leaves_the_name_as_typed(monkeypatch):
    """Play-test: «заберёт у Станиславска» for «Станислав». A case changes a name's ending
    only; a form that changes more (pymorphy3 inflecting another lexeme) is not used."""
    import companion.words as words

    class Form:
        word = "станиславска"

    class Parse:
        tag = {"Name", "sing", "nomn"}
        score = 0.9

        def inflect(self, _cases):
            return Form()

    class Morph:
        def parse(self, _word):
            return [Parse()]

    monkeypatch.setattr(words, "_morph", lambda: Morph())
    assert words._inflect_word("Станислав", "gent") == "Станислав"
    Form.word = "станислава"
    assert words._inflect_word("Станислав", "gent") == "Станислава"
