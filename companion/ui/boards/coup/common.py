"""Words and shared state of the Coup board."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.engine.coup import CoupState
from companion.present.coup import CROWDED_FROM, chosen
from companion.ui.layout import use_layout
from companion.ui.state import GameView, view_local

__all__ = ["Choice", "choice_for", "use_short"]


def use_short(players: int) -> bool:
    """Whether the board folds: a short layout, or crowded-short with :data:`CROWDED_FROM`
    ``players`` or more (a hook)."""
    layout = use_layout()
    return layout.crowded_short if players >= CROWDED_FROM else layout.short


@ft.observable
@dataclass
class Choice:
    """The action being chosen before «Объявить» (momentary); ``turn``: the turn it belongs to
    (dropped once another turn is shown)."""

    turn: int = 0
    action: str | None = None
    target: int | None = None

    def pick(self, turn: int, action: str) -> None:
        self.turn, self.action, self.target = turn, action, None

    def aim(self, target: int) -> None:
        self.target = target

    def clear(self) -> None:
        self.action, self.target = None, None

    def current(self, state: CoupState) -> tuple[str | None, int | None]:
        """``(action, target)`` if this choice belongs to the shown turn (:func:`chosen`)."""
        if self.turn != state.turn:
            self.clear()
            return None, None
        return chosen(state, self.action, self.target)


def choice_for(view: GameView) -> Choice:
    """The one :class:`Choice` of this screen's view (the board and the pinned bar share it)."""
    return view_local(view, Choice)
