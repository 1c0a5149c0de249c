"""The new-game option of Coup: the card draft of «Игра вдвоём»."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.boards.types import OptionsUpdate
from companion.ui.widgets import switch_row

__all__ = ["OptionsForm"]


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: OptionsUpdate, players: int = 0
) -> ft.Control:
    """The optional card draft of «Игра вдвоём» (2 players only; else off and dimmed, in place)."""
    two = players == 2

    def drop_when_more() -> None:  # a third player added: the draft is off, as the form shows
        if not two and options.get("two_player_draft"):
            set_options(lambda o: {**o, "two_player_draft": False})

    ft.use_effect(drop_when_more, [two])
    return switch_row(
        "two-player-draft",
        _("Вдвоём: набор карт перед игрой"),
        two and bool(options.get("two_player_draft")),
        lambda v: set_options(lambda o: {**o, "two_player_draft": v}),
        text=None if two else _("Вдвоём: набор карт перед игрой (только для двоих)"),
        disabled=not two,
    )
