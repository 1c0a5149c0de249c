"""Table mode without a browser: join codes, the wrong-code limits, rejoin tokens."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import SetupError
from companion.table.gate import LanGate, new_code, spaced
from companion.table.qr import qr_terminal
from companion.table.security import (
    GLOBAL_BURST,
    GLOBAL_REFILL_SECONDS,
    PER_PEER_FAILURES,
    PER_PEER_LOCKOUT,
    DeviceTokens,
    Throttle,
    guess_bound,
)

CODE = "24681012"


def gate_at(now: list[float]) -> LanGate:
    return LanGate(CODE, "http://x", clock=lambda: now[0])


def test_codes_are_eight_random_digits_or_the_given_one():
    codes = {new_code() for _ in range(50)}
    assert all(len(c) == 8 and c.isdigit() for c in codes) and len(codes) > 45
    assert new_code("1234567890") == "1234567890"
    assert new_code("9" * 16) == "9" * 16
    # longer than the join field takes; digits no phone keyboard types
    for bad in ("123456", "1234567", "abcdefgh", "1234 5678", "9" * 17, "١٢٣٤٥٦٧٨", ""):
        with pytest.raises(SetupError):
            new_code(bad)
    assert spaced("24681012") == "2468 1012"


def test_wrong_codes_are_rate_limited_per_address_with_backoff():
    now = [0.0]
    gate = gate_at(now)
    for _ in range(PER_PEER_FAILURES):
        assert "Неверный код" in gate.try_code("11111111", "10.0.0.5")
    assert "с этого устройства" in gate.try_code(CODE, "10.0.0.5")  # not even compared
    assert gate.try_code(CODE, "10.0.0.6") is None  # another device is not punished
    now[0] += PER_PEER_LOCKOUT + 1
    assert gate.try_code(CODE, "10.0.0.5") is None
    # A second lockout of the same address lasts twice as long.
    for _ in range(PER_PEER_FAILURES):
        gate.try_code("11111111", "10.0.0.7")
    now[0] += PER_PEER_LOCKOUT + 1
    for _ in range(PER_PEER_FAILURES):
        gate.try_code("22222222", "10.0.0.7")
    now[0] += PER_PEER_LOCKOUT + 1
    assert "с этого устройства" in gate.try_code(CODE, "10.0.0.7")
    now[0] += PER_PEER_LOCKOUT
    assert gate.try_code(CODE, "10.0.0.7") is None


def test_the_global_limit_slows_every_address_but_never_for_long():
    now = [0.0]
    gate = gate_at(now)
    for i in range(GLOBAL_BURST):
        assert "Неверный код" in gate.try_code("11111111", f"10.1.{i}.1")
    # an address that guessed before waits for the next refill, never longer
    refusal = gate.try_code(CODE, "10.1.0.1")
    assert "со всех устройств" in refusal and "Уже вошедшие" in refusal
    assert "10 с" in refusal
    # a new address is let in at once (the newcomers' bucket)
    assert gate.try_code(CODE, "10.2.0.1") is None
    now[0] += GLOBAL_REFILL_SECONDS
    assert gate.try_code(CODE, "10.1.0.1") is None


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.floats(min_value=0, max_value=120), st.integers(min_value=0, max_value=50)),
        min_size=1,
        max_size=400,
    )
)
def test_no_schedule_of_addresses_gets_more_guesses_than_the_bound(schedule):
    """Whatever the addresses and timing, codes compared in ``t`` seconds stay within
    :func:`guess_bound` — the figure docs/TABLE_MODE.md («Подбор кода»)'s arithmetic uses."""
    now = [0.0]
    throttle = Throttle(clock=lambda: now[0])
    compared = 0
    for gap, peer in schedule:
        now[0] += gap
        if throttle.check(f"10.0.{peer}.1") is None:
            compared += 1
            throttle.failed(f"10.0.{peer}.1")
    assert compared <= guess_bound(now[0])


def test_rejoin_tokens_are_bound_to_role_name_and_code():
    secret = b"s" * 32
    tokens = DeviceTokens(secret, CODE)
    t = tokens.issue("spectator", "Вика")
    assert tokens.verify(t) == ("spectator", "Вика")
    assert DeviceTokens(secret, CODE).verify(t) == ("spectator", "Вика")  # host restarted
    assert DeviceTokens(secret, "13572468").verify(t) is None  # a new code revokes it
    assert DeviceTokens(b"t" * 32, CODE).verify(t) is None  # another host
    payload, mac = t.split(".")
    forged = DeviceTokens(secret, CODE).issue("player", "Вика").split(".")[0] + "." + mac
    assert tokens.verify(forged) is None  # role changed, MAC kept
    for junk in (None, 5, "", "a.b", "..", "x" * 5000, payload):
        assert tokens.verify(junk) is None


def test_qr_code_for_the_terminal():
    art = qr_terminal("http://192.0.2.1:8550")
    assert len(art.splitlines()) > 10
