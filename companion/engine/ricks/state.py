"""«Рик и Морти»: the game state (players, cards on the table, the charge phase) and the pure
questions asked of it (turn order, who is present, what may be activated, ranking)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeGuard

from companion.engine.ricks.constants import (
    _TARGETS,
    BUILD_TOKENS,
    KRO,
    PHASE_CHARGE,
    PHASE_ROUND,
    RICK_UNIVERSE,
    START_HAND,
    TRACK_LENGTH,
    UNIVERSES,
)
from companion.errors import SetupError


def vp_target(players: int) -> int:
    """VP that end the game for 2/3/4 players: 50/40/30 («Цель игры»).

    :raises SetupError: for any other number of players.
    """
    try:
        return _TARGETS[players]
    except KeyError:
        raise SetupError("В «Рик и Морти» играют от 2 до 4 игроков.") from None


def track_position(vp: int) -> tuple[int, int]:
    """Where the physical VP token stands: ``(laps of 30 done, square 0..29)``.

    The app always shows the true total; this helps the table check its track.
    """
    return divmod(vp, TRACK_LENGTH)


def adjacent(a: str, b: str) -> bool:
    """Are two universes neighbours (one level apart)? («Перемещение»)"""
    return abs(UNIVERSES.index(a) - UNIVERSES.index(b)) == 1


def _below(universe: str) -> str | None:
    i = UNIVERSES.index(universe)
    return UNIVERSES[i + 1] if i + 1 < len(UNIVERSES) else None


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class Card:
    """A source, invention or ability card on the table.

    :param kind: ``"source"`` | ``"invention"`` | ``"ability"``.
    :param owner: the player who played it (controls an invention; only they may build it).
    :param universe: where it lies; ``None`` for an ability (attached to the character).
    :param build_cost: build tokens (actions) needed to finish it.
    :param placed: tokens counted so far (physical and, when finishing, imaginary ones).
    :param on_card: physical tokens lying on it (the control token of a built invention).
    :param production: energy a built source adds in step А.
    :param cost: energy to activate (invention, ability).
    :param vp: VP an invention's activation scores.
    :param turned: activated in Кроховселенная and turned 180° («Кроховселенная»).
    """

    id: int
    kind: str
    owner: int
    universe: str | None
    build_cost: int
    placed: int = 0
    on_card: int = 0
    production: int = 0
    cost: int = 0
    vp: int = 0
    name: str = ""
    turned: bool = False

    @property
    def built(self) -> bool:
        """Fully built: as many tokens as its build cost."""
        return self.placed >= self.build_cost

    def label(self) -> str:
        """Its name, or a description from its kind and numbers (Russian)."""
        if self.name:
            return f"«{self.name}»"
        if self.kind == "source":
            return f"источник +{self.production} №{self.id}"
        if self.kind == "invention":
            return f"изобретение {self.cost}⚡/{self.vp} ПО №{self.id}"
        return f"способность №{self.id}"


@dataclass
class PlayerState:
    """One player: VP (true total), universe, build tokens in supply, hand, actions left."""

    character: str
    vp: int = 0
    universe: str = KRO
    tokens: int = BUILD_TOKENS
    hand: int = START_HAND
    actions: int = 0


@dataclass
class Charge:
    """Where the charge phase stands.

    :param universe: the universe being charged.
    :param step: ``"А"``, ``"Б"`` or ``"В"``.
    :param player: whose turn it is in step Б/В (``None`` in step А).
    :param energy: the shared energy available now (never negative).
    :param done: players who finished the current step in this universe.
    :param oneshots: players who played a one-shot in this universe's step Б.
    :param activated: invention ids activated in this charge phase.
    :param abilities_used: ability card ids used this round.
    :param unturn: Кроховселенная inventions turned at the start of the phase (they straighten
        when its step В ends).
    :param ledger: per universe charged so far ``{"universe", "in", "production", "gained",
        "spent", "out"}`` (``out`` is ``None`` until the universe is left); always
        ``out == in + production + gained - spent``.
    """

    universe: str = KRO
    step: str = "А"
    player: int | None = None
    energy: int = 0
    done: list[int] = field(default_factory=list)
    oneshots: list[int] = field(default_factory=list)
    activated: list[int] = field(default_factory=list)
    abilities_used: list[int] = field(default_factory=list)
    unturn: list[int] = field(default_factory=list)
    ledger: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class RicksState:
    """The whole game.

    :param phase: :data:`PHASE_ROUND`, :data:`PHASE_ACTIONS` or :data:`PHASE_CHARGE`.
    :param round: 1-based round number.
    :param first: holder of the first-player token this round.
    :param active: whose action turn it is (action phase only).
    :param turn: a counter bumped whenever someone else (or a new step) takes over.
    :param final: someone reached the target this round: it is the last one («Конец игры»).
    :param over: the last round is finished.
    :param rounds: per finished round ``{"round", "ledger", "burned"}``.
    """

    players: list[PlayerState]
    target: int
    actions_by_universe: dict[str, int]
    abilities: bool
    first: int
    phase: str = PHASE_ROUND
    round: int = 1
    active: int | None = None
    turn: int = 1
    cards: list[Card] = field(default_factory=list)
    next_id: int = 1
    charge: Charge | None = None
    final: bool = False
    over: bool = False
    rounds: list[dict[str, Any]] = field(default_factory=list)

    def target_reached(self) -> bool:
        """Someone has the VP that end the game: this round is the last («Конец игры»)."""
        return any(p.vp >= self.target for p in self.players)

    def card(self, card_id: Any) -> Card | None:
        """The card with this id on the table, or ``None``."""
        for c in self.cards:
            if c.id == card_id:
                return c
        return None


@dataclass(frozen=True)
class Offer:
    """An invention a player may activate in step В: id, label, energy cost, VP reward,
    whether it is partially built (Риковселенная) and whether the energy suffices now."""

    card: int
    label: str
    cost: int
    reward: int
    partial: bool
    affordable: bool


def turn_order(state: RicksState) -> list[int]:
    """Seats from the first player clockwise («Ход игры»)."""
    n = len(state.players)
    return [(state.first + k) % n for k in range(n)]


def present_players(state: RicksState, universe: str) -> list[int]:
    """Players whose character is in ``universe``, in turn order (step Б)."""
    return [p for p in turn_order(state) if state.players[p].universe == universe]


def _eligible(state: RicksState, card: Card, universe: str) -> bool:
    ch = state.charge
    return (
        card.kind == "invention"
        and card.universe == universe
        and not card.turned
        and (ch is None or card.id not in ch.activated)
        and (card.built or (universe == RICK_UNIVERSE and card.placed > 0))
    )


def _reward(card: Card) -> int:
    return card.vp if card.built else max(0, card.vp - 1)


def offers(state: RicksState, player: int | None = None) -> list[Offer]:
    """Inventions ``player`` (default: the current one) may still activate in the universe
    being charged, with cost and reward; ``affordable`` says if the energy suffices now.

    Built inventions, not yet activated this phase, not turned; in Риковселенная partially
    built ones too, for 1 VP less («Шаг В», «Риковселенная»). Empty outside the charge phase.
    """
    ch = state.charge
    if ch is None:
        return []
    player = ch.player if player is None else player
    if player is None:
        return []
    return [
        Offer(c.id, c.label(), c.cost, _reward(c), not c.built, c.cost <= ch.energy)
        for c in state.cards
        if c.owner == player and _eligible(state, c, ch.universe)
    ]


def charge_position(state: RicksState) -> tuple[int, str, str, int | None] | None:
    """``(round, universe, step, player)`` during the charge phase, else ``None``."""
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None:
        return None
    return (state.round, ch.universe, ch.step, ch.player)


def ranking(state: RicksState) -> list[int]:
    """Players best first: most VP, then most unused build tokens, then most cards in hand
    («Конец игры»)."""
    return sorted(
        range(len(state.players)),
        key=lambda p: (-state.players[p].vp, -state.players[p].tokens, -state.players[p].hand, p),
    )


def _key(state: RicksState, p: int) -> tuple[int, int, int]:
    pl = state.players[p]
    return (pl.vp, pl.tokens, pl.hand)
