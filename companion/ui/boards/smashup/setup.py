"""«Подготовка к игре»: two factions per player, players + 1 bases, then «Начать игру».

The faction chips keep their place while players pick: a taken faction stays where it was,
disabled, so the next player's finger never lands on a chip that moved.
"""

from __future__ import annotations

import flet as ft

from companion.engine.smashup import EDITIONS, SETUP_PHASE, next_drafter, offered_factions, reminder
from companion.i18n import _
from companion.store.bases import BaseCatalogue
from companion.ui.boards.smashup.common import (
    EMPTY_FORM,
    base_fields,
    card_from_form,
    dot,
    form_error,
    open_rules,
    remember,
)
from companion.ui.nav import AppContext
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, tagged, use_form

__all__ = ["SetupBoard"]


@ft.component
def SetupBoard(view: GameView, version: int) -> ft.Control:
    """Factions (offered chips in a fixed order, or typed), the bases typed or picked from the
    catalogue, the mulligan reminder. «Начать игру» is the pinned primary action."""
    catalogue = BaseCatalogue(ft.use_context(AppContext).hub.store.root)
    form, set_form, latest_form = use_form(lambda: dict(EMPTY_FORM))  # read at tap time
    checked, set_checked = ft.use_state(False)  # show the form's error after a refused tap
    chosen, set_chosen = ft.use_state(None)
    custom, set_custom, latest_custom = use_form(lambda: "")
    _forgot, set_forgot = ft.use_state(0)  # re-render after a catalogue entry is removed
    game = view.game
    state = view.state
    specs = game.setup.players
    need = state.players + 1

    # Whose faction is picked next: the draft decides, otherwise the tapped player or the first
    # one still missing a faction.
    if state.draft:
        picker = next_drafter(state.factions, state.first)
    elif chosen is not None and len(state.factions[chosen]) < 2:
        picker = chosen
    else:
        picker = next((i for i, d in enumerate(state.factions) if len(d) < 2), None)

    def pick(name: str) -> None:
        if picker is not None and view.send("faction.pick", {"player": picker, "faction": name}):
            set_custom("")

    def add_base() -> None:
        form = latest_form()
        if form_error(form) is not None:
            set_checked(True)
            return
        card = card_from_form(form)
        if view.send("base.add", {"base_card": card}):
            remember(catalogue, card)
            set_form(dict(EMPTY_FORM))
            set_checked(False)

    def forget(name: str) -> None:
        catalogue.forget(name)
        set_forgot(lambda n: n + 1)

    taken = {f.casefold() for deck in state.factions for f in deck}
    decks = [
        tagged(
            f"deck-p{i}",
            ft.Container(
                ft.Row(
                    [
                        dot(spec.color),
                        ft.Text(spec.name, size=18, weight=ft.FontWeight.BOLD),
                        ft.Text(", ".join(state.factions[i]) or "—", size=16, expand=True),
                        ft.Icon(ft.Icons.EDIT, size=20) if picker == i else ft.Container(),
                    ],
                    spacing=8,
                ),
                padding=8,
                border_radius=8,
                height=TARGET + 8,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if picker == i else None,
                on_click=None if state.draft else (lambda _e, i=i: set_chosen(i)),
            ),
            label=f"{spec.name}: {', '.join(state.factions[i])}",
        )
        for i, spec in enumerate(specs)
    ]
    offered = offered_factions(state.edition)
    who = specs[picker].name if picker is not None else "—"
    draft_note = f" ({_('по очереди драфта')})" if state.draft and picker is not None else ""
    picker_ui: list[ft.Control] = []
    if picker is not None:
        picker_ui = [
            tagged(
                "picker",
                ft.Text(
                    f"{_('Фракцию выбирает')}: {who}{draft_note}",
                    size=16,
                    weight=ft.FontWeight.BOLD,
                ),
                label=who,
            ),
            ft.Row(
                [
                    tagged(
                        f"faction-{k}",
                        ft.OutlinedButton(
                            name,
                            height=TARGET,
                            disabled=picker is None or name.casefold() in taken,
                            on_click=lambda _e, name=name: pick(name),
                        ),
                        label=name,
                    )
                    for k, name in enumerate(offered)
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            ),
            ft.Row(
                [
                    ft.Container(
                        tagged(
                            "faction-custom",
                            ft.TextField(
                                label=_("Другая фракция"),
                                value=custom,
                                on_change=lambda e: set_custom(e.control.value),
                            ),
                        ),
                        expand=True,
                    ),
                    tagged(
                        "faction-add",
                        ft.FilledTonalButton(
                            _("Взять"),
                            height=TARGET,
                            on_click=lambda: pick(latest_custom()),
                        ),
                        label=f"{_('Взять')} {custom.strip()}",
                    ),
                ]
            ),
        ]
    bases = [
        tagged(
            f"setup-base-{j}",
            ft.Row(
                [
                    ft.Icon(ft.Icons.FLAG_OUTLINED),
                    ft.Text(
                        b.name,
                        size=16,
                        weight=ft.FontWeight.BOLD,
                        expand=True,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    ft.Text(f"{b.breakpoint}; {b.vp[0]}/{b.vp[1]}/{b.vp[2]}", size=16),
                ],
                height=32,
            ),
            label=f"{b.name} {b.breakpoint} {b.vp[0]}/{b.vp[1]}/{b.vp[2]}",
        )
        for j, b in enumerate(state.bases)
    ]
    base_form: list[ft.Control] = []
    if len(state.bases) < need:
        base_form = [
            *base_fields(
                "new-base",
                form,
                set_form,
                catalogue,
                [b.name for b in state.bases],
                error=form_error(form) if checked else None,
                on_forget=forget,
            ),
            tagged(
                "add-base",
                ft.FilledTonalButton(
                    _("Выложить базу"),
                    icon=ft.Icons.ADD,
                    height=TARGET,
                    on_click=lambda: add_base(),
                ),
            ),
        ]
    text = reminder(state)
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "phase",
                        ft.TextButton(
                            SETUP_PHASE,
                            icon=ft.Icons.MENU_BOOK,
                            height=TARGET,
                            on_click=lambda: open_rules(view.game_id, SETUP_PHASE),
                        ),
                        label=SETUP_PHASE,
                    ),
                    ft.Text(
                        EDITIONS[state.edition],
                        size=14,
                        italic=True,
                        expand=True,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                ],
            ),
            tagged("reminder", ft.Text(text, size=14), label=text),
            ft.Text(_("Фракции (по две у каждого)"), size=18, weight=ft.FontWeight.BOLD),
            *decks,
            *picker_ui,
            tagged(
                "bases-count",
                ft.Text(
                    f"{_('Базы')}: {len(state.bases)} {_('из')} {need}",
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
                label=f"{len(state.bases)}/{need}",
            ),
            *bases,
            *base_form,
        ],
        spacing=8,
    )
