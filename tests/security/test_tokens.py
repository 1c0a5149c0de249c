"""Rejoin tokens expire, are bound to the browser that got them and can be revoked one by one
(issue 33, finding 7: one player token let three addresses with other browsers in, for ever)."""

from __future__ import annotations

from benchmarks._flet_client import FletClient
from companion.table.gate import TOKEN_KEY, LanGate
from companion.table.security import TOKEN_SECONDS, DeviceTokens
from tests.security.hosts import CODE, run
from tests.security.test_join_limits import attempt

PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile"


def test_a_token_expires_is_bound_to_its_browser_and_can_be_revoked(tmp_path):
    now = [1_000_000.0]
    secret = b"s" * 32
    path = tmp_path / "revoked-tokens.json"
    tokens = DeviceTokens(secret, CODE, clock=lambda: now[0], revoked=path)
    t = tokens.issue("player", "Аня", PHONE)
    assert tokens.verify(t, PHONE) == ("player", "Аня")
    assert tokens.verify(t, "curl/8.0") is None  # another browser
    assert tokens.verify(t) is None
    now[0] += TOKEN_SECONDS - 1
    assert tokens.verify(t, PHONE) == ("player", "Аня")
    now[0] += 2
    assert tokens.verify(t, PHONE) is None  # 12 h after the code was typed
    # revoked one by one, and the revocation outlasts a restart (same code, same secret)
    a, b = tokens.issue("player", "Аня", PHONE), tokens.issue("player", "Борис", PHONE)
    gate = LanGate(CODE, "http://x", secret=secret, revoked=path)
    gate.tokens.clock = tokens.clock
    gate.joined(a, "10.0.0.5", PHONE)
    gate.joined(b, "10.0.0.6", PHONE)
    assert sorted(d.name for d in gate.devices.values()) == ["Аня", "Борис"]
    first = next(i for i, d in gate.devices.items() if d.name == "Аня")
    gate.revoke(first)
    assert [d.name for d in gate.devices.values()] == ["Борис"]
    restarted = DeviceTokens(secret, CODE, clock=lambda: now[0], revoked=path)
    assert restarted.verify(a, PHONE) is None and restarted.verify(b, PHONE) is not None


def test_a_token_copied_to_another_browser_does_not_let_it_in(lan_host):
    async def main() -> None:
        c, said = await attempt(lan_host, CODE, headers={"User-Agent": PHONE})
        assert said == ""
        await c.wait_for("new-game")
        await c.settle()
        token = c.prefs.get(TOKEN_KEY)
        assert token
        await c.close()
        # the same browser comes back: in without the code
        back = await FletClient.open(lan_host.ws, lan_host.origin, headers={"User-Agent": PHONE})
        back.prefs[TOKEN_KEY] = token
        await back.wait_for("new-game")
        await back.close()
        # another browser with the copied token, from another address: asked for the code
        other = await FletClient.open(
            lan_host.ws, lan_host.origin, headers={"User-Agent": "curl/8.0"}, local_ip="127.0.0.8"
        )
        other.prefs[TOKEN_KEY] = token
        await other.wait_for("join-code")
        await other.settle()
        assert other.find("new-game") is None
        await other.close()

    run(main())
