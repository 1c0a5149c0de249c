"""The host's screen in table mode: the join card (address, QR, code) and, on the host's own
session, the devices asking (:class:`~companion.table.hall.Hall`) or joined, and «Новый код»."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.i18n import _
from companion.table.gate import JoinInfo, Seat, spaced
from companion.table.hall import browser_of
from companion.table.https import spaced_fingerprint
from companion.table.qr import qr_png_base64
from companion.ui.state import on_page
from companion.ui.tagged_controls import card, flow, heading
from companion.ui.widgets import button, confirm_dialog, tagged

__all__ = ["HostDesk", "JoinCard"]


def _clock(seconds: float) -> str:
    return time.strftime("%H:%M", time.localtime(seconds))


def _row(tag: str, lines: list[str], buttons: list[ft.Control]) -> ft.Control:
    """One device: its words over its buttons, keyed by ``tag``."""
    return ft.Semantics(
        identifier=tag,
        key=tag,
        content=ft.Column(
            [
                heading(lines[0], 16),
                ft.Text(lines[1], size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                flow(buttons),
            ],
            spacing=4,
        ),
    )


def use_hall(gate: Any, active: bool) -> None:
    """Re-render the calling component when the host's lists or the code change."""
    _seen, bump = ft.use_state(0)

    def follow() -> Callable[[], None] | None:
        if not active:
            return None

        async def refresh() -> None:
            bump(lambda n: n + 1)

        return gate.hall.watch(on_page(ft.context.page, refresh))

    ft.use_effect(follow, [])


@ft.component
def HostDesk(seat: Seat, on_host: bool, name: str) -> ft.Control:
    """The host's controls (only when ``on_host``; else an empty container): requests, joined
    devices, «Новый код» (this session stays in as ``name``). Tags: ``knock-K``, ``admit-K``,
    ``decline-K``, ``device-T``, ``revoke-T``, ``revoke-no``/``revoke-yes``, ``new-code``,
    ``new-code-no``/``new-code-yes``."""
    gate = seat.gate
    use_hall(gate, on_host)
    asking, set_asking = ft.use_state(None)  # ("revoke", token id, name) | ("code", "", "")

    def answer() -> None:
        if asking is None or not on_host:
            return
        kind, token_id, _name = asking
        set_asking(None)
        if kind == "revoke":
            gate.revoke(token_id)
        else:
            gate.renew(spare=seat)
            ft.context.page.run_task(seat.keep_token, JoinInfo("player", name))

    questions = {
        "revoke": (
            f"{_('Отключить устройство')} «{(asking or ('', '', ''))[2] or '?'}»?",
            _(
                "Телефон вернётся к экрану входа: снова войти он сможет с кодом "
                "или с вашего разрешения."
            ),
            "revoke",
            _("Отключить"),
            ft.Icons.PHONELINK_ERASE,
        ),
        "code": (
            _("Новый код?"),
            _("Все устройства вернутся к экрану входа и должны будут ввести новый код."),
            "new-code",
            _("Новый код"),
            ft.Icons.PASSWORD,
        ),
    }
    dialog = None
    if asking is not None and on_host:
        title, text, ident, yes, icon = questions[asking[0]]
        no = (f"{ident}-no", _("Отмена"), lambda: set_asking(None))
        dialog = confirm_dialog(
            title, text, no, (f"{ident}-yes", yes, answer), icon=icon, danger=True
        )
    ft.use_dialog(dialog)
    if not on_host:
        return ft.Container()
    knocks = gate.hall.knocks()
    devices = list(gate.devices.values())[::-1]  # the newest first, like requests
    rows: list[ft.Control] = [heading(_("Устройства у стола"), 18)]
    for k in knocks:
        admit = partial(gate.admit, k.id)
        decline = partial(gate.decline, k.id)
        rows.append(
            _row(
                f"knock-{k.id}",
                [
                    f"{_('Просит войти')}: {k.name}",
                    f"{browser_of(k.agent)} · {k.peer} · {_clock(k.since)}",
                ],
                [
                    button(
                        f"admit-{k.id}", _("Впустить"), admit, ft.FilledButton, icon=ft.Icons.LOGIN
                    ),
                    button(f"decline-{k.id}", _("Отклонить"), decline, ft.OutlinedButton),
                ],
            )
        )
    roles = {"player": _("игрок"), "spectator": _("зритель")}
    for d in devices:
        revoke = partial(set_asking, ("revoke", d.token_id, d.name))
        rows.append(
            _row(
                f"device-{d.token_id}",
                [
                    f"{d.name or _('Без имени')} — {roles.get(d.role, d.role)}",
                    f"{browser_of(d.agent)} · {d.peer} · {_('с')} {_clock(d.since)}",
                ],
                [
                    button(
                        f"revoke-{d.token_id}",
                        _("Отключить"),
                        revoke,
                        ft.OutlinedButton,
                        icon=ft.Icons.LOGOUT,
                    )
                ],
            )
        )
    if not devices and not knocks:
        rows.append(ft.Text(_("Пока никто не вошёл и не просит войти."), size=14))
    new_code = partial(set_asking, ("code", "", ""))
    rows.append(
        button("new-code", _("Новый код"), new_code, ft.OutlinedButton, icon=ft.Icons.PASSWORD)
    )
    return card("host-desk", rows, None, spacing=12)


@ft.component
def JoinCard(seat: Seat, player: bool) -> ft.Control:
    """The join address and QR code; the code (and ``--https`` fingerprint) only for players."""
    gate = seat.gate
    use_hall(gate, player)  # a new code shows at once
    lines: list[ft.Control] = [
        heading(_("Режим стола"), 18),
        ft.Text(gate.url, size=16, selectable=True),
    ]
    if player:
        code = heading(f"{_('Код')}: {spaced(gate.code)}", 22)
        lines.append(tagged("lan-code", code, label=gate.code))
    else:
        lines.append(ft.Text(_("Код для входа показан у игроков."), size=14))
    qr = ft.Image(src=qr_png_base64(gate.url), width=120, height=120)
    parts: list[ft.Control] = [ft.Row([qr, ft.Column(lines, expand=True)])]
    if player and gate.fingerprint:
        prints = f"{_('Отпечаток сертификата (SHA-256)')}:\n{spaced_fingerprint(gate.fingerprint)}"
        parts.append(tagged("tls-fingerprint", ft.Text(prints, size=13), label=gate.fingerprint))
    return card("lan-card", parts, None, spacing=10)
