"""The wrong-code limits cannot lock the table out, and cannot be outlasted (issue 33,
findings 2 and 3): a simulated year with a fake clock, and the real server."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.table.security import (
    GLOBAL_REFILL_SECONDS,
    MAX_PEERS,
    PER_PEER_LOCKOUT_CAP,
    PER_PEER_MAX_DOUBLINGS,
    Throttle,
    guess_bound,
)
from tests.security.hosts import CODE, run
from tests.security.test_join_limits import attempt

DAY = 86400.0
YEAR = 365 * DAY

step = st.tuples(
    st.floats(min_value=0, max_value=3 * DAY),  # quiet time before this burst
    st.integers(min_value=0, max_value=6000),  # which address (some IPv6, some repeated)
    st.integers(min_value=1, max_value=40),  # attempts in a row, as fast as allowed
    st.sampled_from(["wrong", "right", "abuse"]),
)


@settings(max_examples=40, deadline=None)
@given(st.lists(step, min_size=1, max_size=300))
def test_a_simulated_year_of_any_schedule_keeps_every_limit(schedule):
    """Whatever addresses and timing, over a year and more: nothing raises (the old backoff
    raised OverflowError at the 1,025th lockout), no refusal lasts longer than its cap, codes
    compared stay within :func:`guess_bound`, memory stays bounded."""
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])
    compared = 0
    for gap, n, count, kind in schedule:
        now[0] += gap
        peer = f"10.{n % 256}.{n // 256}.1" if n % 3 else f"fd00:{n:x}::1"
        for _k in range(count):
            if kind == "abuse":  # a socket closed for flooding the join screen
                throttle.failed(peer)
                continue
            wait, which = throttle.wait(peer)
            if which == "peer":
                assert 0 < wait <= PER_PEER_LOCKOUT_CAP
            elif which == "all":
                assert 0 < wait <= GLOBAL_REFILL_SECONDS
            else:
                compared += 1
                if kind == "wrong":
                    throttle.failed(peer)
                else:
                    throttle.succeeded(peer)
            now[0] += 1.0
        assert throttle.peers() <= MAX_PEERS
    assert compared <= guess_bound(now[0]) + sum(1 for s in schedule if s[3] == "right") * 40
    assert all(p.lockouts <= PER_PEER_MAX_DOUBLINGS + 1 for p in throttle._peers.values())


def guess_for(seconds: float, addresses: int) -> list[int]:
    """An attacker guessing as fast as the limits allow, from ``addresses`` addresses in
    turn, each waiting exactly as long as it is told: codes compared, per day."""
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])
    per_day = [0] * (int(seconds // DAY) + 1)
    k = 0
    while now[0] < seconds:
        peer = f"10.0.{k % addresses // 256}.{k % addresses % 256}"
        wait, which = throttle.wait(peer)
        if wait:  # the table-wide wait holds for all; an address's own: the next one tries
            now[0] += 0.01 if which == "peer" and addresses > 1 else wait
        elif throttle.check(peer) is None:
            per_day[min(int(now[0] // DAY), len(per_day) - 1)] += 1
            throttle.failed(peer)
        k += 1
    return per_day


def test_one_address_for_a_year_never_gets_unlimited_guesses():
    """The finding: after 10.7 days of one address, every later code was checked (the
    backoff overflowed). Now a year later it still gets a few hundred a day at most."""
    per_day = guess_for(YEAR, 1)
    # five per capped lockout, plus the shorter lockouts of the first hour
    assert max(per_day) <= 5 * DAY / PER_PEER_LOCKOUT_CAP + 5 * (PER_PEER_MAX_DOUBLINGS + 1)


def test_many_addresses_for_a_week_stay_within_the_bound():
    """The finding: many addresses got 8,640 guesses a day after 21.4 days, and the table
    was locked for everyone meanwhile. The bound (what the docs' arithmetic uses) holds."""
    per_day = guess_for(7 * DAY, 1000)
    assert sum(per_day) <= guess_bound(7 * DAY)
    assert max(per_day[1:-1]) <= DAY / GLOBAL_REFILL_SECONDS + DAY / 60 + 1


def test_a_few_wrong_codes_from_two_addresses_do_not_keep_a_new_phone_out(lan_host):
    """The finding: two addresses sending 10 wrong codes blocked all code entry for 60 s
    (and about two retries an hour kept it blocked). Now a new phone gets in at once."""

    async def main() -> None:
        for k in range(10):
            c, said = await attempt(lan_host, f"{k:08d}", local_ip=f"127.0.0.{2 + k % 2}")
            assert "Неверный код" in said or "с этого устройства" in said
            await c.close()
        c, said = await attempt(lan_host, CODE, local_ip="127.0.0.9")
        assert said == ""
        await c.wait_for(f"saved-{lan_host.game_id}")
        await c.close()

    run(main())
