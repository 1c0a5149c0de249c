"""Board of «Переворот» (Coup, :mod:`companion.engine.coup`): :mod:`.players` (bank and rows),
:mod:`.referee` (the step's panel, its choices and the pinned bar), :mod:`.common` (words and
the action being chosen). Each button sends one engine event; a move the engine forbids is
dimmed and a tap shows its refusal.

Tags: ``treasury``, ``court-deck``, ``turn``, ``unseen-<character>``,
``unseen-name-<character>``, ``player-p<i>``, ``name-p<i>``, ``coins-p<i>``,
``influence-p<i>``, ``revealed-p<i>``, ``step``, ``explain``, ``outcome``, ``act-<action>``,
``step-texts``, ``preview``, ``primary-action``, ``not-proven``, ``challenge-p<i>``,
``block-p<i>-<character>``, ``lose-<character>``, ``rules-link``, ``two-player-draft`` (the
new-game option: the card draft of «Игра вдвоём»)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.coup import CoupState, awaiting, refusal, unseen, waiting_for
from companion.i18n import _
from companion.present.coup import action_label, step_title, targets_of
from companion.ui.boards.coup.common import Choice, choice_for, use_short
from companion.ui.boards.coup.players import PAIR_GAP, PAIRS_FROM, BankBar, PlayerRow
from companion.ui.boards.coup.referee import Actions, Referee
from companion.ui.boards.types import OptionsUpdate
from companion.ui.layout import grid, use_layout
from companion.ui.state import GameView
from companion.ui.widgets import switch_row, use_top_on

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
    aims = targets_of(state, action)
    left = unseen(state)
    narrow = use_layout().narrow  # a smaller name, a target's chip without its word
    short = use_short(len(state.names))  # the bank folded, rows two to a line
    half = short and len(state.names) >= PAIRS_FROM

    def tap_row(t: int) -> None:  # reads the game at tap time: the handler outlives renders
        """A row tapped while a target is chosen: a target is aimed at, any other row gets the
        engine's refusal in the banner («Покровители»)."""
        if view.too_soon():
            return
        now: CoupState = view.state
        chosen, _aimed = choice.current(now)
        if chosen is None:
            return
        reason = refusal(
            now, "coup.declare", {"player": now.current, "action": chosen, "target": t}
        )
        view.error, view.error_player = reason or "", now.current
        if reason is None:
            choice.aim(t)

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
    bank = _Bank(state.treasury, state.court_deck, state.turn, tuple(left.values()), short)
    return ft.Column([bank, grid(rows, 2 if half else 1, PAIR_GAP)], spacing=4)


@ft.component
def Board(view: GameView) -> ft.Control:
    """Bank, the rows in seat order, then the guided step; each new step starts at the top."""
    choice = choice_for(view)
    use_top_on((len(view.game.events), awaiting(view.state)))
    layout = use_layout()
    folded = use_short(len(view.state.names))
    parts = [Players(view, view.version, choice), Referee(view, view.version, choice)]
    if layout.short and layout.two_columns:
        parts.reverse()  # a phone on its side: the step in sight without a scroll
    return ft.Column(parts, spacing=4 if folded else 8)


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: OptionsUpdate, players: int = 0
) -> ft.Control:
    """The optional card draft of «Игра вдвоём» (2 players only; else off and dimmed, in place)."""
    two = players == 2

    def drop_when_more() -> None:  # a third player added: the draft is off, as the form shows
        if not two and options.get("two_player_draft"):
            set_options(lambda o: {**o, "two_player_draft": False})

    ft.use_effect(drop_when_more, [two])
    return switch_row(
        "two-player-draft",
        _("Вдвоём: набор карт перед игрой"),
        two and bool(options.get("two_player_draft")),
        lambda v: set_options(lambda o: {**o, "two_player_draft": v}),
        text=None if two else _("Вдвоём: набор карт перед игрой (только для двоих)"),
        disabled=not two,
    )
