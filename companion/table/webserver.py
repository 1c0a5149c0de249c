"""The web server: Flet's FastAPI app under uvicorn, behind our own guard.

Why not ``ft.run``: it gives no way to check the ``Origin`` of a websocket, to learn the
TCP peer of a session (``page.client_ip`` is a page property the client can overwrite with
one message), to turn off uvicorn's trust in ``X-Forwarded-For`` from 127.0.0.1, or to pass
a TLS key and certificate. :class:`Guard` wraps the ASGI app:

- every HTTP request and websocket must name an allowed ``Host`` (this machine's addresses
  and names, with our port: a DNS-rebinding page is refused) and, when an ``Origin`` is
  sent, an allowed origin; a websocket must send one. Others get 403.
- for each websocket it sets :data:`companion.table.security.CONNECTION` (the peer address
  from ``scope["client"]``, and whether the page is a secure context) for the session.
- responses lose Flet's ``Access-Control-Allow-Origin: *`` and may not be framed.

What is served before Flet's own files (our name, icons, manifest, Russian texts) is made by
:mod:`companion.table.webfiles`.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import re
import socket
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from companion import APP_NAME
from companion.table.budget import JOINED_FRAME_BYTES, PeerSockets, budgeted
from companion.table.security import CONNECTION, Connection
from companion.table.webfiles import (  # re-exported: the server's web files
    ASSETS,
    CLIENT_TEXTS,
    DESCRIPTION,
    LOADING_TEXT,
    RECONNECT_TEXT,
    RELOAD_ON_RECONNECT,
    SHORT_NAME,
    STALE_SECONDS,
    manifest,
    patch_wasm_string,
    prepare_assets,
    web_files,
)

__all__ = [
    "ASSETS",
    "CLIENT_TEXTS",
    "LOADING_TEXT",
    "RECONNECT_TEXT",
    "RELOAD_ON_RECONNECT",
    "STALE_SECONDS",
    "Guard",
    "allowed_names",
    "manifest",
    "patch_wasm_string",
    "prepare_assets",
    "run_server",
    "web_files",
]

LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})


def _is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def allowed_names(host: str, extra: Iterable[str] = ()) -> set[str]:
    """Host names a browser may use to reach this server: loopback names, the bound host,
    this machine's name(s) and addresses. Lower-case, IPv6 without brackets."""
    names = set(LOOPBACK_NAMES)
    if host not in ("0.0.0.0", "::", ""):
        names.add(host)
    with contextlib.suppress(OSError):
        hn = socket.gethostname()
        names.update({hn, f"{hn}.local"})
        for info in socket.getaddrinfo(hn, None):
            names.add(str(info[4][0]))
    names.update(extra)
    return {n.lower().strip("[]") for n in names if n}


def _split_host(value: str, default_port: int) -> tuple[str, int] | None:
    m = re.fullmatch(r"\[?([^\[\]]+?)\]?(?::(\d+))?", value.strip().lower())
    if not m:
        return None
    name = m.group(1)
    if ":" in name and not value.strip().startswith("["):  # bare IPv6 without a port
        return name, default_port
    return name, int(m.group(2)) if m.group(2) else default_port


#: The page may frame nothing and run scripts from this server only: Flet's web client asks a
#: CDN for Rive's runtime (``cdn.jsdelivr.net``, an animation library the app does not use) —
#: with this the phone never sends that request, online or not (the app is offline-first).
_CSP = (
    b"frame-ancestors 'none'; "
    b"script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob: data:"
)


class Guard:
    """ASGI middleware: host/origin checks, the connection's peer, safer headers.

    :param app: the Flet FastAPI app.
    :param names: allowed host names (:func:`allowed_names`).
    :param port: the port we serve on.
    :param https: whether we serve TLS.
    :param on_started: called once the server is up (e.g. to open a browser).
    :param lan: table mode: a websocket is held to the join screen's :class:`Budget` until
        its session has joined.
    :param on_abuse: called with the peer address of a websocket closed for sending more
        than its budget before the join (charged as a wrong code).
    :param admits: whether a peer address may open a websocket now (refused with 403 while
        locked out); ``None``: always. In table mode an address's open websockets are capped
        too (:class:`~companion.table.budget.PeerSockets`).
    """

    def __init__(
        self,
        app: Any,
        names: set[str],
        port: int,
        https: bool = False,
        on_started: Callable[[], None] | None = None,
        lan: bool = False,
        on_abuse: Callable[[str], None] | None = None,
        admits: Callable[[str], bool] | None = None,
    ) -> None:
        self.app = app
        self.lan = lan
        self.sockets = PeerSockets() if lan else None
        self.on_abuse = on_abuse
        self.admits = admits
        self.names = names
        self.port = port
        self.scheme = "https" if https else "http"
        self.on_started = on_started

    def host_ok(self, scope: dict[str, Any], host: str) -> bool:
        parsed = _split_host(host, 443 if self.scheme == "https" else 80)
        if parsed is None:
            return False
        name, port = parsed
        server = scope.get("server") or ("", 0)
        return port == self.port and (name in self.names or name == str(server[0]).lower())

    def origin_ok(self, scope: dict[str, Any], origin: str) -> bool:
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        if parts.scheme != self.scheme or not parts.netloc:
            return False
        return self.host_ok(scope, parts.netloc)

    def allowed(self, scope: dict[str, Any], headers: dict[str, str]) -> bool:
        if not self.host_ok(scope, headers.get("host", "")):
            return False
        origin = headers.get("origin")
        if scope["type"] == "websocket":
            return origin is not None and self.origin_ok(scope, origin)
        if origin is not None and origin != "null" and not self.origin_ok(scope, origin):
            return False
        site = headers.get("sec-fetch-site")
        return not (site == "cross-site" and headers.get("sec-fetch-mode") != "navigate")

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "lifespan":
            await self.app(scope, receive, self._lifespan_send(send))
            return
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        peer = str(scope["client"][0]) if scope.get("client") else "?"
        if not self.allowed(scope, headers) or (
            kind == "websocket" and self.admits is not None and not self.admits(peer)
        ):
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008})  # before accept: 403
            else:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 403,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")],
                    }
                )
                await send({"type": "http.response.body", "body": "Доступ запрещён".encode()})
            return
        if kind == "websocket":
            client = scope.get("client")
            host = (_split_host(headers.get("host", ""), 0) or ("", 0))[0]
            CONNECTION.set(
                Connection(
                    peer=str(client[0]) if client else "?",
                    secure=self.scheme == "https" or _is_loopback(host),
                    host=host,
                    agent=headers.get("user-agent", "")[:512],
                )
            )
            await budgeted(
                self.app,
                scope,
                receive,
                send,
                lan=self.lan,
                on_abuse=self.on_abuse,
                sockets=self.sockets,
            )
            return
        await self.app(scope, receive, self._http_send(send))

    def _lifespan_send(self, send: Any) -> Any:
        async def wrapped(message: dict[str, Any]) -> None:
            await send(message)
            if message.get("type") == "lifespan.startup.complete" and self.on_started:
                self.on_started()

        return wrapped

    @staticmethod
    def _http_send(send: Any) -> Any:
        async def wrapped(message: dict[str, Any]) -> None:
            if message.get("type") == "http.response.start":
                headers = [
                    (k, v)
                    for k, v in message.get("headers", [])
                    if k.lower() != b"access-control-allow-origin"
                ]
                headers += [
                    (b"x-frame-options", b"DENY"),
                    (b"content-security-policy", _CSP),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-content-type-options", b"nosniff"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        return wrapped


def run_server(
    main: Callable[..., Any],
    *,
    host: str,
    port: int,
    names: set[str],
    tls: tuple[Path, Path] | None = None,
    on_started: Callable[[], None] | None = None,
    on_abuse: Callable[[str], None] | None = None,
    admits: Callable[[str], bool] | None = None,
) -> None:
    """Serve ``main`` (the Flet ``main(page)``) until SIGINT/SIGTERM.

    :param tls: ``(certificate, key)`` PEM files to serve https, or ``None`` for http.
    :param on_abuse: table mode: charged with the peer of a websocket closed for sending more
        than the join screen needs (see :class:`Guard`); ``None`` in plain mode.
    :param admits: table mode: whether a peer may open a websocket now (:class:`Guard`).
    """
    import flet_web.fastapi as flet_fastapi
    import uvicorn

    from companion.paths import cache_dir
    from companion.table.plainhttp import SniffingServer

    with contextlib.ExitStack() as stack:
        try:
            assets = web_files(cache_dir())
        except OSError:  # no writable cache: a folder of this run's own, removed at the end
            assets = prepare_assets(
                Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="companion-web-")))
            )
        os.environ.pop("FLET_ASSETS_DIR", None)
        inner = flet_fastapi.app(
            main,
            assets_dir=str(assets),
            app_name=APP_NAME,
            app_short_name=SHORT_NAME,
            app_description=DESCRIPTION,
            no_cdn=True,
        )
        app = Guard(
            inner,
            names,
            port,
            https=tls is not None,
            on_started=on_started,
            lan=on_abuse is not None,
            on_abuse=on_abuse,
            admits=admits,
        )
        config = uvicorn.Config(
            app,
            host=host,
            port=port,
            ws="websockets-sansio",
            ws_max_size=JOINED_FRAME_BYTES,  # Flet's default 16 MB: a frame is read whole
            proxy_headers=False,  # X-Forwarded-For from 127.0.0.1 must not change the peer
            server_header=False,
            log_level="warning",
            ssl_certfile=str(tls[0]) if tls else None,
            ssl_keyfile=str(tls[1]) if tls else None,
        )
        SniffingServer(config, shut=app.sockets.shut if app.sockets else None).run()
