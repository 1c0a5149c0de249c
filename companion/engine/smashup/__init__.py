"""Замес (Smash Up): bases with live power, tie-aware scoring, turn phases, the 15-VP finish.

Two rule editions (``options["edition"]``):

- ``"bbrr"`` — «Мишки, бабки, рок-н-ролл» (source ``smashup-bbrr``, the default);
- ``"mimimi"`` — «Мимими» (source ``smashup-mimimi``).

They differ here only in the phase names and in who may score a base (see
:func:`is_eligible`). The cards stay on the table: the app keeps, per base and player, the
total power and the number of minions, the VP track, the plays left this turn and the phase.

Setup options (``Setup.options``, all JSON):

- ``edition``: ``"bbrr"`` | ``"mimimi"``;
- ``factions``: one list per seat of 0–2 faction names (typed freely; :data:`FACTIONS` are
  offered); missing ones are picked with ``faction.pick`` before the game starts;
- ``draft``: bool — «Договоримся как взрослые»: picks follow :func:`draft_order`;
- ``madness``: bool — Cthulhu madness cards are counted (see :func:`final_scores`);
- ``bases``: optional list of base dicts laid out at the start (see below).

A *base dict* is ``{"name": str, "breakpoint": int, "vp": [int, int, int]}`` (an optional
``"set": str`` naming the box is kept for the catalogue).

The game opens in «Подготовка к игре» (factions, bases, the one-time mulligan reminder);
``game.start`` begins the first turn.

Events (``data`` shapes; ``base`` is an index into ``state.bases``, ``player`` a seat index):

- ``faction.pick``: ``{"player": int, "faction": str}`` — setup only; in draft order if the
  draft option is on.
- ``base.add``: ``{"base_card": base dict}`` — lay out a base (setup, or a card adds one).
- ``base.replace``: ``{"base": int, "base_card": base dict, "keep_minions": bool}`` — a card
  swaps a base; unless ``keep_minions`` the power and minions there leave with it.
- ``game.start``: ``{}`` — end of «Подготовка к игре»: two factions each, players + 1 bases.
- ``base.set``: ``{"base": int, "player": int, "power": int?, "minions": int?}`` — set a
  player's total power and/or minion count on a base (at least one of the two).
- ``base.adjust``: ``{"base": int, "player": int, "power": int?, "minions": int?}`` — the same
  as deltas (non-zero, at least one).
- ``breakpoint.modify``: ``{"base": int, "delta": int, "until": "turn" | "base"}`` — a card
  changes the breakpoint until the end of the turn, or for as long as the base stays.
- ``base.select``: ``{"base": int}`` — the active player picks the ready base to score next;
  it is then scored even if its power drops below the breakpoint («Большой куш»).
- ``base.score``: ``{"base": int, "base_card": base dict | None}`` — score the base
  (see :func:`score_base`); the new base takes its place, or with ``None`` the slot is
  emptied and a later ``base.add`` lays the new one out.
- ``play.record``: ``{"kind": "minion" | "action"}`` — one card played this turn.
- ``play.grant``: ``{"kind": "minion" | "action", "count": int}`` — a card grants extra plays.
- ``phase.next``: ``{}`` — the next phase; after the last one the turn passes to the left
  and the game-end check («Игра окончена») runs.
- ``vp.adjust``: ``{"player": int, "delta": int}`` — a card gives or takes VP (never below 0).
- ``madness.adjust``: ``{"player": int, "delta": int}`` — madness cards gained or returned
  (only with the madness option; never below 0).

The package, by concern: :mod:`.state` (constants, state, base cards), :mod:`.scoring`
(the rules' arithmetic), :mod:`.checks` (refusals), :mod:`.flow` (applying events),
:mod:`.texts` (reminders and journal lines), :mod:`.definition` (the definition).

Example::

    >>> from companion.engine.core import Game
    >>> g = Game.new(SMASHUP, ["Аня", "Борис"], clock=lambda: 0.0,
    ...              options={"factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"]]})
    >>> for name in ("Древний храм", "Б", "В"):
    ...     _ = g.push("base.add", {"base_card": {"name": name, "breakpoint": 20, "vp": [4, 2, 1]}})
    >>> _ = g.push("game.start")
    >>> score_base([12, 8], [2, 1], [4, 2, 1], "bbrr")
    {0: 4, 1: 2}
"""

from __future__ import annotations

from companion.engine.smashup.checks import _base_card_error
from companion.engine.smashup.definition import SMASHUP, SmashUp
from companion.engine.smashup.scoring import (
    draft_order,
    effective_breakpoint,
    final_scores,
    find_winner,
    is_eligible,
    is_ready,
    next_drafter,
    offered_factions,
    plays_left,
    ready_bases,
    score_base,
    score_preview,
    total_power,
)
from companion.engine.smashup.state import (
    ALL_FACTIONS,
    CHECK,
    DEFAULT_EDITION,
    DRAW,
    EDITIONS,
    END,
    EVENT_TYPES,
    FACTIONS,
    HAND_LIMIT,
    PHASES,
    PLAY,
    SETUP_PHASE,
    START,
    WIN_VP,
    BaseState,
    SmashUpState,
)
from companion.engine.smashup.texts import reminder

__all__ = [
    "EDITIONS",
    "DEFAULT_EDITION",
    "FACTIONS",
    "ALL_FACTIONS",
    "PHASES",
    "START",
    "PLAY",
    "CHECK",
    "DRAW",
    "END",
    "SETUP_PHASE",
    "EVENT_TYPES",
    "WIN_VP",
    "HAND_LIMIT",
    "BaseState",
    "SmashUpState",
    "SmashUp",
    "SMASHUP",
    "draft_order",
    "next_drafter",
    "is_eligible",
    "score_base",
    "score_preview",
    "effective_breakpoint",
    "total_power",
    "is_ready",
    "ready_bases",
    "plays_left",
    "final_scores",
    "find_winner",
    "reminder",
    "offered_factions",
    "_base_card_error",
]
