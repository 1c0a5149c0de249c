"""The guided step of Coup in the body: the question, what it means, and the choices that do
not fit the pinned bar (the action grid, who challenges or blocks, which card). A target is
aimed at by tapping its player's row (:mod:`.players`); the question says so meanwhile.

Nothing here is a dead button: an action the rules forbid now is drawn dimmed, and a tap
shows the engine's refusal (:func:`companion.engine.coup.refusal`) in the frame's banner.
The common answers («Объявить», «Никто», «Показан» / «Не показан») are in the pinned bar
(:mod:`.actions`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.coup import (
    ACTIONS,
    CHARACTER_NAMES,
    CHARACTERS,
    CoupState,
    awaiting,
    expected_outcome,
    explain,
    legal_declarations,
    legal_events,
    refusal,
    waiting_for,
)
from companion.i18n import _
from companion.ui.boards.coup.common import (
    ACTION_LABELS,
    Choice,
    genitive,
    opponents,
    step_title,
    use_short,
)
from companion.ui.boards.coup.players import PAIRS_FROM, ROW_MARGIN
from companion.ui.layout import use_layout
from companion.ui.nav import open_rules
from companion.ui.state import GameView
from companion.ui.text_fit import fit_size, lines, text_width
from companion.ui.widgets import TARGET, tagged

__all__ = ["Referee", "fold_texts", "outcome_line", "short_texts", "text_room", "title_size"]

#: Rulebook headings searched by the rules link of each step.
STEP_RULES = {
    "action": "Действия",
    "challenge": "Оспаривание",
    "challenge_result": "Оспаривание",
    "block": "Запрет действия",
    "block_challenge": "Оспаривание",
    "block_challenge_result": "Оспаривание",
    "lose_influence": "Покровители",
    "exchange": "Посол: обмен",
    "over": "Конец игры",
}


def _choice_button(
    ident: str,
    lines: list[str],
    on_click,
    *,
    selected: bool = False,
    dimmed: bool = False,
    label: str | None = None,
    width: int | None = None,
    size: int = 14,
    pad: int = 6,
    height: int = TARGET + 4,
) -> ft.Control:
    """A ``height`` dp tall button (52: room for two lines), at least 56 dp wide (one or two
    lines of text, the first at ``size`` px, ``pad`` px each side of it; 2 with a
    ``width``); ``dimmed`` looks unavailable but still answers a tap (with the reason)."""
    texts = [ft.Text(lines[0], size=size, weight=ft.FontWeight.W_600, no_wrap=True)]
    if len(lines) > 1:
        texts.append(ft.Text(lines[1], size=11, no_wrap=True))
    kind = ft.FilledButton if selected else ft.FilledTonalButton
    return tagged(
        ident,
        ft.Container(
            kind(
                content=ft.Column(
                    texts,
                    spacing=0,
                    tight=True,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=height,
                width=width,
                on_click=on_click,
                # compact density: 56 px wide at least (not 64), so five short names fit
                # one row on a phone; the height is set above (52 px)
                style=ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=2 if width else pad),
                    visual_density=ft.VisualDensity.COMPACT,
                ),
            ),
            opacity=0.45 if dimmed else 1.0,
        ),
        label=label or " ".join(lines),
    )


def outcome_line(state: CoupState) -> str:
    """«Итог действия: …» from :func:`~companion.engine.coup.expected_outcome` (while a block
    is pending: what happens if it stands), or «» when the explanation already says it."""
    text = expected_outcome(state)
    said = explain(state)
    if not text or text in said:
        return ""
    if awaiting(state) == "lose_influence" and state.pending is not None:
        # «Аня теряет покровителя» under «Аня теряет последнего покровителя … и выбывает»
        # said the loss twice, the second time without «последнего» (play-test)
        who = state.names[state.pending["losses"][0]["player"]]
        if text == f"{who} теряет покровителя" and f"{who} теряет" in said:
            return ""
    if awaiting(state) in ("challenge_result", "block_challenge_result"):
        return text  # «Показан: …» and «Не показан: …» (agreeing with the card), the bar's answers
    return f"{_('Итог действия')}: {text}"


#: Width (px) of an action button: three in a row with their 5 px gaps fit the panel on a
#: 360 px phone (300 px inside); at 104 the grid fell to two columns there and «Убийство»,
#: «Кража», «Обмен» went under the pinned bar (play-test). «Переворот −7» at 13 px fits.
ACTION_WIDTH = 96


#: A short page's action grid (:func:`_Grid`'s ``compact``): the four actions aimed at
#: nobody, then the three aimed at a player, 48 dp tall, text at 12 px — two rows instead of
#: three, so with six players the grid is above the pinned bar at 360×640.
COMPACT_ROWS = (("income", "foreign_aid", "tax", "exchange"), ("coup", "assassinate", "steal"))
#: Padding (px) of the step's box each side on a short page (8 otherwise), and the gap
#: between its buttons.
COMPACT_PAD, COMPACT_GAP = 4, 4


def compact_width(page_width: int, columns: int) -> int:
    """Width (px) of a button of a short page's step box in ``columns`` columns: at 360 px,
    74 in four, 100 in three."""
    inner = page_width - ROW_MARGIN - 2 * COMPACT_PAD
    return (inner - (columns - 1) * COMPACT_GAP) // columns


@ft.component
def _Grid(
    legal: tuple[str, ...],
    selected: str | None,
    on_tap: Callable[[str], None],
    compact: int = 0,
) -> ft.Control:
    """Seven actions in a 3-column grid; the ones not in ``legal`` dimmed. ``compact`` (a
    short page's width, px): two rows of :data:`COMPACT_ROWS`."""

    def button(a: str, width: int, size: int, height: int) -> ft.Control:
        info = ACTIONS[a]
        return _choice_button(
            f"act-{a}",
            [_(ACTION_LABELS[a]), CHARACTER_NAMES[info.claim] if info.claim else _("без карты")],
            lambda _e, a=a: on_tap(a),
            selected=a == selected,
            dimmed=a not in legal,
            width=width,
            size=size,
            height=height,
        )

    if compact:
        return ft.Column(
            [
                ft.Row(
                    [button(a, compact_width(compact, len(line)), 12, TARGET) for a in line],
                    spacing=COMPACT_GAP,
                )
                for line in COMPACT_ROWS
            ],
            spacing=COMPACT_GAP,
        )
    return ft.Row(
        [button(a, ACTION_WIDTH, 13, TARGET + 4) for a in ACTIONS],
        wrap=True,
        spacing=5,
        run_spacing=5,
    )


#: An answer button: (identifier, lines, label or "", dimmed, move type, move data).
Answer = tuple[str, tuple[str, ...], str, bool, str, tuple[tuple[str, Any], ...]]


#: The five characters' buttons of «какую карту раскрыть?»: 13 px text, 2 px each side, 4 px
#: apart, 48 dp tall (one line) — one row in the 330 px of the step's box on a 390 px phone
#: (at 14 px, 6 px and 5 px «Графиня» went to a second row, and with six players the
#: explanation under the buttons ran under the pinned bar: play-test).
CARD_SIZE, CARD_PAD, CARD_SPACING = 13, 2, 4


#: Sizes (px) of a name on a short page's answer button, largest first.
ANSWER_SIZES = (14, 13, 12, 11)


def answer_columns(answers: tuple[Answer, ...], page_width: int) -> int:
    """Columns of a short page's answers: five, four or three, the most in which every name
    fits its button at 13 px or more (and a blocker's character at 11): short names answer
    in one row, twelve-letter ones in three columns (at 360 px, two rows for five players;
    two to a row, as they wrapped before, took three)."""
    for columns in (5, 4, 3):
        room = compact_width(page_width, columns) - 4
        if all(
            text_width(lines[0], 13, bold=True) <= room
            and all(text_width(x, 11) <= room for x in lines[1:])
            for _ident, lines, *_rest in answers
        ):
            return columns
    return 3


@ft.component
def _Answers(
    answers: tuple[Answer, ...],
    answer: Callable[..., None],
    cards: bool = False,
    compact: int = 0,
) -> ft.Control:
    """Who challenges, who blocks and with which character, which card is revealed
    (``cards``: the five characters, drawn smaller to fit one row).

    No caption before the buttons: the step's question above them says what a tap means
    («Кто-то оспаривает?»), and with six players a caption pushed a third row of buttons,
    and the step's texts under them, below the pinned bar.

    ``compact`` (a short page's width, px): who answers in columns of 48 dp buttons
    (:func:`answer_columns`), a name as large as fits its column — above the pinned bar at
    360×640 with six players of twelve-letter names."""
    column = (
        compact_width(compact, answer_columns(answers, compact)) if compact and not cards else None
    )
    return ft.Row(
        [
            _choice_button(
                ident,
                list(lines),
                lambda _e, kind=kind, data=data, dimmed=dimmed: answer(kind, dict(data), dimmed),
                dimmed=dimmed,
                label=label or None,
                width=column,
                size=(
                    fit_size(lines[0], column - 4, ANSWER_SIZES, bold=True)
                    if column
                    else CARD_SIZE
                    if cards
                    else 14
                ),
                pad=CARD_PAD if cards else 6,
                height=TARGET if cards or compact else TARGET + 4,
            )
            for ident, lines, label, dimmed, kind, data in answers
        ],
        wrap=True,
        spacing=COMPACT_GAP if column else CARD_SPACING if cards else 5,
        run_spacing=COMPACT_GAP if compact else 5,
    )


#: The gaps (px) between the step's question, its choices and its texts, and between the
#: explanation and «Итог действия»: with six players, 12-letter names and a player losing
#: the last card (six lines of text) everything stays above the pinned bar at 390×844.
GAP, TEXT_GAP = 2, 2
#: Lines kept for the step's texts at 13 px (the explanation, then «Итог действия» right
#: under it), 19 px apart on screen: the longest step's texts fit at 360 px wide with names
#: of 12 letters (``tests/ui/test_coup_text_fit.py``). The height is the same at every step,
#: so nothing under the texts moves when the step changes.
TEXT_LINES = 7
TEXT_HEIGHT = TEXT_LINES * 19 + TEXT_GAP + 2
#: A step's question longer than this many characters is drawn smaller on two lines.
TITLE_CHARS = 22
#: Sizes (px) of a question on two lines, largest first: 14 and 13 only where the question
#: shares its row with «Весь текст» (a short page whose texts are cut), 48 px narrower.
TITLE_SIZES = (15, 14, 13)


def title_size(title: str, room: float) -> int:
    """The size (px) of the step's question in a row ``room`` px wide: 18 on one line when it
    is short (:data:`TITLE_CHARS`), else the largest of :data:`TITLE_SIZES` that takes two
    lines at most."""
    if len(title) <= TITLE_CHARS:
        return 18
    for size in TITLE_SIZES:
        if lines(title, room, size, bold=True) <= 2:
            return size
    return TITLE_SIZES[-1]


# A short page (360×640: :func:`~.common.use_short`) has no room for :data:`TEXT_HEIGHT`
# under six rows and two rows of answers: the box ran 100 px under the pinned bar, and
# «Итог действия» was cut mid-line at the bar («…если заявление устоит, без…»), so a player
# scrolled to read it (play-test). There the box is as tall as the room left above the bar,
# the texts are drawn at 12 px, and what does not fit is cut with «…» and shown whole by
# «Весь текст» (``step-texts``), a 48 dp button beside the rules link.

#: Measured in Chromium on a short page (the frame's heights are fixed, only the page's
#: height varies): the first player row's top (px from the page's top: the top bar, the
#: status line, the folded bank), and what lies under the texts' box (its padding, the
#: frame's gap and the pinned bar: at 360×640 the bar's top line is at 546).
SHORT_ROWS_TOP, SHORT_UNDER = 193, 102
#: The gap (px) between the players' rows and the step's box (:func:`..Board`).
BOARD_GAP = 8
#: The step's texts on a short page: size and line height (px, as Chromium draws them).
SHORT_TEXT_SIZE, SHORT_LINE = 12, 17


def text_room(page_height: float, row_lines: int, answer_rows: int) -> int:
    """The height (px) left for the step's texts on a short page ``page_height`` px high,
    under ``row_lines`` lines of player rows (48 dp, 4 px apart), the step's question (48) and
    ``answer_rows`` rows of answers (48 dp, :data:`COMPACT_GAP` apart): the board then ends
    at the pinned bar's top, and nothing scrolls."""
    rows = row_lines * (TARGET + 4) - 4
    answers = answer_rows * (TARGET + COMPACT_GAP) - COMPACT_GAP + GAP if answer_rows else 0
    top = SHORT_ROWS_TOP + rows + BOARD_GAP + 4 + TARGET + GAP + answers
    return int(page_height - SHORT_UNDER - top)


def fold_texts(said: str, outcome: str, width: float, room: float) -> tuple[int, int, bool]:
    """How many lines of the explanation and of «Итог действия» a short page's box ``room``
    px high and ``width`` px wide shows at :data:`SHORT_TEXT_SIZE` (the explanation first,
    «Итог» in the lines it leaves), and whether anything is cut (then the last line shown
    ends with «…» and «Весь текст» shows both whole)."""
    need = lines(said, width, SHORT_TEXT_SIZE), lines(outcome, width, SHORT_TEXT_SIZE)
    fit = max(0, int(room) // SHORT_LINE)
    first = min(need[0], fit)
    # the gap between the two texts is smaller than the slack each line keeps
    second = min(need[1], max(0, (int(room) - first * SHORT_LINE - TEXT_GAP) // SHORT_LINE))
    if first < need[0]:
        second = 0
    return first, second, (first, second) != need


def _cut(text: str, size: int, shown: int | None, **style: Any) -> ft.Control:
    """A step's text at ``size``: whole (``shown`` is ``None``), or its first ``shown`` lines
    ending with «…» when it has more (none: an empty slot; a hidden text inside its tag drew
    Flutter's red error box)."""
    if shown is None:
        return ft.Text(text, size=size, **style)
    if shown == 0:
        return ft.Container(height=0)
    return ft.Text(text, size=size, max_lines=shown, overflow=ft.TextOverflow.ELLIPSIS, **style)


def short_texts(
    state: CoupState, answers: tuple[Answer, ...], page_width: int, page_height: float
) -> tuple[int, int, bool, int]:
    """A short page's step texts: the lines of the explanation and of «Итог действия» shown,
    whether anything is cut (:func:`fold_texts`), and the box's height (px,
    :func:`text_room`) — under the player rows (two to a line from :data:`PAIRS_FROM`
    players) and the step's ``answers`` (the cards in one row, who answers in the columns of
    :func:`answer_columns`)."""
    n = len(state.names)
    if not answers:
        answer_rows = 0
    elif any(a[0].startswith("lose-") for a in answers):
        answer_rows = 1
    else:
        answer_rows = math.ceil(len(answers) / answer_columns(answers, page_width))
    room = text_room(page_height, math.ceil(n / 2) if n >= PAIRS_FROM else n, answer_rows)
    inner = page_width - ROW_MARGIN - 2 * COMPACT_PAD
    shown = fold_texts(explain(state), outcome_line(state), inner, room)
    return (*shown, room)


# The step's sections are memoised on plain props, and a hidden one keeps the props it was
# last shown with: a step change that hides the action grid and shows the answers flips two
# ``visible`` flags instead of removing and adding some fifty controls.
Grid, Answers = ft.memo(_Grid), ft.memo(_Answers)


def _answers(state: CoupState) -> tuple[Answer, ...]:
    """The buttons of the step's answers (empty outside the answer steps)."""
    step = awaiting(state)
    p = state.pending
    names = state.names
    legal = legal_events(state)
    if step in ("challenge", "block_challenge"):
        return tuple(
            (
                f"challenge-p{c}",
                (names[c],),
                f"{names[c]} {_('оспаривает')}",
                False,
                "coup.challenge",
                (("challenger", c),),
            )
            for c in waiting_for(state)
        )
    if step == "block":
        return tuple(
            (
                f"block-p{d['blocker']}-{d['character']}",
                (names[d["blocker"]], CHARACTER_NAMES[d["character"]]),
                "",
                False,
                "coup.block",
                tuple(sorted(d.items())),
            )
            for kind, d in legal
            if kind == "coup.block"
        )
    if step == "lose_influence":
        assert p is not None
        who = p["losses"][0]["player"]
        allowed = {d["character"] for kind, d in legal if kind == "coup.lose_influence"}
        return tuple(
            (
                f"lose-{c}",
                (CHARACTER_NAMES[c],),
                "",
                c not in allowed,
                "coup.lose_influence",
                (("character", c), ("player", who)),
            )
            for c in CHARACTERS
        )
    return ()


@ft.component
def Referee(view: GameView, version: int, choice: Choice) -> ft.Control:
    """The question, the choices of the step, its explanation and the outcome line (one box
    of :data:`TEXT_HEIGHT`). Every section is always there (hidden when not this step's)."""
    state: CoupState = view.state
    step = awaiting(state)
    shown = ft.use_ref(None)  # the props the grid and the answers were last shown with

    def tap(a: str) -> None:  # reads the game at tap time: the handler outlives renders
        if view.too_soon():  # a double tap on the last step's card would pick an action
            return
        now: CoupState = view.state
        who = now.current
        legal = {d["action"] for d in legal_declarations(now)}
        if a not in legal:
            others = [t for t in range(len(now.names)) if t != who]
            data: dict[str, Any] = {
                "player": who,
                "action": a,
                "target": others[0] if ACTIONS[a].targeted and others else None,
            }
            reason = refusal(now, "coup.declare", data)
            view.error = reason or _("Это действие сейчас недоступно.")
            view.error_player = who
            return
        view.error = ""
        choice.pick(now.turn, a)

    def answer(kind: str, data: dict[str, Any], dimmed: bool) -> None:
        if dimmed:  # a card that may not be revealed: say why
            view.error = refusal(view.state, kind, data) or ""
            view.error_player = data.get("player")
            return
        view.send(kind, data)

    on_tap = ft.use_callback(tap, [view, choice])
    on_answer = ft.use_callback(answer, [view])
    # a short page (a 360×640 phone): the grid in two rows, who answers in three columns
    layout = use_layout()
    width = int(layout.board_width)
    compact = width if use_short(len(state.names)) else 0
    page_height = layout.height
    # «Весь текст» opened at this step (the number of moves then): a move closes it
    reading, set_reading = ft.use_state(-1)
    moves = len(view.game.events)
    if step == "over":
        ft.use_dialog(None)  # the hooks of every render, in the same order
        return ft.Container(height=0)
    last = shown.current or {"grid": ((), None), "answers": ()}
    acting = step == "action"
    title = step_title(state)
    if acting:
        declarations = legal_declarations(state)
        action, target = choice.current(state)
        last["grid"] = (tuple(d["action"] for d in declarations), action)
        if action is not None and ACTIONS[action].targeted and len(opponents(state)) > 1:
            # the rows are what is tapped to aim (their «цель?» chips): play-test at 390×844
            # with five players, the target buttons under the action grid were cut by the
            # pinned bar and nothing said that a row aims; six rows are on screen at 390×844
            if target is None:
                title = _("Против кого? Коснитесь строки игрока")
            else:  # aimed (play-test: the question stayed while the bar said «…против Ани»)
                title = f"{_('Против')} {genitive(state.names[target])}. " + _(
                    "Сменить — коснитесь другого"
                )
    else:
        last["answers"] = _answers(state)
    shown.current = last
    heading = STEP_RULES[step]
    said = explain(state) if not acting else ""
    outcome = outcome_line(state) if not acting else ""
    text_size, box_height = 13, TEXT_HEIGHT
    said_lines: int | None = None
    outcome_lines: int | None = None
    cut = False
    if compact and not acting:
        said_lines, outcome_lines, cut, room = short_texts(
            state, last["answers"], compact, page_height
        )
        text_size, box_height = SHORT_TEXT_SIZE, max(room, 0)
    # the question's room: the box's inside less the buttons beside it and the row's gap
    # (a wide page's board is a phone's width or more: sized as on a 390 px phone)
    inside = min(width, 390) - ROW_MARGIN - 2 * (COMPACT_PAD if compact else 8)
    size = title_size(title, inside - TARGET * (2 if cut else 1) - 10)
    if reading == moves and cut:
        texts = [t for t in (said, outcome) if t]
        dialog: ft.AlertDialog | None = ft.AlertDialog(
            modal=True,
            title=ft.Text(title, size=18),
            content=tagged(
                "step-texts-text",
                ft.Column([ft.Text(t, size=15) for t in texts], spacing=8, tight=True),
                label="\n".join(texts),
            ),
            actions=[
                tagged(
                    "step-texts-close",
                    ft.FilledButton(_("Понятно"), height=TARGET, on_click=lambda: set_reading(-1)),
                )
            ],
            on_dismiss=lambda: set_reading(-1),
        )
    else:
        dialog = None
    ft.use_dialog(dialog)
    whole = tagged(
        "step-texts",
        ft.IconButton(
            ft.Icons.INFO_OUTLINE,
            icon_color=ft.Colors.PRIMARY,
            tooltip=_("Весь текст"),
            width=TARGET,
            height=TARGET,
            on_click=lambda: set_reading(moves),
        ),
        label=_("Весь текст"),
    )
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Container(
                            tagged(
                                "step",
                                ft.Text(
                                    title,
                                    size=size,
                                    weight=ft.FontWeight.BOLD,
                                    max_lines=1 if size == 18 else 2,
                                ),
                                label=title,
                            ),
                            expand=True,
                        ),
                        ft.Row(
                            [
                                # what a short page's box cuts, whole (left of the rules link,
                                # which keeps its place)
                                *([whole] if cut else []),
                                tagged(
                                    "rules-link",
                                    ft.IconButton(
                                        ft.Icons.MENU_BOOK,
                                        tooltip=f"{_('Правила')}: {heading}",
                                        width=TARGET,
                                        height=TARGET,
                                        on_click=lambda: open_rules("coup", heading),
                                    ),
                                    label=f"{_('Правила')}: {heading}",
                                ),
                            ],
                            spacing=0,
                            tight=True,
                        ),
                    ],
                    height=TARGET,
                ),
                ft.Container(Grid(*last["grid"], on_tap, compact), visible=acting),
                # the answers right under the question, the explanation below them: with six
                # players the choices stay above the pinned bar without scrolling
                ft.Container(
                    Answers(
                        last["answers"],
                        on_answer,
                        any(a[0].startswith("lose-") for a in last["answers"]),
                        compact,
                    ),
                    visible=not acting and bool(last["answers"]),
                ),
                # the explanation and «Итог действия» right under it, in one box of a fixed
                # height: a short explanation leaves its lines to the outcome, and with six
                # players both stay above the pinned bar
                # (a short page: as tall as the room left above the pinned bar, the texts
                # cut with «…» to the lines it has, :func:`fold_texts`)
                ft.Container(
                    ft.Column(
                        [
                            tagged("explain", _cut(said, text_size, said_lines), label=said),
                            tagged(
                                "outcome",
                                _cut(
                                    outcome,
                                    text_size,
                                    outcome_lines,
                                    weight=ft.FontWeight.W_500,
                                ),
                                label=outcome,
                            ),
                        ],
                        spacing=TEXT_GAP,
                        tight=True,
                    ),
                    height=box_height,
                    alignment=ft.Alignment.TOP_LEFT,
                    clip_behavior=ft.ClipBehavior.HARD_EDGE,
                    visible=not acting,
                ),
            ],
            spacing=GAP,
        ),
        padding=ft.Padding.symmetric(horizontal=COMPACT_PAD if compact else 8, vertical=4),
        border_radius=12,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
    )
