"""Nobody on the Wi-Fi can freeze the table: each websocket has a budget (issue 33, finding 1
and 5).

Raw websocket clients speak Flet's protocol to the real server process. Before the join a
session may send only what the join screen needs; past that its socket is closed and its
peer is charged a wrong code. After the join a flood of made-up control ids costs the host
nothing, and other phones' taps are answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest
import websockets

from benchmarks._flet_client import EVENT, UPDATE, FletClient, Refused
from companion.table.budget import PRE_JOIN_FRAME_BYTES, PRE_JOIN_VALUE_CHARS
from tests.security.hosts import run
from tests.security.test_roles import join


@pytest.fixture
def lan_host(module_lan_host):
    """One host for the module: each flood comes from an address of its own (cooled down or
    charged a wrong code: four in all, under the table's allowance) and each check joins from
    another; the spectator's flood plays on a game of its own (:func:`big_game`)."""
    return module_lan_host


@pytest.fixture
def big_game(lan_host) -> str:
    """A new free-counters game on the host with Аня at 1000 VP (so «1001» names one tap's
    answer); its id."""
    from companion.store import GameStore

    g = GameStore(lan_host.data_dir).create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1000})
    g.close()
    return g.id


async def flood(c: FletClient, frames: int, target: int = 987_654) -> int:
    """Send ``frames`` clicks on a control id the server never sent; how many went out
    before the server closed the socket."""
    sent = 0
    with contextlib.suppress(websockets.exceptions.ConnectionClosed):
        for _k in range(frames):
            await c.event(target + sent, "click")
            sent += 1
    return sent


def test_a_flood_before_the_join_closes_the_socket_and_cools_the_address_down(lan_host):
    """The finding: 20,000 clicks to made-up ids from the join screen froze the host for
    everyone (a player's «+1» took 47.8 s). Now the socket is closed after a few dozen, the
    address gets no new socket for a while (:data:`~companion.table.budget.ABUSE_COOLDOWN`:
    each socket costs the host a session; its connections are closed as soon as they are made,
    before an http request is read), and a phone on another address joins at once."""

    async def main() -> None:
        attacker = await FletClient.open(lan_host.ws, lan_host.origin, local_ip="127.0.0.7")
        await attacker.wait_for("join-code")
        await flood(attacker, 20_000)
        assert await attacker.closed_by_server() == 1008
        with pytest.raises(Refused) as refused:
            await FletClient.open(lan_host.ws, lan_host.origin, local_ip="127.0.0.7")
        assert refused.value.args[0] == 0  # closed at once: no http upgrade read at all
        phone = await join(lan_host, "player")
        await phone.wait_for(f"saved-{lan_host.game_id}", timeout=10)
        await phone.close()

    run(main())


@pytest.mark.parametrize(
    ("size", "ip"),
    [(PRE_JOIN_VALUE_CHARS + 1, "127.0.0.91"), (100_000, "127.0.0.92"), (15_000_000, "127.0.0.93")],
)
def test_a_long_value_before_the_join_closes_the_socket(lan_host, size, ip):
    """The finding: a 15 MB value in the join-code field was kept whole by the host (12 such
    sessions took it from 101 to 320 MB). Now a value longer than the name field closes the
    socket, and a frame over the join screen's frame size too."""

    async def main() -> None:
        c = await FletClient.open(lan_host.ws, lan_host.origin, local_ip=ip)
        field = await c.wait_for("join-code")
        with contextlib.suppress(websockets.exceptions.ConnectionClosed):
            await c.send(UPDATE, {"id": field["_i"], "props": {"value": "1" * size}})
            await c.send(EVENT, {"target": field["_i"], "name": "change", "data": "1"})
        assert await c.closed_by_server() in (1008, 1009)
        # what the join screen really sends is fine
        ok = await FletClient.open(lan_host.ws, lan_host.origin)
        await ok.type_into("join-name", "Я" * PRE_JOIN_VALUE_CHARS)
        await ok.type_into("join-code", "2468 1012")
        await ok.settle()
        await ok.event(await ok.wait_for("join"), "click")
        await ok.wait_for(f"saved-{lan_host.game_id}")
        await ok.close()

    assert PRE_JOIN_FRAME_BYTES < 100_000
    run(main())


def test_a_spectators_flood_of_made_up_ids_leaves_a_players_taps_answered(lan_host, big_game):
    """The finding: a spectator sending 200 bogus events a second pushed a player's «+1» to
    6.8 s (Flet walked the whole control tree for each unknown id). Now a joined connection's
    frames are paced (:data:`companion.table.budget.JOINED_RATE` a second): while 5,000 of them
    arrive, the player's «+1» is shown within the ordinary wait. (A made-up id now costs
    one look-up: :mod:`tests.security.test_made_up_ids`.)"""
    gid = big_game

    async def main() -> None:
        player = await join(lan_host, "player", route=f"/game/{gid}")
        plus = await player.wait_for("val-p0-c0-plus")
        viewer = await join(lan_host, "spectator", route=f"/game/{gid}")
        await viewer.wait_for("val-p0-c0-plus")
        await player.settle()
        flooding = asyncio.create_task(flood(viewer, 5_000))
        await asyncio.sleep(0)
        t0 = time.perf_counter()
        await player.event(plus, "click")
        await player.wait_string("1001", timeout=5)
        took = time.perf_counter() - t0
        sent = await flooding
        assert sent == 5_000  # a joined session is slowed, not cut off
        assert viewer.ws.close_code is None
        await player.close()
        await viewer.close()
        assert took < 5

    run(main())
