"""What one websocket may send: frames per second and bytes per frame, before and after the join.

Flet's reader decodes every frame and starts a task for every event; nothing in Flet limits
how many a client sends. :class:`Budget` is one connection's allowance, checked by
:class:`companion.table.webserver.Guard` on each frame *before* Flet reads it:

- **Before the join** (table mode, a session that has not typed the right code yet) only
  what the join screen needs: :data:`PRE_JOIN_BURST` frames, then :data:`PRE_JOIN_RATE` a
  second; frames of at most :data:`PRE_JOIN_FRAME_BYTES`; text values of at most
  :data:`PRE_JOIN_VALUE_CHARS` (the code's and a name's field) and other strings of at most
  :data:`PRE_JOIN_STRING_CHARS`. Past any of these the socket is closed (code 1008) and the
  peer is charged one wrong code (:class:`companion.table.security.Throttle`).
- **After the join** (or in plain mode) :data:`JOINED_RATE` frames a second with bursts of
  :data:`JOINED_BURST` — far above the fastest tapping or typing; a faster client is read
  more slowly (its own frames wait, nobody else's). A frame costs one frame of the allowance
  per :data:`JOINED_BYTES_PER_FRAME` bytes, so large frames (a picked file arrives whole) are
  paced by their size; a frame over :data:`JOINED_FRAME_BYTES` closes the socket.

Whether a connection's session has joined is looked up by its Flet session id
(:func:`register`, called by the app for each session).

In table mode :class:`PeerSockets` also counts each address's open websockets: one address
may hold :data:`PEER_PRE_JOIN_SOCKETS` that have not joined and :data:`PEER_SOCKETS` in all;
a socket past either is refused before it is accepted (HTTP 403), and costs no session. An
address whose socket was closed for flooding the join screen waits
:data:`ABUSE_COOLDOWN` seconds (doubling with each new strike, at most
:data:`ABUSE_COOLDOWN_MAX`; strikes are forgotten after :data:`ABUSE_FORGET` quiet seconds)
before its next socket, and all such addresses together open at most
:data:`ABUSER_SOCKETS_RATE` new sockets a second: many addresses flooding in turn cannot make
the host build join screens faster than that. An address that never flooded is never slowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgpack

__all__ = [
    "Budget",
    "PeerSockets",
    "PEER_PRE_JOIN_SOCKETS",
    "PEER_SOCKETS",
    "ABUSE_COOLDOWN",
    "ABUSE_COOLDOWN_MAX",
    "ABUSE_FORGET",
    "ABUSER_SOCKETS_RATE",
    "budgeted",
    "register",
    "PRE_JOIN_BURST",
    "PRE_JOIN_RATE",
    "PRE_JOIN_FRAME_BYTES",
    "PRE_JOIN_VALUE_CHARS",
    "JOINED_BURST",
    "JOINED_RATE",
    "JOINED_FRAME_BYTES",
    "JOINED_BYTES_PER_FRAME",
]

#: Frames a session on the join screen may send at once (registering, answers to the
#: server's storage calls, typing an 8–16 digit code and a name — two frames a key — the
#: role, «Войти», the page's own resize and route frames) ...
PRE_JOIN_BURST = 80
#: ... and then per second (a fast typist's two frames a key at 5 keys a second).
PRE_JOIN_RATE = 10.0
#: Bytes in one frame before the join (the largest, registering, is a few hundred).
PRE_JOIN_FRAME_BYTES = 4096
#: Characters of a text value before the join: the longer of the code field (19) and the
#: name field (40, :data:`companion.store.limits.NAME_CHARS`).
PRE_JOIN_VALUE_CHARS = 40
#: Characters of any other string before the join (a route, a platform name).
PRE_JOIN_STRING_CHARS = 256
#: Frames a joined session may send at once, and then per second (the fastest tapping is
#: about 10 taps a second, typing two frames a key).
JOINED_BURST = 400
JOINED_RATE = 40.0
#: Bytes in one frame after the join: a picked file (a game's export, a backup of the plays)
#: arrives whole in one frame.
JOINED_FRAME_BYTES = 8 * 1024 * 1024
#: A joined frame costs one frame of the allowance per this many bytes (and one at least), so
#: large frames are paced by their size: sustained, at most JOINED_RATE × this, 2.5 MB/s.
JOINED_BYTES_PER_FRAME = 64 * 1024

#: Websockets one address may hold open before their sessions join: a phone's join screen, a
#: reload whose old socket is not closed yet, a second tab ...
PEER_PRE_JOIN_SOCKETS = 4
#: ... and in all, joined ones too (a phone's tabs; sockets of a lost Wi-Fi that the server
#: closes only when its pings go unanswered, up to 40 s later).
PEER_SOCKETS = 16
#: Seconds an address waits for its next socket after one was closed for flooding the join
#: screen; doubled with each strike up to :data:`ABUSE_COOLDOWN_MAX` ...
ABUSE_COOLDOWN = 5.0
ABUSE_COOLDOWN_MAX = 300.0
#: ... and strikes are forgotten after this many seconds without one.
ABUSE_FORGET = 600.0
#: New sockets a second for all addresses with strikes together (a burst of as many).
ABUSER_SOCKETS_RATE = 2.0
#: Addresses with strikes remembered at most (the oldest quiet ones are forgotten first).
ABUSERS_KEPT = 4096

_EVENT, _UPDATE = 3, 4
log = logging.getLogger("companion.table")

#: Flet session id → the session's app model (``AppModel``: ``lan`` and ``joined``).
_SESSIONS: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()


def register(session_id: str, model: Any) -> None:
    """Let connections of the Flet session ``session_id`` read its join state from ``model``
    (an object with ``lan`` — ``None`` in plain mode — and ``joined``; kept weakly)."""
    _SESSIONS[session_id] = model


def _joined(session_id: str | None) -> bool:
    model = _SESSIONS.get(session_id) if session_id else None
    return model is not None and (model.lan is None or bool(model.joined))


def _strings_ok(value: Any, limit: int, depth: int = 0) -> bool:
    if isinstance(value, str):
        return len(value) <= limit
    if isinstance(value, bytes):
        return len(value) <= limit
    if depth > 8:
        return False
    if isinstance(value, dict):
        return all(
            _strings_ok(k, limit, depth + 1) and _strings_ok(v, limit, depth + 1)
            for k, v in value.items()
        )
    if isinstance(value, (list, tuple)):
        return all(_strings_ok(v, limit, depth + 1) for v in value)
    return True


def pre_join_problem(frame: bytes) -> str | None:
    """Why ``frame`` is more than the join screen needs (English, for the log), or ``None``."""
    if len(frame) > PRE_JOIN_FRAME_BYTES:
        return f"frame of {len(frame)} bytes"
    if frame[:1] != b"\x00":
        return "not a protocol frame"
    try:
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    except Exception:
        return "undecodable frame"
    if not _strings_ok(body, PRE_JOIN_STRING_CHARS):
        return "long string"
    if action == _UPDATE and isinstance(body, dict):
        props = body.get("props")
        if isinstance(props, dict) and not _strings_ok(props.get("value"), PRE_JOIN_VALUE_CHARS):
            return "long value"
    if (
        action == _EVENT
        and isinstance(body, dict)
        and not _strings_ok(body.get("data"), PRE_JOIN_VALUE_CHARS)
    ):
        return "long event data"
    return None


@dataclass
class Budget:
    """One websocket's allowance (a token bucket whose size and rate follow the join state).

    :param lan: table mode (``False``: every session counts as joined).
    :param clock: monotonic seconds (injected in tests).
    """

    lan: bool
    clock: Callable[[], float] = time.monotonic
    session_id: str | None = None
    _tokens: float = float(PRE_JOIN_BURST)
    _stamp: float | None = None
    _was_joined: bool = field(default=False)

    def __post_init__(self) -> None:
        if not self.lan:  # no join: the joined allowance from the first frame
            self._tokens = float(JOINED_BURST)

    def joined(self) -> bool:
        """Whether this connection's session may use the joined allowance."""
        if not self.lan:
            return True
        now_joined = _joined(self.session_id)
        if now_joined != self._was_joined:  # joined, or sent back by a revocation
            self._was_joined = now_joined
            self._tokens = float(JOINED_BURST if now_joined else PRE_JOIN_BURST)
        return self._was_joined

    def take(self, frame: bytes) -> tuple[str | None, float]:
        """Charge one inbound frame: ``(problem, wait)``.

        ``problem`` (English, for the log) means close the socket; else wait ``wait`` seconds
        (0 when within the allowance) before passing the frame on.
        """
        now = self.clock()
        joined = self.joined()
        burst, rate = (JOINED_BURST, JOINED_RATE) if joined else (PRE_JOIN_BURST, PRE_JOIN_RATE)
        if self._stamp is not None:
            self._tokens = min(float(burst), self._tokens + (now - self._stamp) * rate)
        self._stamp = now
        if joined:
            if len(frame) > JOINED_FRAME_BYTES:
                return f"frame of {len(frame)} bytes", 0.0
            self._tokens -= max(1.0, len(frame) / JOINED_BYTES_PER_FRAME)
            return None, max(0.0, -self._tokens / rate)
        problem = pre_join_problem(frame)
        if problem:
            return problem, 0.0
        if self._tokens < 1:
            return f"more than {PRE_JOIN_RATE:g} frames a second before the join", 0.0
        self._tokens -= 1
        return None, 0.0

    def sent(self, frame: bytes) -> None:
        """Note an outbound frame: the server's answer to registering names the session."""
        if self.session_id is None and frame[:1] == b"\x00":
            try:
                action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
            except Exception:
                return
            if action == 1 and isinstance(body, dict):
                self.session_id = str(body.get("session_id") or "") or None


class PeerSockets:
    """The websockets open now in table mode, by TCP peer address (exact: phones on one Wi-Fi
    may share an IPv6 /64 network and still each get their own allowance).

    Each address may hold :data:`PEER_PRE_JOIN_SOCKETS` sockets whose sessions have not
    joined (:meth:`Budget.joined`) and :data:`PEER_SOCKETS` in all. Used from the server's
    event loop only.
    """

    def __init__(
        self,
        pre_join: int = PEER_PRE_JOIN_SOCKETS,
        total: int = PEER_SOCKETS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.pre_join = pre_join
        self.total = total
        self.clock = clock
        self._open: dict[str, dict[int, Budget]] = {}
        #: address → (strikes, last strike, refused until)
        self._strikes: dict[str, tuple[int, float, float]] = {}
        self._abuser_tokens = ABUSER_SOCKETS_RATE
        self._abuser_stamp: float | None = None

    def abused(self, peer: str) -> None:
        """Note that a socket of ``peer`` was closed for flooding before the join."""
        now = self.clock()
        strikes, last, _until = self._strikes.pop(peer, (0, now, now))
        strikes = 1 if now - last > ABUSE_FORGET else min(strikes + 1, 32)
        wait = min(ABUSE_COOLDOWN_MAX, ABUSE_COOLDOWN * 2 ** (strikes - 1))
        self._strikes[peer] = (strikes, now, now + wait)  # re-inserted: newest last
        while len(self._strikes) > ABUSERS_KEPT:
            del self._strikes[next(iter(self._strikes))]

    def _standing(self, peer: str, now: float) -> str | None:
        """``peer``'s standing at ``now``: ``None`` (no live strike), ``"cooling"`` (its
        cooldown runs) or ``"waiting"`` (it must take from the flooders' shared allowance)."""
        entry = self._strikes.get(peer)
        if entry is None or now - entry[1] > ABUSE_FORGET:
            return None
        return "cooling" if now < entry[2] else "waiting"

    def _allowance(self, now: float) -> float:
        """The flooders' shared allowance at ``now`` (sockets), refilled since the last take."""
        if self._abuser_stamp is None:
            return self._abuser_tokens
        refilled = self._abuser_tokens + (now - self._abuser_stamp) * ABUSER_SOCKETS_RATE
        return min(ABUSER_SOCKETS_RATE, refilled)

    def _cooling(self, peer: str) -> str | None:
        now = self.clock()
        standing = self._standing(peer, now)
        if standing is None:
            self._strikes.pop(peer, None)  # forgotten (or never struck)
            return None
        if standing == "cooling":
            until = self._strikes[peer][2]
            return f"flooded the join screen: next socket in {until - now:.0f} s"
        self._abuser_tokens, self._abuser_stamp = self._allowance(now), now
        if self._abuser_tokens < 1:
            return "addresses that flooded the join screen are opening sockets too fast"
        self._abuser_tokens -= 1
        return None

    def shut(self, peer: str) -> bool:
        """Whether ``peer`` flooded the join screen and may open nothing now — its cooldown
        runs, or the flooders' shared allowance is spent. Takes nothing from the allowance:
        the server asks it for every TCP connection and closes a shut peer's at once, before
        reading a request (an http upgrade costs the host more than the refusal)."""
        now = self.clock()
        standing = self._standing(peer, now)
        return standing == "cooling" or (standing == "waiting" and self._allowance(now) < 1)

    def refusal(self, peer: str) -> str | None:
        """Why ``peer`` may not open one more websocket now (English, for the log), or
        ``None``."""
        held = list(self._open.get(peer, {}).values())
        if len(held) >= self.total:
            return f"{len(held)} websockets open from this address"
        waiting = sum(1 for b in held if not b.joined())
        if waiting >= self.pre_join:
            return f"{waiting} websockets from this address have not joined"
        return self._cooling(peer)

    def opened(self, peer: str, budget: Budget) -> None:
        """Count ``budget``'s socket as open from ``peer``."""
        self._open.setdefault(peer, {})[id(budget)] = budget

    def closed(self, peer: str, budget: Budget) -> None:
        """Forget ``budget``'s socket (it has closed)."""
        held = self._open.get(peer)
        if held is not None:
            held.pop(id(budget), None)
            if not held:
                del self._open[peer]

    def count(self, peer: str) -> int:
        """Websockets open from ``peer`` now."""
        return len(self._open.get(peer, {}))


async def budgeted(
    app: Any,
    scope: dict[str, Any],
    receive: Any,
    send: Any,
    *,
    lan: bool,
    on_abuse: Callable[[str], None] | None = None,
    sockets: PeerSockets | None = None,
) -> None:
    """Run the ASGI websocket ``app`` with every inbound frame charged to a new :class:`Budget`.

    A frame past the budget closes the socket (1008) and, before the join, calls
    ``on_abuse`` with the TCP peer address; a joined session's fast frames just wait. With
    ``sockets``, a socket past its address's allowance (:meth:`PeerSockets.refusal`) is
    refused before the app sees it (HTTP 403).
    """
    budget = Budget(lan=lan)
    peer = str(scope["client"][0]) if scope.get("client") else "?"
    closed = False
    if sockets is not None:
        refusal = sockets.refusal(peer)
        if refusal:
            log.warning("refused a websocket from %s: %s", peer, refusal)
            await send({"type": "websocket.close", "code": 1008})  # before accept: 403
            return
        sockets.opened(peer, budget)

    async def budgeted_receive() -> dict[str, Any]:
        nonlocal closed
        message: dict[str, Any] = await receive()
        if closed or message.get("type") != "websocket.receive":
            return message
        frame = message.get("bytes") or (message.get("text") or "").encode()
        problem, wait = budget.take(frame)
        if problem:
            closed = True
            log.warning("closed a websocket from %s: %s", peer, problem)
            if not budget.joined():
                if sockets is not None:
                    sockets.abused(peer)
                if on_abuse:
                    on_abuse(peer)
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": 1008})
            return {"type": "websocket.disconnect", "code": 1008}
        if wait:
            await asyncio.sleep(wait)
        return message

    async def noting_send(message: dict[str, Any]) -> None:
        if closed:
            return
        if budget.session_id is None and message.get("type") == "websocket.send":
            budget.sent(message.get("bytes") or b"")
        await send(message)

    try:
        await app(scope, budgeted_receive, noting_send)
    finally:
        if sockets is not None:
            sockets.closed(peer, budget)
