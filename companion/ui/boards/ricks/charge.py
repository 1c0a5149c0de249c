"""The charge-phase wizard («Фаза зарядки»): its head as a
:func:`~companion.ui.step_panel.StepPanel` (the universe and step, the energy, whose turn, the
goal, the steps) and its tail (energy from a card, the ledger)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.ricks import CHARGE_ORDER, PHASE_CHARGE, present_players
from companion.i18n import _
from companion.ui.boards.ricks.charge_steps import (
    FOLDED_GAP,
    AmountRow,
    _ledger_lines,
    charge_owner,
    send_saying_what_moved,
)
from companion.ui.boards.ricks.common import SHORT
from companion.ui.layout import use_layout
from companion.ui.state import GameView
from companion.ui.step_panel import StepPanel
from companion.ui.widgets import TARGET, clipped_text, tagged

__all__ = ["ChargeHead", "ChargeTail"]


def _stepper(universe: str, step: str) -> ft.Control:
    """The universes in charge order and the steps А Б В, the current ones marked. Tags:
    ``charge-steps``, ``charge-step-{А|Б|В}``."""
    chips: list[ft.Control] = [
        ft.Container(
            ft.Text(SHORT[u], size=12, weight=ft.FontWeight.BOLD if u == universe else None),
            padding=4,
            border_radius=8,
            bgcolor=ft.Colors.PRIMARY_CONTAINER if u == universe else None,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        )
        for u in CHARGE_ORDER
    ]
    chips.append(ft.Container(width=4))
    for s in ("А", "Б", "В"):
        on = s == step
        circle = ft.Container(
            ft.Text(
                s, size=15, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_PRIMARY if on else None
            ),
            width=28,
            height=28,
            alignment=ft.Alignment.CENTER,
            border_radius=14,
            bgcolor=ft.Colors.PRIMARY if on else None,
            border=ft.Border.all(1, ft.Colors.OUTLINE),
        )
        chips.append(tagged(f"charge-step-{s}", circle, label=s))
    # narrower than any phone: scrolls rather than overflows
    return tagged("charge-steps", ft.Row(chips, spacing=2, scroll=ft.ScrollMode.AUTO))


@ft.component
def _ChargeHead(
    universe: str,
    step: str,
    energy: int,
    who: str,
    production: int,
    came: int,
    goal: str,
    rules: Callable[[], None],
    folded: bool = False,
) -> ft.Control:
    """The step's panel: «{universe}, шаг {step}» (``charge-pos``) with «Весь текст» and the
    step's rules (``phase-rules``); the energy (``energy``) beside whose turn it is
    (``charge-player``) and the goal (``phase``); :func:`_stepper`. ``folded`` (a short page):
    tighter."""
    pos = f"{universe}, {_('шаг')} {step}"
    if step == "А":
        line = f"{_('Шаг А')}: {_('источники')} +{production}, {_('снизу')} {came}"
    else:
        line = f"{_('Очередь')}: {who}" if who else _("Никого")
    number = ft.Text(str(energy), size=36 if folded else 44, weight=ft.FontWeight.BOLD)
    texts = ft.Column(
        [
            tagged(
                "charge-player",
                clipped_text(line, 16 if folded else 18, weight=ft.FontWeight.BOLD),
                line,
            ),
            tagged("phase", clipped_text(goal, 13), goal),
        ],
        spacing=0,
        tight=True,
        expand=True,
    )
    energy_line = ft.Row(
        [
            ft.Icon(ft.Icons.BOLT, color=ft.Colors.AMBER, size=32 if folded else 36),
            tagged("energy", ft.Container(number, width=64 if folded else 72), str(energy)),
            texts,
        ],
        height=TARGET if folded else 56,
        spacing=4,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return StepPanel(
        pos,
        [energy_line, _stepper(universe, step)],
        [],
        f"Шаг {step}",
        rules,
        (universe, step, who),
        padding=6 if folded else 8,
        idents=("charge-pos", "phase-rules"),
        cut=[line, goal],
    )


ChargeHead = ft.memo(_ChargeHead)


@ft.component
def ChargeTail(view: GameView, version: int) -> ft.Control:
    """Energy a card adds (``gain-amount``, ``gain``), and where the energy came from and went,
    per universe (``ledger-{k}``, k in charge order)."""
    state = view.state
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None:
        return ft.Container(visible=False)
    names = view.game.players

    def gain(n: int) -> bool:
        return send_saying_what_moved(view, "charge.gain", {"amount": n, "note": ""})

    owner = charge_owner(view)
    adding = AmountRow(
        "gain-amount", _("Энергия от карты"), _("от карты"), "gain", _("Добавить"), gain, owner
    )
    ledger = [
        tagged(f"ledger-{CHARGE_ORDER.index(row['universe'])}", ft.Text(line, size=14), line)
        for row, line in zip(ch.ledger, _ledger_lines(ch.ledger), strict=True)
    ]
    here = ", ".join(names[i] for i in present_players(state, ch.universe)) or _("никого")
    return ft.Column(
        [adding, ft.Column(ledger, spacing=4), ft.Text(f"{_('Здесь')}: {here}", size=14)],
        spacing=FOLDED_GAP if use_layout().short else 8,
    )
