"""The players you play with as one-tap chips in the new-game form (issues 31, 32): a tap
seats the player (with their colour) in the first unnamed seat, or frees their seat; a
typed name not on the roster gets a «+ name» chip."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.errors import CompanionError
from companion.i18n import _
from companion.present.new_game import Seats, seat_toggled
from companion.store.plays import known_players
from companion.store.roster import Roster, fold
from companion.ui.state import AppModel
from companion.ui.tagged_controls import flow
from companion.ui.widgets import TARGET, clipped_text, dot, tagged

__all__ = ["RosterChips", "seat_chip"]


def seat_chip(
    ident: str, name: str, color: str, selected: bool, on_tap: Callable[[], None], *, icon=None
) -> ft.Control:
    """A 48 dp pill: colour, name (cut past 16 characters; whole in the label), filled when
    seated."""
    return tagged(
        ident,
        ft.Container(
            ft.Row(
                [
                    ft.Icon(icon, size=18) if icon is not None else dot(color, 16),
                    clipped_text(name, 15, width=None if len(name) <= 16 else 140),
                    *([ft.Icon(ft.Icons.CHECK, size=16)] if selected else []),
                ],
                spacing=6,
                tight=True,
            ),
            height=TARGET,
            padding=ft.Padding.symmetric(horizontal=14),
            border_radius=TARGET / 2,
            border=ft.Border.all(2 if selected else 1, color),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if selected else None,
            ink=True,
            on_click=lambda _e: on_tap(),
        ),
        label=name,
    )


@ft.component
def RosterChips(
    app: AppModel, players: Seats, most: int, edit: Callable[[Callable[[Seats], Seats]], None]
) -> ft.Control:
    """Chips of :func:`~companion.store.plays.known_players` and «+ name» chips. ``players``:
    the seats; ``most``: the game's most players; ``edit``: applies a change to the latest
    seats."""
    _joined, bump = ft.use_state(0)
    error, set_error = ft.use_state("")
    known = known_players(app.hub.store)
    roster = Roster(app.hub.store.root)
    seated = {fold(p["name"]) for p in players if p["name"].strip()}
    full = len(players) >= most and all(p["name"].strip() for p in players)

    def chip(n: str, c: str) -> ft.Control:
        seat = partial(edit, partial(seat_toggled, name=n, color=c, most=most))
        return seat_chip(f"chip-{n}", n, c, fold(n) in seated, seat)

    chips = [chip(n, c) for n, c in known if fold(n) in seated or not full]

    def join(name: str, color: str) -> None:
        try:
            Roster(app.hub.store.root).add(name, color)
        except CompanionError as exc:
            set_error(str(exc))
            return
        set_error("")
        bump(lambda n: n + 1)

    new = [
        (p["name"].strip(), p["color"])
        for p in players
        if p["name"].strip() and roster.find(p["name"]) is None
    ]
    parts: list[ft.Control] = [flow(chips)] if chips else []
    if new:
        add = ft.Icons.PERSON_ADD
        joins = [seat_chip(f"join-{n}", n, c, False, partial(join, n, c), icon=add) for n, c in new]
        parts += [ft.Text(_("Запомнить в списке игроков:"), size=14), flow(joins)]
    if error:
        parts.append(ft.Text(error, color=ft.Colors.ERROR, size=14))
    if not parts:
        return ft.Container(height=0)
    return tagged("roster-chips", ft.Column(parts, spacing=8))
