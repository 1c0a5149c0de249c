"""«Игроки» (issue 32): the roster renamed and merged at the table and «Статистика» counting
the merged player's games together, and what a spectator may do, in-process
(:mod:`tests.ui.walk`); the landscape phone, the browser's file dialog and downloads in
Chromium."""

from __future__ import annotations

import json
import os
import time

from companion.store import GameStore
from companion.store.backup import backup_json
from companion.store.roster import Roster
from companion.table import gate as lan
from tests.store.test_history import Clock, play
from tests.ui import render_tree as rt
from tests.ui.conftest import App
from tests.ui.walk import Phone, join, new_hub, table_main

#: Where the screenshots go when ``SHOTS`` names a folder (read by a person, not asserted).
SHOTS = os.environ.get("SHOTS")


def roster_names(data_dir, want: list[str], timeout: float = 15.0) -> list[str]:
    """The roster's names once they are ``want`` (or the timeout passed)."""
    deadline = time.monotonic() + timeout
    while True:
        names = [p.name for p in Roster(data_dir).players()]
        if names == want or time.monotonic() > deadline:
            return names
        time.sleep(0.1)


def three_games(data_dir) -> None:
    """Аня beats Боря, Борис beats Аня, Боря beats Аня; «Боря» is Борис typed otherwise."""
    roster = Roster(data_dir)
    for name, color in (("Аня", "#E53935"), ("Боря", "#1E88E5"), ("Борис", "#43A047")):
        roster.add(name, color)
    clock = Clock()
    store = GameStore(data_dir, clock=clock)
    play(store, clock, ["Аня", "Боря"], [2, 1])
    play(store, clock, ["Аня", "Борис"], [1, 3])
    play(store, clock, ["Аня", "Боря"], [1, 2])


async def _rename_and_merge(data) -> None:
    three_games(data)
    phone = await Phone.open(new_hub(data), "/stats")
    await phone.wait("player-stats-Боря", "Боря: 1 из 2 (50%)")
    await phone.tap("tab-players")
    await phone.wait("roster-Боря", "Боря, партий: 2")

    # a taken name is refused, naming the field, and nothing changes
    await phone.tap("rename-Аня")
    await phone.type("name-Аня", "борис")
    await phone.tap("save-Аня")
    await phone.wait("refusal-Аня", "Имя игрока: «борис» уже есть в списке (Борис).")
    assert [p.name for p in Roster(data).players()] == ["Аня", "Боря", "Борис"]

    await phone.type("name-Аня", "Анна")
    await phone.tap("save-Аня")
    await phone.wait("roster-Анна", "Анна, партий: 3; ещё звали: Аня")
    assert [p.name for p in Roster(data).players()] == ["Анна", "Боря", "Борис"]

    await phone.tap("merge-Боря")
    await phone.tap("same-Борис")
    await phone.tap("merge-yes")
    await phone.wait("roster-Борис", "Борис, партий: 3; ещё звали: Боря")
    assert [p.name for p in Roster(data).players()] == ["Анна", "Борис"]
    assert Roster(data).find("Боря").name == "Борис"

    await phone.tap("tab-stats")
    await phone.wait("player-stats-Борис", "Борис: 2 из 3 (67%)")
    await phone.wait("player-stats-Анна", "Анна: 1 из 3 (33%)")


def test_rename_and_merge_then_statistics_count_the_merged_games(tmp_path, lasting_messages):
    """«Игроки», in-process: a name already in the roster is refused naming the field and
    nothing changes; a rename keeps the old name as «ещё звали»; «Боря» merged into «Борис»
    brings his games along, and «Статистика» counts them together."""
    data = tmp_path / "d"
    data.mkdir()
    rt.run(_rename_and_merge(data))


def pick(app: App, path) -> None:
    """Tap «Загрузить резервную копию» and choose ``path`` in the browser's file dialog."""
    with app.page.expect_file_chooser() as chooser:
        app.tap("import-json")
    chooser.value.set_files(str(path))


def test_players_reached_from_history_on_a_landscape_phone(browser, server, tmp_path):
    """844×390: «История» → «Игроки»; a colour changed, a player removed after the question,
    the backup downloaded, a backup loaded back and a broken file refused."""
    three_games(server.data_dir)
    saved = backup_json(GameStore(server.data_dir), Roster(server.data_dir))
    app = App(browser, server, 844, 390)
    try:
        app.open("/history")
        app.tap("tab-players")
        app.wait_label("roster-Боря", "Боря, партий: 2")
        app.tap("recolor-Боря")  # blue → the palette's next colour no one has: yellow
        app.wait_label("recolor-Боря", "#FDD835")
        assert Roster(server.data_dir).find("Боря").color == "#FDD835"
        app.tap("remove-Боря")
        app.tap("remove-yes")
        assert roster_names(server.data_dir, ["Аня", "Борис"]) == ["Аня", "Борис"]
        app.wait_label("files-notice", "Убран из списка: Боря")
        # a backup made before the removal: its games are here already, Боря comes back
        backup = tmp_path / "before.json"
        backup.write_text(json.dumps(saved, ensure_ascii=False), encoding="utf-8")
        pick(app, backup)
        app.wait_label("files-notice", "уже были: 3; новых игроков в списке: 1")
        assert roster_names(server.data_dir, ["Аня", "Борис", "Боря"]) == ["Аня", "Борис", "Боря"]
        broken = tmp_path / "broken.json"
        broken.write_text("{ not json", encoding="utf-8")
        pick(app, broken)
        app.wait_label("files-notice", "broken.json: Это не резервная копия")
        app.tap("export-json")
        app.wait_label("files-notice", "отправлен на это устройство")
        if SHOTS:
            app.shot(f"{SHOTS}/players-844x390.png")
    finally:
        app.close()


async def _spectator(data) -> None:
    hub = new_hub(data)
    viewer = await join(hub, table_main(hub), role="spectator")
    await viewer.tap("open-stats")
    await viewer.tap("tab-players")
    await viewer.wait("roster-Боря", "Боря, партий: 2")
    assert viewer.tappable("export-csv")
    for ident in ("rename-Аня", "merge-Аня", "remove-Аня", "import-json"):
        assert not viewer.has(ident), ident
    assert viewer.has("recolor-Аня") and not viewer.tappable("recolor-Аня")  # shown, disabled
    assert Roster(data).find("Аня").color == "#E53935"


def test_a_spectator_sees_the_list_but_changes_nothing(tmp_path, monkeypatch):
    """Table mode, in-process: the roster is shared, so a spectator gets no rename, merge,
    remove or import, and the colour is shown but takes no tap; the downloads stay."""
    monkeypatch.setattr(lan, "READ_TOKEN_SECONDS", 0.05)  # no browser here to answer
    data = tmp_path / "data"
    data.mkdir()
    three_games(data)
    rt.run(_spectator(data))
