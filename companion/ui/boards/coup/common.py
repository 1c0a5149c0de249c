"""Words and shared state of the Coup board: action labels, the step's question, declined
names, and the action being chosen (shared by the body and the pinned bar)."""

from __future__ import annotations

import threading
import weakref
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
from companion.ui.state import GameView
from companion.ui.words import inflect

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

#: Button text of each action (the cost or gain after the name).
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
    """A player's name after «против», «у»: «Гриша» → «Гриши» (see
    :func:`companion.ui.words.inflect`; unknown names stay as typed)."""
    return inflect(name, "gent")


def _shown(character: str) -> str:
    """«Посол показан?», «Графиня показана?»: the card a challenge asks for, in the words of
    its answers (:func:`answer_label`)."""
    return f"{CHARACTER_NAMES[character]} {shown_answer(character, True).lower()}?"


def answer_label(character: str, proven: bool) -> str:
    """The bar's answer to :func:`_shown`'s question, agreeing with it: «Показан» / «Не
    показан» for the Duke, Assassin, Captain and Ambassador, «Показана» / «Не показана» for
    the Contessa. The engine's words (:func:`companion.engine.coup.shown_answer`), which
    start «Итог действия»'s two lines: one source, so the bar and the lines above it cannot
    come to differ (they were written out again here)."""
    return shown_answer(character, proven)


def _aimed(state: CoupState) -> str:
    """« Цель — Вика» after the question of a step about an action aimed at a player (the
    question is always in view, the explanation naming the target may be cut), else «»."""
    p = state.pending
    if p is None or p.get("target") is None:
        return ""
    return f" {_('Цель')} — {state.names[p['target']]}"


def step_title(state: CoupState) -> str:
    """The question of the current step in Russian, e.g. «Кто-то оспаривает?», «Кто-то
    запрещает? Цель — Вика» (an aimed action names its target), «Аня: Герцог показан?» (the
    card asked for is named here, not in the pinned bar: beside «Не показан» and «Показан» a
    360 px phone has no room left for it)."""
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


#: With this many players or more the board folds on a one-column page below an expanded
#: height (:attr:`~companion.ui.layout.Layout.crowded_short`): five or six unfolded rows leave
#: no room above the pinned bar of a 390×844 phone for the step's choices.
CROWDED_FROM = 5


def use_short(players: int) -> bool:
    """Whether the board folds (the bank folded, the grid in two rows): the frame's layout is
    short, or crowded-short with :data:`CROWDED_FROM` ``players`` or more (a component hook)."""
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
    """The action being chosen on this screen before «Объявить» (momentary, not saved).

    ``turn`` is the turn it was chosen in: a choice from another turn (after undo, or a move
    from another phone) is dropped the first time the screen shows that other turn, so it
    does not come back when the game returns to its turn (undo, then redo).
    """

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
        """``(action, target)`` if this choice belongs to the turn waiting for an action.

        A targeted action (coup, assassination, steal) against a table with one opponent
        left gets that opponent as its target without a tap; an aimed target that is no
        longer an opponent with influence (an undo changed the table) counts as not aimed.
        Derived from ``state`` on every read, so it follows the game."""
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


_CHOICES: dict[int, tuple[weakref.ref[GameView], Choice]] = {}
_LOCK = threading.Lock()


def choice_for(view: GameView) -> Choice:
    """The one :class:`Choice` of this screen's view (the board and the pinned bar share it)."""
    with _LOCK:
        held = _CHOICES.get(id(view))
        if held is not None and held[0]() is view:
            return held[1]
        choice = Choice()
        key = id(view)
        _CHOICES[key] = (weakref.ref(view, lambda _r: _CHOICES.pop(key, None)), choice)
        return choice
