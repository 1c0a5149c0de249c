"""Замес (Smash Up): bases with live power, tie-aware scoring, turn phases, the 15-VP finish.

Two rule editions (``options["edition"]``):

- ``"bbrr"`` — «Мишки, бабки, рок-н-ролл» (source ``smashup-bbrr``, the default);
- ``"mimimi"`` — «Мимими» (source ``smashup-mimimi``).

They differ here in the phase names, in who may score a base (see :func:`is_eligible`),
in an empty base deck («Разойтись по углам!»: «Мимими» plays on with fewer bases, the newer
rules reshuffle the base discard) and in the «Мимими» rulebook also asking for the 15-VP
check right after scoring (the ``win_check`` option). The cards stay on the table: the app
keeps, per base and player, the total power and the number of minions, the VP track, the
plays left this turn and the phase.

Setup options (``Setup.options``, all JSON):

- ``edition``: ``"bbrr"`` | ``"mimimi"``;
- ``factions``: one list per seat of 0–2 faction names (typed freely; :data:`FACTIONS` are
  offered); missing ones are picked with ``faction.pick`` before the game starts;
- ``draft``: bool — «Договоримся как взрослые»: picks follow :func:`draft_order`;
- ``madness``: bool — Cthulhu madness cards are counted (see :func:`final_scores`);
- ``bases``: optional list of base dicts laid out at the start (see below);
- ``win_check``: ``"end_of_turn"`` (default, both editions: «Игра окончена») or
  ``"after_scoring"`` («Мимими» only, «3. Проверь базы»: the check also runs when «Проверь
  базы» ends, i.e. right after the bases are scored; still also at the end of the turn).

A *base dict* is ``{"name": str, "breakpoint": int, "vp": [int, int, int]}`` (an optional
``"set": str`` naming the box is kept for the catalogue): a printed breakpoint of at least 1
and VP 1st ≥ 2nd ≥ 3rd ≥ 0 (see :func:`base_card_error`).

The game opens in «Подготовка к игре» (factions, bases, the one-time mulligan reminder);
``game.start`` begins the first turn.

The shapes below are data too (:mod:`.events`: one ``TypedDict`` per event type), checked at
the engine's door before the rules run (:mod:`companion.engine.shapes`).

Events (``data`` shapes; ``base`` is an index into ``state.bases``, ``player`` a seat index):

- ``faction.pick``: ``{"player": int, "faction": str}`` — setup only; in draft order if the
  draft option is on; a faction already in another player's deck is refused (one of each
  on the table).
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
- ``base.score``: ``{"base": int, "base_card": base dict}`` — score the base (see
  :func:`score_base`) and lay out its replacement in the same move («Разойтись по углам!»);
  or ``{"base": int, "base_card": None, "deck_empty": true}`` when the base deck is empty
  («Мимими» only: the slot is emptied and ``state.deck_empty`` set, the game goes on with
  fewer bases; the newer rules reshuffle the discard instead, so there it is refused).
  Without a replacement and without the flag it is refused.
- ``play.record``: ``{"kind": "minion" | "action", "extra": bool?}`` — one card played this
  turn. In «Играй карты» any play left; in any other phase only with ``"extra": true``, for
  an extra play a card granted (``play.grant``) and played at once («Всё остальное»,
  «Добавочные карты»); the log line says so. See :func:`plays_now`.
- ``play.minion``: ``{"base": int, "extra": bool?}`` — the active player plays a minion onto a
  base: one more minion of theirs there and a minion play recorded, as ``play.record`` (the
  same checks); its power is then set with ``base.adjust`` / ``base.set``.
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

from companion.engine.smashup.checks import _base_card_error, base_card_error
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
    plays_now,
    ready_bases,
    score_base,
    score_preview,
    total_power,
    unused_extras,
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
    WIN_AFTER_SCORING,
    WIN_AT_END_OF_TURN,
    WIN_CHECKS,
    WIN_VP,
    BaseState,
    SmashUpState,
)
from companion.engine.smashup.texts import reminder, status_detail, status_note

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
    "WIN_AT_END_OF_TURN",
    "WIN_AFTER_SCORING",
    "WIN_CHECKS",
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
    "plays_now",
    "unused_extras",
    "status_detail",
    "status_note",
    "base_card_error",
    "final_scores",
    "find_winner",
    "reminder",
    "offered_factions",
    "_base_card_error",
]
