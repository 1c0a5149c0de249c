"""The editor of an open base: «Сыграть приспешника сюда», power and minions per player, the
breakpoint change."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.i18n import _
from companion.ui.boards.smashup.base import (
    _BP_NUMBER,
    _CAPTION_NUMBER_TOP,
    _GROUP_BG,
    _MINION_WIDTH,
    _NAME_SPACING,
    _POWER_WIDTH,
    _SMALL_BP_NUMBER,
    _SMALL_CAPTION,
    CAPTION_SIZE,
    GROUP_GAP,
    MINION_NUMBER,
    NAME_SIZE,
    POWER_NUMBER,
    _signed,
)
from companion.ui.boards.smashup.common import caption_over, dot
from companion.ui.boards.smashup.minion import use_minion_play
from companion.ui.colors import ink
from companion.ui.layout import use_layout
from companion.ui.widgets import (
    TARGET,
    Counter,
    clipped_text,
    number_pad,
    pad_name,
    said,
    tagged,
    use_form,
)

__all__ = ["BaseEditor", "PowerRow"]


@ft.component
def PowerRow(
    j: int,
    base: str,
    i: int,
    player: str,
    color: str,
    power: int,
    minions: int,
    send: Callable[..., bool],
    open_pad: Callable[[int], None],
    caption: bool = False,
) -> ft.Control:
    """One player's power and minions on base ``j`` (memoised); ``caption``: the name over the
    power group instead of beside it."""
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
    power_group = _group(
        Counter(
            f"pow-b{j}-p{i}",
            f"{player}, «{base}»: {_('сила')}",
            power,
            lambda d: send("base.adjust", {"base": j, "player": i, "power": d}),
            width=POWER_NUMBER,
            size=20 if caption else 22,
            color=color,
            on_tap=lambda: open_pad(i),
            number_top=_CAPTION_NUMBER_TOP if caption else 0,
        )
    )
    if caption:
        # over the group between the glyphs; takes no taps
        power_group = ft.Stack(
            [
                power_group,
                caption_over(name),
            ],
            width=_POWER_WIDTH,
            height=TARGET,
        )
    groups = ft.Row(
        [
            power_group,
            _group(
                Counter(
                    f"min-b{j}-p{i}",
                    f"{player}, «{base}»: {_('приспешники')}",
                    minions,
                    lambda d: send("base.adjust", {"base": j, "player": i, "minions": d}),
                    width=MINION_NUMBER,
                    size=16,
                )
            ),
        ],
        spacing=GROUP_GAP,
        tight=True,
    )
    if caption:
        return ft.Row(
            [ft.Container(expand=True, tooltip=player), groups],
            spacing=_NAME_SPACING,
            height=TARGET,
        )
    return ft.Row(
        [
            ft.Container(
                name,
                expand=True,
                alignment=ft.Alignment.CENTER_LEFT,
                tooltip=player,
                on_click=lambda: open_pad(i),
            ),
            groups,
        ],
        spacing=_NAME_SPACING,
        height=TARGET,
    )


def _group(content: ft.Control) -> ft.Control:
    """A −/number/+ group on a light tint with round ends: which «+» and «−» belong together."""
    return ft.Container(content, bgcolor=_GROUP_BG, border_radius=TARGET / 2)


_PowerRow = ft.memo(PowerRow)


@ft.component
def BaseEditor(
    j: int,
    name: str,
    breakpoint: int,
    mod: int,
    names: tuple[str, ...],
    colors: tuple[str, ...],
    power: tuple[int, ...],
    minions: tuple[int, ...],
    send: Callable[..., bool],
    active: int = 0,
    extra: bool = False,
    small: bool = False,
    explain: Callable[..., bool] | None = None,
) -> ft.Control:
    """«Сыграть приспешника сюда» for ``active`` (``extra``: outside «Играй карты»), power and
    minions per player on base ``j``, its breakpoint change; ``explain(type, data)`` says why
    a play is refused before the power is asked."""
    # None: closed; (player, None): open on their power; (player, digits so far)
    pad, set_pad, latest = use_form(lambda: None)
    who = pad[0] if pad else 0
    who_plays = names[active % len(names)]
    ask_power, asked = use_minion_play(j, name, who_plays, extra, send, explain)
    ft.use_dialog(
        asked
        if asked is not None
        else number_pad(
            pad_name(f"{names[who]}, «", name, f"»: {_('сила')}", f"{names[who]}: {_('сила')}"),
            pad[1],
            lambda change: set_pad(lambda p: (p[0], change(p[1])) if p else p),
            on_submit=lambda v: (
                send("base.set", {"base": j, "player": who, "power": v})
                if v != power[who]
                else None
            ),
            on_close=lambda: set_pad(None),
            allow_negative=False,
            latest=lambda: (latest() or (0, None))[1],
            value=power[who],
        )
        if pad is not None and who < len(names)
        else None
    )
    bp_text = f"{breakpoint}{f' ({_signed(mod)})' if mod else ''}"
    play_text = _("Добавочный приспешник сюда") if extra else _("Сыграть приспешника сюда")
    play_label = f"{who_plays}: {play_text} («{name}»)"
    if small:  # two lines (see the module): «Сыграть» over «приспешника сюда»
        first, rest = play_text.split(" ", 1)
        play_text = f"{first}\n{rest}"
    play = tagged(
        f"play-minion-b{j}",
        ft.FilledTonalButton(
            content=ft.Row(
                [
                    dot(colors[active % len(colors)], 12),
                    clipped_text(
                        play_text,
                        13 if small else 14,
                        lines=2 if small else 1,
                        style=ft.TextStyle(height=1.1) if small else None,
                    ),
                ],
                spacing=6 if small else 8,
                tight=True,
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
        width=_SMALL_BP_NUMBER if small else _BP_NUMBER,
        size=18,
        tips=(_("Оборона −1 до конца хода"), _("Оборона +1 до конца хода")),
        number_top=_CAPTION_NUMBER_TOP if small else 0,
    )
    rows: list[ft.Control] = []
    if small:
        # the breakpoint change beside «Сыграть приспешника сюда», its title over it
        rows.append(
            ft.Row(
                [
                    ft.Container(play, expand=True, alignment=ft.Alignment.CENTER_LEFT),
                    ft.Stack(
                        [
                            bp_stepper,
                            caption_over(
                                ft.Text(_("Оборона на ход"), size=_SMALL_CAPTION, no_wrap=True)
                            ),
                        ]
                    ),
                ],
                spacing=4,
                height=TARGET,
            )
        )
    else:
        rows.append(play)
        rows.append(
            ft.Row(
                [
                    ft.Container(expand=True),
                    ft.Row(
                        [
                            ft.Text(
                                _("сила"),
                                size=12,
                                width=_POWER_WIDTH,
                                text_align=ft.TextAlign.CENTER,
                            ),
                            ft.Text(
                                _("приспешники"),
                                size=12,
                                width=_MINION_WIDTH,
                                text_align=ft.TextAlign.CENTER,
                            ),
                        ],
                        spacing=GROUP_GAP,
                        tight=True,
                    ),
                ],
                spacing=2,
                height=16,
            )
        )
    open_pad = ft.use_callback(lambda i: set_pad((i, None)), [])
    caption = use_layout().narrow
    for i, player in enumerate(names):
        rows.append(
            _PowerRow(j, name, i, player, colors[i], power[i], minions[i], send, open_pad, caption)
        )
    if not small:
        rows.append(
            ft.Row(
                [clipped_text(_("Оборона на этот ход"), 13, expand=True), bp_stepper], height=TARGET
            )
        )
    return tagged(
        f"base-{j}-editor",
        ft.Container(
            ft.Column(rows, spacing=2),
            padding=ft.Padding.only(left=2, right=0, top=0, bottom=4),
            border=ft.Border.only(left=ft.BorderSide(2, ft.Colors.OUTLINE_VARIANT)),
        ),
        label=f"«{name}»: {_('оборона')} {bp_text}",
    )
