"""A backup file's bytes as the «Игроки» screen receives them from a phone (issue 32)."""

from __future__ import annotations

import json

import pytest

from companion.errors import StoreError
from companion.store import GameStore
from companion.store.backup import MAX_BACKUP_BYTES, backup_json, import_bytes
from companion.store.roster import Roster
from tests.store.test_history import Clock, play


def test_a_backup_file_imports_and_says_what_it_did(tmp_path_factory):
    root = tmp_path_factory.mktemp("from")
    store = GameStore(root, clock=Clock())
    play(store, store.clock, ["Аня", "Борис"], [2, 1])
    Roster(root).add("Аня", "#123456")
    raw = json.dumps(backup_json(store, Roster(root)), ensure_ascii=False).encode("utf-8")
    other = tmp_path_factory.mktemp("to")
    done = import_bytes(GameStore(other), raw, Roster(other))
    assert done.summary() == "Загружено партий: 1; уже были: 0; новых игроков в списке: 1."
    again = import_bytes(GameStore(other), raw, Roster(other))
    assert again.summary() == "Загружено партий: 0; уже были: 1; новых игроков в списке: 0."


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (b"\xff\xfe not text", "не JSON"),
        (b"{ broken", "не JSON"),
        (b'{"format": "something else"}', "нет format"),
        (b" " * (MAX_BACKUP_BYTES + 1), "больше"),
    ],
)
def test_a_file_that_is_not_a_backup_is_refused_and_nothing_is_written(tmp_path, raw, why):
    with pytest.raises(StoreError, match=why):
        import_bytes(GameStore(tmp_path), raw, Roster(tmp_path))
    assert GameStore(tmp_path).ids() == [] and Roster(tmp_path).players() == []
