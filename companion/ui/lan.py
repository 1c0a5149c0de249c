"""Table mode (``companion --lan``): every phone at the table on the same live game.

A join code (random 6 digits, new at every start, or fixed with ``--code``) is asked before
any game data is sent; wrong codes are rate-limited per client address. Each device joins as a
player (can change the game) or a spectator (read-only).
"""

from __future__ import annotations

import base64
import io
import secrets
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import flet as ft

from companion.errors import SetupError
from companion.i18n import _
from companion.ui.widgets import tagged

__all__ = [
    "LanGate",
    "JoinScreen",
    "JoinInfo",
    "new_code",
    "lan_address",
    "qr_terminal",
    "qr_png_base64",
]

MAX_FAILURES = 5
LOCKOUT_SECONDS = 30.0


def new_code(explicit: str | None = None) -> str:
    """The join code: ``explicit`` if given (at least 6 digits), else 6 random digits.

    :raises SetupError: if ``explicit`` is not at least 6 digits.
    """
    if explicit is None:
        return f"{secrets.randbelow(10**6):06d}"
    if not (explicit.isdigit() and len(explicit) >= 6):
        raise SetupError("Код для входа должен состоять не менее чем из 6 цифр.")
    return explicit


def lan_address() -> str:
    """This machine's address on the local network, best effort and without sending packets."""
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            ip = info[4][0]
            if not ip.startswith("127."):
                return ip
    except OSError:
        pass
    return "127.0.0.1"


def qr_terminal(url: str) -> str:
    """A QR code of ``url`` drawn with text blocks for the terminal (segno)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def qr_png_base64(url: str) -> str:
    """A QR code of ``url`` as base64 PNG for ``ft.Image(src=...)`` (segno)."""
    import segno

    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="png", scale=6, border=2)
    return base64.b64encode(buf.getvalue()).decode()


@dataclass
class LanGate:
    """The join code and the per-address rate limit of wrong codes.

    :param code: the digits to type.
    :param url: the join address shown in the app and the terminal.
    :param clock: monotonic seconds (injected in tests).
    """

    code: str
    url: str
    clock: Callable[[], float] = time.monotonic
    _failures: dict[str, list[float]] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def try_code(self, typed: str, client: str | None) -> str | None:
        """Check a typed code. Returns ``None`` when it is right, else a Russian refusal.

        After :data:`MAX_FAILURES` wrong codes from one address, that address must wait
        :data:`LOCKOUT_SECONDS` before trying again.
        """
        key = client or "?"
        now = self.clock()
        with self._lock:
            recent = [t for t in self._failures.get(key, []) if now - t < LOCKOUT_SECONDS]
            self._failures[key] = recent
            if len(recent) >= MAX_FAILURES:
                wait = int(LOCKOUT_SECONDS - (now - recent[0])) + 1
                return f"Слишком много неверных попыток: подождите {wait} с."
            if secrets.compare_digest(typed.strip(), self.code):
                self._failures.pop(key, None)
                return None
            recent.append(now)
            return "Неверный код. Код показан на экране устройства, где запущена игра."


@dataclass(frozen=True)
class JoinInfo:
    """What a device chose when it joined."""

    role: str  # "player" | "spectator"
    name: str


@ft.component
def JoinScreen(gate: LanGate, on_join: Callable[[JoinInfo], None]) -> ft.Control:
    """The only thing a device sees before it types the right code: no game data at all."""
    code, set_code = ft.use_state("")
    name, set_name = ft.use_state("")
    role, set_role = ft.use_state("player")
    error, set_error = ft.use_state("")

    def join() -> None:
        refusal = gate.try_code(code, ft.context.page.client_ip)
        if refusal:
            set_error(refusal)
            return
        on_join(JoinInfo(role, name.strip()))

    return ft.Column(
        [
            ft.Text("Table Companion", size=28, weight=ft.FontWeight.BOLD),
            ft.Text(_("Режим стола: введите код с экрана ведущего устройства."), size=16),
            tagged(
                "join-code",
                ft.TextField(
                    label=_("Код"),
                    value=code,
                    keyboard_type=ft.KeyboardType.NUMBER,
                    max_length=12,
                    on_change=lambda e: set_code(e.control.value),
                    on_submit=lambda: join(),
                ),
            ),
            tagged(
                "join-name",
                ft.TextField(
                    label=_("Ваше имя (для журнала)"),
                    value=name,
                    on_change=lambda e: set_name(e.control.value),
                ),
            ),
            tagged(
                "join-role",
                ft.RadioGroup(
                    value=role,
                    on_change=lambda e: set_role(e.control.value),
                    content=ft.Row(
                        [
                            ft.Radio(value="player", label=_("Игрок")),
                            ft.Radio(value="spectator", label=_("Зритель")),
                        ]
                    ),
                ),
            ),
            tagged("join-error", ft.Text(error, color=ft.Colors.ERROR, size=16), label=error)
            if error
            else ft.Container(),
            tagged(
                "join",
                ft.FilledButton(
                    f"{_('Войти как')} {name.strip()}" if name.strip() else _("Войти"),
                    icon=ft.Icons.LOGIN,
                    height=56,
                    on_click=lambda: join(),
                ),
            ),
        ],
        spacing=12,
    )


@ft.component
def JoinCard(gate: LanGate) -> ft.Control:
    """The join address, code and QR code, shown on the home screen in table mode."""
    return tagged(
        "lan-card",
        ft.Card(
            ft.Container(
                ft.Row(
                    [
                        ft.Image(src=qr_png_base64(gate.url), width=120, height=120),
                        ft.Column(
                            [
                                ft.Text(_("Режим стола"), size=18, weight=ft.FontWeight.BOLD),
                                ft.Text(gate.url, size=16, selectable=True),
                                tagged(
                                    "lan-code",
                                    ft.Text(
                                        f"{_('Код')}: {gate.code}",
                                        size=22,
                                        weight=ft.FontWeight.BOLD,
                                    ),
                                    label=gate.code,
                                ),
                            ],
                            expand=True,
                        ),
                    ]
                ),
                padding=12,
            )
        ),
    )
