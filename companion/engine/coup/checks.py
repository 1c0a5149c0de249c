"""Переворот: what the referee refuses, and the list of legal moves."""

from __future__ import annotations

from typing import Any

from companion.engine.core import Event
from companion.engine.coup.state import (
    ACTIONS,
    CHARACTER_NAMES,
    CHARACTERS,
    COPIES,
    MUST_COUP,
    CoupState,
    _challengers,
    _claimant,
    _claimed,
    _coins,
    _is_index,
    _revealed_count,
    _rule,
    awaiting,
    block_options,
    known,
    unseen,
)
from companion.errors import RuleViolation

# -- legality ----------------------------------------------------------------------------------
_STEP_NAMES = {
    "action": "объявления действия",
    "challenge": "решения, оспаривает ли кто-нибудь действие",
    "challenge_result": "ответа, показана ли карта",
    "block": "решения, запрещает ли кто-нибудь действие",
    "block_challenge": "решения, оспаривает ли кто-нибудь запрет",
    "block_challenge_result": "ответа, показана ли карта",
    "lose_influence": "выбора карты, которую раскроет проигравший",
    "exchange": "завершения обмена",
    "over": "конца игры",
}
_EVENT_STEPS = {
    "coup.declare": ("action",),
    "coup.challenge": ("challenge", "block_challenge"),
    "coup.no_challenge": ("challenge", "block_challenge"),
    "coup.challenge_result": ("challenge_result", "block_challenge_result"),
    "coup.block": ("block",),
    "coup.no_block": ("block",),
    "coup.lose_influence": ("lose_influence",),
    "coup.exchange_done": ("exchange",),
}


def _check(state: CoupState, event: Event) -> None:
    kind, d = event.type, event.data
    if kind not in _EVENT_STEPS:
        raise RuleViolation(f"В игре «Переворот» нет события «{kind}».")
    step = awaiting(state)
    if step == "over":
        raise _rule("Игра окончена: у соперников не осталось покровителей", "Ход игры")
    if step not in _EVENT_STEPS[kind]:
        raise _rule(f"Сейчас время {_STEP_NAMES[step]}, а не этого шага", "Ход игры")
    names, n = state.names, len(state.names)
    character: Any
    if kind == "coup.declare":
        _check_declare(state, d)
    elif kind == "coup.challenge":
        who = d.get("challenger")
        if not _is_index(who, n):
            raise RuleViolation("Такого игрока нет за столом.")
        claimant = _claimant(state)
        if who == claimant:
            raise _rule(f"{names[who]} не может оспорить собственное заявление", "Оспаривание")
        if state.influence[who] == 0:
            raise _rule(
                f"{names[who]}: покровителей не осталось — оспаривать нельзя", "Покровители"
            )
    elif kind == "coup.challenge_result":
        proven = d.get("proven")
        if not isinstance(proven, bool):
            raise RuleViolation("Нужно указать, показана ли карта: да или нет.")
        character = _claimed(state)
        if proven and _revealed_count(state, character) >= COPIES:
            raise _rule(
                f"Все {COPIES} карты «{CHARACTER_NAMES[character]}» уже раскрыты — "
                "показать такую карту невозможно",
                "Состав игры",
            )
    elif kind == "coup.block":
        who, character = d.get("blocker"), d.get("character")
        if not _is_index(who, n):
            raise RuleViolation("Такого игрока нет за столом.")
        p = state.pending
        assert p is not None
        info = ACTIONS[p["action"]]
        if state.influence[who] == 0:
            raise _rule(f"{names[who]}: покровителей не осталось — запрещать нельзя", "Покровители")
        if who == p["actor"]:
            raise _rule(f"{names[who]} не может запретить собственное действие", "Запрет действия")
        if info.target_blocks and who != p["target"]:
            aim = names[known(p["target"])]
            raise _rule(
                f"Запретить действие «{info.name}» может только его цель — {aim}",
                "Запрет действия",
            )
        if character not in info.blockers:
            allowed = " или ".join(CHARACTER_NAMES[c] for c in info.blockers)
            shown = CHARACTER_NAMES.get(str(character), str(character))
            raise _rule(
                f"Действие «{info.name}» запрещает только {allowed}, а не {shown}",
                "Запрет действия",
            )
    elif kind == "coup.lose_influence":
        who, character = d.get("player"), d.get("character")
        p = state.pending
        assert p is not None
        loser = p["losses"][0]["player"]
        if who != loser:
            raise _rule(f"Покровителя сейчас теряет {names[loser]}", "Покровители")
        if character not in CHARACTERS:
            raise RuleViolation(f"Персонажа «{character}» в игре нет.")
        if _revealed_count(state, character) >= COPIES:
            raise _rule(
                f"Все {COPIES} карты «{CHARACTER_NAMES[character]}» уже раскрыты — "
                "четвёртой такой карты нет",
                "Состав игры",
            )


def _check_declare(state: CoupState, d: Any) -> None:
    names, n = state.names, len(state.names)
    who, action, target = d.get("player"), d.get("action"), d.get("target")
    if not _is_index(who, n):
        raise RuleViolation("Такого игрока нет за столом.")
    if who != state.current:
        raise _rule(f"Сейчас ходит {names[state.current]}, а не {names[who]}", "Ход игры")
    if state.influence[who] == 0:
        raise _rule(f"{names[who]}: покровителей не осталось — игрок выбыл", "Покровители")
    if action not in ACTIONS:
        raise RuleViolation(f"Действия «{action}» в игре нет.")
    info = ACTIONS[action]
    coins = state.coins[who]
    if coins >= MUST_COUP and action != "coup":
        raise _rule(
            f"{names[who]}: {_coins(coins)} в начале хода — обязателен переворот", "Переворот"
        )
    if coins < info.cost:
        raise _rule(
            f"{names[who]}: на «{info.name}» нужно {_coins(info.cost)}, а есть только {coins}",
            info.heading,
        )
    if not info.targeted:
        if target is not None:
            raise _rule(f"У действия «{info.name}» нет цели", info.heading)
        return
    if not _is_index(target, n):
        raise _rule(f"Для действия «{info.name}» нужно выбрать соперника", info.heading)
    if target == who:
        raise _rule(f"Целью действия «{info.name}» может быть только соперник", info.heading)
    if state.exiled[target] or state.influence[target] == 0:
        # «Покровители»: who has lost both influences is exiled, out of the game
        raise _rule(
            f"{names[target]} в ссылке: покровителей не осталось — целью быть нельзя",
            "Покровители",
        )


def refusal(state: CoupState, kind: str, data: dict[str, Any] | None = None) -> str | None:
    """Why the event would be refused (a Russian sentence), or ``None`` if it is legal."""
    try:
        _check(state, Event(0, kind, dict(data or {}), 0.0))
    except RuleViolation as err:
        return err.message
    return None


def legal_declarations(state: CoupState) -> list[dict[str, Any]]:
    """The actions the turn's player may declare now («Действия»).

    :returns: ``[{"action": id, "targets": [player, ...] | None}]`` in :data:`ACTIONS`
        order; empty unless the game waits for an action.
    """
    if awaiting(state) != "action":
        return []
    out: list[dict[str, Any]] = []
    for action, info in ACTIONS.items():
        if not info.targeted:
            data = {"player": state.current, "action": action, "target": None}
            if refusal(state, "coup.declare", data) is None:
                out.append({"action": action, "targets": None})
            continue
        targets = [
            t
            for t in range(len(state.names))
            if refusal(
                state, "coup.declare", {"player": state.current, "action": action, "target": t}
            )
            is None
        ]
        if targets:
            out.append({"action": action, "targets": targets})
    return out


def legal_events(state: CoupState) -> list[tuple[str, dict[str, Any]]]:
    """Every event the rules accept now, as ``(type, data)`` pairs (for pickers and tests)."""
    step = awaiting(state)
    p = state.pending
    if step == "action":
        return [
            ("coup.declare", {"player": state.current, "action": d["action"], "target": t})
            for d in legal_declarations(state)
            for t in (d["targets"] or [None])
        ]
    if step in ("challenge", "block_challenge"):
        return [("coup.no_challenge", {})] + [
            ("coup.challenge", {"challenger": c}) for c in _challengers(state)
        ]
    if step in ("challenge_result", "block_challenge_result"):
        out: list[tuple[str, dict[str, Any]]] = [("coup.challenge_result", {"proven": False})]
        if _revealed_count(state, _claimed(state)) < COPIES:
            out.insert(0, ("coup.challenge_result", {"proven": True}))
        return out
    if step == "block":
        return [("coup.no_block", {})] + [
            ("coup.block", {"blocker": b, "character": c})
            for b, chars in block_options(state).items()
            for c in chars
        ]
    if step == "lose_influence":
        assert p is not None
        who = p["losses"][0]["player"]
        return [
            ("coup.lose_influence", {"player": who, "character": c})
            for c, k in unseen(state).items()
            if k > 0
        ]
    if step == "exchange":
        return [("coup.exchange_done", {})]
    return []
