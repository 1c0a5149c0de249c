"""Table mode's gate (``companion --lan``), no controls: the join code (wrong codes throttled:
:class:`companion.table.security.Throttle`), rejoin tokens, the devices joined and asking
(:class:`~companion.table.hall.Hall`), and each session's :class:`Seat`. The join screen is
:mod:`companion.ui.lan`."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.errors import SetupError
from companion.i18n import _
from companion.store import limits
from companion.table.hall import Hall, JoinedDevice
from companion.table.security import (
    CODE_DIGITS,
    CODE_MAX_DIGITS,
    Connection,
    DeviceTokens,
    Throttle,
    code_problem,
)

__all__ = [
    "LanGate",
    "Seat",
    "JoinInfo",
    "spaced",
    "typed_code",
    "new_code",
    "where_the_code_is",
    "CODE_DIGITS",
    "CODE_FIELD_CHARS",
    "NAME_CHARS",
    "TOKEN_KEY",
    "lan_address",
]

#: Characters the code field takes: the longest code in groups of four.
CODE_FIELD_CHARS = CODE_MAX_DIGITS + (CODE_MAX_DIGITS - 1) // 4
#: Where a device keeps its rejoin token (browser local storage, via ft.SharedPreferences).
TOKEN_KEY = "companion.rejoin"
#: Seconds to wait for the browser's storage: reading the token, writing it.
READ_TOKEN_SECONDS = 10
WRITE_TOKEN_SECONDS = 30
#: Characters a name typed on the join screen may have (the store's limit).
NAME_CHARS = limits.NAME_CHARS


def where_the_code_is() -> str:
    """Where a device not joined can read the code: the host's terminal, a joined player's home."""
    return _(
        "Код напечатан в терминале, где запущен companion, и виден на главном экране "
        "у игроков, которые уже вошли."
    )


def new_code(explicit: str | None = None) -> str:
    """The join code: ``explicit``, else 8 random digits.
    :raises SetupError: ``explicit`` is not 8 to 16 digits (:func:`code_problem`)."""
    if explicit is None:
        return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"
    problem = code_problem(explicit)
    if problem:
        raise SetupError(f"{problem[0].upper()}{problem[1:]}.")
    return explicit


def spaced(code: str) -> str:
    """The code in groups of four digits for reading aloud: ``"1234 5678"``."""
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4))


def typed_code(text: str) -> str:
    """What was typed, without the spaces and dashes a code may be read with."""
    return "".join(ch for ch in text if ch not in " -\t")


def lan_address() -> str:
    """This machine's LAN address, best effort, no packets sent (host name's addresses, then a
    UDP socket's interface, else 127.0.0.1)."""
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            ip = str(info[4][0])
            if not ip.startswith("127."):
                return ip
    except OSError:
        pass
    for probe in ("192.168.255.255", "10.255.255.255", "172.31.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                ip = str(s.getsockname()[0])
        except OSError:
            continue
        if not ip.startswith(("127.", "0.")):
            return ip
    return "127.0.0.1"


@dataclass
class LanGate:
    """The join code, wrong-code limits and rejoin tokens of one host process: ``code``, ``url``
    (the join address), ``clock`` (monotonic s), ``secret`` (random when not given),
    ``fingerprint`` (``--https`` SHA-256 or ``""``), ``revoked`` (:class:`DeviceTokens` or
    ``None``)."""

    code: str
    url: str
    clock: Callable[[], float] = time.monotonic
    secret: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    fingerprint: str = ""
    revoked: Path | None = None
    throttle: Throttle = field(init=False)
    tokens: DeviceTokens = field(init=False)
    #: joined devices by token id: what :meth:`revoke` can name (the host's list)
    devices: dict[str, JoinedDevice] = field(init=False, default_factory=dict)
    #: requests to be let in, host screens watching, sessions to send back (:class:`Hall`)
    hall: Hall = field(init=False, default_factory=Hall)

    def joined(self, token: str, peer: str, agent: str) -> None:
        """Note a device that got (or came back with) ``token``."""
        data = self.tokens.details(token, agent)
        if data is not None:
            self.devices[str(data["i"])] = JoinedDevice(
                str(data["i"]), str(data["n"]), str(data["r"]), peer, agent, float(data["t"])
            )
            self.hall.withdraw(peer)
            self.hall.changed()

    def revoke(self, token_id: str) -> None:
        """Revoke one device's token; a session in with it goes back to the join screen."""
        self.tokens.revoke(token_id)
        self.devices.pop(token_id, None)
        self.hall.kick(token_id)
        self.hall.changed()

    def renew(self, spare: Seat | None = None) -> str:
        """A new random code (returned): old tokens stop working, every session but ``spare``'s goes
        back to the join screen."""
        for token_id in list(self.devices):
            self.tokens.revoke(token_id)
        self.code = new_code()
        self.tokens = DeviceTokens(self.secret, self.code, revoked=self.revoked)
        self.devices.clear()
        self.hall.kick(spare=spare.kick if spare else None)
        self.hall.changed()
        return self.code

    def admit(self, knock_id: str, let_in: bool = True) -> bool:
        """Let request ``knock_id`` in as a player, or refuse it (``let_in=False``: a wrong code
        of its address); ``False`` when it is gone."""
        knock = self.hall.take(knock_id)
        if knock is not None:
            (self.throttle.succeeded if let_in else self.throttle.failed)(knock.peer)
            with contextlib.suppress(Exception):  # the phone's session may be gone
                knock.answer(let_in)
        return knock is not None

    def decline(self, knock_id: str) -> None:
        """Refuse request ``knock_id`` (:meth:`admit`)."""
        self.admit(knock_id, let_in=False)

    def __post_init__(self) -> None:
        self.throttle = Throttle(clock=self.clock)
        self.tokens = DeviceTokens(self.secret, self.code, revoked=self.revoked)

    def try_code(self, typed: str, peer: str | None) -> str | None:
        """``None`` when the typed code is right, else a Russian refusal; ``peer``: the TCP address
        (a locked-out peer is refused without comparing)."""
        key = peer or "?"
        refusal = self.throttle.check(key)
        if refusal:
            return refusal
        if secrets.compare_digest(typed_code(typed).encode(), self.code.encode()):
            self.throttle.succeeded(key)
            return None
        self.throttle.failed(key)
        return f"{_('Неверный код.')} {where_the_code_is()}"


@dataclass(frozen=True)
class JoinInfo:
    """What a device chose when it joined."""

    role: str  # "player" | "spectator"
    name: str


@dataclass
class Seat:
    """One session's place at the table: ``gate`` (:class:`LanGate`), ``conn`` (its websocket)."""

    gate: LanGate
    conn: Connection
    prefs: Any = None  # ft.SharedPreferences of this session
    kick: Callable[[], None] | None = None  # back to the join screen (set by JoinFlow)

    def sit(self, token: str) -> None:
        """Note this session in with ``token`` (sent back on revocation, :attr:`kick`)."""
        self.gate.joined(token, self.conn.peer, self.conn.agent)
        data = self.gate.tokens.details(token, self.conn.agent)
        if data is not None and self.kick is not None:
            self.gate.hall.seat(str(data["i"]), self.kick)

    async def stored_token(self) -> str | None:
        """The rejoin token kept in this browser, or ``None`` (never raises)."""
        try:
            value = await asyncio.wait_for(self.prefs.get(TOKEN_KEY), READ_TOKEN_SECONDS)
        except Exception:  # no storage, no answer: ask for the code
            return None
        return value if isinstance(value, str) else None

    async def keep_token(self, info: JoinInfo) -> None:
        """Keep a fresh rejoin token for ``info`` in this browser (best effort)."""
        token = self.gate.tokens.issue(info.role, info.name, self.conn.agent)
        self.sit(token)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.prefs.set(TOKEN_KEY, token), WRITE_TOKEN_SECONDS)

    async def forget_token(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.prefs.remove(TOKEN_KEY), WRITE_TOKEN_SECONDS)
