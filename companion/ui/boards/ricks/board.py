"""The «Рик и Морти» board's body (the goal line, the panel of the moment: the turn or the
charge wizard, the players, the universes, the charge history) and its pinned bar. The charge
wizard's head carries the goal and the step's rules; on a short page it is tighter and the
clocks fold into the status line."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine import moves
from companion.engine.ricks import PHASE_ACTIONS, PHASE_CHARGE, PHASE_ROUND
from companion.i18n import _
from companion.present.ricks_clocks import clock_base
from companion.present.ricks_texts import built_abilities, phase_line
from companion.ui.boards.ricks.action_panel import ActionPanel
from companion.ui.boards.ricks.charge import FOLDED_GAP, ChargeHead, ChargeTail, StepB, StepV
from companion.ui.boards.ricks.clocks import ChargeClocks
from companion.ui.boards.ricks.history import ChargeHistory
from companion.ui.boards.ricks.players import PlayerRow
from companion.ui.boards.ricks.universes import Universes
from companion.ui.controls import TARGET, icon_button, primary_button
from companion.ui.layout import grid, use_layout
from companion.ui.nav import open_rules
from companion.ui.state import GameView, part
from companion.ui.tagged_controls import spoken_clip
from companion.ui.widgets import use_top_on

__all__ = ["Board", "Actions", "PhaseLine", "BAR_HEIGHT"]

#: Height of the pinned bar's content (px).
BAR_HEIGHT = 64


@ft.component
def _PhaseLine(line: str, rules: Callable[[], None]) -> ft.Control:
    """The game's target on one line (cut with «…») and the phase's rules icon (48 dp).
    Tags: ``phase``, ``phase-rules``."""
    return ft.Row(
        [
            ft.Container(spoken_clip("phase", line, 15, weight=ft.FontWeight.W_500), expand=True),
            icon_button("phase-rules", ft.Icons.HELP_OUTLINE, _("Правила этой фазы"), rules),
        ],
        spacing=4,
        height=TARGET,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


PhaseLine = ft.memo(_PhaseLine)


@ft.component
def Board(view: GameView) -> ft.Control:
    """The whole table; every slot always there (hidden when off), fed plain values."""
    view.mark_shown()  # a tap on the board is made against what the board shows
    game = view.game
    state = view.state
    v = view.version
    send = ft.use_callback(lambda type, data=None: view.send(type, data), [view])  # stable
    guard = ft.use_callback(lambda: view.too_soon(), [view])
    line, query = phase_line(state)
    phase_query = ft.use_ref(query)
    phase_query.current = query
    phase_rules = ft.use_callback(lambda: open_rules("ricks", phase_query.current), [])
    base = ft.use_memo(lambda: clock_base(game), [v, len(game.events)])
    ch = state.charge if state.phase == PHASE_CHARGE else None
    use_top_on((ch.universe, ch.step, ch.player) if ch is not None else None)
    active = game.definition.active_player(state)
    layout = use_layout()
    narrow = layout.narrow
    # a short page folds the clocks (follows the page, not the step)
    folded = layout.short and ch is not None
    head: ft.Control = ft.Container(visible=False)
    if ch is not None:
        who = ""
        if ch.player is not None:
            who = f"{game.players[ch.player]} ({state.players[ch.player].character})"
        head = ChargeHead(ch, who, line, phase_rules, folded)
    rows = [
        PlayerRow(
            i,
            game.players[i],
            game.setup.players[i].color,
            p,
            active == i or (ch is not None and ch.player == i),
            state.first == i,
            send,
            guard,
            built_abilities(state, i),
            narrow,
        )
        for i, p in enumerate(state.players)
    ]
    # panels keyed by ``part`` (``None``: hidden): a move re-renders what it changed
    acting = not state.over and state.phase == PHASE_ACTIONS and state.active is not None
    step = ch.step if ch is not None and ch.player is not None else None
    # steps Б and В stay mounted once shown (hidden, not removed)
    shown = ft.use_ref(None)
    if shown.current is None:
        shown.current = {"Б": None, "В": None}
    if step in shown.current:
        shown.current[step] = v
    over = game.outcome() is not None
    return ft.Column(
        [
            ft.Container(PhaseLine(line, phase_rules), visible=ch is None),
            part(ActionPanel, view, (v, view.error) if acting else None),
            head,
            ChargeClocks(base, folded) if base is not None else ft.Container(visible=False),
            ft.Container(part(StepB, view, shown.current["Б"]), visible=step == "Б"),
            ft.Container(part(StepV, view, shown.current["В"]), visible=step == "В"),
            part(
                ChargeTail,
                view,
                None if ch is None else (ch.universe, ch.step, ch.player, ch.ledger, state.players),
            ),
            grid(rows, layout.board_columns),
            part(
                Universes,
                view,
                (
                    state.players,
                    state.cards,
                    dict(state.actions_by_universe),
                    (ch.universe, ch.energy) if ch is not None else None,
                ),
            ),
            part(ChargeHistory, view, (repr(state.rounds), over, len(game.events) if over else 0)),
        ],
        spacing=FOLDED_GAP if folded else 8,
    )


@ft.component
def Actions(view: GameView) -> ft.Control:
    """The pinned bar: «Начать раунд», «Передать ход», «Готово»."""
    return part(_Bar, view, (view.state.over, view.state.phase, view.moment()))


@ft.component
def _Bar(view: GameView, version: int) -> ft.Control:
    view.mark_shown()  # the bar's tap is made against what the bar shows
    state = view.state

    if state.over:
        primary = primary_button(_("Игра окончена"), None, disabled=True)
    else:
        label, move, icon = {
            PHASE_ROUND: (_("Начать раунд"), moves.ricks_round_draw, ft.Icons.STYLE),
            PHASE_ACTIONS: (_("Передать ход"), moves.ricks_turn_end, ft.Icons.SKIP_NEXT),
        }.get(state.phase, (_("Готово"), moves.ricks_charge_done, ft.Icons.CHECK))
        primary = primary_button(label, lambda: move(view), icon=icon, moment=view.moment())
    return ft.Container(ft.Row([primary], alignment=ft.MainAxisAlignment.END), height=BAR_HEIGHT)
