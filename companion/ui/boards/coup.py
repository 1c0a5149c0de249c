"""Board of «Переворот» (Coup): coins, influences, revealed characters and the action referee.

Shows (see :mod:`companion.engine.coup`, SPEC §3):

- per player: coins (big), influences left, characters revealed, exile (greyed);
- the treasury, the court deck and how many copies of each character are still unseen;
- one guided step of the flow of «Ход игры» at a time, following
  :func:`~companion.engine.coup.awaiting`: declare (action, target, spelled-out outcome,
  «Объявить») → «Кто-то оспаривает?» → «Показал карту?» → «Кто-то запрещает?» → challenge of
  the block → «Какую карту раскрывает X?» → «Обмен завершён».

Every button sends exactly one engine event through :meth:`GameView.send`, so the shell's undo
takes the flow back one step at a time. The board never decides a rule: it enables only what
:func:`~companion.engine.coup.legal_events` lists and shows refusals through the shell's banner.

Test handles (``flt-semantics-identifier``): ``treasury``, ``court-deck``, ``turn``,
``unseen-<character>``, ``player-p<i>``, ``coins-p<i>``, ``influence-p<i>``,
``revealed-p<i>``, ``step`` (the question), ``explain``, ``outcome`` (what the pending
action will do), ``act-<action>``, ``target-p<i>``, ``preview``, ``confirm-declare``,
``cancel-declare``, ``challenge-p<i>``, ``no-challenge``, ``proven``, ``not-proven``,
``block-p<i>-<character>``, ``no-block``, ``lose-<character>``, ``exchange-done``,
``rules-link``, ``must-coup``, ``two-player-draft`` (the options form).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    CHARACTERS,
    COUP,
    MUST_COUP,
    CoupState,
    awaiting,
    explain,
    legal_declarations,
    legal_events,
    projected,
    unseen,
    waiting_for,
)
from companion.errors import CompanionError
from companion.i18n import _
from companion.ui.nav import go
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, tagged

__all__ = ["Board", "OptionsForm", "action_label", "step_title"]

#: Button text of each action (the claimed character and the cost in brackets).
_ACTION_LABELS = {
    "income": "Доход +1",
    "foreign_aid": "Помощь +2",
    "coup": "Переворот −7",
    "tax": "Налог +3",
    "assassinate": "Убийство −3",
    "steal": "Кража",
    "exchange": "Обмен",
}
_ACTION_ICONS = {
    "income": ft.Icons.ADD_CIRCLE_OUTLINE,
    "foreign_aid": ft.Icons.VOLUNTEER_ACTIVISM,
    "coup": ft.Icons.GAVEL,
    "tax": ft.Icons.ACCOUNT_BALANCE,
    "assassinate": ft.Icons.DANGEROUS,
    "steal": ft.Icons.BACK_HAND,
    "exchange": ft.Icons.SWAP_HORIZ,
}
#: Rulebook headings searched by the rules link of each step.
_STEP_RULES = {
    "action": "Действия",
    "challenge": "Оспаривание",
    "challenge_result": "Оспаривание",
    "block": "Запрет действия",
    "block_challenge": "Оспаривание",
    "block_challenge_result": "Оспаривание",
    "lose_influence": "Покровители",
    "exchange": "Посол: обмен",
}


def action_label(action: str) -> str:
    """Russian button text of an action id, e.g. ``"tax"`` → «Налог +3 (Герцог)»."""
    claim = ACTIONS[action].claim
    text = _(_ACTION_LABELS[action])
    return f"{text} ({CHARACTER_NAMES[claim]})" if claim else text


def _action_button(action: str, on_click, *, disabled: bool, primary: bool) -> ft.Control:
    """A 2-per-row action button: the action and its coins, the claimed character below."""
    claim = ACTIONS[action].claim
    lines = [ft.Text(_(_ACTION_LABELS[action]), size=15, weight=ft.FontWeight.W_600)]
    if claim:
        lines.append(ft.Text(CHARACTER_NAMES[claim], size=12))
    kind = ft.FilledButton if primary else ft.FilledTonalButton
    button = kind(
        content=ft.Row(
            [ft.Icon(_ACTION_ICONS[action], size=20), ft.Column(lines, spacing=0, tight=True)],
            spacing=6,
            tight=True,
        ),
        width=152,
        height=TARGET + 8,
        disabled=disabled,
        on_click=on_click,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
    )
    return tagged(f"act-{action}", button, label=action_label(action))


def step_title(state: CoupState) -> str:
    """The question of the current step in Russian, e.g. «Кто-то оспаривает?»."""
    step = awaiting(state)
    names, p = state.names, state.pending
    if step == "action":
        who = state.current
        if state.coins[who] >= MUST_COUP:
            return f"{names[who]}: {_('обязателен переворот')}"
        return f"{names[who]}: {_('какое действие?')}"
    if step == "challenge":
        return _("Кто-то оспаривает?")
    if step == "challenge_result":
        return f"{names[p['actor']]} {_('показал карту?')}"
    if step == "block":
        return _("Кто-то запрещает?")
    if step == "block_challenge":
        return _("Кто-то оспаривает запрет?")
    if step == "block_challenge_result":
        return f"{names[p['blocker']]} {_('показал карту?')}"
    if step == "lose_influence":
        return f"{_('Какую карту раскрывает')} {names[p['losses'][0]['player']]}?"
    if step == "exchange":
        return f"{names[p['actor']]}: {_('обмен с колодой двора')}"
    return _("Игра окончена")


def _preview(state: CoupState, kind: str, data: dict[str, Any] | None = None) -> str:
    """The log line the event would produce, or «» if the engine refuses it."""
    try:
        text = COUP.preview(state, kind, data)
    except CompanionError:
        return ""
    return text.replace(" → ", " против ")  # the arrow has no glyph in the bundled font


def _button(
    ident: str,
    text: str,
    on_click,
    *,
    icon=None,
    disabled: bool = False,
    primary: bool = False,
    label: str | None = None,
) -> ft.Control:
    kind = ft.FilledButton if primary else ft.FilledTonalButton
    return tagged(
        ident,
        kind(text, icon=icon, height=TARGET + 8, disabled=disabled, on_click=on_click),
        label=label or text,
    )


# -- the public part: players, treasury, unseen characters ----------------------------------------
@ft.component
def PlayerCard(view: GameView, version: int, index: int) -> ft.Control:
    """One player: name, influences left (icons), coins (big), revealed characters, exile."""
    state: CoupState = view.state
    spec = view.game.setup.players[index]
    name = state.names[index]
    exiled = state.exiled[index] or state.influence[index] == 0
    step = awaiting(state)
    turn = state.current == index and step != "over"
    waited = index in waiting_for(state) and step not in ("action", "over")
    left = state.influence[index]
    cards: list[ft.Control] = [
        ft.Icon(ft.Icons.STYLE, size=26, color=spec.color) for _k in range(left)
    ]
    revealed = [
        ft.Container(
            ft.Text(CHARACTER_NAMES[c], size=13, color=ft.Colors.ON_ERROR_CONTAINER),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=8, vertical=2),
            border_radius=10,
        )
        for c in state.revealed[index]
    ]
    status = _("в ссылке") if exiled else (_("ходит") if turn else "")
    shown = ", ".join(CHARACTER_NAMES[c] for c in state.revealed[index])
    return tagged(
        f"player-p{index}",
        ft.Container(
            ft.Row(
                [
                    ft.Container(width=6, height=52, bgcolor=spec.color, border_radius=3),
                    ft.Column(
                        [
                            ft.Row(
                                [
                                    ft.Text(name, size=20, weight=ft.FontWeight.BOLD),
                                    ft.Icon(ft.Icons.PLAY_ARROW, color=ft.Colors.PRIMARY, size=22)
                                    if turn
                                    else ft.Container(),
                                    ft.Text(status, size=13, italic=True),
                                ],
                                spacing=4,
                            ),
                            ft.Row(
                                [
                                    tagged(
                                        f"influence-p{index}",
                                        ft.Row(cards, spacing=0)
                                        if cards
                                        else ft.Icon(
                                            ft.Icons.BLOCK, size=22, color=ft.Colors.OUTLINE
                                        ),
                                        label=f"{name}: {_('покровителей')} {left}",
                                    ),
                                    tagged(
                                        f"revealed-p{index}",
                                        ft.Row(revealed, wrap=True, spacing=4, run_spacing=4)
                                        if revealed
                                        else ft.Container(width=1, height=1),
                                        label=f"{name}: {_('раскрыты')}: {shown or '-'}",
                                    ),
                                ],
                                spacing=6,
                            ),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    tagged(
                        f"coins-p{index}",
                        ft.Row(
                            [
                                ft.Text(
                                    str(state.coins[index]), size=44, weight=ft.FontWeight.BOLD
                                ),
                                ft.Icon(ft.Icons.MONETIZATION_ON, size=26, color=ft.Colors.AMBER),
                            ],
                            spacing=2,
                        ),
                        label=f"{name}: {_('монет')} {state.coins[index]}",
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=8,
            ),
            padding=ft.Padding.symmetric(horizontal=8, vertical=4),
            border_radius=12,
            opacity=0.35 if exiled else 1.0,
            border=ft.Border.all(
                3 if turn or waited else 1,
                spec.color
                if turn
                else (ft.Colors.TERTIARY if waited else ft.Colors.OUTLINE_VARIANT),
            ),
        ),
        label=f"{name}{' — ' + status if status else ''}",
    )


@ft.component
def BankBar(view: GameView, version: int) -> ft.Control:
    """Treasury, court deck, turn number, and copies of each character still unseen."""
    state: CoupState = view.state
    left = unseen(state)
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "treasury",
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.ACCOUNT_BALANCE, size=26),
                                ft.Text(
                                    f"{_('Казна')}: {state.treasury}",
                                    size=24,
                                    weight=ft.FontWeight.BOLD,
                                ),
                            ],
                            spacing=4,
                        ),
                        label=f"{_('Казна')} {state.treasury}",
                    ),
                    tagged(
                        "court-deck",
                        ft.Text(f"{_('Колода двора')}: {state.court_deck}", size=14),
                        label=f"{_('Колода двора')} {state.court_deck}",
                    ),
                    tagged(
                        "turn",
                        ft.Text(f"{_('Ход')} {state.turn}", size=14),
                        label=f"{_('Ход')} {state.turn}",
                    ),
                ],
                spacing=12,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            ft.Text(_("Ещё не раскрыто (из 3 каждого):"), size=12),
            ft.Row(
                [
                    tagged(
                        f"unseen-{c}",
                        ft.Container(
                            ft.Column(
                                [
                                    ft.Text(CHARACTER_NAMES[c], size=12),
                                    ft.Text(
                                        str(left[c]),
                                        size=20,
                                        weight=ft.FontWeight.BOLD,
                                        color=ft.Colors.ERROR if left[c] == 0 else None,
                                    ),
                                ],
                                spacing=0,
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                            ),
                            padding=ft.Padding.symmetric(horizontal=6, vertical=2),
                            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
                            border_radius=8,
                        ),
                        label=f"{CHARACTER_NAMES[c]} {left[c]}",
                    )
                    for c in CHARACTERS
                ],
                wrap=True,
                alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                spacing=4,
                run_spacing=4,
            ),
        ],
        spacing=4,
    )


# -- the referee --------------------------------------------------------------------------------
def _declare_panel(
    view: GameView, state: CoupState, choice: dict | None, set_choice
) -> list[ft.Control]:
    """Action buttons (only legal ones enabled), then target buttons, then the outcome + confirm."""
    who = state.current
    legal = {d["action"]: d["targets"] for d in legal_declarations(state)}
    out: list[ft.Control] = []
    if state.coins[who] >= MUST_COUP:
        out.append(
            tagged(
                "must-coup",
                ft.Text(
                    f"{state.names[who]}: {state.coins[who]} {_('монет — другие действия запрещены (правило «Переворот»)')}",
                    size=15,
                    color=ft.Colors.ERROR,
                ),
                label=_("обязателен переворот"),
            )
        )
    action = choice["action"] if choice else None
    out.append(
        ft.Row(
            [
                _action_button(
                    a,
                    lambda _e, a=a: set_choice({"turn": state.turn, "action": a, "target": None}),
                    disabled=a not in legal,
                    primary=a == action,
                )
                for a in ACTIONS
            ],
            wrap=True,
            spacing=6,
            run_spacing=6,
        )
    )
    if action is None or action not in legal:
        return out
    info = ACTIONS[action]
    target = choice["target"]
    if info.targeted:
        out.append(ft.Text(_("Против кого?"), size=16, weight=ft.FontWeight.BOLD))
        out.append(
            ft.Row(
                [
                    _button(
                        f"target-p{t}",
                        state.names[t],
                        lambda _e, t=t: set_choice({**choice, "target": t}),
                        icon=ft.Icons.PERSON,
                        primary=t == target,
                    )
                    for t in legal[action]
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        )
        if target is None:
            return out
    data = {"player": who, "action": action, "target": target}
    text = _preview(state, "coup.declare", data)
    out.append(tagged("preview", ft.Text(text, size=15, italic=True), label=text))

    def confirm() -> None:
        if view.send("coup.declare", data):
            set_choice(None)

    out.append(
        ft.Row(
            [
                _button(
                    "confirm-declare",
                    _("Объявить"),
                    lambda: confirm(),
                    icon=ft.Icons.CAMPAIGN,
                    primary=True,
                ),
                tagged(
                    "cancel-declare",
                    ft.TextButton(
                        _("Отмена"), height=TARGET + 8, on_click=lambda: set_choice(None)
                    ),
                ),
            ],
            wrap=True,
        )
    )
    return out


def _nobody(
    view: GameView, state: CoupState, ident: str, kind: str, others: list[ft.Control]
) -> list[ft.Control]:
    """«Никто» beside the other answers, and the log line it would produce (the outcome)."""
    text = _preview(state, kind)
    button = _button(
        ident, _("Никто"), lambda: view.send(kind), icon=ft.Icons.DO_NOT_DISTURB, primary=True
    )
    return [
        ft.Row([button, *others], wrap=True, spacing=6, run_spacing=6),
        tagged("preview", ft.Text(f"{_('Если никто')}: {text}", size=14, italic=True), label=text),
    ]


def _flow_panel(view: GameView, state: CoupState) -> list[ft.Control]:
    """The buttons of every step after the declaration (one engine event per button)."""
    step = awaiting(state)
    p = state.pending
    names = state.names
    legal = legal_events(state)
    if step in ("challenge", "block_challenge"):
        rows = [
            _button(
                f"challenge-p{c}",
                names[c],
                lambda _e, c=c: view.send("coup.challenge", {"challenger": c}),
                icon=ft.Icons.FRONT_HAND,
            )
            for c in waiting_for(state)
        ]
        return _nobody(view, state, "no-challenge", "coup.no_challenge", rows)
    if step in ("challenge_result", "block_challenge_result"):
        character = (
            p["block_character"] if step == "block_challenge_result" else ACTIONS[p["action"]].claim
        )
        can_prove = ("coup.challenge_result", {"proven": True}) in legal
        yes = _preview(state, "coup.challenge_result", {"proven": True})
        no = _preview(state, "coup.challenge_result", {"proven": False})
        return [
            ft.Row(
                [
                    _button(
                        "proven",
                        f"{_('Показал')}: {CHARACTER_NAMES[character]}",
                        lambda: view.send("coup.challenge_result", {"proven": True}),
                        icon=ft.Icons.VERIFIED,
                        disabled=not can_prove,
                    ),
                    _button(
                        "not-proven",
                        _("Не показал (блеф)"),
                        lambda: view.send("coup.challenge_result", {"proven": False}),
                        icon=ft.Icons.MOOD_BAD,
                    ),
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            ),
            ft.Text(f"{_('Показал')}: {yes}" if yes else "", size=14, italic=True),
            ft.Text(f"{_('Не показал')}: {no}", size=14, italic=True),
        ]
    if step == "block":
        rows = [
            _button(
                f"block-p{d['blocker']}-{d['character']}",
                f"{names[d['blocker']]} — {CHARACTER_NAMES[d['character']]}",
                lambda _e, d=d: view.send("coup.block", d),
                icon=ft.Icons.BLOCK,
            )
            for kind, d in legal
            if kind == "coup.block"
        ]
        return _nobody(view, state, "no-block", "coup.no_block", rows)
    if step == "lose_influence":
        who = p["losses"][0]["player"]
        allowed = {d["character"] for kind, d in legal if kind == "coup.lose_influence"}
        return [
            ft.Row(
                [
                    _button(
                        f"lose-{c}",
                        CHARACTER_NAMES[c],
                        lambda _e, c=c: view.send(
                            "coup.lose_influence", {"player": who, "character": c}
                        ),
                        disabled=c not in allowed,
                    )
                    for c in CHARACTERS
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            )
        ]
    if step == "exchange":
        return [
            _button(
                "exchange-done",
                _("Обмен завершён"),
                lambda: view.send("coup.exchange_done"),
                icon=ft.Icons.DONE,
                primary=True,
            )
        ]
    return []


@ft.component
def Referee(view: GameView, version: int) -> ft.Control:
    """The guided step: question, what the table decides, the buttons of that step."""
    state: CoupState = view.state
    step = awaiting(state)
    choice, set_choice = ft.use_state(None)
    if step == "over":
        return ft.Container(height=0)
    if choice is not None and (choice["turn"] != state.turn or step != "action"):
        choice = None  # a stale selection (after undo/redo or a move from another device)
    heading = _STEP_RULES[step]
    body = (
        _declare_panel(view, state, choice, set_choice)
        if step == "action"
        else _flow_panel(view, state)
    )
    outcome = projected(state)
    if outcome in explain(state) or (state.pending and state.pending["result"] is not None):
        outcome = ""  # already spelled out, or the action is already decided
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Container(
                            tagged(
                                "step",
                                ft.Text(step_title(state), size=22, weight=ft.FontWeight.BOLD),
                                label=step_title(state),
                            ),
                            expand=True,
                        ),
                        tagged(
                            "rules-link",
                            ft.IconButton(
                                ft.Icons.MENU_BOOK,
                                tooltip=f"{_('Правила')}: {heading}",
                                on_click=lambda: go(f"/rules?game=coup&q={heading}"),
                            ),
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                tagged("explain", ft.Text(explain(state), size=15), label=explain(state)),
                tagged(
                    "outcome",
                    ft.Text(
                        f"{_('Итог действия')}: {outcome}", size=15, weight=ft.FontWeight.W_500
                    ),
                    label=outcome,
                )
                if outcome
                else ft.Container(height=0),
                *body,
            ],
            spacing=8,
        ),
        padding=12,
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )


@ft.component
def Board(view: GameView) -> ft.Control:
    """Bank and unseen characters, one card per player in seat order, then the guided step."""
    state: CoupState = view.state
    return ft.Column(
        [
            BankBar(view, view.version),
            *[PlayerCard(view, view.version, i) for i in range(len(state.names))],
            Referee(view, view.version),
        ],
        spacing=10,
    )


@ft.component
def OptionsForm(options: dict[str, Any], set_options, players: int = 0) -> ft.Control:
    """The optional card draft of «Игра вдвоём» (the engine accepts it only with 2 players)."""
    return tagged(
        "two-player-draft",
        ft.Checkbox(
            label=_("Вдвоём: набор карт перед игрой"),
            value=bool(options.get("two_player_draft")),
            on_change=lambda e: set_options({**options, "two_player_draft": bool(e.control.value)}),
        ),
    )
