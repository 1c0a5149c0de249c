"""AtomicJSONStorage: durable writes, a previous good copy, recovery from damaged files."""

from __future__ import annotations

import json

import pytest
from tinydb import TinyDB

from companion.errors import CorruptFileError
from companion.store.atomic import AtomicJSONStorage


def write_two_versions(path):
    db = TinyDB(path, storage=AtomicJSONStorage)
    db.insert({"n": 1})
    db.insert({"n": 2})
    db.close()


def test_writes_are_complete_json_and_keep_the_previous_version(tmp_path):
    path = tmp_path / "g.json"
    write_two_versions(path)
    assert [d["n"] for d in json.loads(path.read_text())["_default"].values()] == [1, 2]
    assert [
        d["n"] for d in json.loads((tmp_path / "g.json.bak").read_text())["_default"].values()
    ] == [1]
    assert not list(tmp_path.glob(".*tmp"))  # no temporary files left behind


@pytest.mark.parametrize(
    "damage", [b'{"_default": {"1": {"n": 1}, "2": {"n"', b"\x00\xff garbage", b"[1, 2, 3]", b""]
)
def test_damaged_file_is_set_aside_and_last_good_copy_loaded(tmp_path, damage):
    path = tmp_path / "g.json"
    write_two_versions(path)
    path.write_bytes(damage)
    storage = AtomicJSONStorage(path)
    db = TinyDB(storage=lambda: storage)  # noqa: E731 - TinyDB builds storages from a callable
    assert [d["n"] for d in db.all()] == [1]
    assert (
        "повреждён" in storage.recovered[0] and "последняя исправная копия" in storage.recovered[0]
    )
    aside = list(tmp_path.glob("g.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == damage
    assert json.loads(path.read_text())  # the good copy is the main file again


def test_wrong_schema_counts_as_damage(tmp_path):
    path = tmp_path / "g.json"
    write_two_versions(path)

    def validate(raw):
        if any(d.get("n") == 2 for d in raw["_default"].values()):
            raise ValueError("n=2 is not allowed")

    storage = AtomicJSONStorage(path, validate=validate)
    assert list(storage.read()["_default"].values()) == [{"n": 1}]
    assert storage.recovered


def test_no_good_copy_raises_instead_of_starting_empty(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("{broken")
    with pytest.raises(CorruptFileError, match="резервной копии"):
        AtomicJSONStorage(path).read()
    assert list(tmp_path.glob("g.json.corrupt-*"))


def test_missing_main_file_falls_back_to_backup(tmp_path):
    path = tmp_path / "g.json"
    write_two_versions(path)
    path.unlink()
    storage = AtomicJSONStorage(path)
    assert list(storage.read()["_default"].values()) == [{"n": 1}]
    assert "пропал" in storage.recovered[0]


def test_new_file_reads_as_empty(tmp_path):
    assert AtomicJSONStorage(tmp_path / "new.json").read() is None
