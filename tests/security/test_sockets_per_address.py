"""One address cannot hold many websockets (issue 33, finding 1: a socket is a session).

Each address may keep :data:`~companion.table.budget.PEER_PRE_JOIN_SOCKETS` websockets whose
sessions have not joined, and :data:`~companion.table.budget.PEER_SOCKETS` in all; one more is
refused at the handshake (HTTP 403), before the app makes a session for it. Raw clients speak
Flet's protocol to the real server, each from an address of its own (127.0.0.x).
"""

from __future__ import annotations

import asyncio

import pytest

from benchmarks._flet_client import FletClient, Refused
from companion.table.budget import (
    ABUSE_COOLDOWN,
    ABUSE_COOLDOWN_MAX,
    ABUSE_FORGET,
    ABUSER_SOCKETS_RATE,
    PEER_PRE_JOIN_SOCKETS,
    PEER_SOCKETS,
    Budget,
    PeerSockets,
    register,
)
from tests.security.hosts import CODE, run
from tests.security.test_host_desk import join_as


async def reopen(host, ip: str, timeout: float = 20) -> FletClient:
    """A socket from ``ip`` once the server has counted a closed one out (the close reaches
    it a moment after the client's)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        try:
            return await FletClient.open(host.ws, host.origin, local_ip=ip)
        except Refused:
            if loop.time() > end:
                raise
            await asyncio.sleep(0.1)


def test_one_address_holds_a_few_join_screens_and_a_phone_elsewhere_still_gets_in(lan_host):
    """127.0.0.5 opens join screens until refused: exactly
    :data:`~companion.table.budget.PEER_PRE_JOIN_SOCKETS` get in, the next gets 403 (no
    session is made for it). Meanwhile a phone on 127.0.0.6 opens the page and joins. When one
    of the five closes, 127.0.0.5 may open one again."""

    async def main() -> None:
        held = []
        for _k in range(PEER_PRE_JOIN_SOCKETS):
            c = await FletClient.open(lan_host.ws, lan_host.origin, local_ip="127.0.0.5")
            await c.wait_for("join-code")
            held.append(c)
        with pytest.raises(Refused) as refused:
            await FletClient.open(lan_host.ws, lan_host.origin, local_ip="127.0.0.5")
        assert refused.value.args[0] == 403
        phone = await join_as(lan_host, "Вера", local_ip="127.0.0.6")
        await phone.close()
        await held.pop().close()
        again = await reopen(lan_host, "127.0.0.5")
        await again.wait_for("join-code")
        for c in (*held, again):
            await c.close()

    run(main())


def test_joined_sockets_do_not_use_up_the_join_screens_allowance(lan_host):
    """A phone's tabs that have joined are counted in :data:`PEER_SOCKETS`, not in the join
    screens' allowance: with 3 joined tabs on 127.0.0.8, 4 join screens still open there."""

    async def main() -> None:
        tabs = [await join_as(lan_host, f"Гость{k}", local_ip="127.0.0.8") for k in range(3)]
        waiting = []
        for _k in range(PEER_PRE_JOIN_SOCKETS):
            c = await FletClient.open(lan_host.ws, lan_host.origin, local_ip="127.0.0.8")
            await c.wait_for("join-code")
            waiting.append(c)
        with pytest.raises(Refused):
            await FletClient.open(lan_host.ws, lan_host.origin, local_ip="127.0.0.8")
        # a join screen that joins frees its place among the join screens
        await waiting[0].type_into("join-code", CODE)
        await waiting[0].settle()
        await waiting[0].event(await waiting[0].wait_for("join"), "click")
        await waiting[0].wait_for("new-game")
        extra = await reopen(lan_host, "127.0.0.8")
        await extra.wait_for("join-code")
        for c in (*tabs, *waiting, extra):
            await c.close()

    run(main())


class _Joined:
    lan = object()
    joined = True


def test_the_count_per_address_caps_all_sockets_and_forgets_closed_ones() -> None:
    """:class:`PeerSockets` alone: :data:`PEER_SOCKETS` joined sockets fill an address; a
    closed one frees a place; other addresses are not affected."""
    sockets = PeerSockets()
    model = _Joined()  # held here: the register keeps it weakly
    register("joined-session", model)
    joined = [Budget(lan=True, session_id="joined-session") for _k in range(PEER_SOCKETS)]
    for b in joined:
        assert sockets.refusal("10.0.0.2") is None
        sockets.opened("10.0.0.2", b)
    assert sockets.refusal("10.0.0.2") == f"{PEER_SOCKETS} websockets open from this address"
    assert sockets.refusal("10.0.0.3") is None
    sockets.closed("10.0.0.2", joined[0])
    assert sockets.refusal("10.0.0.2") is None and sockets.count("10.0.0.2") == PEER_SOCKETS - 1
    for b in joined[1:]:
        sockets.closed("10.0.0.2", b)
    assert sockets.count("10.0.0.2") == 0 and sockets._open == {}
    waiting = [Budget(lan=True) for _k in range(PEER_PRE_JOIN_SOCKETS)]
    for b in waiting:
        sockets.opened("10.0.0.4", b)
    assert "have not joined" in (sockets.refusal("10.0.0.4") or "")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_an_address_that_flooded_waits_longer_each_time_and_is_forgiven_later() -> None:
    """Issue 33, finding 1 (many join screens in turn): a socket closed for flooding before the
    join keeps its address out for :data:`ABUSE_COOLDOWN` s, twice as long at each strike up
    to :data:`ABUSE_COOLDOWN_MAX`; strikes are forgotten after :data:`ABUSE_FORGET` quiet
    seconds; another address is never slowed."""
    clock = FakeClock()
    sockets = PeerSockets(clock=clock)
    waits = []
    for _strike in range(9):
        sockets.abused("10.0.0.9")
        assert "flooded" in (sockets.refusal("10.0.0.9") or "")
        assert sockets.refusal("10.0.0.8") is None
        start = clock.now
        while sockets.refusal("10.0.0.9") is not None:
            clock.now += 0.5
        waits.append(clock.now - start)
    assert waits[:3] == [ABUSE_COOLDOWN, 2 * ABUSE_COOLDOWN, 4 * ABUSE_COOLDOWN]
    assert max(waits) == ABUSE_COOLDOWN_MAX
    clock.now += ABUSE_FORGET + 1
    sockets.abused("10.0.0.9")  # a strike long after the last: counted as the first again
    start = clock.now
    while sockets.refusal("10.0.0.9") is not None:
        clock.now += 0.5
    assert clock.now - start == ABUSE_COOLDOWN


def test_addresses_that_flooded_share_a_small_rate_of_new_sockets() -> None:
    """Many addresses flooding in turn (the attack bench uses 200): once their cooldowns end,
    all of them together open at most :data:`ABUSER_SOCKETS_RATE` sockets a second, while an
    address with no strike opens as many as it may hold."""
    clock = FakeClock()
    sockets = PeerSockets(clock=clock)
    abusers = [f"10.1.0.{k}" for k in range(200)]
    for peer in abusers:
        sockets.abused(peer)
    clock.now += ABUSE_COOLDOWN
    let_in = 0
    for _second in range(10):
        let_in += sum(sockets.refusal(peer) is None for peer in abusers)
        assert sockets.refusal("10.2.0.1") is None
        clock.now += 1
    assert let_in <= ABUSER_SOCKETS_RATE * 11
    assert len(sockets._strikes) == 200


def test_strikes_kept_are_bounded() -> None:
    """An attacker with endless addresses (IPv6) cannot grow the table of strikes past
    :data:`ABUSERS_KEPT`: the oldest are forgotten first."""
    from companion.table.budget import ABUSERS_KEPT

    sockets = PeerSockets(clock=FakeClock())
    for k in range(ABUSERS_KEPT + 50):
        sockets.abused(f"fd00::{k:x}")
    assert len(sockets._strikes) == ABUSERS_KEPT
    assert "fd00::0" not in sockets._strikes and f"fd00::{ABUSERS_KEPT + 49:x}" in sockets._strikes


def test_a_shut_address_is_told_without_using_up_the_flooders_allowance() -> None:
    """:meth:`PeerSockets.shut` (asked for every TCP connection): true during an address's
    cooldown and while the flooders' shared allowance is spent, false for an address with no
    strike; asking it takes nothing from the allowance (only a socket let through does)."""
    clock = FakeClock()
    sockets = PeerSockets(clock=clock)
    assert not sockets.shut("10.3.0.1")
    sockets.abused("10.3.0.1")
    sockets.abused("10.3.0.2")
    assert sockets.shut("10.3.0.1") and not sockets.shut("10.3.0.9")
    clock.now += ABUSE_COOLDOWN
    for _ask in range(100):
        assert not sockets.shut("10.3.0.1")
    assert sockets.refusal("10.3.0.1") is None and sockets.refusal("10.3.0.2") is None
    assert sockets.shut("10.3.0.1") and sockets.shut("10.3.0.2")  # the allowance is spent
    clock.now += 1 / ABUSER_SOCKETS_RATE
    assert not sockets.shut("10.3.0.1")
