"""The active player's turn in the action phase («Фаза действий»)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.ricks import (
    PHASE_ACTIONS,
    UNIVERSES,
)
from companion.i18n import _
from companion.ui.boards.compact import toggle
from companion.ui.boards.ricks.charge import SHORT
from companion.ui.boards.ricks.common import (
    _KIND_TEXT,
    _box,
    _field,
    _int,
    card_text,
    tag,
)
from companion.ui.state import GameView
from companion.ui.widgets import TARGET

__all__ = ["ActionPanel"]


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
        return ft.Container(visible=False)
    a = state.active
    p = state.players[a]
    i = UNIVERSES.index(p.universe)
    up = UNIVERSES[i - 1] if i > 0 else None
    below = UNIVERSES[i + 1] if i + 1 < len(UNIVERSES) else None
    moves = [
        tag(
            "move-up",
            ft.OutlinedButton(
                f"{_('Вверх')}: {SHORT.get(up, '—')}",
                icon=ft.Icons.ARROW_UPWARD,
                height=TARGET,
                disabled=up is None,
                on_click=lambda: view.send("player.move", {"to": up}),
            ),
        ),
        tag(
            "move-down",
            ft.OutlinedButton(
                f"{_('Вниз')}: {SHORT.get(below, '—')}",
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
        _field("play-build", _("Жетонов"), "1", lambda v: put("build", v), 104),
        _field(
            "play-prod",
            _("Энергия"),
            "1",
            lambda v: put("prod", v),
            100,
            disabled=kind != "source",
        ),
        _field(
            "play-cost",
            _("Цена"),
            "1",
            lambda v: put("cost", v),
            100,
            disabled=kind == "source",
        ),
        _field("play-vp", _("ПО"), "1", lambda v: put("vp", v), 80, disabled=kind != "invention"),
        _field("play-name", _("Название"), "", lambda v: put("name", v), 170, number=False),
        tag(
            "play-down",
            toggle(
                _("уровнем ниже"),
                bool(f["down"]),
                lambda: put("down", not f["down"]),
                disabled=kind != "source",
            ),
            label="уровнем ниже" + (" (вкл)" if f["down"] else ""),
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
                                _("Сброс: +1 действие"),
                                height=TARGET,
                                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                                on_click=lambda: view.send("action.discard"),
                            ),
                        ),
                        tag(
                            "swap",
                            ft.OutlinedButton(
                                _("Обмен карты"),
                                height=TARGET,
                                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                                on_click=lambda: view.send("card.swap"),
                            ),
                        ),
                    ],
                    wrap=True,
                ),
                ft.Row(moves, wrap=True, spacing=6),
                ft.Text(
                    _("Сыграть карту (1 действие, 1 жетон)"), size=16, weight=ft.FontWeight.BOLD
                ),
                kinds,
                ft.Row(fields, wrap=True, spacing=6, run_spacing=6),
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
            ],
            spacing=8,
        ),
        highlight=True,
        color=game.setup.players[a].color,
    )
