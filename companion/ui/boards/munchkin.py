"""Board of «Манчкин Апокалипсис» (see :mod:`companion.engine.munchkin`).

Phone first: player cards (level and combat strength in big type, gear bonus, class and notes,
a «Карта так говорит» switch for level changes the rules refuse), the phase bar with links to
the rules, the seal counter and the winner picker after the 7th seal, the charity helper and,
while a combat is open, the Kill-o-meter (both sides' totals, who wins, one-shots, monsters,
the helper, «Победа» and «Смываемся» with a dice roller).

The board only shows the state and sends events; every rule is checked by the engine and a
refusal appears in the shell's error banner.
"""

from __future__ import annotations

import flet as ft

from companion.engine.munchkin import (
    ESCAPE_TARGET,
    HAND_LIMIT,
    MAX_LEVEL,
    MUNCHKIN,
    PHASES,
    SEALS_TO_END,
    SETUP_REMINDER,
    charity,
    escapes,
    roll_dice,
    strength,
)
from companion.i18n import _
from companion.ui.nav import go
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, BigCounter, tagged

__all__ = ["Board", "RULES_GAME_ID", "ONE_SHOTS"]

#: The rules database's id for this game (links from the phase bar).
RULES_GAME_ID = "munchkin"
#: Quick one-shot bonuses offered for either side of a combat.
ONE_SHOTS = (1, 2, 3, 5, 10)
#: Width of a BigCounter (two 56 dp buttons around a 110 dp number).
COUNTER_WIDTH = 230


def _int(text: str, default: int | None = None) -> int | None:
    try:
        return int(text.strip())
    except (ValueError, AttributeError):
        return default


def _refusal(ident: str, message: str) -> ft.Control:
    """The engine's last refusal repeated next to the control that caused it (the shell's banner
    is at the top of a long board on a phone)."""
    if not message:
        return ft.Container(height=0)
    return tagged(
        ident,
        ft.Row(
            [
                ft.Icon(ft.Icons.BLOCK, color=ft.Colors.ERROR, size=18),
                ft.Text(message, size=14, color=ft.Colors.ERROR, expand=True),
            ]
        ),
        label=message,
    )


def _rules(q: str) -> None:
    go(f"/rules?game={RULES_GAME_ID}&q={q}")


# -- player cards ---------------------------------------------------------------------------------
@ft.component
def PlayerCard(view: GameView, version: int, index: int) -> ft.Control:
    """One munchkin: level and strength big, gear bonus, override switch, class and notes."""
    game = view.game
    state = game.state
    sheet = state.players[index]
    spec = game.setup.players[index]
    active = state.active == index
    override, set_override = ft.use_state(False)
    failed, set_failed = ft.use_state(False)
    editing, set_editing = ft.use_state(False)
    typed = ft.use_ref(None)  # {"klass": str, "notes": str} being edited (see MonsterForm)
    draft, set_draft = ft.use_state(None)

    def type_text(key: str, value: str) -> None:
        typed.current = {**(typed.current or {}), key: value}
        set_draft(typed.current)

    def send(type: str, data: dict) -> None:
        if override:
            data = {**data, "override": True}
        ok = view.send(type, data)
        set_failed(not ok)
        if ok and override:
            set_override(False)

    def save_text() -> None:
        cur = typed.current or {}
        if "klass" in cur and cur["klass"] != sheet.klass:
            view.send("player.class", {"player": index, "value": cur["klass"]})
        if "notes" in cur and cur["notes"] != sheet.notes:
            view.send("player.notes", {"player": index, "value": cur["notes"]})
        typed.current = None
        set_draft(None)
        set_editing(False)

    c = state.combat
    role = ""
    if c is not None and c.fighter == index:
        role = _("в бою")
    elif c is not None and c.helper == index:
        role = _("помогает")
    power = strength(sheet)
    header = ft.Row(
        [
            ft.Container(width=14, height=14, bgcolor=spec.color, border_radius=7),
            tagged(
                f"name-p{index}",
                ft.Text(spec.name, size=22, weight=ft.FontWeight.BOLD),
                label=spec.name,
            ),
            ft.Icon(ft.Icons.PLAY_ARROW, color=ft.Colors.PRIMARY) if active else ft.Container(),
            ft.Text(role, size=14, color=ft.Colors.PRIMARY, weight=ft.FontWeight.BOLD)
            if role
            else ft.Container(),
            ft.Container(expand=True),
            tagged(
                f"class-p{index}",
                ft.Text(sheet.klass or _("без класса"), size=14, italic=not sheet.klass),
                label=sheet.klass or "без класса",
            ),
            tagged(
                f"edit-p{index}",
                ft.IconButton(
                    ft.Icons.EDIT_NOTE,
                    tooltip=_("Класс и заметки"),
                    on_click=lambda: set_editing(not editing),
                ),
            ),
        ],
        spacing=6,
    )

    def stat(kind: str, title: str, label: str, value: int, color: str | None = None) -> ft.Control:
        """A titled counter sending ``<kind>.change`` / ``<kind>.set`` for this player."""
        return ft.Column(
            [
                ft.Text(title, size=14),
                BigCounter(
                    f"{kind}-p{index}",
                    f"{spec.name}: {label}",
                    value,
                    1,
                    on_add=lambda d: send(f"{kind}.change", {"player": index, "delta": d}),
                    on_set=lambda v: send(f"{kind}.set", {"player": index, "value": v}),
                    color=color,
                ),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=0,
            width=COUNTER_WIDTH,
        )

    numbers = ft.Row(
        [
            stat("level", _("Уровень"), _("уровень"), sheet.level, spec.color),
            ft.Column(
                [
                    ft.Text(_("Сила"), size=14),
                    tagged(
                        f"power-p{index}",
                        ft.Container(
                            ft.Text(str(power), size=44, weight=ft.FontWeight.BOLD),
                            height=TARGET + 8,
                            alignment=ft.Alignment.CENTER,
                        ),
                        label=str(power),
                    ),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=0,
                width=80,
            ),
        ],
        wrap=True,
        spacing=4,
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
    )
    gear = ft.Row(
        [
            stat("gear", _("Бонус шмоток"), _("шмотки"), sheet.gear),
            tagged(
                f"override-p{index}",
                ft.Container(
                    ft.Column(
                        [
                            ft.Switch(
                                value=override,
                                on_change=lambda e: set_override(bool(e.control.value)),
                            ),
                            ft.Text(
                                _("Карта так говорит"),
                                size=12,
                                text_align=ft.TextAlign.CENTER,
                                color=ft.Colors.ERROR if override else None,
                            ),
                        ],
                        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        spacing=0,
                    ),
                    width=80,
                    on_click=lambda: set_override(not override),
                ),
                label=f"{spec.name}: карта так говорит" + (" (вкл)" if override else ""),
            ),
        ],
        wrap=True,
        spacing=4,
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
        vertical_alignment=ft.CrossAxisAlignment.END,
    )
    parts: list[ft.Control] = [header, numbers, gear]
    if failed and view.error:
        parts.append(_refusal(f"refusal-p{index}", view.error))
    if sheet.notes and not editing:
        parts.append(tagged(f"notes-p{index}", ft.Text(sheet.notes, size=14), label=sheet.notes))
    if editing:
        parts.append(
            ft.Column(
                [
                    tagged(
                        f"class-field-p{index}",
                        ft.TextField(
                            label=_("Класс"),
                            value=(draft or {}).get("klass", sheet.klass),
                            on_change=lambda e: type_text("klass", e.control.value),
                        ),
                    ),
                    tagged(
                        f"notes-field-p{index}",
                        ft.TextField(
                            label=_("Заметки"),
                            value=(draft or {}).get("notes", sheet.notes),
                            multiline=True,
                            on_change=lambda e: type_text("notes", e.control.value),
                        ),
                    ),
                    tagged(
                        f"save-text-p{index}",
                        ft.FilledButton(
                            _("Сохранить"),
                            icon=ft.Icons.SAVE,
                            height=48,
                            on_click=lambda: save_text(),
                        ),
                    ),
                ]
            )
        )
    return tagged(
        f"card-p{index}",
        ft.Container(
            ft.Column(parts, spacing=4),
            padding=6,
            border_radius=12,
            border=ft.Border.all(
                3 if active else 1, spec.color if active else ft.Colors.OUTLINE_VARIANT
            ),
        ),
    )


# -- monsters ---------------------------------------------------------------------------------------
@ft.component
def MonsterForm(view: GameView, version: int, adding: bool) -> ft.Control:
    """Name, level, treasures and «2 уровня» of a monster; starts a combat or adds to it.

    The typed values live in a ref as well as in state: a tap on the button may arrive before
    the re-render that follows the last keystroke, and must still see the latest text.
    """
    blank = {"name": "", "level": "", "treasures": "", "two": False, "override": False}
    form, set_form = ft.use_state(dict(blank))
    latest = ft.use_ref(None)
    if latest.current is None:
        latest.current = dict(blank)
    prefix = "add-monster" if adding else "monster"

    def put(key: str, value) -> None:
        latest.current = {**latest.current, key: value}
        set_form(latest.current)

    name, level, treasures, two, override = (
        form[k] for k in ("name", "level", "treasures", "two", "override")
    )

    def submit() -> None:
        cur = latest.current
        monster = {
            "name": cur["name"].strip(),
            "level": _int(cur["level"], -1),
            "levels": 2 if cur["two"] else 1,
        }
        if _int(cur["treasures"]) is not None:
            monster["treasures"] = _int(cur["treasures"])
        if adding:
            ok = view.send("combat.monster.add", {"monster": monster})
        else:
            data = {"monster": monster}
            if cur["override"]:
                data["override"] = True
            ok = view.send("combat.start", data)
        if ok:
            latest.current = dict(blank)
            set_form(dict(blank))

    fields = [
        tagged(
            f"{prefix}-name",
            ft.TextField(
                label=_("Монстр"),
                value=name,
                width=180,
                on_change=lambda e: put("name", e.control.value),
            ),
        ),
        tagged(
            f"{prefix}-level",
            ft.TextField(
                label=_("Уровень"),
                value=level,
                width=110,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=lambda e: put("level", e.control.value),
            ),
        ),
        tagged(
            f"{prefix}-treasures",
            ft.TextField(
                label=_("Сокровищ"),
                value=treasures,
                width=120,
                keyboard_type=ft.KeyboardType.NUMBER,
                on_change=lambda e: put("treasures", e.control.value),
            ),
        ),
        tagged(
            f"{prefix}-two",
            ft.Switch(
                label=_("2 уровня за убийство"),
                value=two,
                on_change=lambda e: put("two", bool(e.control.value)),
            ),
            label="2 уровня за убийство" + (" (вкл)" if two else ""),
        ),
    ]
    if not adding:
        fields.append(
            tagged(
                "monster-override",
                ft.Switch(
                    label=_("Карта так говорит"),
                    value=override,
                    on_change=lambda e: put("override", bool(e.control.value)),
                ),
            )
        )
    button = tagged(
        f"{prefix}-submit",
        ft.FilledButton(
            _("Добавить монстра") if adding else _("Бой!"),
            icon=ft.Icons.ADD if adding else ft.Icons.SPORTS_MMA,
            height=52,
            on_click=lambda: submit(),
        ),
    )
    return ft.Column([ft.Row(fields, wrap=True, spacing=8), button], spacing=6)


def _monster_row(view: GameView, i: int, m) -> ft.Control:
    def edit(**changes: int) -> None:
        view.send("combat.monster.edit", {"index": i, **changes})

    return tagged(
        f"monster-{i}",
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.PEST_CONTROL, color=ft.Colors.ERROR),
                            ft.Text(m.name, size=18, weight=ft.FontWeight.BOLD, expand=True),
                            tagged(
                                f"monster-{i}-power",
                                ft.Text(str(m.strength), size=30, weight=ft.FontWeight.BOLD),
                                label=str(m.strength),
                            ),
                            tagged(
                                f"monster-{i}-remove",
                                ft.IconButton(
                                    ft.Icons.DELETE_OUTLINE,
                                    tooltip=_("Убрать без убийства"),
                                    on_click=lambda: view.send(
                                        "combat.monster.remove", {"index": i}
                                    ),
                                ),
                            ),
                        ]
                    ),
                    ft.Row(
                        [
                            ft.Text(f"{_('ур.')} {m.level}", size=16),
                            ft.Text(_("усилители"), size=14),
                            tagged(
                                f"monster-{i}-enh-minus",
                                ft.IconButton(
                                    ft.Icons.REMOVE,
                                    width=TARGET,
                                    height=TARGET,
                                    tooltip=_("Усилитель −1"),
                                    on_click=lambda: edit(enhancers=m.enhancers - 1),
                                ),
                            ),
                            tagged(
                                f"monster-{i}-enh",
                                ft.Text(f"{m.enhancers:+d}", size=20, weight=ft.FontWeight.BOLD),
                                label=f"{m.enhancers:+d}",
                            ),
                            tagged(
                                f"monster-{i}-enh-plus",
                                ft.IconButton(
                                    ft.Icons.ADD,
                                    width=TARGET,
                                    height=TARGET,
                                    tooltip=_("Усилитель +1"),
                                    on_click=lambda: edit(enhancers=m.enhancers + 1),
                                ),
                            ),
                            tagged(
                                f"monster-{i}-levels",
                                ft.TextButton(
                                    f"{_('за убийство')}: {m.levels} {_('ур.')}",
                                    height=TARGET,
                                    tooltip=_("1 или 2 уровня — как на карте"),
                                    on_click=lambda: edit(levels=1 if m.levels == 2 else 2),
                                ),
                                label=f"за убийство {m.levels}",
                            ),
                        ],
                        wrap=True,
                        spacing=2,
                    ),
                ],
                spacing=0,
            ),
            padding=8,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.ERROR),
        ),
        label=f"{m.name} {m.strength}",
    )


def _one_shot_row(view: GameView, side: str, bonuses) -> ft.Control:
    title = _("Манчкинам") if side == "players" else _("Монстрам")
    quick = [
        tagged(
            f"bonus-{side}-{v}",
            ft.OutlinedButton(
                f"+{v}",
                width=56,
                height=TARGET,
                style=ft.ButtonStyle(padding=0),
                on_click=lambda _e, v=v: view.send(
                    "combat.bonus", {"side": side, "value": v, "label": ""}
                ),
            ),
        )
        for v in ONE_SHOTS
    ]
    played = [
        tagged(
            f"bonus-{side}-remove-{k}",
            ft.TextButton(
                f"{b.value:+d}",
                icon=ft.Icons.CLOSE,
                height=TARGET,
                tooltip=_("Убрать разовую карту"),
                on_click=lambda _e, k=k: view.send(
                    "combat.bonus.remove", {"side": side, "index": k}
                ),
            ),
            label=f"{b.value:+d}",
        )
        for k, b in enumerate(bonuses)
    ]
    return ft.Column(
        [
            ft.Text(f"{title}: {_('разовые карты')}", size=14),
            ft.Row(quick, wrap=True, spacing=4),
            ft.Row(played, wrap=True, spacing=2) if played else ft.Container(),
        ],
        spacing=2,
    )


# -- running away -----------------------------------------------------------------------------------
@ft.component
def FleePanel(view: GameView, version: int) -> ft.Control:
    """«Смываемся»: the app rolls one d6 per monster, or the players enter their own dice."""
    c = view.state.combat
    n = len(c.monsters) if c is not None else 0  # None: the combat just ended, the parent drops us
    # Dice picked and the modifier, in a ref too: a quick second tap must see the first one.
    form, set_form = ft.use_state({"picked": {}, "modifier": 0})
    latest = ft.use_ref(None)
    if latest.current is None:
        latest.current = form

    def put(**changes) -> None:
        latest.current = {**latest.current, **changes}
        set_form(latest.current)

    def pick(i: int, v: int) -> None:
        put(picked={**latest.current["picked"], i: v})

    picked, modifier = form["picked"], form["modifier"]
    rolls = [picked.get(i) for i in range(n)]

    def flee(values: list[int] | None = None) -> None:
        cur = latest.current
        if values is None:
            values = [cur["picked"].get(i) for i in range(n)]
            if any(v is None for v in values):
                return
        data = {"rolls": values}
        if cur["modifier"]:
            data["modifier"] = cur["modifier"]
        if view.send("combat.flee", data):
            latest.current = {"picked": {}, "modifier": 0}
            set_form(latest.current)

    if c is None:  # the combat just ended: the parent drops this panel
        return ft.Container(height=0)
    rows = []
    for i, m in enumerate(c.monsters):
        rows.append(ft.Text(f"{m.name}: {_('кубик')}", size=14))
        rows.append(
            ft.Row(
                [
                    tagged(
                        f"flee-die-{i}-{v}",
                        (ft.FilledButton if rolls[i] == v else ft.OutlinedButton)(
                            str(v),
                            width=TARGET,
                            height=TARGET,
                            style=ft.ButtonStyle(padding=0),
                            on_click=lambda _e, i=i, v=v: pick(i, v),
                        ),
                        label=f"{m.name} {v}" + (" выбран" if rolls[i] == v else ""),
                    )
                    for v in range(1, 7)
                ],
                spacing=3,
                wrap=True,
            )
        )
    return tagged(
        "flee-panel",
        ft.Container(
            ft.Column(
                [
                    ft.TextButton(
                        f"{_('Смываемся')}: {_('кубик на каждого монстра')}, {ESCAPE_TARGET}+ {_('— смылся')}",
                        icon=ft.Icons.DIRECTIONS_RUN,
                        on_click=lambda: _rules("Смываемся"),
                    ),
                    ft.Row(
                        [
                            ft.Text(_("Модификатор"), size=14),
                            tagged(
                                "flee-mod-minus",
                                ft.IconButton(
                                    ft.Icons.REMOVE,
                                    width=TARGET,
                                    height=TARGET,
                                    on_click=lambda: put(modifier=latest.current["modifier"] - 1),
                                ),
                            ),
                            tagged(
                                "flee-mod",
                                ft.Text(f"{modifier:+d}", size=22, weight=ft.FontWeight.BOLD),
                                label=f"{modifier:+d}",
                            ),
                            tagged(
                                "flee-mod-plus",
                                ft.IconButton(
                                    ft.Icons.ADD,
                                    width=TARGET,
                                    height=TARGET,
                                    on_click=lambda: put(modifier=latest.current["modifier"] + 1),
                                ),
                            ),
                        ],
                        spacing=2,
                    ),
                    tagged(
                        "flee-roll",
                        ft.FilledButton(
                            _("Бросить кубики в приложении"),
                            icon=ft.Icons.CASINO,
                            height=52,
                            on_click=lambda: flee(roll_dice(view.game.rng, n)),
                        ),
                    ),
                    ft.Text(_("или введите броски настоящих кубиков:"), size=14),
                    *rows,
                    tagged(
                        "flee-submit",
                        ft.OutlinedButton(
                            _("Записать броски"),
                            icon=ft.Icons.CHECK,
                            height=52,
                            disabled=any(r is None for r in rolls),
                            on_click=lambda: flee(),
                        ),
                    ),
                ],
                spacing=6,
            ),
            padding=4,
            border_radius=10,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        ),
    )


# -- the Kill-o-meter -------------------------------------------------------------------------------
@ft.component
def KillOMeter(view: GameView, version: int) -> ft.Control:
    """The open combat: totals, who wins (monsters win ties), one-shots, monsters, helper, end."""
    game = view.game
    state = game.state
    c = state.combat
    names = game.players
    totals = MUNCHKIN.totals(state)
    if c is None or totals is None:  # the combat just ended: the parent replaces this panel
        return ft.Container(height=0)
    if totals.players_win:
        verdict = _("Побеждают манчкины")
    elif totals.players == totals.monsters:
        verdict = _("Побеждают монстры: при ничьей побеждают монстры")
    else:
        verdict = f"{_('Побеждают монстры')}: {_('манчкинам не хватает')} {totals.margin}"

    def pick_helper(p: int) -> None:
        if c.helper == p:
            view.send("combat.helper", {"player": None})
            return
        if c.helper is not None and not view.send("combat.helper", {"player": None}):
            return
        view.send("combat.helper", {"player": p})

    side_players = ft.Column(
        [
            ft.Text(_("Манчкины"), size=16),
            tagged(
                "total-players",
                ft.Text(
                    str(totals.players), size=56, weight=ft.FontWeight.BOLD, color=ft.Colors.GREEN
                ),
                label=str(totals.players),
            ),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=0,
        expand=True,
    )
    side_monsters = ft.Column(
        [
            ft.Text(_("Монстры"), size=16),
            tagged(
                "total-monsters",
                ft.Text(
                    str(totals.monsters), size=56, weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR
                ),
                label=str(totals.monsters),
            ),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        spacing=0,
        expand=True,
    )
    fighter = names[c.fighter]
    helper_buttons = [
        tagged(
            f"helper-{p}",
            (ft.FilledButton if c.helper == p else ft.OutlinedButton)(
                names[p], height=TARGET, on_click=lambda _e, p=p: pick_helper(p)
            ),
            label=names[p] + (" помогает" if c.helper == p else ""),
        )
        for p in range(len(names))
        if p != c.fighter
    ]
    return tagged(
        "combat",
        ft.Container(
            ft.Column(
                [
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.SPORTS_MMA, color=ft.Colors.ERROR),
                            ft.Text(
                                f"{_('Бой')}: {fighter}",
                                size=20,
                                weight=ft.FontWeight.BOLD,
                                expand=True,
                            ),
                            ft.TextButton(
                                _("Правила боя"),
                                icon=ft.Icons.MENU_BOOK,
                                on_click=lambda: _rules("Бой"),
                            ),
                        ]
                    ),
                    ft.Row(
                        [side_players, ft.Text(_("против"), size=16), side_monsters],
                        vertical_alignment=ft.CrossAxisAlignment.CENTER,
                    ),
                    tagged(
                        "verdict",
                        ft.Container(
                            ft.Text(
                                verdict,
                                size=18,
                                weight=ft.FontWeight.BOLD,
                                text_align=ft.TextAlign.CENTER,
                            ),
                            bgcolor=ft.Colors.GREEN_100
                            if totals.players_win
                            else ft.Colors.RED_100,
                            padding=8,
                            border_radius=8,
                            alignment=ft.Alignment.CENTER,
                        ),
                        label=verdict,
                    ),
                    ft.Text(f"{_('Помощник')} ({_('только один')}):", size=14),
                    ft.Row(helper_buttons, wrap=True, spacing=4),
                    _one_shot_row(view, "players", c.player_bonuses),
                    _one_shot_row(view, "monsters", c.monster_bonuses),
                    ft.Text(_("Монстры в бою"), size=16, weight=ft.FontWeight.BOLD),
                    *[_monster_row(view, i, m) for i, m in enumerate(c.monsters)],
                    MonsterForm(view, version, True),
                    ft.Row(
                        [
                            tagged(
                                "resolve",
                                ft.FilledButton(
                                    _("Победа"),
                                    icon=ft.Icons.EMOJI_EVENTS,
                                    height=56,
                                    on_click=lambda: view.send("combat.resolve", {}),
                                ),
                            ),
                        ],
                        wrap=True,
                    ),
                    _refusal("combat-refusal", view.error),
                    FleePanel(view, version),
                ],
                spacing=8,
            ),
            padding=6,
            border_radius=12,
            border=ft.Border.all(3, ft.Colors.ERROR),
        ),
    )


# -- turn, seals, charity ------------------------------------------------------------------------------
def _last_combat(view: GameView) -> ft.Control:
    state = view.state
    last = state.last_combat
    if not last:
        return ft.Container()
    names = view.game.players
    if last["result"] == "won":
        text = (
            f"{_('Победа в бою')}: {names[last['fighter']]} +{last['levels']} {_('ур.')}; "
            f"{_('сокровищ тянуть')}: {last['treasures']}; {_('разовые карты — в сброс')}"
        )
    elif last["result"] == "fled":
        flee = next((e for e in reversed(view.game.events) if e.type == "combat.flee"), None)
        parts = []
        if flee is not None:
            ok = escapes(
                flee.data["rolls"], flee.data.get("modifier", 0), flee.data.get("modifiers")
            )
            mod = flee.data.get("modifier", 0)
            for name, r, e in zip(last["monsters"], flee.data["rolls"], ok, strict=False):
                roll = f"{r}{mod:+d}" if mod else str(r)
                parts.append(f"{name}: {roll} — {_('смылся') if e else _('догнал')}")
        text = f"{names[last['fighter']]} {_('смывается')}: " + "; ".join(parts)
        if last.get("caught"):
            text += f". {_('Непотребство — по карте монстра')}"
    else:
        text = f"{_('Бой окончен без убийства')}: {', '.join(last['monsters'])}"
    return tagged(
        "last-combat",
        ft.Container(
            ft.Text(text, size=16),
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
            padding=8,
            border_radius=8,
        ),
        label=text,
    )


@ft.component
def CharityPanel(view: GameView, version: int) -> ft.Control:
    """«От щедрот»: cards in hand → who gets the surplus (or the discard), then one event."""
    state = view.state
    names = view.game.players
    hand, set_hand = ft.use_state(HAND_LIMIT + 1)
    extra_to, set_extra_to = ft.use_state(None)  # recipients of the odd cards (None: default)
    sizes = [0] * len(names)
    sizes[state.active] = hand
    plan = charity(state.active, sizes, [p.level for p in state.players])
    chosen = (
        list(plan.recipients[: plan.extra])
        if extra_to is None
        else [p for p in extra_to if p in plan.recipients]
    )
    gifts = [plan.shares.get(i, 0) + (1 if i in chosen else 0) for i in range(len(names))]

    def give() -> None:
        if view.send(
            "turn.charity",
            {
                "hand": hand,
                "gifts": [0] * len(names) if plan.discard else gifts,
                "discard": plan.discard,
            },
        ):
            set_extra_to(None)

    def toggle(p: int) -> None:
        set_extra_to([q for q in chosen if q != p] if p in chosen else [*chosen, p])

    body: list[ft.Control] = [
        ft.Row(
            [
                ft.Text(f"{names[state.active]}: {_('карт на руке')}", size=16),
                tagged(
                    "hand-minus",
                    ft.IconButton(
                        ft.Icons.REMOVE,
                        width=TARGET,
                        height=TARGET,
                        on_click=lambda: set_hand(max(0, hand - 1)),
                    ),
                ),
                tagged(
                    "hand", ft.Text(str(hand), size=28, weight=ft.FontWeight.BOLD), label=str(hand)
                ),
                tagged(
                    "hand-plus",
                    ft.IconButton(
                        ft.Icons.ADD,
                        width=TARGET,
                        height=TARGET,
                        on_click=lambda: set_hand(hand + 1),
                    ),
                ),
            ],
            wrap=True,
            spacing=2,
        )
    ]
    if plan.surplus == 0:
        text = f"{_('Не больше')} {HAND_LIMIT} {_('карт — раздавать нечего')}"
    elif plan.discard:
        text = f"{_('Лишних')}: {plan.surplus}. {_('Вы на самом низком уровне — лишние карты сбрасываются')}: {plan.discard}"
    else:
        text = (
            f"{_('Лишних')}: {plan.surplus}. {_('Раздать поровну манчкинам самого низкого уровня')}"
        )
        if plan.extra:
            text += f" ({_('ещё по одной — выберите')} {plan.extra})"
        for p in plan.recipients:
            body.append(
                ft.Row(
                    [
                        tagged(
                            f"gift-{p}",
                            ft.Text(f"{names[p]}: {gifts[p]}", size=18, weight=ft.FontWeight.BOLD),
                            label=f"{names[p]}: {gifts[p]}",
                        ),
                        tagged(
                            f"gift-extra-{p}",
                            ft.Checkbox(
                                label=_("ещё одну"),
                                value=p in chosen,
                                on_change=lambda _e, p=p: toggle(p),
                            ),
                        )
                        if plan.extra
                        else ft.Container(),
                    ]
                )
            )
    body.insert(1, tagged("charity-plan", ft.Text(text, size=15), label=text))
    body.append(
        tagged(
            "charity-submit",
            ft.FilledButton(
                _("Сбросить") if plan.discard else _("Раздать"),
                icon=ft.Icons.VOLUNTEER_ACTIVISM,
                height=52,
                disabled=plan.surplus == 0 or (not plan.discard and len(chosen) != plan.extra),
                on_click=lambda: give(),
            ),
        )
    )
    return tagged(
        "charity",
        ft.Container(
            ft.Column(body, spacing=6),
            padding=8,
            border_radius=10,
            border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
        ),
    )


@ft.component
def WinnerPicker(view: GameView, version: int) -> ft.Control:
    """After the 7th seal the table names the winner(s) (the surviving pages do not say how)."""
    names = view.game.players
    picked, set_picked = ft.use_state(())
    return tagged(
        "winner-picker",
        ft.Container(
            ft.Column(
                [
                    ft.Text(
                        _("Сорвана седьмая сивучать — игра окончена. Кто победил? Решает стол."),
                        size=16,
                        weight=ft.FontWeight.BOLD,
                    ),
                    *[
                        tagged(
                            f"winner-pick-{i}",
                            ft.Checkbox(
                                label=f"{n} ({_('ур.')} {view.state.players[i].level})",
                                value=i in picked,
                                on_change=lambda _e, i=i: set_picked(
                                    tuple(sorted(set(picked) ^ {i}))
                                ),
                            ),
                        )
                        for i, n in enumerate(names)
                    ],
                    tagged(
                        "winners-submit",
                        ft.FilledButton(
                            _("Записать победу"),
                            icon=ft.Icons.EMOJI_EVENTS,
                            height=52,
                            disabled=not picked,
                            on_click=lambda: view.send("game.winners", {"winners": list(picked)}),
                        ),
                    ),
                ]
            ),
            padding=10,
            border_radius=12,
            border=ft.Border.all(3, ft.Colors.AMBER),
        ),
    )


def _phase_bar(view: GameView) -> ft.Control:
    state = view.state
    over = view.game.outcome() is not None
    chips = [
        tagged(
            f"phase-{k}",
            (ft.FilledTonalButton if k == state.phase else ft.TextButton)(
                name,
                height=TARGET,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
                tooltip=_("Что говорят правила"),
                on_click=lambda _e, name=name: _rules(name),
            ),
            label=name + (" (сейчас)" if k == state.phase else ""),
        )
        for k, name in enumerate(PHASES)
    ]
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Column(
                        [
                            tagged(
                                "turn",
                                ft.Text(
                                    f"{_('Ход')} {state.turn}: {view.game.players[state.active]}",
                                    size=18,
                                    weight=ft.FontWeight.BOLD,
                                ),
                                label=f"Ход {state.turn}: {view.game.players[state.active]}",
                            ),
                            tagged(
                                "current-phase",
                                ft.Text(f"«{PHASES[state.phase]}»", size=16),
                                label=PHASES[state.phase],
                            ),
                        ],
                        spacing=0,
                        expand=True,
                    ),
                    tagged(
                        "next-phase",
                        ft.FilledButton(
                            _("Дальше"),
                            icon=ft.Icons.SKIP_NEXT,
                            height=56,
                            disabled=over or state.combat is not None,
                            on_click=lambda: view.send("phase.next", {}),
                        ),
                    ),
                ],
            ),
            ft.Row(chips, wrap=True, spacing=0, run_spacing=0),
            tagged(
                "loot",
                ft.OutlinedButton(
                    _("Чистим нычки: Дверь на руку"),
                    height=52,
                    on_click=lambda: view.send("turn.loot", {}),
                ),
            )
            if state.phase == 2 and not state.met_monster and not state.looted
            else ft.Container(),
        ],
        spacing=2,
    )


def _seals(view: GameView) -> ft.Control:
    state = view.state
    over = view.game.outcome() is not None or state.seals >= SEALS_TO_END
    return ft.Row(
        [
            ft.Icon(ft.Icons.LOCK_OPEN, color=ft.Colors.AMBER),
            ft.Text(_("Сивучати"), size=16),
            tagged(
                "seals",
                ft.Text(f"{state.seals}/{SEALS_TO_END}", size=24, weight=ft.FontWeight.BOLD),
                label=f"{state.seals}/{SEALS_TO_END}",
            ),
            tagged(
                "seal-break",
                ft.OutlinedButton(
                    _("Сломать печать"),
                    icon=ft.Icons.BROKEN_IMAGE,
                    height=TARGET,
                    disabled=over,
                    on_click=lambda: view.send("seal.break", {}),
                ),
            ),
        ],
        wrap=True,
        spacing=6,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
def Board(view: GameView) -> ft.Control:
    """Phase bar, seals, the combat (or the «Бой!» form), the charity helper and player cards."""
    game = view.game
    state = game.state
    version = view.version
    over = game.outcome() is not None
    # Every slot is always present (an empty Container when unused), so each component keeps
    # its place, and its state, whatever appears or disappears around it.
    playing = state.combat is None and not over and state.seals < SEALS_TO_END
    reminder = (
        ft.Container(
            ft.Column(
                [
                    ft.Text(_("Перед началом"), size=16, weight=ft.FontWeight.BOLD),
                    *[ft.Text(f"• {line}", size=14) for line in SETUP_REMINDER],
                ],
                spacing=2,
            ),
            padding=8,
            border_radius=8,
            bgcolor=ft.Colors.SECONDARY_CONTAINER,
        )
        if not game.events
        else ft.Container(height=0)
    )
    parts: list[ft.Control] = [
        _phase_bar(view),
        _seals(view),
        reminder,
        WinnerPicker(view, version)
        if state.seals >= SEALS_TO_END and state.winners is None
        else ft.Container(height=0),
        _last_combat(view),
        KillOMeter(view, version) if state.combat is not None else ft.Container(height=0),
        CharityPanel(view, version)
        if playing and state.phase == 3 and not state.charity_done
        else ft.Container(height=0),
        ft.Column(
            [
                ft.Text(
                    f"{_('Монстр!')} {_('Бьётся')} {game.players[state.active]}",
                    size=16,
                    weight=ft.FontWeight.BOLD,
                ),
                MonsterForm(view, version, False),
            ],
            spacing=4,
        )
        if playing
        else ft.Container(height=0),
    ]
    parts.extend(PlayerCard(view, version, i) for i in range(len(game.players)))
    parts.append(
        ft.Text(
            f"{_('Победа')}: {_('первый, кто получит')} {MAX_LEVEL}-{_('й уровень за убийство монстра')}",
            size=13,
            italic=True,
        )
    )
    return ft.Column(parts, spacing=10)
