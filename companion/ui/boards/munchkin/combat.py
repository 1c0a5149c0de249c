"""The combat calculator: the board's own screen while a fight is on («Бой»).

From the top: who fights (and the rules link), both sides' totals in big type with the verdict
(monsters win ties), the helper, one-shot cards for either side and the monsters with their
enhancers. «Победа» and «Смываемся» are in the pinned bar (see :mod:`.actions`), so the totals
and the way out of the fight are on screen together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import flet as ft

from companion.i18n import _
from companion.ui.boards.munchkin.common import Send, rules
from companion.ui.boards.munchkin.fold import More
from companion.ui.widgets import TARGET, button, clipped_text, counter_step, icon_button, tagged

__all__ = ["ONE_SHOTS", "MonsterView", "CombatView"]

#: Quick one-shot bonuses offered for either side of a combat.
ONE_SHOTS = (1, 2, 3, 5, 10)
#: Line height of the monster row's texts: a two-line name and the levels fit its 48 dp.
_TIGHT = ft.TextStyle(height=1.1)


class MonsterView(NamedTuple):
    """What the screen shows of one monster (plain values, so memoisation can compare them)."""

    name: str
    level: int
    enhancers: int
    levels: int
    strength: int


def _side(ident: str, title: str, value: int, color: str) -> ft.Control:
    return ft.Column(
        [
            ft.Text(title, size=14),
            tagged(
                ident,
                ft.Container(
                    ft.Text(str(value), size=48, weight=ft.FontWeight.BOLD, color=color),
                    width=110,
                    height=56,
                    alignment=ft.Alignment.CENTER,
                ),
                label=str(value),
            ),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=0,
    )


def _title(side: str) -> str:
    return _("Манчкинам") if side == "players" else _("Монстрам")


@ft.component
def _Quick(side: str, send: Send) -> ft.Control:
    """«+1 … +10» for one side (plain props: rendered once, never by a one-shot tap): five
    48 dp targets 8 px apart (272 px, narrower than the 52 px buttons 4 px apart they were),
    in one row of the same height."""
    title = _title(side)
    return ft.Row(
        [
            button(
                f"bonus-{side}-{v}",
                f"+{v}",
                lambda _e, v=v: send("combat.bonus", {"side": side, "value": v, "label": ""}),
                ft.OutlinedButton,
                width=TARGET,
                style=ft.ButtonStyle(padding=0),
                label=f"{title} +{v}",
            )
            for v in ONE_SHOTS
        ],
        spacing=8,
        scroll=ft.ScrollMode.AUTO,
    )


@ft.component
def _Taken(side: str, k: int, v: int, send: Send) -> ft.Control:
    """One played one-shot card (tap to take it back); a new card renders only itself."""
    return button(
        f"bonus-{side}-remove-{k}",
        f"{v:+d}",
        lambda _e: send("combat.bonus.remove", {"side": side, "index": k}),
        ft.OutlinedButton,
        icon=ft.Icons.CLOSE,
        tooltip=_("Убрать разовую карту"),
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
        label=f"{v:+d}",
    )


Quick, Taken = ft.memo(_Quick), ft.memo(_Taken)


@ft.component
def _OneShots(side: str, played: tuple[int, ...], send: Send) -> ft.Control:
    """«+1 … +10» for one side, and the ones played (tap to take back) in a reserved row.

    The buttons are memoised pieces: a one-shot tap renders this row and the new card only.
    """
    title = _title(side)
    taken = [Taken(side, k, v, send) for k, v in enumerate(played)]
    # the played cards share the title's line (always 48 dp tall): nothing below moves
    return ft.Column(
        [
            ft.Container(
                ft.Row(
                    [ft.Text(f"{title}:", size=13), *taken],
                    spacing=4,
                    scroll=ft.ScrollMode.AUTO,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                height=TARGET,
            ),
            Quick(side, send),
        ],
        spacing=0,
    )


@ft.component
def _MonsterRow(i: int, m: MonsterView, send: Send) -> ft.Control:
    def edit(**changes: int) -> None:
        send("combat.monster.edit", {"index": i, **changes})

    def enhance(delta: int) -> None:
        edit(enhancers=m.enhancers + delta)

    return tagged(
        f"monster-{i}",
        ft.Container(
            ft.Row(
                [
                    # one 48 dp line: the name (two lines of 13 px: «Мутировавший зомби»
                    # whole, not «Мутировавши…») over the kill's levels, the whole of it one
                    # target that flips 1 ↔ 2 levels; two monsters fit a 390×844 fight with
                    # the totals (it was 71 px: the second monster went under the bar)
                    ft.Container(
                        tagged(
                            f"monster-{i}-levels",
                            ft.Container(
                                ft.Column(
                                    [
                                        clipped_text(
                                            m.name,
                                            13,
                                            lines=2,
                                            weight=ft.FontWeight.BOLD,
                                            style=_TIGHT,
                                        ),
                                        ft.Text(
                                            f"{_('ур.')} {m.level} · +{m.levels} {_('ур.')}",
                                            size=12,
                                            color=ft.Colors.PRIMARY,
                                            max_lines=1,
                                            style=_TIGHT,
                                        ),
                                    ],
                                    spacing=0,
                                    alignment=ft.MainAxisAlignment.CENTER,
                                ),
                                height=TARGET,
                                tooltip=_("1 или 2 уровня — как на карте"),
                                on_click=lambda: edit(levels=1 if m.levels == 2 else 2),
                            ),
                            label=f"{m.name}: за убийство {m.levels}",
                        ),
                        expand=True,
                    ),
                    # ±1 a tap, ±5 a long press (a +5 enhancer is one press, not five taps)
                    counter_step(f"monster-{i}-enh", _("Усилитель"), -1, 1, enhance),
                    tagged(
                        f"monster-{i}-power",
                        ft.Container(
                            ft.Column(
                                [
                                    ft.Text(f"{m.enhancers:+d}", size=11),
                                    ft.Text(str(m.strength), size=24, weight=ft.FontWeight.BOLD),
                                ],
                                spacing=0,
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                            ),
                            width=48,
                            alignment=ft.Alignment.CENTER,
                        ),
                        label=str(m.strength),
                    ),
                    counter_step(f"monster-{i}-enh", _("Усилитель"), 1, 1, enhance),
                    icon_button(
                        f"monster-{i}-remove",
                        ft.Icons.DELETE_OUTLINE,
                        _("Убрать без убийства"),
                        lambda: send("combat.monster.remove", {"index": i}),
                    ),
                ],
                spacing=0,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=ft.Padding.only(left=8),
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.ERROR),
        ),
        label=f"{m.name} {m.strength}",
    )


#: Height (px) of the folded totals' line: both numbers with their sides' names beside them
#: (five parts in 300 px: the calculator's inside at 360 px).
TOTALS_FOLDED = 42


def _compact_side(ident: str, value: int, color: str) -> ft.Control:
    return tagged(
        ident,
        ft.Container(
            ft.Text(str(value), size=32, weight=ft.FontWeight.BOLD, color=color),
            width=60,
            height=TOTALS_FOLDED,
            alignment=ft.Alignment.CENTER,
        ),
        label=str(value),
    )


@ft.component
def _Totals(
    players: int, monsters_total: int, players_win: bool, margin: int, folded: bool = False
) -> ft.Control:
    """Both sides' totals in big type and the verdict (monsters win ties). The players'
    total is green when they win, in the error colour when they do not. ``folded`` (a short
    page): one 42 px line, the sides' names beside the
    numbers, not over them (the two monsters of a fight with a helper are above the pinned
    bar at 390×760)."""
    if players_win:
        verdict = _("Побеждают манчкины")
    elif players == monsters_total:
        verdict = _("Ничья: побеждают монстры")
    else:
        # what the players still need («Бой»: monsters win ties), not the difference
        verdict = f"{_('Монстры сильнее: нужно ещё')} +{margin}"
    ours = ft.Colors.GREEN if players_win else ft.Colors.ERROR
    if folded:
        sides = ft.Row(
            [
                ft.Text(_("Манчкины"), size=13),
                _compact_side("total-players", players, ours),
                ft.Text(_("против"), size=12),
                _compact_side("total-monsters", monsters_total, ft.Colors.ERROR),
                ft.Text(_("Монстры"), size=13),
            ],
            spacing=0,
            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    else:
        sides = ft.Row(
            [
                _side("total-players", _("Манчкины"), players, ours),
                ft.Text(_("против"), size=14),
                _side("total-monsters", _("Монстры"), monsters_total, ft.Colors.ERROR),
            ],
            alignment=ft.MainAxisAlignment.SPACE_AROUND,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    return ft.Column(
        [
            sides,
            tagged(
                "verdict",
                ft.Container(
                    clipped_text(
                        verdict, 15, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
                    ),
                    bgcolor=ft.Colors.GREEN_100 if players_win else ft.Colors.RED_100,
                    height=36,
                    border_radius=8,
                    alignment=ft.Alignment.CENTER,
                ),
                label=verdict,
            ),
        ],
        spacing=6,
    )


@ft.component
def _Helpers(fighter: int, helper: int | None, names: tuple[str, ...], send: Send) -> ft.Control:
    """«Помощник:» and the helper buttons on one line (only one helps; a tap on the helper
    takes the help back)."""

    def pick_helper(p: int) -> None:
        if helper == p:
            send("combat.helper", {"player": None})
            return
        if helper is not None and not send("combat.helper", {"player": None}):
            return
        send("combat.helper", {"player": p}, chained=helper is not None)

    return ft.Row(
        [
            ft.Text(_("Помощник:"), size=13),
            *[
                tagged(
                    f"helper-{p}",
                    (ft.FilledButton if helper == p else ft.OutlinedButton)(
                        names[p],
                        height=TARGET,
                        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                        on_click=lambda _e, p=p: pick_helper(p),
                    ),
                    label=names[p] + (" помогает" if helper == p else ""),
                )
                for p in range(len(names))
                if p != fighter
            ],
        ],
        spacing=4,
        scroll=ft.ScrollMode.AUTO,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


# The calculator's sections are memoised apart: a one-shot card re-renders the totals and
# that side's cards, not the helpers and the monsters.
Totals, Helpers = ft.memo(_Totals), ft.memo(_Helpers)
OneShots, MonsterRow = ft.memo(_OneShots), ft.memo(_MonsterRow)


@ft.component
def _AddMonster(add_monster: Callable[[], None]) -> ft.Control:
    """«+ Монстр»: another monster joins the fight (a stable callback: rendered once)."""
    return button(
        "add-monster",
        _("Монстр"),
        add_monster,
        ft.OutlinedButton,
        icon=ft.Icons.ADD,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
        label=_("Ещё монстр"),
    )


AddMonster = ft.memo(_AddMonster)


@ft.component
def _Header(name: str, add_monster: Callable[[], None]) -> ft.Control:
    """«Бой: <name>», «+ Монстр» (a wandering monster joins: at the top of the fight, where
    it is on screen whatever the fight holds) and the rules link (plain props and a stable
    callback: a one-shot tap does not render it)."""
    return ft.Row(
        [
            ft.Icon(ft.Icons.SPORTS_MMA, color=ft.Colors.ERROR),
            ft.Container(
                tagged(
                    "fighter",
                    clipped_text(f"{_('Бой')}: {name}", 20),
                    label=name,
                ),
                expand=True,
            ),
            AddMonster(add_monster),
            icon_button(
                "combat-rules",
                ft.Icons.MENU_BOOK,
                _("Правила боя"),
                lambda: rules("Бой"),
            ),
        ],
        spacing=6,
    )


Header = ft.memo(_Header)


@ft.component
def _CombatView(
    fighter: int,
    helper: int | None,
    names: tuple[str, ...],
    players: int,
    monsters_total: int,
    players_win: bool,
    margin: int,
    monsters: tuple[MonsterView, ...],
    player_bonuses: tuple[int, ...],
    monster_bonuses: tuple[int, ...],
    send: Send,
    add_monster: Callable[[], None],
    folded: bool = False,
) -> ft.Control:
    """The open combat (plain props: it re-renders only when the combat changes); ``folded``
    (a short page): the totals in one line (:func:`_Totals`).

    A folded fight puts the monsters (their −/+) right under the totals and folds the helper
    and the one-shot cards into one line (:func:`_More`, ``combat-more``) that opens them
    below it: the fighter's strength against the monsters', each monster's −/+ and the
    pinned «Победа»/«Смываемся» are on screen together at 360×640, 640×360 and 844×390.

    Tags: ``combat``, ``total-players``, ``total-monsters``, ``verdict``, ``helper-{p}``,
    ``bonus-{side}-{v}``, ``bonus-{side}-remove-{k}``, ``monster-{i}`` (``-power``,
    ``-enh-plus``, ``-enh-minus``, ``-levels``, ``-remove``), ``add-monster``,
    ``combat-more`` (folded).
    """
    opened, set_opened = ft.use_state(False)
    rows = [MonsterRow(i, m, send) for i, m in enumerate(monsters)]
    secondary = [
        Helpers(fighter, helper, names, send),
        OneShots("players", player_bonuses, send),
        OneShots("monsters", monster_bonuses, send),
    ]
    if folded:
        toggle = More(
            None if helper is None else names[helper],
            sum(player_bonuses),
            sum(monster_bonuses),
            opened,
            set_opened,
        )
        parts = [*rows, toggle, *(secondary if opened else [])]
    else:
        parts = [*secondary, *rows]
    return tagged(
        "combat",
        ft.Container(
            ft.Column(
                [
                    Header(names[fighter], add_monster),
                    Totals(players, monsters_total, players_win, margin, folded),
                    *parts,
                ],
                spacing=4,  # with the 48 dp monster rows: two monsters fit 390×844
            ),
            padding=6,
            border_radius=12,
            border=ft.Border.all(2, ft.Colors.ERROR),
        ),
    )


#: Memoised: re-rendered only when the combat (or a fighter's strength) changes.
CombatView = ft.memo(_CombatView)
