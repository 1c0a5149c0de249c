"""Board and setup form of «Замес» (see :mod:`companion.engine.smashup`), one component per
module:

- :mod:`.setup` — «Подготовка к игре»: two factions per player (``faction.pick``; in draft
  order when the snake draft is on) and players + 1 bases (``base.add``, typed or picked from
  the base catalogue); «Начать игру» (``game.start``) is the pinned primary action.
- :mod:`.header` — pinned above the bases (the frame's ``Header``): the phase card and the
  VP strip; folded to two 48 dp rows on a short phone (the reminder then tops the body;
  madness cards, when counted, are a third row).
- :mod:`.phase` — the phase card: the reminder, plays left (``play.record`` /
  ``play.grant``), the turn (whose turn and the phase are in the frame's status line).
- :mod:`.chips` — the pinned strip of base chips (one tap opens any base) and the open base
  the strip and the list share.
- :mod:`.vp` — the VP strip (``vp.adjust``; madness cards with ``madness.adjust``).
- :mod:`.base` — a compact row per base (power/breakpoint, ready flag, «Захватить» in
  «Проверь базы»); :mod:`.editor` — the editor of the one open base (``play.minion`` with the
  power asked in one tap by :mod:`.minion`, ``base.adjust`` / ``base.set``,
  ``breakpoint.modify``).
- :mod:`.score` — the confirmation with each player's VP and the replacement base
  (``base.score``; «колода баз пуста» in «Мимими» only).
- :mod:`.actions` — the pinned bar: «Закончить ход» (``phase.pass``) from «Играй карты» on,
  «Дальше» (``phase.next``) in «Начало хода» and, with «Все фазы по шагам», everywhere.
- :mod:`.options` — edition, draft, madness, «Две коробки», «Все фазы по шагам» and the
  turn's start/end reminders for the new-game screen.

Every base typed here is checked by :func:`companion.store.bases.card_error` and remembered in
:class:`companion.store.bases.BaseCatalogue`.

Test handles (``flt-semantics-identifier``): ``phase`` (setup only), ``reminder``, ``turn``,
``plays-<kind>`` (±: ``-minus`` records a play, ``-plus`` grants one), ``vp-p<i>``,
``mad-p<i>``, ``chip-<j>``, ``base-<j>``, ``base-<j>-name``, ``base-<j>-total``, ``base-<j>-ready``,
``score-<j>``, ``play-minion-b<j>`` (then ``minion-power-<v>`` / ``minion-power-pad``),
``pow-b<j>-p<i>``, ``min-b<j>-p<i>``, ``name-b<j>-p<i>``,
``base-<j>-bp``, ``preview-p<i>`` (``-why``: why nothing), ``deck-empty``, ``deck-next``
(deck not empty), ``deck-reshuffle`` («Мишки», deck empty), ``score-confirm``,
``primary-action``, ``next-hint``.
"""

from __future__ import annotations

import flet as ft

from companion.ui.boards.smashup.actions import Actions
from companion.ui.boards.smashup.chips import open_base_of
from companion.ui.boards.smashup.header import Header
from companion.ui.boards.smashup.options import OptionsForm
from companion.ui.boards.smashup.play import PlayBoard
from companion.ui.boards.smashup.setup import SetupBoard
from companion.ui.state import GameView

__all__ = ["Board", "Actions", "Header", "OptionsForm"]


@ft.component
def Board(view: GameView) -> ft.Control:
    """Setup until «Начать игру», then the play board."""
    if not view.state.started:
        return SetupBoard(view, view.version)
    return PlayBoard(view, view.version, open_base_of(view))
