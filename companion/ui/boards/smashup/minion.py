"""«Сыграть приспешника сюда» in two taps: the minion's power asked in one tap (issue 31).

The dialog shows the power values of most minions as one-tap buttons
(:data:`~companion.engine.smashup.state.QUICK_POWERS`, 1–8, two rows of four, 56×48 dp each,
so it is the same at 360 px as at 844) and «Другая сила…» for the number pad (0, or more
than 8). A value tapped is the whole move: the minion on the base, its power added to the
player's there and the turn's minion play counted (``play.minion`` with ``power``): one line
in the journal, one undo.

Handles: ``minion-power-<v>``, ``minion-power-pad``, ``minion-power-cancel``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.smashup.state import QUICK_POWERS
from companion.i18n import _
from companion.ui.taps import closing_dialog
from companion.ui.widgets import TARGET, number_pad, tagged, use_form

__all__ = ["minion_power_dialog", "use_minion_play", "KEY_WIDTH", "PER_ROW"]

#: A value button's width (dp) and how many stand in a row.
KEY_WIDTH = 56
PER_ROW = 4


def minion_power_dialog(
    title: str,
    on_power: Callable[[int], None],
    on_pad: Callable[[], None],
    on_close: Callable[[], None],
) -> ft.AlertDialog:
    """The power question: ``title`` (who plays onto which base), the values of
    :data:`QUICK_POWERS` (a tap calls ``on_power(v)``), «Другая сила…» (``on_pad()``) and
    «Отмена» (``on_close()``; closing the dialog otherwise is the same)."""

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
    more = tagged(
        "minion-power-pad",
        ft.TextButton(
            _("Другая сила…"),
            icon=ft.Icons.DIALPAD,
            height=TARGET,
            on_click=lambda: on_pad(),
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
        ),
        label=_("Другая сила…"),
    )
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(title, size=18, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
        content=ft.Column([*rows, more], spacing=8, tight=True),
        actions=[
            tagged(
                "minion-power-cancel",
                ft.TextButton(_("Отмена"), height=TARGET, on_click=lambda: on_close()),
                label=_("Отмена"),
            )
        ],
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
    """A hook for base ``j`` («``name``»): ``(play, dialog)``. ``play()`` is the tap on
    «Сыграть приспешника сюда»: a refused play (``explain(type, data)``: no minion play left,
    another phase) is said at once, else the power is asked; ``dialog`` is the question, or
    its number pad, or ``None``. ``who`` is the active player's name; ``extra`` marks a
    granted extra minion (outside «Играй карты»)."""
    asking, set_asking = ft.use_state(False)
    # None: no pad; the digits typed so far (from empty: the pad opens on no value)
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
    # the base is the one open under the dialog: the title is who and what, whole in two lines
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
