"""The home screen in a browser: deleting a saved game; the keep-awake note on plain http."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.ui.home import AWAKE_NOTE
from companion.ui.lan import lan_address
from tests.security.hosts import CODE, Host, Phone, join
from tests.ui.conftest import App, Server


@pytest.fixture
def two_games(tmp_path):
    data = tmp_path / "data"
    store = GameStore(data)
    keep = store.create("free", ["Аня", "Борис"], first_player=0).id
    drop = store.create("coup", ["Вика", "Гоша"], first_player=0).id
    srv = Server(data, [])
    yield srv, keep, drop
    srv.stop()


def test_a_saved_game_is_deleted_after_a_confirmation(browser, two_games):
    srv, keep, drop = two_games
    app = App(browser, srv).open("/")
    try:
        app.tap(f"delete-{drop}")
        app.el("delete-yes").wait_for()
        app.tap("delete-no")  # changed my mind: nothing happens
        app.page.locator('[flt-semantics-identifier="delete-yes"]').wait_for(state="detached")
        assert {s.id for s in GameStore(srv.data_dir).list()} == {keep, drop}
        app.tap(f"delete-{drop}")
        app.tap("delete-yes")
        app.wait_label("notice", "Удалено: Переворот")
        app.page.locator(f'[flt-semantics-identifier="saved-{drop}"]').wait_for(state="detached")
        app.el(f"saved-{keep}").wait_for()
        assert [s.id for s in GameStore(srv.data_dir).list()] == [keep]
        assert any((srv.data_dir / "trash").iterdir())  # moved aside, not erased
        box = app.el(f"delete-{keep}").bounding_box()
        assert box["width"] >= 48 and box["height"] >= 48
    finally:
        app.close()


def test_a_game_open_on_another_phone_is_not_deleted(browser, two_games):
    srv, keep, drop = two_games
    other = App(browser, srv).open(f"/game/{keep}")
    app = App(browser, srv).open("/")
    try:
        other.el("undo").wait_for()
        app.tap(f"delete-{keep}")
        app.tap("delete-yes")
        app.wait_label("error", "открыта на одном из устройств")
        assert keep in {s.id for s in GameStore(srv.data_dir).list()}
    finally:
        other.close()
        app.close()


def test_plain_http_on_the_lan_says_once_why_the_screen_may_go_dark(browser, tmp_path):
    address = lan_address()
    assert not address.startswith("127."), "this test needs a non-loopback interface"
    host = Host(tmp_path / "data", ["--lan", "--host", address, "--code", CODE])
    phone = Phone(browser, host, url=f"http://{address}:{host.port}")
    try:
        join(phone)
        phone.wait_label("awake-note", "https")
        assert phone.label("awake-note").startswith(AWAKE_NOTE[:40])
        phone.tap("awake-ok")
        phone.page.locator('[flt-semantics-identifier="awake-note"]').wait_for(state="detached")
        phone.page.reload()
        phone.open("/")  # rejoins by its token; the note is not shown again
        phone.el("new-game").wait_for()
        phone.el("lan-code").wait_for()
        assert phone.page.locator('[flt-semantics-identifier="awake-note"]').count() == 0
    finally:
        phone.close()
        host.stop()
