"""«Сыграть приспешника сюда»: the power asked in one tap (1–8, «Другая сила…» for the pad);
one ``play.minion`` move. Tags: ``minion-power-<v>``, ``minion-power-pad``,
``minion-power-cancel``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.smashup.state import QUICK_POWERS
from companion.i18n import _
from companion.ui.taps import closing_dialog
from companion.ui.widgets import TARGET, button, clipped_text, number_pad, tagged, use_form

__all__ = ["minion_power_dialog", "use_minion_play", "KEY_WIDTH", "PER_ROW"]

#: A value button's width (dp) and how many per row.
KEY_WIDTH = 56
PER_ROW = 4


def minion_power_dialog(
    title: str,
    on_power: Callable[[int], None],
    on_pad: Callable[[], None],
    on_close: Callable[[], None],
) -> ft.AlertDialog:
    """The power question: ``title``, :data:`QUICK_POWERS` (``on_power(v)``), «Другая сила…»
    (``on_pad()``), «Отмена» (``on_close()``, also on dismiss)."""

    def key(v: int) -> ft.Control:
        return tagged(
            f"minion-power-{v}",
            ft.FilledTonalButton(
                content=ft.Text(str(v), size=20, weight=ft.FontWeight.BOLD),
                width=KEY_WIDTH,
                height=TARGET,
                on_click=lambda: on_power(v),
                style=ft.ButtonStyle(
                    padding=ft.Padding.all(0), visual_density=ft.VisualDensity.STANDARD
                ),
            ),
            label=f"{_('Сила')} {v}",
        )

    rows = [
        ft.Row([key(v) for v in QUICK_POWERS[i : i + PER_ROW]], spacing=8, tight=True)
        for i in range(0, len(QUICK_POWERS), PER_ROW)
    ]
    more = button(
        "minion-power-pad",
        _("Другая сила…"),
        on_pad,
        icon=ft.Icons.DIALPAD,
        style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
        label=_("Другая сила…"),
    )
    return ft.AlertDialog(
        modal=True,
        title=clipped_text(title, 18, lines=3),
        content=ft.Column([*rows, more], spacing=8, tight=True),
        actions=[button("minion-power-cancel", _("Отмена"), on_close, label=_("Отмена"))],
        on_dismiss=lambda: on_close(),
    )


def use_minion_play(
    j: int,
    name: str,
    who: str,
    extra: bool,
    send: Callable[..., bool],
    explain: Callable[..., bool] | None,
) -> tuple[Callable[[], None], ft.AlertDialog | None]:
    """A hook for base ``j``: ``(play, dialog)``; ``play()`` says a refused play at once
    (``explain``) or asks the power; ``dialog``: the question, its pad or ``None``; ``who``:
    the active player; ``extra``: a granted extra minion."""
    asking, set_asking = ft.use_state(False)
    # None: no pad; else the digits typed so far
    typed, set_typed, latest = use_form(lambda: None)
    minion: dict[str, Any] = {"base": j, "extra": True} if extra else {"base": j}

    def play(power: int) -> None:
        set_asking(False)
        set_typed(None)
        with closing_dialog():  # the dialog goes: a second tap must not play again
            send("play.minion", {**minion, "power": power})

    def ask() -> None:
        if explain is None or explain("play.minion", minion):
            set_asking(True)

    def to_pad() -> None:
        set_asking(False)
        set_typed("")

    if asking:
        title = f"{who}: {_('сила приспешника')} («{name}»)"
        return ask, minion_power_dialog(title, play, to_pad, lambda: set_asking(False))
    if typed is None:
        return ask, None
    dialog = number_pad(
        f"{who}: {_('сила приспешника')}",
        typed,
        lambda change: set_typed(lambda t: change(t) if t is not None else t),
        on_submit=play,
        on_close=lambda: set_typed(None),
        allow_negative=False,
        latest=lambda: latest(),
        value=0,
    )
    return ask, dialog
