"""The «Рик и Морти» board's body and its pinned bar.

Body, from the top: the game's target and the rules icon of the phase (the round and the phase
are in the frame's status line, :meth:`RicksDefinition.phase_label`), then the panel of the
moment — the active player's turn (three fixed lines, the card forms in dialogs), or the
charge-phase wizard (universe and step, energy, whose turn, the clocks and the over-limit line,
then the step's controls) — then one compact row per player, the universes and the finished
rounds' charge times. With four players on a 390×844 phone the turn's panel (or the wizard's
head, clocks and warning), every player's VP and the pinned primary action are on one screen.
On a shorter page (360×640) the charge phase folds the goal line into the wizard's head and
leaves the clocks to the status line, so that each step's controls are above the pinned bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks import PHASE_ACTIONS, PHASE_CHARGE, PHASE_ROUND
from companion.engine.ricks.timing import game_charge_now
from companion.i18n import _
from companion.ui import moves
from companion.ui.boards.ricks.action_panel import ActionPanel
from companion.ui.boards.ricks.charge import FOLDED_GAP, ChargeHead, ChargeTail, StepB, StepV
from companion.ui.boards.ricks.clocks import ChargeClocks, ClockBase
from companion.ui.boards.ricks.common import tag
from companion.ui.boards.ricks.history import ChargeHistory
from companion.ui.boards.ricks.players import PlayerRow
from companion.ui.boards.ricks.universes import Universes
from companion.ui.layout import grid, use_layout
from companion.ui.nav import open_rules
from companion.ui.state import GameView, part
from companion.ui.widgets import (
    TARGET,
    icon_button,
    primary_button,
    use_top_on,
)

__all__ = ["Board", "Actions", "PhaseLine", "BAR_HEIGHT"]

#: Height of the pinned bar's content (the primary button is 56 dp tall).
BAR_HEIGHT = 64


@ft.component
def _PhaseLine(line: str, rules: Callable[[], None]) -> ft.Control:
    """The game's target («цель 30 ПО», «последний раунд») on one line (cut with «…» if long)
    and the rules icon of the phase, which keeps its 48 dp at the right whatever the text.
    ``rules`` opens the phase's rules (a stable callback: a new step does not render the line).
    Tags: ``phase``, ``phase-rules``."""
    return ft.Row(
        [
            ft.Container(
                tag(
                    "phase",
                    ft.Text(
                        line,
                        size=15,
                        weight=ft.FontWeight.W_500,
                        max_lines=1,
                        overflow=ft.TextOverflow.ELLIPSIS,
                    ),
                    label=line,
                ),
                expand=True,
            ),
            icon_button(
                "phase-rules",
                ft.Icons.HELP_OUTLINE,
                _("Правила этой фазы"),
                rules,
            ),
        ],
        spacing=4,
        height=TARGET,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


PhaseLine = ft.memo(_PhaseLine)


def _phase(state: Any) -> tuple[str, str]:
    """The target line and the rules query of the phase."""
    if state.over:
        return _("Игра окончена"), "Конец игры"
    if state.phase == PHASE_CHARGE and state.charge is not None:
        query = f"Шаг {state.charge.step}"
    else:
        query = state.phase
    line = f"{_('Цель')}: {state.target} {_('ПО')}"
    if state.final:
        line += f" · {_('последний раунд')}"
    return line, query


def abilities_of(state: Any, player: int) -> tuple[str, ...]:
    """The player's built abilities, by name («Портал», «способность №3»), for their row."""
    return tuple(
        c.label() for c in state.cards if c.owner == player and c.kind == "ability" and c.built
    )


def use_send(view: GameView):
    """A stable ``send(type, data) -> bool`` for the memoised parts."""
    return ft.use_callback(lambda type, data=None: view.send(type, data), [view])


def _clock_base(view: GameView) -> ClockBase | None:
    game = view.game
    since = game.events[-1].ts if game.events else game.setup.created
    timing = game_charge_now(game, since)  # O(1) between moves: the engine's clock follows the log
    if timing.position is None:
        return None
    _round, _universe, step, player = timing.position
    who = game.players[player] if player is not None and step in ("Б", "В") else ""
    return ClockBase(
        step=timing.current_step,
        universe=timing.current_universe,
        phase=timing.current_phase,
        turn=timing.current_turn,
        since=since,
        paused=bool(game.paused),
        who=who,
        limit=game.setup.options.get("charge_limit"),
        key=len(game.events),
        hint=_("Проверьте и нажмите «Готово»") if step == "А" else "",
    )


def _hidden() -> ft.Control:
    return ft.Container(visible=False)


@ft.component
def Board(view: GameView) -> ft.Control:
    """The whole «Рик и Морти» table (see the module docstring).

    Each slot is always there (hidden when its phase is not on), so a part keeps its place and
    its state; the parts get plain values, so a move re-renders what it changed."""
    view.mark_shown()  # a tap on the board is made against what the board shows
    game = view.game
    state = view.state
    v = view.version
    send = use_send(view)
    guard = ft.use_callback(lambda: view.too_soon(), [view])
    line, query = _phase(state)
    phase_query = ft.use_ref(query)
    phase_query.current = query
    phase_rules = ft.use_callback(lambda: open_rules("ricks", phase_query.current), [])
    base = ft.use_memo(lambda: _clock_base(view), [v, len(game.events)])
    ch = state.charge if state.phase == PHASE_CHARGE else None
    # a new step of the charge phase starts at the top, where its wizard is
    use_top_on((ch.universe, ch.step, ch.player) if ch is not None else None)
    active = game.definition.active_player(state)
    layout = use_layout()
    narrow = layout.narrow
    # a short page (360×640) folds the charge phase's goal line and clocks into its head and
    # the status line: each step's controls are above the pinned bar; a step change moves
    # nothing, as the fold follows the page, not the step
    folded = layout.short and ch is not None
    head: ft.Control = _hidden()
    if ch is not None:
        who = ""
        if ch.player is not None:
            who = f"{game.players[ch.player]} ({state.players[ch.player].character})"
        head = ChargeHead(
            ch.universe,
            ch.step,
            ch.energy,
            who,
            ch.ledger[-1]["production"] if ch.ledger else 0,
            ch.ledger[-1]["in"] if ch.ledger else 0,
            line if folded else "",
            phase_rules if folded else None,
        )
    rows = [
        PlayerRow(
            i,
            game.players[i],
            p.character,
            game.setup.players[i].color,
            p.universe,
            p.vp,
            p.tokens,
            p.hand,
            active == i or (ch is not None and ch.player == i),
            state.first == i,
            send,
            guard,
            abilities_of(state, i),
            narrow,
        )
        for i, p in enumerate(state.players)
    ]
    # The panels re-render when what they show changes (``part`` keys; ``None``: hidden now),
    # not on every move: a charge step re-renders the head, the step and two rows.
    acting = not state.over and state.phase == PHASE_ACTIONS and state.active is not None
    step = ch.step if ch is not None and ch.player is not None else None
    # Steps Б and В stay mounted once shown: leaving a step hides its panel (``visible``
    # flips) rather than removing its fields and buttons, and coming back re-renders it in
    # place (its controls compared, not built and sent again). A hidden panel keeps the key
    # it was last shown with, so it is not rendered while hidden.
    shown = ft.use_ref(None)
    if shown.current is None:
        shown.current = {"Б": None, "В": None}
    if step in shown.current:
        shown.current[step] = v
    over = game.outcome() is not None
    return ft.Column(
        [
            ft.Container(PhaseLine(line, phase_rules), visible=not folded),
            # its dialogs show a refusal: a new one re-renders it, even with no new version
            part(ActionPanel, view, (v, view.error) if acting else None),
            head,
            ChargeClocks(base, folded) if base is not None else _hidden(),
            ft.Container(part(StepB, view, shown.current["Б"]), visible=step == "Б"),
            ft.Container(part(StepV, view, shown.current["В"]), visible=step == "В"),
            part(
                ChargeTail,
                view,
                # the step and the player too: the amount a card adds starts again for each
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
            part(
                ChargeHistory,
                view,
                (repr(state.rounds), over, len(game.events) if over else 0),
            ),
        ],
        spacing=FOLDED_GAP if folded else 8,
    )


@ft.component
def Actions(view: GameView) -> ft.Control:
    """The pinned bar: «Начать раунд» (everybody draws a card), «Передать ход» in the action
    phase, «Готово» in the charge phase (step А confirmed, or the current player passes).
    Re-rendered when the phase changes, not on every move."""
    return part(_Bar, view, (view.state.over, view.state.phase, view.moment()))


@ft.component
def _Bar(view: GameView, version: int) -> ft.Control:
    view.mark_shown()  # the bar's tap is made against what the bar shows
    state = view.state

    def round_draw() -> None:
        moves.ricks_round_draw(view)

    def turn_end() -> None:
        moves.ricks_turn_end(view)

    def charge_done() -> None:
        moves.ricks_charge_done(view)

    if state.over:
        primary = primary_button(_("Игра окончена"), None, disabled=True)
    elif state.phase == PHASE_ROUND:
        primary = primary_button(
            _("Начать раунд"), round_draw, icon=ft.Icons.STYLE, moment=view.moment()
        )
    elif state.phase == PHASE_ACTIONS:
        primary = primary_button(
            _("Передать ход"), turn_end, icon=ft.Icons.SKIP_NEXT, moment=view.moment()
        )
    else:
        primary = primary_button(
            _("Готово"), charge_done, icon=ft.Icons.CHECK, moment=view.moment()
        )
    return ft.Container(ft.Row([primary], alignment=ft.MainAxisAlignment.END), height=BAR_HEIGHT)
