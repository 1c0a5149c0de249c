"""Board and setup form of «Свободный счёт» (see :mod:`companion.engine.free`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import _
from companion.ui.state import GameView
from companion.ui.widgets import BigCounter, tagged

__all__ = ["Board", "OptionsForm"]


@ft.component
def PlayerCard(view: GameView, version: int, index: int) -> ft.Control:
    game = view.game
    state = game.state
    spec = game.setup.players[index]
    active = state.active == index
    counters = []
    for j, c in enumerate(state.counters):
        name = c["name"]
        counters.append(
            ft.Column(
                [
                    ft.Text(name, size=14, text_align=ft.TextAlign.CENTER),
                    BigCounter(
                        f"val-p{index}-c{j}",
                        f"{spec.name}: {name}",
                        state.values[index][name],
                        c["step"],
                        on_add=lambda d, name=name: view.send(
                            "counter.add", {"player": index, "counter": name, "delta": d}
                        ),
                        on_set=lambda v, name=name: view.send(
                            "counter.set", {"player": index, "counter": name, "value": v}
                        ),
                        color=spec.color,
                    ),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=0,
            )
        )
    return ft.Container(
        ft.Column(
            [
                ft.Row(
                    [
                        ft.Container(width=14, height=14, bgcolor=spec.color, border_radius=7),
                        ft.Text(spec.name, size=22, weight=ft.FontWeight.BOLD),
                        ft.Icon(ft.Icons.PLAY_ARROW, color=ft.Colors.PRIMARY)
                        if active
                        else ft.Container(),
                    ]
                ),
                ft.Row(counters, wrap=True, alignment=ft.MainAxisAlignment.SPACE_AROUND),
            ],
            spacing=4,
        ),
        padding=10,
        border_radius=12,
        border=ft.Border.all(
            3 if active else 1, spec.color if active else ft.Colors.OUTLINE_VARIANT
        ),
    )


@ft.component
def Board(view: GameView) -> ft.Control:
    """Per-player counter cards, whose turn and the round, «Следующий игрок», «Завершить игру»."""
    game = view.game
    state = game.state
    over = game.outcome() is not None
    target = state.target
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "round",
                        ft.Text(f"{_('Раунд')} {state.round}", size=18),
                        label=f"Раунд {state.round}",
                    ),
                    tagged(
                        "active-player",
                        ft.Text(
                            f"{_('Ходит')}: {game.players[state.active]}",
                            size=18,
                            weight=ft.FontWeight.BOLD,
                        ),
                        label=game.players[state.active],
                    ),
                    ft.Text(f"{_('Цель')}: {target['counter']} {target['value']}", size=14)
                    if target
                    else ft.Container(),
                ],
                wrap=True,
                spacing=16,
            ),
            *[PlayerCard(view, view.version, i) for i in range(len(game.players))],
            ft.Row(
                [
                    tagged(
                        "next-player",
                        ft.FilledButton(
                            _("Следующий игрок"),
                            icon=ft.Icons.SKIP_NEXT,
                            height=56,
                            disabled=over,
                            on_click=lambda: view.send("turn.next"),
                        ),
                    ),
                    tagged(
                        "end-game",
                        ft.OutlinedButton(
                            _("Завершить игру"),
                            icon=ft.Icons.FLAG,
                            height=56,
                            disabled=over,
                            on_click=lambda: view.send("game.end"),
                        ),
                    ),
                ],
                wrap=True,
            ),
        ],
        spacing=10,
    )


@ft.component
def OptionsForm(
    options: dict[str, Any], set_options: Callable[[dict[str, Any]], None], players: int = 0
) -> ft.Control:
    """Counters (name, step, start) and the optional target."""
    counters: list[dict[str, Any]] = options.get("counters") or []
    target = options.get("target")

    def update(i: int, key: str, raw: str) -> None:
        new = [dict(c) for c in counters]
        if key == "name":
            new[i]["name"] = raw
        else:
            try:
                new[i][key] = int(raw)
            except ValueError:
                new[i][key] = raw  # kept as text: validate_setup names the field
        set_options({**options, "counters": new})

    def set_target(counter: str | None, raw: str | None) -> None:
        if not counter:
            set_options({**options, "target": None})
            return
        try:
            value: Any = int(raw or 0)
        except ValueError:
            value = raw
        set_options({**options, "target": {"counter": counter, "value": value}})

    rows = [
        ft.Row(
            [
                tagged(
                    f"counter-name-{i}",
                    ft.TextField(
                        label=_("Счётчик"),
                        value=c["name"],
                        width=150,
                        on_change=lambda e, i=i: update(i, "name", e.control.value),
                    ),
                ),
                tagged(
                    f"counter-step-{i}",
                    ft.TextField(
                        label=_("Шаг"),
                        value=str(c.get("step", 1)),
                        width=80,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=lambda e, i=i: update(i, "step", e.control.value),
                    ),
                ),
                tagged(
                    f"counter-start-{i}",
                    ft.TextField(
                        label=_("Старт"),
                        value=str(c.get("start", 0)),
                        width=80,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        on_change=lambda e, i=i: update(i, "start", e.control.value),
                    ),
                ),
                ft.IconButton(
                    ft.Icons.DELETE_OUTLINE,
                    tooltip=_("Убрать счётчик"),
                    on_click=lambda _e, i=i: set_options(
                        {**options, "counters": [c for k, c in enumerate(counters) if k != i]}
                    ),
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
            tagged(
                "add-counter",
                ft.TextButton(
                    _("Добавить счётчик"),
                    icon=ft.Icons.ADD,
                    on_click=lambda: set_options(
                        {**options, "counters": [*counters, {"name": "", "step": 1, "start": 0}]}
                    ),
                ),
            ),
            ft.Row(
                [
                    ft.Dropdown(
                        label=_("Цель (необязательно)"),
                        width=200,
                        value=target["counter"] if target else "",
                        options=[
                            ft.DropdownOption(key="", text=_("без цели")),
                            *[ft.DropdownOption(key=n, text=n) for n in names],
                        ],
                        on_select=lambda e: set_target(
                            e.control.value or None, str(target["value"]) if target else "30"
                        ),
                    ),
                    tagged(
                        "target-value",
                        ft.TextField(
                            label=_("до"),
                            width=90,
                            value=str(target["value"]) if target else "",
                            disabled=not target,
                            keyboard_type=ft.KeyboardType.NUMBER,
                            on_change=lambda e: set_target(
                                target["counter"] if target else None, e.control.value
                            ),
                        ),
                    ),
                ],
                wrap=True,
            ),
        ]
    )
