"""«Смываемся»: the dice of a flight from a lost fight, one roll per monster a player flees
(opens when :class:`~.common.BoardUi` says so)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.munchkin import ESCAPE_TARGET, roll_dice
from companion.i18n import _
from companion.ui.boards.munchkin.common import (
    BoardUi,
    rules,
)
from companion.ui.boards.munchkin.dialogs import OVERRIDE_ACTIONS, dialog_actions, modifier_row
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, button, clipped_text, tagged

__all__ = ["FleeDialog"]


FLEE_INSET = ft.Padding.symmetric(horizontal=6, vertical=8)
FLEE_PAD = 10
#: Six dice, 8 px apart: the dialog's content width (px), at most (a narrower dialog's
#: content gets the room there is, its dice closer together).
FLEE_WIDTH = 6 * TARGET + 5 * 8


@ft.component
def FleeDialog(view: GameView, ui: BoardUi) -> ft.Control:
    """«Смываемся»: the app rolls one d6 per monster, or the players enter their own dice.

    With a helper in the fight both run away, each rolling for each monster with their own
    modifier («Смываемся», «Зовём на помощь»): the dialog then has a part per runner — the
    fighter's (tags ``flee-die-{i}-{v}``, ``flee-mod…``) and the helper's
    (``flee-helper-die-{i}-{v}``, ``flee-helper-mod…``) — «Бросить кубики» rolls for both
    and «Записать броски» waits for every die of both."""
    c = view.state.combat
    monsters = [m.name for m in c.monsters] if c is not None else []
    names = view.game.players
    helper = c.helper if c is not None else None
    blank = {"picked": {}, "modifier": 0, "helper_picked": {}, "helper_modifier": 0}
    form, set_form = ft.use_state(dict(blank))
    latest = ft.use_ref(None)
    if latest.current is None:
        latest.current = form

    def put(**changes: Any) -> None:
        latest.current = {**latest.current, **changes}
        set_form(latest.current)

    def close() -> None:
        put(**blank)
        ui.fleeing = False

    def chosen(key: str) -> list[int] | None:
        values = [latest.current[key].get(i) for i in range(len(monsters))]
        return None if any(v is None for v in values) else values

    def flee(values: list[int] | None = None, helper_values: list[int] | None = None) -> None:
        cur = latest.current
        values = values or chosen("picked")
        if helper is not None:
            helper_values = helper_values or chosen("helper_picked")
        if values is None or (helper is not None and helper_values is None):
            return
        data: dict[str, Any] = {"rolls": values}
        if cur["modifier"]:
            data["modifier"] = cur["modifier"]
        if helper is not None:
            data["helper_rolls"] = helper_values
            if cur["helper_modifier"]:
                data["helper_modifier"] = cur["helper_modifier"]
        fled = view.send("combat.flee", data)
        if fled:
            close()

    def roll() -> None:
        rng = view.game.rng
        flee(
            roll_dice(rng, len(monsters)),
            roll_dice(rng, len(monsters)) if helper is not None else None,
        )

    def dice_rows(prefix: str, key: str, runner: str) -> list[ft.Control]:
        """Per monster: whose roll (``runner``, or ``""`` when one runs) against which
        monster, then its six dice on one line."""
        who = f"{runner}: " if runner else ""
        picked = form[key]
        rows: list[ft.Control] = []
        for i, name in enumerate(monsters):
            rows.append(
                clipped_text(
                    f"{runner}, {_('от')} «{name}»: {_('кубик')}"
                    if runner
                    else f"{name}: {_('кубик')}",
                    13,
                )
            )
            dice = [
                tagged(
                    f"{prefix}-die-{i}-{v}",
                    (ft.FilledButton if picked.get(i) == v else ft.OutlinedButton)(
                        str(v),
                        width=TARGET,
                        height=TARGET,
                        style=ft.ButtonStyle(padding=0),
                        on_click=lambda _e, i=i, v=v: put(**{key: {**latest.current[key], i: v}}),
                    ),
                    label=f"{who}{name} {v}" + (" выбран" if picked.get(i) == v else ""),
                )
                for v in range(1, 7)
            ]
            # the content's width spread between the dice: 8 px apart at FLEE_WIDTH, closer
            # when the dialog is narrower (Flutter clamps the content's width to the room)
            rows.append(ft.Row(dice, spacing=0, alignment=ft.MainAxisAlignment.SPACE_BETWEEN))
        return rows

    def step(key: str):
        return lambda by: put(**{key: latest.current[key] + by})

    both = helper is not None
    fighter = names[c.fighter] if c is not None else ""
    parts: list[ft.Control] = []
    if both:
        parts.append(
            tagged(
                "flee-both",
                ft.Text(_("Смываются оба, каждый сам"), size=14),
                label="Смываются оба, каждый сам",
            )
        )
    parts.append(
        modifier_row(
            "flee", form["modifier"], step("modifier"), f"{fighter} — {_('в бою')}" if both else ""
        )
    )
    if both:
        parts.append(
            modifier_row(
                "flee-helper",
                form["helper_modifier"],
                step("helper_modifier"),
                f"{names[helper]} — {_('помогает')}",
            )
        )
    many = len(monsters) > 1 or both
    # «or the table's own dice» beside the app's roll, not a line of its own (with the rules
    # link in the title: a helper's second row of dice is inside the dialog at 360×640)
    parts.append(
        ft.Row(
            [
                button(
                    "flee-roll",
                    _("Бросить кубики") if many else _("Бросить кубик"),
                    roll,
                    ft.FilledButton,
                    icon=ft.Icons.CASINO,
                ),
                clipped_text(_("или свои кубики:"), 14, lines=2, expand=True),
            ],
            spacing=8,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
    )
    parts += dice_rows("flee", "picked", fighter if both else "")
    if both:
        parts += dice_rows("flee-helper", "helper_picked", names[helper])
    content = ft.Container(
        ft.Column(
            parts,
            tight=True,
            spacing=4,
            # a fallback only: with a helper and two monsters it fits 390×844 whole
            scroll=ft.ScrollMode.AUTO if many else None,
        ),
        width=FLEE_WIDTH,
    )
    missing = any(form["picked"].get(i) is None for i in range(len(monsters))) or (
        both and any(form["helper_picked"].get(i) is None for i in range(len(monsters)))
    )
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
            # the rule's link shares the title's line (it was a line of its own)
            title=ft.Row(
                [
                    ft.Text(_("Смываемся"), size=22, expand=True),
                    button(
                        "flee-rules",
                        f"{ESCAPE_TARGET}+ {_('удалось')}",
                        lambda: rules("Смываемся"),
                        icon=ft.Icons.MENU_BOOK,
                        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
                        label=f"{ESCAPE_TARGET}+ на кубике — удалось",
                    ),
                ],
                spacing=4,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            content=content,
            actions=dialog_actions(
                "flee-cancel",
                "flee-submit",
                _("Записать броски") if many else _("Записать бросок"),
                close,
                flee,
                disabled=missing,
            ),
            inset_padding=FLEE_INSET,
            title_padding=ft.Padding.only(left=FLEE_PAD + 6, right=FLEE_PAD, top=8),
            content_padding=ft.Padding.only(left=FLEE_PAD, right=FLEE_PAD, top=8, bottom=4),
            actions_padding=OVERRIDE_ACTIONS,
            on_dismiss=lambda: close(),
        )
        if ui.fleeing and c is not None
        else None
    )
    return ft.Container(width=0, height=0)


#: The override dialog's margins (px): its two buttons side by side on a 360 px phone (with
#: the default 40 px insets and 24 px action padding «Отмена» went above «Карта так говорит»).
