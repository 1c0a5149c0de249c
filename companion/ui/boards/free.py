"""Board and setup form of «Свободный счёт» (see :mod:`companion.engine.free`); the form: the
counters (name, step, start) and the optional target."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.i18n import _
from companion.present.free import ahead, top_line, with_target_counter, with_target_value
from companion.store.limits import COUNTER_NAME_CHARS
from companion.ui.boards.types import OptionsUpdate
from companion.ui.layout import EXPANDED, grid, use_layout
from companion.ui.player_row import active_marker as marker
from companion.ui.player_row import player_name, player_row
from companion.ui.state import GameView
from companion.ui.tagged_controls import button, text_field
from companion.ui.widgets import (
    TARGET,
    Counter,
    clipped_text,
    confirm_dialog,
    icon_button,
    number_field,
    primary_button,
    switch_row,
    tagged,
    typed_number,
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
_Counter = ft.memo(Counter)

#: A lone counter's number: its slot (px) beside the name, and its type (px).
ONE_SLOT, ONE_SIZE = 80, 26
#: Several counters' numbers (px): a 360 px phone's slot, 48 dp, holds «−100»; longer is cut
#: with «…», whole in its label and on its pad.
PILL_SIZE = 20
#: A counter's pill: a fill, no stroke (cheaper to draw, docs/FLET_FINDINGS.md).
_GROUP_FILL = ft.Colors.with_opacity(0.07, ft.Colors.ON_SURFACE)
#: The gap (dp) between two pills, across and down; on the smallest phones
#: (:attr:`~companion.ui.layout.Layout.narrow`), still 8 dp between one's «+» and the next «−».
COUNTER_GAP, NARROW_GAP = 16, 8
#: The most counters beside the name on an expanded width or a short two-column screen.
BESIDE_MAX = 2


def _counter_row(
    index: int,
    name: str,
    values: tuple[int, ...],
    counters: tuple[tuple[str, int], ...],
    send: Callable[..., bool],
    share: int = 1,
) -> list[ft.Control]:
    """One counter per game counter; several: each «− value +» on a pill of its own that
    takes ``share`` parts of its line (which −/+ belong to which number is plain to see);
    ``share`` 0: a pill as narrow as its three 48 dp targets (a 48 dp number slot)."""
    several = len(counters) > 1
    out: list[ft.Control] = []
    for j, (counter, step) in enumerate(counters):
        one: ft.Control = _Counter(
            f"val-p{index}-c{j}",
            f"{name}: {counter}",
            values[j],
            _Move(send, "counter.add", index, counter, "delta"),
            _Move(send, "counter.set", index, counter, "value"),
            caption=counter if several else "",
            step=step,
            width=ONE_SLOT if not several else TARGET if not share else None,
            size=PILL_SIZE if several else ONE_SIZE,
            outlined=True,
        )
        if several:
            one = ft.Container(
                one, bgcolor=_GROUP_FILL, border_radius=TARGET // 2, expand=share or None
            )
        out.append(one)
    return out


@ft.component
def _PlayerRow(
    index: int,
    name: str,
    color: str,
    active: bool,
    values: tuple[int, ...],
    counters: tuple[tuple[str, int], ...],
    send: Callable[..., bool],
    gap: int = COUNTER_GAP,
    dense: bool = False,
    beside: bool = False,
    tight: bool = False,
) -> ft.Control:
    """One player: colour, name, «ходит» on their turn, every counter with −/+: a lone counter
    (``beside``: up to :data:`BESIDE_MAX`, the name one part of the line to each pill's two)
    on the name's line, else two to a line under it, ``gap`` px apart. ``dense``: a smaller
    name line, no padding. ``tight`` (beside, 640×360): pills as wide as their targets, the
    name 13 px in the rest (whole in its tooltip). The row's height and the counters' places
    never depend on the values."""
    share = (0 if tight else 2) if beside else 1
    pills = _counter_row(index, name, values, counters, send, share)
    one_line = len(counters) == 1 or beside
    if tight:
        name_line = clipped_text(name, 13, weight=ft.FontWeight.BOLD, tooltip=name)
        head: ft.Control = ft.Column([name_line, marker(active, True)], spacing=2, tight=True)
    elif one_line:
        head = player_name(name, active, stacked=beside)
    else:
        head = player_name(name, active, size=11 if dense else 17, dense=dense)
    return player_row(
        f"player-{index}",
        color,
        active,
        head,
        pills if one_line else (),
        label=f"{name}{', ' + _('ходит') if active else ''}",
        below=() if one_line else [grid(pills, 2, spacing=gap, run_spacing=COUNTER_GAP // 2)],
        frame="strip",
        dense=dense,
        spacing=gap if beside else 4,
    )


PlayerRow = ft.memo(_PlayerRow)


@ft.component
def Board(view: GameView) -> ft.Control:
    """The round and target (one line; on a wide window in the top bar, :func:`top_line`),
    then one memoised row per player."""
    game = view.game
    state = game.state
    counters = tuple((c["name"], int(c["step"])) for c in state.counters)
    over = game.outcome() is not None
    layout = use_layout()
    gap = NARROW_GAP if layout.narrow else COUNTER_GAP
    wide_or_short = layout.width_class == EXPANDED or (layout.two_columns and layout.short)
    beside = wide_or_short and len(counters) <= BESIDE_MAX
    tight = beside and layout.narrow  # 640×360: pills only as wide as their targets
    dense = layout.short  # a short screen: every player in view without a scroll
    # a phone on its side: one 48 dp line a player, touching (the strips tell them apart)
    spacing = (0 if beside else 2) if dense else 6
    rows = [
        PlayerRow(
            i,
            spec.name,
            spec.color,
            state.active == i and not over,
            tuple(state.values[i][c] for c, _s in counters),
            counters,
            view.send,
            gap,
            dense,
            beside,
            tight,
        )
        for i, spec in enumerate(game.setup.players)
    ]
    # one column on a phone, either way up; two on a board pane of a medium width
    players = grid(rows, layout.board_columns, spacing=spacing)
    if layout.two_columns and not layout.tools_beside:  # in the top bar (:func:`top_line`)
        return players
    line = top_line(game)
    return ft.Column(
        [
            # one line whatever it says (cut at the end): the rows below never move
            tagged("round", clipped_text(line, 13 if dense else 14), label=line),
            players,
        ],
        spacing=spacing,
    )


@ft.component
def Actions(view: GameView) -> ft.Control:
    """«Завершить игру» (a flag, left) and the primary «Следующий игрок» (right)."""
    over = view.game.outcome() is not None
    row: ft.Control = ActionRow(
        over, view.send, view.explain, view.moment(), "" if over else ahead(view.game)
    )
    return row


@ft.component
def _ActionRow(
    over: bool,
    send: Callable[..., bool],
    explain: Callable[..., bool],
    moment: str,
    leaders: str,
) -> ft.Control:
    """The flag asks first: «Завершить игру?» says who wins and that the score is fixed;
    «Играем дальше» keeps playing. A tap the game would refuse (a spectator's, a locked
    screen's) says why at once, with no question."""
    asking, set_asking = ft.use_state(False)

    def ask() -> None:
        if explain("game.end"):
            set_asking(True)

    def finish() -> None:
        set_asking(False)
        send("game.end")

    def next_player() -> None:
        send("turn.next")

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
                _("Следующий игрок"), next_player, icon=ft.Icons.SKIP_NEXT, moment=moment
            ),
        ],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )


#: Memoised: re-rendered only when the turn changes, or the game ends or comes back.
ActionRow = ft.memo(_ActionRow)


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: OptionsUpdate, players: int = 0
) -> ft.Control:
    """Counters (name, step, start) and the optional target (every change is made to the
    latest options: see :data:`~companion.ui.boards.OptionsUpdate`)."""
    counters: list[dict[str, Any]] = options.get("counters") or []
    target = options.get("target")

    def edit(change: Any) -> None:
        """``change(counters)`` applied to the latest options' counters (a copy of each)."""
        set_options(lambda o: {**o, "counters": change([dict(c) for c in o.get("counters") or []])})

    def update(i: int, key: str, raw: str) -> None:
        value = raw if key == "name" else typed_number(raw)
        edit(lambda new: [{**c, key: value} if k == i else c for k, c in enumerate(new)])

    def set_counter(counter: str | None) -> None:
        set_options(lambda o: with_target_counter(o, counter))

    def set_value(raw: str) -> None:
        """The target's number, as typed; applied to the latest options, never this render's."""
        value = typed_number(raw) if raw.strip() else ""
        set_options(lambda o: with_target_value(o, value))

    def field(ident: str, label: str, value: Any, i: int, key: str) -> ft.Control:
        """A counter's step or start: a number field 80 px wide, tagged ``ident``."""
        return number_field(ident, label, value, 80, lambda text: update(i, key, text))

    rows = [
        ft.Row(
            [
                text_field(
                    f"counter-name-{i}",
                    _("Счётчик"),
                    c["name"],
                    partial(update, i, "name"),
                    width=150,
                    max_length=COUNTER_NAME_CHARS,  # the store refuses longer
                ),
                field(f"counter-step-{i}", _("Шаг"), c.get("step", 1), i, "step"),
                field(f"counter-start-{i}", _("Старт"), c.get("start", 0), i, "start"),
                icon_button(
                    f"counter-remove-{i}",
                    ft.Icons.DELETE_OUTLINE,
                    _("Убрать счётчик"),
                    partial(edit, lambda new, i=i: [c for k, c in enumerate(new) if k != i]),
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
            button(
                "add-counter",
                _("Добавить счётчик"),
                lambda: edit(lambda new: [*new, {"name": "", "step": 1, "start": 0}]),
                icon=ft.Icons.ADD,
                style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
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
                    text_field(
                        "target-value",
                        _("до"),
                        str(target["value"]) if target else "",
                        set_value,
                        width=90,
                        disabled=not target,
                        keyboard_type=ft.KeyboardType.NUMBER,
                    ),
                ],
                wrap=True,
            ),
            switch_row(
                "finish-round",
                _("Доиграть раунд, когда цель достигнута"),
                bool(options.get("finish_round")),
                lambda v: set_options(lambda o: {**o, "finish_round": v}),
                disabled=not target,
            ),
        ]
    )
