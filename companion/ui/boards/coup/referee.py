"""The guided step of Coup in the body: the question, what it means, and the choices that do
not fit the pinned bar (the action grid and targets, who challenges or blocks, which card).

Nothing here is a dead button: an action the rules forbid now is drawn dimmed, and a tap
shows the engine's refusal (:func:`companion.engine.coup.refusal`) in the frame's banner.
The common answers («Объявить», «Никто», «Карта показана») are in the pinned bar
(:mod:`.actions`).
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    CHARACTERS,
    CoupState,
    awaiting,
    expected_outcome,
    explain,
    legal_declarations,
    legal_events,
    refusal,
    waiting_for,
)
from companion.i18n import _
from companion.ui.boards.coup.common import ACTION_LABELS, Choice, step_title
from companion.ui.nav import open_rules
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, tagged

__all__ = ["Referee", "outcome_line"]

#: Rulebook headings searched by the rules link of each step.
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


def _choice_button(
    ident: str,
    lines: list[str],
    on_click,
    *,
    selected: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    width: int | None = None,
) -> ft.Control:
    """A 48 dp button (one or two lines of text); ``dimmed`` looks unavailable but still
    answers a tap (with the reason)."""
    texts = [ft.Text(lines[0], size=14, weight=ft.FontWeight.W_600, no_wrap=True)]
    if len(lines) > 1:
        texts.append(ft.Text(lines[1], size=11, no_wrap=True))
    kind = ft.FilledButton if selected else ft.FilledTonalButton
    return tagged(
        ident,
        ft.Container(
            kind(
                content=ft.Column(
                    texts,
                    spacing=0,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=TARGET + 4,
                width=width,
                on_click=on_click,
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=6),
                    visual_density=ft.VisualDensity.STANDARD,
                ),
            ),
            opacity=0.45 if dimmed else 1.0,
        ),
        label=label or " ".join(lines),
    )


def outcome_line(state: CoupState) -> str:
    """«Итог действия: …» from :func:`~companion.engine.coup.expected_outcome` (while a block
    is pending: what happens if it stands), or «» when the explanation already says it."""
    text = expected_outcome(state)
    if not text or text in explain(state):
        return ""
    return f"{_('Итог действия')}: {text}"


def _declare(view: GameView, state: CoupState, choice: Choice) -> list[ft.Control]:
    """Seven actions in a 3-column grid; the legal targets of the chosen one."""
    who = state.current
    legal = {d["action"]: d["targets"] for d in legal_declarations(state)}
    action, target = choice.current(state)

    def tap(a: str) -> None:
        if a not in legal:
            others = [t for t in range(len(state.names)) if t != who]
            data: dict[str, Any] = {
                "player": who,
                "action": a,
                "target": others[0] if ACTIONS[a].targeted and others else None,
            }
            reason = refusal(state, "coup.declare", data)
            view.error = reason or _("Это действие сейчас недоступно.")
            view.error_player = who
            return
        view.error = ""
        choice.pick(state.turn, a)

    grid = [
        _choice_button(
            f"act-{a}",
            [_(ACTION_LABELS[a]), CHARACTER_NAMES[info.claim] if info.claim else _("без карты")],
            lambda _e, a=a: tap(a),
            selected=a == action,
            dimmed=a not in legal,
            width=104,
        )
        for a, info in ACTIONS.items()
    ]
    out: list[ft.Control] = [ft.Row(grid, wrap=True, spacing=5, run_spacing=5)]
    targets = legal.get(action) if action else None
    if targets:
        out.append(
            ft.Row(
                [
                    ft.Text(_("Против кого?"), size=14, weight=ft.FontWeight.BOLD),
                    *[
                        _choice_button(
                            f"target-p{t}",
                            [state.names[t]],
                            lambda _e, t=t: choice.aim(t),
                            selected=t == target,
                        )
                        for t in targets
                    ],
                ],
                wrap=True,
                spacing=5,
                run_spacing=5,
            )
        )
    return out


def _answers(view: GameView, state: CoupState) -> list[ft.Control]:
    """Who challenges, who blocks and with which character, which card is revealed."""
    step = awaiting(state)
    p = state.pending
    names = state.names
    legal = legal_events(state)
    buttons: list[ft.Control] = []
    if step in ("challenge", "block_challenge"):
        buttons = [
            _choice_button(
                f"challenge-p{c}",
                [names[c]],
                lambda _e, c=c: view.send("coup.challenge", {"challenger": c}),
                label=f"{names[c]} {_('оспаривает')}",
            )
            for c in waiting_for(state)
        ]
        title = _("Оспаривает:")
    elif step == "block":
        buttons = [
            _choice_button(
                f"block-p{d['blocker']}-{d['character']}",
                [names[d["blocker"]], CHARACTER_NAMES[d["character"]]],
                lambda _e, d=d: view.send("coup.block", d),
            )
            for kind, d in legal
            if kind == "coup.block"
        ]
        title = _("Запрещает:")
    elif step == "lose_influence":
        assert p is not None
        who = p["losses"][0]["player"]
        allowed = {d["character"] for kind, d in legal if kind == "coup.lose_influence"}

        def lose(c: str) -> None:
            data = {"player": who, "character": c}
            if c not in allowed:
                view.error = refusal(state, "coup.lose_influence", data) or ""
                view.error_player = who
                return
            view.send("coup.lose_influence", data)

        buttons = [
            _choice_button(
                f"lose-{c}",
                [CHARACTER_NAMES[c]],
                lambda _e, c=c: lose(c),
                dimmed=c not in allowed,
            )
            for c in CHARACTERS
        ]
        title = _("Раскрывает:")
    else:
        return []
    return [
        ft.Row(
            [ft.Text(title, size=14, weight=ft.FontWeight.BOLD), *buttons],
            wrap=True,
            spacing=5,
            run_spacing=5,
        )
    ]


@ft.component
def Referee(view: GameView, version: int, choice: Choice) -> ft.Control:
    """The question, the choices of the step, its explanation (3 lines reserved) and the
    outcome line (reserved)."""
    state: CoupState = view.state
    step = awaiting(state)
    if step == "over":
        return ft.Container(height=0)
    heading = STEP_RULES[step]
    body = _declare(view, state, choice) if step == "action" else _answers(view, state)
    said = explain(state) if step != "action" else ""
    outcome = outcome_line(state)
    title = step_title(state)
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Container(
                            tagged(
                                "step",
                                ft.Text(title, size=18, weight=ft.FontWeight.BOLD, max_lines=1),
                                label=title,
                            ),
                            expand=True,
                        ),
                        tagged(
                            "rules-link",
                            ft.IconButton(
                                ft.Icons.MENU_BOOK,
                                tooltip=f"{_('Правила')}: {heading}",
                                width=TARGET,
                                height=TARGET,
                                on_click=lambda: open_rules("coup", heading),
                            ),
                            label=f"{_('Правила')}: {heading}",
                        ),
                    ],
                    height=TARGET,
                ),
                # the answers right under the question, the explanation below them: with six
                # players the choices stay above the pinned bar without scrolling
                *body,
                *(
                    [
                        ft.Container(
                            tagged("explain", ft.Text(said, size=13, max_lines=4), label=said),
                            height=70,
                        ),
                        ft.Container(
                            tagged(
                                "outcome",
                                ft.Text(outcome, size=13, weight=ft.FontWeight.W_500, max_lines=3),
                                label=outcome,
                            ),
                            height=54,
                        ),
                    ]
                    if step != "action"
                    else []
                ),
            ],
            spacing=4,
        ),
        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )
