"""The rules database: strict validation, and the shipped ``rules_db/`` checked as a whole."""

from __future__ import annotations

import json

import pytest

from companion.rules.db import (
    SOURCES,
    RulesDBError,
    check_links,
    load_db,
    load_file,
    load_toc,
    rules_db_dir,
    validate_entry,
)
from companion.rules.evaluate import norm

from .conftest import write_db


def test_fixture_db_loads(fixture_db, fixture_entries):
    assert [e["id"] for e in load_db(fixture_db)] == [
        e["id"] for e in sorted(fixture_entries, key=lambda e: e["source"])
    ]
    assert rules_db_dir() == fixture_db  # env COMPANION_RULES_DB wins


@pytest.mark.parametrize(
    "change, needle",
    [
        ({"game": "chess"}, "игра"),
        ({"kind": "poem"}, "вид"),
        ({"source": "coup"}, "источник"),
        ({"page": "7"}, "page"),
        ({"page": 0}, "страниц"),
        ({"aliases": "talent"}, "aliases"),
        ({"see_also": [""]}, "see_also"),
        ({"title": "  "}, "title"),
        ({"id": "Has Spaces"}, "slug"),
        ({"extra": 1}, "лишние"),
        ({"asks": "сколько стоит"}, "asks"),
        ({"asks": ["сколько стоит", " "]}, "asks"),
    ],
)
def test_bad_entries_are_refused_with_a_clear_message(fixture_entries, change, needle):
    entry = {**fixture_entries[0], **change}
    with pytest.raises(RulesDBError) as err:
        validate_entry(entry)
    assert needle in str(err.value)


def test_asks_are_optional(fixture_entries):
    entry = {**fixture_entries[0], "asks": ["сколько монет на старте"]}
    assert validate_entry(entry) is entry
    assert "asks" not in fixture_entries[0] and validate_entry(fixture_entries[0])


def test_every_shipped_entry_has_players_questions():
    """Every rulebook entry carries 5+ player questions (``asks``), some of them English."""
    entries = load_db()
    few = [e["id"] for e in entries if len(e.get("asks", ())) < 5]
    assert not few, few
    assert sum(any(a.isascii() for a in e["asks"]) for e in entries) >= len(entries) // 2


def test_missing_field_is_refused(fixture_entries):
    entry = dict(fixture_entries[0])
    del entry["text"]
    with pytest.raises(RulesDBError, match="text"):
        validate_entry(entry)


def test_duplicate_ids_across_files_are_refused(tmp_path, fixture_entries):
    dup = {**fixture_entries[3], "id": fixture_entries[0]["id"]}
    folder = write_db(tmp_path / "db", [fixture_entries[0], dup])
    with pytest.raises(RulesDBError, match="дважды"):
        load_db(folder)


def test_entry_in_the_wrong_file_is_refused(tmp_path, fixture_entries):
    path = tmp_path / "coup.json"
    path.write_text(json.dumps({"entries": {"1": fixture_entries[0]}}, ensure_ascii=False), "utf-8")
    with pytest.raises(RulesDBError, match="не совпадает"):
        load_file(path)


@pytest.mark.parametrize("content", ["{not json", "[]", '{"entries": []}'])
def test_unreadable_files_are_refused(tmp_path, content):
    path = tmp_path / "coup.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(RulesDBError):
        load_file(path)


def test_check_links_reports_dangling_see_also(fixture_entries):
    assert check_links(fixture_entries) == []
    broken = [*fixture_entries, {**fixture_entries[0], "id": "x", "see_also": ["nope"]}]
    assert check_links(broken) == ["x → nope"]


# -- the shipped database -------------------------------------------------------------------


@pytest.fixture(scope="module")
def shipped():
    return load_db()


def test_shipped_db_has_every_source(shipped):
    assert {e["source"] for e in shipped} == set(SOURCES)


def test_shipped_ids_unique_and_links_resolve(shipped):
    ids = [e["id"] for e in shipped]
    assert len(ids) == len(set(ids))
    assert check_links(shipped) == []


@pytest.mark.parametrize("source", sorted(SOURCES))
def test_every_toc_heading_has_an_entry(shipped, source):
    sections = {norm(e["section"]) for e in shipped if e["source"] == source}
    missing = [h for h in load_toc(source) if norm(h) not in sections]
    assert missing == []
