"""The setup form of «Свободный счёт»: counters (name, step, start) and the optional target."""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.i18n import _
from companion.store.limits import COUNTER_NAME_CHARS
from companion.ui.boards.types import OptionsUpdate
from companion.ui.tagged_controls import button, text_field
from companion.ui.widgets import (
    icon_button,
    number_field,
    switch_row,
    tagged,
    typed_number,
)

__all__ = ["OptionsForm"]


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: OptionsUpdate, players: int = 0
) -> ft.Control:
    """Counters (name, step, start) and the optional target (every change is made to the
    latest options: see :data:`~companion.ui.boards.OptionsUpdate`)."""
    counters: list[dict[str, Any]] = options.get("counters") or []
    target = options.get("target")

    def edit(change: Any) -> None:
        """``change(counters)`` applied to the latest options' counters (a copy of each)."""
        set_options(lambda o: {**o, "counters": change([dict(c) for c in o.get("counters") or []])})

    def update(i: int, key: str, raw: str) -> None:
        value = raw if key == "name" else typed_number(raw)
        edit(lambda new: [{**c, key: value} if k == i else c for k, c in enumerate(new)])

    def set_counter(counter: str | None) -> None:
        """The target's counter; the number keeps what the player typed (empty at first:
        nothing unseen is added to what is typed next)."""

        def chosen(o: dict[str, Any]) -> dict[str, Any]:
            if not counter:
                return {**o, "target": None}
            value = (o.get("target") or {}).get("value", "")
            return {**o, "target": {"counter": counter, "value": value}}

        set_options(chosen)

    def set_value(raw: str) -> None:
        """The target's number, as typed (``""`` while empty: the start then names the field);
        the counter is read from the latest options, never from this render's."""
        value = typed_number(raw) if raw.strip() else ""

        def typed(o: dict[str, Any]) -> dict[str, Any]:
            old = o.get("target")
            return {**o, "target": {**old, "value": value}} if old else o

        set_options(typed)

    def field(ident: str, label: str, value: Any, i: int, key: str) -> ft.Control:
        """A counter's step or start: a number field 80 px wide, tagged ``ident``."""
        return number_field(ident, label, value, 80, lambda text: update(i, key, text))

    rows = [
        ft.Row(
            [
                text_field(
                    f"counter-name-{i}",
                    _("Счётчик"),
                    c["name"],
                    partial(update, i, "name"),
                    width=150,
                    max_length=COUNTER_NAME_CHARS,  # the store refuses longer
                ),
                field(f"counter-step-{i}", _("Шаг"), c.get("step", 1), i, "step"),
                field(f"counter-start-{i}", _("Старт"), c.get("start", 0), i, "start"),
                icon_button(
                    f"counter-remove-{i}",
                    ft.Icons.DELETE_OUTLINE,
                    _("Убрать счётчик"),
                    partial(edit, lambda new, i=i: [c for k, c in enumerate(new) if k != i]),
                ),
            ],
            wrap=True,
        )
        for i, c in enumerate(counters)
    ]
    names = [c["name"] for c in counters if c.get("name")]
    return ft.Column(
        [
            ft.Text(_("Счётчики"), size=18, weight=ft.FontWeight.BOLD),
            *rows,
            button(
                "add-counter",
                _("Добавить счётчик"),
                lambda: edit(lambda new: [*new, {"name": "", "step": 1, "start": 0}]),
                icon=ft.Icons.ADD,
                style=ft.ButtonStyle(visual_density=ft.VisualDensity.STANDARD),
            ),
            ft.Row(
                [
                    tagged(
                        "target-counter",
                        ft.Dropdown(
                            label=_("Цель (необязательно)"),
                            width=200,
                            value=target["counter"] if target else "",
                            options=[
                                ft.DropdownOption(key="", text=_("без цели")),
                                *[ft.DropdownOption(key=n, text=n) for n in names],
                            ],
                            on_select=lambda e: set_counter(e.control.value or None),
                        ),
                    ),
                    text_field(
                        "target-value",
                        _("до"),
                        str(target["value"]) if target else "",
                        set_value,
                        width=90,
                        disabled=not target,
                        keyboard_type=ft.KeyboardType.NUMBER,
                    ),
                ],
                wrap=True,
            ),
            # the whole row is the 48 dp target (a bare switch is 40 on the web)
            switch_row(
                "finish-round",
                _("Доиграть раунд, когда цель достигнута"),
                bool(options.get("finish_round")),
                lambda v: set_options(lambda o: {**o, "finish_round": v}),
                disabled=not target,
            ),
        ]
    )
