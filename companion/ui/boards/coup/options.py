"""The new-game option of Coup: the card draft of «Игра вдвоём»."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.widgets import tagged

__all__ = ["OptionsForm"]


@ft.component
def OptionsForm(options: dict[str, Any], set_options, players: int = 0) -> ft.Control:
    """The optional card draft of «Игра вдвоём» (the engine accepts it only with 2 players)."""
    return tagged(
        "two-player-draft",
        ft.Checkbox(
            label=_("Вдвоём: набор карт перед игрой"),
            value=bool(options.get("two_player_draft")),
            on_change=lambda e: set_options({**options, "two_player_draft": bool(e.control.value)}),
        ),
    )
