"""The turn around the players: whose turn and which phase, the seals, the summary of the last
combat, «От щедрот» and, after the seventh seal, the winner picker."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.munchkin import HAND_LIMIT, SEALS_TO_END, SETUP_REMINDER, charity
from companion.i18n import _
from companion.ui.boards.compact import toggle
from companion.ui.boards.munchkin.common import Send
from companion.ui.widgets import TARGET, icon_button, tagged

__all__ = ["TurnBar", "Reminder", "LastCombat", "CharityPanel", "WinnerPicker"]


@ft.component
def _TurnBar(turn: int, player: str, phase: str, seals: int, over: bool, send: Send) -> ft.Control:
    """«Ход N: имя», the phase, and the seals with «Сломать печать». Tags: ``turn``,
    ``current-phase``, ``seals``, ``seal-break``."""
    return ft.Row(
        [
            ft.Column(
                [
                    tagged(
                        "turn",
                        ft.Text(
                            f"{_('Ход')} {turn}: {player}",
                            size=18,
                            weight=ft.FontWeight.BOLD,
                            max_lines=1,
                            overflow=ft.TextOverflow.ELLIPSIS,
                        ),
                        label=f"Ход {turn}: {player}",
                    ),
                    tagged(
                        "current-phase",
                        ft.Text(f"«{phase}»", size=15, max_lines=1),
                        label=phase,
                    ),
                ],
                spacing=0,
                expand=True,
            ),
            ft.Column(
                [
                    ft.Text(_("Сивучати"), size=12),
                    tagged(
                        "seals",
                        ft.Text(f"{seals}/{SEALS_TO_END}", size=20, weight=ft.FontWeight.BOLD),
                        label=f"{seals}/{SEALS_TO_END}",
                    ),
                ],
                spacing=0,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            tagged(
                "seal-break",
                ft.OutlinedButton(
                    _("Сорвать"),
                    height=TARGET,
                    tooltip=_("Сорвать ещё одну сивучать"),
                    disabled=over,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                    on_click=lambda: send("seal.break", {}),
                ),
                label="Сорвать сивучать",
            ),
        ],
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


#: Memoised: changes only with the turn, the phase and the seals.
TurnBar = ft.memo(_TurnBar)


def Reminder() -> ft.Control:
    """«Перед началом»: the setup checklist, shown until the first move."""
    return ft.Container(
        ft.Column(
            [
                ft.Text(_("Перед началом"), size=16, weight=ft.FontWeight.BOLD),
                *[ft.Text(f"• {line}", size=13) for line in SETUP_REMINDER],
            ],
            spacing=2,
        ),
        padding=8,
        border_radius=8,
        bgcolor=ft.Colors.SECONDARY_CONTAINER,
    )


def LastCombat(text: str) -> ft.Control:
    """The summary of the combat that just ended (tag ``last-combat``)."""
    return tagged(
        "last-combat",
        ft.Container(
            ft.Text(text, size=14),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=8,
            border_radius=8,
        ),
        label=text,
    )


@ft.component
def _CharityPanel(
    giver: int, names: tuple[str, ...], levels: tuple[int, ...], send: Send
) -> ft.Control:
    """«От щедрот»: cards in hand → who gets the surplus (or the discard), then one event.

    The odd cards go one each to recipients the giver picks: once as many are picked as there
    are odd cards, the other boxes are disabled, so the table can never tick more.
    Tags: ``charity``, ``hand`` (``hand-minus``/``hand-plus``), ``charity-plan``, ``gift-{p}``,
    ``gift-extra-{p}``, ``charity-submit``.
    """
    hand, set_hand = ft.use_state(HAND_LIMIT + 1)
    extra_to, set_extra_to = ft.use_state(None)  # recipients of the odd cards (None: default)
    sizes = [0] * len(names)
    sizes[giver] = hand
    plan = charity(giver, sizes, list(levels))
    chosen = (
        list(plan.recipients[: plan.extra])
        if extra_to is None
        else [p for p in extra_to if p in plan.recipients][: plan.extra]
    )
    gifts = [plan.shares.get(i, 0) + (1 if i in chosen else 0) for i in range(len(names))]

    def give() -> None:
        data: dict[str, Any] = {
            "hand": hand,
            "gifts": [0] * len(names) if plan.discard else gifts,
            "discard": plan.discard,
        }
        if send("turn.charity", data):
            set_extra_to(None)

    def flip(p: int) -> None:
        if p in chosen:
            set_extra_to([q for q in chosen if q != p])
        elif len(chosen) < plan.extra:
            set_extra_to([*chosen, p])

    if plan.surplus == 0:
        text = f"{_('Не больше')} {HAND_LIMIT} {_('карт — раздавать нечего')}"
    elif plan.discard:
        text = (
            f"{_('Лишних карт')}: {plan.surplus}. "
            f"{_('Самый низкий уровень у вас — они уходят в сброс')}."
        )
    else:
        text = (
            f"{_('Лишних карт')}: {plan.surplus} — {_('поровну манчкинам самого низкого уровня')}."
        )
        if plan.extra:
            text += f" {_('Остаток')} ({plan.extra}) — {_('по одной тем, кого выберете')}."
    body: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(f"{names[giver]}: {_('карт на руке')}", size=15, expand=True),
                icon_button(
                    "hand-minus", ft.Icons.REMOVE, _("Меньше"), lambda: set_hand(max(0, hand - 1))
                ),
                tagged(
                    "hand",
                    ft.Container(
                        ft.Text(str(hand), size=24, weight=ft.FontWeight.BOLD),
                        width=44,
                        alignment=ft.Alignment.CENTER,
                    ),
                    label=str(hand),
                ),
                icon_button("hand-plus", ft.Icons.ADD, _("Больше"), lambda: set_hand(hand + 1)),
            ],
            spacing=0,
        ),
        tagged("charity-plan", ft.Text(text, size=14), label=text),
    ]
    if not plan.discard:
        for p in plan.recipients:
            full = p not in chosen and len(chosen) >= plan.extra
            body.append(
                ft.Row(
                    [
                        tagged(
                            f"gift-{p}",
                            ft.Text(f"{names[p]}: {gifts[p]}", size=16, weight=ft.FontWeight.BOLD),
                            label=f"{names[p]}: {gifts[p]}",
                        ),
                        tagged(
                            f"gift-extra-{p}",
                            toggle(_("ещё одну"), p in chosen, lambda p=p: flip(p), full),
                            label="ещё одну"
                            + (" (да)" if p in chosen else "")
                            + (" недоступно" if full else ""),
                        )
                        if plan.extra
                        else ft.Container(),
                    ],
                    height=TARGET,
                )
            )
    body.append(
        tagged(
            "charity-submit",
            ft.FilledTonalButton(
                _("Сбросить") if plan.discard else _("Раздать"),
                icon=ft.Icons.VOLUNTEER_ACTIVISM,
                height=TARGET,
                disabled=plan.surplus == 0 or (not plan.discard and len(chosen) != plan.extra),
                on_click=lambda: give(),
            ),
        )
    )
    return tagged(
        "charity",
        ft.Container(
            ft.Column(body, spacing=4),
            padding=8,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ),
    )


#: Memoised: changes with the giver and the levels only.
CharityPanel = ft.memo(_CharityPanel)


@ft.component
def WinnerPicker(names: tuple[str, ...], levels: tuple[int, ...], send: Send) -> ft.Control:
    """After the seventh seal the table names the winner(s) (the surviving pages do not say
    how). Tags: ``winner-picker``, ``winner-pick-{i}``, ``winners-submit``."""
    picked, set_picked = ft.use_state(())
    return tagged(
        "winner-picker",
        ft.Container(
            ft.Column(
                [
                    ft.Text(
                        _("Сорвана седьмая сивучать — игра окончена. Кто победил? Решает стол."),
                        size=16,
                        weight=ft.FontWeight.BOLD,
                    ),
                    *[
                        tagged(
                            f"winner-pick-{i}",
                            toggle(
                                f"{n} ({_('уровень')} {levels[i]})",
                                i in picked,
                                lambda i=i: set_picked(tuple(sorted(set(picked) ^ {i}))),
                            ),
                            label=n + (" (да)" if i in picked else ""),
                        )
                        for i, n in enumerate(names)
                    ],
                    tagged(
                        "winners-submit",
                        ft.FilledButton(
                            _("Записать победу"),
                            icon=ft.Icons.EMOJI_EVENTS,
                            height=TARGET,
                            disabled=not picked,
                            on_click=lambda: send("game.winners", {"winners": list(picked)}),
                        ),
                    ),
                ]
            ),
            padding=10,
            border_radius=12,
            border=ft.Border.all(3, ft.Colors.AMBER),
        ),
    )
