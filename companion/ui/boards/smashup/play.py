"""The play board: the base list with one base open (memoised parts); an opened base is
scrolled to the top under the pinned header."""

from __future__ import annotations

import flet as ft

from companion.engine.smashup import (
    CHECK,
    PLAY,
    effective_breakpoint,
    is_ready,
    reminder,
    total_power,
)
from companion.store.bases import BaseCatalogue
from companion.ui.boards.smashup.base import BaseRow, row_key
from companion.ui.boards.smashup.chips import OpenBase
from companion.ui.boards.smashup.common import (
    EMPTY_FORM,
    card_from_form,
    form_error,
    remember,
    reveal,
)
from companion.ui.boards.smashup.editor import BaseEditor
from companion.ui.boards.smashup.phase import Reminder
from companion.ui.boards.smashup.score import score_dialog
from companion.ui.layout import use_layout
from companion.ui.nav import AppContext
from companion.ui.state import GameView
from companion.ui.widgets import BoardScroll, use_form, use_top_on

__all__ = ["PlayBoard"]


_Row = ft.memo(BaseRow)
_Editor = ft.memo(BaseEditor)


@ft.component
def PlayBoard(view: GameView, version: int, opened: OpenBase) -> ft.Control:
    """The bases and the scoring confirmation; ``opened``: :func:`.chips.open_base_of` (closed
    at each new phase)."""
    catalogue = BaseCatalogue(ft.use_context(AppContext).hub.store.root)
    scoring, set_scoring = ft.use_state(None)  # the base being scored, or None
    repl, set_repl, latest_repl = use_form(lambda: dict(EMPTY_FORM))  # read at tap time
    repl_checked, set_repl_checked = ft.use_state(False)
    deck_empty, set_deck_empty, latest_deck_empty = use_form(lambda: False)
    scroller = ft.use_context(BoardScroll)
    layout = use_layout()
    small = layout.short
    game = view.game
    state = view.state
    specs = game.setup.players
    over = state.winner is not None
    send = view.send

    when = (state.turn, state.phase)
    open_base = opened.at(when)
    # each phase and turn starts at the list's top
    use_top_on(when)

    def _toggle(j: int) -> None:
        # turn and phase read at tap time
        opened.toggle(j, (view.state.turn, view.state.phase))

    toggle = ft.use_callback(_toggle, [opened])

    async def to_open() -> None:
        """The base just opened goes to the top of the list."""
        if open_base is not None:
            await reveal(scroller, row_key(open_base))

    ft.use_effect(to_open, [open_base, when, opened.asked])

    def open_score(j: int) -> None:
        view.error = ""
        set_repl(dict(EMPTY_FORM))
        set_repl_checked(False)
        # «Мимими»: an empty base deck stays empty (Разойтись по углам!)
        set_deck_empty(view.state.deck_empty and view.state.edition == "mimimi")
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
        if latest_deck_empty() and view.state.edition == "mimimi":
            data = {"base": scoring, "base_card": None, "deck_empty": True}
        elif not any(repl[k].strip() for k in ("name", "bp", "vp1", "vp2", "vp3")):
            # the engine names what is missing (Разойтись по углам!)
            data = {"base": scoring, "base_card": None}
            if latest_deck_empty():
                data["deck_empty"] = True
        else:
            if form_error(repl) is not None:
                set_repl_checked(True)  # the fields and their refusal are always in view
                return
            card = card_from_form(repl)
            data = {"base": scoring, "base_card": card}
        scored = view.send("base.score", data)
        if scored:
            if card is not None:
                remember(catalogue, card)
            close()

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
            layout,
        )
        if valid
        else None
    )

    names = tuple(s.name for s in specs)
    colors = tuple(s.color for s in specs)
    in_check = state.phase == CHECK and not over
    extra = state.phase != PLAY
    # hidden on a folded header, keeping its slot (and the rows' state)
    parts: list[ft.Control] = [
        ft.Container(
            Reminder(reminder(state), view.show_notice),
            padding=ft.Padding.only(left=10, right=4, top=4, bottom=4),
            border_radius=12,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            visible=small and not over,
        )
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
                small,
                over,
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
                    state.active,
                    extra,
                    small,
                    view.explain,
                )
            )
    return ft.Column(parts, spacing=6)
