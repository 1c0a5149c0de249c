"""The pinned bar of Coup: «Объявить» while an action is chosen, then the step's common
answer («Никто», «Показана» with «Не показана» beside it, «Обмен завершён»), always the
``primary-action`` at the right. Fixed height; the left part says what the primary action
will do."""

from __future__ import annotations

import flet as ft

from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    CoupState,
    awaiting,
    legal_events,
    projected,
)
from companion.i18n import _
from companion.ui.boards.coup.common import Choice, action_label, choice_for, genitive, preview
from companion.ui.state import GameView
from companion.ui.widgets import primary_button, tagged

__all__ = ["Actions", "ActionBar", "BAR_HEIGHT"]

#: Height of the bar (dp).
BAR_HEIGHT = 64


def _hint(text: str) -> ft.Control:
    return ft.Container(
        tagged("preview", ft.Text(text, size=13, max_lines=3), label=text),
        expand=True,
    )


def _consequences(line: str) -> str:
    """A «Никто …» log line without its headline: «Никто не запрещает; Аня +2 …» → «Аня +2 …»,
    «Никто не оспаривает запрет: действие не выполняется; …» → «действие не выполняется; …»."""
    head, _sep, rest = line.partition("; ")
    head = head.split(": ", 1)[1] if ": " in head else ""
    return "; ".join(part for part in (head, rest) if part)


def _declare_bar(view: GameView, state: CoupState, choice: Choice) -> list[ft.Control]:
    action, target = choice.current(state)
    who = state.current
    if action is None:
        text = _("Выберите действие")
    elif ACTIONS[action].targeted and target is None:
        text = f"{action_label(action)}: {_('выберите, против кого')}"
    else:
        text = action_label(action)
        if target is not None:
            text += f" {_('против')} {genitive(state.names[target])}"

    def declare() -> None:
        if action is None:
            view.error = _("Сначала выберите действие: кнопки над этой строкой.")
            view.error_player = who
            return
        if view.send("coup.declare", {"player": who, "action": action, "target": target}):
            choice.clear()

    return [
        _hint(text),
        primary_button(_("Объявить"), declare, icon=ft.Icons.CAMPAIGN, moment=view.moment()),
    ]


def _result_bar(view: GameView, state: CoupState) -> list[ft.Control]:
    p = state.pending
    assert p is not None
    step = awaiting(state)
    character = (
        p["block_character"] if step == "block_challenge_result" else ACTIONS[p["action"]].claim
    )
    can_prove = ("coup.challenge_result", {"proven": True}) in legal_events(state)

    def shown() -> None:
        view.send("coup.challenge_result", {"proven": True})

    no = tagged(
        "not-proven",
        ft.OutlinedButton(
            _("Не показана"),
            height=56,
            on_click=lambda: view.send("coup.challenge_result", {"proven": False}),
            style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
        ),
        label=_("Не показана"),
    )
    hint = f"{CHARACTER_NAMES[character]}?"
    if not can_prove:
        hint = f"{CHARACTER_NAMES[character]}: {_('все три уже раскрыты')}"
    return [
        _hint(hint),
        no,
        primary_button(_("Показана"), shown, moment=view.moment()),
    ]


def _what_follows(state: CoupState, step: str) -> str:
    """What «Никто» leads to when it changes nothing at once: an action that may still be
    blocked gets its blocks next («Запрет действия»), any other goes through — an exchange
    («Посол: обмен»: it cannot be blocked), or an assassination nobody blocked."""
    pending = state.pending or {}
    action = ACTIONS.get(str(pending.get("action")))
    if step == "challenge" and action is not None and action.blockers:
        return f"{_('дальше — запреты; без запрета')} {projected(state)}"
    return projected(state)


@ft.component
def ActionBar(view: GameView, version: int, choice: Choice) -> ft.Control:
    state: CoupState = view.state
    step = awaiting(state)
    row: list[ft.Control]
    if step == "action":
        row = _declare_bar(view, state, choice)
    elif step in ("challenge", "block_challenge", "block"):
        kind = "coup.no_block" if step == "block" else "coup.no_challenge"
        then = _consequences(preview(state, kind)) or _what_follows(state, step)
        row = [
            _hint(f"{_('Если никто')}: {then}"),
            primary_button(_("Никто"), lambda: view.send(kind), moment=view.moment()),
        ]
    elif step in ("challenge_result", "block_challenge_result"):
        row = _result_bar(view, state)
    elif step == "exchange":
        row = [
            _hint(_("Когда карты обменяны за столом")),
            primary_button(
                _("Обмен завершён"),
                lambda: view.send("coup.exchange_done"),
                icon=ft.Icons.DONE,
                moment=view.moment(),
            ),
        ]
    elif step == "lose_influence":
        row = [
            _hint(_("Какую карту раскрывает? Кнопки выше")),
            primary_button(_("Карта?"), None, disabled=True),
        ]
    else:
        row = [_hint(""), primary_button(_("Игра окончена"), None, disabled=True)]
    return ft.Container(
        ft.Row(row, spacing=8),
        height=BAR_HEIGHT,
        padding=ft.Padding.symmetric(horizontal=4),
    )


@ft.component
def Actions(view: GameView) -> ft.Control:
    """The pinned bar (see the module docstring)."""
    return ActionBar(view, view.version, choice_for(view))
