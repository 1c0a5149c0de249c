"""«Рик и Морти»: the referee for the round start, the action phase and card effects.

Each ``_check_<type>`` refuses an illegal event with :class:`~companion.errors.RuleViolation`
(a Russian sentence naming the rule) and never changes the state; the charge phase's checks
live in :mod:`companion.engine.ricks.charge`. The shared helpers here read an event's
``data`` safely (what a client sends is not trusted).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.ricks.constants import (
    _KINDS,
    _MAX_NUMBER,
    ENERGY_UNIT,
    KRO,
    MINI,
    PHASE_ACTIONS,
    PHASE_CHARGE,
    PHASE_ROUND,
    R_ACTIONS,
    R_AVAILABLE,
    R_BUILD,
    R_CHARGE,
    R_FREE,
    R_KRO,
    R_MINI,
    R_MOVE,
    R_STEP,
    R_SWAP,
    UNIVERSES,
)
from companion.engine.ricks.state import (
    Card,
    Charge,
    PlayerState,
    RicksState,
    _below,
    _is_int,
    adjacent,
)
from companion.errors import RuleViolation

#: A check or an apply step: ``(state, event data) -> None``.
Handler = Callable[[RicksState, Any], None]


# -- helpers ---------------------------------------------------------------------------------
def _need_phase(state: RicksState, phase: str, what: str) -> None:
    if state.phase != phase:
        now = "игра окончена" if state.over else f"сейчас «{state.phase}»"
        raise RuleViolation(f"{what} — только на этапе «{phase}», а {now}.", rule=phase)


def _need_actions(state: RicksState, n: int, rule: str) -> None:
    p = state.players[state.active]  # type: ignore[index]
    if p.actions < n:
        raise RuleViolation(
            f"Нужно действий: {n}, а осталось {p.actions} ({rule}). Можно сбросить "
            f"карту и получить действие (Бесплатное действие).",
            rule=rule,
        )


def _number(
    data: Any, key: str, lo: int, what: str, rule: str | None = None, low: str | None = None
) -> int:
    """The whole number ``data[key]`` in ``lo``…999, else a refusal naming ``rule``: ``low``
    (the rule's reason, in words) for a number under ``lo``, else that the field takes a whole
    number from ``lo`` to 999 (a sanity bound, not a rule)."""
    value = data.get(key)
    if low is not None and _is_int(value) and value < lo:
        raise RuleViolation(low, rule=rule)
    if not _is_int(value) or not lo <= value <= _MAX_NUMBER:
        where = f" ({rule})" if rule else ""
        raise RuleViolation(f"{what} — целое число от {lo} до {_MAX_NUMBER}{where}.", rule=rule)
    return value


def _player(state: RicksState, data: Any) -> int:
    p = data.get("player")
    if not _is_int(p) or not 0 <= p < len(state.players):
        raise RuleViolation("Такого игрока нет за столом.")
    return p


def _universe(data: Any, key: str = "to") -> str:
    u = data.get(key)
    if u not in UNIVERSES:
        raise RuleViolation(f"Вселенной «{u}» в игре нет.")
    return str(u)


def _own_card(state: RicksState, data: Any) -> Card:
    card = state.card(data.get("card"))
    if card is None:
        raise RuleViolation("Такой карты на столе нет.")
    return card


def _need_step(state: RicksState, steps: str, what: str) -> Charge:
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None:
        raise RuleViolation(f"{what} — только в фазе зарядки.", rule=R_CHARGE)
    if ch.step not in steps:
        allowed = " или ".join(f"шаге {s}" for s in steps)
        raise RuleViolation(
            f"{what} — только на {allowed}, а сейчас шаг {ch.step} (Фаза зарядки).",
            rule=R_STEP[ch.step],
        )
    return ch


def _pay(ch: Charge, amount: int, what: str) -> None:
    if amount > ch.energy:
        raise RuleViolation(
            f"{what}: нужно {amount} {ENERGY_UNIT}, а во вселенной «{ch.universe}» "
            f"осталось {ch.energy} (Фаза зарядки, шаг {ch.step}).",
            rule=R_STEP[ch.step],
        )


# -- checks: round and action phase --------------------------------------------------------
def _check_round_draw(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ROUND, "Брать карту в начале раунда")


def _check_card_play(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ACTIONS, "Играть карты")
    p = state.players[state.active]  # type: ignore[index]
    kind = data.get("kind")
    if kind not in _KINDS:
        raise RuleViolation(
            "Сыграть можно источник энергии, изобретение или способность.", rule=R_AVAILABLE
        )
    build = _number(data, "build_cost", 1, "Стоимость внедрения", R_BUILD)
    if kind == "source":
        _number(data, "production", 0, "Производство источника", R_BUILD)
    else:
        _number(data, "cost", 0, "Стоимость активации в энергии", R_BUILD)
    if kind == "invention":
        _number(data, "vp", 0, "Награда в ПО", R_BUILD)
    if not isinstance(data.get("name", ""), str):
        raise RuleViolation("Название карты — это текст.")
    if not isinstance(data.get("down", False), bool):
        raise RuleViolation("Признак «уровнем ниже» — да или нет.")
    if not isinstance(data.get("finish", False), bool):
        raise RuleViolation("Признак «внедрить сразу» — да или нет.")
    down = data.get("down", False)
    if p.hand < 1:
        raise RuleViolation("На руке нет карт — играть нечего.", rule=R_AVAILABLE)
    if down:
        if kind != "source":
            raise RuleViolation(
                "Во вселенную уровнем ниже можно внедрить только источник энергии, "
                "не изобретение и не способность (Карты изобретений).",
                rule=R_AVAILABLE,
            )
        if _below(p.universe) is None:
            raise RuleViolation(
                "Ниже Кроховселенной вселенных нет: источник внедряется в неё саму "
                "(Карты источников энергии).",
                rule=R_AVAILABLE,
            )
        _need_actions(state, build, R_AVAILABLE)
        return
    # «finish»: played and built whole at once, the build's every action spent now — the way
    # to use imaginary tokens (Внедрение: only when the build is completed this turn)
    placed = build if data.get("finish", False) else 1
    _need_actions(state, placed, R_AVAILABLE)
    if kind == "invention" and p.universe == MINI and p.hand < 2:
        raise RuleViolation(
            "Чтобы сыграть изобретение в Мини-вселенную, нужно сбросить ещё одну карту, "
            "а на руке только эта (Мини-вселенная).",
            rule=R_MINI,
        )
    _check_tokens(p, kind, 0, 0, placed, build)


def _check_tokens(p: PlayerState, kind: str, placed: int, on_card: int, n: int, build: int) -> None:
    physical = min(n, p.tokens)
    finishes = placed + n >= build
    if physical < n and not finishes:
        raise RuleViolation(
            f"В запасе жетонов внедрения: {p.tokens}. Воображаемые жетоны можно "
            f"использовать, только если внедрение завершается в этот же ход (Внедрение).",
            rule=R_BUILD,
        )
    if kind == "invention" and finishes and on_card + physical < 1:
        raise RuleViolation(
            "Нет ни одного жетона, чтобы отметить контроль над изобретением (Внедрение).",
            rule=R_BUILD,
        )


def _check_card_build(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ACTIONS, "Внедрять карты")
    card = _own_card(state, data)
    n = _number(data, "tokens", 1, "Число жетонов", R_BUILD)
    p = state.players[state.active]  # type: ignore[index]
    if card.owner != state.active:
        raise RuleViolation(
            f"{card.label()} начал внедрять другой игрок — достраивать её может только он "
            "(Внедрение).",
            rule=R_BUILD,
        )
    if card.built:
        raise RuleViolation(f"{card.label()} уже полностью внедрена.", rule=R_BUILD)
    if card.kind != "ability" and card.universe != p.universe:
        raise RuleViolation(
            f"{card.label()} лежит во вселенной «{card.universe}», "
            f"а персонаж — во вселенной «{p.universe}»: "
            f"жетоны кладут только на карты своей вселенной (Доступные действия).",
            rule=R_AVAILABLE,
        )
    if card.placed + n > card.build_cost:
        raise RuleViolation(
            f"На {card.label()} не хватает места: нужно ещё {card.build_cost - card.placed} "
            f"жетонов, а не {n} (Внедрение).",
            rule=R_BUILD,
        )
    _need_actions(state, n, R_AVAILABLE)
    _check_tokens(p, card.kind, card.placed, card.on_card, n, card.build_cost)


def _check_player_move(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ACTIONS, "Перемещаться")
    to = _universe(data)
    p = state.players[state.active]  # type: ignore[index]
    if to == p.universe:
        raise RuleViolation(f"Персонаж уже во вселенной «{to}».", rule=R_MOVE)
    if data.get("ability"):
        if not (state.abilities and p.character == "Кайл"):
            raise RuleViolation(
                "Перемещаться по свойству персонажа может только Кайл, и только когда "
                "свойства включены (Уточнения по картам: Кайл).",
                rule=R_MOVE,
            )
        return
    if not adjacent(p.universe, to):
        raise RuleViolation(
            f"Из «{p.universe}» за одно действие можно перейти только в соседнюю вселенную, "
            f"а «{to}» — не соседняя (Перемещение).",
            rule=R_MOVE,
        )
    _need_actions(state, 1, R_MOVE)


def _check_card_swap(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ACTIONS, "Менять карты")
    if state.players[state.active].hand < 1:  # type: ignore[index]
        raise RuleViolation(
            "Без карты на руке новую не получить: сначала надо сбросить.", rule=R_SWAP
        )
    _need_actions(state, 1, R_SWAP)


def _check_action_discard(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ACTIONS, "Сбрасывать карты за действия")
    if state.players[state.active].hand < 1:  # type: ignore[index]
        raise RuleViolation(
            "На руке нет карт, сбрасывать нечего (Бесплатное действие).", rule=R_FREE
        )


def _check_actions_add(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ACTIONS, "Менять число действий")
    d = data.get("delta")
    if not _is_int(d) or d == 0 or abs(d) > _MAX_NUMBER:
        raise RuleViolation("Изменение числа действий — целое число, не ноль.")
    if state.players[state.active].actions + d < 0:  # type: ignore[index]
        raise RuleViolation("Действий не может стать меньше нуля.", rule=R_ACTIONS)


def _check_turn_end(state: RicksState, data: Any) -> None:
    _need_phase(state, PHASE_ACTIONS, "Передавать ход")


# -- checks: corrections and card effects ----------------------------------------------------
def _check_vp_add(state: RicksState, data: Any) -> None:
    p = _player(state, data)
    d = data.get("delta")
    if not _is_int(d) or d == 0 or abs(d) > _MAX_NUMBER:
        raise RuleViolation("Изменение ПО — целое число, не ноль.")
    if state.players[p].vp + d < 0:
        raise RuleViolation(f"ПО не бывает меньше нуля: сейчас {state.players[p].vp}.")


def _check_hand_add(state: RicksState, data: Any) -> None:
    p = _player(state, data)
    d = data.get("delta")
    if not _is_int(d) or d == 0 or abs(d) > _MAX_NUMBER:
        raise RuleViolation("Изменение числа карт — целое число, не ноль.")
    if state.players[p].hand + d < 0:
        raise RuleViolation(f"На руке {state.players[p].hand} карт — столько не сбросить.")


def _check_player_place(state: RicksState, data: Any) -> None:
    p = _player(state, data)
    to = _universe(data)
    if state.players[p].universe == to:
        raise RuleViolation(f"Персонаж уже во вселенной «{to}».")


def _check_card_move(state: RicksState, data: Any) -> None:
    card = _own_card(state, data)
    to = _universe(data)
    if card.kind == "ability":
        raise RuleViolation("Способность прикреплена к персонажу и во вселенных не лежит.")
    if card.universe == to:
        raise RuleViolation(f"{card.label()} уже во вселенной «{to}».")


def _check_card_remove(state: RicksState, data: Any) -> None:
    _own_card(state, data)


def _check_card_turn(state: RicksState, data: Any) -> None:
    card = _own_card(state, data)
    if card.kind != "invention" or card.universe != KRO:
        raise RuleViolation(
            "Поворачивают только изобретения в Кроховселенной (Кроховселенная).", rule=R_KRO
        )
    if not isinstance(data.get("turned"), bool) or data["turned"] == card.turned:
        raise RuleViolation(f"{card.label()} уже в этом положении.", rule=R_KRO)


#: Event type → its check (round start, action phase, card effects).
CHECKS: dict[str, Handler] = {
    "round.draw": _check_round_draw,
    "card.play": _check_card_play,
    "card.build": _check_card_build,
    "player.move": _check_player_move,
    "card.swap": _check_card_swap,
    "action.discard": _check_action_discard,
    "actions.add": _check_actions_add,
    "turn.end": _check_turn_end,
    "vp.add": _check_vp_add,
    "hand.add": _check_hand_add,
    "player.place": _check_player_place,
    "card.move": _check_card_move,
    "card.remove": _check_card_remove,
    "card.turn": _check_card_turn,
}
