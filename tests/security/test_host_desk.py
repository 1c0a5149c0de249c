"""The host lets a phone in with one tap and revokes one phone from its list (issue 33: «the
host can always let a phone in», «tokens … can be revoked one by one from the host's list of
joined devices»). Real server, raw websocket protocol; the host is the session on a loopback
address (``security.on_host``), a phone elsewhere is one on the machine's other address."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator
from typing import Any

import msgpack
import pytest

from benchmarks._flet_client import FletClient
from companion.table.gate import TOKEN_KEY
from companion.table.hall import MAX_KNOCKS, Hall
from tests.security.hosts import CODE, Host, run
from tests.security.test_join_limits import attempt


@pytest.fixture(scope="module")
def lan_host(tmp_path_factory) -> Iterator[Host]:
    """One ``companion --lan`` on every address (``0.0.0.0``: a phone on the machine's other
    address is not on the host) for the module's live tests: a host takes seconds to start.
    Each test knocks and joins under names and addresses of its own, so no row another test
    left on the host's lists can answer for it; «Новый код» (which sends everyone back)
    runs last."""
    from companion.store import GameStore

    data = tmp_path_factory.mktemp("desk") / "data"
    GameStore(data)
    host = Host(data, ["--lan", "--host", "0.0.0.0", "--code", CODE])
    try:
        yield host
    finally:
        host.stop()


REFUSED = (
    "Ведущий не впустил это устройство (или запрос устарел). Можно ввести код или попросить снова."
)
PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile"


def words(c: FletClient, ident: str) -> str:
    """Every text under the control tagged ``ident`` (following children by id)."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "_i" in node:
                if node["_i"] in seen:
                    return
                seen.add(node["_i"])
                node = {**node, **c.controls.get(node["_i"], {})}
            for k, v in node.items():
                if k in ("value", "text") and isinstance(v, str):
                    out.append(v)
                else:
                    walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(c.find(ident))
    return "\n".join(out)


async def join_as(host: Host, name: str, **kw: Any) -> FletClient:
    c = await FletClient.open(host.ws, host.origin, **kw)
    await c.type_into("join-name", name)
    await c.type_into("join-code", CODE)
    await c.settle()
    await c.event(await c.wait_for("join"), "click")
    # generous: a join right after a burst of knocks took over 15 s once on a loaded machine
    await c.wait_for("new-game", timeout=40)
    return c


async def knock(host: Host, name: str, ip: str) -> FletClient:
    c = await FletClient.open(host.ws, host.origin, local_ip=ip, headers={"User-Agent": PHONE})
    await c.type_into("join-name", name)
    await c.settle()
    await c.event(await c.wait_for("ask-host"), "click")
    await c.wait_for("join-note")
    return c


def rows(c: FletClient, prefix: str) -> dict[str, str]:
    """The rows tagged ``prefix-ID`` the client was sent: ID → their words. Rows are keyed by
    their request or token, so each arrives whole when it first shows."""
    found = {}
    for ctl in list(c.controls.values()):
        ident = ctl.get("identifier")
        if ctl.get("_c") == "Semantics" and str(ident).startswith(prefix + "-"):
            found[str(ident)[len(prefix) + 1 :]] = words(c, str(ident))
    return found


async def row_of(c: FletClient, prefix: str, text: str) -> str:
    """The id of the row ``prefix-ID`` that shows ``text`` (waits for it)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + 20
    while loop.time() < end:
        for ident, said in rows(c, prefix).items():
            if text in said:
                return ident
        c.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(c.changed.wait(), 0.5)
    raise AssertionError(f"no {prefix} row shows {text!r}: {rows(c, prefix)}")


def test_the_host_lets_a_phone_in_with_one_tap_and_a_flood_of_requests_stays_capped(lan_host):
    async def main() -> None:
        host = await join_as(lan_host, "Ведущий")
        await host.wait_for("host-desk")
        flood = [await knock(lan_host, f"Спам{i}", f"127.0.1.{i}") for i in range(MAX_KNOCKS + 2)]
        vera = await knock(lan_host, "Вера", "127.0.0.7")
        i = await row_of(host, "knock", "Просит войти: Вера")
        # the list keeps the newest few, one per address: never more rows than the cap (a
        # host screen opened now is sent exactly the rows there are)
        fresh = await join_as(lan_host, "Ведущий")
        await fresh.wait_for("host-desk")
        await fresh.settle()
        assert len(rows(fresh, "knock")) == MAX_KNOCKS
        assert "Спам0" not in "".join(rows(fresh, "knock").values())
        await fresh.close()
        # a request pushed out of the list is told so
        await flood[0].wait_string(REFUSED)
        assert vera.find("new-game") is None  # not in before the host says so
        await host.event(await host.wait_for(f"admit-{i}"), "click")
        await vera.wait_for("new-game", timeout=20)  # in, with no code typed
        await vera.settle()
        assert vera.find("role") is None  # as a player
        token = vera.prefs.get(TOKEN_KEY)
        assert token  # and it got a rejoin token as if it had typed the code
        await row_of(host, "device", "Вера — игрок")
        await vera.close()
        back = await FletClient.open(
            lan_host.ws, lan_host.origin, local_ip="127.0.0.7", headers={"User-Agent": PHONE}
        )
        back.prefs[TOKEN_KEY] = token
        await back.wait_for("new-game")
        for c in (*flood, back, host):
            await c.close()

    run(main())


def test_a_declined_phone_stays_out_and_is_told(lan_host):
    async def main() -> None:
        host = await join_as(lan_host, "Ведущий")
        gleb = await knock(lan_host, "Глеб", "127.0.0.9")
        i = await row_of(host, "knock", "Просит войти: Глеб")
        await host.event(await host.wait_for(f"decline-{i}"), "click")
        await gleb.wait_string(REFUSED)
        assert gleb.find("new-game") is None
        for c in (gleb, host):
            await c.close()

    run(main())


def test_a_revoked_phone_is_put_back_at_once_and_its_token_no_longer_gets_in(lan_host):
    async def main() -> None:
        host = await join_as(lan_host, "Ведущий")
        vera = await join_as(lan_host, "Варя", local_ip="127.0.0.17", headers={"User-Agent": PHONE})
        await vera.settle()
        token = vera.prefs.get(TOKEN_KEY)
        assert token
        i = await row_of(host, "device", "Варя — игрок")
        await host.event(await host.wait_for(f"revoke-{i}"), "click")
        await vera.settle()
        vera.controls.clear()  # the join screen it was sent before it joined is gone
        await host.event(await host.wait_for("revoke-yes"), "click")
        # the phone, still connected, is back on the join screen without reloading
        await vera.wait_for("join-code", timeout=20)
        await vera.close()
        back = await FletClient.open(
            lan_host.ws, lan_host.origin, local_ip="127.0.0.17", headers={"User-Agent": PHONE}
        )
        back.prefs[TOKEN_KEY] = token
        await back.wait_for("join-code")
        await back.settle()
        assert back.find("new-game") is None
        # the host itself is still in: one phone was revoked, not everyone
        await host.settle()
        assert host.find("new-game") is not None
        for c in (back, host):
            await c.close()

    run(main())


def _other_address() -> str | None:
    """This machine's non-loopback IPv4 address, or ``None``."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.254", 9))
        ip = str(s.getsockname()[0])
        return None if ip.startswith("127.") else ip
    return None


def test_a_phone_even_a_player_cannot_admit_or_revoke(lan_host):
    """A player's phone (not on the host) gets none of the host's controls, and events aimed at
    the host's control ids from its own session change nothing."""
    ip = _other_address()
    if ip is None:
        pytest.skip("no non-loopback address on this machine")

    async def main() -> None:
        host = await join_as(lan_host, "Ведущий")
        url = f"ws://{ip}:{lan_host.port}/ws"
        origin = f"http://{ip}:{lan_host.port}"
        phone = await FletClient.open(url, origin, local_ip=ip)
        await phone.type_into("join-name", "Пётр")
        await phone.type_into("join-code", CODE)
        await phone.settle()
        await phone.event(await phone.wait_for("join"), "click")
        await phone.wait_for("new-game")
        await phone.settle()
        assert phone.find("role") is None  # a player
        for tag in ("host-desk", "new-code", "revoke-0", "admit-0"):
            assert phone.find(tag) is None, tag
        gleb = await knock(lan_host, "Гоша", "127.0.0.19")
        k = await row_of(host, "knock", "Просит войти: Гоша")
        d = await row_of(host, "device", "Пётр — игрок")
        for tag in (f"admit-{k}", f"revoke-{d}", "new-code"):
            await phone.event((await host.wait_for(tag))["_i"], "click")
        await phone.settle()
        await host.settle()
        assert gleb.find("new-game") is None
        assert host.find(f"knock-{k}") is not None
        assert phone.find("new-game") is not None
        assert host.find("new-code-yes") is None and host.find("revoke-yes") is None
        for c in (gleb, phone, host):
            await c.close()

    run(main())


def test_a_new_code_sends_everyone_back(lan_host):
    async def main() -> None:
        host = await join_as(lan_host, "Ведущий")
        vera = await join_as(lan_host, "Вера", local_ip="127.0.0.7")
        await host.event(await host.wait_for("new-code"), "click")
        yes = await host.wait_for("new-code-yes")
        for c in (host, vera):  # from here on, only what is sent anew
            await c.settle()
            c.controls.clear()
        await host.event(yes, "click")
        await vera.wait_for("join-code", timeout=20)
        # the host stays in, and its screen shows the new code to read out
        await host.settle()
        assert host.find("join-code") is None and host.find("rejoin-wait") is None
        new = lan_host_gate_code(host)
        assert new != CODE
        c, said = await attempt(lan_host, CODE, local_ip="127.0.0.8")
        assert "Неверный код" in said  # the old code no longer opens the table
        d, said = await attempt(lan_host, new, local_ip="127.0.0.9")
        assert said == ""
        await d.wait_for("new-game")
        await d.close()
        for x in (c, vera, host):
            await x.close()

    run(main())


def lan_host_gate_code(c: FletClient) -> str:
    """The code the client was last sent on the join card (its label is the bare digits)."""
    digits = [s for s in c.strings if s.isdigit() and len(s) == len(CODE) and s != CODE]
    assert len(digits) == 1, digits
    return digits[0]


def test_the_list_keeps_the_newest_requests_one_per_address() -> None:
    hall = Hall(clock=lambda: 0.0)
    told: list[tuple[str, bool]] = []
    for i in range(MAX_KNOCKS + 3):
        hall.knock(f"10.0.0.{i}", f"n{i}", "", lambda ok, i=i: told.append((f"n{i}", ok)))
    hall.knock("10.0.0.7", "again", "", lambda ok: told.append(("again", ok)))
    names = [k.name for k in hall.knocks()]
    assert names[0] == "again" and len(names) == MAX_KNOCKS
    assert [k.peer for k in hall.knocks()].count("10.0.0.7") == 1
    assert ("n0", False) in told and ("n7", False) in told  # pushed out, replaced: told


def test_a_session_sent_back_to_the_join_screen_is_budgeted_as_before_the_join() -> None:
    """A revoked phone's websocket stays open; from then on it gets the join screen's small
    allowance again, not the joined one."""
    from companion.table import budget

    class Model:  # what budget.register reads of an AppModel (kept weakly)
        lan, joined = object(), True

    model = Model()
    budget.register("s-revoked", model)
    b = budget.Budget(lan=True, clock=lambda: 0.0, session_id="s-revoked")
    frame = b"\x00" + msgpack.packb([3, {"target": 1, "name": "click"}])
    assert all(b.take(frame)[0] is None for _ in range(budget.PRE_JOIN_BURST + 10))
    model.joined = False
    problems = [b.take(frame)[0] for _ in range(budget.PRE_JOIN_BURST + 1)]
    assert problems[-1] is not None and "before the join" in problems[-1]


def test_a_new_code_outlasts_a_restart_with_the_old_fixed_code(tmp_path) -> None:
    """«Новый код», then the host restarts with its fixed ``--code``: the phones that were
    on the list do not come back with their old tokens."""
    from companion.table.gate import LanGate

    path, secret = tmp_path / "revoked-tokens.json", b"k" * 32
    gate = LanGate(CODE, "http://x", secret=secret, revoked=path)
    token = gate.tokens.issue("player", "Вера", PHONE)
    gate.joined(token, "10.0.0.5", PHONE)
    assert gate.renew() != CODE and not gate.devices
    again = LanGate(CODE, "http://x", secret=secret, revoked=path)
    assert again.tokens.verify(token, PHONE) is None
