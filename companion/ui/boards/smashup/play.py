"""The play board: the base list with one base open (memoised parts), an opened base scrolled
to the top under the pinned header. The open base's editor: «Сыграть приспешника сюда» (the
power asked in one tap: 1–8, «Другая сила…» for the pad; one ``play.minion`` move), power and
minions per player, the breakpoint change; ``small``: no group titles, the breakpoint beside
«Сыграть приспешника сюда»; on a narrow phone each player's name over their power group.
Tags: ``minion-power-<v>``, ``minion-power-pad``, ``minion-power-cancel``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.smashup import CHECK, PLAY, BaseState, reminder
from companion.engine.smashup.state import QUICK_POWERS
from companion.i18n import _
from companion.present.colors import ink
from companion.present.smashup import signed
from companion.store.bases import BaseCatalogue
from companion.ui.boards.smashup.base import BaseRow, row_key
from companion.ui.boards.smashup.common import caption_over, dot, reveal
from companion.ui.boards.smashup.header import OpenBase
from companion.ui.boards.smashup.phase import Reminder, card
from companion.ui.boards.smashup.score import use_scoring
from companion.ui.layout import use_layout
from companion.ui.nav import AppContext
from companion.ui.state import GameView
from companion.ui.taps import closing_dialog
from companion.ui.widgets import (
    TARGET,
    BoardScroll,
    Counter,
    button,
    clipped_text,
    number_pad,
    pad_name,
    said,
    tagged,
    use_form,
    use_top_on,
)
from companion.ui.widgets import use_number_pad as use_pad

__all__ = ["PlayBoard"]

#: A value button's width (dp) and how many per row.
KEY_WIDTH = 56
PER_ROW = 4


def minion_power_dialog(
    title: str,
    on_power: Callable[[int], None],
    on_pad: Callable[[], None],
    on_close: Callable[[], None],
) -> ft.AlertDialog:
    """The power question: ``title``, :data:`QUICK_POWERS` (``on_power(v)``), «Другая сила…»
    (``on_pad()``), «Отмена» (``on_close()``, also on dismiss)."""

    def key(v: int) -> ft.Control:
        return tagged(
            f"minion-power-{v}",
            ft.FilledTonalButton(
                content=ft.Text(str(v), size=20, weight=ft.FontWeight.BOLD),
                width=KEY_WIDTH,
                height=TARGET,
                on_click=lambda: on_power(v),
                style=ft.ButtonStyle(
                    padding=ft.Padding.all(0), visual_density=ft.VisualDensity.STANDARD
                ),
            ),
            label=f"{_('Сила')} {v}",
        )

    rows = [
        ft.Row([key(v) for v in QUICK_POWERS[i : i + PER_ROW]], spacing=8, tight=True)
        for i in range(0, len(QUICK_POWERS), PER_ROW)
    ]
    more = button(
        "minion-power-pad",
        _("Другая сила…"),
        on_pad,
        icon=ft.Icons.DIALPAD,
        style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
        label=_("Другая сила…"),
    )
    return ft.AlertDialog(
        modal=True,
        title=clipped_text(title, 18, lines=3),
        content=ft.Column([*rows, more], spacing=8, tight=True),
        actions=[button("minion-power-cancel", _("Отмена"), on_close, label=_("Отмена"))],
        on_dismiss=lambda: on_close(),
    )


def use_minion_play(
    j: int,
    name: str,
    who: str,
    extra: bool,
    send: Callable[..., bool],
    explain: Callable[..., bool] | None,
) -> tuple[Callable[[], None], ft.AlertDialog | None]:
    """A hook for base ``j``: ``(play, dialog)``; ``play()`` says a refused play at once
    (``explain``) or asks the power; ``dialog``: the question, its pad or ``None``; ``who``:
    the active player; ``extra``: a granted extra minion."""
    asking, set_asking = ft.use_state(False)
    # None: no pad; else the digits typed so far
    typed, set_typed, latest = use_form(lambda: None)
    minion: dict[str, Any] = {"base": j, "extra": True} if extra else {"base": j}

    def play(power: int) -> None:
        set_asking(False)
        set_typed(None)
        with closing_dialog():  # the dialog goes: a second tap must not play again
            send("play.minion", {**minion, "power": power})

    def ask() -> None:
        if explain is None or explain("play.minion", minion):
            set_asking(True)

    def to_pad() -> None:
        set_asking(False)
        set_typed("")

    if asking:
        title = f"{who}: {_('сила приспешника')} («{name}»)"
        return ask, minion_power_dialog(title, play, to_pad, lambda: set_asking(False))
    if typed is None:
        return ask, None
    dialog = number_pad(
        f"{who}: {_('сила приспешника')}",
        typed,
        lambda change: set_typed(lambda t: change(t) if t is not None else t),
        on_submit=play,
        on_close=lambda: set_typed(None),
        allow_negative=False,
        latest=lambda: latest(),
        value=0,
    )
    return ask, dialog


#: Widths (dp): power and minion numbers (a tap on the power opens its pad: a whole target),
#: the gap between the groups, the groups.
POWER_NUMBER, MINION_NUMBER, GROUP_GAP = TARGET, 24, 8
POWER_WIDTH, MINION_WIDTH = 2 * TARGET + POWER_NUMBER, 2 * TARGET + MINION_NUMBER
#: A −/number/+ group's tint: which «+» and «−» belong together.
_GROUP_BG = ft.Colors.with_opacity(0.06, ft.Colors.ON_SURFACE)
#: A player's name beside the groups, over the power group (narrowest phones) (px).
NAME_SIZE, CAPTION_SIZE = 13, 11
#: A number's room (px) under a caption over its group.
_CAPTION_NUMBER_TOP = 10


@ft.component
def PowerRow(
    j: int,
    base: str,
    i: int,
    player: str,
    color: str,
    power: int,
    minions: int,
    send: Callable[..., Any],
    open_pad: Callable[[int], None],
    caption: bool = False,
) -> ft.Control:
    """One player's power and minions on base ``j`` (memoised); ``caption``: the name over the
    power group instead of beside it; a tap on the name or the power opens ``open_pad(i)``."""
    name = said(
        f"name-b{j}-p{i}",
        clipped_text(
            player,
            CAPTION_SIZE if caption else NAME_SIZE,
            lines=1 if caption else 2,
            color=ink(color),
            weight=ft.FontWeight.BOLD,
            style=None if caption else ft.TextStyle(height=1.1),
        ),
    )

    def counter(what: str, value: int, word: str, **style: Any) -> ft.Control:
        return ft.Container(
            Counter(
                f"{what[:3]}-b{j}-p{i}",
                f"{player}, «{base}»: {word}",
                value,
                lambda d: send("base.adjust", {"base": j, "player": i, what: d}),
                **style,
            ),
            bgcolor=_GROUP_BG,
            border_radius=TARGET / 2,
        )

    power_group = counter(
        "power",
        power,
        _("сила"),
        width=POWER_NUMBER,
        size=20 if caption else 22,
        color=color,
        on_tap=lambda: open_pad(i),
        number_top=_CAPTION_NUMBER_TOP if caption else 0,
    )
    if caption:  # over the group between the glyphs; takes no taps
        power_group = ft.Stack([power_group, caption_over(name)], width=POWER_WIDTH, height=TARGET)
    minion_group = counter("minions", minions, _("приспешники"), width=MINION_NUMBER, size=16)
    groups = ft.Row([power_group, minion_group], spacing=GROUP_GAP, tight=True)
    head = ft.Container(
        None if caption else name,
        expand=True,
        alignment=ft.Alignment.CENTER_LEFT,
        tooltip=player,
        on_click=None if caption else lambda: open_pad(i),
    )
    return ft.Row([head, groups], spacing=2, height=TARGET)


_PowerRow = ft.memo(PowerRow)


def _titles() -> ft.Control:
    """«сила» and «приспешники» over the groups."""
    pairs = ((_("сила"), POWER_WIDTH), (_("приспешники"), MINION_WIDTH))
    words = [ft.Text(w, size=12, width=width, text_align=ft.TextAlign.CENTER) for w, width in pairs]
    titles = ft.Row(words, spacing=GROUP_GAP, tight=True)
    return ft.Row([ft.Container(expand=True), titles], spacing=2, height=16)


@ft.component
def BaseEditor(
    j: int,
    b: BaseState,
    names: tuple[str, ...],
    colors: tuple[str, ...],
    send: Callable[..., Any],
    active: int = 0,
    extra: bool = False,
    small: bool = False,
    explain: Callable[..., bool] | None = None,
) -> ft.Control:
    """«Сыграть приспешника сюда» for ``active`` (``extra``: outside «Играй карты»), power and
    minions per player on base ``j``, its breakpoint change; ``explain(type, data)`` says why
    a play is refused before the power is asked."""
    name, breakpoint, mod = b.name, b.breakpoint, b.mod_turn + b.mod_base
    power, minions = b.power, b.minions
    who, set_who = ft.use_state(0)  # the player whose power the pad sets
    who = who if who < len(names) else 0
    who_plays = names[active % len(names)]
    ask_power, asked = use_minion_play(j, name, who_plays, extra, send, explain)
    ft.use_dialog(asked)
    open_power = use_pad(
        pad_name(f"{names[who]}, «", name, f"»: {_('сила')}", f"{names[who]}: {_('сила')}"),
        lambda v: send("base.set", {"base": j, "player": who, "power": v}),
        current=power[who],
        allow_negative=False,
    )

    def open_pad(i: int) -> None:
        set_who(i)
        open_power()

    bp_text = f"{breakpoint}{f' ({signed(mod)})' if mod else ''}"
    play_text = _("Добавочный приспешник сюда") if extra else _("Сыграть приспешника сюда")
    play_label = f"{who_plays}: {play_text} («{name}»)"
    if small:  # two lines: «Сыграть» over «приспешника сюда»
        play_text = play_text.replace(" ", "\n", 1)
    text = clipped_text(
        play_text,
        13 if small else 14,
        lines=2 if small else 1,
        style=ft.TextStyle(height=1.1) if small else None,
    )
    play = tagged(
        f"play-minion-b{j}",
        ft.FilledTonalButton(
            content=ft.Row(
                [dot(colors[active % len(colors)], 12), text], spacing=6 if small else 8, tight=True
            ),
            height=TARGET,
            on_click=ask_power,
            style=ft.ButtonStyle(
                visual_density=ft.VisualDensity.STANDARD,
                padding=ft.Padding.symmetric(horizontal=10) if small else None,
            ),
        ),
        label=play_label,
    )
    bp_stepper = Counter(
        f"base-{j}-bp",
        _("Оборона"),
        breakpoint + mod,
        lambda d: send("breakpoint.modify", {"base": j, "delta": d, "until": "turn"}),
        width=40 if small else 72,
        size=18,
        tips=(_("Оборона −1 до конца хода"), _("Оборона +1 до конца хода")),
        number_top=_CAPTION_NUMBER_TOP if small else 0,
    )
    rows: list[ft.Control] = [] if small else [play, _titles()]
    if small:  # the breakpoint change beside «Сыграть приспешника сюда», its title over it
        title = caption_over(ft.Text(_("Оборона на ход"), size=10, no_wrap=True))
        left = ft.Container(play, expand=True, alignment=ft.Alignment.CENTER_LEFT)
        rows = [ft.Row([left, ft.Stack([bp_stepper, title])], spacing=4, height=TARGET)]
    pad = ft.use_callback(open_pad, [])
    caption = use_layout().narrow
    for i, player in enumerate(names):
        rows.append(
            _PowerRow(j, name, i, player, colors[i], power[i], minions[i], send, pad, caption)
        )
    if not small:
        bp_line = [clipped_text(_("Оборона на этот ход"), 13, expand=True), bp_stepper]
        rows.append(ft.Row(bp_line, height=TARGET))
    return tagged(
        f"base-{j}-editor",
        ft.Container(
            ft.Column(rows, spacing=2),
            padding=ft.Padding.only(left=2, right=0, top=0, bottom=4),
            border=ft.Border.only(left=ft.BorderSide(2, ft.Colors.OUTLINE_VARIANT)),
        ),
        label=f"«{name}»: {_('оборона')} {bp_text}",
    )


_Row = ft.memo(BaseRow)
_Editor = ft.memo(BaseEditor)


@ft.component
def PlayBoard(view: GameView, version: int, opened: OpenBase) -> ft.Control:
    """The bases and the scoring confirmation; ``opened``: :func:`.header.open_base_of` (closed
    at each new phase)."""
    catalogue = BaseCatalogue(ft.use_context(AppContext).hub.store.root)
    scroller = ft.use_context(BoardScroll)
    layout = use_layout()
    small = layout.short
    game = view.game
    state = view.state
    specs = game.setup.players
    over = state.winner is not None
    send = view.send

    when = (state.turn, state.phase)
    open_base = opened.at(when)
    # each phase and turn starts at the list's top
    use_top_on(when)

    def _toggle(j: int) -> None:
        # turn and phase read at tap time
        opened.toggle(j, (view.state.turn, view.state.phase))

    toggle = ft.use_callback(_toggle, [opened])

    async def to_open() -> None:
        """The base just opened goes to the top of the list."""
        if open_base is not None:
            await reveal(scroller, row_key(open_base))

    ft.use_effect(to_open, [open_base, when, opened.asked])

    score = use_scoring(view, catalogue, layout)
    names = tuple(s.name for s in specs)
    colors = tuple(s.color for s in specs)
    in_check = state.phase == CHECK and not over
    extra = state.phase != PLAY
    # hidden on a folded header, keeping its slot (and the rows' state)
    parts: list[ft.Control] = [
        card(
            Reminder(reminder(state), view.show_notice),
            ft.Padding.only(left=10, right=4, top=4, bottom=4),
            visible=small and not over,
        )
    ]
    for j, b in enumerate(state.bases):
        is_open = open_base == j and not over
        selected = state.selected == j
        parts.append(_Row(j, b, selected, in_check, is_open, toggle, score, small, over))
        if is_open:
            editor = _Editor(j, b, names, colors, send, state.active, extra, small, view.explain)
            parts.append(editor)
    return ft.Column(parts, spacing=6)
