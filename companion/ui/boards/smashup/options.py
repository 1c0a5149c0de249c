"""The new-game options of «Замес»: edition, «Мимими»'s 15-VP check, snake draft, madness,
``two_boxes``, ``step_phases`` and the turn ``remind``-ers."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.smashup import (
    EDITIONS,
    END,
    PHASES,
    START,
    WIN_AFTER_SCORING,
    WIN_AT_END_OF_TURN,
)
from companion.i18n import _
from companion.ui.boards.types import OptionsUpdate
from companion.ui.widgets import switch_row, tagged

__all__ = ["OptionsForm"]


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: OptionsUpdate, players: int = 0
) -> ft.Control:
    """Edition, draft, madness and (in «Мимими») ``win_check``."""
    edition = options.get("edition", "bbrr")

    def set_edition(value: str) -> None:
        set_options(
            lambda o: {**{k: v for k, v in o.items() if k != "win_check"}, "edition": value}
        )

    after = options.get("win_check") == WIN_AFTER_SCORING
    mimimi_check: list[ft.Control] = []
    if edition == "mimimi":
        mimimi_check = [
            switch_row(
                "opt-win-check",
                _("Проверка 15 ПО после захвата"),
                after,
                lambda v: set_options(
                    lambda o: {**o, "win_check": WIN_AFTER_SCORING if v else WIN_AT_END_OF_TURN}
                ),
                text=_(
                    "Проверять 15 ПО и сразу после захвата баз, не только в конце хода "
                    "(«Мимими», «Проверь базы»)"
                ),
            )
        ]
    step = bool(options.get("step_phases"))
    phases = PHASES.get(edition, PHASES["bbrr"])
    both = [START, END]

    def flag(ident: str, key: str, title: str, text: str) -> ft.Control:
        """A yes/no option ``key`` (``ident``), ``title`` spoken, ``text`` shown."""
        on = bool(options.get(key))
        return switch_row(
            ident, title, on, lambda v: set_options(lambda o: {**o, key: v}), text=text
        )

    remind = switch_row(
        "opt-remind",
        _("Напоминать о начале и конце хода"),
        sorted(options.get("remind") or []) == both,
        lambda v: set_options(lambda o: {**o, "remind": both if v else []}),
        text=_("Напоминать: «Закончить ход» останавливается на «{a}» и «{b}»").format(
            a=phases[START], b=phases[END]
        ),
    )
    editions = [ft.DropdownOption(key=k, text=v) for k, v in EDITIONS.items()]
    return ft.Column(
        [
            tagged(
                "edition",
                ft.Dropdown(
                    label=_("Правила (издание)"),
                    width=340,
                    value=edition,
                    options=editions,
                    on_select=lambda e: set_edition(e.control.value),
                ),
            ),
            *mimimi_check,
            flag(
                "opt-draft",
                "draft",
                _("Драфт"),
                _("Фракции выбирают по очереди, «змейкой» («Договоримся как взрослые»)"),
            ),
            flag(
                "opt-two-boxes",
                "two_boxes",
                _("Две коробки"),
                _(
                    "Две коробки: одна фракция может быть у нескольких игроков, но не дважды "
                    "в одной колоде (Подготовка к игре)"
                ),
            ),
            flag(
                "opt-step-phases",
                "step_phases",
                _("Все фазы по шагам"),
                _("Все фазы по шагам: «Дальше» в каждой фазе вместо «Закончить ход»"),
            ),
            *([] if step else [remind]),
            flag(
                "opt-madness",
                "madness",
                _("Безумие"),
                _("Считать карты безумия (−1 ПО за каждые две)"),
            ),
            ft.Text(
                _("Фракции и базы выбираются на следующем экране, перед первым ходом."),
                size=14,
                italic=True,
            ),
        ],
        spacing=6,
    )
