"""The Smash Up base catalogue on real TinyDB files (SPEC §2: «the app remembers every base
it has seen and offers it again»)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.smashup import _base_card_error
from companion.errors import CorruptFileError
from companion.store.bases import (
    FILE,
    BaseCardError,
    BaseCatalogue,
    card_error,
    normalize_name,
    to_card,
)


def card(name: str, bp: int = 18, vp=(3, 2, 1), set_: str | None = None) -> dict:
    c = {"name": name, "breakpoint": bp, "vp": list(vp)}
    if set_ is not None:
        c["set"] = set_
    return c


def test_ships_with_the_ancient_temple(tmp_path):
    """Подготовка к игре: the base pictured in the rulebook, «Древний храм» (20; 4/2/1), is known
    from the first start."""
    cat = BaseCatalogue(tmp_path)
    temple = cat.get("древний ХРАМ")
    assert temple is not None
    assert (temple["name"], temple["breakpoint"], temple["vp"]) == ("Древний храм", 20, [4, 2, 1])
    assert (tmp_path / FILE).exists()
    assert [r["name"] for r in cat.all()] == ["Древний храм"]


def test_remembered_bases_survive_a_new_catalogue_object(tmp_path):
    BaseCatalogue(tmp_path).remember(card("Волшебный лес", 19, (4, 3, 1), "Мимими"))
    again = BaseCatalogue(tmp_path)
    assert to_card(again.get("волшебный лес")) == card("Волшебный лес", 19, (4, 3, 1), "Мимими")
    raw = json.loads((tmp_path / FILE).read_text(encoding="utf-8"))
    names = sorted(d["name"] for d in raw["bases"].values())
    assert names == ["Волшебный лес", "Древний храм"]


def test_same_name_is_stored_once_with_the_new_numbers(tmp_path):
    cat = BaseCatalogue(tmp_path)
    cat.remember(card("Рок-клуб", 18, (3, 2, 1), "Мишки, бабки, рок-н-ролл"))
    cat.remember(card("  рок-КЛУБ ", 21, (5, 2, 2)))
    rows = [r for r in cat.all() if r["key"] == normalize_name("Рок-клуб")]
    assert len(rows) == 1
    assert rows[0]["breakpoint"] == 21 and rows[0]["vp"] == [5, 2, 2]
    assert rows[0]["set"] == "Мишки, бабки, рок-н-ролл"  # an untyped set keeps the old one
    assert rows[0]["seen"] == 2
    assert cat.all()[0]["name"] == "рок-КЛУБ"  # most often typed first


def test_a_deleted_seed_is_not_put_back(tmp_path):
    cat = BaseCatalogue(tmp_path)
    cat.all()
    raw = json.loads((tmp_path / FILE).read_text(encoding="utf-8"))
    raw["bases"] = {}
    (tmp_path / FILE).write_text(json.dumps(raw), encoding="utf-8")
    assert cat.all() == []


@pytest.mark.parametrize(
    "query, expected",
    [
        ("Волшебнй", "Волшебный лес"),  # typo
        ("лес", "Волшебный лес"),  # one word of the name
        ("замак", "Замок принцессы"),
        ("древни храм", "Древний храм"),
        ("ФАБРИКА", "Фабрика игрушек"),
        ("Древнии храм", "Древний храм"),
    ],
)
def test_fuzzy_suggestions(tmp_path, query, expected):
    cat = BaseCatalogue(tmp_path)
    for name in ("Волшебный лес", "Замок принцессы", "Фабрика игрушек", "Рок-клуб"):
        cat.remember(card(name))
    found = cat.suggest(query)
    assert found and found[0]["name"] == expected


def test_suggestions_leave_out_unrelated_and_excluded_bases(tmp_path):
    cat = BaseCatalogue(tmp_path)
    cat.remember(card("Волшебный лес"))
    cat.remember(card("Рок-клуб"))
    assert cat.suggest("xyzzy") == []
    assert [r["name"] for r in cat.suggest("рок")] == ["Рок-клуб"]
    assert [r["name"] for r in cat.suggest("", exclude=["рок-клуб", "Древний храм"])] == [
        "Волшебный лес"
    ]
    assert len(cat.suggest("", limit=2)) == 2


@pytest.mark.parametrize(
    "bad",
    [
        {"name": "", "breakpoint": 10, "vp": [1, 1, 1]},
        {"name": "А", "breakpoint": -1, "vp": [1, 1, 1]},
        {"name": "А", "breakpoint": 10, "vp": [1, 1]},
        {"name": "А", "breakpoint": "10", "vp": [1, 1, 1]},
        {"name": "А", "breakpoint": 10, "vp": [1, True, 1]},
    ],
)
def test_malformed_cards_are_refused(tmp_path, bad):
    cat = BaseCatalogue(tmp_path)
    with pytest.raises(ValueError):
        cat.remember(bad)
    assert [r["name"] for r in cat.all()] == ["Древний храм"]


@pytest.mark.parametrize(
    "bad, field, words",
    [
        ({"name": "  ", "breakpoint": 10, "vp": [3, 2, 1]}, "name", "Название базы"),
        ({"name": "А", "breakpoint": 0, "vp": [3, 2, 1]}, "breakpoint", "Оборона: не меньше 1"),
        ({"name": "А", "breakpoint": -4, "vp": [3, 2, 1]}, "breakpoint", "Оборона"),
        ({"name": "А", "breakpoint": 20, "vp": [-1, 0, 0]}, "vp1", "за 1-е место: не меньше 0"),
        ({"name": "А", "breakpoint": 20, "vp": [2, 3, 1]}, "vp2", "за 2-е место: не больше"),
        ({"name": "А", "breakpoint": 20, "vp": [4, 2, 3]}, "vp3", "за 3-е место: не больше"),
        ({"name": "А", "breakpoint": 20, "vp": [4, 2, -1]}, "vp3", "за 3-е место: не меньше 0"),
        ({"name": "А", "breakpoint": 20, "vp": [4, "2", 1]}, "vp2", "целое число"),
    ],
)
def test_bad_numbers_are_refused_naming_the_field(tmp_path, bad, field, words):
    """«Раздача очков»: 1st place gets at least what 2nd gets, 2nd at least what 3rd gets; a base
    breaks at its breakpoint, so a breakpoint below 1 is a typo. Refused cards never enter the
    catalogue, and the message names the field."""
    cat = BaseCatalogue(tmp_path)
    cat.all()
    before = (tmp_path / FILE).read_bytes()
    with pytest.raises(BaseCardError) as err:
        cat.remember(bad)
    assert err.value.field == field and words in str(err.value)
    assert card_error(bad).field == field
    assert (tmp_path / FILE).read_bytes() == before
    assert cat.get("А") is None


def test_equal_vp_for_places_and_a_zero_third_place_are_fine():
    """10/10/5 and 10/5/5 are printed bases («Споры при раздаче»); 3rd place may give 0."""
    for vp in ([10, 10, 5], [10, 5, 5], [2, 0, 0], [3, 3, 3]):
        assert card_error({"name": "База", "breakpoint": 1, "vp": vp}) is None


def test_an_entry_can_be_corrected(tmp_path):
    """Issue 14: a typo in a remembered base is fixed in place (name and numbers), count kept."""
    cat = BaseCatalogue(tmp_path)
    cat.remember(card("Рок-клуп", 81, (3, 2, 1), "Мишки, бабки, рок-н-ролл"))
    cat.remember(card("Рок-клуп", 81, (3, 2, 1)))
    fixed = cat.correct("рок-клуп", card("Рок-клуб", 18, (3, 2, 1)))
    assert cat.get("Рок-клуп") is None
    got = cat.get("рок-клуб")
    assert got is not None and (got["breakpoint"], got["seen"]) == (18, 2)
    assert got["set"] == "Мишки, бабки, рок-н-ролл" and fixed["name"] == "Рок-клуб"
    assert sorted(r["name"] for r in cat.all()) == ["Древний храм", "Рок-клуб"]


def test_a_correction_onto_a_known_name_merges_the_two(tmp_path):
    cat = BaseCatalogue(tmp_path)
    cat.remember(card("Пещера", 22, (5, 3, 2)))
    cat.remember(card("Пещира", 22, (5, 3, 2)))
    cat.correct("Пещира", card("пещера", 22, (5, 3, 2)))
    rows = [r for r in cat.all() if r["key"] == "пещера"]
    assert len(rows) == 1 and rows[0]["seen"] == 2
    assert cat.get("Пещира") is None


def test_a_bad_correction_changes_nothing(tmp_path):
    cat = BaseCatalogue(tmp_path)
    cat.remember(card("Пещера", 22, (5, 3, 2)))
    before = (tmp_path / FILE).read_bytes()
    with pytest.raises(BaseCardError) as err:
        cat.correct("Пещера", card("Пещера", 0, (5, 3, 2)))
    assert err.value.field == "breakpoint"
    with pytest.raises(KeyError):
        cat.correct("Нет такой", card("Нет такой", 10, (3, 2, 1)))
    assert (tmp_path / FILE).read_bytes() == before


def test_an_entry_can_be_removed(tmp_path):
    """Issue 14: a base typed by mistake is removed and no longer suggested."""
    cat = BaseCatalogue(tmp_path)
    cat.remember(card("Ошибка", 10, (3, 2, 1)))
    assert cat.forget("ОШИБКА") is True
    assert cat.get("Ошибка") is None
    assert cat.suggest("ошибка") == []
    assert cat.forget("Ошибка") is False
    assert [r["name"] for r in cat.all()] == ["Древний храм"]


@settings(max_examples=40, deadline=None)
@given(
    bp=st.integers(-5, 40),
    vp=st.lists(st.integers(-3, 12), min_size=3, max_size=3),
)
def test_refused_cards_never_enter_the_catalogue(tmp_path_factory, bp, vp):
    """Whatever :func:`card_error` refuses, :meth:`remember` refuses too and stores nothing;
    whatever it accepts is stored as typed."""
    root = tmp_path_factory.mktemp("cat")
    cat = BaseCatalogue(root)
    c = card("Проверка", bp, vp)
    valid = bp >= 1 and vp[0] >= vp[1] >= vp[2] >= 0
    assert (card_error(c) is None) == valid
    if valid:
        cat.remember(c)
        assert to_card(cat.get("Проверка")) == c
    else:
        with pytest.raises(BaseCardError):
            cat.remember(c)
        assert cat.get("Проверка") is None


def test_damaged_file_falls_back_to_the_backup(tmp_path):
    cat = BaseCatalogue(tmp_path)
    cat.remember(card("Волшебный лес"))
    cat.remember(card("Рок-клуб"))  # the previous version becomes bases.json.bak
    (tmp_path / FILE).write_text("{half a fi", encoding="utf-8")
    names = {r["name"] for r in BaseCatalogue(tmp_path).all()}
    assert "Волшебный лес" in names
    assert list(tmp_path.glob(f"{FILE}.corrupt-*"))


def test_unreadable_file_without_backup_is_an_error_not_an_empty_catalogue(tmp_path):
    (tmp_path / FILE).write_text("garbage", encoding="utf-8")
    with pytest.raises(CorruptFileError):
        BaseCatalogue(tmp_path).all()


@settings(max_examples=25, deadline=None)
@given(
    name=st.text(alphabet="абвгдеёжзАБВ -", min_size=1, max_size=20).filter(lambda s: s.strip()),
    bp=st.integers(1, 100),
    vp=st.lists(st.integers(0, 30), min_size=3, max_size=3).map(lambda v: sorted(v, reverse=True)),
)
def test_every_remembered_base_round_trips_as_a_valid_engine_card(tmp_path_factory, name, bp, vp):
    """A remembered base comes back as a base dict the engine accepts, found by its own name."""
    root = tmp_path_factory.mktemp("cat")
    cat = BaseCatalogue(root)
    cat.remember(card(name, bp, vp))
    got = cat.get(name)
    assert got is not None
    back = to_card(got)
    assert _base_card_error(back) is None
    assert (back["breakpoint"], back["vp"]) == (bp, vp)
    assert got["key"] in {r["key"] for r in cat.suggest(name, limit=10)}
