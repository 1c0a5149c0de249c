"""The phase card: whose turn, the phase (a link to its rules), the reminder, plays left.

Fixed height: the reminder has three reserved lines, the plays row is always there.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.boards.smashup.common import dot, open_rules, stepper
from companion.ui.widgets import TARGET, tagged

__all__ = ["PhaseCard"]


def _plays(kind: str, title: str, left: int, send: Callable[..., bool], over: bool) -> ft.Control:
    """Plays left of one kind: «−» records a card played, «+» an extra play a card grants.

    Handles: ``plays-<kind>`` (the number), ``plays-<kind>-minus``, ``plays-<kind>-plus``."""

    def change(delta: int) -> None:
        if delta < 0:
            send("play.record", {"kind": kind})
        else:
            send("play.grant", {"kind": kind, "count": delta})

    word = _("приспешник") if kind == "minion" else _("действие")
    counter = stepper(
        f"plays-{kind}",
        title,
        left,
        change,
        width=34,
        size=22,
        color=ft.Colors.ERROR if left <= 0 else None,
        minus_tip=f"{_('Сыграно')}: {word}",
        plus_tip=f"{_('Добавочная карта')}: {word}",
    )
    return ft.Column(
        [
            ft.Text(title, size=12, no_wrap=True),
            counter,
        ],
        spacing=0,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        disabled=over,
    )


@ft.component
def PhaseCard(
    game_id: str,
    turn: int,
    active: str,
    color: str,
    phase: str,
    step: int,
    steps: int,
    text: str,
    minions: int,
    actions: int,
    over: bool,
    send: Callable[..., bool],
) -> ft.Control:
    """Row 1: the active player and the phase; the reminder (3 lines reserved); plays left."""
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        dot(color, 16),
                        tagged(
                            "active",
                            ft.Text(
                                active,
                                size=18,
                                weight=ft.FontWeight.BOLD,
                                no_wrap=True,
                                max_lines=1,
                                overflow=ft.TextOverflow.ELLIPSIS,
                            ),
                            label=active,
                        ),
                        ft.Container(
                            tagged(
                                "phase",
                                ft.Text(
                                    phase,
                                    size=18,
                                    weight=ft.FontWeight.BOLD,
                                    color=ft.Colors.PRIMARY,
                                    max_lines=1,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                ),
                                label=phase,
                            ),
                            expand=True,
                        ),
                        ft.Text(f"{step}/{steps}", size=14, width=30),
                        tagged(
                            "phase-rules",
                            ft.IconButton(
                                ft.Icons.MENU_BOOK,
                                tooltip=f"{_('Правила')}: {phase}",
                                width=TARGET,
                                height=TARGET,
                                on_click=lambda: open_rules(game_id, phase),
                            ),
                            label=f"{_('Правила')}: {phase}",
                        ),
                    ],
                    spacing=8,
                    height=TARGET,
                ),
                ft.Container(
                    tagged("reminder", ft.Text(text, size=13, max_lines=3), label=text),
                    height=52,
                ),
                ft.Row(
                    [
                        _plays("minion", _("Приспешники"), minions, send, over),
                        _plays("action", _("Действия"), actions, send, over),
                        ft.Container(
                            tagged(
                                "turn",
                                ft.Text(f"{_('Ход')} {turn}", size=14, text_align=ft.TextAlign.END),
                                label=f"{_('Ход')} {turn}",
                            ),
                            expand=True,
                            alignment=ft.Alignment.CENTER_RIGHT,
                        ),
                    ],
                    spacing=12,
                ),
            ],
            spacing=2,
        ),
        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
        border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )
