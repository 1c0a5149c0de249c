"""Words and shared state of the Coup board."""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    MUST_COUP,
    CoupState,
    awaiting,
    loses_both,
    shown_answer,
)
from companion.i18n import _
from companion.ui.layout import use_layout
from companion.ui.state import GameView, view_local
from companion.words import inflect

__all__ = [
    "ACTION_LABELS",
    "Choice",
    "action_label",
    "answer_label",
    "choice_for",
    "genitive",
    "opponents",
    "step_title",
    "use_short",
]

ACTION_LABELS = {
    "income": "Доход +1",
    "foreign_aid": "Помощь +2",
    "coup": "Переворот −7",
    "tax": "Налог +3",
    "assassinate": "Убийство −3",
    "steal": "Кража",
    "exchange": "Обмен",
}


def action_label(action: str) -> str:
    """Russian button text of an action id, e.g. ``"tax"`` → «Налог +3 (Герцог)»."""
    claim = ACTIONS[action].claim
    text = _(ACTION_LABELS[action])
    return f"{text} ({CHARACTER_NAMES[claim]})" if claim else text


def genitive(name: str) -> str:
    """A name after «против», «у»: «Гриша» → «Гриши» (:func:`companion.words.inflect`)."""
    return inflect(name, "gent")


def _shown(character: str) -> str:
    """«Посол показан?», «Графиня показана?» (:func:`answer_label`'s words)."""
    return f"{CHARACTER_NAMES[character]} {shown_answer(character, True).lower()}?"


def answer_label(character: str, proven: bool) -> str:
    """«Показан» / «Не показан» («Показана» for the Contessa), the engine's words
    (:func:`companion.engine.coup.shown_answer`)."""
    return shown_answer(character, proven)


def _aimed(state: CoupState) -> str:
    """« Цель — Вика» for a step about an aimed action, else «»."""
    p = state.pending
    if p is None or p.get("target") is None:
        return ""
    return f" {_('Цель')} — {state.names[p['target']]}"


def step_title(state: CoupState) -> str:
    """The current step's question, e.g. «Кто-то запрещает? Цель — Вика», «Аня: Герцог показан?»."""
    step = awaiting(state)
    names, p = state.names, state.pending
    if step == "action":
        who = state.current
        if state.coins[who] >= MUST_COUP:
            return f"{names[who]}: {_('обязателен переворот')}"
        return f"{names[who]}: {_('какое действие?')}"
    if step == "challenge":
        return _("Кто-то оспаривает?") + _aimed(state)
    if step == "challenge_result":
        return f"{names[p['actor']]}: {_shown(str(ACTIONS[p['action']].claim))}"
    if step == "block":
        return _("Кто-то запрещает?") + _aimed(state)
    if step == "block_challenge":
        return _("Кто-то оспаривает запрет?") + _aimed(state)
    if step == "block_challenge_result":
        return f"{names[p['blocker']]}: {_shown(p['block_character'])}"
    if step == "lose_influence":
        who = names[p["losses"][0]["player"]]
        if loses_both(state):  # the first of two: the second step reads differently
            return f"{who}: {_('какую раскрыть первой из двух?')}"
        return f"{who}: {_('какую карту раскрыть?')}"
    if step == "exchange":
        return f"{names[p['actor']]}: {_('обмен с колодой двора')}"
    return _("Игра окончена")


#: Players from which the board folds on a crowded short layout
#: (:attr:`~companion.ui.layout.Layout.crowded_short`).
CROWDED_FROM = 5


def use_short(players: int) -> bool:
    """Whether the board folds: a short layout, or crowded-short with :data:`CROWDED_FROM`
    ``players`` or more (a hook)."""
    layout = use_layout()
    return layout.crowded_short if players >= CROWDED_FROM else layout.short


def opponents(state: CoupState) -> list[int]:
    """Players the turn's player may aim at: everybody else still holding an influence."""
    return [
        i
        for i, k in enumerate(state.influence)
        if i != state.current and k > 0 and not state.exiled[i]
    ]


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
        """``(action, target)`` if this choice belongs to the turn waiting for an action; a lone
        opponent is the target without a tap; a target no longer valid counts as not aimed."""
        if self.turn != state.turn:
            self.clear()
            return None, None
        if awaiting(state) != "action":
            return None, None
        if self.action is None or not ACTIONS[self.action].targeted:
            return self.action, None
        rivals = opponents(state)
        if self.target in rivals:
            return self.action, self.target
        return self.action, rivals[0] if len(rivals) == 1 else None


def choice_for(view: GameView) -> Choice:
    """The one :class:`Choice` of this screen's view (the board and the pinned bar share it)."""
    return view_local(view, Choice)
