"""The frame around every game board (SPEC §1, issue 11).

The frame decides the window's :class:`~companion.ui.layout.Layout` once, from the page's width
and height, and provides it to every board (:func:`~companion.ui.layout.use_layout`).

A compact width (a phone upright), top to bottom, nothing of it ever moves:

- the top bar: back, the game's name (wide screens), undo, redo, journal, rules, lock —
  each a 48×48 target (:func:`widgets.icon_button`);
- the status line (fixed height): whose turn, the phase or step, the turn clock (with the
  table's limit when one is set);
- the board's pinned header, when it has one (``Header(view)``: numbers a turn needs at
  every moment, such as Smash Up's plays left and VP strip), which the body scrolls under;
- the body, scrolling on its own: the result first when the game is over, then the board;
- the pinned action bar (fixed height): the board's ``Actions(view)``, the phase's primary
  action always in the same place.

Other widths (:attr:`Layout.two_columns`: a phone on its side, a tablet, a laptop) get two
columns: the board (under its header) left, using the whole height; status, result and the
action bar right (:attr:`Layout.side_width`). A short screen (:attr:`Layout.short`: any phone
on its side) also folds the board's header and rows, as a small phone upright does; at a
compact height (:attr:`Layout.tools_beside`) the top bar's buttons head the side column, so
the board has the whole height, and the game's name is left out (the status line says whose
turn it is). A side column too narrow for six 48 dp buttons (640×360) leaves out the
journal's: «Журнал» in «Последние ходы», just under them, opens it.

Refusals and notices (:class:`MessageOverlay`, :func:`_Messages`) are drawn for a few seconds
just above the pinned action bar, as a snackbar is: they never push anything nor cover the top
bar, the status line or the primary action; a longer refusal grows up over the board.

The pinned action bar keeps one place in the frame's tree at every size (:func:`_pinned_bar`):
a turned phone never mounts it afresh, so a question it asks stays open. Its primary action
takes the slot the layout gives (:func:`~companion.ui.controls.primary_slot`).

Re-rendering: the top bar, status line, message and result are memoised components with
plain props (``ft.memo``), so a tap re-renders the board and whatever part's props changed;
the clock's 1 s tick re-renders the status line only.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.i18n import _
from companion.present.status import status_props
from companion.ui.again import PlayAgain
from companion.ui.boards import BOARDS
from companion.ui.comfort import use_phone_comfort, use_self_heal
from companion.ui.controls import primary_slot
from companion.ui.layout import Layout, layout_for, primary_width, provide_layout
from companion.ui.messages import MESSAGE_MAX_WIDTH, MessageOverlay
from companion.ui.nav import RULES_GAME, app_model, go, rules_link
from companion.ui.result import ResultDetails, ResultHeader
from companion.ui.state import GameView
from companion.ui.status import StatusLine
from companion.ui.widgets import (
    TARGET,
    BoardScroll,
    clipped_text,
    icon_button,
    tagged,
    use_page_size,
    use_scroll_to,
)

__all__ = [
    "GameScreen",
    "RULES_GAME",
    "ACTION_BAR_HEIGHT",
    "STATUS_HEIGHT",
    "MESSAGE_MAX_WIDTH",
]

#: The room (px) a scrolling column keeps at its right for its scrollbar.
_SCROLLBAR_LANE = ft.Padding.only(right=12)
#: Heights that never change (px).
ACTION_BAR_HEIGHT = 72
STATUS_HEIGHT = 52


@ft.component
def _Link(ident: str, icon: ft.IconData, tooltip: str, route: str) -> ft.Control:
    return icon_button(ident, icon, tooltip, lambda: go(route))


#: One top-bar button each, memoised on plain props: a move that only enables «Вернуть»
#: re-renders that button, not the bar.
Button = ft.memo(ft.component(lambda *args, **kw: icon_button(*args, **kw)))
Link = ft.memo(_Link)


@ft.component
def _TopBar(
    title: str,
    game_id: str,
    rules: str,
    can_undo: bool,
    can_redo: bool,
    locked: bool,
    show_title: bool,
    journal: bool,
    undo: Callable[[], None],
    redo: Callable[[], None],
    toggle_lock: Callable[[], None],
) -> ft.Control:
    """Back, the game, undo, redo, journal (``journal``), rules, lock: 48×48 each, always in
    this order."""
    return ft.Row(
        [
            Link("home", ft.Icons.ARROW_BACK, _("К списку игр"), "/"),
            clipped_text(
                title if show_title else "",
                20,
                weight=ft.FontWeight.BOLD,
                expand=True,
                tooltip=title if show_title else None,
            ),
            Button("undo", ft.Icons.UNDO, _("Отменить"), undo, disabled=not can_undo),
            Button("redo", ft.Icons.REDO, _("Вернуть"), redo, disabled=not can_redo),
            Link("open-log", ft.Icons.HISTORY, _("Журнал"), f"/game/{game_id}/log")
            if journal
            else ft.Container(visible=False),
            Link("open-rules", ft.Icons.MENU_BOOK, _("Правила"), rules),
            Button(
                "lock",
                ft.Icons.LOCK if locked else ft.Icons.LOCK_OPEN,
                _("Снять блокировку") if locked else _("Заблокировать от случайных нажатий"),
                toggle_lock,
                selected=locked,
                # what a screen reader says: the state and what a tap does
                label=_("Экран заблокирован: снять блокировку")
                if locked
                else _("Заблокировать от случайных нажатий"),
            ),
        ],
        spacing=0,
        height=48,
    )


TopBar = ft.memo(_TopBar)


@ft.component
def _RecentMoves(game: Any, version: int, game_id: str, count: int = 12) -> ft.Control:
    """The latest moves in the engine's words, newest first (the wide layout's side column):
    each at most two lines, cut with «…» (``recent-{k}``, newest 0, its label whole); the
    heading's «Журнал» (``recent-log``) opens the game's journal, where every move is whole."""
    lines = game.log_slice(0, count)  # newest first, O(count)
    return tagged(
        "recent-moves",
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Text(_("Последние ходы"), size=16, weight=ft.FontWeight.BOLD),
                        tagged(
                            "recent-log",
                            ft.TextButton(
                                _("Журнал"),
                                icon=ft.Icons.HISTORY,
                                height=TARGET,
                                on_click=lambda: go(f"/game/{game_id}/log"),
                            ),
                            label=_("Журнал: все ходы целиком"),
                        ),
                    ],
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                *[
                    tagged(
                        f"recent-{k}",
                        ft.Row(
                            [
                                ft.Container(
                                    ft.Text(
                                        time.strftime("%H:%M", time.localtime(ev.ts)),
                                        size=13,
                                        color=ft.Colors.ON_SURFACE_VARIANT,
                                    ),
                                    width=44,
                                ),
                                ft.Container(clipped_text(text, 14, lines=2), expand=True),
                            ],
                            spacing=6,
                            vertical_alignment=ft.CrossAxisAlignment.START,
                        ),
                        label=text,
                    )
                    for k, (ev, text) in enumerate(lines)
                ],
                *([ft.Text(_("Ходов ещё не было."), size=14)] if not lines else []),
            ],
            spacing=6,
        ),
    )


RecentMoves = ft.memo(_RecentMoves)


@dataclass(frozen=True, eq=False)
class _Handle:
    """The screen's :class:`GameView`, out of sight of Flet's observable-argument subscription:
    the frame's layout must not re-render on every change, only the parts below it."""

    view: GameView


def GameScreen(view: GameView) -> ft.Control:
    """The frame: top bar, status line (with messages over it), result, board, action bar.

    Each part that shows game state is its own component subscribed to ``view``; the layout
    around them (:func:`_Frame`) is not, so a change renders the board once (a parent and a
    child both subscribed to one observable would both render it).
    """
    return _Frame(_Handle(view))


#: The top bar's buttons (each :data:`TARGET` wide).
TOOLS = 6


@ft.component
def _Top(view: GameView, layout: Layout) -> ft.Control:
    """The top bar; in the side column (:attr:`Layout.tools_beside`) without the game's name,
    and without the journal's button when six do not fit there (see the module docstring)."""
    wide = layout.two_columns
    beside = layout.tools_beside
    app = app_model()
    use_phone_comfort(view.version, app.lan is None or app.lan.conn.secure, view.show_notice)
    game = view.game
    phase = game.definition.current_phase(game.state)
    # a board's one-line summary (``top_line(game)``: free counters' round and target) joins
    # the game's name in a wide top bar instead of taking a line of the board's height
    top_line = getattr(BOARDS[game.setup.game], "top_line", None)
    title = game.definition.title
    return TopBar(
        f"{title} · {top_line(game)}" if wide and top_line is not None else title,
        view.game_id,
        rules_link(game.setup.game, phase, f"/game/{view.game_id}"),
        game.can_undo,
        game.can_redo,
        view.locked,
        wide and not beside,
        not beside or layout.side_width - layout.side_gap >= TOOLS * TARGET,
        view.undo,
        view.redo,
        view.toggle_lock,
    )


@ft.component
def _Status(view: GameView, wide: bool) -> ft.Control:
    view.mark_shown()  # moves from this screen are made against what it shows now
    return ft.Container(
        StatusLine(
            view.game, status_props(view.game, not wide), view.show_notice, view.toggle_clock
        ),
        height=STATUS_HEIGHT,
    )


@ft.component
def _Messages(view: GameView, layout: Layout) -> ft.Control:
    """The refusal or notice just above the pinned action bar: a layer of the frame's ``Stack``
    as tall as its banner (an empty one takes no taps), never wider than
    :data:`MESSAGE_MAX_WIDTH`; on a wide screen within the side column, on a phone upright
    spanning the ``Stack`` (not the page, wider by its padding)."""
    message = MessageOverlay(view.error, view.notice, view.clear_message, True)
    if not layout.two_columns:  # a compact width: under 600 px, the banner may span it
        return ft.Container(message, left=0, right=0, bottom=ACTION_BAR_HEIGHT + 4)
    width = min(layout.side_width, MESSAGE_MAX_WIDTH)
    return ft.Container(message, right=0, width=width, bottom=ACTION_BAR_HEIGHT + 4)


def _layout_mark(layout: Layout) -> ft.Control:
    """A 1 px box in the top left corner named ``layout-<width>x<height>`` (an identifier,
    never read aloud): the size the server last laid the game out for. Keyed by it, so the
    client makes a new node for each size (an identifier changed in place reaches the
    browser's tree only with the next other change)."""
    name = f"layout-{layout.width:.0f}x{layout.height:.0f}"
    return ft.Container(tagged(name, ft.Container()), key=name, left=0, top=0, width=1, height=1)


def _pinned_bar(bar: ft.Control, layout: Layout) -> ft.Control:
    """The action bar as a layer of the frame's ``Stack``, over the empty box
    (:func:`_bar_room`) the layout leaves for it: the screen's width at the bottom in one
    column; in two, the side column's bottom, inset as the side column is (its gap and its
    1 px border), so the bar's box is the box the side column gives it."""
    if not layout.two_columns:
        return ft.Container(bar, left=0, right=0, bottom=0)
    return ft.Container(
        bar,
        right=0,
        bottom=0,
        width=layout.side_width,
        padding=ft.Padding.only(left=layout.side_gap),
        border=ft.Border.only(left=ft.BorderSide(1, ft.Colors.TRANSPARENT)),
    )


def _bar_room() -> ft.Control:
    """The empty box, as tall as the action bar, where a layout puts the bar
    (:func:`_pinned_bar` is drawn over it)."""
    return ft.Container(height=ACTION_BAR_HEIGHT)


def _with_messages(
    view: GameView, content: ft.Control, bar: ft.Control, layout: Layout
) -> ft.Control:
    """``content`` filling the screen, the action bar pinned over the room it leaves
    (:func:`_pinned_bar`), and the message layer (:func:`_Messages`)."""
    return ft.Stack(
        [
            ft.Container(content, left=0, right=0, top=0, bottom=0),
            _pinned_bar(bar, layout),
            _Messages(view, layout),
            _layout_mark(layout),
        ],
        expand=True,
    )


@ft.component
def _Result(view: GameView, wide: bool, scroller: ft.Ref[ft.Column]) -> ft.Control:
    """The result first when the game is over; on a wide screen also the latest moves.

    When the game becomes over (a won fight, the last move), the scrolling column that holds
    the result (``scroller``) goes back to its top: the result is put *above* the board, so a
    page scrolled down to the fight would otherwise keep the winner out of sight.
    """
    game = view.game
    over = game.outcome() is not None
    use_scroll_to(over, 0, scroller)
    parts: list[ft.Control] = []
    if over:
        # the game's own summary (a board's ResultSummary) right under the winner; it then
        # says where the time went, and the per-turn list is left out
        summary = getattr(BOARDS[game.setup.game], "ResultSummary", None)
        parts.append(ResultHeader(game, view.version))
        parts.append(PlayAgain(view))
        if summary is not None:
            parts.append(summary(view))
        parts.append(ResultDetails(game, view.version, summary is None))
    if wide:
        parts.append(RecentMoves(game, view.version, view.game_id))
    # nothing to show: hidden, so the body's spacing adds no gap above the board
    return ft.Column(parts, spacing=12, visible=bool(parts))


@ft.component
def _Frame(handle: _Handle) -> ft.Control:
    """The frame: decides the :class:`~companion.ui.layout.Layout` once, from the page's
    width and height, and provides it to everything inside (:func:`use_layout`)."""
    view = handle.view
    use_self_heal(view)
    layout = layout_for(*use_page_size())
    scroller = ft.use_ref(ft.Ref[ft.Column]).current  # the column that holds the result
    board_column = ft.use_ref(ft.Ref[ft.Column]).current  # the wide layout's board column
    return provide_layout(layout, lambda: _frame(view, layout, scroller, board_column))


def _gap() -> ft.Control:
    """An empty box in the frame's tree (see :func:`_frame`): hidden, it takes no room."""
    return ft.Container(visible=False)


def _frame(
    view: GameView, layout: Layout, scroller: ft.Ref[ft.Column], board_column: ft.Ref[ft.Column]
) -> ft.Control:
    wide = layout.two_columns
    board = BOARDS[view.game.setup.game]
    top = _Top(view, layout)
    primary_slot().width = primary_width(layout)  # every primary button's width on the page
    beside = layout.tools_beside  # the top bar heads the side column
    status = _Status(view, wide)
    actions = tagged(
        "action-bar",
        ft.Container(
            board.Actions(view) if hasattr(board, "Actions") else None,
            height=ACTION_BAR_HEIGHT,
            padding=ft.Padding.only(top=8),
            alignment=ft.Alignment.CENTER_RIGHT,
            border=ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        ),
    )
    # pinned above the scrolling body (its own component: it re-renders on its own)
    header = [board.Header(view)] if hasattr(board, "Header") else []
    # One tree for both layouts: the board (and its header) keep their place in it when the
    # phone turns, so their components keep their state — a fight, a chosen action, an open
    # dialog; what goes to the side column leaves an empty box in its place (drawn as
    # nothing: no gap).
    column = board_column if wide else scroller  # the board's scrolling column
    body = ft.Column(
        [
            _gap() if wide else _Result(view, wide, scroller),
            BoardScroll(column, lambda: board.Board(view)),
        ],
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        ref=column,
    )
    main = ft.Column(
        [_gap() if wide else status, *header, body, _gap() if wide else _bar_room()],
        spacing=4,
        expand=True,
    )
    side = (
        ft.Container(
            ft.Column(
                [
                    top if beside else _gap(),
                    status,
                    ft.Column(
                        # a lane on the right for the scrollbar: it never covers a line's «…»
                        [ft.Container(_Result(view, wide, scroller), padding=_SCROLLBAR_LANE)],
                        scroll=ft.ScrollMode.AUTO,
                        expand=True,
                        ref=scroller,
                    ),
                    _bar_room(),
                ],
                spacing=8,
                expand=True,
            ),
            width=layout.side_width,
            padding=ft.Padding.only(left=layout.side_gap),
            border=ft.Border.only(left=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
        )
        if wide
        else _gap()
    )
    frame = ft.Column(
        [
            _gap() if beside else top,
            ft.Row([main, side], expand=True, vertical_alignment=ft.CrossAxisAlignment.START),
        ],
        spacing=4,
        expand=True,
    )
    return _with_messages(view, frame, actions, layout)
