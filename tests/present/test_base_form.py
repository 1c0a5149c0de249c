"""A Smash Up base as typed in a form (:mod:`companion.present.base_form`): the card it makes, the
field a refusal marks, and the catalogue filling a known name's numbers."""

from __future__ import annotations

from companion.present.base_form import (
    EMPTY_FORM,
    card_from_form,
    filled,
    form_error,
    form_from_entry,
)

TEMPLE = {"name": "Древний храм", "breakpoint": 20, "vp": [4, 2, 1], "set": "Мишки"}


def typed(**fields: str) -> dict[str, str]:
    return {**EMPTY_FORM, **fields}


def test_typed_numbers_make_the_engines_card_and_a_word_stays_as_typed():
    card = card_from_form(typed(name=" Порт ", bp=" 18", vp1="3", vp2="2", vp3="x"))
    assert card == {"name": "Порт", "breakpoint": 18, "vp": [3, 2, "x"]}


def test_a_name_typed_like_the_catalogues_is_laid_out_in_its_spelling():
    form = typed(name="древний ХРАМ", bp="20", vp1="4", vp2="2", vp3="1", known="Древний храм")
    assert card_from_form(form)["name"] == "Древний храм"
    assert card_from_form({**form, "name": "Новый храм"})["name"] == "Новый храм"


def test_a_refusal_marks_the_form_field():
    assert form_error(typed(name="Порт", bp="0", vp1="3", vp2="2", vp3="1"))[0] == "bp"
    assert form_error(typed(name="Порт", bp="18", vp1="3", vp2="4", vp3="1"))[0] == "vp2"
    assert form_error(typed(name="", bp="18", vp1="3", vp2="2", vp3="1"))[0] == "name"
    assert form_error(typed(name="Порт", bp="18", vp1="3", vp2="2", vp3="1")) is None


def test_a_known_name_fills_empty_numbers_and_its_numbers_follow_the_name():
    form = filled(typed(), "древний храм", TEMPLE)
    assert form == {**form_from_entry(TEMPLE), "name": "древний храм", "known": "Древний храм"}
    # the name changes to one the catalogue does not know: the filled numbers go with it
    assert filled(form, "древний храм!", None) == typed(name="древний храм!")


def test_numbers_the_player_typed_are_kept():
    mine = typed(name="Порт", bp="18")
    assert filled(mine, "древний храм", TEMPLE) == {**mine, "name": "древний храм"}
