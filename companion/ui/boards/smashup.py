"""Board and setup form of «Замес» (see :mod:`companion.engine.smashup`).

Before the first turn («Подготовка к игре») the board collects two factions per player
(``faction.pick``; in draft order when the snake draft is on) and players + 1 bases
(``base.add``, typed or picked from the base catalogue), then «Начать игру» (``game.start``).

During play: the phase bar (the phase links to the rules, «Дальше» is ``phase.next``), plays
left with «Сыграл» / «+1» (``play.record`` / ``play.grant``), the VP strip (``vp.adjust``,
madness counters with ``madness.adjust``), and one card per base with each player's power and
minions (``base.adjust`` / ``base.set``), the breakpoint with its temporary modifier
(``breakpoint.modify``), a progress bar and the «готова к захвату» state. «Захватить» opens a
confirmation with the VP each player will get (:func:`score_preview`) and the replacement base
(catalogue suggestions by fuzzy name) before ``base.score`` is sent.

Every base typed here is remembered in :class:`companion.store.bases.BaseCatalogue`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

import flet as ft

from companion.engine.smashup import (
    CHECK,
    EDITIONS,
    PHASES,
    SETUP_PHASE,
    effective_breakpoint,
    is_ready,
    next_drafter,
    offered_factions,
    plays_left,
    reminder,
    score_preview,
    total_power,
)
from companion.errors import CompanionError
from companion.i18n import _
from companion.store.bases import BaseCatalogue
from companion.ui.nav import AppContext, go
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, BigCounter, tagged

__all__ = ["Board", "OptionsForm"]

RULES_GAME = "smash_up"
READY = ft.Colors.GREEN_700
EMPTY_FORM: dict[str, str] = {"name": "", "bp": "", "vp1": "", "vp2": "", "vp3": "", "set": ""}


# -- helpers ----------------------------------------------------------------------------------
def _rules(view: GameView, q: str) -> None:
    go(f"/rules?game={RULES_GAME}&q={quote(q)}&from={quote(f'/game/{view.game_id}')}")


def _num(raw: str) -> Any:
    """A typed number as int; anything else is passed on so the engine names the problem."""
    try:
        return int(raw.strip())
    except ValueError:
        return raw


def card_from_form(form: dict[str, str]) -> dict[str, Any]:
    """The engine's base dict from the typed fields (see :mod:`companion.engine.smashup`)."""
    card: dict[str, Any] = {
        "name": form["name"].strip(),
        "breakpoint": _num(form["bp"]),
        "vp": [_num(form["vp1"]), _num(form["vp2"]), _num(form["vp3"])],
    }
    if form.get("set"):
        card["set"] = form["set"]
    return card


def form_from_entry(entry: dict[str, Any]) -> dict[str, str]:
    """Typed fields filled from a catalogue entry."""
    vp = entry["vp"]
    return {
        "name": entry["name"],
        "bp": str(entry["breakpoint"]),
        "vp1": str(vp[0]),
        "vp2": str(vp[1]),
        "vp3": str(vp[2]),
        "set": entry.get("set") or "",
    }


def _suggest(catalogue: BaseCatalogue, query: str, exclude: list[str]) -> list[dict[str, Any]]:
    try:
        return catalogue.suggest(query, limit=4, exclude=exclude)
    except CompanionError:  # an unreadable catalogue must not break the board
        return []


def _remember(catalogue: BaseCatalogue, card: dict[str, Any]) -> None:
    try:
        catalogue.remember(card)
    except (ValueError, CompanionError):
        pass  # the move itself is saved; the catalogue is only a convenience


def base_fields(
    prefix: str,
    form: dict[str, str],
    set_form: Callable[[Any], None],
    catalogue: BaseCatalogue,
    exclude: list[str],
) -> list[ft.Control]:
    """Name (with catalogue suggestions), breakpoint and VP for 1st/2nd/3rd place.

    A plain function (not a component) so it can live inside a dialog; ``form`` is the
    caller's state.
    """
    hits = _suggest(catalogue, form["name"], exclude)
    shown = [h for h in hits if form_from_entry(h) != form][:4]

    def field(key: str, label: str, width: int | None = None) -> ft.Control:
        return tagged(
            f"{prefix}-{key}",
            ft.TextField(
                label=label,
                value=form[key],
                width=width,
                dense=True,
                keyboard_type=None if key == "name" else ft.KeyboardType.NUMBER,
                on_change=lambda e, key=key: set_form(
                    lambda f, v=e.control.value: {
                        **f,
                        key: v,
                        **({"set": ""} if key == "name" else {}),
                    }
                ),
            ),
        )

    summary = f"{form['name'].strip()}: {_('оборона')} {form['bp'] or '?'}; {_('ПО')} {form['vp1'] or '?'}/{form['vp2'] or '?'}/{form['vp3'] or '?'}"
    suggestions = [
        tagged(
            f"{prefix}-sugg-{k}",
            ft.OutlinedButton(
                f"{h['name']} · {h['breakpoint']}; {h['vp'][0]}/{h['vp'][1]}/{h['vp'][2]}",
                icon=ft.Icons.HISTORY,
                height=TARGET,
                on_click=lambda _e, h=h: set_form(form_from_entry(h)),
            ),
            label=h["name"],
        )
        for k, h in enumerate(shown)
    ]
    return [
        field("name", _("Название базы")),
        ft.Row(suggestions, wrap=True, spacing=6, run_spacing=6)
        if suggestions
        else ft.Container(height=0),
        ft.Row(
            [
                field("bp", _("Оборона"), 104),
                field("vp1", _("1-е"), 62),
                field("vp2", _("2-е"), 62),
                field("vp3", _("3-е"), 62),
            ],
            spacing=6,
        ),
        tagged(f"{prefix}-preview", ft.Text(summary, size=14, italic=True), label=summary)
        if form["name"].strip()
        else ft.Container(height=0),
    ]


def _dot(color: str, size: int = 14) -> ft.Control:
    return ft.Container(width=size, height=size, bgcolor=color, border_radius=size / 2)


def _small_counter(ident: str, label: str, value: int, on_add: Callable[[int], None]) -> ft.Control:
    """−/+ (48 dp) around a small number, for minions and madness cards."""
    return ft.Row(
        [
            tagged(
                f"{ident}-minus",
                ft.IconButton(
                    ft.Icons.REMOVE,
                    width=TARGET,
                    height=TARGET,
                    tooltip=f"{label} −1",
                    disabled=value <= 0,
                    on_click=lambda: on_add(-1),
                ),
                label=f"{label} −1",
            ),
            tagged(
                ident,
                ft.Text(
                    str(value),
                    size=22,
                    weight=ft.FontWeight.BOLD,
                    width=36,
                    text_align=ft.TextAlign.CENTER,
                ),
                label=str(value),
            ),
            tagged(
                f"{ident}-plus",
                ft.IconButton(
                    ft.Icons.ADD,
                    width=TARGET,
                    height=TARGET,
                    tooltip=f"{label} +1",
                    on_click=lambda: on_add(1),
                ),
                label=f"{label} +1",
            ),
        ],
        spacing=0,
    )


# -- setup phase ------------------------------------------------------------------------------
@ft.component
def SetupBoard(view: GameView, version: int) -> ft.Control:
    """«Подготовка к игре»: factions, bases, the mulligan reminder, «Начать игру»."""
    catalogue = BaseCatalogue(ft.use_context(AppContext).hub.store.root)
    form, set_form = ft.use_state(dict(EMPTY_FORM))
    chosen, set_chosen = ft.use_state(None)
    custom, set_custom = ft.use_state("")
    game = view.game
    state = view.state
    specs = game.setup.players
    need = state.players + 1

    # Whose faction is picked next: the draft decides, otherwise the tapped player or the first
    # one still missing a faction.
    if state.draft:
        picker = next_drafter(state.factions, state.first)
    elif chosen is not None and len(state.factions[chosen]) < 2:
        picker = chosen
    else:
        picker = next((i for i, d in enumerate(state.factions) if len(d) < 2), None)

    def pick(name: str) -> None:
        if picker is not None and view.send("faction.pick", {"player": picker, "faction": name}):
            set_custom("")

    def add_base() -> None:
        card = card_from_form(form)
        if view.send("base.add", {"base_card": card}):
            _remember(catalogue, card)
            set_form(dict(EMPTY_FORM))

    taken = {f.casefold() for deck in state.factions for f in deck}
    decks = [
        tagged(
            f"deck-p{i}",
            ft.Container(
                ft.Row(
                    [
                        _dot(spec.color),
                        ft.Text(spec.name, size=18, weight=ft.FontWeight.BOLD),
                        ft.Text(", ".join(state.factions[i]) or "—", size=16, expand=True),
                        ft.Icon(ft.Icons.EDIT, size=20) if picker == i else ft.Container(),
                    ],
                    spacing=8,
                ),
                padding=8,
                border_radius=8,
                height=TARGET + 8,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if picker == i else None,
                on_click=None if state.draft else (lambda _e, i=i: set_chosen(i)),
            ),
            label=f"{spec.name}: {', '.join(state.factions[i])}",
        )
        for i, spec in enumerate(specs)
    ]
    picker_ui: list[ft.Control] = []
    if picker is not None:
        offered = [f for f in offered_factions(state.edition) if f.casefold() not in taken]
        picker_ui = [
            tagged(
                "picker",
                ft.Text(
                    f"{_('Фракцию выбирает')}: {specs[picker].name}"
                    + (f" ({_('по очереди драфта')})" if state.draft else ""),
                    size=16,
                    weight=ft.FontWeight.BOLD,
                ),
                label=specs[picker].name,
            ),
            ft.Row(
                [
                    tagged(
                        f"faction-{k}",
                        ft.OutlinedButton(
                            name, height=TARGET, on_click=lambda _e, name=name: pick(name)
                        ),
                        label=name,
                    )
                    for k, name in enumerate(offered)
                ],
                wrap=True,
                spacing=6,
                run_spacing=6,
            ),
            ft.Row(
                [
                    tagged(
                        "faction-custom",
                        ft.TextField(
                            label=_("Другая фракция"),
                            value=custom,
                            width=220,
                            dense=True,
                            on_change=lambda e: set_custom(e.control.value),
                        ),
                    ),
                    tagged(
                        "faction-add",
                        ft.FilledTonalButton(
                            _("Взять"),
                            height=TARGET,
                            disabled=not custom.strip(),
                            on_click=lambda: pick(custom),
                        ),
                        label=f"{_('Взять')} {custom.strip()}",
                    ),
                ]
            ),
        ]
    bases = [
        tagged(
            f"setup-base-{j}",
            ft.Row(
                [
                    ft.Icon(ft.Icons.FLAG_OUTLINED),
                    ft.Text(f"{b.name}", size=16, weight=ft.FontWeight.BOLD, expand=True),
                    ft.Text(f"{b.breakpoint}; {b.vp[0]}/{b.vp[1]}/{b.vp[2]}", size=16),
                ]
            ),
            label=f"{b.name} {b.breakpoint} {b.vp[0]}/{b.vp[1]}/{b.vp[2]}",
        )
        for j, b in enumerate(state.bases)
    ]
    base_form: list[ft.Control] = []
    if len(state.bases) < need:
        base_form = [
            *base_fields("new-base", form, set_form, catalogue, [b.name for b in state.bases]),
            tagged(
                "add-base",
                ft.FilledTonalButton(
                    _("Выложить базу"),
                    icon=ft.Icons.ADD,
                    height=TARGET,
                    on_click=lambda: add_base(),
                ),
            ),
        ]
    ready = len(state.bases) == need and all(len(d) == 2 for d in state.factions)
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "phase",
                        ft.TextButton(
                            SETUP_PHASE,
                            icon=ft.Icons.MENU_BOOK,
                            on_click=lambda: _rules(view, SETUP_PHASE),
                        ),
                        label=SETUP_PHASE,
                    ),
                    ft.Text(EDITIONS[state.edition], size=14, italic=True),
                ],
                wrap=True,
            ),
            tagged("reminder", ft.Text(reminder(state), size=15), label=reminder(state)),
            ft.Text(_("Фракции (по две у каждого)"), size=18, weight=ft.FontWeight.BOLD),
            *decks,
            *picker_ui,
            tagged(
                "bases-count",
                ft.Text(
                    f"{_('Базы')}: {len(state.bases)} {_('из')} {need}",
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
                label=f"{len(state.bases)}/{need}",
            ),
            *bases,
            *base_form,
            tagged(
                "start",
                ft.FilledButton(
                    _("Начать игру"),
                    icon=ft.Icons.PLAY_ARROW,
                    height=56,
                    disabled=not ready,
                    on_click=lambda: view.send("game.start"),
                ),
            ),
        ],
        spacing=8,
    )


# -- play -------------------------------------------------------------------------------------
def _base_card(view: GameView, j: int, on_score: Callable[[int], None]) -> ft.Control:
    state = view.state
    specs = view.game.setup.players
    b = state.bases[j]
    bp = effective_breakpoint(b)
    total = total_power(b)
    ready = is_ready(b)
    mod = b.mod_turn + b.mod_base
    in_check = state.phase == CHECK and state.winner is None
    selected = state.selected == j
    rows: list[ft.Control] = []
    for i, spec in enumerate(specs):
        rows.append(
            ft.Row(
                [
                    ft.Row(
                        [
                            _dot(spec.color),
                            ft.Text(spec.name, size=16, weight=ft.FontWeight.BOLD, no_wrap=False),
                        ],
                        spacing=6,
                        expand=True,
                    ),
                    BigCounter(
                        f"pow-b{j}-p{i}",
                        f"{spec.name}, «{b.name}»: {_('сила')}",
                        b.power[i],
                        1,
                        on_add=lambda d, i=i: view.send(
                            "base.adjust", {"base": j, "player": i, "power": d}
                        ),
                        on_set=lambda v, i=i: view.send(
                            "base.set", {"base": j, "player": i, "power": v}
                        ),
                        color=spec.color,
                    ),
                ],
                spacing=4,
            )
        )
        rows.append(
            ft.Row(
                [
                    ft.Text(_("приспешники"), size=14, expand=True, text_align=ft.TextAlign.RIGHT),
                    _small_counter(
                        f"min-b{j}-p{i}",
                        f"{spec.name}, «{b.name}»: {_('приспешники')}",
                        b.minions[i],
                        lambda d, i=i: view.send(
                            "base.adjust", {"base": j, "player": i, "minions": d}
                        ),
                    ),
                ],
                spacing=4,
            )
        )
    mod_text = f" ({'+' if mod > 0 else '−'}{abs(mod)})" if mod else ""
    status: ft.Control
    if ready or selected:
        status = ft.Row(
            [
                tagged(
                    f"base-{j}-ready",
                    ft.Container(
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.FLAG, color=ft.Colors.WHITE),
                                ft.Text(
                                    _("готова к захвату"),
                                    color=ft.Colors.WHITE,
                                    size=16,
                                    weight=ft.FontWeight.BOLD,
                                ),
                            ],
                            spacing=4,
                        ),
                        bgcolor=READY,
                        padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                        border_radius=16,
                    ),
                    label=_("готова к захвату"),
                ),
                tagged(
                    f"score-{j}",
                    ft.FilledButton(
                        _("Захватить"),
                        icon=ft.Icons.EMOJI_EVENTS,
                        height=TARGET,
                        disabled=not in_check,
                        on_click=lambda: on_score(j),
                        tooltip=None
                        if in_check
                        else f"{_('в фазе')} «{PHASES[state.edition][CHECK]}»",
                    ),
                    label=_("Захватить"),
                ),
            ],
            wrap=True,
            spacing=8,
        )
    else:
        status = tagged(
            f"base-{j}-ready",
            ft.Text(f"{_('до захвата')}: {bp - total}", size=15),
            label=f"{_('до захвата')} {bp - total}",
        )
    return tagged(
        f"base-{j}",
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            tagged(
                                f"base-{j}-name",
                                ft.Text(b.name, size=20, weight=ft.FontWeight.BOLD),
                                label=b.name,
                            ),
                            ft.Text(f"{_('ПО')} {b.vp[0]}/{b.vp[1]}/{b.vp[2]}", size=15),
                        ],
                        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                        wrap=True,
                    ),
                    ft.Row(
                        [
                            tagged(
                                f"base-{j}-total",
                                ft.Text(
                                    f"{total} / {bp}",
                                    size=30,
                                    weight=ft.FontWeight.BOLD,
                                    color=READY if ready else None,
                                ),
                                label=f"{total}/{bp}",
                            ),
                            ft.Row(
                                [
                                    tagged(
                                        f"base-{j}-bp-minus",
                                        ft.IconButton(
                                            ft.Icons.REMOVE,
                                            width=TARGET,
                                            height=TARGET,
                                            tooltip=_("Оборона −1 до конца хода"),
                                            on_click=lambda: view.send(
                                                "breakpoint.modify",
                                                {"base": j, "delta": -1, "until": "turn"},
                                            ),
                                        ),
                                        label=_("Оборона −1"),
                                    ),
                                    tagged(
                                        f"base-{j}-bp",
                                        ft.Text(
                                            f"{_('оборона')} {b.breakpoint}{mod_text}", size=15
                                        ),
                                        label=f"{b.breakpoint}{mod_text}",
                                    ),
                                    tagged(
                                        f"base-{j}-bp-plus",
                                        ft.IconButton(
                                            ft.Icons.ADD,
                                            width=TARGET,
                                            height=TARGET,
                                            tooltip=_("Оборона +1 до конца хода"),
                                            on_click=lambda: view.send(
                                                "breakpoint.modify",
                                                {"base": j, "delta": 1, "until": "turn"},
                                            ),
                                        ),
                                        label=_("Оборона +1"),
                                    ),
                                ],
                                spacing=0,
                            ),
                        ],
                        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                        wrap=True,
                    ),
                    ft.ProgressBar(
                        value=min(1.0, total / bp) if bp else 1.0,
                        bar_height=10,
                        border_radius=5,
                        color=READY if ready else ft.Colors.PRIMARY,
                    ),
                    status,
                    *rows,
                ],
                spacing=4,
            ),
            padding=10,
            border_radius=12,
            border=ft.Border.all(4 if ready else 1, READY if ready else ft.Colors.OUTLINE_VARIANT),
        ),
        label=b.name,
    )


def _score_dialog(
    view: GameView,
    j: int,
    form: dict[str, str],
    set_form: Callable[[dict[str, str]], None],
    catalogue: BaseCatalogue,
    confirm: Callable[[], None],
    close: Callable[[], None],
) -> ft.AlertDialog:
    state = view.state
    b = state.bases[j]
    preview = score_preview(state, j)
    specs = view.game.setup.players
    lines = [
        tagged(
            f"preview-p{i}",
            ft.Row(
                [
                    _dot(spec.color),
                    ft.Text(spec.name, size=18, expand=True),
                    ft.Text(
                        f"+{preview[i]}" if i in preview else "—",
                        size=22,
                        weight=ft.FontWeight.BOLD,
                    ),
                ]
            ),
            label=f"{spec.name} " + (f"+{preview[i]}" if i in preview else "—"),
        )
        for i, spec in enumerate(specs)
    ]
    on_table = [x.name for x in state.bases]
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(f"{_('Захват базы')} «{b.name}»"),
        content=ft.Column(
            [
                ft.Text(
                    f"{_('Сила')}: "
                    + ", ".join(f"{s.name} {b.power[i]}" for i, s in enumerate(specs)),
                    size=14,
                ),
                *lines,
                ft.Divider(),
                ft.Text(_("Новая база на её место"), size=16, weight=ft.FontWeight.BOLD),
                *base_fields("repl", form, set_form, catalogue, on_table),
                tagged(
                    "score-error",
                    ft.Text(view.error, color=ft.Colors.ERROR, size=14),
                    label=view.error,
                )
                if view.error
                else ft.Container(height=0),
            ],
            tight=True,
            scroll=ft.ScrollMode.AUTO,
            width=340,
        ),
        inset_padding=ft.Padding.symmetric(horizontal=10, vertical=24),
        content_padding=ft.Padding.symmetric(horizontal=14, vertical=8),
        actions=[
            tagged("score-cancel", ft.TextButton(_("Отмена"), on_click=lambda: close())),
            tagged(
                "score-confirm",
                ft.FilledButton(_("Захватить"), icon=ft.Icons.CHECK, on_click=lambda: confirm()),
            ),
        ],
        on_dismiss=lambda: close(),
    )


@ft.component
def PlayBoard(view: GameView, version: int) -> ft.Control:
    """Phase bar, plays left, VP strip, base cards, the scoring confirmation."""
    catalogue = BaseCatalogue(ft.use_context(AppContext).hub.store.root)
    scoring, set_scoring = ft.use_state(None)  # index of the base being scored, or None
    repl, set_repl = ft.use_state(dict(EMPTY_FORM))
    add_form, set_add_form = ft.use_state(dict(EMPTY_FORM))
    game = view.game
    state = view.state
    specs = game.setup.players
    over = state.winner is not None
    phases = PHASES[state.edition]
    phase = phases[state.phase]

    def close() -> None:
        set_scoring(None)
        set_repl(dict(EMPTY_FORM))

    def confirm() -> None:
        if scoring is None:
            return
        card = card_from_form(repl) if repl["name"].strip() else None
        if view.send("base.score", {"base": scoring, "base_card": card}):
            if card is not None:
                _remember(catalogue, card)
            close()

    def open_score(j: int) -> None:
        view.error = ""
        set_repl(dict(EMPTY_FORM))
        set_scoring(j)

    def add_base() -> None:
        card = card_from_form(add_form)
        if view.send("base.add", {"base_card": card}):
            _remember(catalogue, card)
            set_add_form(dict(EMPTY_FORM))

    valid = scoring is not None and scoring < len(state.bases) and not over
    ft.use_dialog(
        _score_dialog(view, scoring, repl, set_repl, catalogue, confirm, close) if valid else None
    )

    left = plays_left(state)
    plays = []
    for kind, title in (("minion", _("Приспешники")), ("action", _("Действия"))):
        plays.append(
            ft.Row(
                [
                    ft.Text(title, size=16, width=118),
                    tagged(
                        f"plays-{kind}",
                        ft.Text(
                            str(left[kind]),
                            size=28,
                            weight=ft.FontWeight.BOLD,
                            width=40,
                            text_align=ft.TextAlign.CENTER,
                            color=ft.Colors.ERROR if left[kind] <= 0 else None,
                        ),
                        label=str(left[kind]),
                    ),
                    tagged(
                        f"play-{kind}",
                        ft.FilledTonalButton(
                            _("Сыграл"),
                            height=TARGET,
                            disabled=over or left[kind] <= 0,
                            on_click=lambda _e, kind=kind: view.send("play.record", {"kind": kind}),
                        ),
                        label=_("Сыграл"),
                    ),
                    tagged(
                        f"grant-{kind}",
                        ft.OutlinedButton(
                            "+1",
                            height=TARGET,
                            tooltip=_("Добавочная карта"),
                            disabled=over,
                            on_click=lambda _e, kind=kind: view.send(
                                "play.grant", {"kind": kind, "count": 1}
                            ),
                        ),
                        label="+1",
                    ),
                ],
                spacing=6,
            )
        )

    vp_rows: list[ft.Control] = []
    for i, spec in enumerate(specs):
        active = state.active == i
        vp_rows.append(
            ft.Row(
                [
                    ft.Row(
                        [
                            _dot(spec.color),
                            ft.Text(
                                spec.name, size=18, weight=ft.FontWeight.BOLD if active else None
                            ),
                            ft.Icon(ft.Icons.PLAY_ARROW, color=ft.Colors.PRIMARY)
                            if active
                            else ft.Container(),
                        ],
                        spacing=6,
                        expand=True,
                    ),
                    BigCounter(
                        f"vp-p{i}",
                        f"{spec.name}: {_('ПО')}",
                        state.vp[i],
                        1,
                        on_add=lambda d, i=i: view.send("vp.adjust", {"player": i, "delta": d}),
                        on_set=lambda v, i=i: (
                            view.send("vp.adjust", {"player": i, "delta": v - state.vp[i]})
                            if v != state.vp[i]
                            else None
                        ),
                        color=spec.color,
                    ),
                ],
                spacing=4,
            )
        )
        if state.madness_on:
            vp_rows.append(
                ft.Row(
                    [
                        ft.Text(
                            _("карты безумия"), size=14, expand=True, text_align=ft.TextAlign.RIGHT
                        ),
                        _small_counter(
                            f"mad-p{i}",
                            f"{spec.name}: {_('карты безумия')}",
                            state.madness[i],
                            lambda d, i=i: view.send("madness.adjust", {"player": i, "delta": d}),
                        ),
                    ]
                )
            )

    extra: list[ft.Control] = []
    if len(state.bases) < state.players + 1 and not over:
        extra = [
            ft.Text(_("Выложите новую базу"), size=18, weight=ft.FontWeight.BOLD),
            *base_fields(
                "new-base", add_form, set_add_form, catalogue, [b.name for b in state.bases]
            ),
            tagged(
                "add-base",
                ft.FilledTonalButton(
                    _("Выложить базу"),
                    icon=ft.Icons.ADD,
                    height=TARGET,
                    on_click=lambda: add_base(),
                ),
            ),
        ]

    return ft.Column(
        [
            ft.Container(
                ft.Column(
                    [
                        ft.Row(
                            [
                                tagged(
                                    "turn",
                                    ft.Text(f"{_('Ход')} {state.turn}", size=16),
                                    label=str(state.turn),
                                ),
                                tagged(
                                    "active",
                                    ft.Text(
                                        specs[state.active].name,
                                        size=20,
                                        weight=ft.FontWeight.BOLD,
                                        color=specs[state.active].color,
                                    ),
                                    label=specs[state.active].name,
                                ),
                                ft.Text(f"{state.phase + 1}/{len(phases)}", size=14),
                            ],
                            spacing=10,
                        ),
                        ft.Row(
                            [
                                tagged(
                                    "phase",
                                    ft.TextButton(
                                        phase,
                                        icon=ft.Icons.MENU_BOOK,
                                        on_click=lambda: _rules(view, phase),
                                        style=ft.ButtonStyle(
                                            text_style=ft.TextStyle(
                                                size=18, weight=ft.FontWeight.BOLD
                                            )
                                        ),
                                    ),
                                    label=phase,
                                ),
                                tagged(
                                    "next-phase",
                                    ft.FilledButton(
                                        _("Дальше"),
                                        icon=ft.Icons.SKIP_NEXT,
                                        height=56,
                                        disabled=over,
                                        on_click=lambda: view.send("phase.next"),
                                    ),
                                    label=_("Дальше"),
                                ),
                            ],
                            alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                            wrap=True,
                        ),
                        tagged(
                            "reminder", ft.Text(reminder(state), size=15), label=reminder(state)
                        ),
                    ],
                    spacing=4,
                ),
                padding=10,
                border_radius=12,
                bgcolor=ft.Colors.SECONDARY_CONTAINER,
            ),
            *plays,
            ft.Text(_("Победные очки"), size=18, weight=ft.FontWeight.BOLD),
            *vp_rows,
            *[_base_card(view, j, open_score) for j in range(len(state.bases))],
            *extra,
        ],
        spacing=8,
    )


@ft.component
def Board(view: GameView) -> ft.Control:
    """Setup until «Начать игру», then the play board."""
    if not view.state.started:
        return SetupBoard(view, view.version)
    return PlayBoard(view, view.version)


# -- new-game options -------------------------------------------------------------------------
@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: Callable[[dict[str, Any]], None], players: int = 0
) -> ft.Control:
    """Edition, the snake draft and madness switches; factions and bases come on the board."""
    return ft.Column(
        [
            tagged(
                "edition",
                ft.Dropdown(
                    label=_("Правила (издание)"),
                    width=340,
                    value=options.get("edition", "bbrr"),
                    options=[ft.DropdownOption(key=k, text=v) for k, v in EDITIONS.items()],
                    on_select=lambda e: set_options({**options, "edition": e.control.value}),
                ),
            ),
            ft.Row(
                [
                    tagged(
                        "opt-draft",
                        ft.Switch(
                            value=bool(options.get("draft")),
                            on_change=lambda e: set_options(
                                {**options, "draft": bool(e.control.value)}
                            ),
                        ),
                        label=_("Драфт"),
                    ),
                    ft.Text(
                        _("Фракции выбирают по очереди, «змейкой» («Договоримся как взрослые»)"),
                        size=15,
                        expand=True,
                    ),
                ]
            ),
            ft.Row(
                [
                    tagged(
                        "opt-madness",
                        ft.Switch(
                            value=bool(options.get("madness")),
                            on_change=lambda e: set_options(
                                {**options, "madness": bool(e.control.value)}
                            ),
                        ),
                        label=_("Безумие"),
                    ),
                    ft.Text(_("Считать карты безумия (−1 ПО за каждые две)"), size=15, expand=True),
                ]
            ),
            ft.Text(
                _("Фракции и базы выбираются на следующем экране, перед первым ходом."),
                size=14,
                italic=True,
            ),
        ],
        spacing=6,
    )
