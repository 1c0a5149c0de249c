"""A raw client of Flet 1.0.5's websocket protocol (what an attacker's script can send).

Frames are ``0x00`` + msgpack ``[action, body]``. The client registers a session, keeps
every control it is sent (by id, with its props), answers the server's method calls
(``SharedPreferences.get`` → nothing stored), and can send control events and property
updates — including ones the app's own client would never send.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import msgpack
import websockets

REGISTER, PATCH, EVENT, UPDATE, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6


class Refused(Exception):
    """The server refused the websocket handshake (status in ``args[0]``; 0: it closed the
    connection before any http answer)."""


class FletClient:
    """One websocket session. Use :meth:`open` (async) then the helpers."""

    def __init__(self) -> None:
        self.ws: Any = None
        self.controls: dict[int, dict[str, Any]] = {}
        self.crashed: list[str] = []
        self.invokes: list[dict[str, Any]] = []
        self.changed = asyncio.Event()
        #: every string value in any frame received (patches included: a counter's new value)
        self.strings: set[str] = set()
        #: the browser's storage as ``SharedPreferences`` calls see it (get/set/remove)
        self.prefs: dict[str, Any] = {}
        self._reader: asyncio.Task | None = None
        self.session_id = ""

    @classmethod
    async def open(
        cls,
        url: str,
        origin: str | None,
        *,
        route: str = "/",
        headers: dict[str, str] | None = None,
        local_ip: str | None = None,
        ssl: Any = None,
    ) -> FletClient:
        self = cls()
        extra = dict(headers or {})
        kwargs: dict[str, Any] = {"additional_headers": extra, "max_size": None}
        if origin is not None:
            kwargs["origin"] = origin
        if local_ip:
            kwargs["local_addr"] = (local_ip, 0)
        if ssl is not None:
            kwargs["ssl"] = ssl
        try:
            self.ws = await websockets.connect(url, **kwargs)
        except websockets.exceptions.InvalidStatus as exc:
            raise Refused(exc.response.status_code) from None
        except websockets.exceptions.InvalidMessage:
            raise Refused(0) from None
        await self.send(
            REGISTER,
            {
                "session_id": "",
                "page_name": "",
                "page": {"route": route, "width": 390, "height": 844, "platform": "android"},
            },
        )
        self._reader = asyncio.create_task(self._read())
        return self

    async def send(self, action: int, body: Any) -> None:
        await self.ws.send(b"\x00" + msgpack.packb([action, body]))

    def _index(self, node: Any) -> None:
        if isinstance(node, dict):
            if "_i" in node and "_c" in node:
                self.controls.setdefault(node["_i"], {}).update(node)
            for v in node.values():
                self._index(v)
        elif isinstance(node, list):
            for v in node:
                self._index(v)

    async def _read(self) -> None:
        with contextlib.suppress(websockets.exceptions.ConnectionClosed):
            async for frame in self.ws:
                if not isinstance(frame, bytes) or frame[:1] != b"\x00":
                    continue
                action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
                if action == REGISTER:
                    self.session_id = body.get("session_id", "")
                if action == INVOKE:
                    self.invokes.append(body)
                    name, args = body.get("name"), body.get("args") or {}
                    result = None
                    if name == "get":
                        result = self.prefs.get(args.get("key"))
                    elif name == "set":
                        self.prefs[args.get("key")] = args.get("value")
                    elif name == "remove":
                        self.prefs.pop(args.get("key"), None)
                    await self.send(
                        INVOKE,
                        {
                            "control_id": body.get("control_id"),
                            "call_id": body.get("call_id"),
                            "result": result,
                            "error": None,
                        },
                    )
                    if body.get("name") == "push_route":  # as the browser does: follow it
                        await self.navigate(body["args"]["route"])
                if action == CRASHED:
                    self.crashed.append(str(body))
                self._index(body)
                self._strings(body)
                self.changed.set()

    def _strings(self, node: Any) -> None:
        if isinstance(node, str):
            self.strings.add(node)
        elif isinstance(node, dict):
            for v in node.values():
                self._strings(v)
        elif isinstance(node, list):
            for v in node:
                self._strings(v)

    async def wait_until(self, ready: Any, what: str, timeout: float = 15) -> None:
        """Wait until ``ready()`` is true, checked after each frame received; ``what`` names
        it in the :class:`TimeoutError`."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not ready():
            self.changed.clear()
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"{what} never arrived")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    async def wait_string(self, text: str, timeout: float = 15, *, part: bool = False) -> None:
        """Wait until some frame received carries the string ``text`` (e.g. a new value); with
        ``part``, a string that contains ``text`` (a refusal naming a limit)."""

        def ready() -> bool:
            return any(text in s for s in self.strings) if part else text in self.strings

        await self.wait_until(ready, repr(text), timeout)

    async def closed_by_server(self, timeout: float = 15) -> int | None:
        """Wait until the server closes this socket; its close code (``None``: never came)."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ws.wait_closed(), timeout)
            return self.ws.close_code
        return None

    def find(self, identifier: str) -> dict[str, Any] | None:
        """The control inside the ``Semantics(identifier=...)`` tagged ``identifier``."""
        for c in list(self.controls.values()):
            if c.get("_c") == "Semantics" and c.get("identifier") == identifier:
                content = c.get("content")
                if isinstance(content, dict) and "_i" in content:
                    return self.controls.get(content["_i"], content)
                return c
        return None

    def texts(self) -> str:
        """Every ``value``/``label``/``content`` string the client was sent, joined."""
        out = []
        for c in list(self.controls.values()):
            for k in ("value", "label", "text", "content", "tooltip"):
                if isinstance(c.get(k), str):
                    out.append(c[k])
        return "\n".join(out)

    async def wait_for(self, identifier: str, timeout: float = 15) -> dict[str, Any]:
        """Wait until a control tagged ``identifier`` has been sent."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while (found := self.find(identifier)) is None:
            self.changed.clear()
            left = end - loop.time()
            if left <= 0:
                raise TimeoutError(f"{identifier!r} never arrived")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)
        return found

    async def settle(self, quiet: float = 0.3, timeout: float = 10) -> None:
        """Wait until the server has sent nothing for ``quiet`` seconds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), quiet)
            except TimeoutError:
                return

    async def event(self, control: dict[str, Any] | int, name: str, data: Any = None) -> None:
        target = control if isinstance(control, int) else control["_i"]
        await self.send(EVENT, {"target": target, "name": name, "data": data})

    async def props(self, control_id: int, props: dict[str, Any]) -> None:
        await self.send(UPDATE, {"id": control_id, "props": props})

    async def navigate(self, route: str) -> None:
        """A route change, as the client reports one (or as a crafted message forges one)."""
        await self.props(1, {"route": route})
        await self.event(1, "route_change", {"route": route})

    async def type_into(self, identifier: str, text: str) -> None:
        field = await self.wait_for(identifier)
        await self.props(field["_i"], {"value": text})
        await self.event(field, "change", text)

    async def close(self) -> None:
        with contextlib.suppress(Exception):
            await self.ws.close()
        if self._reader:
            self._reader.cancel()
