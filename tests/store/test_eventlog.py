"""The append-only game files: torn lines, damaged logs, unreplayable moves, old files, trash."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from tinydb import TinyDB
from tinydb.table import Document

from companion.errors import UnknownGameError
from companion.store import GameStore
from companion.store.atomic import AtomicJSONStorage


def add(stored, player, delta):
    return stored.push("counter.add", {"player": player, "counter": "ПО", "delta": delta})


def played(tmp_path: Path, deltas=(3, 4, 5)):
    store = GameStore(tmp_path)
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    for d in deltas:
        add(g, 0, d)
    return store, g


def test_a_save_appends_one_line_and_never_rewrites_the_snapshot(tmp_path):
    store, g = played(tmp_path, ())
    snap = tmp_path / "games" / f"{g.id}.json"
    before = (snap.stat().st_ino, snap.read_bytes())
    for d in range(1, 6):
        add(g, 1, d)
    g.undo()
    g.redo()
    lines = (tmp_path / "games" / f"{g.id}.log").read_bytes().splitlines()
    assert [json.loads(x)["op"] for x in lines] == ["push"] * 5 + ["undo", "redo"]
    assert [json.loads(x)["n"] for x in lines] == list(range(1, 8))
    assert json.loads(lines[0])["text"] == "Борис: ПО +1 (теперь 1)"
    assert (snap.stat().st_ino, snap.read_bytes()) == before


def test_torn_last_line_is_dropped_and_the_lost_move_named(tmp_path):
    _store, g = played(tmp_path)
    log = tmp_path / "games" / f"{g.id}.log"
    data = log.read_bytes()
    last = data.rstrip(b"\n").rsplit(b"\n", 1)[1]
    log.write_bytes(data[: len(data) - len(last) // 2])  # killed in the middle of the write
    fresh = GameStore(tmp_path)
    again = fresh.open(g.id)
    assert [e.data["delta"] for e in again.game.events] == [3, 4]
    assert any("не сохранился последний ход: Аня: ПО +5 (теперь 12)" in w for w in fresh.warnings)
    add(again, 1, 1)  # the game goes on cleanly after the repair
    third = GameStore(tmp_path)
    assert third.open(g.id).game.state.values == [{"ПО": 7}, {"ПО": 1}]
    assert not third.warnings


def test_damaged_line_in_the_middle_ends_the_log_and_names_every_lost_move(tmp_path):
    _store, g = played(tmp_path)
    log = tmp_path / "games" / f"{g.id}.log"
    lines = log.read_bytes().splitlines(keepends=True)
    lines[1] = b'{"n":2,"op":"push","text":"\xd0\x90' + b"\x00garbage\n"
    log.write_bytes(b"".join(lines))
    fresh = GameStore(tmp_path)
    again = fresh.open(g.id)
    assert [e.data["delta"] for e in again.game.events] == [3]
    (w,) = fresh.warnings
    assert "повреждён (строка 2)" in w and "Аня: ПО +5 (теперь 12)" in w


def test_damaged_snapshot_uses_the_backup_and_both_logs_after_compaction(tmp_path):
    _store, g = played(tmp_path)
    g.compact()  # snapshot holds 3 moves, .bak the empty game, .log.bak the 3 lines
    add(g, 1, 2)
    snap = tmp_path / "games" / f"{g.id}.json"
    snap.write_bytes(snap.read_bytes()[:30])
    fresh = GameStore(tmp_path)
    again = fresh.open(g.id)
    assert again.game.state.values == [{"ПО": 12}, {"ПО": 2}]
    assert any("загружена последняя исправная копия" in w for w in fresh.warnings)


def test_compaction_keeps_undo_and_redo(tmp_path):
    _store, g = played(tmp_path)
    g.undo()
    g.compact()
    again = GameStore(tmp_path).open(g.id)
    assert [e.seq for e in again.game.redo_stack] == [3]
    again.redo()
    assert GameStore(tmp_path).open(g.id).game.state.values[0]["ПО"] == 12


def test_event_naming_player_99_opens_up_to_the_last_good_move(tmp_path):
    store, g = played(tmp_path)
    other = store.create("free", ["Вика", "Гена"], first_player=0)
    add(other, 1, 1)
    log = tmp_path / "games" / f"{g.id}.log"
    lines = log.read_text().splitlines()
    rec = json.loads(lines[1])
    rec["event"]["data"]["player"] = 99
    lines[1] = json.dumps(rec, ensure_ascii=False)
    log.write_text("\n".join(lines) + "\n")
    fresh = GameStore(tmp_path)
    listed = {s.id: s for s in fresh.list()}
    assert set(listed) == {g.id, other.id}  # the bad game does not hide the good one
    assert listed[g.id].events == 1
    (w,) = fresh.warnings
    # the move in words and what to do, never an event code or a Python error (issue #30)
    assert "сохранённый ход №2 (" in w and "не сходится с правилами игры" in w, w
    assert "отложено ходов: 2 (№2–№3)" in w and "Что делать: продолжайте" in w, w
    assert "counter.add" not in w and "index" not in w, w
    assert list((tmp_path / "games").glob(f"{g.id}.log.unreplayable-*"))  # the rest kept aside
    again = GameStore(tmp_path)
    assert again.open(g.id).game.state.values[0]["ПО"] == 3 and not again.warnings


def test_renamed_counter_sets_the_moves_aside_and_names_them(tmp_path):
    store, g = played(tmp_path)
    g.compact()
    snap = tmp_path / "games" / f"{g.id}.json"
    raw = json.loads(snap.read_text())
    raw["setup"]["options"]["counters"][0]["name"] = "Очки"
    snap.write_text(json.dumps(raw, ensure_ascii=False))
    fresh = GameStore(tmp_path)
    (summary,) = fresh.list()
    assert summary.events == 0
    (w,) = fresh.warnings
    assert "сохранённый ход №1 (" in w and "не сходится с правилами игры" in w, w
    assert "counter.add" not in w, w


def test_game_that_cannot_be_set_up_is_set_aside_whole(tmp_path):
    store, g = played(tmp_path)
    other = store.create("free", ["Вика", "Гена"], first_player=0)
    for name in (f"{g.id}.json", f"{g.id}.json.bak"):
        p = tmp_path / "games" / name
        raw = json.loads(p.read_text())
        raw["setup"]["game"] = "chess"
        p.write_text(json.dumps(raw))
    fresh = GameStore(tmp_path)
    assert [s.id for s in fresh.list()] == [other.id]
    assert any(f"Игру {g.id} нельзя открыть" in w and "отложены" in w for w in fresh.warnings)
    assert not (tmp_path / "games" / f"{g.id}.json").exists()


def test_old_tinydb_game_file_opens_and_is_migrated(tmp_path):
    store = GameStore(tmp_path)
    probe = store.create("free", ["Аня", "Борис"], first_player=0)
    setup = probe.game.setup.to_dict()
    probe.close()
    old_id = "20250101-120000-abcdef"
    db = TinyDB(tmp_path / "games" / f"{old_id}.json", storage=AtomicJSONStorage)
    db.table("meta").insert(Document({"schema": 1, "id": old_id, "setup": setup}, doc_id=1))
    events = db.table("events")
    for seq, delta, undone in ((1, 2, False), (2, 3, False), (3, 9, True)):
        ev = {"seq": seq, "type": "counter.add", "ts": 1.0 + seq, "author": None}
        ev["data"] = {"player": 1, "counter": "ПО", "delta": delta}
        events.insert(Document({**ev, "undone": undone}, doc_id=seq))
    db.close()
    listed = {s.id: s for s in GameStore(tmp_path).list()}
    assert listed[old_id].events == 2
    g = GameStore(tmp_path).open(old_id)  # opened for play: written in the new format
    assert g.game.state.values[1]["ПО"] == 5 and [e.seq for e in g.game.redo_stack] == [3]
    assert json.loads((tmp_path / "games" / f"{old_id}.json").read_text())["schema"] == 2
    g.redo()
    assert GameStore(tmp_path).open(old_id).game.state.values[1]["ПО"] == 14


def test_delete_moves_the_files_to_the_trash(tmp_path):
    store, g = played(tmp_path)
    keep = store.create("free", ["Вика", "Гена"], first_player=0)
    trash = store.delete(g.id)
    assert trash.parent == tmp_path / "trash"
    assert {p.name for p in trash.iterdir()} >= {f"{g.id}.json", f"{g.id}.log"}
    assert [s.id for s in GameStore(tmp_path).list()] == [keep.id]
    with pytest.raises(UnknownGameError):
        store.delete(g.id)
    with pytest.raises(UnknownGameError):
        store.delete("../games")
    g.close()  # closing the open copy afterwards must not bring the game back
    assert [s.id for s in GameStore(tmp_path).list()] == [keep.id]


def test_temp_files_of_dead_writers_are_removed_at_start(tmp_path):
    _store, g = played(tmp_path)
    dead = 2**22 + 12345  # above the default pid_max: never a live process
    stale = [
        tmp_path / "games" / f".{g.id}.json.{dead}.tmp",
        tmp_path / f".settings.json.{dead}.tmp",
    ]
    live = tmp_path / "games" / f".{g.id}.json.{os.getppid()}.tmp"
    for p in [*stale, live]:
        p.write_text("half")
    GameStore(tmp_path)
    assert not any(p.exists() for p in stale) and live.exists()


def test_a_damaged_move_is_named_in_words_with_what_to_do(tmp_path):
    """Issue #30: the warning read «сохранённый ход #2 (counter.add) не воспроизводится по
    правилам игры (list index out of range)». A move whose data cannot be worded is named by
    whose it was; the Python error is never shown; the player is told what to do."""
    store, g = played(tmp_path)
    log = tmp_path / "games" / f"{g.id}.log"
    lines = log.read_text().splitlines()
    rec = json.loads(lines[1])
    rec["event"]["data"]["counter"] = None  # the counter's name lost: the line cannot be made
    lines[1] = json.dumps(rec, ensure_ascii=False)
    log.write_text("\n".join(lines) + "\n")
    fresh = GameStore(tmp_path)
    fresh.list()
    (w,) = fresh.warnings
    assert "сохранённый ход №2 (ход игрока Аня)" in w, w
    assert "Игра открыта после хода №1" in w and "повторите по столу" in w, w
    assert "counter.add" not in w and "None" not in w and "Error" not in w, w
