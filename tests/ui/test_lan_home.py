"""The home screen: deleting a saved game (in-process, :mod:`tests.ui.walk`), and in a browser
on the LAN, the keep-awake note on plain http."""

from __future__ import annotations

from companion.store import GameStore
from companion.table.gate import lan_address
from companion.ui.app import make_main
from companion.ui.home import AWAKE_NOTE
from companion.ui.state import Hub
from tests.security.hosts import CODE, Host, Phone, join
from tests.ui import render_tree as rt
from tests.ui.walk import Phone as WalkPhone


def _two_games(data) -> tuple[Hub, str, str]:
    """A hub on ``data`` (no settle window) with a free game to keep and a Coup game to drop."""
    hub = Hub(GameStore(data), settle=0)
    keep = hub.create("free", ["Аня", "Борис"], first_player=0).id
    drop = hub.create("coup", ["Вика", "Гоша"], first_player=0).id
    return hub, keep, drop


async def _delete(data) -> None:
    hub, keep, drop = _two_games(data)
    phone = await WalkPhone.open(hub, "/")
    await phone.tap(f"delete-{drop}")
    await phone.wait("delete-yes", "")
    await phone.tap("delete-no")  # changed my mind: nothing happens
    await phone.gone("delete-yes")
    assert {s.id for s in hub.store.list()} == {keep, drop}
    await phone.tap(f"delete-{drop}")
    await phone.tap("delete-yes")
    await phone.wait("notice", "Удалено: Переворот")
    await phone.gone(f"saved-{drop}")
    assert phone.has(f"saved-{keep}")
    assert [s.id for s in hub.store.list()] == [keep]
    assert any((data / "trash").iterdir())  # moved aside, not erased


def test_a_saved_game_is_deleted_after_a_confirmation(tmp_path, lasting_messages):
    """In-process: «Удалить» asks first; «Нет» leaves both games, «Да» deletes the game with a
    notice naming it, moved aside into the trash (the button's 48 dp: tests/ui/test_home.py)."""
    rt.run(_delete(tmp_path / "data"))


async def _open_elsewhere(data) -> None:
    hub, keep, _drop = _two_games(data)
    main = make_main(hub)
    other = await WalkPhone.open(hub, f"/game/{keep}", main=main)
    await other.wait("undo", "")
    phone = await WalkPhone.open(hub, "/", main=main)
    await phone.tap(f"delete-{keep}")
    await phone.tap("delete-yes")
    await phone.wait("error", "открыта на одном из устройств")
    assert keep in {s.id for s in hub.store.list()}


def test_a_game_open_on_another_phone_is_not_deleted(tmp_path, lasting_messages):
    """In-process, two phones on one host: a game open on one of them is not deleted from the
    other; the refusal says why and the game stays."""
    rt.run(_open_elsewhere(tmp_path / "data"))


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
