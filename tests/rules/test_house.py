"""House rulings: stored in a real TinyDB file, searched with the rulebooks, marked."""

from __future__ import annotations

import json

import pytest

from companion.rules import add_ruling, delete_ruling, list_rulings, search
from companion.rules.db import validate_entry
from companion.rules.house import HOUSE_FILE, HouseRulingError


def test_add_list_delete_in_a_real_file(tmp_path):
    path = tmp_path / "house.json"
    rid = add_ruling(
        "Ничья по силе", "За столом ничью делим поровну.", "smash_up", link="bbrr-tie", path=path
    )
    assert rid == "house-1"
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["rulings"]["1"]["title"] == "Ничья по силе"
    rulings = list_rulings(path=path)
    assert [r["id"] for r in rulings] == ["house-1"]
    entry = rulings[0]
    assert (
        entry["kind"] == "house"
        and entry["source"] == "house"
        and entry["see_also"] == ["bbrr-tie"]
    )
    assert validate_entry(entry, house=True) is entry
    delete_ruling(rid, path=path)
    assert list_rulings(path=path) == []


def test_no_file_means_no_rulings(tmp_path):
    assert list_rulings(path=tmp_path / "absent.json") == []
    assert not (tmp_path / "absent.json").exists()


@pytest.mark.parametrize(
    "title, text, game",
    [("", "текст", "coup"), ("Название", "  ", "coup"), ("Название", "текст", "chess")],
)
def test_bad_rulings_are_refused(tmp_path, title, text, game):
    with pytest.raises(HouseRulingError):
        add_ruling(title, text, game, path=tmp_path / "h.json")


@pytest.mark.parametrize("rid", ["house-7", "nonsense"])
def test_deleting_unknown_ruling(tmp_path, rid):
    add_ruling("Т", "текст", "coup", path=tmp_path / "h.json")
    with pytest.raises(HouseRulingError):
        delete_ruling(rid, path=tmp_path / "h.json")


def test_rulings_are_searched_with_the_rest_and_marked(fixture_db, tmp_path):
    rid = add_ruling("Блеф в пятницу", "По пятницам оспаривание запрещено шутки ради.", "coup")
    assert (tmp_path / "data" / HOUSE_FILE).exists()
    hits = search("блеф пятница", limit=5)
    assert hits[0].entry["id"] == rid and hits[0].house is True
    assert all(not h.house for h in hits[1:])
    assert all(h.entry["id"] != rid for h in search("блеф пятница", game="smash_up", limit=5))
    delete_ruling(rid)
    assert all(h.entry["id"] != rid for h in search("блеф пятница", limit=5))


def test_index_notices_a_file_changed_elsewhere(fixture_db, tmp_path):
    search("доход")  # build the shared index first
    add_ruling(
        "Кубик на полу",
        "Если кубик упал со стола, перебрось его.",
        "munchkin",
        path=tmp_path / "data" / HOUSE_FILE,
    )
    assert search("кубик упал со стола")[0].house is True


@pytest.mark.parametrize(
    "damage",
    [b"{not json", b"\xff\xfe\x00garbage", b'{"rulings": []}', b"[1, 2, 3]"],
)
def test_damaged_file_is_set_aside_and_rulebooks_still_searched(fixture_db, tmp_path, damage):
    """Issue 14: a damaged house_rules.json must not stop the rules search."""
    from companion.rules import house_warnings, invalidate

    path = tmp_path / "data" / HOUSE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(damage)
    invalidate()
    hits = search("иностранная помощь доход", game="coup", limit=3)
    assert hits[0].entry["id"] == "coup-income"
    warnings = house_warnings()
    assert len(warnings) == 1 and "Решения стола не загружены" in warnings[0]
    assert list(path.parent.glob(HOUSE_FILE + ".corrupt-*"))


def test_damaged_file_falls_back_to_the_last_good_copy(fixture_db, tmp_path):
    from companion.rules import house_warnings, invalidate

    path = tmp_path / "data" / HOUSE_FILE
    add_ruling("Первое", "Раз решили — так и играем.", "coup", path=path)
    add_ruling("Второе", "Второе решение стола.", "coup", path=path)  # .bak holds «Первое»
    path.write_text("{broken", encoding="utf-8")
    invalidate()
    titles = [h.entry["title"] for h in search("решение стола", limit=10) if h.house]
    assert titles == ["Первое"]
    assert any("последняя исправная копия" in w for w in house_warnings())


def test_a_ruling_of_the_wrong_shape_is_skipped(tmp_path):
    from companion.rules.house import read_rulings

    path = tmp_path / "h.json"
    add_ruling("Хорошее", "Текст.", "coup", path=path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["rulings"]["2"] = {"title": 5, "game": "chess"}
    path.write_text(json.dumps(data), encoding="utf-8")
    entries, warnings = read_rulings(path=path)
    assert [e["title"] for e in entries] == ["Хорошее"]
    assert warnings == ["Решение стола №2 повреждено и пропущено."]
