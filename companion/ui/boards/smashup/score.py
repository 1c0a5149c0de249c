"""The scoring confirmation («Раздача очков», «Споры при раздаче») and the replacement base.
The table switches «Колода баз пуста»: in «Мишки, бабки, рок-н-ролл» a reshuffle still
brings a base; in «Мимими» the base is scored without one («Разойтись по углам!»)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import flet as ft

from companion.engine import PlayerSpec
from companion.engine.smashup import score_preview
from companion.i18n import _
from companion.present.base_form import EMPTY_FORM, form_error, remember
from companion.present.smashup import score_data, why_none
from companion.store.bases import BaseCatalogue
from companion.ui.boards.smashup.common import base_fields, dot
from companion.ui.form_dialog import form_dialog, refusal_line
from companion.ui.layout import Layout
from companion.ui.state import GameView
from companion.ui.widgets import button, clipped_text, switch_row, tagged, use_form

__all__ = ["use_scoring"]


def _hint(ident: str, label: str, text: str) -> ft.Control:
    """The italic line under the switch: what to take from the deck, in a box of two lines."""
    lines = clipped_text(text, 13, lines=2, italic=True)
    return tagged(
        ident, ft.Container(lines, height=38, alignment=ft.Alignment.TOP_LEFT), label=label
    )


def use_scoring(view: GameView, catalogue: BaseCatalogue, layout: Layout) -> Callable[[int], None]:
    """A hook: the scoring confirmation (a dialog from ``layout``); returns ``score(j)``, which
    opens it for base ``j``. A replacement typed is kept in the ``catalogue``."""
    scoring, set_scoring = ft.use_state(cast(int | None, None))  # the base being scored
    form, set_form, latest_form = use_form(lambda: dict(EMPTY_FORM))  # read at tap time
    checked, set_checked = ft.use_state(False)  # the form's refusal shown after a refused tap
    deck_empty, set_deck_empty, latest_deck_empty = use_form(lambda: False)

    def open_score(j: int) -> None:
        view.error = ""
        set_form(dict(EMPTY_FORM))
        set_checked(False)
        # «Мимими»: an empty base deck stays empty (Разойтись по углам!)
        set_deck_empty(view.state.deck_empty and view.state.edition == "mimimi")
        set_scoring(j)

    def close() -> None:
        set_scoring(None)
        set_form(dict(EMPTY_FORM))

    def confirm() -> None:
        if scoring is None:
            return
        data = score_data(scoring, latest_form(), latest_deck_empty(), view.state.edition)
        if data is None:
            set_checked(True)  # the fields and their refusal are always in view
            return
        if view.send("base.score", data):
            if data["base_card"] is not None:
                remember(catalogue, data["base_card"])
            close()

    state = view.state
    score = ft.use_callback(open_score, [])
    if scoring is None or scoring >= len(state.bases) or state.winner is not None:
        ft.use_dialog(None)
        return score
    j: int = scoring
    b = state.bases[j]
    error = form_error(form) if checked else None
    preview = score_preview(state, j)
    specs = view.game.setup.players

    def line(i: int, spec: PlayerSpec) -> ft.Control:
        why = why_none(b, state.edition, preview, i)
        got = f"+{preview[i]}" if i in preview else "—"
        bold = ft.Text(
            got, size=22, weight=ft.FontWeight.BOLD, width=44, text_align=ft.TextAlign.END
        )
        power = ft.Text(f"{_('сила')} {b.power[i]}", size=14, width=64)
        parts: list[ft.Control] = [
            ft.Row(
                [dot(spec.color), clipped_text(spec.name, 17, expand=True), power, bold], height=32
            )
        ]
        if why:
            text = clipped_text(why, 12, color=ft.Colors.ON_SURFACE_VARIANT)
            box = ft.Container(
                text, padding=ft.Padding.only(left=24), margin=ft.Margin.only(top=-6)
            )
            parts.append(tagged(f"preview-p{i}-why", box, label=why))
        said = f"{got}{f' ({why})' if why else ''}" if i in preview else f"— {why}"
        return tagged(f"preview-p{i}", ft.Column(parts, spacing=0), label=f"{spec.name} {said}")

    lines = [line(i, spec) for i, spec in enumerate(specs)]
    on_table = [x.name for x in state.bases]
    corners = "Разойтись по углам!"
    # the deck's emptiness is the table's word, never guessed
    deck: list[ft.Control] = [
        switch_row("deck-empty", _("Колода баз пуста"), deck_empty, lambda v: set_deck_empty(v))
    ]
    if not deck_empty:
        hint = _("Откройте верхнюю базу из колоды баз")
        deck.append(_hint("deck-next", hint, f"{hint}."))
    elif state.edition != "mimimi":  # «Мишки»: the discard becomes the new deck
        hint = _("Перемешайте сброс баз и откройте из него новую базу")
        deck.append(_hint("deck-reshuffle", hint, f"{hint} ({corners})."))
    if deck_empty and state.edition == "mimimi":
        none = _("Новой базы нет: играем на оставшихся базах")
        replacement: list[ft.Control] = [
            tagged("deck-none", ft.Text(f"{none} ({corners}).", size=14), label=none)
        ]
    else:
        replacement = base_fields("repl", form, set_form, catalogue, on_table, error=error)
    ft.use_dialog(
        form_dialog(
            layout,
            f"{_('Захват базы')} «{b.name}»",
            replacement,
            refusal_line("score-error", view.error),
            [
                button("score-cancel", _("Отмена"), close),
                button(
                    "score-confirm", _("Захватить"), confirm, ft.FilledButton, icon=ft.Icons.CHECK
                ),
            ],
            close,
            summary=[
                *lines,
                ft.Divider(height=8),
                ft.Text(_("Новая база на её место"), size=16, weight=ft.FontWeight.BOLD),
                *deck,
            ],
        )
    )
    return score
