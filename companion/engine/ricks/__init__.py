"""Рик и Морти: Наверное, Рики сошли с ума — VP tracker and charge-phase guide.

Source id ``ricks-crazy`` (rulebook 004). The cards stay on the table; the app keeps VP,
the characters' universes, build tokens, hands, the action count of the running turn, the
energy sources and inventions on the board, and walks the table through the charge phase
universe by universe (see :mod:`companion.engine.ricks.timing` for its clock).

Setup options (:meth:`RicksDefinition.default_options`):

- ``characters``: ``[str]`` one of :data:`CHARACTERS` per seat, all different
  (default: seat order Рик, Морти, Зип, Кайл);
- ``abilities``: ``bool`` — characters' own properties in play (``False`` is the rulebook's
  «Как попроще» variant);
- ``actions``: ``{universe: int}`` action tokens a turn begun there gives; Кроховселенная is 5
  (rulebook, «Подготовка к игре»), the other three are printed on the universe cards and
  must be given as positive ints (the UI asks once and remembers them);
- ``charge_limit``: ``None`` or seconds (int/float > 0) a player may spend on their turn in
  steps Б and В before the app warns.

Round flow («Ход игры»): ``round.draw`` → one action turn per player from the first player
(``turn.end`` passes) → charge phase (Кроховселенная → Мини-вселенная → Микровселенная →
Риковселенная, steps А, Б, В in each) → the first-player token passes clockwise. Action-phase
events always act for the active player.

The shapes below are data too (:mod:`.events`: one ``TypedDict`` per event type), checked at
the engine's door before the rules run (:mod:`companion.engine.shapes`).

Events (``data`` shapes; ``note`` is an optional free text for the log):

- ``round.draw``: ``{}`` — «Начало раунда»: every player draws 1 card; the first turn begins.
- ``card.play``: ``{"kind": "source"|"invention"|"ability", "build_cost": int>=1,
  "production": int>=0 (source), "cost": int>=0 (energy to activate; invention, ability),
  "vp": int>=0 (invention), "name": str, "down": bool (source only: into the universe one
  level below, built at once for ``build_cost`` actions), "finish": bool (built whole at once
  for ``build_cost`` actions: how imaginary tokens are used, «Внедрение»)}`` — 1 action, 1
  build token (Мини-вселенная: an invention costs one extra discarded card).
- ``card.build``: ``{"card": int, "tokens": int>=1}`` — place tokens on one's own partial
  card in one's universe (or an attached ability), 1 action each.
- ``player.move``: ``{"to": universe, "ability": bool}`` — 1 action to an adjacent universe;
  ``ability`` (Кайл with abilities on): free, to any universe.
- ``card.swap``: ``{}`` — 1 action: discard a card, draw a card.
- ``action.discard``: ``{}`` — free action: discard a card, +1 action.
- ``actions.add``: ``{"delta": int, "note": str}`` — a card changes the active player's actions.
- ``turn.end``: ``{}`` — the active player passes; after the last player the charge phase begins.
- ``charge.done``: ``{}`` — «готово»: step А confirmed, or the current player passes in Б/В.
  Send it with ``expect_revision`` (:meth:`~companion.engine.core.Game.push`): a second tap
  against the old revision is refused with :class:`~companion.errors.StaleMoveError` instead
  of passing the next step.
- ``charge.oneshot``: ``{"cost": int>=0, "note": str}`` — step Б: play one one-shot.
- ``charge.ability``: ``{"card": int}`` — step Б: use an attached ability (once a round).
- ``charge.spend``: ``{"amount": int>=1, "note": str}`` — step Б/В: any other energy payment.
- ``charge.activate``: ``{"card": int}`` — step В: activate an invention, VP scored at once.
- ``charge.gain``: ``{"amount": int>=1, "note": str}`` — a card adds energy (e.g. «Вулкан»).
- ``vp.add``: ``{"player": int, "delta": int, "note": str}`` — VP from a card or property.
- ``hand.add``: ``{"player": int, "delta": int, "note": str}`` — cards drawn/lost by effects.
- ``player.place``: ``{"player": int, "to": universe, "note": str}`` — a card moves a character.
- ``card.move``: ``{"card": int, "to": universe, "note": str}`` — a card moves a card.
- ``card.remove``: ``{"card": int, "to_hand": bool, "note": str}`` — destroyed or taken back
  into its owner's hand; its tokens return to the owner's supply.
- ``card.turn``: ``{"card": int, "turned": bool, "note": str}`` — turn or straighten an
  invention in Кроховселенная by a card effect.

Counter steps that stay cumulative under quick repeated taps
(``RicksDefinition.cumulative_moves``): ``vp.add``, ``hand.add``, ``actions.add`` and
``charge.gain``; every other move sent against an old revision is refused as stale.

Modules: :mod:`.constants` (names, numbers, headings), :mod:`.state` (dataclasses and pure
questions), :mod:`.checks` (the referee outside the charge phase), :mod:`.actions` (applying
those events), :mod:`.charge` (the charge phase), :mod:`.texts` (journal lines),
:mod:`.definition` (:class:`RicksDefinition`), :mod:`.timing` (the charge-phase clock; also
importable as :mod:`companion.engine.ricks.timing`).
"""

from __future__ import annotations

from companion.engine.ricks.constants import (
    BUILD_TOKENS,
    CHARACTERS,
    CHARGE_ORDER,
    KRO,
    KRO_ACTIONS,
    MICRO,
    MINI,
    PHASE_ACTIONS,
    PHASE_CHARGE,
    PHASE_ROUND,
    RICK_UNIVERSE,
    START_HAND,
    STEPS,
    TRACK_LENGTH,
    UNIVERSES,
)
from companion.engine.ricks.definition import RICKS, RicksDefinition
from companion.engine.ricks.state import (
    Card,
    Charge,
    Offer,
    PlayerState,
    RicksState,
    adjacent,
    charge_position,
    offers,
    present_players,
    ranking,
    track_position,
    turn_order,
    vp_target,
)

__all__ = [
    "RICK_UNIVERSE",
    "MICRO",
    "MINI",
    "KRO",
    "UNIVERSES",
    "CHARGE_ORDER",
    "CHARACTERS",
    "KRO_ACTIONS",
    "BUILD_TOKENS",
    "START_HAND",
    "TRACK_LENGTH",
    "STEPS",
    "PHASE_ROUND",
    "PHASE_ACTIONS",
    "PHASE_CHARGE",
    "Card",
    "PlayerState",
    "Charge",
    "RicksState",
    "Offer",
    "RicksDefinition",
    "RICKS",
    "vp_target",
    "track_position",
    "adjacent",
    "turn_order",
    "present_players",
    "offers",
    "charge_position",
    "ranking",
]
