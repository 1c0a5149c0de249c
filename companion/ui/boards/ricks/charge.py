"""The charge-phase wizard («Фаза зарядки»): the head (step, energy, whose turn) and the step's
controls."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.ricks import CHARGE_ORDER, PHASE_CHARGE, present_players
from companion.i18n import _
from companion.ui.boards.ricks.charge_steps import (
    FOLDED_GAP,
    SHORT,
    AmountRow,
    StepB,
    StepV,
    _ledger_lines,
    charge_owner,
    send_saying_what_moved,
)
from companion.ui.boards.ricks.common import _box, tag
from companion.ui.layout import use_layout
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, clipped_text, icon_button

__all__ = ["SHORT", "ChargeHead", "StepB", "StepV", "ChargeTail", "FOLDED_GAP"]


@ft.component
def _ChargeHead(
    universe: str,
    step: str,
    energy: int,
    who: str,
    production: int,
    came: int,
    goal: str = "",
    rules: Callable[[], None] | None = None,
) -> ft.Control:
    """«Фаза зарядки» head in three fixed lines: universe and step, the energy and whose turn.
    Tags: ``charge-pos``, ``charge-steps``, ``charge-step-{А|Б|В}``, ``energy``,
    ``charge-player``. Folded (given ``rules``): the goal (``phase``) and the rules icon
    (``phase-rules``) join the head, its lines tighter."""
    folded = rules is not None
    stepper = ft.Row(
        [
            ft.Container(
                ft.Text(
                    SHORT.get(u, u), size=12, weight=ft.FontWeight.BOLD if u == universe else None
                ),
                padding=ft.Padding.symmetric(horizontal=4, vertical=4),
                border_radius=8,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if u == universe else None,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            )
            for u in CHARGE_ORDER
        ]
        + [ft.Container(width=4)]
        + [
            tag(
                f"charge-step-{s}",
                ft.Container(
                    ft.Text(
                        s,
                        size=15,
                        weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_PRIMARY if s == step else None,
                    ),
                    width=28,
                    height=28,
                    alignment=ft.Alignment.CENTER,
                    border_radius=14,
                    bgcolor=ft.Colors.PRIMARY if s == step else None,
                    border=ft.Border.all(1, ft.Colors.OUTLINE),
                ),
                label=s,
            )
            for s in ("А", "Б", "В")
        ],
        spacing=2,
        scroll=ft.ScrollMode.AUTO,  # narrower than any phone: scrolls rather than overflows
    )
    pos = f"{universe}, {_('шаг')} {step}"
    if step == "А":
        line = f"{_('Шаг А')}: {_('источники')} +{production}, {_('снизу')} {came}"
    else:
        line = f"{_('Очередь')}: {who}" if who else _("Никого")
    first: ft.Control = tag(
        "charge-pos",
        clipped_text(
            pos if folded else f"{_('Зарядка')}: {pos}",
            15 if folded else 16,
            weight=ft.FontWeight.BOLD,
        ),
        label=pos,
    )
    energy_line: list[ft.Control] = [
        ft.Icon(ft.Icons.BOLT, color=ft.Colors.AMBER, size=32 if folded else 36),
        tag(
            "energy",
            ft.Container(
                ft.Text(str(energy), size=40 if folded else 44, weight=ft.FontWeight.BOLD),
                width=64 if folded else 72,
                alignment=ft.Alignment.CENTER_LEFT,
            ),
            label=str(energy),
        ),
        ft.Container(
            tag(
                "charge-player",
                clipped_text(line, 16 if folded else 18, lines=2, weight=ft.FontWeight.BOLD),
                label=line,
            ),
            expand=True,
        ),
    ]
    if folded:
        first = ft.Row(
            [ft.Container(first, expand=True), tag("phase", clipped_text(goal, 13), label=goal)],
            spacing=6,
        )
        energy_line.append(
            icon_button("phase-rules", ft.Icons.HELP_OUTLINE, _("Правила этой фазы"), rules)
        )
    return _box(
        ft.Column(
            [
                first,
                tag("charge-steps", stepper),
                ft.Row(
                    energy_line,
                    height=TARGET if folded else 56,
                    spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ],
            spacing=4,
        ),
        highlight=True,
        padding=6 if folded else 10,
    )


ChargeHead = ft.memo(_ChargeHead)


@ft.component
def ChargeTail(view: GameView, version: int) -> ft.Control:
    """Energy a card adds, and where the energy came from and went, per universe."""
    state = view.state
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None:
        return ft.Container(visible=False)
    names = view.game.players
    parts: list[ft.Control] = []
    parts.append(
        AmountRow(
            "gain-amount",
            _("Энергия от карты"),
            _("от карты"),
            1,
            1,
            "gain",
            _("Добавить"),
            lambda n: send_saying_what_moved(view, "charge.gain", {"amount": n, "note": ""}),
            owner=charge_owner(view),
        )
    )
    parts.append(
        ft.Column(
            [
                tag(
                    f"ledger-{CHARGE_ORDER.index(row['universe'])}",
                    ft.Text(line, size=14),
                    label=line,
                )
                for row, line in zip(ch.ledger, _ledger_lines(ch.ledger), strict=True)
            ],
            spacing=4,
        )
    )
    present = present_players(state, ch.universe)
    parts.append(
        ft.Text(f"{_('Здесь')}: " + (", ".join(names[i] for i in present) or _("никого")), size=14)
    )
    return ft.Column(parts, spacing=FOLDED_GAP if use_layout().short else 8)
