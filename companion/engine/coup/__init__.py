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

The shapes below are data too (:mod:`.events`: one ``TypedDict`` per event type), checked at
the engine's door before the rules run (:mod:`companion.engine.shapes`).

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

The package, by concern: :mod:`.state` (constants, state, who is awaited), :mod:`.checks`
(refusals and legal moves), :mod:`.flow` (applying events), :mod:`.texts` (what is shown),
:mod:`.definition` (the definition).

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

from companion.engine.coup.checks import legal_declarations, legal_events, refusal
from companion.engine.coup.definition import COUP, CoupDefinition
from companion.engine.coup.flow import loses_both
from companion.engine.coup.state import (
    ACTIONS,
    CHARACTER_NAMES,
    CHARACTERS,
    COPIES,
    FEMININE,
    MUST_COUP,
    TOTAL_COINS,
    ActionInfo,
    CoupState,
    awaiting,
    block_options,
    claimed,
    shown_answer,
    unseen,
    waiting_for,
)
from companion.engine.coup.texts import expected_outcome, explain, if_nobody, projected

__all__ = [
    "ACTIONS",
    "CHARACTERS",
    "CHARACTER_NAMES",
    "COPIES",
    "COUP",
    "ActionInfo",
    "CoupDefinition",
    "CoupState",
    "FEMININE",
    "MUST_COUP",
    "TOTAL_COINS",
    "awaiting",
    "block_options",
    "claimed",
    "expected_outcome",
    "if_nobody",
    "explain",
    "legal_declarations",
    "legal_events",
    "loses_both",
    "projected",
    "refusal",
    "shown_answer",
    "unseen",
    "waiting_for",
]
