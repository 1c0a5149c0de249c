"""The guided step of Coup in the body (:func:`~companion.ui.step_panel.StepPanel`): the
question, the action grid or the answers, the explanation and «Итог действия». A forbidden
action is dimmed and a tap shows :func:`companion.engine.coup.refusal`."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.coup import (
    ACTIONS,
    CoupState,
    awaiting,
    expected_outcome,
    explain,
    legal_declarations,
    refusal,
)
from companion.i18n import _
from companion.ui.boards.coup.choices import Answers, Grid, answers_of
from companion.ui.boards.coup.common import (
    CROWDED_FROM,
    Choice,
    genitive,
    opponents,
    step_title,
    use_short,
)
from companion.ui.layout import COMPACT, use_layout
from companion.ui.nav import open_rules
from companion.ui.state import GameView
from companion.ui.step_panel import StepPanel, StepText

__all__ = ["Referee", "outcome_line", "text_lines"]

#: Rulebook headings searched by each step's rules link.
STEP_RULES = {
    "action": "Действия",
    "challenge": "Оспаривание",
    "challenge_result": "Оспаривание",
    "block": "Запрет действия",
    "block_challenge": "Оспаривание",
    "block_challenge_result": "Оспаривание",
    "lose_influence": "Покровители",
    "exchange": "Посол: обмен",
    "over": "Конец игры",
}


def outcome_line(state: CoupState) -> str:
    """«Итог действия: …» (:func:`~companion.engine.coup.expected_outcome`), or «» when the
    explanation says it."""
    text = expected_outcome(state)
    said = explain(state)
    if not text or text in said:
        return ""
    if awaiting(state) == "lose_influence" and state.pending is not None:
        who = state.names[state.pending["losses"][0]["player"]]
        if text == f"{who} теряет покровителя" and f"{who} теряет" in said:
            return ""
    if awaiting(state) in ("challenge_result", "block_challenge_result"):
        return text  # «Показан: …» and «Не показан: …» (agreeing with the card), the bar's answers
    return f"{_('Итог действия')}: {text}"


#: (lines, size px) of the explanation and «Итог действия»: unfolded, folded, folded short
#: and crowded; a cut text ends in «…» («Весь текст» shows it whole).
FULL_LINES, FOLDED_LINES, CROWDED_LINES = (4, 3, 13), (2, 2, 12), (1, 1, 12)


def text_lines(folded: bool, short: bool, players: int) -> tuple[int, int, int]:
    """Lines and size (px) of the explanation and «Итог действия» for a board ``folded``, a
    ``short`` layout and ``players`` rows."""
    if not folded:
        return FULL_LINES
    return CROWDED_LINES if short and players >= CROWDED_FROM else FOLDED_LINES


@ft.component
def Referee(view: GameView, version: int, choice: Choice) -> ft.Control:
    """The step's panel (lines from :func:`text_lines`); grid and answers both there, one hidden."""
    state: CoupState = view.state
    step = awaiting(state)
    shown = ft.use_ref(None)  # the props the grid and the answers were last shown with

    def tap(a: str) -> None:  # reads the game at tap time: the handler outlives renders
        if view.too_soon():  # a double tap on the last step's card would pick an action
            return
        now: CoupState = view.state
        who = now.current
        legal = {d["action"] for d in legal_declarations(now)}
        if a not in legal:
            others = (t for t in range(len(now.names)) if t != who)
            target = next(others, None) if ACTIONS[a].targeted else None
            data = {"player": who, "action": a, "target": target}
            reason = refusal(now, "coup.declare", data)
            view.error = reason or _("Это действие сейчас недоступно.")
            view.error_player = who
            return
        view.error = ""
        choice.pick(now.turn, a)

    def answer(kind: str, data: dict[str, Any], dimmed: bool) -> None:
        if dimmed:  # a card that may not be revealed: say why
            view.error = refusal(view.state, kind, data) or ""
            view.error_player = data.get("player")
            return
        view.send(kind, data)

    on_tap = ft.use_callback(tap, [view, choice])
    on_answer = ft.use_callback(answer, [view])
    layout = use_layout()
    folded = use_short(len(state.names))
    if step == "over":
        return ft.Container(height=0)
    last = shown.current or {"grid": ((), None), "answers": ()}
    acting = step == "action"
    title = step_title(state)
    if acting:
        declarations = legal_declarations(state)
        action, target = choice.current(state)
        last["grid"] = (tuple(d["action"] for d in declarations), action)
        if action is not None and ACTIONS[action].targeted and len(opponents(state)) > 1:
            if target is None:
                title = _("Против кого? Коснитесь строки игрока")
            else:
                title = f"{_('Против')} {genitive(state.names[target])}. " + _(
                    "Сменить — коснитесь другого"
                )
    else:
        last["answers"] = answers_of(state)
    shown.current = last
    said_lines, outcome_lines, size = text_lines(folded, layout.short, len(state.names))
    texts = (
        []
        if acting
        else [
            StepText("explain", explain(state), said_lines, size),
            StepText("outcome", outcome_line(state), outcome_lines, size, bold=True),
        ]
    )
    heading = STEP_RULES[step]
    choices = [
        ft.Container(Grid(*last["grid"], on_tap, folded), visible=acting),
        ft.Container(
            Answers(last["answers"], on_answer, folded, layout.width_class == COMPACT),
            visible=not acting and bool(last["answers"]),
        ),
    ]
    return StepPanel(
        title,
        choices,
        texts,
        heading,
        lambda: open_rules("coup", heading),
        len(view.game.events),
        padding=4 if folded else 8,
    )
