"""The guided step of Coup: in the body (:func:`~companion.ui.step_panel.StepPanel`) the
question, the choices, the explanation and «Итог действия»; the pinned bar (:func:`Actions`):
«Объявить», «Никто», «Показан» / «Не показан», «Обмен завершён» (always ``primary-action``),
and at the left what «Никто» leads to. The choices: the seven actions
(:func:`Grid`) or who challenges, blocks or which card is revealed (:func:`Answers`, from
:func:`answers_of`); a forbidden one is dimmed but answers a tap (an action's:
:func:`companion.engine.coup.refusal`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine import moves
from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    CoupState,
    awaiting,
    claimed,
    explain,
    if_nobody,
    legal_declarations,
    refusal,
)
from companion.i18n import _
from companion.present.coup import (
    ACTION_LABELS,
    STEP_RULES,
    Answer,
    answer_label,
    answers_of,
    declare_hint,
    declare_refusal,
    opponents,
    outcome_line,
    step_title,
    target_title,
    text_lines,
    which_card,
)
from companion.ui.boards.coup.common import Choice, choice_for, use_short
from companion.ui.layout import COMPACT, grid, use_layout
from companion.ui.nav import open_rules
from companion.ui.state import GameView
from companion.ui.step_panel import StepPanel, StepText
from companion.ui.widgets import TARGET, clipped_text, primary_button, tagged

__all__ = ["Actions", "BAR_HEIGHT", "COMPACT_ROWS", "Referee"]


#: Width (px) of an action button: three a row in a 360 px phone's panel.
ACTION_WIDTH = 96
#: A folded board's action grid: untargeted actions, then targeted ones (two rows).
COMPACT_ROWS = (("income", "foreign_aid", "tax", "exchange"), ("coup", "assassinate", "steal"))
COMPACT_GAP = 4
#: Columns of a folded board's answers on an upright phone.
ANSWER_COLUMNS = 3


def _button(
    ident: str,
    lines: tuple[str, ...],
    on_click: Callable[[Any], None],
    folded: bool,
    *,
    selected: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    width: int | None = None,
    size: int = 14,
) -> ft.Control:
    """A button of one or two lines (``size`` px bold, then 11 px), ``width`` px or as wide as
    its cell; ``folded``: 48 dp tall and 12 px, else 52 dp."""
    texts = [clipped_text(lines[0], 12 if folded else size, weight=ft.FontWeight.W_600)]
    if len(lines) > 1:
        texts.append(clipped_text(lines[1], 11))
    kind = ft.FilledButton if selected else ft.FilledTonalButton
    return tagged(
        ident,
        ft.Container(
            kind(
                content=ft.Column(
                    texts, spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER
                ),
                height=TARGET if folded else TARGET + 4,
                width=width,
                on_click=on_click,
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=2 if folded or size < 14 else 6),
                    visual_density=ft.VisualDensity.COMPACT,
                ),
            ),
            opacity=0.45 if dimmed else 1.0,
        ),
        label=label or " ".join(lines),
    )


def _wrap(buttons: list[ft.Control]) -> ft.Control:
    return ft.Row(buttons, wrap=True, spacing=5, run_spacing=5)


@ft.component
def _Grid(
    legal: tuple[str, ...],
    selected: str | None,
    on_tap: Callable[[str], None],
    folded: bool = False,
) -> ft.Control:
    """The seven actions, those not in ``legal`` dimmed; ``folded``: :data:`COMPACT_ROWS`."""

    def button(a: str) -> ft.Control:
        info = ACTIONS[a]
        claim = CHARACTER_NAMES[info.claim] if info.claim else _("без карты")
        tap = lambda _e: on_tap(a)  # noqa: E731
        return _button(
            f"act-{a}",
            (_(ACTION_LABELS[a]), claim),
            tap,
            folded,
            selected=a == selected,
            dimmed=a not in legal,
            width=None if folded else ACTION_WIDTH,
            size=13,
        )

    if not folded:
        return _wrap([button(a) for a in ACTIONS])
    lines = [grid([button(a) for a in line], len(line), COMPACT_GAP) for line in COMPACT_ROWS]
    return ft.Column(lines, spacing=COMPACT_GAP)


@ft.component
def _Answers(
    answers: tuple[Answer, ...],
    answer: Callable[..., None],
    folded: bool = False,
    upright: bool = True,
) -> ft.Control:
    """The step's answer buttons; ``folded`` and ``upright``: :data:`ANSWER_COLUMNS` per row;
    the cards to reveal always in one row."""
    cards = any(a[0].startswith("lose-") for a in answers)
    small = cards or (folded and upright)

    def button(a: Answer) -> ft.Control:
        ident, lines, label, dimmed, kind, data = a
        tap = lambda _e: answer(kind, dict(data), dimmed)  # noqa: E731
        return _button(ident, lines, tap, small, dimmed=dimmed, label=label or None)

    buttons = [button(a) for a in answers]
    if not small:
        return _wrap(buttons)
    return grid(buttons, len(answers) if cards else ANSWER_COLUMNS, COMPACT_GAP)


# hidden sections keep their last props: a step flips ``visible`` rather than rebuilding
Grid, Answers = ft.memo(_Grid), ft.memo(_Answers)


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
        reason = declare_refusal(now, a)
        if reason is not None:
            view.error, view.error_player = reason, now.current
            return
        view.error = ""
        choice.pick(now.turn, a)

    def answer(kind: str, data: dict[str, Any], dimmed: bool) -> None:
        if not dimmed:
            view.send(kind, data)
        else:  # a card that may not be revealed: say why
            view.error, view.error_player = (
                refusal(view.state, kind, data) or "",
                data.get("player"),
            )

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
        action, target = choice.current(state)
        last["grid"] = (tuple(d["action"] for d in legal_declarations(state)), action)
        if action is not None and ACTIONS[action].targeted and len(opponents(state)) > 1:
            title = target_title(state, target)
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


#: The pinned bar's height (dp).
BAR_HEIGHT = 64


def _hint(text: str) -> ft.Control:
    return ft.Container(tagged("preview", clipped_text(text, 13, lines=3), label=text), expand=True)


def _declare_bar(view: GameView, state: CoupState, choice: Choice) -> list[ft.Control]:
    action, target = choice.current(state)
    who = state.current

    def declare() -> None:
        if view.too_soon():  # the rest of a double tap on the last step's button
            return
        if action is None:
            view.error = _("Сначала выберите действие: кнопки действий на доске.")
            view.error_player = who
            return
        if moves.coup_declare(view, who, action, target):
            choice.clear()

    return [
        _hint(declare_hint(state, action, target)),
        primary_button(_("Объявить"), declare, icon=ft.Icons.CAMPAIGN, moment=view.moment()),
    ]


def _result_bar(view: GameView, state: CoupState) -> list[ft.Control]:
    """«Не показан» (two lines when the primary leaves it little room) and «Показан», agreeing
    with the card the question names; untagged room at the left."""
    character = claimed(state)
    shown = lambda: moves.coup_challenge_result(view, True)  # noqa: E731
    no_text = answer_label(character, False)
    no = tagged(
        "not-proven",
        ft.OutlinedButton(
            content=ft.Text(no_text, max_lines=2, text_align=ft.TextAlign.CENTER),
            height=56,
            on_click=lambda: moves.coup_challenge_result(view, False),
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
        ),
        label=no_text,
    )
    return [
        ft.Container(no, expand=True, alignment=ft.Alignment.CENTER_RIGHT),
        primary_button(answer_label(character, True), shown, moment=view.moment()),
    ]


@ft.component
def ActionBar(view: GameView, version: int, choice: Choice) -> ft.Control:
    state: CoupState = view.state
    step = awaiting(state)
    moment = view.moment()
    row: list[ft.Control]
    if step == "action":
        row = _declare_bar(view, state, choice)
    elif step in ("challenge", "block_challenge", "block"):
        nobody = primary_button(_("Никто"), lambda: moves.coup_nobody(view, step), moment=moment)
        row = [_hint(f"{_('Если никто')}: {if_nobody(state)}"), nobody]
    elif step in ("challenge_result", "block_challenge_result"):
        row = _result_bar(view, state)
    elif step == "exchange":
        done = lambda: moves.coup_exchange_done(view)  # noqa: E731
        exchanged = primary_button(_("Обмен завершён"), done, icon=ft.Icons.DONE, moment=moment)
        row = [_hint(_("Когда карты обменяны за столом")), exchanged]
    elif step == "lose_influence":
        card = primary_button(_("Карта?"), lambda: view.refuse(which_card(state)), dimmed=True)
        row = [_hint(_("Какую карту раскрывает? Коснитесь персонажа на доске")), card]
    else:
        row = [_hint(""), primary_button(_("Игра окончена"), None, disabled=True)]
    return ft.Container(
        ft.Row(row, spacing=8), height=BAR_HEIGHT, padding=ft.Padding.symmetric(horizontal=4)
    )


@ft.component
def Actions(view: GameView) -> ft.Control:
    """The pinned bar (see the module docstring)."""
    return ActionBar(view, view.version, choice_for(view))
