"""Table mode's join screen: before a device is in it sees only this (a valid rejoin token
skips it). The code, tokens and devices are :mod:`companion.table.gate`'s."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from typing import Any

import flet as ft

from companion import APP_NAME
from companion.i18n import _
from companion.table.gate import (
    CODE_FIELD_CHARS,
    NAME_CHARS,
    JoinInfo,
    Seat,
    typed_code,
    where_the_code_is,
)
from companion.ui.tagged_controls import heading, radio_group, text_field
from companion.ui.widgets import button, said, tagged, use_form

__all__ = ["JoinFlow", "JoinScreen"]


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
        if not typed_code(code):  # nothing typed: say so; not a guess, not counted as one
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
