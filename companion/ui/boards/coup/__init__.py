"""Board of «Переворот» (Coup): coins, influences, revealed characters and the action referee.

One component per module (see :mod:`companion.engine.coup`, SPEC §3):

- :mod:`.players` — the bank line (treasury, court deck, turn, unseen characters) and one
  compact row per player (coins, influences left, revealed characters, exile); when the
  frame's layout is short (:func:`.common.use_short`) the board folds (rows two to a line,
  the grid in two rows) so a turn at 360×640 needs no scrolling;
- :mod:`.referee` — the step's panel (:func:`companion.ui.step_panel.StepPanel`): its
  question, its explanation and «Итог действия», with the choices of :mod:`.choices` (the
  action grid — a target is aimed at by tapping its row: «цель?» —, who challenges or
  blocks, which card is revealed);
- :mod:`.actions` — the pinned bar: «Объявить», «Никто», «Показан» / «Не показан»,
  «Обмен завершён» (always ``primary-action``);
- :mod:`.common` — labels, the declined names, the action being chosen (shared by the body
  and the bar).

Every button sends exactly one engine event through :meth:`GameView.send`, so the frame's
undo takes the flow back one step at a time. The board never decides a rule: an action or
card the engine forbids now is drawn dimmed, and a tap shows the engine's refusal.

Test handles (``flt-semantics-identifier``): ``treasury``, ``court-deck``, ``turn``,
``unseen-<character>`` (its name: ``unseen-name-<character>``), ``player-p<i>`` (its name:
``name-p<i>``), ``coins-p<i>``, ``influence-p<i>``,
``revealed-p<i>``, ``step``, ``explain``, ``outcome``, ``act-<action>``,
``step-texts`` («Весь текст»: the step's texts whole), ``preview`` (the bar's hint),
``primary-action``, ``not-proven``, ``challenge-p<i>``,
``block-p<i>-<character>``, ``lose-<character>``, ``rules-link``, ``two-player-draft``.
"""

from __future__ import annotations

import flet as ft

from companion.engine.coup import (
    CoupState,
    awaiting,
    legal_declarations,
    refusal,
    unseen,
    waiting_for,
)
from companion.ui.boards.coup.actions import Actions
from companion.ui.boards.coup.common import (
    Choice,
    action_label,
    choice_for,
    step_title,
    use_short,
)
from companion.ui.boards.coup.options import OptionsForm
from companion.ui.boards.coup.players import PAIR_GAP, PAIRS_FROM, BankBar, PlayerRow
from companion.ui.boards.coup.referee import Referee
from companion.ui.layout import use_layout
from companion.ui.state import GameView
from companion.ui.widgets import use_top_on

__all__ = ["Board", "Actions", "OptionsForm", "action_label", "step_title"]

_Bank = ft.memo(BankBar)
_Row = ft.memo(PlayerRow)


@ft.component
def Players(view: GameView, version: int, choice: Choice) -> ft.Control:
    """The bank line and the player rows (memoised: only changed rows re-render)."""
    state: CoupState = view.state
    specs = view.game.setup.players
    step = awaiting(state)
    waited = set(waiting_for(state)) if step not in ("action", "over") else set()
    action, target = choice.current(state)  # the chosen target (or the only opponent left)
    aims: set[int] = set()
    if action is not None:
        for d in legal_declarations(state):
            if d["action"] == action and d["targets"]:
                aims = set(d["targets"])
    left = unseen(state)
    narrow = use_layout().narrow  # a smaller name, a target's chip without its word
    short = use_short(len(state.names))  # the bank folded, rows two to a line
    half = short and len(state.names) >= PAIRS_FROM

    def tap_row(t: int) -> None:  # reads the game at tap time: the handler outlives renders
        """A row tapped while a target is chosen: a possible target is aimed at; any other
        row (an exiled player, the acting one) says why not in the frame's banner — the
        engine's refusal, e.g. «Покровители»: an exiled player has no influence left."""
        if view.too_soon():
            return
        now: CoupState = view.state
        chosen, _aimed = choice.current(now)
        if chosen is None:
            return
        data = {"player": now.current, "action": chosen, "target": t}
        reason = refusal(now, "coup.declare", data)
        if reason is None:
            view.error = ""
            choice.aim(t)
            return
        view.error = reason
        view.error_player = now.current

    aim = ft.use_callback(tap_row, [view, choice])
    rows = [
        _Row(
            i,
            state.names[i],
            specs[i].color,
            state.coins[i],
            state.influence[i],
            tuple(state.revealed[i]),
            state.exiled[i] or state.influence[i] == 0,
            state.current == i and step != "over",
            i in waited,
            i in aims,
            aim if aims else None,  # rows answer a tap only while aiming
            i in aims and i == target,
            narrow,
            half,
        )
        for i in range(len(state.names))
    ]
    if half:
        # two rows to a line, in seat order; an odd last row keeps half the line
        rows = [
            ft.Row(
                [ft.Container(r, expand=True) for r in rows[k : k + 2]]
                + ([ft.Container(expand=True)] if k + 1 == len(rows) else []),
                spacing=PAIR_GAP,
            )
            for k in range(0, len(rows), 2)
        ]
    return ft.Column(
        [_Bank(state.treasury, state.court_deck, state.turn, tuple(left.values()), short), *rows],
        spacing=4,
    )


@ft.component
def Board(view: GameView) -> ft.Control:
    """Bank, one row per player in seat order, then the guided step (the step first on a
    phone on its side: short and two columns). Each new step (a move, an undo or a redo)
    starts with the board at its top (:func:`~companion.ui.widgets.use_top_on`)."""
    choice = choice_for(view)
    use_top_on((len(view.game.events), awaiting(view.state)))
    layout = use_layout()
    folded = use_short(len(view.state.names))
    parts = [Players(view, view.version, choice), Referee(view, view.version, choice)]
    if layout.short and layout.two_columns:
        parts.reverse()  # a phone on its side: the step in sight without a scroll
    return ft.Column(parts, spacing=4 if folded else 8)
