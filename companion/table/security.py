"""Table-mode security: who is connected, how often they may guess, what they may change.

- :class:`Throttle` limits wrong join codes per TCP peer address (taken from the server's
  connection, never from anything the client sends) *and* across all clients, with backoff.
- :class:`DeviceTokens` lets a phone rejoin without the code: an HMAC over role and name,
  keyed by a secret kept in the data folder *and* the join code, so a new code revokes
  every token.
- :func:`require_player` is the one role check for everything shared (games, house
  rulings, settings, files on the host): call it before any change.
- :func:`code_problem` is the one rule for a join code set with ``--code`` (the CLI and
  :func:`companion.table.gate.new_code` both use it), :data:`CODE_MAX_DIGITS` the one limit the
  join screen's code field is sized by.
- :class:`Connection` is what the server knows about the websocket a session arrived on
  (set by :mod:`companion.table.webserver` for each connection, read once per session).
"""

from __future__ import annotations

import base64
import contextlib
import contextvars
import functools
import hashlib
import hmac
import ipaddress
import json
import math
import os
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import CompanionError

__all__ = [
    "Connection",
    "CONNECTION",
    "connection",
    "Throttle",
    "DeviceTokens",
    "NotAllowedError",
    "require_player",
    "is_player",
    "on_host",
    "CODE_DIGITS",
    "CODE_MAX_DIGITS",
    "code_problem",
    "PER_PEER_FAILURES",
    "PER_PEER_WINDOW",
    "GLOBAL_BURST",
    "GLOBAL_REFILL_SECONDS",
    "NEWCOMER_BURST",
    "NEWCOMER_REFILL_SECONDS",
    "guess_bound",
    "peer_key",
]

#: Digits of a random join code, and the fewest a code set with ``--code`` may have (10**8
#: codes: see the README for the arithmetic).
CODE_DIGITS = 8
#: The most digits a join code may have: the join screen's code field takes this many digits
#: and the spaces between their groups of four, as the host shows the code (``--code`` with
#: more could never be typed: every phone would be locked out).
CODE_MAX_DIGITS = 16

#: Wrong codes one address may send within :data:`PER_PEER_WINDOW` seconds before a lockout.
PER_PEER_FAILURES = 5
PER_PEER_WINDOW = 30.0
#: First per-address lockout; it doubles with every further lockout still remembered (at
#: most :data:`PER_PEER_MAX_DOUBLINGS` times, and never past the cap) ...
PER_PEER_LOCKOUT = 30.0
PER_PEER_MAX_DOUBLINGS = 5
PER_PEER_LOCKOUT_CAP = 15 * 60.0
#: ... and one remembered lockout is forgotten per this many seconds without a new one.
PER_PEER_DECAY = 3600.0
#: Addresses remembered at most (the least recently seen are forgotten first).
MAX_PEERS = 4096
#: All clients together: a bucket of this many wrong codes ...
GLOBAL_BURST = 10
#: ... refilled one per this many seconds (6 a minute), whoever sends them. An empty bucket
#: refuses an attempt only until the next refill: at most this long.
GLOBAL_REFILL_SECONDS = 10.0
#: A first attempt from an address with no wrong code in :data:`NEWCOMER_PERIOD` seconds
#: may also use a bucket of its own (so a stranger's guessing never keeps a new phone out):
#: this many at once, then one per :data:`NEWCOMER_REFILL_SECONDS`.
NEWCOMER_BURST = 20
NEWCOMER_REFILL_SECONDS = 60.0
NEWCOMER_PERIOD = 24 * 3600.0


@functools.lru_cache(maxsize=4096)  # parsed once per address: every attempt asks (3 times)
def peer_key(peer: str) -> str:
    """The address the limits count by: an IPv4 address as it is, an IPv6 address by its
    /64 network (one device can take any address in its network), anything else as given."""
    try:
        ip = ipaddress.ip_address(peer)
    except ValueError:
        return peer
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def code_problem(code: str) -> str | None:
    """Why ``code`` cannot be the join code (a Russian phrase naming the limit), or ``None``.

    A join code is :data:`CODE_DIGITS` to :data:`CODE_MAX_DIGITS` digits 0–9 and nothing else:
    what a phone's digit keyboard types, compared as typed minus spaces and hyphens (so a
    space, a letter or another script's digits — «١٢٣», «１２３», which ``str.isdigit`` takes —
    could never be matched).
    """
    limit = f"нужно от {CODE_DIGITS} до {CODE_MAX_DIGITS} цифр 0–9"
    if not code.strip():
        return f"код для входа пуст: {limit}"
    if not (code.isascii() and code.isdigit()):
        return f"в коде для входа только цифры 0–9, без пробелов и букв: {limit}"
    if len(code) < CODE_DIGITS:
        return f"код из {len(code)} цифр слишком короткий (его можно подобрать): {limit}"
    if len(code) > CODE_MAX_DIGITS:
        return f"код из {len(code)} цифр не поместится в поле для кода на телефоне: {limit}"
    return None


class NotAllowedError(CompanionError, PermissionError):
    """A spectator (or a device that has not joined) tried to change something shared."""


@dataclass(frozen=True)
class Connection:
    """The websocket a session arrived on, as the server saw it.

    :param peer: the TCP peer address from the server's connection (``scope["client"]``).
    :param secure: the page is a secure context: https, or a loopback address.
    :param host: the host the browser used (checked against the allowed origins).
    :param agent: the browser's ``User-Agent`` (a rejoin token is bound to it).
    """

    peer: str
    secure: bool
    host: str = ""
    agent: str = ""


#: Set by the server for each websocket connection (its task and the session's tasks).
CONNECTION: contextvars.ContextVar[Connection | None] = contextvars.ContextVar(
    "companion_connection", default=None
)


def connection() -> Connection:
    """The current websocket's :class:`Connection` (an unknown peer when none is known)."""
    return CONNECTION.get() or Connection(peer="?", secure=False)


def on_host(conn: Connection | None = None) -> bool:
    """Whether the session runs on the host computer itself: the desktop window (no
    websocket: an unknown peer) or a browser on a loopback address. Host paths and folders
    are named only there (a phone cannot open ``/tmp/…`` of another machine).

    :param conn: the session's connection; the current websocket's when ``None``.
    """
    import ipaddress

    peer = (conn or connection()).peer
    if peer == "?":
        return True
    try:
        return ipaddress.ip_address(peer.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def is_player(app: Any) -> bool:
    """Whether the session ``app`` (an :class:`~companion.ui.state.AppModel`) may change
    shared things: always in plain mode; in table mode only a joined player."""
    if getattr(app, "lan", None) is None:
        return True
    return bool(app.joined) and app.role == "player"


def require_player(app: Any) -> None:
    """The one role check for shared things: games, house rulings, settings, host files.

    :param app: the session's :class:`~companion.ui.state.AppModel` (``nav.app_model()``).
    :raises NotAllowedError: for a spectator or a device that has not joined.
    """
    if not is_player(app):
        raise NotAllowedError("Вы вошли как зритель: менять это может только игрок.")


def _fmt_wait(seconds: float) -> str:
    s = max(1, math.ceil(seconds))
    return f"{s} с" if s < 120 else f"{(s + 59) // 60} мин"


@dataclass
class _Peer:
    failures: list[float] = field(default_factory=list)
    locked_until: float = 0.0
    lockouts: int = 0
    decayed_at: float = 0.0  # when ``lockouts`` was last lowered (or raised)
    last_failure: float = float("-inf")


@dataclass
class _Bucket:
    size: float
    refill: float  # seconds per token
    tokens: float = -1.0
    stamp: float | None = None

    def level(self, now: float) -> float:
        if self.stamp is None or self.tokens < 0:
            self.tokens, self.stamp = self.size, now
        elif now > self.stamp:
            self.tokens = min(self.size, self.tokens + (now - self.stamp) / self.refill)
            self.stamp = now
        return self.tokens

    def wait(self, now: float) -> float:
        return max(0.0, (1 - self.level(now)) * self.refill)

    def take(self, now: float) -> None:
        self.tokens = max(0.0, self.level(now) - 1)


@dataclass
class Throttle:
    """Wrong-code limits: per peer address with capped, decaying backoff; across all clients
    a steady rate.

    Per address (:func:`peer_key`): after :data:`PER_PEER_FAILURES` wrong codes within
    :data:`PER_PEER_WINDOW` s that address waits :data:`PER_PEER_LOCKOUT` s, doubled for each
    earlier lockout still remembered (at most :data:`PER_PEER_MAX_DOUBLINGS` doublings, cap
    :data:`PER_PEER_LOCKOUT_CAP`); one is forgotten per :data:`PER_PEER_DECAY` s.

    All clients: a bucket of :data:`GLOBAL_BURST` wrong codes that refills one per
    :data:`GLOBAL_REFILL_SECONDS` s; while it is empty an attempt waits for the next refill
    (never longer). A first attempt from an address with no wrong code for
    :data:`NEWCOMER_PERIOD` s may use the newcomers' bucket instead (:data:`NEWCOMER_BURST`,
    one per :data:`NEWCOMER_REFILL_SECONDS` s). So no set of clients, whatever addresses they
    use, gets more than ``GLOBAL_BURST + NEWCOMER_BURST + t / GLOBAL_REFILL_SECONDS +
    t / NEWCOMER_REFILL_SECONDS`` guesses in ``t`` seconds (:func:`guess_bound`). While
    refused, even the right code is not compared. No count grows without bound: memory is
    at most :data:`MAX_PEERS` addresses.

    :param clock: monotonic seconds (injected in tests).
    """

    clock: Callable[[], float] = time.monotonic
    _peers: dict[str, _Peer] = field(default_factory=dict)
    _global: _Bucket = field(default_factory=lambda: _Bucket(GLOBAL_BURST, GLOBAL_REFILL_SECONDS))
    _new: _Bucket = field(default_factory=lambda: _Bucket(NEWCOMER_BURST, NEWCOMER_REFILL_SECONDS))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _peer(self, key: str, now: float) -> _Peer | None:
        p = self._peers.get(key)
        if p is not None and p.lockouts and now > p.decayed_at:
            gone = int((now - p.decayed_at) // PER_PEER_DECAY)
            if gone:
                p.lockouts = max(0, p.lockouts - gone)
                p.decayed_at += gone * PER_PEER_DECAY
        return p

    def _newcomer(self, p: _Peer | None, now: float) -> bool:
        return p is None or now - p.last_failure >= NEWCOMER_PERIOD

    def wait(self, peer: str) -> tuple[float, str]:
        """Seconds ``peer`` must wait before a code is compared (0: now), and which limit:
        ``"peer"``, ``"all"`` or ``""``."""
        now = self.clock()
        with self._lock:
            p = self._peer(peer_key(peer), now)
            if p is not None and now < p.locked_until:
                return p.locked_until - now, "peer"
            wait = self._global.wait(now)
            if wait and self._newcomer(p, now):
                wait = min(wait, self._new.wait(now))
            return (wait, "all") if wait else (0.0, "")

    def admits(self, peer: str) -> bool:
        """Whether ``peer`` may open a websocket now: not while its own lockout lasts (a
        client that floods the join screen and reconnects costs a session each time)."""
        return self.wait(peer)[1] != "peer"

    def check(self, peer: str) -> str | None:
        """``None`` when ``peer`` may try a code now, else the Russian refusal."""
        wait, which = self.wait(peer)
        if which == "peer":
            return (
                f"Слишком много неверных попыток с этого устройства: подождите {_fmt_wait(wait)}."
            )
        if which == "all":
            return (
                "Слишком много неверных кодов со всех устройств: попробуйте снова через "
                f"{_fmt_wait(wait)}. Уже вошедшие телефоны продолжают игру."
            )
        return None

    def failed(self, peer: str) -> None:
        """Count one wrong code (or one abuse of the join screen) from ``peer``."""
        now = self.clock()
        key = peer_key(peer)
        with self._lock:
            p = self._peer(key, now)
            newcomer = self._newcomer(p, now)
            if p is None:
                p = self._peers[key] = _Peer()
                self._forget(now)
            else:  # most recently seen last: the least recent is forgotten first
                self._peers[key] = self._peers.pop(key)
            p.last_failure = now
            p.failures = [t for t in p.failures if now - t < PER_PEER_WINDOW] + [now]
            if len(p.failures) >= PER_PEER_FAILURES:
                doublings = min(p.lockouts, PER_PEER_MAX_DOUBLINGS)
                p.locked_until = now + min(PER_PEER_LOCKOUT * 2**doublings, PER_PEER_LOCKOUT_CAP)
                p.lockouts = min(p.lockouts + 1, PER_PEER_MAX_DOUBLINGS + 1)
                p.decayed_at = now
                p.failures = []
            if self._global.level(now) < 1 and newcomer and self._new.level(now) >= 1:
                self._new.take(now)
            else:
                self._global.take(now)

    def _forget(self, now: float) -> None:
        if len(self._peers) <= MAX_PEERS:
            return
        for key in list(self._peers):  # oldest first: forget those with nothing pending
            p = self._peers[key]
            if len(self._peers) <= MAX_PEERS // 2:
                return
            if now >= p.locked_until:
                del self._peers[key]
        while len(self._peers) > MAX_PEERS:
            del self._peers[next(iter(self._peers))]

    def succeeded(self, peer: str) -> None:
        """The right code from ``peer``: its own failure count starts over."""
        with self._lock:
            p = self._peers.get(peer_key(peer))
            if p is not None:
                p.failures = []

    def peers(self) -> int:
        """How many addresses are remembered (at most :data:`MAX_PEERS`)."""
        return len(self._peers)


def guess_bound(seconds: float) -> float:
    """The most codes all clients together can have compared in ``seconds`` (see
    :class:`Throttle`)."""
    return (
        GLOBAL_BURST
        + NEWCOMER_BURST
        + seconds / GLOBAL_REFILL_SECONDS
        + seconds / NEWCOMER_REFILL_SECONDS
    )


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def device_secret(root: Path) -> bytes:
    """32 random bytes kept in ``<data dir>/device-key`` (made on first use, mode 0600)."""
    path = Path(root) / "device-key"
    try:
        data = path.read_bytes()
        if len(data) == 32:
            return data
    except OSError:
        pass
    data = secrets.token_bytes(32)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
    except OSError:  # a read-only data folder: tokens then last until the host stops
        pass
    return data


#: A rejoin token lets its device in for this many seconds after the code was typed (12 h:
#: a long game night); then the code is asked again.
TOKEN_SECONDS = 12 * 3600.0


def _device(agent: str) -> str:
    return hashlib.sha256(agent.encode()).hexdigest()[:16]


class DeviceTokens:
    """Rejoin tokens: ``payload.mac`` where the MAC is HMAC-SHA256 keyed by the device
    secret and the join code; the payload names the role, the name, the token's id, when it
    was issued and a hash of the browser's ``User-Agent``.

    A token is valid for :data:`TOKEN_SECONDS` after it was issued, from a browser with the
    same ``User-Agent`` (as far as a browser can be told apart: the token itself lives in
    that browser's storage for this address), until its id is revoked (:meth:`revoke`;
    revocations are kept in ``revoked`` when given, so they outlast a restart).

    :param secret: the host's device secret (:func:`device_secret`).
    :param code: the current join code: another code makes every older token invalid.
    :param clock: wall-clock seconds (tokens outlast a host restart; injected in tests).
    :param revoked: a JSON file of revoked ids (``{id: expiry}``), or ``None``: in memory.
    """

    def __init__(
        self,
        secret: bytes,
        code: str,
        clock: Callable[[], float] = time.time,
        revoked: Path | None = None,
    ) -> None:
        self._key = hmac.new(secret, b"join-code:" + code.encode(), hashlib.sha256).digest()
        self.clock = clock
        self._revoked_path = revoked
        self._revoked: dict[str, float] = {}
        self._last: dict[str, Any] = {}
        if revoked is not None:
            try:
                data = json.loads(revoked.read_text(encoding="utf-8"))
                self._revoked = {str(k): float(v) for k, v in data.items()}
            except (OSError, ValueError, AttributeError, TypeError):
                self._revoked = {}

    def issue(self, role: str, name: str, agent: str = "") -> str:
        """A token for a device that joined with the right code (``agent``: its User-Agent)."""
        payload = json.dumps(
            {
                "r": role,
                "n": name,
                "i": secrets.token_hex(8),
                "t": int(self.clock()),
                "d": _device(agent),
            },
            ensure_ascii=False,
        ).encode()
        mac = hmac.new(self._key, payload, hashlib.sha256).digest()
        return f"{_b64(payload)}.{_b64(mac)}"

    def revoke(self, token_id: str) -> None:
        """Make the token ``token_id`` invalid (best effort kept on disk until it expires)."""
        now = self.clock()
        self._revoked = {k: v for k, v in self._revoked.items() if v > now}
        self._revoked[token_id] = now + TOKEN_SECONDS
        if self._revoked_path is not None:
            with contextlib.suppress(OSError):
                tmp = self._revoked_path.with_suffix(".tmp")
                tmp.write_text(json.dumps(self._revoked), encoding="utf-8")
                os.replace(tmp, self._revoked_path)

    def details(self, token: object, agent: str = "") -> dict[str, Any] | None:
        """The payload of a valid token (``r`` role, ``n`` name, ``i`` id, ``t`` issued),
        else ``None`` (never raises on bad input)."""
        found = self.verify(token, agent)
        return self._last if found else None

    def verify(self, token: object, agent: str = "") -> tuple[str, str] | None:
        """``(role, name)`` of a valid token from the browser ``agent``, else ``None``
        (never raises on bad input)."""
        if not isinstance(token, str) or token.count(".") != 1 or len(token) > 2000:
            return None
        try:
            p64, m64 = token.split(".")
            payload, mac = _unb64(p64), _unb64(m64)
        except (ValueError, TypeError):
            return None
        good = hmac.new(self._key, payload, hashlib.sha256).digest()
        if not hmac.compare_digest(good, mac):
            return None
        try:
            data = json.loads(payload)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        role, name, issued = data.get("r"), data.get("n"), data.get("t")
        if role not in ("player", "spectator") or not isinstance(name, str):
            return None
        now = self.clock()
        if not isinstance(issued, int) or not (issued - 60 <= now < issued + TOKEN_SECONDS):
            return None  # expired (or a token from before tokens expired)
        if data.get("d") != _device(agent) or str(data.get("i")) in self._revoked:
            return None
        self._last = data
        return role, name
