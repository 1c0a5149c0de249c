"""The charge-phase wizard («Фаза зарядки»): its head as a
:func:`~companion.ui.step_panel.StepPanel` (the universe and step, the energy, whose turn, the
goal, the steps), steps Б and В (energy spent on one-shots, abilities and other costs,
inventions activated) and its tail (energy from a card, the ledger)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine import moves
from companion.engine.ricks import CHARGE_ORDER, PHASE_CHARGE, Card, offers, present_players
from companion.engine.ricks.state import Charge, RicksState
from companion.i18n import _
from companion.present.ricks_play import vp_moves
from companion.present.ricks_texts import (
    SHORT,
    ability_room,
    ability_text,
    activation_text,
    charge_line,
    charge_moved,
    ledger_line,
)
from companion.ui.boards.ricks.common import DIMMED, energy
from companion.ui.layout import grid, use_layout
from companion.ui.state import GameView
from companion.ui.step_panel import StepPanel
from companion.ui.tagged_controls import button as tagged_button
from companion.ui.tagged_controls import spoken_clip
from companion.ui.widgets import TARGET, Counter, clipped_text, tagged, use_form

__all__ = ["ChargeHead", "ChargeTail", "StepB", "StepV", "FOLDED_GAP"]

#: An invention's «Активировать» (px): two lines; a partial build's third.
ACTIVATE_HEIGHT, ACTIVATE_PARTIAL = 56, 72


def _ledger_row(row: dict[str, Any]) -> ft.Control:
    """One universe's ledger line (:func:`ledger_line`), tagged ``ledger-{k}`` (k in charge
    order)."""
    line = ledger_line(row)
    return tagged(f"ledger-{CHARGE_ORDER.index(row['universe'])}", ft.Text(line, size=14), line)


def _at_step(view: GameView, step: str) -> tuple[RicksState, Charge, int] | None:
    """``(state, charge, player)`` while the charge phase is at ``step`` with a player to act."""
    state: RicksState = view.state  # a Ricks board's view holds a Ricks game
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None or ch.step != step or ch.player is None:
        return None
    return state, ch, ch.player


def send_saying_what_moved(view: GameView, move: str, data: dict[str, Any]) -> bool:
    """Send a step-В move; when the engine then moves the charge on by itself («Фаза зарядки,
    шаг В»), say so."""
    before = view.state.charge
    if before is None or not view.send(move, data):
        return False
    said = charge_moved(before, view.state, view.game.players)
    if said:
        view.show_notice(said)
    return True


#: Space (px) between the wizard's rows on a short page (8 elsewhere).
FOLDED_GAP = 6

#: Width (px) of an amount row's number.
AMOUNT_WIDTH = 52
#: An amount row's button: the rest of the row, at most this wide (px).
AMOUNT_BUTTON_MAX = 200


@ft.component
def AmountRow(
    ident: str,
    name: str,
    caption: str,
    button: str,
    button_text: str,
    send: Callable[[int], bool],
    owner: object,
    default: int = 1,
    tonal: bool = False,
) -> ft.Control:
    """``− N +`` (tagged ``ident``; a tap on N opens the pad titled ``name``) and a button tagged
    ``button``; ``send(N)`` makes the move and returns whether it was taken. N starts at
    ``default``, stays ≥ it under −/+, returns to it after a taken move and when ``owner``
    (:func:`charge_owner`) changes. One line at 360 px and up."""
    amount, update, latest = use_form(lambda: default, owner)

    def go() -> None:
        if send(latest()):
            update(default)

    action = tagged_button(
        button,
        button_text,
        go,
        ft.FilledTonalButton if tonal else ft.OutlinedButton,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
    )
    return ft.Row(
        [
            Counter(
                ident,
                name,
                amount,
                lambda d: update(lambda n: max(default, n + d)),
                update,
                caption=caption,
                width=AMOUNT_WIDTH,
                size=24,
                outlined=True,
                allow_negative=False,  # energy and costs are never negative: no «±» on the pad
            ),
            ft.Container(action, width=AMOUNT_BUTTON_MAX, expand=True, expand_loose=True),
        ],
        spacing=8,
    )


def charge_owner(view: GameView) -> tuple[str, str, int | None] | None:
    """Whose amounts the charge phase's rows hold now: ``(universe, step, player)``."""
    ch = view.state.charge
    return None if ch is None else (ch.universe, ch.step, ch.player)


def _spend_row(view: GameView) -> ft.Control:
    def spend(n: int) -> bool:
        return send_saying_what_moved(view, "charge.spend", {"amount": n, "note": ""})

    name, owner = _("Сколько энергии потратить"), charge_owner(view)
    return AmountRow("spend-amount", name, _("сколько"), "spend", _("Потратить"), spend, owner)


def _abilities(view: GameView, abilities: list[Card], used: Any, gap: int, room: int) -> ft.Control:
    """Step Б's ability buttons (``ability-<id>``, 48 dp): one across, or two a row (name over
    cost); a used one stays (a tap names the rule). ``room`` rows tall (:func:`ability_room`;
    0: no slot); none: «Способностей нет» (``no-abilities``)."""
    if room == 0:  # nobody has one: no slot
        return ft.Container(height=0)
    if not abilities:
        text = _("Способностей нет")
        content: ft.Control = tagged(
            "no-abilities",
            ft.Container(
                ft.Text(text, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                height=TARGET,
                alignment=ft.Alignment.CENTER_LEFT,
                padding=ft.Padding.only(left=12),
            ),
            label=text,
        )
    else:
        two = len(abilities) > 1  # two to a row; an odd last one keeps half the row
        chips = [_ability(view, c, c.id in used, two) for c in abilities]
        content = grid(chips, 2, spacing=8, run_spacing=gap) if two else ft.Row(chips)
    height = room * TARGET + (room - 1) * gap
    return ft.Container(content, height=height, alignment=ft.Alignment.TOP_LEFT)


def _ability(view: GameView, c: Card, used: bool, half: bool) -> ft.Control:
    """One ability's button: its whole sentence, or (``half``) name over cost in half a row."""
    said = ability_text(c, used, spoken=True)
    on_click = lambda _e: moves.ricks_card_ability(view, c.id)  # noqa: E731
    if not half:
        text = ft.Text(ability_text(c, used), semantics_label=said)
        return tagged(
            f"ability-{c.id}", ft.FilledTonalButton(text, height=TARGET, on_click=on_click)
        )
    lines = ft.Column(
        [
            clipped_text(f"«{c.name}»" if c.name else f"№{c.id}", 14),
            clipped_text(
                _("применена") if used else energy(c.cost), 12, color=ft.Colors.ON_SURFACE_VARIANT
            ),
        ],
        spacing=0,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    chip = ft.FilledTonalButton(
        content=lines,
        height=TARGET,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
        on_click=on_click,
        expand=True,
    )
    return tagged(f"ability-{c.id}", chip, label=said)


@ft.component
def StepB(view: GameView, version: int) -> ft.Control:
    """Step Б for the current player: one one-shot, attached abilities, other payments."""
    at = _at_step(view, "Б")
    if at is None:
        return ft.Container(visible=False)
    state, ch, who = at
    abilities = [c for c in state.cards if c.kind == "ability" and c.owner == who and c.built]
    name = view.game.players[who]
    add_vp, set_vp = vp_moves(view.send, who, lambda: view.state.players[who].vp)
    folded = use_layout().short

    def oneshot(n: int) -> bool:
        return send_saying_what_moved(view, "charge.oneshot", {"cost": n, "note": ""})

    # played: stays tappable, a second tap gets the rule («Шаг Б»)
    played = _("Одноразка сыграна") if who in ch.oneshots else _("Сыграть одноразку")
    vp = Counter(
        "step-vp",
        f"{name}: {_('ПО')}",
        state.players[who].vp,
        add_vp,
        set_vp,
        caption=_("ПО"),
        width=60,
        size=24,
        guard=view.too_soon,
    )
    owner, room, space = charge_owner(view), ability_room(state), FOLDED_GAP if folded else 10
    once = AmountRow(
        "oneshot-cost", _("Цена одноразки"), _("цена"), "oneshot", played, oneshot, owner, 0, True
    )
    return ft.Column(
        [
            # the player's VP here: a one-shot's VP is scored without scrolling
            ft.Row([clipped_text(f"{_('ПО')}: {name}", 14, expand=True), vp], spacing=4),
            once,
            _abilities(view, abilities, ch.abilities_used, space, room),
            _spend_row(view),
        ],
        spacing=FOLDED_GAP if folded else 8,
    )


@ft.component
def StepV(view: GameView, version: int) -> ft.Control:
    """Step В for the current player: the inventions they can activate here (cost, reward)."""
    at = _at_step(view, "В")
    if at is None:
        return ft.Container(visible=False)
    state = at[0]
    gap = FOLDED_GAP if use_layout().short else 8
    buttons = []
    for o in offers(state):
        main, said, part = activation_text(state, o)
        lines: list[ft.Control] = [clipped_text(main, 14, lines=2, semantics_label=said)]
        lines += [clipped_text(part, 12)] if part else []
        content = ft.Row(
            [ft.Icon(ft.Icons.BOLT, size=18), ft.Column(lines, spacing=0, tight=True, expand=True)],
            spacing=8,
        )
        activate = ft.FilledButton(
            content=content,
            height=ACTIVATE_PARTIAL if part else ACTIVATE_HEIGHT,
            opacity=1.0 if o.affordable else DIMMED,  # too dear: a tap gets the refusal (Шаг В)
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16)),
            on_click=lambda _e, o=o: send_saying_what_moved(
                view, "charge.activate", {"card": o.card}
            ),
        )
        buttons.append(tagged(f"activate-{o.card}", activate, label=f"{said} {part}".strip()))
    return ft.Column([ft.Column(buttons, spacing=gap), _spend_row(view)], spacing=gap)


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
    ch: Charge, who: str, goal: str, rules: Callable[[], None], folded: bool = False
) -> ft.Control:
    """The step's panel: «{universe}, шаг {step}» (``charge-pos``) with «Весь текст» and the
    step's rules (``phase-rules``); the energy (``energy``) beside whose turn it is
    (``charge-player``: ``who``) and the goal (``phase``); :func:`_stepper`. ``folded`` (a
    short page): tighter."""
    universe, step, energy = ch.universe, ch.step, ch.energy
    pos, line = f"{universe}, {_('шаг')} {step}", charge_line(ch, who)
    number = ft.Text(str(energy), size=36 if folded else 44, weight=ft.FontWeight.BOLD)
    texts = ft.Column(
        [
            spoken_clip("charge-player", line, 16 if folded else 18, weight=ft.FontWeight.BOLD),
            spoken_clip("phase", goal, 13),
        ],
        spacing=0,
        tight=True,
        expand=True,
        # each line the row's whole width: its box does not change with its text
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
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

    name, owner = _("Энергия от карты"), charge_owner(view)
    adding = AmountRow("gain-amount", name, _("от карты"), "gain", _("Добавить"), gain, owner)
    here = ", ".join(names[i] for i in present_players(state, ch.universe)) or _("никого")
    return ft.Column(
        [
            adding,
            ft.Column([_ledger_row(r) for r in ch.ledger], spacing=4),
            ft.Text(f"{_('Здесь')}: {here}", size=14),
        ],
        spacing=FOLDED_GAP if use_layout().short else 8,
    )
