"""Манчкин Апокалипсис: levels, the combat calculator, running away, phases and seals.

Source: rulebook ``munchkin-apocalypse`` (only its first four pages survived). The engine
enforces what those pages say; where they are silent the players decide, and the decision is
an event in the log (an ``"override": true`` flag means «карта так говорит» and is logged).

The cards stay on the table: the app keeps each player's level, gear bonus, class and notes,
the open combat (fighter, at most one helper, monsters, one-shot bonuses), the phase of the
turn and the broken seals.

The shapes below are data too (:mod:`.events`: one ``TypedDict`` per event type), checked at
the engine's door before the rules run (:mod:`companion.engine.shapes`).

Events (``data`` shapes; ``player`` is a seat index; ``override`` is always optional, ``false``
by default, and means the table applies a card that explicitly overrides the rule):

- ``level.change``: ``{"player": int, "delta": int, "override": bool}`` — a loss that would
  go below level 1 stops at level 1 and the journal line says the loss was cut (rule 1 of
  «Противоречия между правилами и картами»); a loss at level 1 is refused (nothing to lose)
- ``level.set``: ``{"player": int, "value": int, "override": bool}``
- ``gear.change``: ``{"player": int, "delta": int, "override": bool}``
- ``gear.set``: ``{"player": int, "value": int, "override": bool}`` — while a combat is open,
  anybody's gear change is refused («Бой»: only one-shots then) unless ``override`` is
  ``true`` (the table confirms a card does it; the board asks and re-sends with the flag)
- ``player.class``: ``{"player": int, "value": str}`` — free text, ``""`` for no class
- ``player.notes``: ``{"player": int, "value": str}`` — free text
- ``combat.start``: ``{"monster": MONSTER, "fighter": int (default: active player),
  "override": bool}``
- ``combat.monster.add``: ``{"monster": MONSTER}`` («Бой с несколькими монстрами»)
- ``combat.monster.edit``: ``{"index": int, **any MONSTER fields}`` (level, enhancers, ...)
- ``combat.monster.remove``: ``{"index": int}`` — a card takes the monster out without
  killing it (no level for it); removing the last one ends the combat
- ``combat.helper``: ``{"player": int | None}`` — ``None`` sends the helper away
- ``combat.bonus``: ``{"side": "players" | "monsters", "value": int, "label": str}`` — a one-shot
- ``combat.bonus.remove``: ``{"side": "players" | "monsters", "index": int}``
- ``combat.resolve``: ``{}`` — the players' side is stronger: monsters killed, the fighter
  gains their levels, one-shots discarded
- ``combat.flee``: ``{"rolls": [int 1..6, one per monster], "modifier": int,
  "modifiers": [int, one per monster] (optional), "helper_rolls": [int 1..6, one per
  monster], "helper_modifier": int}`` — the die results, not a seed. ``rolls`` and
  ``modifier`` are the fighter's; with a helper in the fight both run away, each rolling
  for each monster («Смываемся», «Зовём на помощь»), so ``helper_rolls`` is required then
  (and refused without a helper); ``modifiers`` (fast or slow monsters) count for both. A
  saved event from before has no ``helper_rolls`` and still applies (the fighter's dice only)
- ``turn.loot``: ``{}`` — the second door card drawn in «Чистим нычки»
- ``turn.charity``: ``{"hand": int, "gifts": [int, one per player], "discard": int}`` — never
  more cards than the surplus over 5, never more odd cards than the even split leaves
- ``phase.next``: ``{}`` — the next phase; after «От щедрот» the turn passes to the left
- ``seal.break``: ``{}`` — one more seal broken (the 7th ends the game)
- ``game.winners``: ``{"winners": [int], "override": bool}`` — the table names the winner(s)
  after the 7th seal, or (with ``override``) a card lets someone win another way

Counter steps that stay cumulative under quick repeated taps (``Munchkin.cumulative_moves``):
``level.change`` and ``gear.change``; every other move is refused when sent against an old
revision of the game.

``MONSTER`` = ``{"name": str, "level": int, "enhancers": int (default 0), "levels": 1 | 2
(default 1), "treasures": int (default 0)}``. The name is required here; the board's form
leaves it optional and sends :func:`default_monster_name` («Монстр», «Монстр 2»…) for none;
``combat.monster.add`` renames a first plain «Монстр» «Монстр 1» (:func:`.fields.first_renamed`).

Modules: :mod:`.constants` (headings, numbers), :mod:`.state` (dataclasses), :mod:`.combat`
(the calculator and running away), :mod:`.charity` («От щедрот»), :mod:`.fields` (reading
event data), :mod:`.checks` (the referee), :mod:`.apply` (changes and the turn's flow),
:mod:`.texts` (journal lines), :mod:`.definition` (the :class:`Munchkin` definition).
"""

from __future__ import annotations

from companion.engine.munchkin.charity import CharityPlan, charity
from companion.engine.munchkin.combat import (
    CombatTotals,
    combat_totals,
    compare_sides,
    escapes,
    flee_rolls,
    roll_dice,
    strength,
)
from companion.engine.munchkin.constants import (
    ESCAPE_TARGET,
    HAND_LIMIT,
    MAX_LEVEL,
    MIN_LEVEL,
    OVERRIDE_NOTE,
    PHASES,
    SEALS_TO_END,
    SETUP_REMINDER,
)
from companion.engine.munchkin.definition import MUNCHKIN, Munchkin
from companion.engine.munchkin.fields import default_monster_name
from companion.engine.munchkin.state import Combat, Monster, MunchkinState, OneShot, PlayerSheet

__all__ = [
    "MUNCHKIN",
    "default_monster_name",
    "Munchkin",
    "MunchkinState",
    "PlayerSheet",
    "Monster",
    "OneShot",
    "Combat",
    "CombatTotals",
    "CharityPlan",
    "PHASES",
    "SETUP_REMINDER",
    "HAND_LIMIT",
    "MAX_LEVEL",
    "MIN_LEVEL",
    "OVERRIDE_NOTE",
    "SEALS_TO_END",
    "ESCAPE_TARGET",
    "strength",
    "combat_totals",
    "compare_sides",
    "escapes",
    "flee_rolls",
    "charity",
    "roll_dice",
]
