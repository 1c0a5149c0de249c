"""Table-mode security: who is connected, how often they may guess, what they may change.

- :class:`Throttle` limits wrong join codes per TCP peer address (taken from the server's
  connection, never from anything the client sends) *and* across all clients, with backoff.
- :class:`DeviceTokens` lets a phone rejoin without the code: an HMAC over role and name,
  keyed by a secret kept in the data folder *and* the join code, so a new code revokes
  every token.
- :func:`require_player` is the one role check for everything shared (games, house
  rulings, settings, files on the host): call it before any change.
- :func:`code_problem` is the one rule for a join code set with ``--code`` (the CLI and
  :func:`companion.ui.lan.new_code` both use it), :data:`CODE_MAX_DIGITS` the one limit the
  join screen's code field is sized by.
- :class:`Connection` is what the server knows about the websocket a session arrived on
  (set by :mod:`companion.ui.webserver` for each connection, read once per session).
"""

from __future__ import annotations

import base64
import contextvars
import hashlib
import hmac
import json
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
#: First per-address lockout; it doubles with every further lockout, up to the cap.
PER_PEER_LOCKOUT = 30.0
PER_PEER_LOCKOUT_CAP = 15 * 60.0
#: All clients together: at most this many wrong codes in a burst ...
GLOBAL_BURST = 10
#: ... and then one more per this many seconds (6 a minute), whoever sends them.
GLOBAL_REFILL_SECONDS = 10.0
#: When the burst is used up, code checks pause this long; doubles each time, up to the cap.
GLOBAL_LOCKOUT = 60.0
GLOBAL_LOCKOUT_CAP = 30 * 60.0


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
    """

    peer: str
    secure: bool
    host: str = ""


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
    s = int(seconds) + 1
    return f"{s} с" if s < 120 else f"{(s + 59) // 60} мин"


@dataclass
class _Peer:
    failures: list[float] = field(default_factory=list)
    locked_until: float = 0.0
    lockouts: int = 0


@dataclass
class Throttle:
    """Wrong-code limits: per peer address and across all clients, both with backoff.

    Per address: after :data:`PER_PEER_FAILURES` wrong codes within
    :data:`PER_PEER_WINDOW` s that address waits :data:`PER_PEER_LOCKOUT` s, doubled at
    every further lockout (cap :data:`PER_PEER_LOCKOUT_CAP`).

    All clients: a bucket of :data:`GLOBAL_BURST` wrong codes that refills one per
    :data:`GLOBAL_REFILL_SECONDS` s. Emptying it pauses every code check for
    :data:`GLOBAL_LOCKOUT` s, doubled each time it is emptied again before it refilled
    completely (cap :data:`GLOBAL_LOCKOUT_CAP`). So no set of clients, whatever addresses
    they use, gets more than ``GLOBAL_BURST + t / GLOBAL_REFILL_SECONDS`` guesses in ``t``
    seconds. While locked, even the right code is refused (it is not even compared).

    :param clock: monotonic seconds (injected in tests).
    """

    clock: Callable[[], float] = time.monotonic
    _peers: dict[str, _Peer] = field(default_factory=dict)
    _tokens: float = float(GLOBAL_BURST)
    _stamp: float | None = None
    _global_until: float = 0.0
    _global_lockouts: int = 0
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _refill(self, now: float) -> None:
        if self._stamp is None:
            self._stamp = now
        start = max(self._stamp, self._global_until)  # no refill while paused
        if now > start:
            self._tokens = min(
                float(GLOBAL_BURST), self._tokens + (now - start) / GLOBAL_REFILL_SECONDS
            )
        self._stamp = now
        if self._tokens >= GLOBAL_BURST:
            self._global_lockouts = 0  # quiet long enough: backoff starts over

    def check(self, peer: str) -> str | None:
        """``None`` when ``peer`` may try a code now, else the Russian refusal."""
        now = self.clock()
        with self._lock:
            self._refill(now)
            p = self._peers.get(peer)
            if p is not None and now < p.locked_until:
                return (
                    "Слишком много неверных попыток с этого устройства: "
                    f"подождите {_fmt_wait(p.locked_until - now)}."
                )
            if now < self._global_until or self._tokens < 1:
                wait = max(self._global_until - now, (1 - self._tokens) * GLOBAL_REFILL_SECONDS)
                return (
                    "Слишком много неверных кодов со всех устройств: вход по коду приостановлен "
                    f"на {_fmt_wait(wait)}. Уже вошедшие телефоны продолжают игру."
                )
            return None

    def failed(self, peer: str) -> None:
        """Count one wrong code from ``peer`` (per address and globally)."""
        now = self.clock()
        with self._lock:
            self._refill(now)
            p = self._peers.setdefault(peer, _Peer())
            p.failures = [t for t in p.failures if now - t < PER_PEER_WINDOW] + [now]
            if len(p.failures) >= PER_PEER_FAILURES:
                p.locked_until = now + min(PER_PEER_LOCKOUT * 2**p.lockouts, PER_PEER_LOCKOUT_CAP)
                p.lockouts += 1
                p.failures = []
            self._tokens -= 1
            if self._tokens < 1:
                self._global_until = now + min(
                    GLOBAL_LOCKOUT * 2**self._global_lockouts, GLOBAL_LOCKOUT_CAP
                )
                self._global_lockouts += 1

    def succeeded(self, peer: str) -> None:
        """The right code from ``peer``: its own failure count starts over."""
        with self._lock:
            p = self._peers.get(peer)
            if p is not None:
                p.failures = []


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


class DeviceTokens:
    """Rejoin tokens: ``payload.mac`` where the MAC is HMAC-SHA256 keyed by the device
    secret and the join code; the payload names the role and the name.

    :param secret: the host's device secret (:func:`device_secret`).
    :param code: the current join code: another code makes every older token invalid.
    """

    def __init__(self, secret: bytes, code: str) -> None:
        self._key = hmac.new(secret, b"join-code:" + code.encode(), hashlib.sha256).digest()

    def issue(self, role: str, name: str) -> str:
        """A token for a device that joined with the right code."""
        payload = json.dumps(
            {"r": role, "n": name, "i": secrets.token_hex(8)}, ensure_ascii=False
        ).encode()
        mac = hmac.new(self._key, payload, hashlib.sha256).digest()
        return f"{_b64(payload)}.{_b64(mac)}"

    def verify(self, token: object) -> tuple[str, str] | None:
        """``(role, name)`` of a valid token, else ``None`` (never raises on bad input)."""
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
        role, name = data.get("r"), data.get("n")
        if role not in ("player", "spectator") or not isinstance(name, str):
            return None
        return role, name
