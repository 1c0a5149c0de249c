"""The new-game options of «Замес»: edition, snake draft, madness counters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.smashup import EDITIONS
from companion.i18n import _
from companion.ui.widgets import tagged

__all__ = ["OptionsForm"]


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: Callable[[dict[str, Any]], None], players: int = 0
) -> ft.Control:
    """Edition, the snake draft and madness switches; factions and bases come on the board."""
    return ft.Column(
        [
            tagged(
                "edition",
                ft.Dropdown(
                    label=_("Правила (издание)"),
                    width=340,
                    value=options.get("edition", "bbrr"),
                    options=[ft.DropdownOption(key=k, text=v) for k, v in EDITIONS.items()],
                    on_select=lambda e: set_options({**options, "edition": e.control.value}),
                ),
            ),
            ft.Row(
                [
                    tagged(
                        "opt-draft",
                        ft.Switch(
                            value=bool(options.get("draft")),
                            on_change=lambda e: set_options(
                                {**options, "draft": bool(e.control.value)}
                            ),
                        ),
                        label=_("Драфт"),
                    ),
                    ft.Text(
                        _("Фракции выбирают по очереди, «змейкой» («Договоримся как взрослые»)"),
                        size=15,
                        expand=True,
                    ),
                ]
            ),
            ft.Row(
                [
                    tagged(
                        "opt-madness",
                        ft.Switch(
                            value=bool(options.get("madness")),
                            on_change=lambda e: set_options(
                                {**options, "madness": bool(e.control.value)}
                            ),
                        ),
                        label=_("Безумие"),
                    ),
                    ft.Text(_("Считать карты безумия (−1 ПО за каждые две)"), size=15, expand=True),
                ]
            ),
            ft.Text(
                _("Фракции и базы выбираются на следующем экране, перед первым ходом."),
                size=14,
                italic=True,
            ),
        ],
        spacing=6,
    )
