"""Переворот: applying an accepted event and the automatic steps after it («Ход игры»)."""

from __future__ import annotations

import copy

from companion.engine.core import Event
from companion.engine.coup.state import (
    _GAIN,
    _STEAL,
    ACTIONS,
    CoupState,
    Pending,
    _alive,
    _challengers,
    awaiting,
    block_options,
    known,
)


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
        target = known(target)
        taken = min(_STEAL, state.coins[target])
        state.coins[target] -= taken
        state.coins[actor] += taken
    elif action in ("coup", "assassinate"):
        p["losses"].append({"player": known(target), "reason": action})
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


def _apply_result(state: CoupState, p: Pending, proven: bool) -> None:
    if p["stage"] == "challenge_result":
        if proven:  # the card goes back to the court deck and a new one is drawn
            p["losses"].append({"player": known(p["challenger"]), "reason": "challenge"})
            p["stage"] = "block"
        else:
            p["losses"].append({"player": p["actor"], "reason": "bluff"})
            state.coins[p["actor"]] += p["paid"]
            state.treasury -= p["paid"]
            p["stage"], p["result"] = "end", "failed"
    elif proven:
        p["losses"].append({"player": known(p["block_challenger"]), "reason": "challenge"})
        p["stage"], p["result"] = "end", "blocked"
    else:
        p["losses"].append({"player": known(p["blocker"]), "reason": "bluff"})
        p["stage"] = "resolve"


def loses_both(state: CoupState) -> bool:
    """Whether the player revealing a card now will have to reveal their other card right
    after (two losses in one turn, «Опасность заказного убийства»: the assassination's target
    loses a challenge of its Contessa block, then the kill). The step then reads apart from
    the second one, so a double tap on a card cannot reveal the second card unchosen. Found
    by playing the flow on a copy: the rules that queue the second loss stay in one place."""
    if awaiting(state) != "lose_influence" or state.pending is None:
        return False
    who = state.pending["losses"][0]["player"]
    if state.influence[who] < 2:
        return False
    after = copy.deepcopy(state)
    assert after.pending is not None
    after.pending["losses"].pop(0)
    after.influence[who] -= 1
    _advance(after)
    return (
        awaiting(after) == "lose_influence"
        and after.pending is not None
        and after.pending["losses"][0]["player"] == who
    )
