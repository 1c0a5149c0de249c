"""«Подготовка к игре»: two factions per player, players + 1 bases, then «Начать игру». A
taken faction chip stays in place, dimmed (a tap says who has it). Decks keep a fixed height
while factions are picked; then (and after a suggestion fills the form) «Базы: N из M» is
scrolled to the top, with room below it."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.engine import PlayerSpec, moves
from companion.engine.smashup import EDITIONS, SETUP_PHASE, offered_factions, reminder
from companion.i18n import _
from companion.present.base_form import EMPTY_FORM, card_from_form, form_error, remember
from companion.present.smashup import edition_text, next_picker, setup_text, taken_factions
from companion.store.bases import BaseCatalogue
from companion.table.security import NotAllowedError, require_player
from companion.ui.boards.smashup.common import base_fields, dot, reveal
from companion.ui.layout import use_layout
from companion.ui.nav import AppContext, open_rules
from companion.ui.state import GameView
from companion.ui.tagged_controls import flow, heading
from companion.ui.widgets import (
    BoardScroll,
    button,
    clipped_text,
    confirm_dialog,
    said,
    tagged,
    use_form,
)

__all__ = ["SetupBoard", "BASES_KEY"]

#: Scroll key of «Базы: N из M».
BASES_KEY = "setup-bases"
#: A deck's factions: text size (px), lines while picking, the deck's height then.
DECK_SIZE, DECK_LINES, DECK_HEIGHT = 14, 2, 64


@ft.component
def SetupBoard(view: GameView, version: int) -> ft.Control:
    """Factions, bases (typed or from the catalogue), the mulligan reminder."""
    app = ft.use_context(AppContext)
    catalogue = BaseCatalogue(app.hub.store.root)
    form, set_form, latest_form = use_form(lambda: dict(EMPTY_FORM))  # read at tap time
    checked, set_checked = ft.use_state(False)  # show the form's error after a refused tap
    chosen, set_chosen = ft.use_state(None)
    custom, set_custom, latest_custom = use_form(lambda: "")
    scroller = ft.use_context(BoardScroll)
    page_height = use_layout().height
    _forgot, set_forgot = ft.use_state(0)  # re-render after a catalogue entry is removed
    forgetting, set_forgetting = ft.use_state(None)  # the catalogue entry asked about
    picked, set_picked = ft.use_state(0)  # catalogue suggestions picked: each one scrolls
    game = view.game
    state = view.state
    specs = game.setup.players
    need = state.players + 1

    picker = next_picker(state, chosen)
    done = picker is None  # every deck has its two factions: nothing left to tap here

    def pick(name: str) -> None:
        if picker is not None and moves.smashup_faction(view, picker, name):
            set_custom("")

    def add_base() -> None:
        form = latest_form()
        if form_error(form) is not None:
            set_checked(True)
            return
        card = card_from_form(form)
        if moves.smashup_base_add(view, card):
            remember(catalogue, card)
            set_form(dict(EMPTY_FORM))
            set_checked(False)

    def forget(name: str) -> None:
        set_forgetting(None)
        try:
            require_player(app)  # the catalogue is shared by every game on the host
        except NotAllowedError as exc:
            view.refuse(str(exc))
            return
        catalogue.forget(name)
        set_forgot(lambda n: n + 1)

    ft.use_dialog(
        confirm_dialog(
            f"{_('Убрать из каталога')} «{forgetting}»?",
            _("Базы на столе это не меняет; набрать её снова можно в любой момент."),
            ("forget-cancel", _("Оставить"), lambda: set_forgetting(None)),
            ("forget-confirm", _("Убрать"), lambda: forget(forgetting)),
            icon=ft.Icons.DELETE_OUTLINE,
        )
        if forgetting is not None
        else None
    )

    taken = taken_factions(state, picker)
    laying = done and len(state.bases) < need

    async def to_bases() -> None:
        """The bases' heading goes to the top, the form under it."""
        if laying:
            await reveal(scroller, BASES_KEY)

    ft.use_effect(to_bases, [laying, picked])

    def deck(i: int, spec: PlayerSpec) -> ft.Control:
        """A player's deck: the name over the factions (while picking, one height per deck;
        after, what the names need); the picker's marked, a tap picks for them."""
        factions = ", ".join(state.factions[i])
        lines = None if done else DECK_LINES
        cut = None if done else ft.TextOverflow.ELLIPSIS
        text = ft.Text(factions or "—", size=DECK_SIZE, max_lines=lines, overflow=cut)
        who = clipped_text(spec.name, 16, weight=ft.FontWeight.BOLD)
        mark = ft.Icon(ft.Icons.EDIT, size=20) if picker == i else ft.Container()
        row = [dot(spec.color), ft.Column([who, text], spacing=0, expand=True, tight=True), mark]
        return tagged(
            f"deck-p{i}",
            ft.Container(
                ft.Row(row, spacing=8),
                padding=ft.Padding.symmetric(horizontal=8, vertical=2 if done else 4),
                border_radius=8,
                height=None if done else DECK_HEIGHT,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if picker == i else None,
                on_click=None if state.draft or done else (lambda _e, i=i: set_chosen(i)),
            ),
            label=f"{spec.name}: {factions}",
        )

    rules = button(  # «Правила»: the status line already names the phase
        "phase",
        _("Правила"),
        lambda: open_rules("smashup", SETUP_PHASE),
        icon=ft.Icons.MENU_BOOK,
        label=f"{_('Правила')}: {SETUP_PHASE}",
    )
    name = EDITIONS[state.edition]  # two lines beside the 48 dp button, spoken as one
    edition = tagged(
        "edition", clipped_text(edition_text(name), 14, lines=2, italic=True), label=name
    )
    parts: list[ft.Control] = [
        ft.Row([rules, ft.Container(edition, expand=True)]),
        said("reminder", ft.Text(setup_text(reminder(state)), size=14)),
        heading(_("Фракции (по две у каждого)"), 18),
        *(deck(i, spec) for i, spec in enumerate(specs)),
    ]
    if picker is not None:
        who = specs[picker].name
        draft_note = f" ({_('по очереди драфта')})" if state.draft else ""
        offered = offered_factions(state.edition)
        chips = [faction_chip(k, f, f.casefold() in taken, pick) for k, f in enumerate(offered)]
        field = ft.TextField(
            label=_("Другая фракция"), value=custom, on_change=lambda e: set_custom(e.control.value)
        )
        take = button(
            "faction-add",
            _("Взять"),
            lambda: pick(latest_custom()),
            ft.FilledTonalButton,
            label=f"{_('Взять')} {custom.strip()}",
        )
        parts += [
            tagged("picker", heading(f"{_('Фракцию выбирает')}: {who}{draft_note}", 16), label=who),
            flow(chips, 6),
            ft.Row([ft.Container(tagged("faction-custom", field), expand=True), take]),
        ]
    count = heading(f"{_('Базы')}: {len(state.bases)} {_('из')} {need}", 18)
    count.key = ft.ScrollKey(BASES_KEY)
    parts.append(tagged("bases-count", count, label=f"{len(state.bases)}/{need}"))
    if len(state.bases) < need:
        parts += base_fields(
            "new-base",
            form,
            set_form,
            catalogue,
            [b.name for b in state.bases],
            error=form_error(form) if checked else None,
            on_forget=lambda name: set_forgetting(name),
            on_pick=lambda: set_picked(lambda n: n + 1),
        )
        add = button(
            "add-base", _("Выложить базу"), add_base, ft.FilledTonalButton, icon=ft.Icons.ADD
        )
        parts.append(add)
    for j, b in enumerate(state.bases):
        vp = f"{b.vp[0]}/{b.vp[1]}/{b.vp[2]}"
        line = [
            ft.Icon(ft.Icons.FLAG_OUTLINED),
            clipped_text(b.name, 16, weight=ft.FontWeight.BOLD, expand=True),
            ft.Text(f"{b.breakpoint}; {vp}", size=16),
        ]
        label = f"{b.name} {b.breakpoint} {vp}"
        parts.append(tagged(f"setup-base-{j}", ft.Row(line, height=32), label=label))
    if laying:  # room below: the bases' heading can reach the top
        parts.append(ft.Container(height=page_height))
    return ft.Column(parts, spacing=8)


def faction_chip(k: int, name: str, taken: bool, pick: Callable[[str], None]) -> ft.Control:
    """An offered faction; a taken one dimmed, a tap gets the refusal (Подготовка к игре)."""
    faint = ft.Colors.with_opacity(0.38, ft.Colors.ON_SURFACE)
    edge = ft.BorderSide(1, ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE))
    return button(
        f"faction-{k}",
        name,
        lambda _e: pick(name),
        ft.OutlinedButton,
        style=ft.ButtonStyle(color=faint, side=edge) if taken else None,
        label=f"{name} ({_('занята')})" if taken else name,
    )
