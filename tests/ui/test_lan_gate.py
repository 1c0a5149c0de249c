"""Table mode without a browser: join codes and the wrong-code rate limit."""

from __future__ import annotations

import pytest

from companion.errors import SetupError
from companion.ui.lan import LOCKOUT_SECONDS, MAX_FAILURES, LanGate, new_code, qr_terminal


def test_codes_are_six_random_digits_or_the_given_one():
    codes = {new_code() for _ in range(50)}
    assert all(len(c) == 6 and c.isdigit() for c in codes) and len(codes) > 40
    assert new_code("12345678") == "12345678"
    for bad in ("12345", "abcdef", "12 3456"):
        with pytest.raises(SetupError):
            new_code(bad)


def test_wrong_codes_are_rate_limited_per_address():
    now = [0.0]
    gate = LanGate("246810", "http://x", clock=lambda: now[0])
    for _ in range(MAX_FAILURES):
        assert "Неверный код" in gate.try_code("111111", "10.0.0.5")
    assert "подождите" in gate.try_code("246810", "10.0.0.5")
    assert gate.try_code("246810", "10.0.0.6") is None  # another device is not punished
    now[0] += LOCKOUT_SECONDS + 1
    assert gate.try_code("246810", "10.0.0.5") is None


def test_qr_code_for_the_terminal():
    art = qr_terminal("http://192.0.2.1:8550")
    assert len(art.splitlines()) > 10
