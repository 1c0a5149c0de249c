"""The journal screen in Chromium: lazy, newest first, filters, frozen while another phone
plays, 48 dp header, exports that reach the device that asked (a browser download)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.store import GameStore
from companion.ui.app import make_main
from tests.ui import render_tree as rt
from tests.ui.conftest import App, Server
from tests.ui.walk import Phone, new_hub

CODE = "13579086"


def long_game(data, moves: int = 400) -> str:
    """A free game of ``moves`` events (Аня, Борис, Вика), written through the store API."""
    store = GameStore(data)
    g = store.create("free", ["Аня", "Борис", "Вика"], first_player=0)
    journal, g.game.journal = g.game.journal, None
    for i in range(moves):
        if i % 5 == 4:
            g.game.push("turn.next", author="Вика")
        else:
            g.game.push("counter.add", {"player": i % 3, "counter": "ПО", "delta": 1})
    g.game.journal = journal
    g.compact()
    return g.id


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """One host for the module's two tests on a 400-move game (they only read it)."""
    data = tmp_path_factory.mktemp("big") / "data"
    gid = long_game(data)
    srv = Server(data)
    yield srv, gid
    srv.stop()


def test_long_journal_is_built_a_page_at_a_time_newest_first(browser, big):
    srv, gid = big
    app = App(browser, srv).open(f"/game/{gid}/log")
    try:
        app.wait_label("log-400", "Ход переходит к")
        app.wait_label("log-399", "Вика: ПО +1")
        # only a page is built: the oldest lines are not on the device at all
        assert app.page.locator('[flt-semantics-identifier="log-1"]').count() == 0
        for ident in ("back-to-game", "log-refresh", "export-json", "export-text"):
            box = app.el(ident).bounding_box()
            assert box["width"] >= 48 and box["height"] >= 48, (ident, box)
        app.shot(str(srv.data_dir.parent / "journal-390.png"))
        app.choose("log-player", "Борис")  # a filter picked in Chromium's own dropdown
        app.el("log-400").wait_for(state="detached")  # Вика's turn change is not Борис's
        app.wait_label("log-398", "Борис: ПО +1")
    finally:
        app.close()


async def _filters(data) -> None:
    gid = long_game(data)
    phone = await Phone.open(new_hub(data), f"/game/{gid}/log")
    await phone.wait("log-400", "Ход переходит к")
    assert not phone.has("log-1")  # only a page is built
    await phone.pick("log-player", "Борис")
    await phone.gone("log-400")  # Вика's turn change is not Борис's
    await phone.wait("log-398", "Борис: ПО +1")
    assert not phone.has("log-399")
    await phone.pick("log-player", "Все игроки")
    await phone.wait("log-399", "Вика: ПО +1")
    await phone.pick("log-kind", "Ходы")
    await phone.gone("log-399")
    await phone.wait("log-400", "Ход переходит к")
    await phone.wait("log-395", "Ход переходит к")
    assert not phone.has("log-398")


def test_the_journals_filters_by_player_and_by_kind(tmp_path, lasting_messages):
    """The journal of a 400-move game, in-process: a player's filter keeps that player's
    moves, «Все игроки» brings every line back, «Ходы» keeps the turn changes only."""
    rt.run(_filters(tmp_path / "d"))


def test_export_arrives_as_a_download_and_a_host_copy_for_a_player(browser, big):
    srv, gid = big
    app = App(browser, srv).open(f"/game/{gid}/log")
    try:
        app.el("log-400").wait_for()
        with app.page.expect_download() as info:
            app.tap("export-json")
        download = info.value
        assert download.suggested_filename == f"{gid}.json"
        exported = json.loads(Path(download.path()).read_text(encoding="utf-8"))
        assert exported["id"] == gid and len(exported["events"]) == 400
        app.wait_label("log-message", f"{gid}.json")
        assert (srv.data_dir / "exports" / f"{gid}.json").exists()
        with app.page.expect_download() as info:
            app.tap("export-text")
        text = Path(info.value.path()).read_text(encoding="utf-8")
        assert text.startswith("Свободный счёт") and "#400" in text
    finally:
        app.close()


@pytest.fixture
def lan(tmp_path):
    data = tmp_path / "data"
    gid = long_game(data, 30)
    srv = Server(data, ["--lan", "--host", "127.0.0.1", "--code", CODE])
    yield srv, gid
    srv.stop()


def join(browser, srv, role: str = "player", name: str = "") -> App:
    a = App(browser, srv).open("/")
    a.fill("join-code", CODE)
    if name:
        a.fill("join-name", name)
        a.wait_label("join", f"Войти как {name}")
    if role == "spectator":
        a.page.get_by_role("radio", name="Зритель").click()
    a.tap("join")
    a.el("new-game").wait_for()
    return a


async def _stays_put(data) -> None:
    gid = long_game(data, 30)
    hub = new_hub(data)
    main = make_main(hub)
    reader = await Phone.open(hub, f"/game/{gid}/log", main=main)
    player = await Phone.open(hub, f"/game/{gid}", main=main)
    await reader.wait("log-30", "Ход переходит")
    await player.tap("val-p0-c0-plus")
    await reader.wait("log-title", "новых: 1")
    assert not reader.has("log-31")  # the list did not move: the new line waits to be asked
    await reader.tap("log-refresh")
    await reader.wait("log-31", "Аня: ПО +1")


def test_journal_stays_put_while_another_phone_plays(tmp_path, lasting_messages):
    """Two phones on one host, in-process: the journal open on one says how many lines are
    new when the other plays, but shows them only when asked (a list that grew under the
    reader's finger moved what they were reading)."""
    rt.run(_stays_put(tmp_path / "d"))


def test_a_spectator_gets_the_export_as_a_download_only(browser, lan):
    """Table mode: a spectator's export reaches their own device as a download and never
    writes on the host."""
    srv, gid = lan
    reader = join(browser, srv, role="spectator")
    try:
        reader.tap(f"saved-{gid}")
        reader.tap("open-log")
        reader.wait_label("log-30", "Ход переходит")
        with reader.page.expect_download() as info:
            reader.tap("export-json")
        assert json.loads(Path(info.value.path()).read_text(encoding="utf-8"))["id"] == gid
        assert not (srv.data_dir / "exports").exists()  # a spectator never writes on the host
    finally:
        reader.close()
