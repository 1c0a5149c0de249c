"""Board and setup form of «Свободный счёт» (see :mod:`companion.engine.free`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.i18n import _
from companion.store.limits import COUNTER_NAME_CHARS
from companion.ui.boards.types import OptionsUpdate
from companion.ui.layout import grid, use_layout
from companion.ui.state import GameView
from companion.ui.widgets import (
    TARGET,
    WIDE,
    StepCounter,
    clipped_text,
    confirm_dialog,
    icon_button,
    primary_button,
    switch_row,
    tagged,
    typed_number,
    typed_text,
)

__all__ = ["Board", "Actions", "OptionsForm"]


@dataclass(frozen=True)
class _Move:
    """``send(type, {player, counter, <field>: n})`` as a callback that compares equal between
    renders (a new ``lambda`` never does), so the memoised counters are skipped."""

    send: Callable[..., bool]
    type: str
    player: int
    counter: str
    field: str

    def __call__(self, n: int) -> bool:
        return self.send(self.type, {"player": self.player, "counter": self.counter, self.field: n})


#: A counter re-renders only when its own value changes.
_StepCounter = ft.memo(StepCounter)


def _value_width(caption: str, compact: bool) -> int:
    """The number's box (px): wide enough for the counter's name above it at 11 px
    («Победные очки» whole, not «Победн…»), up to 132 px; fixed for the game, so nothing moves."""
    base = 56 if compact else 80
    return max(base, min(132, round(len(caption) * 6.6) + 8))


#: A phone's page (below :data:`~companion.ui.widgets.WIDE`): the player row's content is the
#: page's width less this (px): the page's and the frame's padding (10 + 12 a side), the colour
#: strip (6) and the row's own padding (8 + 4).
ROW_INSET = 2 * (10 + 12) + 6 + 8 + 4
#: The narrowest number box (px): a tap on it opens the number pad, so it is a 48 dp target
#: like the −/+ beside it (play-test: 44 px at 360 px); a long number is drawn smaller to fit
#: (:func:`~companion.ui.widgets.number_size`).
MIN_BOX = TARGET


def box_width(counters: tuple[tuple[str, int], ...], page_width: float | None) -> int:
    """The number box of every counter of the game (one width: the columns line up).

    Wide enough for the longest name (:func:`_value_width`), but on a phone no wider than
    lets as many counters as can share a line do so (play-test: «Победные очки» and «Золотые
    монеты» put each player's two counters on two lines, and at 360×640 the fourth player
    below the screen); the name is then cut with «…» and said whole by the −/+ buttons and
    the box's tooltip. Three counters or more never fit one line of a phone with 48 dp −/+
    (three need 3 × (96 + 44) + 2 × 16 = 452 px, a 390 px phone's row has 328): they go two
    to a line, in columns (at 360 px a name-wide box put each on a line of its own).
    """
    return _layout(counters, page_width)[0]


def counter_gap(counters: tuple[tuple[str, int], ...], page_width: float | None) -> int:
    """The gap (px) between two counters' pills on a line: :data:`COUNTER_GAP`, or
    :data:`NARROW_GAP` where that lets the counters share a line with 48 dp number boxes
    (two to a line at 360 px)."""
    return _layout(counters, page_width)[1]


def _layout(counters: tuple[tuple[str, int], ...], page_width: float | None) -> tuple[int, int]:
    """(number box, gap) for :func:`box_width` and :func:`counter_gap`: the most counters to
    a line, the wide gap before the narrow one."""
    longest = max((c for c, _s in counters), key=len) if len(counters) > 1 else ""
    width = _value_width(longest, True)
    if page_width is None or page_width >= WIDE or len(counters) < 2:
        return width, COUNTER_GAP
    for per_line in range(len(counters), 1, -1):
        for gap in (COUNTER_GAP, NARROW_GAP):
            room = page_width - ROW_INSET - (per_line - 1) * gap
            fit = (
                int(room // per_line) - 2 * TARGET - 1
            )  # 1 px spare: Flutter lays out in fractions
            if fit >= MIN_BOX:
                return min(width, fit), gap
    return width, COUNTER_GAP


def _counter_row(
    index: int,
    name: str,
    values: tuple[int, ...],
    counters: tuple[tuple[str, int], ...],
    send: Callable[..., bool],
    width: int,
) -> list[ft.Control]:
    out: list[ft.Control] = []
    for j, (counter, step) in enumerate(counters):
        one = _StepCounter(
            f"val-p{index}-c{j}",
            f"{name}: {counter}",
            counter if len(counters) > 1 else "",
            values[j],
            step,
            _Move(send, "counter.add", index, counter, "delta"),
            _Move(send, "counter.set", index, counter, "value"),
            width,
        )
        # several counters: each «− value +» on a pill of its own, so which −/+ belong to
        # which number is plain to see (play-test: one's «+» and the next one's «−» read as
        # a pair, 6 px apart)
        out.append(_group(one) if len(counters) > 1 else one)
    return out


#: A counter's pill (a fill, no stroke: cheaper for the browser to draw, see
#: docs/FLET_FINDINGS.md), as round as its 48 dp buttons.
_GROUP_FILL = ft.Colors.with_opacity(0.07, ft.Colors.ON_SURFACE)
#: The gap (dp) between two counters' pills, across and down: one's «+» and the next one's
#: «−» are never nearer than this (at least 8 dp between tap targets).
COUNTER_GAP = 16
#: The gap where 16 would leave a number box under 48 dp (two counters at 360 px): still
#: 8 dp between one's «+» and the next one's «−».
NARROW_GAP = 8


def _group(counter: ft.Control) -> ft.Control:
    return ft.Container(counter, bgcolor=_GROUP_FILL, border_radius=TARGET // 2)


@ft.component
def _Title(name: str, active: bool) -> ft.Control:
    """The player's name and «ходит» when it is their turn."""
    marker = ft.Container(
        ft.Text(_("ходит"), size=12, color=ft.Colors.ON_PRIMARY) if active else None,
        bgcolor=ft.Colors.PRIMARY if active else None,
        border_radius=8,
        padding=ft.Padding.symmetric(horizontal=6, vertical=1),
        width=54,
        height=20,
        alignment=ft.Alignment.CENTER,
    )
    return ft.Row(
        [
            ft.Container(
                ft.Text(
                    name,
                    size=17,
                    weight=ft.FontWeight.BOLD,
                    max_lines=1,
                    overflow=ft.TextOverflow.ELLIPSIS,
                ),
                expand=True,
            ),
            marker,
        ],
        spacing=4,
    )


Title = ft.memo(_Title)


@ft.component
def _PlayerRow(
    index: int,
    name: str,
    color: str,
    active: bool,
    values: tuple[int, ...],
    counters: tuple[tuple[str, int], ...],
    send: Callable[..., bool],
    box: int,
    gap: int = COUNTER_GAP,
) -> ft.Control:
    """One player: colour, name, «ходит» when it is their turn, and every counter with −/+.

    Memoised: a tap re-renders only the player whose values (or turn) changed. The row's
    height and the counters' places never depend on the values.
    """
    title = Title(name, active)
    one_line = len(counters) == 1
    if one_line:
        content: ft.Control = ft.Row(
            [
                ft.Container(title, expand=True),
                *_counter_row(index, name, values, counters, send, _value_width("", False)),
            ],
            spacing=4,
        )
    else:
        content = ft.Column(
            [
                title,
                ft.Row(
                    _counter_row(index, name, values, counters, send, box),
                    wrap=True,
                    spacing=gap,
                    run_spacing=COUNTER_GAP // 2,
                ),
            ],
            spacing=0,
            tight=True,
        )
    return tagged(
        f"player-{index}",
        ft.Container(
            content,
            # a square colour strip: a one-sided border with rounded corners draws stray arcs
            border=ft.Border.only(left=ft.BorderSide(6, color)),
            padding=ft.Padding.only(left=8, right=4, top=2, bottom=2),
            bgcolor=ft.Colors.with_opacity(0.10, color) if active else None,
        ),
        label=f"{name}{', ' + _('ходит') if active else ''}",
    )


PlayerRow = ft.memo(_PlayerRow)


def still_to_play(state: Any) -> list[int]:
    """The seats that still have a turn in this round: the active one, then each after it up
    to (not including) the first player, whose turn starts the next round."""
    n = len(state.values)
    seats = [state.active]
    while (seats[-1] + 1) % n != state.first:
        seats.append((seats[-1] + 1) % n)
    return seats


@ft.component
def Board(view: GameView) -> ft.Control:
    """The round and target (one line), then one memoised row per player."""
    game = view.game
    state = game.state
    target = state.target
    counters = tuple((c["name"], int(c["step"])) for c in state.counters)
    over = game.outcome() is not None
    # the board's width (the frame's layout: it follows the phone when it turns)
    layout = use_layout()
    width = layout.board_width
    box, gap = box_width(counters, width), counter_gap(counters, width)
    goal = f"{_('цель')}: {target['counter']} {target['value']}" if target else ""
    if over:  # not the round after the last one («Раунд 3» for a game ended in round 2)
        line = " · ".join(part for part in (_("Игра окончена"), goal) if part)
    elif target and state.target_round is not None:  # reached: the round is played out
        # the status line's note says the target is reached and the round played out; this
        # line says who still has a turn (it said the note's words again)
        line = _("Раунд {round} · до конца ходят: {names}").format(
            round=state.round, names=", ".join(game.setup.names[i] for i in still_to_play(state))
        )
    else:
        line = " · ".join(part for part in (f"{_('Раунд')} {state.round}", goal) if part)
    rows = [
        ft.Container(
            PlayerRow(
                i,
                spec.name,
                spec.color,
                state.active == i and not over,
                tuple(state.values[i][c] for c, _s in counters),
                counters,
                view.send,
                box,
                gap,
            ),
        )
        for i, spec in enumerate(game.setup.players)
    ]
    return ft.Column(
        [
            # one line whatever it says (cut at the end): the rows below never move
            tagged("round", clipped_text(line, 14), label=line),
            # one column on a phone, either way up; two on a board pane of a medium width
            grid(rows, layout.board_columns, spacing=6),
        ],
        spacing=6,
    )


def ahead(game: Any) -> str:
    """Who wins if the table stops now, in words for the «Завершить игру?» question: the
    leaders on the target's counter, else on the first one (``game.end`` in
    :mod:`companion.engine.free`). Names only, no values: the bar re-renders when the lead
    changes hands, not on every tap."""
    state = game.state
    key = state.target["counter"] if state.target else state.counters[0]["name"]
    scores = game.definition.scores(state)
    best = max(scores.values())
    names = [game.setup.names[i] for i, v in sorted(scores.items()) if v == best]
    # which counter decides, and why it (play-test: «больше всего «Золото»» read badly, and
    # nothing said that only the first counter counted); the same words as the engine's
    # result (:func:`companion.engine.free.deciding_counter`)
    if state.target:
        by = _("по счётчику цели «{counter}»").format(counter=key)
    elif len(state.counters) > 1:
        by = _("по первому счётчику «{counter}»").format(counter=key)
    else:
        by = _("по счётчику «{counter}»").format(counter=key)
    if len(names) == 1:
        return _("Победитель — {name}: больше всех {by}.").format(name=names[0], by=by)
    return _("Победители — {names}: поровну, больше всех {by}.").format(
        names=", ".join(names), by=by
    )


@ft.component
def Actions(view: GameView) -> ft.Control:
    """«Завершить игру» (a flag, left) and the primary «Следующий игрок» (right)."""
    over = view.game.outcome() is not None
    return ActionRow(over, view.send, view.explain, view.moment(), "" if over else ahead(view.game))


@ft.component
def _ActionRow(
    over: bool,
    send: Callable[..., bool],
    explain: Callable[..., bool],
    moment: str,
    leaders: str,
) -> ft.Control:
    """The flag asks first (play-test: it sits where a thumb rests, and one mis-tap ended
    the evening's scoring): «Завершить игру?» says who wins and that the score is fixed;
    «Играем дальше» keeps playing. A tap the game would refuse (a spectator's, a locked
    screen's) says why at once, with no question."""
    asking, set_asking = ft.use_state(False)

    def ask() -> None:
        if explain("game.end"):
            set_asking(True)

    def finish() -> None:
        set_asking(False)
        send("game.end")

    ft.use_dialog(
        confirm_dialog(
            _("Завершить игру?"),
            f"{leaders}\n" + _("Счёт будет зафиксирован; вернуть игру можно кнопкой «Отменить»."),
            ("end-cancel", _("Играем дальше"), lambda: set_asking(False)),
            ("end-confirm", _("Завершить"), finish),
            icon=ft.Icons.FLAG,
        )
        if asking and not over
        else None
    )
    return ft.Row(
        [
            icon_button(
                "end-game",
                ft.Icons.FLAG_OUTLINED,
                _("Завершить игру"),
                ask,
                disabled=over,
                label=_("Завершить игру"),
            ),
            primary_button(_("Игра окончена"), None, disabled=True)
            if over
            else primary_button(
                _("Следующий игрок"),
                lambda: send("turn.next"),
                icon=ft.Icons.SKIP_NEXT,
                moment=moment,
            ),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


#: Memoised: a move re-renders the bar only when the turn changes, or the game ends or comes
#: back.
ActionRow = ft.memo(_ActionRow)


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: OptionsUpdate, players: int = 0
) -> ft.Control:
    """Counters (name, step, start) and the optional target (every change is made to the
    latest options: see :data:`~companion.ui.boards.OptionsUpdate`)."""
    counters: list[dict[str, Any]] = options.get("counters") or []
    target = options.get("target")

    def update(i: int, key: str, raw: str) -> None:
        value = raw if key == "name" else typed_number(raw)

        def edited(o: dict[str, Any]) -> dict[str, Any]:
            new = [dict(c) for c in o.get("counters") or []]
            if i < len(new):
                new[i][key] = value
            return {**o, "counters": new}

        set_options(edited)

    def set_counter(counter: str | None) -> None:
        """The target's counter; the number keeps what the player typed (empty at first:
        nothing unseen is added to what is typed next)."""

        def chosen(o: dict[str, Any]) -> dict[str, Any]:
            if not counter:
                return {**o, "target": None}
            value = (o.get("target") or {}).get("value", "")
            return {**o, "target": {"counter": counter, "value": value}}

        set_options(chosen)

    def set_value(raw: str) -> None:
        """The target's number, as typed (``""`` while empty: the start then names the field);
        the counter is read from the latest options, never from this render's."""
        value = typed_number(raw) if raw.strip() else ""

        def typed(o: dict[str, Any]) -> dict[str, Any]:
            old = o.get("target")
            return {**o, "target": {**old, "value": value}} if old else o

        set_options(typed)

    def remove(i: int) -> None:
        set_options(
            lambda o: {
                **o,
                "counters": [c for k, c in enumerate(o.get("counters") or []) if k != i],
            }
        )

    rows = [
        ft.Row(
            [
                tagged(
                    f"counter-name-{i}",
                    ft.TextField(
                        label=_("Счётчик"),
                        value=c["name"],
                        width=150,
                        max_length=COUNTER_NAME_CHARS,  # the store refuses longer
                        counter="",
                        on_change=lambda e, i=i: update(i, "name", e.control.value),
                    ),
                ),
                tagged(
                    f"counter-step-{i}",
                    ft.TextField(
                        label=_("Шаг"),
                        value=str(c.get("step", 1)),
                        width=80,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=lambda e, i=i: update(i, "step", e.control.value),
                    ),
                ),
                tagged(
                    f"counter-start-{i}",
                    ft.TextField(
                        label=_("Старт"),
                        value=str(c.get("start", 0)),
                        width=80,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=lambda e, i=i: update(i, "start", e.control.value),
                    ),
                ),
                icon_button(
                    f"counter-remove-{i}",
                    ft.Icons.DELETE_OUTLINE,
                    _("Убрать счётчик"),
                    partial(remove, i),
                ),
            ],
            wrap=True,
        )
        for i, c in enumerate(counters)
    ]
    names = [c["name"] for c in counters if c.get("name")]
    return ft.Column(
        [
            ft.Text(_("Счётчики"), size=18, weight=ft.FontWeight.BOLD),
            *rows,
            tagged(
                "add-counter",
                ft.TextButton(
                    _("Добавить счётчик"),
                    icon=ft.Icons.ADD,
                    height=TARGET,
                    style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
                    on_click=lambda: set_options(
                        lambda o: {
                            **o,
                            "counters": [
                                *(o.get("counters") or []),
                                {"name": "", "step": 1, "start": 0},
                            ],
                        }
                    ),
                ),
            ),
            ft.Row(
                [
                    tagged(
                        "target-counter",
                        ft.Dropdown(
                            label=_("Цель (необязательно)"),
                            width=200,
                            value=target["counter"] if target else "",
                            options=[
                                ft.DropdownOption(key="", text=_("без цели")),
                                *[ft.DropdownOption(key=n, text=n) for n in names],
                            ],
                            on_select=lambda e: set_counter(e.control.value or None),
                        ),
                    ),
                    tagged(
                        "target-value",
                        ft.TextField(
                            label=_("до"),
                            width=90,
                            value=str(target["value"]) if target else "",
                            disabled=not target,
                            keyboard_type=ft.KeyboardType.NUMBER,
                            on_change=lambda e: set_value(typed_text(e)),
                        ),
                    ),
                ],
                wrap=True,
            ),
            # the whole row is the 48 dp target (a bare switch is 40 on the web)
            switch_row(
                "finish-round",
                _("Доиграть раунд, когда цель достигнута"),
                bool(options.get("finish_round")),
                lambda v: set_options(lambda o: {**o, "finish_round": v}),
                disabled=not target,
            ),
        ]
    )
