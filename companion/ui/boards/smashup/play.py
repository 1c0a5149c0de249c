"""The play board: phase card, VP strip, the compact base list with one base open.

:class:`PlayBoard` re-renders on every change of the game, but its parts are memoised
(``ft.memo``) on plain values: a tap on one base re-renders that base's row and editor (and
the numbers that really changed), not the whole board.
"""

from __future__ import annotations

import flet as ft

from companion.engine.smashup import (
    CHECK,
    PLAY,
    effective_breakpoint,
    is_ready,
    plays_left,
    plays_now,
    reminder,
    status_note,
    total_power,
)
from companion.i18n import _
from companion.store.bases import BaseCatalogue
from companion.ui.boards.smashup.base import BaseEditor, BaseRow
from companion.ui.boards.smashup.common import (
    EMPTY_FORM,
    base_fields,
    card_from_form,
    form_error,
    remember,
)
from companion.ui.boards.smashup.phase import PhaseCard
from companion.ui.boards.smashup.score import score_dialog
from companion.ui.boards.smashup.vp import VpStrip
from companion.ui.nav import AppContext
from companion.ui.state import GameView
from companion.ui.taps import closing_dialog
from companion.ui.widgets import TARGET, tagged, use_form

__all__ = ["PlayBoard"]

_Phase = ft.memo(PhaseCard)
_Vp = ft.memo(VpStrip)
_Row = ft.memo(BaseRow)
_Editor = ft.memo(BaseEditor)


@ft.component
def PlayBoard(view: GameView, version: int) -> ft.Control:
    """Phase card, VP strip, bases (tap one to open its editor), the scoring confirmation."""
    catalogue = BaseCatalogue(ft.use_context(AppContext).hub.store.root)
    # the base open for editing and the (turn, phase) it was opened in, or None: each phase
    # starts with the list closed, so in «Проверь базы» every ready base is on screen
    opened, set_opened = ft.use_state(None)
    scoring, set_scoring = ft.use_state(None)  # the base being scored, or None
    repl, set_repl, latest_repl = use_form(lambda: dict(EMPTY_FORM))  # read at tap time
    repl_checked, set_repl_checked = ft.use_state(False)
    # «колода баз пуста» is read at tap time too: «Захватить» right after the switch
    deck_empty, set_deck_empty, latest_deck_empty = use_form(lambda: False)
    add_form, set_add_form, latest_add = use_form(lambda: dict(EMPTY_FORM))
    add_checked, set_add_checked = ft.use_state(False)
    game = view.game
    state = view.state
    specs = game.setup.players
    over = state.winner is not None
    send = view.send

    when = (state.turn, state.phase)
    open_base = opened[0] if opened is not None and opened[1] == when else None

    def _toggle(j: int) -> None:
        # read the turn and phase at tap time: a handler rendered in the previous phase
        # must still open the base in this one
        now = (view.state.turn, view.state.phase)
        set_opened(lambda o: None if o == (j, now) else (j, now))

    toggle = ft.use_callback(_toggle, [])

    def open_score(j: int) -> None:
        view.error = ""
        set_repl(dict(EMPTY_FORM))
        set_repl_checked(False)
        set_deck_empty(False)
        set_scoring(j)

    score = ft.use_callback(open_score, [])

    def close() -> None:
        set_scoring(None)
        set_repl(dict(EMPTY_FORM))

    def confirm() -> None:
        if scoring is None:
            return
        card = None
        repl = latest_repl()
        if latest_deck_empty():
            data = {"base": scoring, "base_card": None, "deck_empty": True}
        elif not any(repl[k].strip() for k in ("name", "bp", "vp1", "vp2", "vp3")):
            data = {"base": scoring, "base_card": None}  # the engine names what is missing
        else:
            if form_error(repl) is not None:
                set_repl_checked(True)
                return
            card = card_from_form(repl)
            data = {"base": scoring, "base_card": card}
        with closing_dialog():  # the dialog goes: a double tap lands on «Дальше» under it
            scored = view.send("base.score", data)
        if scored:
            if card is not None:
                remember(catalogue, card)
            close()

    def add_base() -> None:
        add_form = latest_add()
        if form_error(add_form) is not None:
            set_add_checked(True)
            return
        card = card_from_form(add_form)
        if view.send("base.add", {"base_card": card}):
            remember(catalogue, card)
            set_add_form(dict(EMPTY_FORM))
            set_add_checked(False)

    valid = scoring is not None and scoring < len(state.bases) and not over
    ft.use_dialog(
        score_dialog(
            view,
            scoring,
            repl,
            set_repl,
            catalogue,
            form_error(repl) if repl_checked else None,
            deck_empty,
            set_deck_empty,
            confirm,
            close,
        )
        if valid
        else None
    )

    names = tuple(s.name for s in specs)
    colors = tuple(s.color for s in specs)
    in_play = state.phase == PLAY
    left = plays_left(state) if in_play else plays_now(state)
    in_check = state.phase == CHECK and not over
    parts: list[ft.Control] = [
        _Phase(
            state.turn,
            reminder(state),
            left["minion"],
            left["action"],
            not in_play,
            over,
            send,
        ),
        _Vp(
            names,
            colors,
            tuple(state.vp),
            tuple(state.madness) if state.madness_on else None,
            state.active,
            status_note(state) or "",
            send,
        ),
    ]
    for j, b in enumerate(state.bases):
        is_open = open_base == j and not over
        parts.append(
            _Row(
                j,
                b.name,
                (b.vp[0], b.vp[1], b.vp[2]),
                total_power(b),
                effective_breakpoint(b),
                b.mod_turn + b.mod_base,
                is_ready(b) or state.selected == j,
                in_check,
                is_open,
                toggle,
                score,
            )
        )
        if is_open:
            parts.append(
                _Editor(
                    j,
                    b.name,
                    b.breakpoint,
                    b.mod_turn + b.mod_base,
                    names,
                    colors,
                    tuple(b.power),
                    tuple(b.minions),
                    send,
                )
            )
    if len(state.bases) < state.players + 1 and not over:
        parts += [
            ft.Text(_("Выложите новую базу"), size=18, weight=ft.FontWeight.BOLD),
            *base_fields(
                "new-base",
                add_form,
                set_add_form,
                catalogue,
                [b.name for b in state.bases],
                error=form_error(add_form) if add_checked else None,
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
    return ft.Column(parts, spacing=6)
