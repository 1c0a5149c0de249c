"""GameStore: saved games, undo/redo persisted, list and recovery (real TinyDB files)."""

from __future__ import annotations

import pytest

from companion.errors import SetupError, UnknownGameError
from companion.store import GameStore


def add(stored, player, delta):
    return stored.push("counter.add", {"player": player, "counter": "ПО", "delta": delta})


def test_every_change_is_on_disk_when_push_returns(tmp_path):
    store = GameStore(tmp_path)
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    add(g, 0, 3)
    add(g, 1, 2)
    g.undo()
    again = GameStore(tmp_path).open(g.id)
    assert again.game.state.values == [{"ПО": 3}, {"ПО": 0}]
    assert [e.seq for e in again.game.redo_stack] == [2]
    again.redo()
    assert GameStore(tmp_path).open(g.id).game.state.values[1]["ПО"] == 2


def test_new_move_after_undo_drops_redo_on_disk(tmp_path):
    store = GameStore(tmp_path)
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    add(g, 0, 3)
    add(g, 1, 2)
    g.undo()
    add(g, 1, 5)
    again = GameStore(tmp_path).open(g.id)
    assert [(e.seq, e.data["delta"]) for e in again.game.events] == [(1, 3), (2, 5)]
    assert again.game.redo_stack == ()


def test_list_shows_game_players_times_and_status(tmp_path):
    clock = iter(range(100, 200)).__next__
    store = GameStore(tmp_path, clock=lambda: float(clock()))
    g1 = store.create(
        "free", ["Аня", "Борис"], first_player=0, options={"target": {"counter": "ПО", "value": 5}}
    )
    add(g1, 1, 5)
    g2 = store.create("free", ["Вика", "Гена", "Дина"], first_player=0)
    add(g2, 2, 1)
    add(g2, 2, 1)
    listed = {s.id: s for s in store.list()}
    assert listed[g1.id].finished and listed[g1.id].winners == ("Борис",)
    assert listed[g1.id].status == "окончена, победа: Борис"
    assert not listed[g2.id].finished and listed[g2.id].status == "идёт"
    assert listed[g2.id].players == ("Вика", "Гена", "Дина") and listed[g2.id].events == 2
    assert listed[g2.id].updated > listed[g2.id].started
    assert store.list()[0].id == g2.id  # most recently updated first


def test_random_first_player_is_recorded(tmp_path):
    import random

    g = GameStore(tmp_path).create("free", ["Аня", "Борис", "Вика"], rng=random.Random(7))
    assert g.game.setup.first_player == random.Random(7).randrange(3)


def test_bad_setup_saves_nothing(tmp_path):
    store = GameStore(tmp_path)
    with pytest.raises(SetupError):
        store.create("free", ["Аня", "аня"])  # names must differ
    assert store.list() == [] and not list((tmp_path / "games").iterdir())


def test_unknown_and_malicious_ids(tmp_path):
    store = GameStore(tmp_path)
    with pytest.raises(UnknownGameError):
        store.open("20260101-000000-abcdef")
    with pytest.raises(UnknownGameError):
        store.open("../../etc/passwd")


def test_damaged_game_file_is_recovered_and_reported(tmp_path):
    store = GameStore(tmp_path)
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    add(g, 0, 3)
    add(g, 0, 4)
    path = tmp_path / "games" / f"{g.id}.json"
    path.write_text(path.read_text()[:-40])  # truncated mid-write by something else
    fresh = GameStore(tmp_path)
    (summary,) = fresh.list()
    # the .bak snapshot plus the change log rebuild the game: nothing is lost
    assert summary.events == 2
    assert any("повреждён" in w and "отложен как" in w for w in fresh.warnings)
    assert GameStore(tmp_path).open(g.id).game.state.values[0]["ПО"] == 7


def test_unreadable_game_without_backup_is_reported_not_hidden(tmp_path):
    store = GameStore(tmp_path)
    (tmp_path / "games" / "20260101-000000-abcdef.json").write_text("garbage")
    assert store.list() == []
    assert any("резервной копии" in w for w in store.warnings)


def test_stale_moves_are_refused_and_nothing_is_saved(tmp_path):
    from companion.errors import StaleMoveError

    g = GameStore(tmp_path).create("free", ["Аня", "Борис"], first_player=0)
    g.push("turn.next", expect_revision=g.game.revision)
    seen = g.game.revision
    g.push("turn.next", expect_revision=seen)
    with pytest.raises(StaleMoveError):
        g.push("turn.next", expect_revision=seen)  # a double tap on «Дальше»
    with pytest.raises(StaleMoveError):
        g.undo(expect_revision=seen)
    g.undo(expect_revision=g.game.revision)
    with pytest.raises(StaleMoveError):
        g.redo(expect_revision=seen)
    g.redo(expect_revision=g.game.revision)
    again = GameStore(tmp_path).open(g.id)
    assert [e.type for e in again.game.events] == ["turn.next", "turn.next"]
    assert again.game.redo_stack == ()


def test_list_reads_a_game_again_only_when_its_files_change(tmp_path):
    store = GameStore(tmp_path)
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    assert store.list()[0].events == 0
    add(g, 0, 2)  # the same process (the server's hub) plays on
    assert store.list()[0].events == 1
    g.undo()
    assert store.list()[0].events == 0
    g.compact()
    assert store.list()[0].events == 0
    g.redo()
    assert store.list()[0].events == 1
