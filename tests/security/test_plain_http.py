"""Plain http to the ``--https`` port gets a short answer naming the https address (issue 33,
finding 8: it got an empty reply); https on the same port still serves the app."""

from __future__ import annotations

import socket
import ssl
import urllib.error
import urllib.request

from benchmarks._flet_client import FletClient
from companion.table.plainhttp import plain_answer
from tests.security.hosts import CODE, Host, run


def test_plain_http_on_the_https_port_is_told_to_use_https(tmp_path):
    host = Host(tmp_path / "data", ["--lan", "--host", "127.0.0.1", "--code", CODE, "--https"])
    try:
        url = f"http://127.0.0.1:{host.port}/"
        try:
            urllib.request.urlopen(url, timeout=10)
            raise AssertionError("plain http was served")
        except urllib.error.HTTPError as exc:
            assert exc.code == 400
            said = exc.read().decode()
        assert f"https://127.0.0.1:{host.port}/" in said and "защищённому" in said
        with socket.create_connection(("127.0.0.1", host.port), timeout=10) as raw:
            raw.sendall(b"junk\r\n\r\n")  # no Host: still an answer, never an echo
            assert b"400 Bad Request" in raw.recv(4096)
        # https on the same port: the page, and the app's websocket with the peer kept
        ctx = ssl.create_default_context(cafile=str(host.data_dir / "tls" / "cert.pem"))
        with urllib.request.urlopen(f"https://127.0.0.1:{host.port}/", context=ctx) as r:
            assert b"<html" in r.read()

        async def main() -> None:
            c = await FletClient.open(host.ws, host.origin, ssl=ctx, local_ip="127.0.0.3")
            await c.type_into("join-code", CODE)
            await c.settle()
            await c.event(await c.wait_for("join"), "click")
            await c.wait_for("new-game")
            await c.close()

        run(main())
    finally:
        host.stop()


def test_the_answer_names_the_requested_host_only_as_an_address():
    said = plain_answer(b"GET / HTTP/1.1\r\nHost: 192.168.1.5:8550\r\n\r\n").decode()
    assert said.startswith("HTTP/1.1 400") and "https://192.168.1.5:8550/" in said
    evil = plain_answer(b"GET / HTTP/1.1\r\nHost: <script>\r\n\r\n").decode()
    assert "<script>" not in evil
