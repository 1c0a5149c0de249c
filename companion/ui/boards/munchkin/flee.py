"""«Смываемся»: the dice of a flight from a lost fight, one roll per monster a runner flees
(opens when :class:`~.common.BoardUi` says so)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.munchkin import ESCAPE_TARGET, roll_dice
from companion.i18n import _
from companion.ui.boards.munchkin.common import BoardUi, rules, stepper
from companion.ui.boards.munchkin.dialogs import dialog_actions
from companion.ui.state import GameView
from companion.ui.widgets import (
    TARGET,
    button,
    clipped_text,
    said,
    tagged,
    use_form,
)

__all__ = ["FleeDialog"]

#: Six dice, 8 px apart: the content's width (px) at most; a narrower dialog's dice sit closer.
FLEE_WIDTH = 6 * TARGET + 5 * 8
#: The dialog's side padding (px): with 6 px insets six dice keep their 8 px gaps at 360 px.
FLEE_PAD = 10
_BLANK = {"picked": {}, "modifier": 0, "helper_picked": {}, "helper_modifier": 0}


@ft.component
def FleeDialog(view: GameView, ui: BoardUi) -> ft.Control:
    """«Смываемся»: the app rolls one d6 per monster, or the table enters its own dice.

    With a helper both run, each with their own dice and modifier («Смываемся», «Зовём на
    помощь»): the fighter's part (tags ``flee-die-{i}-{v}``, ``flee-mod…``), then the
    helper's (``flee-helper-die-{i}-{v}``, ``flee-helper-mod…``); «Бросить кубики»
    (``flee-roll``) rolls for both and «Записать броски» (``flee-submit``) waits for every
    die. Each opening starts blank."""
    c = view.state.combat
    opened = ui.fleeing and c is not None
    form, update, latest = use_form(lambda: dict(_BLANK), opened)
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
        picked = form[key]
        rows: list[ft.Control] = []
        for i, name in enumerate(monsters):
            whose = f"{runner}, {_('от')} «{name}»" if runner else name
            rows.append(clipped_text(f"{whose}: {_('кубик')}", 13))
            who = f"{runner}: {name}" if runner else name
            rows.append(
                ft.Row(
                    [
                        tagged(
                            f"{prefix}-die-{i}-{v}",
                            (ft.FilledButton if picked.get(i) == v else ft.OutlinedButton)(
                                str(v),
                                width=TARGET,
                                height=TARGET,
                                style=ft.ButtonStyle(padding=0),
                                on_click=lambda _e, i=i, v=v: put(**{key: {**latest()[key], i: v}}),
                            ),
                            label=f"{who} {v}" + (" выбран" if picked.get(i) == v else ""),
                        )
                        for v in range(1, 7)
                    ],
                    spacing=0,
                    alignment=ft.MainAxisAlignment.SPACE_BETWEEN,
                )
            )
        return rows

    def step(key: str) -> Callable[[int], None]:
        return lambda by: put(**{key: latest()[key] + by})

    who = [names[c.fighter] if c is not None else "", names[helper] if both else ""]
    roles = [_("в бою"), _("помогает")]
    parts: list[ft.Control] = []
    if both:
        parts.append(said("flee-both", ft.Text(_("Смываются оба, каждый сам"), size=14)))
    for k, (tag, pre) in enumerate(runs):
        title = f"{who[k]} — {roles[k]}" if both else _("Модификатор")
        mod = f"{pre}modifier"
        parts.append(stepper(f"{tag}-mod", title, f"{form[mod]:+d}", step(mod)))
    many = len(monsters) > 1 or both
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
        )
    )
    for k, (tag, pre) in enumerate(runs):
        parts += dice(tag, f"{pre}picked", who[k] if both else "")
    missing = any(chosen(f"{pre}picked") is None for _tag, pre in runs)
    ft.use_dialog(
        ft.AlertDialog(
            modal=True,
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
            ),
            content=ft.Column(
                parts,
                tight=True,
                spacing=4,
                width=FLEE_WIDTH,
                scroll=ft.ScrollMode.AUTO if many else None,  # a fallback: 390×844 holds it
            ),
            actions=dialog_actions(
                "flee-cancel",
                "flee-submit",
                _("Записать броски") if many else _("Записать бросок"),
                close,
                flee,
                disabled=missing,
            ),
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
