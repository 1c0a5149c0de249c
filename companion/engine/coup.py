"""Переворот (Coup): coin bank and action referee with challenges and blocks.

Rulebook 002 (source id ``coup``). The app never sees the hidden cards: it keeps the
coins, the treasury, how many influences each player has left, the characters revealed
so far (public), the turn order and exile, and it walks every action through the flow
of «Ход игры»:

    declare → challenge of the claim → block → challenge of the block → resolution

Each step is one event, and :func:`awaiting` names the step the state waits for:

==========================  =============================================================
``"action"``                the turn's player declares an action (``coup.declare``)
``"challenge"``             anybody else with influence may challenge the character claim
                            (``coup.challenge``) or everybody lets it pass
                            (``coup.no_challenge``)
``"challenge_result"``      the claimant shows the character or not (``coup.challenge_result``)
``"block"``                 an allowed player blocks (``coup.block``) or nobody does
                            (``coup.no_block``)
``"block_challenge"``       anybody but the blocker may challenge the block
``"block_challenge_result"`` the blocker shows the character or not
``"lose_influence"``        a player reveals one card of their choice (``coup.lose_influence``)
``"exchange"``              the Ambassador's exchange is done at the table (``coup.exchange_done``)
``"over"``                  one player is left with influence: the game is over
==========================  =============================================================

:func:`waiting_for` lists who may or must send the next event. Steps nobody can take are
skipped by the engine (a challenge window when nobody else has influence left, a loss of a
player who has already lost everything).

Events (``data`` shapes):

- ``coup.declare``: ``{"player": int, "action": str, "target": int | None}`` — ``action`` is
  one of :data:`ACTIONS` (``"income"``, ``"foreign_aid"``, ``"coup"``, ``"tax"``,
  ``"assassinate"``, ``"steal"``, ``"exchange"``); ``target`` only for coup, assassinate and
  steal. The cost (7 for a coup, 3 for an assassination) is paid into the treasury at once.
- ``coup.challenge``: ``{"challenger": int}`` — in ``"challenge"`` (the action's claim) or
  ``"block_challenge"`` (the block's claim).
- ``coup.no_challenge``: ``{}`` — nobody challenges.
- ``coup.challenge_result``: ``{"proven": bool}`` — did the challenged player show the card?
- ``coup.block``: ``{"blocker": int, "character": str}`` — ``character`` is one of
  :data:`CHARACTERS`, allowed for this action (:func:`block_options`).
- ``coup.no_block``: ``{}`` — nobody blocks.
- ``coup.lose_influence``: ``{"player": int, "character": str}`` — the card revealed.
- ``coup.exchange_done``: ``{}``.

Money moves (treasury + all coins = 51 at every moment): a failed claim refunds the cost, a
blocked action does not; income, foreign aid and tax take what the treasury has (at most
1/2/3); a steal takes up to 2 coins from the target. A player who loses the last influence is
exiled when the action finishes: their coins go back to the treasury then (the rulebook's
«Пример игры» has Саша steal Гриша's 2 coins after Гриша revealed his last card).

Example::

    >>> from companion.engine.core import Game
    >>> g = Game.new(COUP, ["Аня", "Борис", "Вика"], clock=lambda: 0.0)
    >>> _ = g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    >>> awaiting(g.state)
    'challenge'
    >>> _ = g.push("coup.no_challenge", {})
    >>> g.state.coins, g.state.treasury, g.state.current
    ([5, 2, 2], 42, 1)
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.errors import RuleViolation, SetupError

__all__ = [
    "ACTIONS",
    "CHARACTERS",
    "CHARACTER_NAMES",
    "COPIES",
    "COUP",
    "ActionInfo",
    "CoupDefinition",
    "CoupState",
    "MUST_COUP",
    "TOTAL_COINS",
    "awaiting",
    "block_options",
    "explain",
    "legal_declarations",
    "legal_events",
    "projected",
    "refusal",
    "unseen",
    "waiting_for",
]

#: Coins in the box («Состав игры»).
TOTAL_COINS = 51
#: Copies of each character in the box («Состав игры»).
COPIES = 3
#: With this many coins at the start of the turn a coup is compulsory («Переворот»).
MUST_COUP = 10

#: Character ids in the box order («Состав игры»).
CHARACTERS: tuple[str, ...] = ("duke", "assassin", "captain", "ambassador", "contessa")
#: Russian names, nominative.
CHARACTER_NAMES: dict[str, str] = {
    "duke": "Герцог",
    "assassin": "Ассасин",
    "captain": "Капитан",
    "ambassador": "Посол",
    "contessa": "Графиня",
}
_ACCUSATIVE = {
    "duke": "Герцога",
    "assassin": "Ассасина",
    "captain": "Капитана",
    "ambassador": "Посла",
    "contessa": "Графиню",
}


@dataclass(frozen=True)
class ActionInfo:
    """One action of «Действия».

    :param name: Russian name on screen.
    :param heading: the rulebook heading describing it.
    :param cost: coins paid into the treasury when declared.
    :param claim: the character that must be claimed (``None`` for general actions).
    :param blockers: characters that may block it.
    :param targeted: whether a target (another player) is chosen.
    :param target_blocks: only the target may block (else any other player).
    """

    name: str
    heading: str
    cost: int = 0
    claim: str | None = None
    blockers: tuple[str, ...] = ()
    targeted: bool = False
    target_blocks: bool = False


#: Every action of «Действия» by id.
ACTIONS: dict[str, ActionInfo] = {
    "income": ActionInfo("доход", "Доход"),
    "foreign_aid": ActionInfo("иностранная помощь", "Иностранная помощь", blockers=("duke",)),
    "coup": ActionInfo("переворот", "Переворот", cost=7, targeted=True),
    "tax": ActionInfo("налог", "Герцог: налог", claim="duke"),
    "assassinate": ActionInfo(
        "заказное убийство",
        "Ассасин: заказное убийство",
        cost=3,
        claim="assassin",
        blockers=("contessa",),
        targeted=True,
        target_blocks=True,
    ),
    "steal": ActionInfo(
        "кража",
        "Капитан: кража",
        claim="captain",
        blockers=("captain", "ambassador"),
        targeted=True,
        target_blocks=True,
    ),
    "exchange": ActionInfo("обмен", "Посол: обмен", claim="ambassador"),
}
_GAIN = {"income": 1, "foreign_aid": 2, "tax": 3}
_STEAL = 2


@dataclass
class CoupState:
    """Public information of a game of Coup.

    :param names: player names in seat (turn) order.
    :param coins: coins per player.
    :param influence: face-down cards left per player (0..2).
    :param revealed: characters revealed by each player, in order.
    :param exiled: players out of the game (their coins are back in the treasury).
    :param treasury: coins in the treasury.
    :param court_deck: cards in the court deck (constant: exchanges and proven claims swap).
    :param current: whose turn it is.
    :param turn: 1-based turn number (grows when the turn passes).
    :param pending: the action under way, ``None`` between turns. Keys: ``actor``,
        ``action``, ``target``, ``paid`` (coins paid up front), ``stage`` (see the module
        docstring; ``"resolve"``/``"end"`` are internal), ``challenger``, ``blocker``,
        ``block_character``, ``block_challenger``, ``losses`` (``[{"player", "reason"}]``,
        reasons ``"challenge"``, ``"bluff"``, ``"coup"``, ``"assassinate"``), ``result``
        (``None``, ``"failed"``, ``"blocked"`` or ``"done"``).
    """

    names: list[str]
    coins: list[int]
    influence: list[int]
    revealed: list[list[str]]
    exiled: list[bool]
    treasury: int
    court_deck: int
    current: int
    turn: int = 1
    pending: dict[str, Any] | None = None


# -- small helpers ----------------------------------------------------------------------------
def _coins(n: int) -> str:
    """``5`` → «5 монет» (Russian plural)."""
    if n % 10 == 1 and n % 100 != 11:
        word = "монета"
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        word = "монеты"
    else:
        word = "монет"
    return f"{n} {word}"


def _rule(text: str, heading: str) -> RuleViolation:
    return RuleViolation(f"{text} (правило «{heading}»).", rule=heading)


def _is_index(value: Any, n: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n


def _alive(state: CoupState) -> list[int]:
    return [i for i, k in enumerate(state.influence) if k > 0]


def _revealed_count(state: CoupState, character: str) -> int:
    return sum(cards.count(character) for cards in state.revealed)


def unseen(state: CoupState) -> dict[str, int]:
    """Copies of each character not yet revealed (3 − revealed), by character id.

    Implements the hint of «Состав игры» (3 cards of each character).
    """
    return {c: COPIES - _revealed_count(state, c) for c in CHARACTERS}


def awaiting(state: CoupState) -> str:
    """The step the game waits for (see the module docstring), e.g. ``"challenge"``."""
    if len(_alive(state)) <= 1:
        return "over"
    p = state.pending
    if p is None:
        return "action"
    if p["losses"]:
        return "lose_influence"
    return str(p["stage"])


def _claimant(state: CoupState) -> int:
    p = state.pending
    assert p is not None
    on_block = p["stage"] in ("block_challenge", "block_challenge_result")
    return p["blocker"] if on_block else p["actor"]


def _claimed(state: CoupState) -> str:
    p = state.pending
    assert p is not None
    if p["stage"] in ("block_challenge", "block_challenge_result"):
        return str(p["block_character"])
    return str(ACTIONS[p["action"]].claim)


def _challengers(state: CoupState) -> list[int]:
    claimant = _claimant(state)
    return [i for i in _alive(state) if i != claimant]


def block_options(
    state: CoupState, action: str | None = None, actor: int | None = None, target: int | None = None
) -> dict[int, list[str]]:
    """Who may block an action and with which characters («Запрет действия»).

    Without arguments it answers for the pending action. Only players with influence
    left may block; the assassination and the steal only by their target, foreign aid by
    anybody but the actor.

    :returns: ``{player: [character ids]}``, empty if the action cannot be blocked.
    """
    if action is None:
        if state.pending is None:
            return {}
        action, actor, target = (
            state.pending["action"],
            state.pending["actor"],
            state.pending["target"],
        )
    info = ACTIONS[action]
    if not info.blockers:
        return {}
    if info.target_blocks:
        who = [target] if target is not None and state.influence[target] > 0 else []
    else:
        who = [i for i in _alive(state) if i != actor]
    return {i: list(info.blockers) for i in who}


def waiting_for(state: CoupState) -> list[int]:
    """Players who may (windows) or must (everything else) send the next event."""
    step = awaiting(state)
    p = state.pending
    if step == "over":
        return []
    if step == "action":
        return [state.current]
    assert p is not None
    if step == "lose_influence":
        return [p["losses"][0]["player"]]
    if step in ("challenge", "block_challenge"):
        return _challengers(state)
    if step in ("challenge_result", "block_challenge_result"):
        return [_claimant(state)]
    if step == "block":
        return sorted(block_options(state))
    return [p["actor"]]  # exchange


# -- the state machine -----------------------------------------------------------------------
def _advance(state: CoupState) -> None:
    """Run the automatic steps until a decision is needed or the turn ends."""
    p = state.pending
    while p is not None:
        while p["losses"] and state.influence[p["losses"][0]["player"]] == 0:
            p["losses"].pop(0)
        if p["losses"]:
            return
        stage = p["stage"]
        if stage == "challenge":
            if _challengers(state):
                return
            p["stage"] = "block"
        elif stage == "block":
            if block_options(state):
                return
            p["stage"] = "resolve"
        elif stage == "block_challenge":
            if _challengers(state):
                return
            p["stage"], p["result"] = "end", "blocked"
        elif stage == "resolve":
            _resolve(state)
        elif stage == "end":
            _end_turn(state)
            p = None
        else:
            return


def _resolve(state: CoupState) -> None:
    p = state.pending
    assert p is not None
    action, actor, target = p["action"], p["actor"], p["target"]
    p["result"], p["stage"] = "done", "end"
    if action in _GAIN:
        gain = min(_GAIN[action], state.treasury)
        state.treasury -= gain
        state.coins[actor] += gain
    elif action == "steal":
        taken = min(_STEAL, state.coins[target])
        state.coins[target] -= taken
        state.coins[actor] += taken
    elif action in ("coup", "assassinate"):
        p["losses"].append({"player": target, "reason": action})
    elif action == "exchange" and len(_alive(state)) > 1:
        p["stage"] = "exchange"


def _end_turn(state: CoupState) -> None:
    for i, k in enumerate(state.influence):
        if k == 0 and not state.exiled[i]:
            state.exiled[i] = True
            state.treasury += state.coins[i]
            state.coins[i] = 0
    state.pending = None
    if len(_alive(state)) > 1:
        n = len(state.names)
        nxt = (state.current + 1) % n
        while state.influence[nxt] == 0:
            nxt = (nxt + 1) % n
        state.current = nxt
        state.turn += 1


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
_EVENT_KEYS = {
    "coup.declare": {"player", "action", "target"},
    "coup.challenge": {"challenger"},
    "coup.no_challenge": set(),
    "coup.challenge_result": {"proven"},
    "coup.block": {"blocker", "character"},
    "coup.no_block": set(),
    "coup.lose_influence": {"player", "character"},
    "coup.exchange_done": set(),
}


def _check(state: CoupState, event: Event) -> None:
    kind, d = event.type, event.data
    if kind not in _EVENT_STEPS:
        raise RuleViolation(f"В игре «Переворот» нет события «{kind}».")
    extra = set(d) - _EVENT_KEYS[kind]
    if extra:
        raise RuleViolation(f"У события «{kind}» нет полей: {', '.join(sorted(extra))}.")
    step = awaiting(state)
    if step == "over":
        raise _rule("Игра окончена: у соперников не осталось покровителей", "Ход игры")
    if step not in _EVENT_STEPS[kind]:
        raise _rule(f"Сейчас время {_STEP_NAMES[step]}, а не этого шага", "Ход игры")
    names, n = state.names, len(state.names)
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
            raise _rule(
                f"Запретить действие «{info.name}» может только его цель — {names[p['target']]}",
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
        raise _rule(f"{names[target]} уже в ссылке и выбыл(а) из игры", "Покровители")


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
    out = []
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


# -- applying -----------------------------------------------------------------------------------
def _apply(state: CoupState, event: Event) -> None:
    kind, d = event.type, event.data
    p = state.pending
    if kind == "coup.declare":
        action = d["action"]
        info = ACTIONS[action]
        actor = d["player"]
        state.coins[actor] -= info.cost
        state.treasury += info.cost
        stage = "challenge" if info.claim else ("block" if info.blockers else "resolve")
        state.pending = {
            "actor": actor,
            "action": action,
            "target": d.get("target"),
            "paid": info.cost,
            "stage": stage,
            "challenger": None,
            "blocker": None,
            "block_character": None,
            "block_challenger": None,
            "losses": [],
            "result": None,
        }
    elif kind == "coup.challenge":
        assert p is not None
        if p["stage"] == "challenge":
            p["challenger"], p["stage"] = d["challenger"], "challenge_result"
        else:
            p["block_challenger"], p["stage"] = d["challenger"], "block_challenge_result"
    elif kind == "coup.no_challenge":
        assert p is not None
        if p["stage"] == "challenge":
            p["stage"] = "block"
        else:
            p["stage"], p["result"] = "end", "blocked"
    elif kind == "coup.challenge_result":
        assert p is not None
        _apply_result(state, p, bool(d["proven"]))
    elif kind == "coup.block":
        assert p is not None
        p["blocker"], p["block_character"] = d["blocker"], d["character"]
        p["stage"] = "block_challenge"
    elif kind == "coup.no_block":
        assert p is not None
        p["stage"] = "resolve"
    elif kind == "coup.lose_influence":
        assert p is not None
        p["losses"].pop(0)
        state.influence[d["player"]] -= 1
        state.revealed[d["player"]].append(d["character"])
    elif kind == "coup.exchange_done":
        assert p is not None
        p["stage"] = "end"
    _advance(state)


def _apply_result(state: CoupState, p: dict[str, Any], proven: bool) -> None:
    if p["stage"] == "challenge_result":
        if proven:  # the card goes back to the court deck and a new one is drawn
            p["losses"].append({"player": p["challenger"], "reason": "challenge"})
            p["stage"] = "block"
        else:
            p["losses"].append({"player": p["actor"], "reason": "bluff"})
            state.coins[p["actor"]] += p["paid"]
            state.treasury -= p["paid"]
            p["stage"], p["result"] = "end", "failed"
    elif proven:
        p["losses"].append({"player": p["block_challenger"], "reason": "challenge"})
        p["stage"], p["result"] = "end", "blocked"
    else:
        p["losses"].append({"player": p["blocker"], "reason": "bluff"})
        p["stage"] = "resolve"


# -- words ---------------------------------------------------------------------------------------
def projected(state: CoupState) -> str:
    """What the pending action does if it goes through from here (Russian), «» if none."""
    p = state.pending
    if p is None:
        return ""
    names, actor, target = state.names, p["actor"], p["target"]
    action = p["action"]
    if action in _GAIN:
        gain = min(_GAIN[action], state.treasury)
        return f"{names[actor]} получит {_coins(gain)} (станет {state.coins[actor] + gain})"
    if action == "steal":
        taken = min(_STEAL, state.coins[target])
        return (
            f"{names[actor]} заберёт у игрока {names[target]} {_coins(taken)} "
            f"(станет {state.coins[actor] + taken})"
        )
    if action in ("coup", "assassinate"):
        if state.influence[target] == 0:
            return f"{names[target]} уже без покровителей — терять нечего"
        return f"{names[target]} потеряет покровителя"
    return f"{names[actor]} возьмёт 2 карты из колоды двора и вернёт туда 2 из 4"


def explain(state: CoupState) -> str:
    """A Russian sentence on what the table must decide now and what follows from it.

    Implements the flow of «Ход игры», «Запрет действия», «Оспаривание» and warns about
    «Опасность заказного убийства» (two losses in one turn).
    """
    names = state.names
    step = awaiting(state)
    p = state.pending
    if step == "over":
        return f"Игра окончена: побеждает {names[_alive(state)[0]]}."
    if step == "action":
        who = state.current
        text = f"Ходит {names[who]} ({_coins(state.coins[who])}): выберите действие."
        if state.coins[who] >= MUST_COUP:
            text += " С 10 монетами и больше можно только совершить переворот."
        return text
    assert p is not None
    info = ACTIONS[p["action"]]
    actor, target = p["actor"], p["target"]
    after = projected(state)
    if step == "lose_influence":
        loss = p["losses"][0]
        who = loss["player"]
        reason = {
            "challenge": "за неудачное оспаривание",
            "bluff": "за неподтверждённое заявление",
            "coup": "от переворота",
            "assassinate": "от заказного убийства",
        }[loss["reason"]]
        text = f"{names[who]} теряет покровителя {reason}: выберите, какую карту раскрыть."
        if state.influence[who] == 1:
            text += f" Это последний покровитель — {names[who]} выбывает из игры."
        if p["action"] == "assassinate" and who == target and state.influence[who] == 2:
            if p["stage"] == "block":
                text += (
                    " Затем убийство: без запрета Графиней будет вторая потеря "
                    "(«Опасность заказного убийства»)."
                )
            elif p["stage"] == "resolve":
                text += (
                    " Затем убийство выполнится — вторая потеря («Опасность заказного убийства»)."
                )
        return text
    if step == "challenge":
        who = ", ".join(names[i] for i in _challengers(state))
        then = "дальше — запреты; если запрета не будет" if info.blockers else "то"
        return (
            f"{names[actor]} заявляет {_ACCUSATIVE[info.claim]} ({info.name}). "
            f"Оспорить может: {who}. Если никто не оспорит, {then}: {after}."
        )
    if step == "challenge_result":
        c = p["challenger"]
        text = (
            f"{names[c]} оспаривает. {names[actor]} показывает {_ACCUSATIVE[info.claim]}? "
            f"Если да — {names[c]} теряет покровителя, действие продолжается. "
            f"Если нет — {names[actor]} теряет покровителя, действие отменяется"
        )
        if p["paid"]:
            text += f", {_coins(p['paid'])} возвращаются"
        text += "."
        if p["action"] == "assassinate" and c == target and state.influence[c] == 2:
            text += (
                f" Если Ассасин настоящий, {names[c]} может потерять обоих покровителей "
                "(«Опасность заказного убийства»)."
            )
        return text
    if step == "block":
        options = block_options(state)
        who = "; ".join(
            f"{names[b]} ({' или '.join(CHARACTER_NAMES[c] for c in chars)})"
            for b, chars in options.items()
        )
        return f"Запретить может: {who}. Если никто не запретит: {after}."
    if step == "block_challenge":
        b = p["blocker"]
        who = ", ".join(names[i] for i in _challengers(state))
        text = (
            f"{names[b]} запрещает, заявив {_ACCUSATIVE[p['block_character']]}. "
            f"Оспорить запрет может: {who}. Если никто не оспорит, действие не выполнится"
        )
        if p["paid"]:
            text += f", а {_coins(p['paid'])} не вернутся"
        return text + "."
    if step == "block_challenge_result":
        b, c = p["blocker"], p["block_challenger"]
        text = (
            f"{names[c]} оспаривает запрет. {names[b]} показывает "
            f"{_ACCUSATIVE[p['block_character']]}? Если да — {names[c]} теряет покровителя, "
            f"запрет в силе. Если нет — {names[b]} теряет покровителя, и действие выполняется: "
            f"{after}."
        )
        if p["action"] == "assassinate" and state.influence[b] == 2:
            text += (
                f" При блефе {names[b]} потеряет обоих покровителей "
                "(«Опасность заказного убийства»)."
            )
        return text
    return f"{names[actor]} меняет карты с колодой двора: {after}. Затем отметьте конец обмена."


def _consequences(before: CoupState, after: CoupState) -> list[str]:
    names = before.names
    out = []
    for i, name in enumerate(names):
        if after.exiled[i] and not before.exiled[i]:
            out.append(f"{name} выбывает из игры (ссылка), монеты возвращаются в казну")
            continue
        delta = after.coins[i] - before.coins[i]
        if delta:
            sign = "+" if delta > 0 else "−"
            out.append(f"{name} {sign}{abs(delta)} ({_coins(after.coins[i])})")
    alive = _alive(after)
    if len(alive) == 1:
        out.append(f"{names[alive[0]]} побеждает!")
    elif after.turn != before.turn:
        out.append(f"ход переходит: {names[after.current]}")
    return out


def _headline(state: CoupState, event: Event) -> str:
    names, d, p = state.names, event.data, state.pending
    kind = event.type
    if kind == "coup.declare":
        info = ACTIONS[d["action"]]
        text = f"{names[d['player']]}: {info.name}"
        if info.targeted:
            text += f" против {names[d['target']]}"
        if info.claim:
            text += f" (покровитель: {CHARACTER_NAMES[info.claim]})"
        return text
    assert p is not None
    if kind == "coup.challenge":
        character = _claimed(state)
        return (
            f"{names[d['challenger']]} оспаривает: "
            f"{names[_claimant(state)]} — {CHARACTER_NAMES[character]}?"
        )
    if kind == "coup.no_challenge":
        if p["stage"] == "challenge":
            return "Никто не оспаривает действие"
        return "Никто не оспаривает запрет: действие не выполняется"
    if kind == "coup.challenge_result":
        who, character = _claimant(state), _ACCUSATIVE[_claimed(state)]
        if d["proven"]:
            return (
                f"{names[who]} показывает {character}: карта уходит в колоду двора, "
                "взамен берётся новая"
            )
        return f"{names[who]} не показывает {character}: заявление не подтвердилось"
    if kind == "coup.block":
        return f"{names[d['blocker']]}: запрет (покровитель: {CHARACTER_NAMES[d['character']]})"
    if kind == "coup.no_block":
        return "Никто не запрещает"
    if kind == "coup.lose_influence":
        return f"{names[d['player']]} раскрывает карту «{CHARACTER_NAMES[d['character']]}»"
    return f"{names[p['actor']]}: обмен завершён"


# -- the definition ------------------------------------------------------------------------------
class CoupDefinition(GameDefinition[CoupState]):
    """Переворот (see the module docstring). Options: ``{"two_player_draft": bool}`` — the
    optional draft of «Игра вдвоём» (court deck of 3 cards; only with 2 players)."""

    id = "coup"
    title = "Переворот"
    min_players = 2
    max_players = 6
    phases = ("Действие", "Оспаривание", "Запрет действия", "Потеря покровителя", "Обмен")

    def default_options(self) -> dict[str, Any]:
        return {"two_player_draft": False}

    def validate_setup(self, setup: Setup) -> None:
        """«Подготовка к игре», «Игра вдвоём». :raises SetupError: bad players or options."""
        super().validate_setup(setup)
        draft = setup.options.get("two_player_draft", False)
        if not isinstance(draft, bool):
            raise SetupError("Вариант «Игра вдвоём» включается флажком: да или нет.")
        if draft and len(setup.players) != 2:
            raise SetupError("Набор карт из «Игры вдвоём» используется только вдвоём.")

    def initial_state(self, setup: Setup) -> CoupState:
        """Two influences and two coins each; in a two-player game the first player gets
        one coin («Игра вдвоём»); the rest of the 51 coins is the treasury; the court deck
        holds 15 − 2 × players cards (3 with the two-player draft)."""
        n = len(setup.players)
        coins = [2] * n
        if n == 2:
            coins[setup.first_player] = 1
        deck = 3 if setup.options.get("two_player_draft") else COPIES * len(CHARACTERS) - 2 * n
        return CoupState(
            names=setup.names,
            coins=coins,
            influence=[2] * n,
            revealed=[[] for _ in range(n)],
            exiled=[False] * n,
            treasury=TOTAL_COINS - sum(coins),
            court_deck=deck,
            current=setup.first_player,
        )

    def check(self, state: CoupState, event: Event) -> None:
        """Refuse an illegal event. :raises RuleViolation: naming the rule."""
        _check(state, event)

    def apply(self, state: CoupState, event: Event) -> None:
        """Apply an accepted event and run the automatic steps that follow it."""
        _apply(state, event)

    def outcome(self, state: CoupState) -> Outcome | None:
        """The last player with influence wins («Цель игры»)."""
        alive = _alive(state)
        if len(alive) != 1:
            return None
        name = state.names[alive[0]]
        return Outcome((alive[0],), f"{name} — единственный, у кого остались покровители.")

    def active_player(self, state: CoupState) -> int | None:
        """Whose decision is awaited: the only player who can act, else the turn's player."""
        if awaiting(state) == "over":
            return None
        who = waiting_for(state)
        if len(who) == 1:
            return who[0]
        return state.current

    def turn_number(self, state: CoupState) -> int:
        return state.turn

    def current_phase(self, state: CoupState) -> str | None:
        step = awaiting(state)
        return {
            "action": "Действие",
            "challenge": "Оспаривание",
            "challenge_result": "Оспаривание",
            "block": "Запрет действия",
            "block_challenge": "Оспаривание",
            "block_challenge_result": "Оспаривание",
            "lose_influence": "Потеря покровителя",
            "exchange": "Обмен",
        }.get(step)

    def scores(self, state: CoupState) -> dict[int, float]:
        """Influences left per player."""
        return {i: float(k) for i, k in enumerate(state.influence)}

    def describe(self, state: CoupState, event: Event, setup: Setup) -> str:
        """A Russian log line, e.g. «Аня: доход +1 (3 монеты); ход переходит: Борис»."""
        after = copy.deepcopy(state)
        _apply(after, event)
        head = _headline(state, event)
        tail = _consequences(state, after)
        if event.type == "coup.declare" and not ACTIONS[event.data["action"]].targeted:
            actor = state.names[event.data["player"]] + " "
            if tail and tail[0].startswith(actor):
                head += " " + tail.pop(0)[len(actor) :]
        return "; ".join([head, *tail])

    def preview(self, state: CoupState, kind: str, data: dict[str, Any] | None = None) -> str:
        """What the event would do, as its log line, before it is pushed.

        :raises RuleViolation: if the event is illegal now.
        """
        event = Event(0, kind, dict(data or {}), 0.0)
        _check(state, event)
        return self.describe(state, event, Setup(self.id, ()))


#: The module-level singleton registered in :data:`companion.engine.GAMES`.
COUP = CoupDefinition()
