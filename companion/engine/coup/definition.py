"""Переворот: the game definition that ties state, checks, flow and texts together."""

from __future__ import annotations

import copy
from typing import Any

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.engine.coup.checks import _check
from companion.engine.coup.events import EVENTS
from companion.engine.coup.flow import _apply, loses_both
from companion.engine.coup.state import (
    ACTIONS,
    CHARACTERS,
    COPIES,
    TOTAL_COINS,
    CoupState,
    _alive,
    awaiting,
    waiting_for,
)
from companion.engine.coup.texts import _consequences, _headline
from companion.errors import SetupError
from companion.words import inflect


# -- the definition ------------------------------------------------------------------------------
class CoupDefinition(GameDefinition[CoupState]):
    """Переворот (see the module docstring). Options: ``{"two_player_draft": bool}`` — the
    optional draft of «Игра вдвоём» (court deck of 3 cards; only with 2 players)."""

    id = "coup"
    events = EVENTS
    title = "Переворот"
    score_label = "покровители"
    answers_within_turns = True  # a challenge or a block is part of the turn it answers
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

    def first_player_again(self, setup: Setup, outcome: Outcome) -> int | None:
        """«Подготовка к игре»: the one who last won a board game goes first, so the winner
        of the game just played starts the next one."""
        return outcome.winners[0] if len(outcome.winners) == 1 else None

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
        # no gendered word («единственный» was wrong for Вера): the name after «у», genitive
        return Outcome((alive[0],), f"Покровители остались только у {inflect(name, 'gent')}.")

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

    def phase_label(self, state: CoupState) -> str | None:
        """:meth:`current_phase`, and «: обе карты» while a player is to reveal both cards
        (:func:`loses_both`; the step changes between the two reveals)."""
        phase = self.current_phase(state)
        return f"{phase}: обе карты" if phase and loses_both(state) else phase

    def scores(self, state: CoupState) -> dict[int, float]:
        """Influences left per player."""
        return {i: float(k) for i, k in enumerate(state.influence)}

    def describe(self, state: CoupState, event: Event, setup: Setup) -> str:
        """A Russian log line, e.g. «Аня: доход +1 (3 монеты); ход переходит: Борис»."""
        after = copy.deepcopy(state)
        _apply(after, event)
        return self.describe_change(state, after, event, setup)

    def describe_change(
        self, state: CoupState, after: CoupState, event: Event, setup: Setup
    ) -> str:
        """:meth:`describe` from the states before and after ``event`` (no copy)."""
        head = _headline(state, event)
        tail = _consequences(state, after)
        if event.type == "coup.declare" and not ACTIONS[event.data["action"]].targeted:
            actor = state.names[event.data["player"]] + " "
            if tail and tail[0].startswith(actor):
                head += " " + tail.pop(0)[len(actor) :]
        return "; ".join([head, *tail])

    def action_parties(self, event: Event) -> tuple[int, ...] | None:
        """A declaration opens an action: its player and its target (if any)."""
        if event.type != "coup.declare":
            return None
        d = event.data
        return tuple(
            v
            for v in (d.get("player"), d.get("target"))
            if isinstance(v, int) and not isinstance(v, bool)
        )

    def answers_action(self, event: Event) -> bool:
        """Every other Coup event (a challenge, its result, a block, «Никто», a lost
        influence, the end of an exchange) belongs to the action declared last («Ход игры»)."""
        return event.type.startswith("coup.") and event.type != "coup.declare"

    def journal_kind(self, event_type: str) -> str:
        """Coup's events by what they are, following «Ход игры»: the declared actions
        (``"coup"``), the challenges of a claim or a block with their answers
        (``"challenge"``, «Оспаривание»), the blocks (``"block"``, «Запрет действия»), the
        influences lost (``"influence"``, «Покровители») and the ends of exchanges
        (``"exchange"``, «Посол: обмен»); other events (the clock's) by their prefix."""
        return _JOURNAL_KINDS.get(event_type) or super().journal_kind(event_type)

    def preview(self, state: CoupState, kind: str, data: dict[str, Any] | None = None) -> str:
        """What the event would do, as its log line, before it is pushed.

        :raises RuleViolation: if the event is illegal now.
        """
        event = Event(0, kind, dict(data or {}), 0.0)
        _check(state, event)
        return self.describe(state, event, Setup(self.id, ()))


#: The journal's kind of each Coup event (:meth:`CoupDefinition.journal_kind`).
_JOURNAL_KINDS = {
    "coup.declare": "coup",
    "coup.challenge": "challenge",
    "coup.no_challenge": "challenge",
    "coup.challenge_result": "challenge",
    "coup.block": "block",
    "coup.no_block": "block",
    "coup.lose_influence": "influence",
    "coup.exchange_done": "exchange",
}

#: The module-level singleton registered in :data:`companion.engine.GAMES`.
COUP = CoupDefinition()
