"""The pinned bar of Coup: «Объявить», «Никто», «Показан» / «Не показан», «Обмен завершён»
(always ``primary-action``), and at the left what «Никто» leads to."""

from __future__ import annotations

import flet as ft

from companion.engine.coup import ACTIONS, CoupState, awaiting, claimed, if_nobody
from companion.i18n import _
from companion.ui import moves
from companion.ui.boards.coup.common import Choice, action_label, answer_label, choice_for, genitive
from companion.ui.controls import clipped_text
from companion.ui.state import GameView
from companion.ui.widgets import primary_button, tagged

__all__ = ["Actions", "ActionBar", "BAR_HEIGHT"]

BAR_HEIGHT = 64


def _hint(text: str) -> ft.Control:
    return ft.Container(tagged("preview", clipped_text(text, 13, lines=3), label=text), expand=True)


def which_card(state: CoupState) -> str:
    """What «Карта?» says when tapped: the card has its own button («Покровители»)."""
    who = state.names[state.pending["losses"][0]["player"]] if state.pending else ""
    return (
        f"{_('Сначала коснитесь карты, которую раскрывает')} {who}: "
        f"{_('кнопки с персонажами на доске, под вопросом')} (Покровители)."
    )


def _declare_bar(view: GameView, state: CoupState, choice: Choice) -> list[ft.Control]:
    action, target = choice.current(state)
    who = state.current
    if action is None:
        text = _("Выберите действие")
    elif ACTIONS[action].targeted and target is None:
        text = f"{action_label(action)}: {_('против кого? Коснитесь строки игрока')}"
    else:
        text = action_label(action)
        if target is not None:
            text += f" {_('против')} {genitive(state.names[target])}"
            if action == "steal" and state.coins[target] == 0:
                text += f" {_('— монет нет, красть нечего')}"

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
        _hint(text),
        primary_button(_("Объявить"), declare, icon=ft.Icons.CAMPAIGN, moment=view.moment()),
    ]


def _result_bar(view: GameView, state: CoupState) -> list[ft.Control]:
    """«Не показан» (two lines when the primary leaves it little room) and «Показан», agreeing
    with the card the question names; untagged room at the left (an empty tagged hint kept the
    next hint out of the tree)."""
    character = claimed(state)

    def shown() -> None:
        moves.coup_challenge_result(view, True)

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
        label = _("Обмен завершён")
        row = [
            _hint(_("Когда карты обменяны за столом")),
            primary_button(label, done, icon=ft.Icons.DONE, moment=moment),
        ]
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
