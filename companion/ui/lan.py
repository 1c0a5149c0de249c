"""Table mode (``companion --lan``): every phone on the same live game. A join code is asked
before any game data is sent (wrong codes throttled: :class:`companion.table.security.Throttle`);
a device joins as a player or a spectator and keeps a rejoin token."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft

from companion import APP_NAME
from companion.errors import SetupError
from companion.i18n import _
from companion.store import limits
from companion.table.security import (
    CODE_DIGITS,
    CODE_MAX_DIGITS,
    Connection,
    DeviceTokens,
    Throttle,
    code_problem,
)
from companion.ui.hall import Hall, JoinedDevice
from companion.ui.tagged_controls import heading, radio_group, text_field
from companion.ui.widgets import button, said, tagged, use_form

__all__ = [
    "LanGate",
    "Seat",
    "JoinFlow",
    "JoinScreen",
    "JoinInfo",
    "spaced",
    "new_code",
    "CODE_DIGITS",
    "CODE_FIELD_CHARS",
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


def _typed(text: str) -> str:
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
        if secrets.compare_digest(_typed(typed).encode(), self.code.encode()):
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


@ft.component
def JoinFlow(app: Any) -> ft.Control:
    """Before a device is in: its valid rejoin token, else the code."""
    seat: Seat = app.lan
    checking, set_checking = ft.use_state(True)
    page = ft.context.page

    def back() -> None:  # the host revoked this device's token: called from its session
        async def out() -> None:
            app.joined = False

        contextvars.copy_context().run(page.run_task, out)

    seat.kick = back

    def enter(info: JoinInfo) -> None:
        app.role, app.name = info.role, info.name
        app.joined = True

    async def rejoin() -> None:
        token = await seat.stored_token()
        info = seat.gate.tokens.verify(token, seat.conn.agent) if token else None
        if info is not None and token:
            seat.sit(token)
            enter(JoinInfo(*info))
            return
        if token:
            await seat.forget_token()
        set_checking(False)

    ft.use_effect(rejoin, [])

    def joined(info: JoinInfo) -> None:
        ft.context.page.run_task(seat.keep_token, info)
        enter(info)

    if checking:
        return tagged("rejoin-wait", ft.Column([ft.ProgressRing(), ft.Text(_("Подключение…"))]))
    return JoinScreen(seat, joined)


@ft.component
def JoinScreen(seat: Seat, on_join: Callable[[JoinInfo], None]) -> ft.Control:
    """The only thing a device sees before it types the right code: no game data at all."""
    # «Войти» reads what was typed at tap time (use_form)
    typed, update, latest = use_form(lambda: {"code": "", "name": ""})
    code, name = typed["code"], typed["name"]

    # the last refusal and whether it stands; put away it stays laid out, invisible
    refusal, set_refusal = ft.use_state(("", False, False))

    def set_error(text: str, note: bool = False) -> None:
        set_refusal((text, True, note))

    def put(key: str, value: str) -> None:
        if value != latest()[key]:  # a change event that changes nothing keeps the refusal
            set_refusal(lambda shown: (shown[0], False, shown[2]))
        update(lambda now: {**now, key: value})

    full = _("Имя — не длиннее {n} знаков.").format(n=NAME_CHARS)
    role, set_role = ft.use_state("player")
    picked = ft.use_ref("player")  # updated by the handler itself, before any re-render
    error, standing, note = refusal

    def pick(value: str) -> None:
        picked.current = value
        set_role(value)

    def join() -> None:
        code, name = latest()["code"], latest()["name"]
        if not _typed(code):  # nothing typed: say so; not a guess, not counted as one
            set_error(f"{_('Введите код.')} {where_the_code_is()}")
            return
        refusal = seat.gate.try_code(code, seat.conn.peer)  # the TCP peer, not page.client_ip
        if refusal:
            set_error(refusal)
            return
        # the role as the group holds it now
        chosen = str(picked.current or role)
        on_join(
            JoinInfo(chosen if chosen in ("player", "spectator") else "spectator", name.strip())
        )

    def ask() -> None:
        """Ask the host to let this device in as a player (:class:`Hall`), by name."""
        name = latest()["name"].strip()
        refusal = seat.gate.throttle.check(seat.conn.peer) if name else None
        if not name or refusal:
            set_error(refusal or _("Введите имя: ведущий увидит его в своём списке."))
            return
        page = ft.context.page

        def answer(admitted: bool) -> None:  # called from the host's session
            async def landed() -> None:
                if admitted:
                    on_join(JoinInfo("player", name))
                else:
                    set_error(
                        _(
                            "Ведущий не впустил это устройство (или запрос устарел). "
                            "Можно ввести код или попросить снова."
                        )
                    )

            contextvars.copy_context().run(page.run_task, landed)

        seat.gate.hall.knock(seat.conn.peer, name, seat.conn.agent, answer)
        set_error(_("Запрос отправлен: ждём, когда ведущий впустит вас."), note=True)

    # under «Войти»: a refusal moves nothing; put away, transparent (out of the a11y tree)
    if error and standing:
        color = None if note else ft.Colors.ERROR
        shown = said("join-note" if note else "join-error", ft.Text(error, color=color, size=16))
    else:
        shown = ft.Container(ft.Text(error, size=16), opacity=0) if error else ft.Container()
    where = f"{_('Режим стола: введите код для входа.')} {where_the_code_is()}"
    roles = [("player", _("Игрок")), ("spectator", _("Зритель"))]
    enter = f"{_('Войти как')} {name.strip()}" if name.strip() else _("Войти")
    return ft.Column(
        [
            heading(APP_NAME, 28),
            tagged("join-where", ft.Text(where, size=16)),
            text_field(
                "join-code",
                _("Код"),
                code,
                lambda text: put("code", text[:64]),
                keyboard_type=ft.KeyboardType.NUMBER,
                max_length=CODE_FIELD_CHARS,
                on_submit=lambda: join(),
            ),
            text_field(
                "join-name",
                _("Ваше имя (для журнала)"),
                name,
                lambda text: put("name", text[:NAME_CHARS]),
                max_length=NAME_CHARS,
                # the line under the field always there: «Войти» never moves
                helper=full if len(name) >= NAME_CHARS else " ",
                helper_style=ft.TextStyle(color=ft.Colors.ERROR),
            ),
            radio_group("join-role", role, roles, pick, across=True),
            tagged("join", ft.FilledButton(enter, icon=ft.Icons.LOGIN, height=56, on_click=join)),
            button("ask-host", _("Попросить ведущего впустить"), ask, ft.OutlinedButton),
            shown,
        ],
        spacing=12,
        scroll=ft.ScrollMode.AUTO,
    )
