"""The active player's turn in «Фаза действий»: three fixed lines (actions left with ±, the
universe; «Сброс +1», «Обмен», ↑ ↓; «Сыграть карту», «Достроить», Кайл's move). Same height
for every player and card, buttons in fixed places; a choice the rules refuse stays chosen
and «Сыграть» refuses it with the rule."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine import moves
from companion.engine.ricks import PHASE_ACTIONS, UNIVERSES, Card
from companion.i18n import _
from companion.present.ricks_play import blank_form, form_refusal, from_entry, play_data
from companion.present.ricks_texts import edge_refusal, nothing_to_build, unfinished
from companion.store.catalogue import normalize_name
from companion.store.ricks_cards import RicksCatalogue, offered
from companion.table.ricks_cards import forget, keep
from companion.ui.boards.ricks.common import SHORT, _box, button, card_text
from companion.ui.boards.ricks.play_form import KNOWN_SHOWN, forget_dialog, known_row, play_dialog
from companion.ui.form_dialog import form_dialog, refusal_line
from companion.ui.layout import Layout, use_layout
from companion.ui.nav import AppContext
from companion.ui.state import GameView
from companion.ui.widgets import TARGET, Counter, clipped_text, icon_button, tagged, use_form
from companion.ui.widgets import button as tagged_button

__all__ = ["ActionPanel", "PLAY_MAX"]


#: «Сыграть карту» at most this wide (px).
PLAY_MAX = 240


def _list_dialog(
    layout: Layout, title: str, rows: list[ft.Control], close, shut, error: str, fields=()
) -> ft.AlertDialog:
    """A list of choices (``rows``, scrolling) under ``fields``, the refusal line
    (``list-error``) and «Закрыть» (``list-close``: ``shut``; ``close`` on dismiss)."""
    closing = tagged_button("list-close", _("Закрыть"), shut)
    return form_dialog(
        layout, title, fields, refusal_line("list-error", error), [closing], close, summary=rows
    )


def _build_dialog(
    layout: Layout, cards: list[Card], names: list[str], actions: int, error: str, handlers
) -> ft.AlertDialog:
    """«Достроить»: each unfinished card with «+1 жетон» (``build-{card}``) and «до конца»
    (``build-{card}-all``, «Внедрение»), then the actions left (``build-actions``) with
    «Сброс +1» (``build-discard``, «Бесплатное действие»); stays open. ``handlers``:
    ``(build(card, tokens), close, shut, discard)``."""
    build, close, shut, discard = handlers
    rows: list[ft.Control] = []
    for c in cards:
        said = card_text(c, names, spoken=True)  # the buttons' labels: the unit spelled out
        need = c.build_cost - c.placed
        buttons = [
            tagged_button(
                f"build-{c.id}",
                _("+1 жетон"),
                lambda _e, c=c: build(c.id, 1),
                ft.FilledTonalButton,
                label=f"+1: {said}",
            )
        ]
        if need > 1:
            buttons.append(
                button(
                    f"build-{c.id}-all",
                    f"{_('До конца')}: +{need}",
                    lambda c=c, n=need: build(c.id, n),
                    label=f"+{need}: {said}",
                )
            )
        text = clipped_text(card_text(c, names), 14, lines=2, semantics_label=said)
        rows.append(ft.Column([text, ft.Row(buttons, spacing=8)], spacing=4))
    left = f"{_('Действий осталось')}: {actions}"
    line = ft.Row(
        [
            ft.Container(
                tagged("build-actions", ft.Text(left, size=15, weight=ft.FontWeight.BOLD), left),
                expand=True,
            ),
            button("build-discard", _("Сброс +1"), discard, label=_("Сброс карты: +1 действие")),
        ],
        height=TARGET,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    title = _("Достроить: жетон за действие")
    return _list_dialog(layout, title, rows, close, shut, error, [line])


@ft.component
def ActionPanel(view: GameView, version: int) -> ft.Control:
    """The active player's turn. Tags: ``actions-left``, ``actions-minus``, ``actions-plus``,
    ``free-discard``, ``swap``, ``move-up``, ``move-down``, ``play-open``, ``build-open``,
    ``kyle-open`` (``kyle-to-{k}``), ``kyle-slot``."""
    game = view.game
    state = view.state
    # the card's form read at tap time: a tap right after typing sees what was typed
    _form, update, latest = use_form(blank_form)
    app = ft.use_context(AppContext)
    catalogue = RicksCatalogue(app.hub.store.root)
    # ("play" | "build" | "kyle" | "", the turn it was opened in)
    dialog, set_dialog = ft.use_state(("", 0))
    # a refusal in the open dialog is said there only
    said, set_said = ft.use_state("")
    playing = not state.over and state.phase == PHASE_ACTIONS and state.active is not None

    def redraw() -> None:
        update(latest())

    def put(key: str, value: Any) -> None:
        f = latest()
        if key == "down" and value:
            # no universe below or no card to play: says why, stays off (Карты источников энергии)
            probe = {"kind": "source", "build_cost": 1, "production": 1, "down": True}
            if not tell(view.explain("card.play", probe)):
                redraw()
                return
        f[key] = value
        if key in f["bad"]:  # re-typed: no longer marked (the line keeps what was said)
            f["bad"] = {k: v for k, v in f["bad"].items() if k != key}
        if key == "down":
            # the choice stays; a rule against it is said now, and «Сыграть» refuses it
            now = {**f, "kind": "source"}
            if not value or form_refusal(now):
                set_said("")
            else:
                tell(view.explain("card.play", play_data(now, False)))
        redraw()

    def tell(ok: bool) -> bool:
        """A refusal goes from the banner to the dialog; an accepted move clears it."""
        if ok:
            set_said("")
        elif view.error:
            set_said(view.error)
            view.clear_message()
        return ok

    def open_dialog(which: str) -> None:
        if which == "build" and p is not None and not to_build:
            view.refuse(nothing_to_build(p.universe))
            return
        if which == "build" and p is not None and p.actions < 1:
            view.explain("card.build", {"card": to_build[0].id, "tokens": 1})
            return
        if which == "play":
            update(blank_form("source", state.turn))
        view.error = ""  # an older refusal is not this dialog's
        set_said("")
        set_dialog((which, state.turn))

    def close() -> None:
        set_said("")
        set_dialog(("", 0))

    def shut() -> None:
        """«Закрыть» / «Отмена»: the rest of a double tap must not land on the board."""
        view.screen_changed()
        close()

    def discard() -> None:
        tell(moves.ricks_discard(view))

    def play() -> None:
        now = latest()
        refused = form_refusal(now)
        if refused is not None:  # every bad field at once, each outlined (issue #30)
            now["bad"], text = refused
            set_said(text)
            redraw()
            return
        data = play_data(now, no_tokens)
        if tell(view.send("card.play", data)):
            keep(app, catalogue, now["known"], data)
            close()

    def pick(entry: dict[str, Any]) -> None:
        """A remembered card tapped: every number filled, nothing to type."""
        from_entry(latest(), entry)
        set_said("")
        redraw()

    def ask_forget() -> None:
        if not latest()["known"]:  # dimmed: says what it would do
            set_said(_("Сначала выберите карту из каталога: корзина убирает её из подсказок."))
            return
        set_dialog(("forget", state.turn))

    def do_forget() -> None:
        why = forget(app, catalogue, latest()["known"])
        latest()["known"] = ""
        set_said(why)
        set_dialog(("play", state.turn))

    def build(card: int, tokens: int) -> None:
        # the line changes under the finger: a double tap on «+1 жетон» places one token
        if tell(moves.ricks_build(view, card, tokens)) and not unfinished(
            view.state, view.state.active
        ):
            close()  # nothing left to build here: the list goes, rather than stand empty

    def kyle(universe: str) -> None:
        if tell(moves.ricks_move(view, universe, ability=True)):
            close()

    a = state.active if playing else None
    p = state.players[a] if a is not None else None
    to_build = unfinished(state, a)
    kyle_on = p is not None and state.abilities and p.character == "Кайл"
    kyle_here = state.abilities and any(q.character == "Кайл" for q in state.players)
    no_tokens = p is not None and p.tokens < 1
    which = dialog[0] if dialog[1] == state.turn else ""
    layout = use_layout()
    shown: ft.AlertDialog | None = None
    if p is not None and which == "play":
        now = latest()
        same = now["known"] and normalize_name(now["known"]) == normalize_name(now["name"])
        hits, note = offered(catalogue, "" if same else now["name"], KNOWN_SHOWN)
        known = known_row(hits, now["known"], pick, ask_forget)
        handlers = (put, play, close, shut, discard)
        shown = play_dialog(layout, now, p, handlers, said or note, known)
    elif p is not None and which == "forget":
        shown = forget_dialog(
            latest()["known"], do_forget, lambda: set_dialog(("play", state.turn))
        )
    elif p is not None and which == "build" and to_build:
        handlers = (build, close, shut, discard)
        shown = _build_dialog(layout, to_build, game.players, p.actions, said, handlers)
    elif kyle_on and which == "kyle":
        rows = [
            tagged_button(f"kyle-to-{k}", u, lambda _e, u=u: kyle(u), ft.FilledTonalButton)
            for k, u in enumerate(UNIVERSES)
            if u != p.universe
        ]
        shown = _list_dialog(layout, _("Кайл: в любую вселенную"), rows, close, shut, said)
    ft.use_dialog(shown)
    if p is None or a is None:
        return ft.Container(visible=False)
    i = UNIVERSES.index(p.universe)
    up = UNIVERSES[i - 1] if i > 0 else None
    below = UNIVERSES[i + 1] if i + 1 < len(UNIVERSES) else None
    left = ft.Column(
        [
            clipped_text(p.universe, 15, weight=ft.FontWeight.BOLD),
            ft.Text(_("Действий осталось"), size=13),
        ],
        spacing=0,
        expand=True,
    )
    count = Counter(
        "actions-left",
        _("Действий осталось"),
        p.actions,
        lambda d: moves.ricks_actions(view, d, _("эффект карты")),
        size=32,
        tips=(_("Карта отнимает действие"), _("Карта даёт действие")),
        steps="actions",
    )
    line1 = [left, count]
    line2 = [
        button(
            "free-discard",
            _("Сброс +1"),
            lambda: moves.ricks_discard(view),
            label=_("Сброс карты: +1 действие"),
        ),
        button("swap", _("Обмен"), lambda: moves.ricks_swap(view), label=_("Обмен карты")),
        *[
            button(
                f"move-{way}",
                SHORT.get(to, "—"),
                # dimmed, a tap says why (Перемещение)
                (lambda to=to: moves.ricks_move(view, to))
                if to is not None
                else (lambda way=way: view.refuse(edge_refusal(way, p.universe))),
                icon=icon,
                dimmed=to is None,
                label=f"{word}: {to or '—'}",
            )
            for way, to, icon, word in (
                ("up", up, ft.Icons.ARROW_UPWARD, _("Вверх")),
                ("down", below, ft.Icons.ARROW_DOWNWARD, _("Вниз")),
            )
        ],
    ]
    play_open = tagged_button(
        "play-open",
        _("Сыграть карту"),
        lambda: open_dialog("play"),
        ft.FilledButton,
        icon=ft.Icons.PLAY_FOR_WORK,
    )
    line3 = [
        ft.Container(play_open, width=PLAY_MAX, expand=True, expand_loose=True),
        button(
            "build-open",
            f"{_('Достроить')} ({len(to_build)})",
            lambda: open_dialog("build"),
            dimmed=not to_build,
        ),
        icon_button(
            "kyle-open",
            ft.Icons.SWAP_VERT,
            _("Кайл: в любую вселенную"),
            lambda: open_dialog("kyle"),
        )
        if kyle_on
        # Кайл's slot is kept on every turn of a game he is in
        else tagged("kyle-slot", ft.Container(width=TARGET, height=TARGET))
        if kyle_here
        else ft.Container(width=0),
    ]
    middle = ft.CrossAxisAlignment.CENTER
    lines = [
        ft.Row(line1, spacing=0, height=TARGET, vertical_alignment=middle),
        ft.Row(line2, spacing=4, height=TARGET, scroll=ft.ScrollMode.HIDDEN),
        ft.Row(line3, spacing=4, height=TARGET, vertical_alignment=middle),
    ]
    return _box(ft.Column(lines, spacing=6), highlight=True, color=game.setup.players[a].color)
