"""The active player's turn in the action phase («Фаза действий»): three fixed lines.

1. the actions left (big) with the card's ±, and the player's universe;
2. «Сброс +1», «Обмен», up and down one universe;
3. «Сыграть карту» and «Достроить» (each opens a dialog: the card's form with a preview of
   what will be sent, or the player's unfinished cards here) and, for Кайл with abilities on,
   his move to any universe.

The panel has the same height for every player and every card played, so the players' rows
under it never move; with four players everything is on a 390×844 screen with «Передать ход».
"""

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
from companion.ui.widgets import TARGET, clipped_text, icon_button

__all__ = ["ActionPanel"]


def _preview(f: dict[str, Any], whole: bool = False) -> str:
    """What «Сыграть карту» will send, in words (so the table sees it before the tap);
    ``whole``: built whole at once (no build token left: imaginary ones, «Внедрение»)."""
    k = f["kind"]
    name = f" «{f['name'].strip()}»" if f["name"].strip() else ""
    text = f"{_(_KIND_TEXT[k])}{name}: {_('внедрение')} {f['build'] or 1}"
    if k == "source":
        text += f", +{f['prod'] or 1} {_('ед. энергии')}" + (
            f", {_('уровнем ниже')}" if f["down"] else ""
        )
    else:
        text += f", {_('активация')} {f['cost'] or 1} {_('ед. энергии')}"
    if k == "invention":
        text += f" = {f['vp'] or 1} {_('ПО')}"
    if whole and not (k == "source" and f["down"]):
        text += f"; {_('жетонов нет — сразу целиком')}"
    return text


# -- the action phase ------------------------------------------------------------------------------
def _play_data(f: dict[str, Any], no_tokens: bool) -> dict[str, Any]:
    """The ``card.play`` data of the form (an empty field means 1); with no build token left
    the card is built whole at once (``finish``: imaginary tokens, «Внедрение»)."""
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
    if no_tokens and not data.get("down"):
        data["finish"] = True
    return data


def _blank_form(kind: str = "source") -> dict[str, Any]:
    return {"kind": kind, "build": "", "prod": "", "cost": "", "vp": "", "name": "", "down": False}


#: «Сыграть карту» at most this wide (px): on a 390 px phone it takes the row's rest
#: (~200 px), on a laptop it is as wide as a primary action, not the whole board.
PLAY_MAX = 240


def _button(ident: str, text: str, on_click, *, icon=None, disabled=False, label=None):
    """An outlined 48 dp button of a fixed line (a narrow padding: four share a phone's row)."""
    return tag(
        ident,
        ft.OutlinedButton(
            text,
            icon=icon,
            height=TARGET,
            disabled=disabled,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
            on_click=lambda: on_click(),
        ),
        label=label,
    )


def _play_dialog(
    f: dict[str, Any], kind: str, put, play, close, error: str, whole: bool = False
) -> ft.AlertDialog:
    """«Сыграть карту»: the kind, build cost, production or cost, VP, name, «уровнем ниже»,
    the preview of what will be sent and the refusal, if any (the dialog covers the board's
    message layer). Tags: ``kind-{k}``, ``play-build``, ``play-prod``, ``play-cost``,
    ``play-vp``, ``play-name``, ``play-down``, ``play-preview``, ``play-error``,
    ``play-card``, ``play-cancel``."""
    kinds = ft.Row(
        [
            tag(
                f"kind-{k}",
                (ft.FilledButton if kind == k else ft.OutlinedButton)(
                    _(t),
                    height=TARGET,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                    on_click=lambda _e, k=k: put("kind", k),
                ),
                label=_(t) + (" выбран" if kind == k else ""),
            )
            for k, t in _KIND_TEXT.items()
        ],
        wrap=True,
        spacing=6,
        run_spacing=6,
    )
    fields = [
        _field("play-build", _("Жетонов"), "1", lambda v: put("build", v), 104),
        _field(
            "play-prod", _("Энергия"), "1", lambda v: put("prod", v), 104, disabled=kind != "source"
        ),
        _field(
            "play-cost", _("Цена"), "1", lambda v: put("cost", v), 104, disabled=kind == "source"
        ),
        _field("play-vp", _("ПО"), "1", lambda v: put("vp", v), 104, disabled=kind != "invention"),
        _field("play-name", _("Название"), "", lambda v: put("name", v), 214, number=False),
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
    preview = _preview(f, whole)
    body = [
        kinds,
        ft.Row(fields, wrap=True, spacing=6, run_spacing=6),
        # two lines kept whatever the card: the buttons below never move as the preview grows
        tag(
            "play-preview",
            ft.Container(clipped_text(preview, 14, lines=2, italic=True), height=40),
            label=preview,
        ),
    ]
    actions = [
        tag("play-cancel", ft.TextButton(_("Отмена"), height=TARGET, on_click=lambda: close())),
        tag(
            "play-card",
            ft.FilledButton(
                _("Сыграть"),
                icon=ft.Icons.PLAY_FOR_WORK,
                height=TARGET,
                on_click=lambda: play(),
            ),
        ),
    ]
    return _dialog(_("Сыграть карту"), body, "play-error", error, actions, close)


def _dialog(
    title: str, body: list[ft.Control], error_tag: str, error: str, actions, close
) -> ft.AlertDialog:
    """A phone-sized modal: ``body``, then a reserved three-line slot for a refusal (tagged
    ``error_tag``: a refusal never moves the buttons under the finger, and its rule's name at
    the end is not cut off), then ``actions``."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(title, size=18),
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
        content_padding=ft.Padding.symmetric(horizontal=16, vertical=8),
        content=ft.Column(
            [
                *body,
                tag(
                    error_tag,
                    ft.Container(
                        clipped_text(error, 13, lines=3, color=ft.Colors.ERROR),
                        height=54,
                    ),
                    label=error or " ",
                ),
            ],
            tight=True,
            spacing=8,
            width=334,
        ),
        actions=actions,
        on_dismiss=lambda: close(),
    )


def _list_dialog(title: str, rows: list[ft.Control], close, error: str) -> ft.AlertDialog:
    """A short list of choices (the unfinished cards, Кайл's universes) with «Закрыть»."""
    close_button = ft.TextButton(_("Закрыть"), height=TARGET, on_click=lambda: close())
    return _dialog(title, rows, "list-error", error, [tag("list-close", close_button)], close)


@ft.component
def ActionPanel(view: GameView, version: int) -> ft.Control:
    """The active player's turn (see the module docstring). Tags: ``actions-left``,
    ``actions-minus``, ``actions-plus``, ``free-discard``, ``swap``, ``move-up``,
    ``move-down``, ``play-open``, ``build-open`` (the dialog: ``build-{card}``), ``kyle-open``
    (the dialog: ``kyle-to-{k}``)."""
    game = view.game
    state = view.state
    # Typed values live in a ref: a tap right after typing must see them even before the
    # re-render that on_change triggers (the handlers of the previous render are still bound).
    form = ft.use_ref(None)
    if form.current is None:
        form.current = _blank_form()
    f = form.current
    kind, set_kind = ft.use_state(f["kind"])
    typed, set_typed = ft.use_state(0)  # re-render the preview after each edit
    dialog, set_dialog = ft.use_state("")  # "play", "build", "kyle" or ""
    playing = not state.over and state.phase == PHASE_ACTIONS and state.active is not None

    def put(key: str, value: Any) -> None:
        as_down = {**f, "kind": "source", "down": True}  # what ticking it would play
        if key == "down" and value and not view.explain("card.play", _play_data(as_down, False)):
            set_typed(typed + 1)  # refused (no universe below, …): say why, leave it off
            return
        f[key] = value
        if key == "kind":
            set_kind(value)
        set_typed(typed + 1)

    def open_dialog(which: str) -> None:
        if which == "play":  # a new card: empty fields (a field's text is not sent back)
            form.current = _blank_form(f["kind"])
            set_typed(typed + 1)
        set_dialog(which)

    def close() -> None:
        set_dialog("")

    def play() -> None:
        data = _play_data(form.current, no_tokens)
        if view.send("card.play", data):
            close()

    def build(card: int) -> None:
        if view.send("card.build", {"card": card, "tokens": 1}):
            close()

    def kyle(universe: str) -> None:
        if view.send("player.move", {"to": universe, "ability": True}):
            close()

    a = state.active if playing else None
    p = state.players[a] if a is not None else None
    unfinished = (
        [
            c
            for c in state.cards
            if c.owner == a and not c.built and (c.kind == "ability" or c.universe == p.universe)
        ]
        if p is not None
        else []
    )
    kyle_on = p is not None and state.abilities and p.character == "Кайл"
    no_tokens = p is not None and p.tokens < 1
    shown: ft.AlertDialog | None = None
    if p is not None and dialog == "play":
        shown = _play_dialog(form.current, kind, put, play, close, view.error, no_tokens)
    elif p is not None and dialog == "build" and unfinished:
        shown = _list_dialog(
            _("Достроить: +1 жетон (1 действие)"),
            [
                tag(
                    f"build-{c.id}",
                    ft.FilledTonalButton(
                        card_text(c, game.players),
                        height=TARGET,
                        on_click=lambda _e, c=c: build(c.id),
                    ),
                    label=card_text(c, game.players),
                )
                for c in unfinished
            ],
            close,
            view.error,
        )
    elif kyle_on and dialog == "kyle":
        shown = _list_dialog(
            _("Кайл: в любую вселенную"),
            [
                tag(
                    f"kyle-to-{k}",
                    ft.FilledTonalButton(u, height=TARGET, on_click=lambda _e, u=u: kyle(u)),
                )
                for k, u in enumerate(UNIVERSES)
                if u != p.universe
            ],
            close,
            view.error,
        )
    ft.use_dialog(shown)
    if p is None or a is None:
        return ft.Container(visible=False)
    i = UNIVERSES.index(p.universe)
    up = UNIVERSES[i - 1] if i > 0 else None
    below = UNIVERSES[i + 1] if i + 1 < len(UNIVERSES) else None
    line1 = ft.Row(
        [
            ft.Column(
                [
                    clipped_text(p.universe, 15, weight=ft.FontWeight.BOLD),
                    ft.Text(_("Действий осталось"), size=13),
                ],
                spacing=0,
                expand=True,
            ),
            tag(
                "actions-left",
                ft.Container(
                    ft.Text(str(p.actions), size=32, weight=ft.FontWeight.BOLD),
                    width=48,
                    alignment=ft.Alignment.CENTER,
                ),
                label=str(p.actions),
            ),
            icon_button(
                "actions-minus",
                ft.Icons.REMOVE,
                _("Карта отнимает действие"),
                lambda: view.send("actions.add", {"delta": -1, "note": _("эффект карты")}),
            ),
            icon_button(
                "actions-plus",
                ft.Icons.ADD,
                _("Карта даёт действие"),
                lambda: view.send("actions.add", {"delta": 1, "note": _("эффект карты")}),
            ),
        ],
        spacing=0,
        height=TARGET,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    line2 = ft.Row(
        [
            _button(
                "free-discard",
                _("Сброс +1"),
                lambda: view.send("action.discard"),
                label=_("Сброс карты: +1 действие"),
            ),
            _button("swap", _("Обмен"), lambda: view.send("card.swap"), label=_("Обмен карты")),
            *[
                _button(
                    f"move-{way}",
                    SHORT.get(to, "—"),
                    lambda to=to: view.send("player.move", {"to": to}),
                    icon=icon,
                    disabled=to is None,
                    label=f"{word}: {to or '—'}",
                )
                for way, to, icon, word in (
                    ("up", up, ft.Icons.ARROW_UPWARD, _("Вверх")),
                    ("down", below, ft.Icons.ARROW_DOWNWARD, _("Вниз")),
                )
            ],
        ],
        spacing=4,
        height=TARGET,
        scroll=ft.ScrollMode.HIDDEN,
    )
    line3 = ft.Row(
        [
            ft.Container(
                tag(
                    "play-open",
                    ft.FilledButton(
                        _("Сыграть карту"),
                        icon=ft.Icons.PLAY_FOR_WORK,
                        height=TARGET,
                        on_click=lambda: open_dialog("play"),
                    ),
                ),
                # the row's rest on a phone, at most PLAY_MAX on a wide screen
                width=PLAY_MAX,
                expand=True,
                expand_loose=True,
            ),
            _button(
                "build-open",
                f"{_('Достроить')} ({len(unfinished)})",
                lambda: open_dialog("build"),
                disabled=not unfinished,
            ),
            icon_button(
                "kyle-open",
                ft.Icons.SWAP_VERT,
                _("Кайл: в любую вселенную"),
                lambda: open_dialog("kyle"),
            )
            if kyle_on
            else ft.Container(width=0),
        ],
        spacing=4,
        height=TARGET,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return _box(
        ft.Column([line1, line2, line3], spacing=6),
        highlight=True,
        color=game.setup.players[a].color,
    )
