"""Plain http on the ``--https`` port gets a short answer saying to use https.

uvicorn hands every connection of a TLS port straight to the TLS handshake, and a browser
that typed ``http://`` got an empty reply. :class:`SniffingServer` looks at the first byte a
client sends: a TLS handshake record (``0x16``) goes on to TLS and the app exactly as
before (the peer address is kept: the same socket); anything else is answered with
:data:`ANSWER` (the https address, when the request names its host) and closed.
"""

from __future__ import annotations

import asyncio
import re
import ssl
from asyncio import sslproto
from collections.abc import Callable
from typing import Any

import uvicorn

__all__ = ["SniffingServer", "ANSWER", "plain_answer"]

#: What a plain http request to the https port is told.
ANSWER = "Ведущее устройство работает по защищённому адресу: откройте {url}"
_TLS_HANDSHAKE = 0x16
_HOST = re.compile(rb"\r\nhost:[ \t]*([A-Za-z0-9.\-:\[\]]{1,255})[ \t]*\r\n", re.IGNORECASE)


def plain_answer(request: bytes) -> bytes:
    """The whole http response to a plain request (its first bytes ``request``)."""
    m = _HOST.search(request)
    url = f"https://{m.group(1).decode()}/" if m else "https://…"
    body = ANSWER.format(url=url).encode()
    head = (
        "HTTP/1.1 400 Bad Request\r\n"
        "Content-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body


class _Sniff(asyncio.Protocol):
    """The first bytes of a connection decide: TLS on to the app, or the plain answer."""

    def __init__(
        self, factory: Callable[[], asyncio.BaseProtocol], context: ssl.SSLContext, timeout: float
    ) -> None:
        self.factory = factory
        self.context = context
        self.timeout = timeout
        self.transport: Any = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        if data[0] != _TLS_HANDSHAKE:
            self.transport.write(plain_answer(data))
            self.transport.close()
            return
        loop = asyncio.get_running_loop()
        tls = sslproto.SSLProtocol(
            loop,
            self.factory(),  # type: ignore[arg-type]
            self.context,
            loop.create_future(),
            server_side=True,
            ssl_handshake_timeout=self.timeout,
        )
        self.transport.set_protocol(tls)
        tls.connection_made(self.transport)
        view = memoryview(data)
        while view:  # what was already read goes to TLS as if it had just arrived
            buf = tls.get_buffer(len(view))
            n = min(len(buf), len(view))
            buf[:n] = view[:n]
            tls.buffer_updated(n)
            view = view[n:]

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None


def _shutting(
    factory: Callable[[], asyncio.BaseProtocol], shut: Callable[[str], bool]
) -> Callable[[], asyncio.BaseProtocol]:
    """``factory``'s protocols, each closing its connection as soon as it is made when
    ``shut(peer address)`` says so (before a byte of the request is read)."""

    def make() -> asyncio.BaseProtocol:
        protocol = factory()
        made = protocol.connection_made

        def connection_made(transport: asyncio.BaseTransport) -> None:
            made(transport)  # the protocol's own set-up first: its connection_lost needs it
            peer = transport.get_extra_info("peername")
            if peer and shut(str(peer[0])):
                transport.abort()  # type: ignore[attr-defined]

        protocol.connection_made = connection_made  # type: ignore[method-assign]
        return protocol

    return make


class SniffingServer(uvicorn.Server):
    """``uvicorn.Server`` whose TLS listeners answer plain http (see the module), and whose
    listeners close at once a connection from an address ``shut`` names (table mode: one that
    flooded the join screen, :meth:`companion.table.budget.PeerSockets.shut`)."""

    def __init__(self, config: uvicorn.Config, shut: Callable[[str], bool] | None = None) -> None:
        super().__init__(config)
        self.shut = shut

    async def startup(self, sockets: Any = None) -> None:
        loop = asyncio.get_running_loop()
        original = loop.create_server
        timeout = float(self.config.timeout_keep_alive or 60)
        shut = self.shut

        async def create_server(factory: Any, *args: Any, **kwargs: Any) -> Any:
            context = kwargs.pop("ssl", None)
            if context is not None:
                plain = factory
                factory = lambda: _Sniff(plain, context, timeout)  # noqa: E731
            if shut is not None:
                factory = _shutting(factory, shut)
            return await original(factory, *args, **kwargs)

        loop.create_server = create_server  # type: ignore[method-assign]
        try:
            await super().startup(sockets)
        finally:
            del loop.create_server  # type: ignore[attr-defined]
