"""The folded fight's line (:class:`~.combat.CombatView` on a short page): what is set once
a fight rather than every moment — the helper and the one-shot cards — said in one 48 dp
line that opens their rows below it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.widgets import TARGET, clipped_text, tagged

__all__ = ["More"]


@ft.component
def _More(
    helper: str | None, ours: int, theirs: int, opened: bool, set_opened: Callable[[bool], None]
) -> ft.Control:
    """The folded fight's line for what is set once a fight, not every moment: «Помощник: Вика
    · разовые +5 / +0» (the one-shot cards' sums, the munchkins' first); a tap opens the
    helper's and the one-shot cards' rows below it (the line stays where it is), another
    folds them. Its text is cut with «…» on the narrowest phone; opened, the rows say it
    whole."""
    who = helper if helper is not None else _("нет")
    text = f"{_('Помощник')}: {who} · {_('разовые')} {ours:+d} / {theirs:+d}"
    return ft.Row(
        [
            ft.Container(
                tagged(
                    "combat-more",
                    ft.OutlinedButton(
                        content=ft.Row(
                            [
                                ft.Icon(ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE),
                                clipped_text(text, 13, expand=True),
                            ],
                            spacing=6,
                        ),
                        height=TARGET,
                        style=ft.ButtonStyle(
                            padding=ft.Padding.symmetric(horizontal=8),
                            shape=ft.RoundedRectangleBorder(radius=8),
                        ),
                        on_click=lambda: set_opened(not opened),
                    ),
                    label=f"{text}: {_('свернуть') if opened else _('открыть')}",
                ),
                expand=True,
            )
        ]
    )


More = ft.memo(_More)
