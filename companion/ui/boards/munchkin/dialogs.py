"""The board's dialogs: the monster form («Бой!», «Ещё монстр», a :func:`.form_dialog`),
«карта так говорит» for a refusal a card may override, and the dice of «Смываемся». Each
component owns one ``ft.use_dialog`` and opens when :class:`~.common.BoardUi` says so."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.engine.munchkin import (
    ESCAPE_TARGET,
    MUNCHKIN,
    SEALS_TO_END,
    default_monster_name,
    roll_dice,
)
from companion.i18n import _
from companion.present.munchkin import fight_refusal, rule_first
from companion.ui.boards.munchkin.common import BoardUi, Send, rules, send_noting_gear, stepper
from companion.ui.form_dialog import form_dialog, refusal_line
from companion.ui.layout import use_layout
from companion.ui.state import GameView
from companion.ui.widgets import (
    TARGET,
    button,
    clipped_text,
    confirm_dialog,
    number_field,
    said,
    tagged,
    toggle,
    typed_number,
    typed_text,
    use_form,
)

__all__ = ["MonsterDialog", "Question", "FleeDialog", "dialog_actions", "flag"]

_BLANK = {"name": "", "level": "", "treasures": "", "two": False, "override": False, "refused": ""}


def dialog_actions(
    cancel_ident: str, ok_ident: str, ok_text: str, on_cancel: Callable[[], None], on_ok, **kw
) -> list[ft.Control]:
    """«Отмена» and the dialog's filled action (``kw`` to it), both 48 dp tall."""
    return [
        button(cancel_ident, _("Отмена"), lambda: on_cancel()),
        button(ok_ident, ok_text, lambda: on_ok(), ft.FilledButton, **kw),
    ]


def flag(
    ident: str,
    text: str,
    on: bool,
    flip: Callable[[], None],
    *,
    spoken: str | None = None,
    yes: str = " (вкл)",
    dimmed: bool = False,
) -> ft.Control:
    """A :func:`.toggle` tagged ``ident``, spoken as ``spoken`` (else ``text``) with ``yes``
    when on and « недоступно» when ``dimmed`` (it still answers a tap)."""
    label = (spoken or text) + (yes if on else "") + (" недоступно" if dimmed else "")
    return tagged(ident, toggle(text, on, flip, dimmed=dimmed), label=label)


@ft.component
def MonsterDialog(view: GameView, ui: BoardUi) -> ft.Control:
    """A monster's name, level, treasures (never 0 for empty) and «2 уровня»: starts the fight
    (``ui.monster_form == "start"``) or adds a monster (``"add"``); blank at each opening. Its
    refusal, or a fight refused whatever the monster until «Карта так говорит», is said in its
    refusal line only. Tags ``monster-…``/``add-monster-…``: ``-name``, ``-level``,
    ``-treasures``, ``-two``, ``-error``, ``-submit``, ``-cancel``; ``monster-override``."""
    mode = ui.monster_form
    layout = use_layout()
    # «Карта так говорит» given in advance (``ui.card_says``) is the form's first value
    form, update, latest = use_form(lambda: {**_BLANK, "override": ui.card_says}, mode)
    adding = mode == "add"
    prefix = "add-monster" if adding else "monster"

    def put(key: str, value: Any) -> None:
        update(lambda f: {**f, key: value})

    def flip(key: str) -> None:
        put(key, not latest()[key])

    def close() -> None:
        ui.card_says = False
        ui.monster_form = ""

    def unnamed() -> str:
        combat = view.state.combat
        return default_monster_name(
            [m.name for m in combat.monsters] if adding and combat is not None else []
        )

    def submit() -> None:
        cur = latest()
        level, treasures = typed_number(cur["level"]), typed_number(cur["treasures"])
        if isinstance(level, int) and not isinstance(treasures, int):  # a missing level first
            put("refused", _("Сокровища: впишите число с карты монстра, 0 — если их нет («Бой»)."))
            return
        monster: dict[str, Any] = {
            "name": cur["name"].strip() or unnamed(),
            "level": level if isinstance(level, int) else -1,
            "levels": 2 if cur["two"] else 1,
        }
        if isinstance(treasures, int):
            monster["treasures"] = treasures
        data: dict[str, Any] = {"monster": monster}
        if not adding and cur["override"]:
            data["override"] = True
        if view.send("combat.monster.add" if adding else "combat.start", data):
            close()
            return
        put("refused", view.error)
        view.clear_message()

    name = ft.TextField(
        label=_("Название (необязательно)"),
        hint_text=f"{_('если пусто')}: {unnamed()}" if mode else None,
        value=form["name"],
        on_change=lambda e: put("name", typed_text(e)),
    )
    numbers = [
        number_field(f"{prefix}-{key}", label, form[key], width, partial(put, key))
        for key, label, width in (("level", _("Уровень"), 112), ("treasures", _("Сокровища"), 128))
    ]
    fields: list[ft.Control] = [
        tagged(f"{prefix}-name", name),
        ft.Row(numbers, spacing=8),
        flag(f"{prefix}-two", _("2 уровня за убийство"), form["two"], partial(flip, "two")),
    ]
    if not adding:
        card_word = partial(flip, "override")
        fields.append(flag("monster-override", _("Карта так говорит"), form["override"], card_word))
    refused = form["refused"] or (
        fight_refusal(view.game) if mode == "start" and not form["override"] else ""
    )
    ok, icon = (_("Добавить"), ft.Icons.ADD) if adding else (_("Бой!"), ft.Icons.SPORTS_MMA)
    actions = dialog_actions(f"{prefix}-cancel", f"{prefix}-submit", ok, close, submit, icon=icon)
    title = _("Ещё монстр в бою") if adding else _("Монстр!")
    refusal = refusal_line(f"{prefix}-error", rule_first(refused), whole=refused)
    ft.use_dialog(form_dialog(layout, title, fields, refusal, actions, close) if mode else None)
    return ft.Container(width=0, height=0)


@ft.component
def Question(view: GameView, ui: BoardUi, send: Send) -> ft.Control:
    """The board's yes/no question (a :func:`.confirm_dialog`, its text spoken whole, margins
    that keep its two buttons on one row at 360 px), kept in place by the board so a turn
    keeps it open; one at a time:

    - a refusal a card may override (``ui.override``): the engine's message, the one place
      that says it (:func:`.board.use_send`), and «Карта так говорит» that sends the same move
      again with ``"override": true`` — or, for a fight refused at «Бой!», opens the monster
      form with the card's word given. Tags: ``override-message``, ``-cancel``, ``-apply``;
    - before a seal is broken (``ui.sealing``): asked by the board's «Сорвать» before the
      last seal and by the pinned bar's seals always. Tags: ``seal-confirm-text``,
      ``seal-cancel``, ``seal-confirm``."""
    pending, seals = ui.override, view.state.seals
    last = seals + 1 >= SEALS_TO_END

    def close() -> None:
        ui.override, ui.sealing = None, False

    def apply() -> None:
        if pending is not None and pending.get("form"):
            view.clear_message()
            ui.card_says = True
            ui.monster_form = "start"
        elif pending is not None:  # a gear bonus going below 0 is said as after a plain tap
            send_noting_gear(view, pending["type"], {**pending["data"], "override": True})
        close()

    def seal() -> None:
        close()
        send("seal.break", {})

    dialog = None
    if pending is not None:
        dialog = confirm_dialog(
            _("Правила этого не разрешают"),
            pending["message"],
            ("override-cancel", _("Отмена"), close),
            ("override-apply", _("Карта так говорит"), apply),
            icon=ft.Icons.STYLE,
        )
    elif ui.sealing and not MUNCHKIN.ended(view.state):
        dialog = confirm_dialog(
            _("Сорвать последнюю сивучать?") if last else _("Сорвать сивучать?"),
            _("Седьмая сивучать заканчивает игру; затем стол назовёт победителя.")
            if last
            else f"{_('Сорвано сивучатей')}: {seals}/{SEALS_TO_END}.",
            ("seal-cancel", _("Отмена"), close),
            ("seal-confirm", _("Сорвать"), seal),
            icon=ft.Icons.APPROVAL,
        )
    if dialog is not None:
        ident = "override-message" if pending is not None else "seal-confirm-text"
        dialog.content = said(ident, dialog.content)
        dialog.inset_padding = ft.Padding.symmetric(horizontal=16, vertical=24)
        dialog.actions_padding = ft.Padding.only(left=16, right=16, bottom=16)
    ft.use_dialog(dialog)
    return ft.Container(width=0, height=0)


#: Six dice, 8 px apart: the content's width (px) at most; a narrower dialog's dice sit closer.
FLEE_WIDTH = 6 * TARGET + 5 * 8
#: The dialog's side padding (px): with 6 px insets six dice keep their 8 px gaps at 360 px.
FLEE_PAD = 10
_NO_DICE = {"picked": {}, "modifier": 0, "helper_picked": {}, "helper_modifier": 0}


@ft.component
def FleeDialog(view: GameView, ui: BoardUi) -> ft.Control:
    """«Смываемся»: one d6 per monster, rolled by the app (``flee-roll``) or picked
    (``flee-die-{i}-{v}``), and a modifier (``flee-mod…``); with a helper both run, each with
    their own (``flee-helper-die-…``, ``flee-helper-mod…``: «Зовём на помощь»).
    ``flee-submit`` waits for every die. Blank at each opening."""
    c = view.state.combat
    opened = ui.fleeing and c is not None
    form, update, latest = use_form(lambda: dict(_NO_DICE), opened)
    monsters = [m.name for m in c.monsters] if c is not None else []
    names = view.game.players
    helper = c.helper if c is not None else None
    both = helper is not None
    # per runner: the tags' prefix and the form's and the move's key prefix
    runs = [("flee", ""), ("flee-helper", "helper_")][: 2 if both else 1]

    def put(**changes: Any) -> None:
        update(lambda f: {**f, **changes})

    def close() -> None:
        ui.fleeing = False

    def chosen(key: str) -> list[int] | None:
        values = [latest()[key].get(i) for i in range(len(monsters))]
        return None if None in values else values

    def flee(rolled: list[list[int]] | None = None) -> None:
        """Sends the dice ``rolled`` (each runner's), else the ones picked once all are."""
        data: dict[str, Any] = {}
        for k, (_tag, pre) in enumerate(runs):
            rolls = rolled[k] if rolled else chosen(f"{pre}picked")
            if rolls is None:
                return
            data[f"{pre}rolls"] = rolls
            if latest()[f"{pre}modifier"]:
                data[f"{pre}modifier"] = latest()[f"{pre}modifier"]
        if view.send("combat.flee", data):
            close()

    def roll() -> None:
        flee([roll_dice(view.game.rng, len(monsters)) for _run in runs])

    def dice(prefix: str, key: str, runner: str) -> list[ft.Control]:
        """Per monster: whose roll against which monster, then its six dice on one line."""
        rows: list[ft.Control] = []
        for i, name in enumerate(monsters):
            whose = f"{runner}, {_('от')} «{name}»" if runner else name
            who, picked = f"{runner}: {name}" if runner else name, form[key].get(i)
            six = [
                button(
                    f"{prefix}-die-{i}-{v}",
                    str(v),
                    lambda _e, i=i, v=v: put(**{key: {**latest()[key], i: v}}),
                    ft.FilledButton if picked == v else ft.OutlinedButton,
                    width=TARGET,
                    style=ft.ButtonStyle(padding=0),
                    label=f"{who} {v}" + (" выбран" if picked == v else ""),
                )
                for v in range(1, 7)
            ]
            rows.append(clipped_text(f"{whose}: {_('кубик')}", 13))
            rows.append(ft.Row(six, spacing=0, alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        return rows

    who = [names[c.fighter] if c is not None else "", names[helper] if both else ""]
    parts: list[ft.Control] = []
    if both:
        parts.append(said("flee-both", ft.Text(_("Смываются оба, каждый сам"), size=14)))
    for k, (tag, pre) in enumerate(runs):
        role = _("помогает") if k else _("в бою")
        title = f"{who[k]} — {role}" if both else _("Модификатор")
        mod = f"{pre}modifier"
        step = partial(lambda key, by: put(**{key: latest()[key] + by}), mod)
        parts.append(stepper(f"{tag}-mod", title, f"{form[mod]:+d}", step))
    many = len(monsters) > 1 or both
    throw = _("Бросить кубики") if many else _("Бросить кубик")
    own = clipped_text(_("или свои кубики:"), 14, lines=2, expand=True)
    roll_row = [button("flee-roll", throw, roll, ft.FilledButton, icon=ft.Icons.CASINO), own]
    parts.append(ft.Row(roll_row, spacing=8))
    for k, (tag, pre) in enumerate(runs):
        parts += dice(tag, f"{pre}picked", who[k] if both else "")
    missing = any(chosen(f"{pre}picked") is None for _tag, pre in runs)
    record = _("Записать броски") if many else _("Записать бросок")
    actions = dialog_actions("flee-cancel", "flee-submit", record, close, flee, disabled=missing)
    scroll = ft.ScrollMode.AUTO if many else None  # a fallback: 390×844 holds it
    content = ft.Column(parts, tight=True, spacing=4, width=FLEE_WIDTH, scroll=scroll)
    link = button(
        "flee-rules",
        f"{ESCAPE_TARGET}+ {_('удалось')}",
        lambda: rules("Смываемся"),
        icon=ft.Icons.MENU_BOOK,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
        label=f"{ESCAPE_TARGET}+ на кубике — удалось",
    )
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Row([ft.Text(_("Смываемся"), size=22, expand=True), link], spacing=4),
            content=content,
            actions=actions,
            inset_padding=ft.Padding.symmetric(horizontal=6, vertical=8),
            title_padding=ft.Padding.only(left=FLEE_PAD + 6, right=FLEE_PAD, top=8),
            content_padding=ft.Padding.only(left=FLEE_PAD, right=FLEE_PAD, top=8, bottom=4),
            actions_padding=ft.Padding.only(left=16, right=16, bottom=16),
            on_dismiss=lambda: close(),
        )
        if opened
        else None
    )
    return ft.Container(width=0, height=0)
