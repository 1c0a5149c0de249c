"""The Munchkin board: ``Board(view)``, the body — the top line (:mod:`.turn`), the combat
calculator while a fight is on (:mod:`.combat`), one card per player (:mod:`.players`), the
dialogs (:mod:`.dialogs`) — and ``Actions(view)``, the pinned bar. Four players and the bar
fit a phone; nothing that comes and goes in the top line moves the players. Memoised parts
fed plain values: a tap on one player re-renders that card only.

The bar, always the same height: the primary action at the right and at most one other at
its left — «Смываемся» / «Победа» in a fight, «Бой!» / «Дальше» in the door phases, «Дверь на
руку» / «Дальше» in «Чистим нычки» with no monster met, «Следующий игрок» in «От щедрот»,
nothing once the game is over; on a short page in one column, out of a fight, the seals'
button between them (:func:`seals_in_bar`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.engine import moves
from companion.engine.munchkin import MUNCHKIN, SEALS_TO_END
from companion.engine.munchkin.constants import CHARITY, KICK, LOOT, OVERRIDE_NOTE, TROUBLE
from companion.i18n import _
from companion.present.munchkin import about_player, fight_refusal, last_combat_text, last_hand
from companion.ui.boards.munchkin.combat import CombatView
from companion.ui.boards.munchkin.common import board_ui, outlined, send_noting_gear
from companion.ui.boards.munchkin.dialogs import FleeDialog, MonsterDialog, Question
from companion.ui.boards.munchkin.players import PlayerRow
from companion.ui.boards.munchkin.turn import (
    CharitySlot,
    LastCombat,
    Reminder,
    SealsButton,
    WinnerPicker,
    top_line,
)
from companion.ui.layout import Layout, grid, use_layout
from companion.ui.state import GameView, part
from companion.ui.widgets import clipped_text, primary_button, use_top_on

__all__ = ["Board", "Actions"]


def use_send(view: GameView):
    """A stable ``send(type, data, chained=False) -> bool`` for memoised parts (``chained``:
    the second move of one tap; a move is otherwise made against the revision on screen, so a
    double tap applies once). A refusal is said once: in the override dialog when a card may
    override the rule (the banner cleared), else in the frame's banner, headed by the
    player's name when it is about one player."""
    ui = board_ui(view)

    def send(type: str, data: dict[str, Any], chained: bool = False) -> bool:
        if chained:
            view.mark_shown()
        player = data.get("player")
        ok = send_noting_gear(view, type, data)
        said = view.error
        if ok or not said:
            return ok
        if not data.get("override") and f"«{OVERRIDE_NOTE}»" in said:  # a card may override
            ui.override = {"type": type, "data": data, "message": said}
            view.clear_message()  # the dialog says it
        elif isinstance(player, int) and view.error_player == player:
            view.error = about_player(view.game.players[player], said)
        return ok

    return ft.use_callback(send, [view])


def seals_in_bar(layout: Layout, fighting: bool) -> bool:
    """The seals fold into the pinned bar: a short page in one column (two columns' bar has
    no room), out of a fight (a folded fight puts the top line after the players)."""
    return layout.short and not layout.two_columns and not fighting


def _empty() -> ft.Control:
    return ft.Container(visible=False)


@ft.component
def Board(view: GameView) -> ft.Control:
    """The turn or the combat, then the players (see the module docstring). Every slot is
    always there (hidden when unused): the players keep their places and their rows' state."""
    view.mark_shown()  # a tap on the board is made against what the board shows
    game, state, ui = view.game, view.state, board_ui(view)
    send = use_send(view)
    add_monster = ft.use_callback(lambda: setattr(ui, "monster_form", "add"), [ui])
    ask_seal = ft.use_callback(lambda: setattr(ui, "sealing", True), [ui])
    names = tuple(game.players)
    over = MUNCHKIN.ended(state)  # won, or the seventh seal broken: nobody's turn
    c, totals = state.combat, MUNCHKIN.totals(state)
    fighting = c is not None and totals is not None
    role = {} if c is None else {c.fighter: _("в бою"), c.helper: _("помогает")}
    levels = tuple(p.level for p in state.players)
    giving = c is None and state.phase == CHARITY and not state.charity_done and not over
    won_fight = bool(state.last_combat) and state.last_combat["result"] == "won"
    # a fight that ends shows the board from its top, where its summary is
    use_top_on(None if fighting else "calm")
    layout = use_layout()
    folded = fighting and layout.short  # the seals' line then goes after the players
    summary = last_combat_text(view.game) if c is None else ""
    slot: ft.Control | None = LastCombat(summary) if summary else None
    if giving:  # beside «От щедрот» the treasures a won fight still draws
        treasures = state.last_combat["treasures"] if won_fight else 0
        slot = CharitySlot(
            state.active, treasures, last_hand(game), names, levels, view.show_notice, send
        )
    in_bar = seals_in_bar(layout, c is not None)
    turn_bar = top_line(slot, None if in_bar else state.seals, over, send, ask_seal)
    won = state.seals >= SEALS_TO_END and game.outcome() is None
    colors, turn = [s.color for s in game.setup.players], None if over else state.active
    rows = [
        PlayerRow(i, names[i], colors[i], p, turn == i, role.get(i, ""), over, send)
        for i, p in enumerate(state.players)
    ]
    # a pane of a medium width or more: the fight beside the players, or them two by two
    two = layout.board_columns == 2
    columns = 1 if fighting else layout.board_columns
    players = grid(rows, columns, run_spacing=4 if layout.short else 6)
    fight = ft.Container(
        CombatView(c, totals, names, send, add_monster, folded) if fighting else _empty(),
        visible=fighting,
        expand=two,
    )
    form, fleeing = ui.monster_form, ui.fleeing
    return ft.Column(
        [
            _empty() if folded else turn_bar,
            WinnerPicker(names, levels, send) if won else _empty(),
            ft.Row(
                [fight, ft.Container(players, expand=True)],
                spacing=6,
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
            if two
            else ft.Column([fight, players, turn_bar if folded else _empty()], spacing=6),
            # last: when the first move hides it, nothing above moves
            Reminder() if not game.events else _empty(),
            # the dialogs follow ``ui`` (observed) and, while open, what they show
            part(MonsterDialog, view, (form, view.error) if form else None, ui),
            part(FleeDialog, view, (c.monsters, c.helper) if fleeing and c else None, ui),
            part(Question, view, (state.seals, over) if ui.sealing else None, ui, send),
        ],
        spacing=6,
    )


#: Height of the bar's content (the primary button is 56 dp tall).
BAR_HEIGHT = 64


def _secondary(ident: str, text: str, icon: ft.IconData, tap: Callable[[], None]) -> ft.Control:
    """The bar's second button in the room the primary one leaves: its text cut with «…» in
    a narrow side column (640×360), whole in its tooltip and label."""
    cut = clipped_text(text, 14, expand=True, expand_loose=True)
    return ft.Container(
        outlined(ident, icon, cut, tap, height=56, pad=12, tooltip=text),
        expand=True,
        alignment=ft.Alignment.CENTER_LEFT,
    )


def start_fight(view: GameView) -> None:
    """«Бой!»: the monster form — or, when the rules refuse any fight now («Фазы хода»), the
    refusal at once, with «Карта так говорит» to open the form anyway."""
    ui = board_ui(view)
    if view.readonly or view.locked:
        view.explain("combat.start", {"monster": {"name": "?", "level": 1}})  # says why: no move
    elif refused := fight_refusal(view.game):
        view.clear_message()
        ui.override = {"type": "combat.start", "data": {}, "message": refused, "form": True}
    else:
        ui.monster_form = "start"


@ft.component
def Actions(view: GameView) -> ft.Control:
    """The pinned bar. Tags: ``primary-action``, ``flee``, ``start-combat``, ``loot``.
    Re-rendered when what it offers changes, not on every move."""
    state = view.state
    over = MUNCHKIN.ended(state)
    seals = state.seals if seals_in_bar(use_layout(), state.combat is not None) else None
    key = (over, state.combat is not None, state.phase, state.met_monster, state.looted, seals)
    return part(_Bar, view, (*key, view.moment()), seals)


@ft.component
def _Bar(view: GameView, seals: int | None) -> ft.Control:
    """``seals``: the seals broken for :func:`.SealsButton` between the buttons, or ``None``."""
    view.mark_shown()  # the bar's tap is made against what the bar shows
    state, ui, moment = view.state, board_ui(view), view.moment()
    over = MUNCHKIN.ended(state)
    secondary: ft.Control = ft.Container()
    if over:
        primary = primary_button(_("Игра окончена"), None, disabled=True)
    else:
        if state.combat is not None:
            flee = partial(setattr, ui, "fleeing", True)
            secondary = _secondary("flee", _("Смываемся"), ft.Icons.DIRECTIONS_RUN, flee)
            text, act, icon = _("Победа"), moves.munchkin_resolve, ft.Icons.EMOJI_EVENTS
        else:
            if state.phase in (KICK, TROUBLE):
                fight = partial(start_fight, view)
                secondary = _secondary("start-combat", _("Бой!"), ft.Icons.SPORTS_MMA, fight)
            elif state.phase == LOOT and not state.met_monster and not state.looted:
                loot = partial(moves.munchkin_loot, view)
                secondary = _secondary("loot", _("Дверь на руку"), ft.Icons.STYLE, loot)
            text = _("Следующий игрок") if state.phase == CHARITY else _("Дальше")
            act, icon = moves.munchkin_phase_next, ft.Icons.SKIP_NEXT
        primary = primary_button(text, partial(act, view), icon=icon, moment=moment)
    seal = [] if seals is None else [SealsButton(seals, over, lambda: setattr(ui, "sealing", True))]
    return ft.Container(
        ft.Row([secondary, *seal, primary], alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
        height=BAR_HEIGHT,
    )
