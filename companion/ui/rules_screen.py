"""The «Правила» screen: ``/rules?game=<id>&q=<query>&from=<route>`` (all optional): search
while typing, the game filter, entries, house rulings."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

import flet as ft

from companion.errors import CompanionError, SearchError
from companion.i18n import _
from companion.rules import Hit, add_ruling, delete_ruling, invalidate
from companion.rules.house import HOUSE_FILE
from companion.rules.text import GAME_NAMES, entry_by_id, parse_route, search_rules
from companion.table.security import require_player
from companion.ui.layout import use_window_layout
from companion.ui.nav import AppContext, go
from companion.ui.rules_entry import detail, result_card
from companion.ui.rules_house import house_panel
from companion.ui.tagged_controls import text_field, title_row
from companion.ui.widgets import TARGET, Banner, icon_button, said, tagged, use_form

__all__ = ["RulesScreen"]

#: The game chips' padding on a phone and «Все»'s label padding (48 dp target).
CHIP_PADDING = ft.Padding.symmetric(horizontal=2)
ALL_CHIP_PADDING = ft.Padding.symmetric(horizontal=10)
WIDE_CHIP_PADDING = ft.Padding.symmetric(horizontal=8)


def _header_view(back: str, panel: bool, toggle_panel: Callable[[], None]) -> ft.Control:
    house = icon_button(
        "house-open", ft.Icons.GAVEL, _("Решения стола"), toggle_panel, selected=panel
    )
    return title_row("rules-back", _("Правила"), lambda: go(back), house, spacing=0)


def _chips_view(
    game: str | None, pick_game: Callable[[str | None], None], wide: bool
) -> ft.Control:
    """One chip per game and «Все»; the picked one filled (no checkmark)."""
    # a label's padding: Material's on a wide screen, the least on a phone («Все»: 48 dp)
    pads = (WIDE_CHIP_PADDING, WIDE_CHIP_PADDING) if wide else (ALL_CHIP_PADDING, CHIP_PADDING)
    chips = [
        tagged(
            f"game-{g or 'all'}",
            ft.Chip(
                label=ft.Text(name, size=13, no_wrap=True),
                selected=game == g,
                # no checkmark: a selected chip is filled and never widens
                show_checkmark=False,
                on_select=lambda _e, g=g: pick_game(g),
                on_click=None,
                height=TARGET,
                padding=WIDE_CHIP_PADDING if wide else CHIP_PADDING,
                label_padding=pads[0] if g is None else pads[1],
                visual_density=ft.VisualDensity.COMPACT,
            ),
            label=f"{name}{', ' + _('выбрано') if game == g else ''}",
        )
        for g, name in [(None, _("Все")), *GAME_NAMES.items()]
    ]
    return ft.Row(chips, wrap=True, spacing=3, run_spacing=4)


#: The screen's title row and game filter: not rendered again while a question is typed.
RulesHeader = ft.memo(ft.component(_header_view))
GameChips = ft.memo(ft.component(_chips_view))


@ft.component
def RulesScreen() -> ft.Control:
    """Search field, game chips, results (or one entry, or the house rulings panel)."""
    app = ft.use_context(AppContext)
    root = Path(app.hub.store.root)
    route = ft.context.page.route or "/rules"
    game0, query0, back = parse_route(route)
    query, set_query = ft.use_state(query0)
    game, set_game = ft.use_state(game0)
    opened, set_opened = ft.use_state(None)  # entry id shown in full, or None
    trail, set_trail = ft.use_state(())  # ids opened before it (for «К результатам» after links)
    panel, set_panel = ft.use_state(False)  # the house rulings panel
    # «Сохранить» reads the ruling at tap time (use_form)
    form, set_form, latest_form = use_form(lambda: {"game": game0 or "smash_up"})
    error, set_error = ft.use_state("")
    notice, set_notice = ft.use_state("")
    _version, set_version = ft.use_state(0)

    def reset_from_route() -> None:
        set_query(query0)
        set_game(game0)
        set_opened(None)
        set_trail(())
        if game0:
            set_form(lambda f: {**f, "game": game0})

    ft.use_effect(reset_from_route, [route])

    def _open_entry(eid: str) -> None:
        if opened and opened != eid:
            set_trail((*trail, opened))
        set_opened(eid)
        set_panel(False)

    open_entry = ft.use_callback(_open_entry, [opened, trail])

    def close_entry() -> None:
        if trail:
            set_opened(trail[-1])
            set_trail(trail[:-1])
        else:
            set_opened(None)

    def amend(eid: str) -> None:
        entry = entry_by_id(root, eid)
        set_form({"game": entry["game"] if entry else (game or "smash_up"), "link": eid})
        set_opened(None)
        set_trail(())
        set_panel(True)

    def house(change: Callable[[Path], object], done: str) -> bool:
        """Change the table's rulings (players only: they are shared); a refusal is shown."""
        try:
            require_player(app)
            change(Path(root) / HOUSE_FILE)
        except CompanionError as exc:
            set_error(str(exc))
            return False
        invalidate()
        set_error("")
        set_notice(done)
        set_version(lambda v: v + 1)
        return True

    def save() -> None:
        form = latest_form()
        title, ruled = form.get("title", ""), form.get("game") or "smash_up"
        add = partial(add_ruling, title, form.get("text", ""), ruled, form.get("link") or None)
        if house(lambda path: add(path=path), f"{_('Сохранено')}: {title.strip()}"):
            set_form({"game": ruled})

    def remove(rid: str) -> None:
        gone = house(lambda path: delete_ruling(rid, path=path), _("Решение стола удалено"))
        if gone and opened == rid:
            set_opened(None)

    def toggle_panel() -> None:
        if not panel and game and not latest_form().get("title"):
            set_form(lambda f: {**f, "game": game})
        set_panel(not panel)
        set_opened(None)

    def _pick_game(g: str | None) -> None:
        set_game(g)
        set_opened(None)
        set_trail(())

    pick_game = ft.use_callback(_pick_game, [])
    toggle = ft.use_callback(toggle_panel, [panel, game])  # reads the form at tap time
    header = RulesHeader(back, panel, toggle)
    chips = GameChips(game, pick_game, use_window_layout().two_columns)
    field = text_field(
        "rules-query",
        _("Вопрос по правилам"),
        query,
        lambda v: (set_query(v), set_opened(None), set_trail(())),
        hint_text=_("например: ничья на базе"),
        prefix_icon=ft.Icons.SEARCH,
        autofocus=not query0,
    )

    if panel:
        body: ft.Control = house_panel(
            root, form, set_form, save, remove, open_entry, lambda: set_panel(False)
        )
    else:
        hits: list[Hit] = []
        message = ""
        if query.strip():
            try:
                hits = search_rules(root, query, game)
            except SearchError as exc:
                message = str(exc)
        if opened:
            entry = entry_by_id(root, opened)
            spans = next((h.spans for h in hits if h.entry["id"] == opened), [])
            body = (
                detail(root, entry, spans, open_entry, close_entry, amend, remove)
                if entry
                else said("rules-message", ft.Text(_("Запись не найдена.")))
            )
        elif not query.strip():
            hint = _(
                "Спросите, как за столом: «ничья на базе», «можно ли оспорить блок», «talent». "
                "Опечатки и английская раскладка не мешают."
            )
            body = said("rules-hint", ft.Text(hint, size=15, color=ft.Colors.ON_SURFACE_VARIANT))
        elif message:
            body = said("rules-message", ft.Text(message, size=15, color=ft.Colors.ERROR))
        elif not hits:
            none = _("Ничего не нашлось: попробуйте другие слова или «Все» игры.")
            body = said("rules-message", ft.Text(none, size=15))
        else:
            scope = GAME_NAMES.get(game, _("все игры"))
            summary = f"«{query.strip()}» · {scope}: {_('найдено')} {len(hits)}"
            body = ft.Column(
                [
                    said(
                        "rules-count", ft.Text(summary, size=13, color=ft.Colors.ON_SURFACE_VARIANT)
                    ),
                    *[result_card(i, h, open_entry) for i, h in enumerate(hits)],
                ],
                spacing=6,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )

    return ft.Column(
        [header, field, chips, Banner(error, notice), body],
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
