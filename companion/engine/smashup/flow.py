"""Замес: applying an accepted event, and the end of a turn («Вот как это делается»)."""

from __future__ import annotations

from companion.engine.core import Event
from companion.engine.smashup.scoring import final_scores, find_winner, ready_bases, score_preview
from companion.engine.smashup.state import (
    CHECK,
    END,
    FREE_PLAYS,
    MAX_VP,
    PLAY,
    START,
    WIN_AFTER_SCORING,
    SmashUpState,
    _new_base,
)


def apply(state: SmashUpState, event: Event) -> None:
    """Apply an accepted event to ``state`` in place (never raises)."""
    d = event.data
    t = event.type
    n = state.players
    if t == "faction.pick":
        state.factions[d["player"]].append(d["faction"].strip())
    elif t == "base.add":
        state.bases.append(_new_base(d["base_card"], n))
    elif t == "base.replace":
        old = state.bases[d["base"]]
        new = _new_base(d["base_card"], n)
        if d.get("keep_minions", False):
            new.power, new.minions = list(old.power), list(old.minions)
        state.bases[d["base"]] = new
    elif t == "game.start":
        state.started = True
        state.phase = START
    elif t in ("base.set", "base.adjust"):
        base = state.bases[d["base"]]
        p = d["player"]
        if "power" in d:
            base.power[p] = base.power[p] + d["power"] if t == "base.adjust" else d["power"]
        if "minions" in d:
            base.minions[p] = base.minions[p] + d["minions"] if t == "base.adjust" else d["minions"]
    elif t == "breakpoint.modify":
        base = state.bases[d["base"]]
        if d.get("until", "turn") == "turn":
            base.mod_turn += d["delta"]
        else:
            base.mod_base += d["delta"]
    elif t == "base.select":
        state.selected = d["base"]
    elif t == "base.score":
        i = d["base"]
        for p, v in score_preview(state, i).items():
            state.vp[p] = min(MAX_VP, state.vp[p] + v)
        state.selected = None
        card = d.get("base_card")
        if card is not None:
            state.bases[i] = _new_base(card, n)
        else:
            del state.bases[i]
        state.deck_empty = card is None
    elif t == "play.record":
        state.used[d["kind"]] += 1
        if d.get("extra", False):
            state.extra_used[d["kind"]] += 1
    elif t == "play.minion":
        state.bases[d["base"]].minions[state.active] += 1
        state.bases[d["base"]].power[state.active] += d.get("power", 0)
        state.used["minion"] += 1
        if d.get("extra", False):
            state.extra_used["minion"] += 1
    elif t == "play.grant":
        state.extra[d["kind"]] += d.get("count", 1)
    elif t == "phase.next":
        advance(state)
    elif t == "phase.pass":
        pass_phases(state)
    elif t == "vp.adjust":
        state.vp[d["player"]] += d["delta"]
    elif t == "madness.adjust":
        state.madness[d["player"]] += d["delta"]


def advance(state: SmashUpState) -> None:
    """``phase.next``: the next phase, or the end of the turn (the game-end check, then the
    turn passes to the left).

    The 15-VP check («Игра окончена») runs at the end of the turn; with the
    :data:`WIN_AFTER_SCORING` option («Мимими», «3. Проверь базы») also when «Проверь базы»
    ends, i.e. once the ready bases are scored.

    Extra plays not made in the phase they were granted in are gone: outside «Играй карты»
    they are played at once or not at all, and after it nothing is left («Всё остальное»).
    """
    if state.phase == CHECK and state.win_check == WIN_AFTER_SCORING and _finish(state):
        state.won_after_scoring = True
        return
    if state.phase < END:
        forfeit_extras(state)
        state.phase += 1
        return
    # End of the turn: the game-end check («Игра окончена»), then pass to the left.
    if _finish(state):
        return
    for base in state.bases:
        base.mod_turn = 0
    state.used = {k: 0 for k in FREE_PLAYS}
    state.extra = {k: 0 for k in FREE_PLAYS}
    state.extra_used = {k: 0 for k in FREE_PLAYS}
    state.active = (state.active + 1) % state.players
    state.turn += 1
    state.phase = START


def stops_passage(state: SmashUpState, turn: int) -> bool:
    """Does ``phase.pass`` (begun in turn ``turn``) stop in the phase ``state`` is now in?

    It stops where the table must act («Вот как это делается»): the game is over («Игра
    окончена»), «Проверь базы» with a base to score («Большой куш»), a phase the table asked
    to be reminded of (``state.remind``), and otherwise the next player's «Играй карты».
    """
    if state.winner is not None or state.phase in state.remind:
        return True
    if state.phase == CHECK:
        return state.selected is not None or bool(ready_bases(state))
    return state.phase == PLAY and state.turn != turn


def pass_phases(state: SmashUpState) -> list[int]:
    """``phase.pass``: :func:`advance` until :func:`stops_passage` says to stop.

    :returns: the phase entered by each step, in order (for the journal line); a step that
        ended the game leaves the phase as it was.
    """
    turn, entered = state.turn, []
    while True:
        advance(state)
        entered.append(state.phase)
        if stops_passage(state, turn):
            return entered


def _finish(state: SmashUpState) -> bool:
    """The game-end check: a single leader with 15+ VP wins (``True``); else play on."""
    winner = find_winner(state.vp, state.madness, state.madness_on)
    if winner is None:
        return False
    state.winner = winner
    state.final = final_scores(state.vp, state.madness, state.madness_on)
    return True


def forfeit_extras(state: SmashUpState) -> None:
    """Drop the granted extra plays not made yet (the phase is over, «Всё остальное»).

    Grants that unmarked plays in «Играй карты» used up (plays beyond the free one) stay
    counted, so :func:`~.scoring.plays_left` keeps its meaning.
    """
    for k, free in FREE_PLAYS.items():
        beyond_free = max(0, state.used[k] - state.extra_used[k] - free)
        state.extra[k] = min(state.extra[k], state.extra_used[k] + beyond_free)
