"""Settings → «Загрузить игру из файла» in Chromium: a game exported on another device opens
here and plays on; a file that is no export is refused with a Russian message naming it."""

from __future__ import annotations

from companion.store import GameStore
from companion.store.export import export_bytes


def _pick(app, path) -> None:
    with app.page.expect_file_chooser() as chooser:
        app.tap("import-game")
    chooser.value.set_files(str(path))


def test_a_game_from_another_device_opens_and_a_bad_file_is_refused(app, server, tmp_path):
    elsewhere = GameStore(tmp_path / "other-phone")
    g = elsewhere.create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    name, data = export_bytes(g, "json")
    good = tmp_path / name
    good.write_bytes(data)
    bad = tmp_path / "notes.json"
    bad.write_text('{"hello": 1}')

    app.open("/settings")
    _pick(app, bad)
    app.wait_label("error", "«notes.json» — не выгрузка игры")
    assert GameStore(server.data_dir).ids() == []

    _pick(app, good)
    app.wait_label("val-p0-c0", "3")
    assert GameStore(server.data_dir).ids() == [g.id]
    app.tap("val-p0-c0-plus")
    app.wait_label("val-p0-c0", "4")
