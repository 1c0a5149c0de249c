"""«Рик и Морти»: applying accepted events of the round start, the action phase and card
effects (never raises: the event was checked before)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.ricks.charge import start_charge
from companion.engine.ricks.constants import KRO, MINI, PHASE_ACTIONS
from companion.engine.ricks.state import Card, PlayerState, RicksState, _below

#: A check or an apply step: ``(state, event data) -> None``.
Handler = Callable[[RicksState, Any], None]


def _apply_round_draw(state: RicksState, data: Any) -> None:
    for p in state.players:
        p.hand += 1
    state.phase = PHASE_ACTIONS
    _start_turn(state, state.first)


def _start_turn(state: RicksState, player: int) -> None:
    state.active = player
    p = state.players[player]
    p.actions = state.actions_by_universe[p.universe]
    state.turn += 1


def _apply_card_play(state: RicksState, data: Any) -> None:
    p = state.players[state.active]  # type: ignore[index]
    kind = data["kind"]
    down = bool(data.get("down", False)) and kind == "source"
    universe = None if kind == "ability" else (_below(p.universe) if down else p.universe)
    card = Card(
        id=state.next_id,
        kind=kind,
        owner=state.active,  # type: ignore[arg-type]
        universe=universe,
        build_cost=data["build_cost"],
        production=data["production"] if kind == "source" else 0,
        cost=data["cost"] if kind != "source" else 0,
        vp=data["vp"] if kind == "invention" else 0,
        name=str(data.get("name", "")).strip(),
    )
    state.next_id += 1
    state.cards.append(card)
    p.hand -= 1
    if kind == "invention" and p.universe == MINI:
        p.hand -= 1
    _place(p, card, card.build_cost if down or data.get("finish", False) else 1)


def _place(p: PlayerState, card: Card, n: int) -> None:
    physical = min(n, p.tokens)
    p.actions -= n
    p.tokens -= physical
    card.on_card += physical
    card.placed += n
    if card.built:
        keep = 1 if card.kind == "invention" else 0
        p.tokens += card.on_card - keep
        card.on_card = keep


def _apply_card_build(state: RicksState, data: Any) -> None:
    card = state.card(data["card"])
    assert card is not None
    _place(state.players[state.active], card, data["tokens"])  # type: ignore[index]


def _apply_player_move(state: RicksState, data: Any) -> None:
    p = state.players[state.active]  # type: ignore[index]
    if not data.get("ability"):
        p.actions -= 1
    p.universe = data["to"]


def _apply_card_swap(state: RicksState, data: Any) -> None:
    state.players[state.active].actions -= 1  # type: ignore[index]


def _apply_action_discard(state: RicksState, data: Any) -> None:
    p = state.players[state.active]  # type: ignore[index]
    p.hand -= 1
    p.actions += 1


def _apply_actions_add(state: RicksState, data: Any) -> None:
    state.players[state.active].actions += data["delta"]  # type: ignore[index]


def _apply_turn_end(state: RicksState, data: Any) -> None:
    assert state.active is not None
    state.players[state.active].actions = 0
    nxt = (state.active + 1) % len(state.players)
    if nxt != state.first:
        _start_turn(state, nxt)
        return
    start_charge(state)


def _apply_vp_add(state: RicksState, data: Any) -> None:
    state.players[data["player"]].vp += data["delta"]


def _apply_hand_add(state: RicksState, data: Any) -> None:
    state.players[data["player"]].hand += data["delta"]


def _apply_player_place(state: RicksState, data: Any) -> None:
    state.players[data["player"]].universe = data["to"]


def _apply_card_move(state: RicksState, data: Any) -> None:
    card = state.card(data["card"])
    assert card is not None
    card.universe = data["to"]
    card.turned = card.turned and card.universe == KRO


def _apply_card_remove(state: RicksState, data: Any) -> None:
    card = state.card(data["card"])
    assert card is not None
    owner = state.players[card.owner]
    owner.tokens += card.on_card
    if data.get("to_hand"):
        owner.hand += 1
    state.cards.remove(card)


def _apply_card_turn(state: RicksState, data: Any) -> None:
    card = state.card(data["card"])
    assert card is not None
    card.turned = data["turned"]


#: Event type → how it changes the state (round start, action phase, card effects).
APPLIES: dict[str, Handler] = {
    "round.draw": _apply_round_draw,
    "card.play": _apply_card_play,
    "card.build": _apply_card_build,
    "player.move": _apply_player_move,
    "card.swap": _apply_card_swap,
    "action.discard": _apply_action_discard,
    "actions.add": _apply_actions_add,
    "turn.end": _apply_turn_end,
    "vp.add": _apply_vp_add,
    "hand.add": _apply_hand_add,
    "player.place": _apply_player_place,
    "card.move": _apply_card_move,
    "card.remove": _apply_card_remove,
    "card.turn": _apply_card_turn,
}
