"""The combat calculator while a fight is on («Бой»): who fights, both totals with the verdict
(monsters win ties), the helper, one-shot cards for either side, the monsters and their
enhancers; folded on a short page (:func:`CombatView`). Its sections are memoised apart: a
one-shot card re-renders the totals and that side's cards, not the helpers or monsters."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine.munchkin import Combat, CombatTotals, Monster
from companion.i18n import _
from companion.present.munchkin import verdict_text
from companion.ui.boards.munchkin.common import Send, outlined, rules
from companion.ui.widgets import TARGET, Counter, button, clipped_text, icon_button, tagged

__all__ = ["ONE_SHOTS", "CombatView"]

#: Quick one-shot bonuses offered for either side of a combat.
ONE_SHOTS = (1, 2, 3, 5, 10)
#: Line height of the monster row's texts: a two-line name and the levels fit its 48 dp.
_TIGHT = ft.TextStyle(height=1.1)
CENTRE = ft.CrossAxisAlignment.CENTER
#: Height (px) of the folded totals' line: the numbers with the sides' names beside them.
TOTALS_FOLDED = 42


def _title(side: str) -> str:
    return _("Манчкинам") if side == "players" else _("Монстрам")


def _total(ident: str, value: int, color: str, folded: bool) -> ft.Control:
    """A side's total in big type (32 px in a folded line, else 48)."""
    number = ft.Text(str(value), size=32 if folded else 48, weight=ft.FontWeight.BOLD, color=color)
    width, height = (60, TOTALS_FOLDED) if folded else (110, 56)
    box = ft.Container(number, width=width, height=height, alignment=ft.Alignment.CENTER)
    return tagged(ident, box, label=str(value))


@ft.component
def _Totals(totals: CombatTotals, folded: bool) -> ft.Control:
    """Both totals and the verdict (``verdict``); the players' total green when they win,
    else in the error colour. ``folded``: one 42 px line, the sides' names beside the
    numbers, not over them."""
    players, monsters, win = totals.players, totals.monsters, totals.players_win
    verdict = verdict_text(totals)
    ours = _total("total-players", players, ft.Colors.GREEN if win else ft.Colors.ERROR, folded)
    theirs = _total("total-monsters", monsters, ft.Colors.ERROR, folded)
    spread = ft.MainAxisAlignment.SPACE_BETWEEN if folded else ft.MainAxisAlignment.SPACE_AROUND
    if folded:  # the sides' names beside the numbers
        sides = [ft.Text(_("Манчкины"), size=13), ours, ft.Text(_("против"), size=12), theirs]
        sides.append(ft.Text(_("Монстры"), size=13))
    else:  # over them
        sides = [
            ft.Column([ft.Text(side, size=14), total], spacing=0, horizontal_alignment=CENTRE)
            for side, total in ((_("Манчкины"), ours), (_("Монстры"), theirs))
        ]
        sides.insert(1, ft.Text(_("против"), size=14))
    text = clipped_text(verdict, 15, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER)
    box = ft.Container(
        text,
        bgcolor=ft.Colors.GREEN_100 if win else ft.Colors.RED_100,
        height=36,
        border_radius=8,
        alignment=ft.Alignment.CENTER,
    )
    row = ft.Row(sides, spacing=0, alignment=spread)
    return ft.Column([row, tagged("verdict", box, label=verdict)], spacing=6)


@ft.component
def _Quick(side: str, send: Send) -> ft.Control:
    """«+1 … +10» for one side: five 48 dp targets 8 px apart (rendered once)."""
    plus = [
        button(
            f"bonus-{side}-{v}",
            f"+{v}",
            lambda _e, v=v: send("combat.bonus", {"side": side, "value": v, "label": ""}),
            ft.OutlinedButton,
            width=TARGET,
            style=ft.ButtonStyle(padding=0),
            label=f"{_title(side)} +{v}",
        )
        for v in ONE_SHOTS
    ]
    return ft.Row(plus, spacing=8, scroll=ft.ScrollMode.AUTO)


Quick = ft.memo(_Quick)


@ft.component
def _OneShots(side: str, played: tuple[int, ...], send: Send) -> ft.Control:
    """The side's title with the cards played (one 48 dp line: nothing below moves), then
    «+1 … +10»."""
    taken = [  # a tap takes a card back
        button(
            f"bonus-{side}-remove-{k}",
            f"{v:+d}",
            lambda _e, k=k: send("combat.bonus.remove", {"side": side, "index": k}),
            ft.OutlinedButton,
            icon=ft.Icons.CLOSE,
            tooltip=_("Убрать разовую карту"),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
            label=f"{v:+d}",
        )
        for k, v in enumerate(played)
    ]
    line = ft.Row(
        [ft.Text(f"{_title(side)}:", size=13), *taken], spacing=4, scroll=ft.ScrollMode.AUTO
    )
    return ft.Column([ft.Container(line, height=TARGET), Quick(side, send)], spacing=0)


@ft.component
def _MonsterRow(i: int, m: Monster, send: Send) -> ft.Control:
    """One 48 dp line: the name (two lines) over the kill's levels — one target that flips
    1 ↔ 2 levels —, the enhancers' −/+ (±5 on a long press) around the strength, «убрать».
    Tags ``monster-{i}`` (``-levels``, ``-enh-minus``, ``-power``, ``-enh-plus``,
    ``-remove``)."""

    def edit(**changes: int) -> None:
        send("combat.monster.edit", {"index": i, **changes})

    kill = f"{_('ур.')} {m.level} · +{m.levels} {_('ур.')}"
    texts = [
        clipped_text(m.name, 13, lines=2, weight=ft.FontWeight.BOLD, style=_TIGHT),
        clipped_text(kill, 12, color=ft.Colors.PRIMARY, style=_TIGHT),
    ]
    levels = ft.Container(
        ft.Column(texts, spacing=0, alignment=ft.MainAxisAlignment.CENTER),
        height=TARGET,
        tooltip=_("1 или 2 уровня — как на карте"),
        on_click=lambda: edit(levels=1 if m.levels == 2 else 2),
    )
    kills = tagged(f"monster-{i}-levels", levels, label=f"{m.name}: за убийство {m.levels}")
    line = [
        ft.Container(kills, expand=True),
        Counter(
            f"monster-{i}-power",
            _("Усилитель"),
            m.strength,
            lambda d: edit(enhancers=m.enhancers + d),
            caption=f"{m.enhancers:+d}",
            size=24,
            steps=f"monster-{i}-enh",
        ),
        icon_button(
            f"monster-{i}-remove",
            ft.Icons.DELETE_OUTLINE,
            _("Убрать без убийства"),
            lambda: send("combat.monster.remove", {"index": i}),
        ),
    ]
    frame = ft.Container(
        ft.Row(line, spacing=0),
        padding=ft.Padding.only(left=8),
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.ERROR),
    )
    return tagged(f"monster-{i}", frame, label=f"{m.name} {m.strength}")


@ft.component
def _Helpers(fighter: int, helper: int | None, names: tuple[str, ...], send: Send) -> ft.Control:
    """«Помощник:» and a button per other player (``helper-{p}``); one helps, a tap on the
    helper takes the help back."""

    def pick_helper(p: int) -> None:
        if helper is not None and not send("combat.helper", {"player": None}):
            return
        if helper != p:  # another player: the new helper, sent after the old one goes
            send("combat.helper", {"player": p}, chained=helper is not None)

    others = [
        button(
            f"helper-{p}",
            names[p],
            lambda _e, p=p: pick_helper(p),
            ft.FilledButton if helper == p else ft.OutlinedButton,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
            label=names[p] + (" помогает" if helper == p else ""),
        )
        for p in range(len(names))
        if p != fighter
    ]
    return ft.Row([ft.Text(_("Помощник:"), size=13), *others], spacing=4, scroll=ft.ScrollMode.AUTO)


@ft.component
def _Header(name: str, add_monster: Callable[[], None]) -> ft.Control:
    """«Бой: <name>» (``fighter``), «+ Монстр» (``add-monster``: a wandering monster joins)
    and the rules link (``combat-rules``)."""
    fighter = tagged("fighter", clipped_text(f"{_('Бой')}: {name}", 20), label=name)
    add = button(
        "add-monster",
        _("Монстр"),
        add_monster,
        ft.OutlinedButton,
        icon=ft.Icons.ADD,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
        label=_("Ещё монстр"),
    )
    link = icon_button("combat-rules", ft.Icons.MENU_BOOK, _("Правила боя"), lambda: rules("Бой"))
    icon = ft.Icon(ft.Icons.SPORTS_MMA, color=ft.Colors.ERROR)
    return ft.Row([icon, ft.Container(fighter, expand=True), add, link], spacing=6)


@ft.component
def _More(
    helper: str | None, ours: int, theirs: int, opened: bool, flip: Callable[[], None]
) -> ft.Control:
    """The folded fight's line (``combat-more``): «Помощник: Вика · разовые +5 / +0», cut
    with «…» on the narrowest phone; a tap opens the helper's and the one-shot cards' rows
    below it (where they say it whole), another folds them."""
    text = f"{_('Помощник')}: {helper or _('нет')} · {_('разовые')} {ours:+d} / {theirs:+d}"
    return outlined(
        "combat-more",
        ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
        clipped_text(text, 13, expand=True),
        flip,
        label=f"{text}: {_('свернуть') if opened else _('открыть')}",
    )


Totals, Helpers, OneShots = ft.memo(_Totals), ft.memo(_Helpers), ft.memo(_OneShots)
MonsterRow, Header, More = ft.memo(_MonsterRow), ft.memo(_Header), ft.memo(_More)


@ft.component
def _CombatView(
    c: Combat,
    totals: CombatTotals,
    names: tuple[str, ...],
    send: Send,
    add_monster: Callable[[], None],
    folded: bool = False,
) -> ft.Control:
    """The open combat ``c`` (tag ``combat``; re-rendered only when it or ``totals`` change).
    ``folded`` (a short page): the totals in one line, the monsters right under them, and
    the helper and one-shot cards folded into one line (:func:`_More`) that opens them
    below it — the totals, each monster's −/+ and the pinned bar on screen together at
    360×640, 640×360 and 844×390. Tags: ``bonus-{side}-{v}``,
    ``bonus-{side}-remove-{k}``."""
    opened, set_opened = ft.use_state(False)
    flip = ft.use_callback(lambda: set_opened(lambda o: not o), [])
    rows = [MonsterRow(i, m, send) for i, m in enumerate(c.monsters)]
    ours = tuple(b.value for b in c.player_bonuses)
    theirs = tuple(b.value for b in c.monster_bonuses)
    one_shots = [OneShots("players", ours, send), OneShots("monsters", theirs, send)]
    secondary = [Helpers(c.fighter, c.helper, names, send), *one_shots]
    if folded:
        helper = None if c.helper is None else names[c.helper]
        more = More(helper, sum(ours), sum(theirs), opened, flip)
        parts = [*rows, ft.Row([ft.Container(more, expand=True)]), *(secondary if opened else [])]
    else:
        parts = [*secondary, *rows]
    head = [Header(names[c.fighter], add_monster), Totals(totals, folded)]
    return tagged(
        "combat",
        ft.Container(
            ft.Column([*head, *parts], spacing=4),
            padding=6,
            border_radius=12,
            border=ft.Border.all(2, ft.Colors.ERROR),
        ),
    )


#: Memoised: re-rendered only when the combat (or a fighter's strength) changes.
CombatView = ft.memo(_CombatView)
