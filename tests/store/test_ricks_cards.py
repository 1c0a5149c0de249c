"""The «Рик и Морти» card catalogue on real TinyDB files (issue #31: a card typed once is
remembered, offered by fuzzy name, and can be corrected and pruned)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.ricks.cards import card_problems
from companion.errors import CorruptFileError
from companion.store.ricks_cards import FILE, CardError, RicksCatalogue, to_play

BATTERY = {"kind": "source", "name": "Батарея", "build_cost": 1, "production": 2}
TOASTER = {"kind": "invention", "name": "Тостер", "build_cost": 2, "cost": 1, "vp": 3}
PORTAL = {"kind": "ability", "name": "Портальная пушка", "build_cost": 3, "cost": 2}


def test_a_card_is_remembered_with_every_number_and_offered_by_a_near_name(tmp_path):
    cat = RicksCatalogue(tmp_path)
    for card in (BATTERY, TOASTER, PORTAL):
        cat.remember(card)
    again = RicksCatalogue(tmp_path)  # a new object: read from the file
    assert to_play(again.suggest("тостр")[0]) == TOASTER  # a typo
    assert to_play(again.suggest("пушка")[0]) == PORTAL  # one word of the name
    assert to_play(again.get("БАТАРЕЯ")) == BATTERY  # type: ignore[arg-type]
    raw = json.loads((tmp_path / FILE).read_text(encoding="utf-8"))
    assert sorted(r["name"] for r in raw["cards"].values()) == sorted(
        ["Батарея", "Тостер", "Портальная пушка"]
    )


def test_most_played_cards_come_first_for_an_empty_query(tmp_path):
    cat = RicksCatalogue(tmp_path)
    cat.remember(BATTERY)
    cat.remember(TOASTER)
    cat.remember({**TOASTER, "name": "  тостер "})
    assert [r["name"] for r in cat.suggest("")] == ["тостер", "Батарея"]
    assert cat.get("Тостер")["seen"] == 2  # type: ignore[index]


def test_only_the_numbers_printed_on_the_kind_are_kept(tmp_path):
    """A source has no cost or VP: stray fields of a form are not stored."""
    cat = RicksCatalogue(tmp_path)
    row = cat.remember({**BATTERY, "cost": 5, "vp": 9, "down": True})
    assert set(row) == {"name", "key", "kind", "build_cost", "production", "seen"}


@pytest.mark.parametrize(
    "card, field",
    [
        ({**BATTERY, "build_cost": "abc"}, "build_cost"),
        ({**BATTERY, "build_cost": 0}, "build_cost"),
        ({**TOASTER, "vp": -3}, "vp"),
        ({**TOASTER, "cost": "xyz"}, "cost"),
        ({**BATTERY, "name": "  "}, "name"),
        ({**BATTERY, "kind": "monster"}, "kind"),
        ({**BATTERY, "production": None}, "production"),
    ],
)
def test_a_bad_card_is_refused_naming_the_field_and_nothing_is_stored(tmp_path, card, field):
    cat = RicksCatalogue(tmp_path)
    with pytest.raises(CardError) as refused:
        cat.remember(card)
    assert refused.value.field == field
    assert cat.all() == []


def test_correct_fixes_a_typo_and_numbers_keeping_the_count(tmp_path):
    cat = RicksCatalogue(tmp_path)
    cat.remember({**TOASTER, "name": "Тотсер"})
    cat.remember({**TOASTER, "name": "Тотсер"})
    cat.correct("тотсер", {**TOASTER, "kind": "ability", "vp": None})
    assert cat.get("Тотсер") is None
    fixed = cat.get("Тостер")
    assert fixed is not None and fixed["seen"] == 2
    assert to_play(fixed) == {"kind": "ability", "name": "Тостер", "build_cost": 2, "cost": 1}
    assert "vp" not in fixed  # the whole row replaced: no invention's VP on an ability
    with pytest.raises(KeyError):
        cat.correct("Нет такой", TOASTER)
    with pytest.raises(CardError):
        cat.correct("Тостер", {**TOASTER, "build_cost": -1})
    assert to_play(cat.get("Тостер")) == to_play(fixed)  # type: ignore[arg-type]


def test_forget_prunes_a_card(tmp_path):
    cat = RicksCatalogue(tmp_path)
    cat.remember(BATTERY)
    assert cat.forget("батарея") is True
    assert cat.forget("батарея") is False
    assert cat.all() == []


def test_a_garbage_file_is_set_aside_and_named_and_the_last_good_copy_used(tmp_path):
    cat = RicksCatalogue(tmp_path)
    cat.remember(BATTERY)
    cat.remember(TOASTER)  # the .bak now holds the catalogue with Батарея
    (tmp_path / FILE).write_text("{not json", encoding="utf-8")
    again = RicksCatalogue(tmp_path)
    assert [r["name"] for r in again.all()] == ["Батарея"]
    assert len(again.recovered) == 1
    aside = list(tmp_path.glob(FILE + ".corrupt-*"))
    assert len(aside) == 1 and aside[0].name in again.recovered[0]


def test_a_row_with_bad_numbers_makes_the_file_damaged_on_load(tmp_path):
    """Checked on load: a hand-edited row with VP «-3» is not offered; the file is set aside."""
    cat = RicksCatalogue(tmp_path)
    cat.remember(TOASTER)
    raw = json.loads((tmp_path / FILE).read_text(encoding="utf-8"))
    next(iter(raw["cards"].values()))["vp"] = -3
    (tmp_path / FILE).write_text(json.dumps(raw), encoding="utf-8")
    (tmp_path / (FILE + ".bak")).unlink()
    with pytest.raises(CorruptFileError, match="ricks_cards.json.corrupt-"):
        RicksCatalogue(tmp_path).all()
    assert RicksCatalogue(tmp_path).all() == []  # the next open starts afresh


_NUMBER = st.integers(min_value=0, max_value=999)


@settings(max_examples=60, deadline=None)
@given(
    kind=st.sampled_from(["source", "invention", "ability"]),
    build=st.integers(min_value=1, max_value=999),
    a=_NUMBER,
    b=_NUMBER,
    name=st.text(alphabet="абвгдеёжз XYZ-", min_size=1, max_size=30).filter(str.strip),
)
def test_every_good_card_comes_back_as_typed(tmp_path_factory, kind, build, a, b, name):
    card = {"kind": kind, "name": " ".join(name.split()), "build_cost": build}
    card.update(
        {"source": {"production": a}, "invention": {"cost": a, "vp": b}, "ability": {"cost": a}}[
            kind
        ]
    )
    assert card_problems(card) == {}
    cat = RicksCatalogue(tmp_path_factory.mktemp("cat"))
    cat.remember(card)
    assert to_play(cat.get(card["name"])) == card  # type: ignore[arg-type]


def test_problems_name_every_bad_field_at_once():
    """«Как выполнять действия: внедрение»: a card takes at least one action to build; its
    energy and VP are whole numbers from 0. Each bad field is named, not just the first."""
    problems = card_problems(
        {"kind": "invention", "name": "x", "build_cost": "abc", "cost": -3, "vp": "xyz"}
    )
    assert list(problems) == ["build_cost", "cost", "vp"]
    assert "«Жетонов»" in problems["build_cost"] and "«abc»" in problems["build_cost"]
    assert "«Цена»" in problems["cost"] and "«-3»" in problems["cost"]
    assert "«ПО»" in problems["vp"]
