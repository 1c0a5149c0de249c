"""The charge-phase wizard («Фаза зарядки»): the head (step, energy, whose turn) and the step's
controls."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks import (
    CHARGE_ORDER,
    KRO,
    MICRO,
    MINI,
    PHASE_CHARGE,
    RICK_UNIVERSE,
    Card,
    offers,
    present_players,
)
from companion.i18n import _
from companion.ui import moves
from companion.ui.boards.compact import Counter
from companion.ui.boards.ricks.common import (
    _box,
    energy,
    tag,
    vp_moves,
)
from companion.ui.layout import use_layout
from companion.ui.state import GameView
from companion.ui.widgets import (
    TARGET,
    StepCounter,
    clipped_text,
    icon_button,
    use_form,
)
from companion.ui.words import inflect

__all__ = ["SHORT", "ChargeHead", "StepB", "StepV", "ChargeTail"]


def _ledger_lines(ledger: list[dict[str, Any]]) -> list[str]:
    out = []
    for row in ledger:
        line = (
            f"{row['universe']}: {_('пришло')} {row['in']}, {_('выработка')} +{row['production']}"
        )
        if row["gained"]:
            line += f", {_('от карт')} +{row['gained']}"
        line += f", {_('потрачено')} {row['spent']}"
        line += (
            f", {_('ушло дальше')} {row['out']}"
            if row["out"] is not None
            else f", {_('сейчас')} {row['in'] + row['production'] + row['gained'] - row['spent']}"
        )
        out.append(line)
    return out


def send_saying_what_moved(view: GameView, move: str, data: dict[str, Any]) -> bool:
    """Send a step-В move; when the engine then moves the charge on by itself — the player
    can activate nothing more («Фаза зарядки, шаг В»), the universe is done, or the phase
    is — say so: the table did not tap «Готово», and the controls under the finger changed."""
    before = view.state.charge
    if before is None or not view.send(move, data):
        return False
    after = view.state.charge
    names = view.game.players
    who = names[before.player] if before.player is not None else ""
    if after is None:
        said = f"{_('Зарядка окончена: больше нечего активировать')}; {_('сгорело энергии')}: "
        said += str(view.state.rounds[-1]["burned"]) if view.state.rounds else "0"
    elif after.universe != before.universe:
        said = (
            f"{SHORT[before.universe]}: {_('больше нечего активировать — дальше')} "
            f"{SHORT[after.universe]}, {_('шаг')} {after.step}"
        )
    elif after.player != before.player or after.step != before.step:
        # «ход Гоши»: the name in the genitive (play-test: «ход Гоша»)
        nxt = inflect(names[after.player], "gent") if after.player is not None else ""
        said = f"{who}: {_('больше нечего активировать')}" + (f" — {_('ход')} {nxt}" if nxt else "")
    else:
        return True
    view.show_notice(said)
    return True


#: Space (px) between the charge wizard's rows on a short page (8 elsewhere): with the head
#: and the clocks folded, step Б's rows — the player's VP, the one-shot, one ability, the
#: spend and the card's energy — are above the pinned bar of a 360×640 phone.
FOLDED_GAP = 6

#: Width (px) of the number between − and + in an amount row (its caption — «цена», «сколько»,
#: «от карты» — whole above it), narrow enough for «Сыграть одноразку» beside it at 360 px.
AMOUNT_WIDTH = 52
#: An amount row's button takes the row's rest, at most this wide (a laptop): every row's
#: button is as wide as the others, and a longer label («Одноразка сыграна») moves nothing.
AMOUNT_BUTTON_MAX = 200


@ft.component
def AmountRow(
    ident: str,
    name: str,
    caption: str,
    default: int,
    minimum: int,
    button: str,
    button_text: str,
    send: Callable[[int], bool],
    tonal: bool = False,
    owner: object = None,
) -> ft.Control:
    """An amount and the button that sends it: ``− N +`` (tagged ``ident``, −/+ by 1, ×5 on a
    long press, a tap on N opens the numeric pad titled ``name``) and a button tagged
    ``button``; ``send(N)`` makes the move and says whether it was taken.

    What the row shows is what the tap sends: there is no empty field whose hint stands for a
    number. N starts at ``default``, −/+ keep it at or above ``minimum`` (a number typed on
    the pad is sent as typed, for the engine to name the rule), and a taken move puts it back
    to ``default``; a refused one keeps it, to be corrected. The amount is ``owner``'s
    (:func:`charge_owner`: the universe, step and player): once the step or the player
    changes it starts again at ``default`` (play-test: Аня's refused «сколько 9» was still
    there on Борис's turn). It lives in
    :func:`~companion.ui.widgets.use_form`: a tap right after −/+ sends the new N, and another
    phone's move (a re-render) keeps it. No text field: Flutter draws a new step of the charge
    phase faster without them (docs/PERFORMANCE.md, session 10).

    One line at any phone width (360 px and up): the stepper keeps its width and the button
    takes the rest, up to :data:`AMOUNT_BUTTON_MAX` (play-test at 360 px: the row wrapped the
    button under the stepper and pushed the rows below down)."""
    amount, update, latest = use_form(lambda: default, owner)

    def go() -> None:
        if send(latest()):
            update(default)

    action = (ft.FilledTonalButton if tonal else ft.OutlinedButton)(
        button_text,
        height=TARGET,
        on_click=go,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
    )
    return ft.Row(
        [
            StepCounter(
                ident,
                name,
                caption,
                amount,
                1,
                lambda d: update(lambda n: max(minimum, n + d)),
                update,
                value_width=AMOUNT_WIDTH,
                allow_negative=False,  # energy and costs are never negative: no «±» on the pad
            ),
            ft.Container(
                tag(button, action),
                width=AMOUNT_BUTTON_MAX,
                expand=True,
                expand_loose=True,
            ),
        ],
        spacing=8,
    )


def charge_owner(view: GameView) -> tuple[str, str, int | None] | None:
    """Whose amounts the charge phase's rows hold now: ``(universe, step, player)``."""
    ch = view.state.charge
    return None if ch is None else (ch.universe, ch.step, ch.player)


def _spend_row(view: GameView) -> ft.Control:
    return AmountRow(
        "spend-amount",
        _("Сколько энергии потратить"),
        _("сколько"),
        1,
        1,
        "spend",
        _("Потратить"),
        lambda n: send_saying_what_moved(view, "charge.spend", {"amount": n, "note": ""}),
        owner=charge_owner(view),
    )


def _ability_text(card: Card, used: bool, spoken: bool = False) -> str:
    """«Применить способность «Портал» (2 ед. энергии)», or «Применена: …» once used;
    ``spoken``: the unit spelled out, for the button's label (:func:`energy`)."""
    name = f"«{card.name}»" if card.name else f"№{card.id}"
    verb = _("Применена способность") if used else _("Применить способность")
    return f"{verb} {name} ({energy(card.cost, spoken)})"


def ability_rows(n: int) -> int:
    """Rows :func:`_abilities` lays ``n`` abilities out in: one across, or two to a row."""
    return (n + 1) // 2


def ability_room(state: Any) -> int:
    """Rows of step Б's abilities slot: as many as the player with the most built abilities
    needs — every player's step Б keeps that room, so «Потратить» and «Добавить» below it
    stay where they were when the turn passes (play-test: Боря's «Щит» appeared where Аня's
    «Потратить» had been and pushed it 48 px down, and a tap there applied the ability)."""
    counts: dict[int, int] = {}
    for c in state.cards:
        if c.kind == "ability" and c.built:
            counts[c.owner] = counts.get(c.owner, 0) + 1
    return ability_rows(max(counts.values(), default=0))


def _abilities(
    view: GameView, abilities: list[Card], used: Any, gap: int, room: int = 0
) -> ft.Control:
    """Step Б's ability buttons (tagged ``ability-<id>``, 48 dp tall): one ability across the
    step, «Применить способность «Портал» (1 ед. энергии)»; two or more side by side, two to
    a row, each its name over its cost («применена» once used), the whole text in its label
    — two abilities one under the other pushed «Добавить» 41 px under the pinned bar of a
    360×640 phone. A used one stays where it was (a tap names the rule).

    The slot is ``room`` rows tall (:func:`ability_room`) whatever this player has: a player
    with none sees «Способностей нет» (tagged ``no-abilities``) in it."""
    if room == 0:  # nobody has one: no slot
        return ft.Container(height=0)
    height = room * TARGET + (room - 1) * gap
    return ft.Container(
        _ability_buttons(view, abilities, used, gap),
        height=height,
        alignment=ft.Alignment.TOP_LEFT,
    )


def _ability_buttons(view: GameView, abilities: list[Card], used: Any, gap: int) -> ft.Control:
    if not abilities:
        text = _("Способностей нет")
        return tag(
            "no-abilities",
            ft.Container(
                ft.Text(text, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                height=TARGET,
                alignment=ft.Alignment.CENTER_LEFT,
                padding=ft.Padding.only(left=12),
            ),
            label=text,
        )

    def send(card: Card) -> Callable[[Any], None]:
        return lambda _e: moves.ricks_card_ability(view, card.id)

    if len(abilities) < 2:
        return ft.Column(
            spacing=gap,
            controls=[
                tag(
                    f"ability-{c.id}",
                    ft.FilledTonalButton(
                        # what the button says, and to a screen reader the unit spelled out
                        ft.Text(
                            _ability_text(c, c.id in used),
                            semantics_label=_ability_text(c, c.id in used, spoken=True),
                        ),
                        height=TARGET,
                        on_click=send(c),
                    ),
                )
                for c in abilities
            ],
        )
    chips = [
        ft.Container(
            tag(
                f"ability-{c.id}",
                ft.FilledTonalButton(
                    content=ft.Column(
                        [
                            clipped_text(f"«{c.name}»" if c.name else f"№{c.id}", 14),
                            clipped_text(
                                _("применена") if c.id in used else energy(c.cost),
                                12,
                                color=ft.Colors.ON_SURFACE_VARIANT,
                            ),
                        ],
                        spacing=0,
                        tight=True,
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    height=TARGET,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12)),
                    on_click=send(c),
                    expand=True,
                ),
                label=_ability_text(c, c.id in used, spoken=True),
            ),
            expand=1,
        )
        for c in abilities
    ]
    rows = [chips[i : i + 2] for i in range(0, len(chips), 2)]
    if len(rows[-1]) == 1:  # an odd one keeps half the row, as wide as the others
        rows[-1].append(ft.Container(expand=1))
    return ft.Column([ft.Row(r, spacing=8) for r in rows], spacing=gap)


@ft.component
def StepB(view: GameView, version: int) -> ft.Control:
    """Step Б for the current player: one one-shot, attached abilities, other payments."""
    state = view.state
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None or ch.step != "Б" or ch.player is None:
        return ft.Container(visible=False)
    # a used ability stays, saying so (a tap names the rule): the rows below never move up
    # under the finger (play-test: «Потратить» jumped 56 px when the ability went away)
    abilities = [c for c in state.cards if c.kind == "ability" and c.owner == ch.player and c.built]
    who = ch.player
    name = view.game.players[who]
    vp = state.players[who].vp

    add_vp, set_vp = vp_moves(view.send, who, lambda: view.state.players[who].vp)
    folded = use_layout().short
    gap = FOLDED_GAP if folded else 8
    room = ability_room(state)

    return ft.Column(
        [
            # the player's VP right here: a one-shot's VP is scored without scrolling down to
            # their row, which the pinned bar covers on a phone (play-test)
            ft.Row(
                [
                    ft.Text(f"{_('ПО')}: {name}", size=14, expand=True, max_lines=1),
                    Counter(
                        "step-vp",
                        _("ПО"),
                        f"{name}: {_('ПО')}",
                        vp,
                        add_vp,
                        set_vp,
                        guard=view.too_soon,
                    ),
                ],
                spacing=4,
            ),
            # once played it says so and stays tappable: a second tap gets the rule
            # («Шаг Б»: one one-shot per universe), not a silent grey button
            AmountRow(
                "oneshot-cost",
                _("Цена одноразки"),
                _("цена"),
                0,
                0,
                "oneshot",
                _("Одноразка сыграна") if ch.player in ch.oneshots else _("Сыграть одноразку"),
                lambda n: send_saying_what_moved(view, "charge.oneshot", {"cost": n, "note": ""}),
                tonal=True,
                owner=charge_owner(view),
            ),
            # a fixed slot (the most any player has): the rows below never move on a new turn
            _abilities(view, abilities, ch.abilities_used, FOLDED_GAP if folded else 10, room),
            _spend_row(view),
        ],
        spacing=gap,
    )


@ft.component
def StepV(view: GameView, version: int) -> ft.Control:
    """Step В for the current player: the inventions they can activate here (cost, reward)."""
    state = view.state
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None or ch.step != "В" or ch.player is None:
        return ft.Container(visible=False)
    gap = FOLDED_GAP if use_layout().short else 8
    buttons = []
    for o in offers(state):
        part = f" ({_('частично: на 1 ПО меньше')})" if o.partial else ""
        card = state.card(o.card)
        title = f"«{card.name}»" if card and card.name else f"№{o.card}"
        main = f"{_('Активировать')} {title}: {energy(o.cost)} = +{o.reward} {_('ПО')}"
        # what a screen reader says (the label, and the text read as): the unit spelled out
        said = f"{_('Активировать')} {title}: {energy(o.cost, True)} = +{o.reward} {_('ПО')}"
        text = said + part
        # the activation in up to two lines, and a partial one's «частично…» on a line of its
        # own below: the button is as tall as its lines (play-test: the third line was cut
        # at the bottom of a 56 px button)
        lines: list[ft.Control] = [clipped_text(main, 14, lines=2, semantics_label=said)]
        if part:
            lines.append(clipped_text(part.strip(), 12))
        buttons.append(
            tag(
                f"activate-{o.card}",
                ft.FilledButton(
                    content=ft.Row(
                        [
                            ft.Icon(ft.Icons.BOLT, size=18),
                            ft.Column(lines, spacing=0, tight=True, expand=True),
                        ],
                        spacing=8,
                    ),
                    height=ACTIVATE_PARTIAL if part else ACTIVATE_HEIGHT,
                    # too dear now: dimmed, and a tap gets the engine's refusal (Шаг В)
                    opacity=0.45 if not o.affordable else 1.0,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=16)),
                    on_click=lambda _e, o=o: send_saying_what_moved(
                        view, "charge.activate", {"card": o.card}
                    ),
                ),
                label=text,
            )
        )
    return ft.Column([ft.Column(buttons, spacing=gap), _spend_row(view)], spacing=gap)


#: Height (px) of an «Активировать» button: two lines of 14 px text; a partial build's has a
#: third, smaller line («частично: на 1 ПО меньше»).
ACTIVATE_HEIGHT = 56
ACTIVATE_PARTIAL = 72

#: Short names of the universes for the stepper (charge order: Кроха → Мини → Микро → Рико).
SHORT = {KRO: "Кроха", MINI: "Мини", MICRO: "Микро", RICK_UNIVERSE: "Рико"}


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
    """«Фаза зарядки» in three lines: the universe and the step (highlighted), the energy in big
    type with whose turn it is (or, in step А, what the sources gave), fixed heights.

    Tags: ``charge-pos`` («<universe>, шаг <step>»), ``charge-steps`` (the universes and the
    step circles, ``charge-step-{А|Б|В}``), ``energy``, ``charge-player``.

    The universes and the three circles fit one line of a 360 px phone (12 px names, narrow
    padding): the circle «В» was cut at the right edge (play-test).

    Folded (a short page, :attr:`~companion.ui.layout.Layout.short`): given ``rules``,
    the head takes in the board's goal line — the goal (``goal``, tagged ``phase``) at the
    right of the first line, the phase's rules icon (``phase-rules``) at the right of the
    energy line — and its lines are tighter (48 px energy line, 6 px padding), so that the
    steps' controls are above the pinned bar of a 360×640 phone (play-test: step Б's
    «Потратить» was under it, a scroll in every step).
    """
    folded = rules is not None
    stepper = ft.Row(
        [
            ft.Container(
                ft.Text(
                    SHORT.get(u, u),
                    size=12,
                    weight=ft.FontWeight.BOLD if u == universe else None,
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
        ft.Text(
            pos if folded else f"{_('Зарядка')}: {pos}",
            size=15 if folded else 16,
            weight=ft.FontWeight.BOLD,
            max_lines=1,
            overflow=ft.TextOverflow.ELLIPSIS,
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
                ft.Text(
                    line,
                    size=16 if folded else 18,
                    weight=ft.FontWeight.BOLD,
                    max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
                label=line,
            ),
            expand=True,
        ),
    ]
    if folded:
        first = ft.Row(
            [
                ft.Container(first, expand=True),
                tag("phase", ft.Text(goal, size=13, max_lines=1), label=goal),
            ],
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


#: Memoised: re-rendered when the step, the energy or the current player changes.
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
