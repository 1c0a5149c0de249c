"""«Рик и Морти»: the charge phase («Фаза зарядки», «Шаг А/Б/В») — its checks, and how it
walks from universe to universe, step to step and player to player.

Energy starts at 0; for each universe from Кроховселенная up: (А) the built sources there
produce, (Б) each character present may play one one-shot and use abilities, (В) every player
may activate their inventions there; what is left rises to the next universe, and after
Риковселенная it burns.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.ricks.checks import _need_step, _number, _own_card, _pay
from companion.engine.ricks.constants import (
    CHARGE_ORDER,
    ENERGY_UNIT,
    KRO,
    PHASE_CHARGE,
    PHASE_ROUND,
    R_ABILITY,
    R_CHARGE,
    R_KRO,
    R_ONESHOT,
    R_RICK,
    R_STEP,
    RICK_UNIVERSE,
)
from companion.engine.ricks.state import Charge, RicksState, _eligible, _reward, turn_order
from companion.errors import RuleViolation

# -- checks: charge phase -------------------------------------------------------------------
#: A check or an apply step: ``(state, event data) -> None``.
Handler = Callable[[RicksState, Any], None]


def _check_charge_done(state: RicksState, data: Any) -> None:
    _need_step(state, "АБВ", "«Готово»")


def _check_charge_oneshot(state: RicksState, data: Any) -> None:
    ch = _need_step(state, "Б", "Одноразки играют")
    cost = _number(data, "cost", 0, "Стоимость одноразки", R_STEP["Б"])
    assert ch.player is not None
    if ch.player in ch.oneshots:
        raise RuleViolation(
            "В этой вселенной на шаге Б можно сыграть только одну одноразку (Шаг Б).",
            rule=R_STEP["Б"],
        )
    if state.players[ch.player].hand < 1:
        raise RuleViolation("На руке нет карт — одноразку не сыграть (Одноразки).", rule=R_ONESHOT)
    _pay(ch, cost, "Одноразка")


def _check_charge_ability(state: RicksState, data: Any) -> None:
    ch = _need_step(state, "Б", "Способности применяют")
    card = _own_card(state, data)
    if card.kind != "ability" or card.owner != ch.player:
        raise RuleViolation(
            f"{card.label()} — не способность этого игрока (Карты способностей).",
            rule=R_ABILITY,
        )
    if not card.built:
        raise RuleViolation(
            f"{card.label()} ещё не внедрена полностью (Карты способностей).", rule=R_ABILITY
        )
    if card.id in ch.abilities_used:
        raise RuleViolation(
            f"{card.label()} уже применена в этом раунде: каждую способность — 1 раз за раунд "
            f"(Карты способностей).",
            rule=R_ABILITY,
        )
    _pay(ch, card.cost, card.label())


def _check_charge_spend(state: RicksState, data: Any) -> None:
    ch = _need_step(state, "БВ", "Тратить энергию")
    # «Фаза зарядки», шаги Б и В: a payment moves the shared energy marker towards 0 by what
    # it costs — a payment of nothing moves nothing
    amount = _number(
        data,
        "amount",
        1,
        "Трата энергии",
        R_STEP[ch.step],
        low=f"Потратить можно от 1 {ENERGY_UNIT}: плата сдвигает жетон энергии ближе к 0 "
        f"({R_STEP[ch.step]}).",
    )
    if not isinstance(data.get("note", ""), str):
        raise RuleViolation("Пояснение — это текст.")
    _pay(ch, amount, "Трата")


def _check_charge_activate(state: RicksState, data: Any) -> None:
    ch = _need_step(state, "В", "Изобретения активируют")
    card = _own_card(state, data)
    if card.kind != "invention":
        raise RuleViolation(f"{card.label()} — не изобретение (Шаг В).", rule=R_STEP["В"])
    if card.owner != ch.player:
        raise RuleViolation(
            f"{card.label()} под контролем другого игрока; сейчас очередь того, чей ход на шаге В.",
            rule=R_STEP["В"],
        )
    if card.universe != ch.universe:
        raise RuleViolation(
            f"{card.label()} лежит во вселенной «{card.universe}», "
            f"а заряжается «{ch.universe}» (Шаг В).",
            rule=R_STEP["В"],
        )
    if card.id in ch.activated:
        raise RuleViolation(
            f"{card.label()} уже активировано: каждое изобретение — 1 раз за фазу зарядки (Шаг В).",
            rule=R_STEP["В"],
        )
    if card.turned:
        raise RuleViolation(
            f"{card.label()} повёрнуто: в Кроховселенной изобретение работает раз в два раунда "
            f"(Кроховселенная).",
            rule=R_KRO,
        )
    if not card.built and ch.universe != RICK_UNIVERSE:
        raise RuleViolation(
            f"{card.label()} внедрено частично; частично внедрённые изобретения активируют "
            f"только в Риковселенной (Риковселенная).",
            rule=R_RICK,
        )
    _pay(ch, card.cost, card.label())


def _check_charge_gain(state: RicksState, data: Any) -> None:
    _need_step(state, "АБВ", "Добавлять энергию")
    # «Фаза зарядки»: energy is counted by moving the marker forward (step А, or a card such
    # as «Вулкан» adding to it) — adding nothing moves nothing
    _number(
        data,
        "amount",
        1,
        "Прибавка энергии",
        R_CHARGE,
        low=f"Добавить можно от 1 {ENERGY_UNIT}: прибавка двигает жетон энергии вперёд "
        f"({R_CHARGE}).",
    )


def start_charge(state: RicksState) -> None:
    """After the last action turn of the round: the charge phase begins in Кроховселенная with
    no energy; its turned inventions will straighten when its step В ends («Кроховселенная»)."""
    state.active = None
    state.phase = PHASE_CHARGE
    state.charge = Charge(
        unturn=[
            c.id for c in state.cards if c.kind == "invention" and c.universe == KRO and c.turned
        ]
    )
    _enter_universe(state, KRO, 0)


def _enter_universe(state: RicksState, universe: str, carry: int) -> None:
    ch = state.charge
    assert ch is not None
    production = sum(
        c.production
        for c in state.cards
        if c.kind == "source" and c.universe == universe and c.built
    )
    ch.universe, ch.step, ch.player = universe, "А", None
    ch.done, ch.oneshots = [], []
    ch.energy = carry + production
    ch.ledger.append(
        {
            "universe": universe,
            "in": carry,
            "production": production,
            "gained": 0,
            "spent": 0,
            "out": None,
        }
    )
    state.turn += 1


def _can_act_in_v(state: RicksState, player: int) -> bool:
    ch = state.charge
    assert ch is not None
    return any(
        c.owner == player and _eligible(state, c, ch.universe) and c.cost <= ch.energy
        for c in state.cards
    )


def _advance(state: RicksState) -> None:
    """Give the step to the next player who has something to do, else move on."""
    ch = state.charge
    assert ch is not None
    if ch.step == "А":
        ch.step, ch.done = "Б", []
    while True:
        waiting = [p for p in turn_order(state) if p not in ch.done]
        if ch.step == "Б":
            ready = [p for p in waiting if state.players[p].universe == ch.universe]
        else:
            ready = [p for p in waiting if _can_act_in_v(state, p)]
        if ready:
            if ch.player != ready[0]:
                state.turn += 1
            ch.player = ready[0]
            return
        if ch.step == "Б":
            ch.step, ch.done, ch.player = "В", [], None
            continue
        _leave_universe(state)
        return


def _leave_universe(state: RicksState) -> None:
    ch = state.charge
    assert ch is not None
    ch.ledger[-1]["out"] = ch.energy
    if ch.universe == KRO:
        for c in state.cards:
            if c.id in ch.unturn:
                c.turned = False
    i = CHARGE_ORDER.index(ch.universe)
    if i + 1 < len(CHARGE_ORDER):
        _enter_universe(state, CHARGE_ORDER[i + 1], ch.energy)
        return
    state.rounds.append({"round": state.round, "ledger": ch.ledger, "burned": ch.energy})
    state.charge = None
    state.first = (state.first + 1) % len(state.players)
    state.turn += 1
    # «Конец игры»: the VP of this very move count — an activation can both reach the target
    # and, being the round's last, close it here (before ``apply`` would mark it final)
    if state.final or state.target_reached():
        state.final = state.over = True
        return
    state.round += 1
    state.phase = PHASE_ROUND


def _finish_turn_in_step(state: RicksState) -> None:
    ch = state.charge
    assert ch is not None
    if ch.player is not None:
        ch.done.append(ch.player)
    _advance(state)


def _spend(state: RicksState, amount: int) -> None:
    ch = state.charge
    assert ch is not None
    ch.energy -= amount
    ch.ledger[-1]["spent"] += amount


def _apply_charge_done(state: RicksState, data: Any) -> None:
    ch = state.charge
    assert ch is not None
    if ch.step == "А":
        _advance(state)
    else:
        _finish_turn_in_step(state)


def _apply_charge_oneshot(state: RicksState, data: Any) -> None:
    ch = state.charge
    assert ch is not None and ch.player is not None
    ch.oneshots.append(ch.player)
    state.players[ch.player].hand -= 1
    _spend(state, data["cost"])


def _apply_charge_ability(state: RicksState, data: Any) -> None:
    ch = state.charge
    card = state.card(data["card"])
    assert ch is not None and card is not None
    ch.abilities_used.append(card.id)
    _spend(state, card.cost)


def _apply_charge_spend(state: RicksState, data: Any) -> None:
    _spend(state, data["amount"])
    ch = state.charge
    assert ch is not None
    if ch.step == "В" and ch.player is not None and not _can_act_in_v(state, ch.player):
        _finish_turn_in_step(state)


def _apply_charge_activate(state: RicksState, data: Any) -> None:
    ch = state.charge
    card = state.card(data["card"])
    assert ch is not None and card is not None and ch.player is not None
    _spend(state, card.cost)
    ch.activated.append(card.id)
    state.players[ch.player].vp += _reward(card)
    if card.universe == KRO:
        card.turned = True
    if not _can_act_in_v(state, ch.player):
        _finish_turn_in_step(state)


def _apply_charge_gain(state: RicksState, data: Any) -> None:
    ch = state.charge
    assert ch is not None
    ch.energy += data["amount"]
    ch.ledger[-1]["gained"] += data["amount"]


#: Event type → its check (charge phase).
CHECKS: dict[str, Handler] = {
    "charge.done": _check_charge_done,
    "charge.oneshot": _check_charge_oneshot,
    "charge.ability": _check_charge_ability,
    "charge.spend": _check_charge_spend,
    "charge.activate": _check_charge_activate,
    "charge.gain": _check_charge_gain,
}

#: Event type → how it changes the state (charge phase).
APPLIES: dict[str, Handler] = {
    "charge.done": _apply_charge_done,
    "charge.oneshot": _apply_charge_oneshot,
    "charge.ability": _apply_charge_ability,
    "charge.spend": _apply_charge_spend,
    "charge.activate": _apply_charge_activate,
    "charge.gain": _apply_charge_gain,
}
