"""The play board: the base list with one base open (memoised parts); an opened base is
scrolled to the top under the pinned header."""

from __future__ import annotations

import flet as ft

from companion.engine.smashup import CHECK, PLAY, reminder
from companion.store.bases import BaseCatalogue
from companion.ui.boards.smashup.base import BaseRow, row_key
from companion.ui.boards.smashup.chips import OpenBase
from companion.ui.boards.smashup.common import reveal
from companion.ui.boards.smashup.editor import BaseEditor
from companion.ui.boards.smashup.phase import Reminder, card
from companion.ui.boards.smashup.score import use_scoring
from companion.ui.layout import use_layout
from companion.ui.nav import AppContext
from companion.ui.state import GameView
from companion.ui.widgets import BoardScroll, use_top_on

__all__ = ["PlayBoard"]


_Row = ft.memo(BaseRow)
_Editor = ft.memo(BaseEditor)


@ft.component
def PlayBoard(view: GameView, version: int, opened: OpenBase) -> ft.Control:
    """The bases and the scoring confirmation; ``opened``: :func:`.chips.open_base_of` (closed
    at each new phase)."""
    catalogue = BaseCatalogue(ft.use_context(AppContext).hub.store.root)
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

    score = use_scoring(view, catalogue, layout)
    names = tuple(s.name for s in specs)
    colors = tuple(s.color for s in specs)
    in_check = state.phase == CHECK and not over
    extra = state.phase != PLAY
    # hidden on a folded header, keeping its slot (and the rows' state)
    parts: list[ft.Control] = [
        card(
            Reminder(reminder(state), view.show_notice),
            ft.Padding.only(left=10, right=4, top=4, bottom=4),
            visible=small and not over,
        )
    ]
    for j, b in enumerate(state.bases):
        is_open = open_base == j and not over
        selected = state.selected == j
        parts.append(_Row(j, b, selected, in_check, is_open, toggle, score, small, over))
        if is_open:
            editor = _Editor(j, b, names, colors, send, state.active, extra, small, view.explain)
            parts.append(editor)
    return ft.Column(parts, spacing=6)
