"""The board's dialogs: the monster form («Бой!», «Ещё монстр») and «карта так говорит» for a
refusal a card may override (the dice of «Смываемся»: :mod:`.flee`). Each is a component that
owns one ``ft.use_dialog`` and opens when :class:`~.common.BoardUi` says so."""

from __future__ import annotations

import re
from typing import Any

import flet as ft

from companion.engine.munchkin import default_monster_name
from companion.i18n import _
from companion.ui.boards.munchkin.common import (
    BoardUi,
    refused_fight,
    send_noting_gear,
    to_int,
)
from companion.ui.state import GameView
from companion.ui.widgets import (
    TARGET,
    button,
    clipped_text,
    number_field,
    said,
    tagged,
    toggle,
    typed_text,
)

__all__ = ["MonsterDialog", "OverrideDialog"]

_BLANK = {"name": "", "level": "", "treasures": "", "two": False, "override": False}
#: The monster form's refusal: at most this many lines of 13 px text, each this many times
#: the font size tall, in a slot of fixed height (px) — two lines, never more.
ERROR_LINES = 2
ERROR_LINE_HEIGHT = 1.3
ERROR_SLOT = 36


def dialog_actions(cancel_ident: str, ok_ident: str, ok_text: str, on_cancel, on_ok, **kw) -> list:
    """«Отмена» and the dialog's action, both 48 dp tall."""
    return [
        button(cancel_ident, _("Отмена"), on_cancel),
        tagged(ok_ident, ft.FilledButton(ok_text, height=TARGET, on_click=lambda: on_ok(), **kw)),
    ]


#: About how many characters of 13 px text two lines of the monster form hold at 360 px.
_TWO_LINES = 76
_RULE_AT_END = re.compile(r"^(?P<text>.*\S)\s*\(«?(?P<rule>[^()«»]+)»?\)\.?$", re.DOTALL)


def rule_first(message: str) -> str:
    """A refusal too long for the form's two lines with the rule it names moved to the front
    («Фазы хода: В этот ход монстр уже был; …»), so the cut keeps the rule (a refusal names
    the rule); a short one, or one naming none, as it is."""
    found = _RULE_AT_END.match(message)
    if len(message) <= _TWO_LINES or found is None:
        return message
    return f"{found['rule']}: {found['text']}"


@ft.component
def MonsterDialog(view: GameView, ui: BoardUi) -> ft.Control:
    """Name, level, treasures and «2 уровня» of a monster: starts the combat (``ui.monster_form
    == "start"``) or adds a monster to it (``"add"``).

    The level and the treasures are needed (both are on the monster's card; an empty
    «Сокровища» is never taken for 0): a monster left unnamed is «Монстр», or
    «Монстр 2»… when the fight has others
    (:func:`~companion.engine.munchkin.default_monster_name`, shown as the field's hint); a
    fight needed a typed name before.

    The typed values live in a ref as well as in state: a tap on the button may arrive before
    the re-render that follows the last keystroke, and must still see the latest text.
    """
    mode = ui.monster_form
    form, set_form = ft.use_state(dict(_BLANK))
    latest = ft.use_ref(None)
    if latest.current is None:
        latest.current = dict(_BLANK)
    adding = mode == "add"
    prefix = "add-monster" if adding else "monster"
    # the refusal of this form's move: said in the form only, not in the frame's banner
    # behind it as well
    refused, set_refused = ft.use_state("")

    def put(key: str, value: Any) -> None:
        latest.current = {**latest.current, key: value}
        set_form(latest.current)

    def close() -> None:
        latest.current = dict(_BLANK)
        set_form(dict(_BLANK))
        set_refused("")
        ui.card_says = False
        ui.monster_form = ""

    def card_says() -> bool:
        """«Карта так говорит» is ticked (in the form, or by the answer to «Бой!»'s refusal)."""
        return bool(latest.current["override"] or ui.card_says)

    def flip_card() -> None:
        now = card_says()
        ui.card_says = False
        put("override", not now)

    def unnamed() -> str:
        """The name of this monster if none is typed, from the fight as it is now."""
        combat = view.state.combat
        return default_monster_name(
            [m.name for m in combat.monsters] if adding and combat is not None else []
        )

    def submit() -> None:
        cur = latest.current
        if to_int(cur["level"]) is not None and to_int(cur["treasures"]) is None:
            # «Бой»: a won fight draws the treasures the monster's card shows; an empty field
            # is asked for, never taken for 0. The level is
            # the engine's to refuse (it says the range), so a form with neither says that first
            set_refused(_("Сокровища: впишите число с карты монстра, 0 — если их нет («Бой»)."))
            return
        monster: dict[str, Any] = {
            "name": cur["name"].strip() or unnamed(),
            "level": to_int(cur["level"], -1),
            "levels": 2 if cur["two"] else 1,
        }
        treasures = to_int(cur["treasures"])
        if treasures is not None:  # blank only with a blank level: the level is refused first
            monster["treasures"] = treasures
        data: dict[str, Any] = {"monster": monster}
        if not adding and card_says():
            data["override"] = True
        ok = view.send("combat.monster.add" if adding else "combat.start", data)
        if ok:
            close()
            return
        set_refused(view.error)
        view.clear_message()

    fields: list[ft.Control] = [
        tagged(
            f"{prefix}-name",
            ft.TextField(
                label=_("Название (необязательно)"),
                hint_text=f"{_('если пусто')}: {unnamed()}" if mode else None,
                value=form["name"],
                on_change=lambda e: put("name", typed_text(e)),
            ),
        ),
        ft.Row(
            [
                number_field(
                    f"{prefix}-level", _("Уровень"), form["level"], 112, lambda t: put("level", t)
                ),
                number_field(
                    f"{prefix}-treasures",
                    _("Сокровища"),
                    form["treasures"],
                    128,
                    lambda t: put("treasures", t),
                ),
            ],
            spacing=8,
        ),
        tagged(
            f"{prefix}-two",
            toggle(
                _("2 уровня за убийство"),
                form["two"],
                lambda: put("two", not latest.current["two"]),
            ),
            label="2 уровня за убийство" + (" (вкл)" if form["two"] else ""),
        ),
    ]
    if not adding:
        fields.append(
            tagged(
                "monster-override",
                toggle(_("Карта так говорит"), card_says(), flip_card),
                label="Карта так говорит" + (" (вкл)" if card_says() else ""),
            )
        )
    # a fight the rules refuse now whatever the monster (a second one this turn, the wrong
    # phase) is said at «Бой!» (:func:`.actions.start_fight`), and again here should the form
    # be open when it comes; «Карта так говорит» lifts it
    said = refused or (refused_fight(view) if mode == "start" and not card_says() else "")
    fields.append(
        # two lines kept for it whether or not it says something, and never more: a refusal
        # leaves «Бой!» where the finger is. A longer one is cut
        # with «…» (the rule it names moved to the front), whole in its label.
        ft.Container(
            tagged(
                f"{prefix}-error",
                clipped_text(
                    rule_first(said),
                    13,
                    lines=ERROR_LINES,
                    color=ft.Colors.ERROR,
                    style=ft.TextStyle(height=ERROR_LINE_HEIGHT),
                ),
                label=said or " ",
            ),
            height=ERROR_SLOT,
            alignment=ft.Alignment.TOP_LEFT,
            clip_behavior=ft.ClipBehavior.HARD_EDGE,
        )
    )
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Ещё монстр в бою") if adding else _("Монстр!")),
            content=ft.Column(fields, tight=True, spacing=8),
            actions=dialog_actions(
                f"{prefix}-cancel",
                f"{prefix}-submit",
                _("Добавить") if adding else _("Бой!"),
                close,
                submit,
                icon=ft.Icons.ADD if adding else ft.Icons.SPORTS_MMA,
            ),
            on_dismiss=lambda: close(),
        )
        if mode
        else None
    )
    return ft.Container(width=0, height=0)


def modifier_row(prefix: str, modifier: int, step, title: str = "") -> ft.Control:
    """``title`` (a runner: «Аня — в бою»; else «Модификатор») with the modifier's −/+
    (``{prefix}-mod-minus``, ``{prefix}-mod``, ``{prefix}-mod-plus``) at the right, in one
    48 dp line."""
    return ft.Row(
        [
            clipped_text(
                title or _("Модификатор"),
                15 if title else 14,
                weight=ft.FontWeight.BOLD if title else None,
                expand=True,
            ),
            tagged(
                f"{prefix}-mod-minus",
                ft.IconButton(
                    ft.Icons.REMOVE, width=TARGET, height=TARGET, on_click=lambda: step(-1)
                ),
            ),
            tagged(
                f"{prefix}-mod",
                ft.Container(
                    ft.Text(f"{modifier:+d}", size=22, weight=ft.FontWeight.BOLD),
                    width=44,
                    alignment=ft.Alignment.CENTER,
                ),
                label=f"{modifier:+d}",
            ),
            tagged(
                f"{prefix}-mod-plus",
                ft.IconButton(ft.Icons.ADD, width=TARGET, height=TARGET, on_click=lambda: step(1)),
            ),
        ],
        spacing=0,
    )


#: The flee dialog's margins (px): narrower than Material's 40/24 so six 48 dp dice share one
#: line.
#: At 360 px: 6 + 10 px a side leave the six dice their 8 px gaps (with 12 + 16 they were 3 px
#: apart: a finger hit the neighbour); 8 px above and below, as at 360×640 the dialog is the
#: page's height.


OVERRIDE_INSET = ft.Padding.symmetric(horizontal=16, vertical=24)
OVERRIDE_ACTIONS = ft.Padding.only(left=16, right=16, bottom=16)


@ft.component
def OverrideDialog(view: GameView, ui: BoardUi) -> ft.Control:
    """A refusal a card may override: the engine's message (it names the rule, e.g. «Бой») and
    «Карта так говорит» to send the same move again with ``"override": true`` (logged); the
    dialog is the one place that says the refusal (:func:`.board.use_send`)."""
    pending = ui.override

    def close() -> None:
        ui.override = None

    def apply() -> None:
        if pending is not None and pending.get("form"):
            # a fight refused at «Бой!»: the monster form, the card's word already given
            view.clear_message()
            close()
            ui.card_says = True
            ui.monster_form = "start"
            return
        if pending is not None:  # a gear bonus going below 0 is said as after a plain tap
            send_noting_gear(view, pending["type"], {**pending["data"], "override": True})
        close()

    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Правила этого не разрешают")),
            content=said("override-message", ft.Text(pending["message"], size=16)),
            actions=dialog_actions(
                "override-cancel",
                "override-apply",
                _("Карта так говорит"),
                close,
                apply,
                icon=ft.Icons.STYLE,
            ),
            inset_padding=OVERRIDE_INSET,
            actions_padding=OVERRIDE_ACTIONS,
            on_dismiss=lambda: close(),
        )
        if pending is not None
        else None
    )
    return ft.Container(width=0, height=0)
