"""The «Рик и Морти» board's sentences about the game, as plain text: short universe names,
the goal line, a character's chip, the charge ledger's lines, what the charge did by itself
after a step-В move, why a move goes nowhere; and the cards a player can build or use now."""

from __future__ import annotations

from typing import Any

from companion.engine.ricks import (
    KRO,
    MICRO,
    MINI,
    PHASE_CHARGE,
    RICK_UNIVERSE,
    TRACK_LENGTH,
    Card,
    PlayerState,
    RicksState,
    track_position,
)
from companion.engine.ricks.constants import R_AVAILABLE, R_MOVE
from companion.engine.ricks.state import Charge, Offer
from companion.i18n import _
from companion.present.ricks_play import energy
from companion.words import inflect, plural

__all__ = ["SHORT", "ability_room", "ability_text", "charge_moved", "chip_text"]
__all__ += ["edge_refusal", "ledger_line", "nothing_to_build", "phase_line", "unfinished"]
__all__ += ["activation_text", "built_abilities", "charge_line", "row_lines"]

#: Short universe names (the stepper, the players' rows, ↑ ↓), in charge order.
SHORT = {KRO: "Кроха", MINI: "Мини", MICRO: "Микро", RICK_UNIVERSE: "Рико"}


def phase_line(state: RicksState) -> tuple[str, str]:
    """The goal line («Цель: 40 ПО · последний раунд») and the heading of the phase's rules."""
    if state.over:
        return _("Игра окончена"), "Конец игры"
    if state.phase == PHASE_CHARGE and state.charge is not None:
        query = f"Шаг {state.charge.step}"
    else:
        query = state.phase
    line = f"{_('Цель')}: {state.target} {_('ПО')}"
    if state.final:
        line += f" · {_('последний раунд')}"
    return line, query


def chip_text(state: RicksState, player: int, names: list[str]) -> str:
    """«Кайл (Аня): «Портал», «Гиперкуб» 1 из 2»: character, player, attached abilities."""
    text = f"{state.players[player].character} ({names[player]})"
    abilities = [
        c.label() if c.built else f"{c.label()} {c.placed} {_('из')} {c.build_cost}"
        for c in state.cards
        if c.owner == player and c.kind == "ability"
    ]
    return text + (f": {', '.join(abilities)}" if abilities else "")


def ledger_line(row: dict[str, Any]) -> str:
    """One universe's line of the charge ledger: what came in, was made, gained, spent, and
    what went on (or is there now)."""
    line = f"{row['universe']}: {_('пришло')} {row['in']}, {_('выработка')} +{row['production']}"
    if row["gained"]:
        line += f", {_('от карт')} +{row['gained']}"
    line += f", {_('потрачено')} {row['spent']}"
    if row["out"] is not None:
        return line + f", {_('ушло дальше')} {row['out']}"
    return line + f", {_('сейчас')} {row['in'] + row['production'] + row['gained'] - row['spent']}"


def charge_moved(before: Charge, state: RicksState, names: list[str]) -> str:
    """What the engine did by itself after a step-В move that ``before`` was the charge of
    («Фаза зарядки, шаг В»), ``state`` being the state after it: the phase over, on to the
    next universe, or the next player's turn; ``""``: nothing moved."""
    after = state.charge
    if after is None:
        burned = state.rounds[-1]["burned"] if state.rounds else 0
        over = _("Зарядка окончена: больше нечего активировать")
        return f"{over}; {_('сгорело энергии')}: {burned}"
    if after.universe != before.universe:
        return (
            f"{SHORT[before.universe]}: {_('больше нечего активировать — дальше')} "
            f"{SHORT[after.universe]}, {_('шаг')} {after.step}"
        )
    if after.player == before.player and after.step == before.step:
        return ""
    who = names[before.player] if before.player is not None else ""
    nxt = inflect(names[after.player], "gent") if after.player is not None else ""
    return f"{who}: {_('больше нечего активировать')}" + (f" — {_('ход')} {nxt}" if nxt else "")


def ability_text(card: Card, used: bool, spoken: bool = False) -> str:
    """«Применить способность «Портал» (2 ед. энергии)» or «Применена: …»;
    ``spoken``: for the label."""
    name = f"«{card.name}»" if card.name else f"№{card.id}"
    verb = _("Применена способность") if used else _("Применить способность")
    return f"{verb} {name} ({energy(card.cost, spoken)})"


def ability_room(state: RicksState) -> int:
    """Rows of step Б's abilities slot: the most any player has, two to a row (nothing moves
    as turns pass)."""
    counts: dict[int, int] = {}
    for c in state.cards:
        if c.kind == "ability" and c.built:
            counts[c.owner] = counts.get(c.owner, 0) + 1
    return (max(counts.values(), default=0) + 1) // 2


def edge_refusal(way: str, universe: str) -> str:
    """Why «↑» (``way`` ``"up"``) or «↓» goes nowhere from ``universe`` («Перемещение»)."""
    side = _("Выше вселенной") if way == "up" else _("Ниже вселенной")
    return (
        f"{side} «{universe}» {_('вселенных нет')}: "
        f"{_('перейти можно только в соседнюю')} ({R_MOVE})."
    )


def nothing_to_build(universe: str) -> str:
    """Why «Достроить (0)» opens no list («Доступные действия»)."""
    return (
        f"{_('Достраивать нечего')}: {_('ни в')} «{universe}», "
        f"{_('ни среди ваших способностей нет недостроенных карт')} ({R_AVAILABLE})."
    )


def unfinished(state: RicksState, player: int | None) -> list[Card]:
    """``player``'s cards «Достроить» offers: unfinished, in their universe or abilities."""
    if player is None:
        return []
    here = state.players[player].universe
    return [
        c
        for c in state.cards
        if c.owner == player and not c.built and (c.kind == "ability" or c.universe == here)
    ]


def activation_text(state: RicksState, o: Offer) -> tuple[str, str, str]:
    """Step В's «Активировать «Тостер»: 2 ед. энергии = +3 ПО», the same spoken (the unit
    spelled out) and, for a partial build, «(частично: на 1 ПО меньше)» (else ``""``)."""
    part = f"({_('частично: на 1 ПО меньше')})" if o.partial else ""
    card = state.card(o.card)
    title = f"«{card.name}»" if card and card.name else f"№{o.card}"
    main, said = (
        f"{_('Активировать')} {title}: {energy(o.cost, spoken)} = +{o.reward} {_('ПО')}"
        for spoken in (False, True)
    )
    return main, said, part


def charge_line(ch: Charge, who: str) -> str:
    """The charge head's line: in step А the energy in («Шаг А: источники +3, снизу 2»), else
    whose turn it is (``who``) or «Никого»."""
    if ch.step == "А":
        last = ch.ledger[-1] if ch.ledger else {"production": 0, "in": 0}
        return f"{_('Шаг А')}: {_('источники')} +{last['production']}, {_('снизу')} {last['in']}"
    return f"{_('Очередь')}: {who}" if who else _("Никого")


def row_lines(
    player: PlayerState, narrow: bool, abilities: tuple[str, ...]
) -> tuple[str, str, str]:
    """A player's row under the name: the universe's line («Рико · трек 3 (+20)»; ``narrow``:
    the character first), the tokens («8 жетонов») and the whole of both, with the built
    ``abilities``, spoken."""
    laps, square = track_position(player.vp)
    track = f" · {_('трек')} {square} (+{TRACK_LENGTH * laps})" if laps else ""
    lead = f"{player.character} · " if narrow else ""
    where = SHORT.get(player.universe, player.universe)
    place = f"{lead}{where}{track}"
    sub = f"{lead}{where} · {_('жетонов')} {player.tokens}{track}"
    if abilities:
        sub += f" · {_('способности')}: {', '.join(abilities)}"
    count = f"{player.tokens} " + plural(player.tokens, _("жетон"), _("жетона"), _("жетонов"))
    return place, count, sub


def built_abilities(state: RicksState, player: int) -> tuple[str, ...]:
    """``player``'s built abilities by name («Портал», «способность №3»)."""
    return tuple(
        c.label() for c in state.cards if c.owner == player and c.kind == "ability" and c.built
    )
