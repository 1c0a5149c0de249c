"""Only the app's own pages may talk to it: Host and Origin checks, in plain and table mode.

Before: any web page could read and change the games of a ``companion`` on 127.0.0.1 (the
websocket accepted any ``Origin``), and Flet answered ``Access-Control-Allow-Origin: *``.

The tests share one plain and one table-mode host (:mod:`tests.security.conftest`'s module
hosts): a refused origin or host is turned away before the websocket opens, which no limit
counts, and no test here saves anything.
"""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from benchmarks._flet_client import FletClient, Refused
from tests.security.hosts import CODE, run

EVIL = "http://evil.example"


def http_status(url: str, headers: dict[str, str]) -> tuple[int, dict[str, str]]:
    req = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}
    except urllib.error.HTTPError as exc:
        return exc.code, {}


@pytest.fixture
def lan_host(module_lan_host):
    return module_lan_host


@pytest.fixture
def plain_host(module_plain_host):
    return module_plain_host


@pytest.fixture(params=["plain", "lan"])
def host(request):
    return request.getfixturevalue(f"{request.param}_host")


def test_http_from_a_foreign_origin_or_host_is_refused(host):
    ok, headers = http_status(host.url + "/", {})
    assert ok == 200
    assert "access-control-allow-origin" not in headers
    assert headers["x-frame-options"] == "DENY"
    assert http_status(host.url + "/", {"Origin": EVIL})[0] == 403
    assert (
        http_status(
            host.url + "/main.dart.js",
            {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"},
        )[0]
        == 403
    )
    # DNS rebinding: evil.example resolved to 127.0.0.1, the Host header gives it away.
    assert http_status(host.url + "/", {"Host": f"evil.example:{host.port}"})[0] == 403
    assert http_status(host.url + "/", {"Origin": host.url})[0] == 200
    assert http_status(host.url + "/", {"Host": f"localhost:{host.port}"})[0] == 200


def test_a_websocket_from_a_foreign_origin_is_refused(host):
    async def main() -> None:
        for origin in (EVIL, f"http://127.0.0.1:{host.port + 1}", "null", None):
            with pytest.raises(Refused) as refused:
                await FletClient.open(host.ws, origin)
            assert refused.value.args[0] == 403
        with pytest.raises(Refused):
            await FletClient.open(host.ws, host.origin, headers={"Host": "evil.example"})
        ok = await FletClient.open(host.ws, f"http://localhost:{host.port}")
        await ok.wait_for("join-code" if "--lan" in host.extra else "new-game")
        await ok.close()

    run(main())


def test_plain_mode_a_foreign_page_cannot_save_a_move(plain_host):
    """The finding's raw client with ``Origin: http://evil.example`` saved a move."""
    from companion.store import GameStore

    async def main() -> None:
        with pytest.raises(Refused):
            await FletClient.open(plain_host.ws, EVIL, route=f"/game/{plain_host.game_id}")

    run(main())
    assert len(GameStore(plain_host.data_dir).open(plain_host.game_id).game.events) == 0


def test_lan_mode_the_origin_check_comes_before_the_code(lan_host):
    """Even with the right code, a foreign origin never reaches the join screen."""

    async def main() -> None:
        with pytest.raises(Refused):
            c = await FletClient.open(lan_host.ws, EVIL)
            await c.type_into("join-code", CODE)

    run(main())
