"""Issue #30: a journal export holds what the journal's filter shows, and the host computer's
path is named only on the host (a phone got «копия на компьютере: /tmp/…», cut without «…»)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from companion.store import GameStore
from companion.store.export import export_bytes
from tests.ui.conftest import App, Server
from tests.ui.test_journal import CODE, long_game

SHOTS = os.environ.get("FIX30_SHOTS")  # a folder: the phone's journal after the export
LAN_IP = "192.0.2.2"  # this machine's own non-loopback address: a phone's view of the host


def test_a_filtered_export_holds_only_the_filtered_lines(tmp_path):
    """The store's export of a chosen part of the log: those lines, the filter named."""
    data = tmp_path / "data"
    gid = long_game(data, 10)
    stored = GameStore(data).open(gid)
    log = [pair for pair in stored.game.log() if pair[1].startswith("Борис")]
    name, body = export_bytes(stored, "text", log, "игрок Борис")
    text = body.decode("utf-8")
    assert name == f"{gid}-отбор.txt"
    assert "Отбор журнала: игрок Борис" in text
    lines = [line for line in text.splitlines() if re.search(r"#\d+", line)]
    assert lines and all("Борис" in line for line in lines)
    assert len(lines) == len(log)


def test_the_host_exports_what_it_filtered_and_sees_its_own_copy(browser, tmp_path):
    data = tmp_path / "data"
    gid = long_game(data, 30)
    srv = Server(data)
    app = App(browser, srv).open(f"/game/{gid}/log")
    try:
        app.wait_label("log-30", "Ход переходит")
        app.choose("log-player", "Борис")
        app.el("log-30").wait_for(state="detached")
        with app.page.expect_download() as info:
            app.tap("export-text")
        text = Path(info.value.path()).read_text(encoding="utf-8")
        lines = [line for line in text.splitlines() if re.search(r"#\d+", line)]
        assert "Отбор журнала: игрок Борис" in text
        assert lines and all("Борис" in line for line in lines), lines
        assert len(lines) == 8  # Борис's 8 steps of 30 moves; the turns are Вика's
        app.wait_label("log-message", "копия на компьютере")
        assert str(data / "exports") in app.label("log-message")
    finally:
        app.close()
        srv.stop()


@pytest.fixture
def lan_on_eth(tmp_path):
    data = tmp_path / "data"
    gid = long_game(data, 30)
    srv = Server(data, ["--lan", "--host", "0.0.0.0", "--code", CODE])
    srv.url = f"http://{LAN_IP}:{srv.port}"
    yield srv, gid
    srv.stop()


def test_a_phone_gets_the_download_and_no_host_path(browser, lan_on_eth):
    srv, gid = lan_on_eth
    phone = App(browser, srv)
    phone.context.unroute("**/*")  # the host's LAN address is this phone's only server
    try:
        phone.open("/")
        phone.fill("join-code", CODE)
        phone.fill("join-name", "Борис")
        phone.tap("join")
        phone.el("new-game").wait_for()
        phone.open(f"/game/{gid}/log")
        phone.wait_label("log-30", "Ход переходит")
        with phone.page.expect_download() as info:
            phone.tap("export-text")
        assert info.value.suggested_filename == f"{gid}.txt"
        phone.wait_label("log-message", "отправлен на это устройство")
        said = phone.label("log-message")
        assert "компьютере" not in said and str(srv.data_dir) not in said, said
        if SHOTS:
            phone.shot(f"{SHOTS}/fix30-journal-export-phone.png")
        assert (srv.data_dir / "exports" / f"{gid}.txt").exists()  # a player's host copy
    finally:
        phone.close()
