"""A game moves to another device as its JSON export (the journal's «Выгрузить JSON") and is
read back by :func:`companion.store.export.import_game`, checked like any game file."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import CorruptFileError
from companion.store import GameStore
from companion.store.export import export_bytes, import_game


def played(tmp_path):
    store = GameStore(tmp_path / "phone-a")
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    g.push("counter.add", {"player": 1, "counter": "ПО", "delta": -1})
    return g, export_bytes(g, "json")[1]


def test_an_exported_game_opens_on_another_device_and_plays_on(tmp_path):
    g, data = played(tmp_path)
    other = GameStore(tmp_path / "phone-b")
    got = import_game(other, data, "game.json")
    assert got.id == g.id
    assert got.game.state.values == [{"ПО": 3}, {"ПО": -1}]
    assert [e.to_dict() for e in got.game.events] == [e.to_dict() for e in g.game.events]
    got.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    assert GameStore(tmp_path / "phone-b").open(g.id).game.state.values[0]["ПО"] == 4


def test_importing_a_game_already_here_keeps_both(tmp_path):
    g, data = played(tmp_path)
    store = GameStore(tmp_path / "phone-a")
    got = import_game(store, data)
    assert got.id != g.id
    assert sorted(store.ids()) == sorted([g.id, got.id])
    assert store.open(g.id).game.state.values == got.game.state.values


def _files(store: GameStore) -> list[str]:
    return sorted(p.name for p in store.dir.iterdir())


@pytest.mark.parametrize(
    "data, says",
    [
        (b"\xff\xfe garbage", "не выгрузка игры"),
        (b'{"events": []}', "не выгрузка игры"),
        (b"[1, 2]", "не выгрузка игры"),
    ],
)
def test_a_file_that_is_no_export_is_refused_and_nothing_is_written(tmp_path, data, says):
    store = GameStore(tmp_path / "b")
    with pytest.raises(CorruptFileError, match=says) as err:
        import_game(store, data, "x.json")
    assert "«x.json»" in str(err.value)
    assert _files(store) == []


def test_a_move_the_rules_refuse_is_named_and_nothing_is_written(tmp_path):
    _, data = played(tmp_path)
    doc = json.loads(data)
    doc["events"][1]["data"]["player"] = 7  # there are two players
    store = GameStore(tmp_path / "b")
    with pytest.raises(CorruptFileError, match="нельзя воспроизвести по правилам"):
        import_game(store, json.dumps(doc).encode(), "x.json")
    assert _files(store) == []


def test_moves_out_of_order_are_refused(tmp_path):
    _, data = played(tmp_path)
    doc = json.loads(data)
    doc["events"].reverse()
    store = GameStore(tmp_path / "b")
    with pytest.raises(CorruptFileError):
        import_game(store, json.dumps(doc).encode(), "x.json")
    assert _files(store) == []


@given(at=st.integers(min_value=0), byte=st.integers(min_value=0, max_value=255))
def test_a_damaged_export_is_refused_or_imported_whole(tmp_path_factory, at, byte):
    """Any one byte changed: the file is refused with CorruptFileError and nothing written,
    or it imports a game that opens again from disk as imported."""
    tmp = tmp_path_factory.mktemp("imp")
    _, data = played(tmp)
    at %= len(data)
    damaged = data[:at] + bytes([byte]) + data[at + 1 :]
    store = GameStore(tmp / "b")
    try:
        got = import_game(store, damaged)
    except CorruptFileError:
        assert _files(store) == []
        return
    again = GameStore(tmp / "b").open(got.id)
    assert again.game.state.values == got.game.state.values
