"""Board and setup form of «Рик и Морти: Наверное, Рики сошли с ума» (:mod:`companion.engine.ricks`).

Phone first. From the top: the round/phase bar (with a link into the rules), the players (VP as
a true total plus the physical track's position, build tokens, cards in hand), the panel of the
moment (start of round, the active player's action panel, or the charge-phase wizard with its
clocks), the four universes stacked as on the table (Риковселенная on top), and the charge-phase
durations of the finished rounds (the end-of-game summary shows them under the winner).

The board only shows the state and sends moves; every rule lives in the engine, whose refusals
appear in the shell's error banner.

Test handles (``flt-semantics-identifier``): ``phase``, ``phase-rules``, ``round-draw``,
``vp-p{i}`` (a :class:`BigCounter`), ``track-p{i}``, ``tokens-p{i}``, ``hand-p{i}``,
``uni-{k}`` (k = 0 Риковселенная … 3 Кроховселенная), ``card-{id}``, ``actions-left``,
``free-discard``, ``swap``, ``move-up``, ``move-down``, ``kind-source|invention|ability``,
``play-build``, ``play-prod``, ``play-cost``, ``play-vp``, ``play-name``, ``play-down``,
``play-card``, ``build-{id}``, ``turn-end``, ``charge-pos``, ``energy``, ``charge-player``,
``charge-done``, ``oneshot-cost``, ``oneshot``, ``ability-{id}``, ``spend-amount``, ``spend``,
``gain-amount``, ``gain``, ``activate-{id}``, ``timer-step``, ``timer-universe``,
``timer-phase``, ``timer-turn``, ``limit-warning``, ``ledger-{k}`` (k in charge order),
``charge-round-{n}``, ``charge-summary``; in the form ``character-{seat}``, ``abilities``,
``actions-mini``, ``actions-micro``, ``actions-rick``, ``charge-limit``.
"""

from __future__ import annotations

import asyncio
import io
import math
import struct
import time
import wave
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks import (
    CHARACTERS,
    CHARGE_ORDER,
    KRO,
    KRO_ACTIONS,
    MICRO,
    MINI,
    PHASE_ACTIONS,
    PHASE_CHARGE,
    PHASE_ROUND,
    RICK_UNIVERSE,
    UNIVERSES,
    Card,
    offers,
    present_players,
    track_position,
)
from companion.engine.ricks_timing import charge_timing, over_limit
from companion.i18n import _
from companion.store.settings import load_settings, update_settings
from companion.ui.nav import AppContext, go
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, BigCounter, fmt_seconds

__all__ = ["Board", "OptionsForm", "SETTINGS_KEY"]

#: Key in ``settings.json`` under which the universes' action tokens are remembered.
SETTINGS_KEY = "ricks_actions"
#: Idents of the action-token fields of the setup form, per universe.
ACTION_FIELDS = {MINI: "actions-mini", MICRO: "actions-micro", RICK_UNIVERSE: "actions-rick"}
RULES = "/rules?game=ricks&q="

_KIND_TEXT = {"source": "Источник", "invention": "Изобретение", "ability": "Способность"}


def _beep() -> bytes:
    """A short 880 Hz beep as WAV bytes (generated, so it works offline)."""
    rate, seconds = 8000, 0.35
    frames = b"".join(
        struct.pack("<h", int(12000 * math.sin(2 * math.pi * 880 * i / rate)))
        for i in range(int(rate * seconds))
    )
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)
    return buf.getvalue()


BEEP = _beep()


def tag(ident: str, control: ft.Control, label: str | None = None) -> ft.Control:
    """:func:`companion.ui.widgets.tagged`. The web client does not pick up a changed
    identifier on an existing control, so the layouts below keep each ident in one place
    (fields are disabled rather than swapped; each charge step is its own component)."""
    return ft.Semantics(identifier=ident, label=label, content=control)


def _int(raw: str, default: int | str) -> int | str:
    """Typed digits as an int; anything else is sent as typed so the engine names the field."""
    raw = (raw or "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        return raw


def card_text(card: Card, names: list[str]) -> str:
    """A Russian one-line description of a card on the table (no symbols outside Cyrillic)."""
    name = f" «{card.name}»" if card.name else f" №{card.id}"
    state = (
        _("внедрено") if card.built else f"{_('жетонов')} {card.placed} {_('из')} {card.build_cost}"
    )
    if card.kind == "source":
        return f"{_('Источник')}{name} ({names[card.owner]}): +{card.production} {_('энергии')}, {state}"
    if card.kind == "invention":
        turned = f", {_('повёрнуто')}" if card.turned else ""
        return f"{_('Изобретение')}{name} ({names[card.owner]}): {card.cost} {_('энергии')} = {card.vp} {_('ПО')}, {state}{turned}"
    return f"{_('Способность')}{name}: {card.cost} {_('энергии')}, {state}"


def _box(content: ft.Control, highlight: bool = False, color: str | None = None) -> ft.Container:
    return ft.Container(
        content,
        padding=10,
        border_radius=12,
        border=ft.Border.all(
            3 if highlight else 1,
            (color or ft.Colors.PRIMARY) if highlight else ft.Colors.OUTLINE_VARIANT,
        ),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if highlight and color is None else None,
    )


def _field(
    ident: str,
    label: str,
    hint: str,
    put: Callable[[str], None],
    width: int = 110,
    number: bool = True,
    disabled: bool = False,
    value: str | None = None,
) -> ft.Control:
    """A text field tagged ``ident``; what is typed goes to ``put`` (the caller keeps it in a
    ref). The value is never re-sent from here, so a re-render cannot overwrite typing; an
    empty field means ``hint``. ``value`` (setup form only) is a value the app fills in."""
    return tag(
        ident,
        ft.TextField(
            label=label,
            value=value,
            hint_text=hint,
            width=width,
            disabled=disabled,
            keyboard_type=ft.KeyboardType.NUMBER if number else ft.KeyboardType.TEXT,
            on_change=lambda e: put(e.control.value),
        ),
    )


# -- bars and players -------------------------------------------------------------------------------
@ft.component
def PhaseBar(view: GameView, version: int) -> ft.Control:
    """Round, phase (and charge step) with a link to that heading in the rules search."""
    state = view.state
    if state.over:
        text, query = _("Игра окончена"), "Конец игры"
    elif state.phase == PHASE_CHARGE and state.charge is not None:
        ch = state.charge
        text, query = f"{_('Фаза зарядки')}: {ch.universe}, {_('шаг')} {ch.step}", f"Шаг {ch.step}"
    else:
        text, query = _(state.phase), state.phase
    line = f"{_('Раунд')} {state.round} · {text}"
    return ft.Row(
        [
            tag(
                "phase", ft.Text(line, size=18, weight=ft.FontWeight.BOLD, expand=True), label=line
            ),
            tag(
                "phase-rules",
                ft.IconButton(
                    ft.Icons.HELP_OUTLINE,
                    tooltip=_("Правила этой фазы"),
                    width=TARGET,
                    height=TARGET,
                    on_click=lambda: go(RULES + query),
                ),
            ),
        ],
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
def PlayerRow(view: GameView, version: int, index: int) -> ft.Control:
    """Name and character, VP (true total, with ± and a pad), track square, tokens, hand."""
    game = view.game
    state = view.state
    spec = game.setup.players[index]
    p = state.players[index]
    active = game.definition.active_player(state) == index
    laps, square = track_position(p.vp)
    track = f"{_('на треке')} {square}" + (f" (+{30 * laps})" if laps else "")
    first = f" · {_('первый игрок')}" if state.first == index else ""
    return _box(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Container(width=14, height=14, bgcolor=spec.color, border_radius=7),
                        ft.Text(f"{spec.name} ({p.character})", size=20, weight=ft.FontWeight.BOLD),
                        ft.Icon(ft.Icons.PLAY_ARROW, color=ft.Colors.PRIMARY)
                        if active
                        else ft.Container(),
                    ],
                    wrap=True,
                ),
                ft.Text(f"{p.universe}{first}", size=14),
                ft.Row(
                    [
                        ft.Text(_("ПО"), size=16),
                        BigCounter(
                            f"vp-p{index}",
                            f"{spec.name}: {_('ПО')}",
                            p.vp,
                            1,
                            on_add=lambda d: view.send(
                                "vp.add", {"player": index, "delta": d, "note": _("правка")}
                            ),
                            on_set=lambda v: (
                                v != p.vp
                                and view.send(
                                    "vp.add",
                                    {"player": index, "delta": v - p.vp, "note": _("правка")},
                                )
                            ),
                            color=spec.color,
                        ),
                    ],
                    wrap=True,
                ),
                ft.Row(
                    [
                        tag(f"track-p{index}", ft.Text(track, size=14), label=track),
                        tag(
                            f"tokens-p{index}",
                            ft.Text(f"{_('жетонов')}: {p.tokens}", size=14),
                            label=f"жетонов {p.tokens}",
                        ),
                        tag(
                            f"hand-p{index}",
                            ft.Text(f"{_('карт')}: {p.hand}", size=14),
                            label=f"карт {p.hand}",
                        ),
                        tag(
                            f"hand-minus-p{index}",
                            ft.IconButton(
                                ft.Icons.REMOVE,
                                width=TARGET,
                                height=TARGET,
                                tooltip=f"{spec.name}: {_('карт на руке')} −1",
                                on_click=lambda: view.send(
                                    "hand.add", {"player": index, "delta": -1, "note": _("правка")}
                                ),
                            ),
                        ),
                        tag(
                            f"hand-plus-p{index}",
                            ft.IconButton(
                                ft.Icons.ADD,
                                width=TARGET,
                                height=TARGET,
                                tooltip=f"{spec.name}: {_('карт на руке')} +1",
                                on_click=lambda: view.send(
                                    "hand.add", {"player": index, "delta": 1, "note": _("правка")}
                                ),
                            ),
                        ),
                    ],
                    wrap=True,
                    spacing=6,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
            ],
            spacing=2,
        ),
        highlight=active,
        color=spec.color,
    )


# -- the universes -----------------------------------------------------------------------------------
@ft.component
def Universes(view: GameView, version: int) -> ft.Control:
    """The four universes top to bottom as on the table, with characters, sources and inventions."""
    game = view.game
    state = view.state
    names = game.players
    ch = state.charge if state.phase == PHASE_CHARGE else None
    boxes = []
    for k, u in enumerate(UNIVERSES):
        here = [i for i, p in enumerate(state.players) if p.universe == u]
        chips = [
            ft.Container(
                ft.Text(
                    f"{state.players[i].character} ({names[i]})", size=14, color=ft.Colors.WHITE
                ),
                bgcolor=game.setup.players[i].color,
                padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                border_radius=12,
            )
            for i in here
        ]
        cards = [
            tag(f"card-{c.id}", ft.Text(card_text(c, names), size=14), label=card_text(c, names))
            for c in state.cards
            if c.universe == u
        ]
        charging = ch is not None and ch.universe == u
        header = [
            ft.Text(u, size=18, weight=ft.FontWeight.BOLD, expand=True),
            ft.Text(f"{_('действий')}: {state.actions_by_universe[u]}", size=14),
        ]
        if charging:
            header.append(
                ft.Row(
                    [
                        ft.Icon(ft.Icons.BOLT, color=ft.Colors.AMBER),
                        ft.Text(str(ch.energy), size=24, weight=ft.FontWeight.BOLD),
                    ],
                    spacing=0,
                )
            )
        who = ", ".join(f"{state.players[i].character} ({names[i]})" for i in here) or _("никого")
        boxes.append(
            tag(
                f"uni-{k}",
                _box(
                    ft.Column(
                        [ft.Row(header), ft.Row(chips, wrap=True, spacing=6), *cards],
                        spacing=4,
                    ),
                    highlight=charging,
                ),
                label=f"{u}: {who}",
            )
        )
    return ft.Column(boxes, spacing=6)


def _preview(f: dict[str, Any]) -> str:
    """What «Сыграть карту» will send, in words (so the table sees it before the tap)."""
    k = f["kind"]
    name = f" «{f['name'].strip()}»" if f["name"].strip() else ""
    text = f"{_(_KIND_TEXT[k])}{name}: {_('внедрение')} {f['build'] or 1}"
    if k == "source":
        text += f", +{f['prod'] or 1} {_('энергии')}" + (
            f", {_('уровнем ниже')}" if f["down"] else ""
        )
    else:
        text += f", {_('активация')} {f['cost'] or 1} {_('энергии')}"
    if k == "invention":
        text += f" = {f['vp'] or 1} {_('ПО')}"
    return text


# -- the action phase ------------------------------------------------------------------------------
@ft.component
def ActionPanel(view: GameView, version: int) -> ft.Control:
    """The active player's turn: actions left, free discard, move, play and build cards, pass."""
    game = view.game
    state = view.state
    # Typed values live in a ref: a tap right after typing must see them even before the
    # re-render that on_change triggers (the handlers of the previous render are still bound).
    form = ft.use_ref(None)
    if form.current is None:
        form.current = {
            "kind": "source",
            "build": "",
            "prod": "",
            "cost": "",
            "vp": "",
            "name": "",
            "down": False,
        }
    f = form.current
    kind, set_kind = ft.use_state(f["kind"])
    typed, set_typed = ft.use_state(0)  # re-render the preview after each edit

    def put(key: str, value: Any) -> None:
        f[key] = value
        if key == "kind":
            set_kind(value)
        set_typed(typed + 1)

    def play() -> None:
        k = f["kind"]
        data: dict[str, Any] = {
            "kind": k,
            "build_cost": _int(f["build"], 1),
            "name": f["name"].strip(),
        }
        if k == "source":
            data["production"] = _int(f["prod"], 1)
            data["down"] = bool(f["down"])
        else:
            data["cost"] = _int(f["cost"], 1)
        if k == "invention":
            data["vp"] = _int(f["vp"], 1)
        view.send("card.play", data)

    if state.over or state.phase != PHASE_ACTIONS or state.active is None:
        return ft.Container()
    a = state.active
    p = state.players[a]
    i = UNIVERSES.index(p.universe)
    up = UNIVERSES[i - 1] if i > 0 else None
    below = UNIVERSES[i + 1] if i + 1 < len(UNIVERSES) else None
    moves = [
        tag(
            "move-up",
            ft.OutlinedButton(
                f"{_('Вверх')}: {up or '—'}",
                icon=ft.Icons.ARROW_UPWARD,
                height=TARGET,
                disabled=up is None,
                on_click=lambda: view.send("player.move", {"to": up}),
            ),
        ),
        tag(
            "move-down",
            ft.OutlinedButton(
                f"{_('Вниз')}: {below or '—'}",
                icon=ft.Icons.ARROW_DOWNWARD,
                height=TARGET,
                disabled=below is None,
                on_click=lambda: view.send("player.move", {"to": below}),
            ),
        ),
    ]
    if state.abilities and p.character == "Кайл":
        moves += [
            tag(
                f"kyle-to-{k}",
                ft.TextButton(
                    f"{_('Кайл')}: {u}",
                    height=TARGET,
                    on_click=lambda _e, u=u: view.send("player.move", {"to": u, "ability": True}),
                ),
            )
            for k, u in enumerate(UNIVERSES)
            if u != p.universe
        ]
    kinds = ft.Row(
        [
            tag(
                f"kind-{k}",
                (ft.FilledButton if kind == k else ft.OutlinedButton)(
                    _(t), height=TARGET, on_click=lambda _e, k=k: put("kind", k)
                ),
                label=_(t) + (" выбран" if kind == k else ""),
            )
            for k, t in _KIND_TEXT.items()
        ],
        wrap=True,
    )
    fields = [
        _field("play-build", _("Внедрение"), "1", lambda v: put("build", v), 100),
        _field(
            "play-prod",
            _("Энергия +"),
            "1",
            lambda v: put("prod", v),
            100,
            disabled=kind != "source",
        ),
        _field(
            "play-cost",
            _("Стоимость"),
            "1",
            lambda v: put("cost", v),
            100,
            disabled=kind == "source",
        ),
        _field("play-vp", _("ПО"), "1", lambda v: put("vp", v), 80, disabled=kind != "invention"),
        _field("play-name", _("Название"), "", lambda v: put("name", v), 170, number=False),
        tag(
            "play-down",
            ft.Switch(
                label=_("уровнем ниже"),
                value=bool(f["down"]),
                disabled=kind != "source",
                on_change=lambda e: put("down", bool(e.control.value)),
            ),
        ),
    ]
    unfinished = [
        c
        for c in state.cards
        if c.owner == a and not c.built and (c.kind == "ability" or c.universe == p.universe)
    ]
    builds = [
        ft.Row(
            [
                ft.Text(card_text(c, game.players), size=14, expand=True),
                tag(
                    f"build-{c.id}",
                    ft.FilledTonalButton(
                        _("+1 жетон"),
                        height=TARGET,
                        on_click=lambda _e, c=c: view.send(
                            "card.build", {"card": c.id, "tokens": 1}
                        ),
                    ),
                ),
            ]
        )
        for c in unfinished
    ]
    return _box(
        ft.Column(
            [
                ft.Text(
                    f"{_('Ходит')} {game.players[a]} ({p.character}), {p.universe}",
                    size=18,
                    weight=ft.FontWeight.BOLD,
                ),
                ft.Row(
                    [
                        ft.Text(_("Действий осталось"), size=16),
                        tag(
                            "actions-left",
                            ft.Text(str(p.actions), size=40, weight=ft.FontWeight.BOLD),
                            label=str(p.actions),
                        ),
                        tag(
                            "actions-minus",
                            ft.IconButton(
                                ft.Icons.REMOVE,
                                width=TARGET,
                                height=TARGET,
                                tooltip=_("Карта отнимает действие"),
                                on_click=lambda: view.send(
                                    "actions.add", {"delta": -1, "note": _("эффект карты")}
                                ),
                            ),
                        ),
                        tag(
                            "actions-plus",
                            ft.IconButton(
                                ft.Icons.ADD,
                                width=TARGET,
                                height=TARGET,
                                tooltip=_("Карта даёт действие"),
                                on_click=lambda: view.send(
                                    "actions.add", {"delta": 1, "note": _("эффект карты")}
                                ),
                            ),
                        ),
                    ],
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    wrap=True,
                ),
                ft.Row(
                    [
                        tag(
                            "free-discard",
                            ft.OutlinedButton(
                                _("Сбросить карту: +1 действие"),
                                height=TARGET,
                                on_click=lambda: view.send("action.discard"),
                            ),
                        ),
                        tag(
                            "swap",
                            ft.OutlinedButton(
                                _("Сбросить и взять карту"),
                                height=TARGET,
                                on_click=lambda: view.send("card.swap"),
                            ),
                        ),
                    ],
                    wrap=True,
                ),
                ft.Row(moves, wrap=True),
                ft.Text(
                    _("Сыграть карту (1 действие, 1 жетон)"), size=16, weight=ft.FontWeight.BOLD
                ),
                kinds,
                ft.Row(fields, wrap=True),
                tag("play-preview", ft.Text(_preview(f), size=14, italic=True), label=_preview(f)),
                tag(
                    "play-card",
                    ft.FilledButton(
                        _("Сыграть карту"),
                        icon=ft.Icons.PLAY_FOR_WORK,
                        height=TARGET,
                        on_click=lambda: play(),
                    ),
                ),
                *builds,
                tag(
                    "turn-end",
                    ft.FilledButton(
                        _("Передать ход"),
                        icon=ft.Icons.SKIP_NEXT,
                        height=56,
                        on_click=lambda: view.send("turn.end"),
                    ),
                ),
            ],
            spacing=8,
        ),
        highlight=True,
        color=game.setup.players[a].color,
    )


# -- the charge phase ------------------------------------------------------------------------------
def _audio():
    """The beep player (flet-audio), or ``None`` where that extension is missing."""
    try:
        import flet_audio as fa
    except ImportError:
        return None
    try:
        return fa.Audio(src=BEEP)
    except Exception:  # no page to register with: stay silent
        return None


@ft.component
def ChargeTimers(view: GameView, version: int) -> ft.Control:
    """Step, universe and phase clocks, the current player's time against the table's limit;
    refreshed every second from event timestamps. Beeps once when a player runs past it."""
    now, set_now = ft.use_state(time.time())
    task = ft.use_ref(None)
    audio = ft.use_ref(None)
    beeped = ft.use_ref(None)
    game = view.game
    limit = game.setup.options.get("charge_limit")

    alive = ft.use_ref(True)

    async def tick() -> None:
        while alive.current:
            await asyncio.sleep(1)
            if not alive.current:  # unmounted while asleep: touch nothing
                return
            t = time.time()
            set_now(t)
            g = view.game
            if limit and over_limit(g.setup, g.events, t):
                key = (len(g.events), g.state.turn)
                if beeped.current != key and audio.current is not None:
                    beeped.current = key
                    try:
                        await asyncio.wait_for(audio.current.play(), 2)
                    except Exception:  # a browser may refuse sound: the banner still shows
                        pass

    def start() -> None:
        alive.current = True
        if limit:
            audio.current = _audio()
        task.current = ft.context.page.run_task(tick)

    def stop() -> None:
        alive.current = False
        if task.current is not None:
            task.current.cancel()

    ft.use_effect(start, [], cleanup=stop)
    timing = charge_timing(
        game.setup, game.events, max(now, game.events[-1].ts if game.events else now)
    )
    if timing.position is None:
        return ft.Container()
    _rnd, _u, step, player = timing.position
    cells = [
        tag(
            "timer-step",
            ft.Text(f"{_('Шаг')} {fmt_seconds(timing.current_step)}", size=16),
            label=f"шаг {int(timing.current_step)}",
        ),
        tag(
            "timer-universe",
            ft.Text(f"{_('Вселенная')} {fmt_seconds(timing.current_universe)}", size=16),
            label=f"вселенная {int(timing.current_universe)}",
        ),
        tag(
            "timer-phase",
            ft.Text(f"{_('Фаза')} {fmt_seconds(timing.current_phase)}", size=16),
            label=f"фаза {int(timing.current_phase)}",
        ),
    ]
    rows: list[ft.Control] = [
        ft.Row([ft.Icon(ft.Icons.TIMER_OUTLINED, size=18), *cells], wrap=True, spacing=10)
    ]
    if player is not None and step in ("Б", "В"):
        who = game.players[player]
        text = f"{_('Ход')} {who}: {fmt_seconds(timing.current_turn)}" + (
            f" {_('из')} {fmt_seconds(limit)}" if limit else ""
        )
        rows.append(tag("timer-turn", ft.Text(text, size=16), label=text))
        if limit and timing.current_turn > limit:
            warn = f"{who}: {_('время хода вышло')} ({fmt_seconds(timing.current_turn)} {_('из')} {fmt_seconds(limit)})"
            rows.append(
                tag(
                    "limit-warning",
                    ft.Container(
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.ALARM, color=ft.Colors.ON_ERROR_CONTAINER),
                                ft.Text(
                                    warn,
                                    size=18,
                                    weight=ft.FontWeight.BOLD,
                                    color=ft.Colors.ON_ERROR_CONTAINER,
                                    expand=True,
                                ),
                            ]
                        ),
                        bgcolor=ft.Colors.ERROR_CONTAINER,
                        padding=10,
                        border_radius=8,
                    ),
                    label=warn,
                )
            )
    return ft.Column(rows, spacing=4)


def _ledger_lines(ledger: list[dict[str, Any]]) -> list[str]:
    out = []
    for row in ledger:
        line = (
            f"{row['universe']}: {_('пришло')} {row['in']}, {_('выработка')} +{row['production']}"
        )
        if row["gained"]:
            line += f", {_('от карт')} +{row['gained']}"
        line += f", {_('потрачено')} {row['spent']}"
        line += (
            f", {_('ушло дальше')} {row['out']}"
            if row["out"] is not None
            else f", {_('сейчас')} {row['in'] + row['production'] + row['gained'] - row['spent']}"
        )
        out.append(line)
    return out


def _typed() -> dict[str, str]:
    """What is typed in this component's fields, read at tap time (see :func:`_field`)."""
    ref = ft.use_ref(None)
    if ref.current is None:
        ref.current = {}
    return ref.current


def _spend_row(view: GameView, t: dict[str, str]) -> ft.Control:
    return ft.Row(
        [
            _field(
                "spend-amount",
                _("Потратить энергии"),
                "1",
                lambda v: t.__setitem__("spend", v),
                150,
            ),
            tag(
                "spend",
                ft.OutlinedButton(
                    _("Потратить"),
                    height=TARGET,
                    on_click=lambda: view.send(
                        "charge.spend", {"amount": _int(t.get("spend", ""), 1), "note": ""}
                    ),
                ),
            ),
        ],
        wrap=True,
    )


@ft.component
def StepB(view: GameView, version: int) -> ft.Control:
    """Step Б for the current player: one one-shot, attached abilities, other payments."""
    state = view.state
    ch = state.charge
    t = _typed()
    if state.phase != PHASE_CHARGE or ch is None or ch.step != "Б" or ch.player is None:
        return ft.Container()
    abilities = [
        c
        for c in state.cards
        if c.kind == "ability"
        and c.owner == ch.player
        and c.built
        and c.id not in ch.abilities_used
    ]
    return ft.Column(
        [
            ft.Row(
                [
                    _field(
                        "oneshot-cost",
                        _("Одноразка, энергии"),
                        "0",
                        lambda v: t.__setitem__("oneshot", v),
                        150,
                    ),
                    tag(
                        "oneshot",
                        ft.FilledTonalButton(
                            _("Сыграть одноразку"),
                            height=TARGET,
                            disabled=ch.player in ch.oneshots,
                            on_click=lambda: view.send(
                                "charge.oneshot",
                                {"cost": _int(t.get("oneshot", ""), 0), "note": ""},
                            ),
                        ),
                    ),
                ],
                wrap=True,
            ),
            ft.Column(
                [
                    tag(
                        f"ability-{c.id}",
                        ft.FilledTonalButton(
                            f"{_('Применить')} {card_text(c, view.game.players)}",
                            height=TARGET,
                            on_click=lambda _e, c=c: view.send("charge.ability", {"card": c.id}),
                        ),
                    )
                    for c in abilities
                ]
            ),
            _spend_row(view, t),
        ],
        spacing=8,
    )


@ft.component
def StepV(view: GameView, version: int) -> ft.Control:
    """Step В for the current player: the inventions they can activate here (cost, reward)."""
    state = view.state
    ch = state.charge
    t = _typed()
    if state.phase != PHASE_CHARGE or ch is None or ch.step != "В" or ch.player is None:
        return ft.Container()
    buttons = []
    for o in offers(state):
        part = f" ({_('частично: на 1 ПО меньше')})" if o.partial else ""
        card = state.card(o.card)
        title = f"«{card.name}»" if card and card.name else f"№{o.card}"
        text = f"{_('Активировать')} {title}: {o.cost} {_('энергии')} = +{o.reward} {_('ПО')}{part}"
        buttons.append(
            tag(
                f"activate-{o.card}",
                ft.FilledButton(
                    text,
                    icon=ft.Icons.BOLT,
                    height=56,
                    disabled=not o.affordable,
                    on_click=lambda _e, o=o: view.send("charge.activate", {"card": o.card}),
                ),
                label=text,
            )
        )
    return ft.Column([ft.Column(buttons, spacing=8), _spend_row(view, t)], spacing=8)


@ft.component
def ChargeHead(view: GameView, version: int) -> ft.Control:
    """«Фаза зарядки»: the universe and step (highlighted), the energy (big), whose turn."""
    game = view.game
    state = view.state
    ch = state.charge
    names = game.players
    if state.phase != PHASE_CHARGE or ch is None:
        return ft.Container()

    stepper = ft.Row(
        [
            ft.Container(
                ft.Text(
                    u.replace("вселенная", "").replace("-", "") or u,
                    size=14,
                    weight=ft.FontWeight.BOLD if u == ch.universe else None,
                ),
                padding=6,
                border_radius=8,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if u == ch.universe else None,
                border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
            )
            for u in CHARGE_ORDER
        ]
        + [ft.Container(width=8)]
        + [
            ft.Container(
                ft.Text(s, size=16, weight=ft.FontWeight.BOLD),
                width=36,
                height=36,
                alignment=ft.Alignment.CENTER,
                border_radius=18,
                bgcolor=ft.Colors.PRIMARY if s == ch.step else None,
                border=ft.Border.all(1, ft.Colors.OUTLINE),
            )
            for s in ("А", "Б", "В")
        ],
        wrap=True,
        spacing=4,
    )
    pos = f"{ch.universe}, {_('шаг')} {ch.step}"
    parts: list[ft.Control] = [
        tag(
            "charge-pos",
            ft.Text(f"{_('Фаза зарядки')}: {pos}", size=18, weight=ft.FontWeight.BOLD),
            label=pos,
        ),
        stepper,
        ft.Row(
            [
                ft.Icon(ft.Icons.BOLT, color=ft.Colors.AMBER, size=48),
                tag(
                    "energy",
                    ft.Text(str(ch.energy), size=64, weight=ft.FontWeight.BOLD),
                    label=str(ch.energy),
                ),
                ft.Text(_("энергии"), size=18),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        ),
    ]
    if ch.step == "А":
        production = ch.ledger[-1]["production"] if ch.ledger else 0
        came = ch.ledger[-1]["in"] if ch.ledger else 0
        who = f"{_('Шаг А: источники дают')} +{production}, {_('пришло снизу')} {came}. {_('Проверьте и нажмите «Готово»')}."
    else:
        p = ch.player
        who = f"{_('Очередь')}: {names[p]} ({state.players[p].character})" if p is not None else ""
    parts.append(tag("charge-player", ft.Text(who, size=20, weight=ft.FontWeight.BOLD), label=who))
    return _box(ft.Column(parts, spacing=8), highlight=True)


@ft.component
def ChargeTail(view: GameView, version: int) -> ft.Control:
    """Energy a card adds, «Готово», and where the energy came from and went, per universe."""
    state = view.state
    ch = state.charge
    t = _typed()
    if state.phase != PHASE_CHARGE or ch is None:
        return ft.Container()
    names = view.game.players
    parts: list[ft.Control] = []
    parts.append(
        ft.Row(
            [
                _field(
                    "gain-amount",
                    _("Энергия от карты"),
                    "1",
                    lambda v: t.__setitem__("gain", v),
                    150,
                ),
                tag(
                    "gain",
                    ft.OutlinedButton(
                        _("Добавить"),
                        height=TARGET,
                        on_click=lambda: view.send(
                            "charge.gain", {"amount": _int(t.get("gain", ""), 1), "note": ""}
                        ),
                    ),
                ),
            ],
            wrap=True,
        )
    )
    parts.append(
        tag(
            "charge-done",
            ft.FilledButton(
                _("Готово"),
                icon=ft.Icons.CHECK,
                height=56,
                on_click=lambda: view.send("charge.done"),
            ),
        )
    )
    parts.append(
        ft.Column(
            [
                tag(
                    f"ledger-{CHARGE_ORDER.index(row['universe'])}",
                    ft.Text(line, size=14),
                    label=line,
                )
                for row, line in zip(ch.ledger, _ledger_lines(ch.ledger), strict=True)
            ],
            spacing=4,
        )
    )
    present = present_players(state, ch.universe)
    parts.append(
        ft.Text(f"{_('Здесь')}: " + (", ".join(names[i] for i in present) or _("никого")), size=14)
    )
    return ft.Column(parts, spacing=8)


# -- history / summary -----------------------------------------------------------------------------
@ft.component
def ChargeHistory(view: GameView, version: int) -> ft.Control:
    """Each finished round's charge-phase duration and burned energy; after the last round it is
    titled as part of the end-of-game summary."""
    game = view.game
    state = view.state
    if not state.rounds:
        return ft.Container()
    timing = charge_timing(game.setup, game.events)
    over = game.outcome() is not None
    rows: list[ft.Control] = [
        ft.Text(
            _("Итоги: фаза зарядки по раундам") if over else _("Фазы зарядки"),
            size=18,
            weight=ft.FontWeight.BOLD,
        )
    ]
    for r in state.rounds:
        n = r["round"]
        line = f"{_('Раунд')} {n}: {fmt_seconds(timing.rounds.get(n, 0.0))}, {_('сгорело энергии')} {r['burned']}"
        rows.append(tag(f"charge-round-{n}", ft.Text(line, size=16), label=line))
    if over:
        total = f"{_('Всего на зарядку')}: {fmt_seconds(timing.total)}"
        rows.append(
            tag("charge-summary", ft.Text(total, size=16, weight=ft.FontWeight.BOLD), label=total)
        )
        rows += [
            ft.Text(f"{p}: {fmt_seconds(timing.per_player.get(i, 0.0))}", size=14)
            for i, p in enumerate(game.players)
        ]
    return _box(ft.Column(rows, spacing=4))


@ft.component
def RoundPanel(view: GameView, version: int) -> ft.Control:
    """«Начало раунда»: one tap, everybody draws a card and the first turn begins."""
    state = view.state
    if state.over or state.phase != PHASE_ROUND:
        return ft.Container()
    return tag(
        "round-draw",
        ft.FilledButton(
            _("Начать раунд: все берут по карте"),
            icon=ft.Icons.STYLE,
            height=56,
            on_click=lambda: view.send("round.draw"),
        ),
    )


@ft.component
def TargetLine(view: GameView, version: int) -> ft.Control:
    """The VP target, and a reminder when this round is the last one («Конец игры»)."""
    state = view.state
    text = f"{_('Цель')}: {state.target} {_('ПО')}" + (
        f" · {_('последний раунд')}" if state.final and not state.over else ""
    )
    return ft.Text(text, size=14)


@ft.component
def Board(view: GameView) -> ft.Control:
    """The whole «Рик и Морти» table (see the module docstring).

    Every part is a component that is always there and reads the state itself, showing nothing
    when its phase is not on: a part that subscribes to the game is never swapped out by its
    parent (swapping such parts left stale screens in the browser now and then)."""
    v = view.version
    return ft.Column(
        [
            PhaseBar(view, v),
            TargetLine(view, v),
            RoundPanel(view, v),
            ActionPanel(view, v),
            ChargeHead(view, v),
            StepB(view, v),
            StepV(view, v),
            ChargeTail(view, v),
            ChargeTimers(view, v),
            *[PlayerRow(view, v, i) for i in range(len(view.game.players))],
            Universes(view, v),
            ChargeHistory(view, v),
        ],
        spacing=10,
    )


# -- setup form ----------------------------------------------------------------------------------
@ft.component
def OptionsForm(
    options: dict[str, Any],
    set_options: Callable[[dict[str, Any]], None],
    players: int | None = None,
) -> ft.Control:
    """Characters per seat, abilities, the universes' action tokens (remembered in the data
    dir and pre-filled next time) and the optional per-player limit for steps Б and В.

    :param players: number of seats, when the new-game screen passes it; otherwise four seat
        pickers are shown and the chosen ones (from seat 1 on) become ``characters``.
    """
    app = ft.use_context(AppContext)
    root = app.hub.store.root if app is not None else None
    seats = players or 4
    # The latest options and typed texts live in a ref: two quick edits must not overwrite each
    # other through the closures of one render.
    mine = ft.use_ref(None)
    if mine.current is None:
        actions0 = dict(options.get("actions") or {KRO: KRO_ACTIONS})
        limit0 = options.get("charge_limit")
        mine.current = {
            "options": options,
            "picks": list(options.get("characters") or []) + [""] * 4,
            "typed": {u: str(actions0.get(u, "")) for u in ACTION_FIELDS},
            "limit": str(limit0) if limit0 else "",
        }
    m = mine.current
    _shown, set_shown = ft.use_state(0)  # bumped when the ref changes what is displayed

    def push(**changes: Any) -> None:
        m["options"] = {**m["options"], **changes}
        set_options(m["options"])

    def prefill() -> None:
        if root is None:
            return
        saved = load_settings(root).get(SETTINGS_KEY) or {}
        known = {u: v for u, v in saved.items() if u in ACTION_FIELDS and isinstance(v, int)}
        if known:
            actions = dict(m["options"].get("actions") or {})
            m["typed"] = {u: str(known.get(u, actions.get(u, ""))) for u in ACTION_FIELDS}
            push(actions={**actions, **known, KRO: KRO_ACTIONS})
            set_shown(1)

    ft.use_effect(prefill, [])

    def pick(seat: int, value: str) -> None:
        m["picks"][seat] = value if value in CHARACTERS else ""
        chosen: list[str] = []
        for c in m["picks"][:seats]:
            if not c:
                break
            chosen.append(c)
        push(characters=chosen or None)

    def set_action(u: str, raw: str) -> None:
        m["typed"][u] = raw
        value = _int(raw, "")
        new = {**(m["options"].get("actions") or {}), KRO: KRO_ACTIONS}
        if value == "":
            new.pop(u, None)
        else:
            new[u] = value
        push(actions=new)
        good = {
            k: v
            for k, v in new.items()
            if k in ACTION_FIELDS and isinstance(v, int) and 1 <= v <= 20
        }
        if root is not None and good:
            update_settings(root, **{SETTINGS_KEY: good})

    def set_limit(raw: str) -> None:
        m["limit"] = raw
        raw = raw.strip().replace(",", ".")
        if not raw:
            value: Any = None
        else:
            try:
                value = float(raw)
                value = int(value) if value.is_integer() else value
            except ValueError:
                value = raw  # validate_setup names the field
        push(charge_limit=value)

    picks, typed, limit_text = m["picks"], m["typed"], m["limit"]
    seat_rows = [
        tag(
            f"character-{s}",
            ft.Dropdown(
                label=f"{_('Персонаж игрока')} {s + 1}",
                width=220,
                value=picks[s] or "",
                options=[
                    ft.DropdownOption(key="", text=_("по порядку")),
                    *[ft.DropdownOption(key=c, text=c) for c in CHARACTERS],
                ],
                on_select=lambda e, s=s: pick(s, e.control.value or ""),
            ),
        )
        for s in range(seats)
    ]
    return ft.Column(
        [
            ft.Text(_("Персонажи"), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(_("По порядку хода. Если не выбирать — Рик, Морти, Зип, Кайл."), size=14),
            ft.Row(seat_rows, wrap=True),
            tag(
                "abilities",
                ft.Switch(
                    label=_("Свойства персонажей"),
                    value=bool(m["options"].get("abilities", True)),
                    on_change=lambda e: push(abilities=bool(e.control.value)),
                ),
            ),
            ft.Text(
                _("Жетоны действий по вселенным (число с карты вселенной; запоминается)"),
                size=16,
                weight=ft.FontWeight.BOLD,
            ),
            ft.Row(
                [
                    *[
                        _field(
                            ident,
                            u,
                            "",
                            lambda raw, u=u: set_action(u, raw),
                            170,
                            value=typed.get(u, ""),
                        )
                        for u, ident in (
                            (RICK_UNIVERSE, ACTION_FIELDS[RICK_UNIVERSE]),
                            (MICRO, ACTION_FIELDS[MICRO]),
                            (MINI, ACTION_FIELDS[MINI]),
                        )
                    ],
                    ft.Text(f"{KRO}: {KRO_ACTIONS}", size=16),
                ],
                wrap=True,
            ),
            _field(
                "charge-limit",
                _("Лимит на ход в шагах Б и В, сек (необязательно)"),
                "",
                set_limit,
                320,
                value=limit_text,
            ),
        ]
    )
