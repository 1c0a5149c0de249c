"""Phones come back without the code; https for keep-awake (real Chromium, real restarts)."""

from __future__ import annotations

import ssl

import pytest

from benchmarks._flet_client import FletClient
from companion.store import GameStore
from tests.security.hosts import CODE, Host, Phone, join, lan_host_at, run


@pytest.fixture
def lan_host(tmp_path):
    with lan_host_at(tmp_path) as host:
        yield host


async def boris_moves(host: Host, gid: str) -> None:
    """Борис joins with the code from a raw client and adds 1 VP for Аня."""
    c = await FletClient.open(host.ws, host.origin, route=f"/game/{gid}")
    await c.type_into("join-code", CODE)
    await c.settle()
    await c.event(await c.wait_for("join", timeout=60), "click")
    await c.event(await c.wait_for("val-p0-c0-plus", timeout=60), "click")
    await c.settle()
    await c.close()


#: Seconds a phone may take to reconnect by itself to a restarted host: Flet's web client
#: retries with a growing pause, and a loaded machine restarts the host slowly (a CI run saw no
#: reconnect within 120 s once in four runs; the cause was not found).
RECONNECT_SECONDS = 240


@pytest.mark.timeout(900)
def test_a_phone_rejoins_its_game_in_its_role_after_the_host_drops_the_session(browser, lan_host):
    """Two phones (a player, a spectator) come back in their roles by themselves after the
    host restarts; a restart with a new code asks for the code again; and when the host stops,
    the page's reconnect message is Russian («Связь с ведущим»)."""
    gid = lan_host.game_id
    anna, vika = Phone(browser, lan_host), Phone(browser, lan_host)
    try:
        join(anna, "player", "Аня")
        join(vika, "spectator", "Вика")
        anna.tap(f"saved-{gid}")
        anna.wait_label("val-p0-c0", "3")
        vika.tap(f"saved-{gid}")
        vika.wait_label("val-p0-c0", "3")
        anna.mark_document()
        vika.mark_document()
        lan_host.restart()  # every Flet session is gone with the old process
        # A third device moves on the new host: both phones show it only once they have
        # reconnected by themselves (no code typed), subscribed to the game again. Each page
        # reloads itself once the host answers (webserver.RELOAD_ON_RECONNECT).
        run(boris_moves(lan_host, gid))
        try:
            anna.wait_reloaded(RECONNECT_SECONDS * 1000)
            anna.wait_label("val-p0-c0", "4", timeout=RECONNECT_SECONDS * 1000)
        except AssertionError:
            anna.page.screenshot(path=str(lan_host.data_dir.parent / "anna-after-restart.png"))
            raise
        vika.wait_reloaded(RECONNECT_SECONDS * 1000)
        vika.wait_label("val-p0-c0", "4", timeout=RECONNECT_SECONDS * 1000)
        anna.tap("val-p0-c0-plus")  # still a player
        vika.wait_label("val-p0-c0", "5")
        events = GameStore(lan_host.data_dir).open(gid).game.events
        assert [(e.type, e.author) for e in events][-1] == ("counter.add", "Аня")
        vika.tap("val-p0-c0-plus")  # still a spectator
        vika.wait_label("error", "зритель")
        assert len(GameStore(lan_host.data_dir).open(gid).game.events) == 3
        # A new document (a new session on the same host) needs no code either.
        anna.open(f"/game/{gid}")
        anna.wait_label("val-p0-c0", "5")
        # A restart with a new code revokes every token: the code is asked again. The page
        # reloads itself once the host answers (a goto sent meanwhile was cut short by that
        # reload: «navigation interrupted», seen under load); then it opens the home screen.
        anna.mark_document()
        lan_host.restart(["--lan", "--host", "127.0.0.1", "--code", "97531864"])
        anna.wait_reloaded(RECONNECT_SECONDS * 1000)
        anna.open("/")
        anna.el("join-code").wait_for()
        assert anna.page.locator('[flt-semantics-identifier^="saved-"]').count() == 0

        # The reconnect message is Russian (was ``test_the_reconnect_message_is_russian``, a
        # host and a page of its own): the host stops, and the page says so.
        lan_host.stop()
        anna.page.wait_for_function(
            "() => document.body.innerText.includes('Связь с ведущим') ||"
            " Array.from(document.querySelectorAll('[aria-label]'))"
            ".some(e => e.getAttribute('aria-label').includes('Связь с ведущим'))",
            timeout=30_000,
        )
        anna.shot(str(lan_host.data_dir.parent / "reconnect.png"))
    finally:
        anna.close()
        vika.close()


@pytest.fixture
def https_host(tmp_path):
    data = tmp_path / "data"
    g = GameStore(data).create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    host = Host(data, ["--lan", "--host", "127.0.0.1", "--code", CODE, "--https"])
    host.game_id = g.id
    yield host
    host.stop()


def test_https_serves_the_local_certificate_and_a_phone_plays(browser, https_host):
    from companion.table.https import fingerprint

    cert = https_host.data_dir / "tls" / "cert.pem"
    fp = fingerprint(cert)
    assert fp in https_host.log.read_text().replace("\n", ":")  # printed for the table
    # The certificate the server presents is the one on disk (checked against it as CA).
    ctx = ssl.create_default_context(cafile=str(cert))
    with (
        ssl.create_connection(("127.0.0.1", https_host.port)) as raw,
        ctx.wrap_socket(raw, server_hostname="127.0.0.1") as tls,
    ):
        assert tls.getpeercert(binary_form=True)
    phone = Phone(browser, https_host, https=True)
    try:
        join(phone)
        phone.wait_label("tls-fingerprint", fp)
        assert phone.page.evaluate("() => window.isSecureContext")
        phone.shot(str(https_host.data_dir.parent / "https-home.png"))
        phone.tap(f"saved-{https_host.game_id}")
        phone.wait_label("val-p0-c0", "3")
        phone.tap("val-p0-c0-plus")
        phone.wait_label("val-p0-c0", "4")
    finally:
        phone.close()
    assert len(GameStore(https_host.data_dir).open(https_host.game_id).game.events) == 2

    async def foreign() -> None:  # the origin check holds on https too
        from benchmarks._flet_client import Refused

        with pytest.raises(Refused):
            await FletClient.open(https_host.ws, "https://evil.example", ssl=ctx)

    run(foreign())
