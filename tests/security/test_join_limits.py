"""The join code cannot be guessed: limits keyed on the TCP peer, and across all clients.

Raw websocket clients speak Flet's protocol to the real server process, as an attacker's
script on the same Wi-Fi would (the traffic stays on loopback addresses here).
"""

from __future__ import annotations

import pytest

from benchmarks._flet_client import FletClient, Refused
from tests.security.hosts import CODE, lan_host_at, run


@pytest.fixture
def lan_host(module_lan_host):
    """One host for the tests whose wrong codes fit in one table's allowance together: the
    forged address (5 wrong codes from 127.0.0.6) and X-Forwarded-For (5 from 127.0.0.1) lock
    out two addresses of their own and empty the table-wide bucket of 10 between them, never
    before their last code is checked; the right code comes from an address of its own (a
    newcomer: let in whatever the bucket holds). The table-wide test needs a full bucket: it
    has a host of its own (:func:`fresh_host`)."""
    return module_lan_host


@pytest.fixture
def fresh_host(tmp_path):
    with lan_host_at(tmp_path) as host:
        yield host


async def attempt(host, code: str, **kw) -> tuple[FletClient, str]:
    """One session, one code typed and submitted; returns the client and what it was told."""
    c = await FletClient.open(host.ws, host.origin, **kw)
    await c.type_into("join-code", code)
    await c.settle()
    await c.event(await c.wait_for("join"), "click")
    # told why, or let in (the home screen's «Новая игра»)
    answers = ("join-error", "join-note", "new-game")
    await c.wait_until(lambda: any(c.find(a) for a in answers), "an answer")
    error = c.find("join-error")
    return c, (error or {}).get("value", "")


def test_a_forged_client_ip_does_not_dodge_the_limit(lan_host):
    """The finding: rotating ``page.client_ip`` with one message gave unlimited attempts."""
    peer = "127.0.0.6"  # the one real address the forged ones hide

    async def main() -> None:
        for i in range(5):
            c = await FletClient.open(lan_host.ws, lan_host.origin, local_ip=peer)
            await c.props(1, {"client_ip": f"10.99.0.{i}"})  # the page is control 1
            await c.type_into("join-code", f"{i:08d}")
            await c.settle()
            await c.event(await c.wait_for("join"), "click")
            await c.wait_for("join-error")
            assert "Неверный код" in c.find("join-error")["value"]
            await c.close()
        # Straight after the lockout the real peer cannot even open a websocket (so no
        # forged address can be sent at all; issue 33: each socket cost the host a session).
        with pytest.raises(Refused):
            await FletClient.open(lan_host.ws, lan_host.origin, local_ip=peer)
        # The key is the real peer: another address is not locked out by this one.
        c, said = await attempt(lan_host, CODE, local_ip="127.0.0.5")
        assert said == ""
        await c.wait_for(f"saved-{lan_host.game_id}")
        await c.close()

    run(main())


def test_x_forwarded_for_from_loopback_is_not_trusted(lan_host):
    """uvicorn trusts X-Forwarded-For from 127.0.0.1 by default; we turned that off."""

    async def main() -> None:
        for i in range(5):
            c, said = await attempt(
                lan_host, "13572468", headers={"X-Forwarded-For": f"10.77.0.{i}"}
            )
            assert "Неверный код" in said
            await c.close()
        with pytest.raises(Refused):  # the real peer is locked out, whatever the header
            await attempt(lan_host, CODE, headers={"X-Forwarded-For": "10.77.0.99"})

    run(main())


def test_the_global_limit_holds_across_addresses(fresh_host):
    lan_host = fresh_host
    """Ten wrong codes from three addresses pause code checks for the addresses that guessed
    (even the right code is refused, and the refusal says it is table-wide and for how
    long); a fresh address is not kept out (issue 33: that locked the table)."""

    async def main() -> None:
        sent = 0
        for peer in ("127.0.0.2", "127.0.0.3", "127.0.0.4"):
            for _k in range(4):
                if sent == 10:
                    break
                c, said = await attempt(lan_host, f"{sent:08d}", local_ip=peer)
                assert "Неверный код" in said, said
                sent += 1
                await c.close()
        c, said = await attempt(lan_host, CODE, local_ip="127.0.0.4")
        assert "со всех устройств" in said and "через" in said
        assert c.find("new-game") is None
        await c.close()
        c, said = await attempt(lan_host, CODE, local_ip="127.0.0.9")
        assert said == ""
        await c.close()

    run(main())


def test_the_right_code_lets_a_player_in(lan_host):
    async def main() -> None:
        # spaces as read aloud are fine (an address of its own: the module's host has locked
        # out 127.0.0.1 when the X-Forwarded-For test ran first)
        c, said = await attempt(lan_host, "2468 1012", local_ip="127.0.0.11")
        assert said == ""
        await c.wait_for(f"saved-{lan_host.game_id}")
        await c.close()

    run(main())
