"""Переворот: constants, the public state of a game, and who the game waits for.

Headings: «Состав игры», «Действия», «Запрет действия», «Ход игры».
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict, TypeGuard, TypeVar

from companion.errors import RuleViolation

T = TypeVar("T")

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
#: Characters whose Russian name is feminine: the words that agree with a character
#: («Герцог показан», «Графиня показана») read the gender here.
FEMININE: frozenset[str] = frozenset({"contessa"})
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


class Loss(TypedDict):
    """A player who must reveal a card, and why: ``"challenge"`` (lost a challenge),
    ``"bluff"`` (was caught), ``"coup"`` or ``"assassinate"`` (the action's target)."""

    player: int
    reason: str


class Pending(TypedDict):
    """The action under way (:attr:`CoupState.pending`): who declared what against whom,
    the coins paid up front, the ``stage`` (the module's steps; ``"resolve"`` and ``"end"``
    are internal), who challenged, blocked (with which character) or challenged the block,
    the losses still to reveal (first one next) and the ``result`` (``None``, ``"failed"``,
    ``"blocked"`` or ``"done"``)."""

    actor: int
    action: str
    target: int | None
    paid: int
    stage: str
    challenger: int | None
    blocker: int | None
    block_character: str | None
    block_challenger: int | None
    losses: list[Loss]
    result: str | None


def known(value: T | None) -> T:
    """A :class:`Pending` field the current step has set (the action's target while it
    resolves, the challenger once challenged): an assertion of the flow's invariant."""
    assert value is not None
    return value


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
    :param pending: the action under way (:class:`Pending`), ``None`` between turns.
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
    pending: Pending | None = None


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


def _is_index(value: Any, n: int) -> TypeGuard[int]:
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
    return known(p["blocker"]) if on_block else p["actor"]


def _claimed(state: CoupState) -> str:
    p = state.pending
    assert p is not None
    if p["stage"] in ("block_challenge", "block_challenge_result"):
        return str(p["block_character"])
    return str(ACTIONS[p["action"]].claim)


def claimed(state: CoupState) -> str:
    """The character the pending challenge is about: the block's while a block is challenged,
    else the action's claim («Оспаривание»)."""
    return _claimed(state)


def shown_answer(character: str, proven: bool) -> str:
    """The answer to «Герцог показан?» agreeing with the character's gender: «Показан» /
    «Не показан», for the Contessa «Показана» / «Не показана» (``proven``: the card shown)."""
    word = "Показана" if character in FEMININE else "Показан"
    return word if proven else f"Не {word.lower()}"


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
