"""The «Правила» screen: rules search while typing, game filter, entry view, house rulings.

Route: ``/rules?game=<smash_up|coup|munchkin|ricks>&q=<query>&from=<route>`` — every
parameter optional. ``game`` pre-selects the filter, ``q`` pre-fills the search field,
``from`` is where the back button returns (``/`` when absent).

The search itself lives in :mod:`companion.rules`; this module only shows it. House rulings
are stored in the data dir of this server (``hub.store.root``), so the screen keeps one small
index over the shipped rulebooks plus that dir's rulings (:func:`search_rules`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import flet as ft

from companion.errors import CompanionError, SearchError
from companion.i18n import _
from companion.rules import (
    Hit,
    RulesIndex,
    add_ruling,
    default_index,
    delete_ruling,
    invalidate,
    list_rulings,
)
from companion.rules.db import GAMES
from companion.rules.house import HOUSE_FILE
from companion.store.limits import RULING_TEXT_CHARS, RULING_TITLE_CHARS
from companion.table.security import require_player
from companion.ui.game_screen import WIDE, use_page_width
from companion.ui.nav import AppContext, go
from companion.ui.widgets import TARGET, Banner, icon_button, tagged, use_form

__all__ = [
    "RulesScreen",
    "SOURCE_NAMES",
    "GAME_NAMES",
    "parse_route",
    "segments",
    "snippet",
    "neighbours",
    "search_rules",
    "entry_by_id",
]

#: Rulebook id → its name on screen.
SOURCE_NAMES: dict[str, str] = {
    "smashup-bbrr": "Замес: Мишки, бабки, рок-н-ролл",
    "smashup-mimimi": "Замес: Мимими",
    "coup": "Переворот",
    "munchkin-apocalypse": "Манчкин Апокалипсис",
    "ricks-crazy": "Рик и Морти: Наверное, Рики сошли с ума",
    "house": "Решения стола",
}
#: Rules game id → its name on the filter chips.
GAME_NAMES: dict[str, str] = {
    "smash_up": "Замес",
    "coup": "Переворот",
    "munchkin": "Манчкин",
    "ricks": "Рик и Морти",
}

LIMIT = 10
#: The game chips' inner padding on a phone (all five fit one row at 390 px), and «Все»'s
#: label padding there (it is short: this keeps it a 48 dp target); on a wide screen: Material's.
CHIP_PADDING = ft.Padding.symmetric(horizontal=2)
ALL_CHIP_PADDING = ft.Padding.symmetric(horizontal=10)
WIDE_CHIP_PADDING = ft.Padding.symmetric(horizontal=8)
SNIPPET = 180
HIGHLIGHT = ft.TextStyle(
    weight=ft.FontWeight.BOLD,
    color=ft.Colors.PRIMARY,
    bgcolor=ft.Colors.with_opacity(0.15, ft.Colors.PRIMARY),
)


# -- pure helpers ----------------------------------------------------------------------------
def parse_route(route: str | None) -> tuple[str | None, str, str]:
    """``"/rules?game=coup&q=Доход&from=/game/x"`` → ``("coup", "Доход", "/game/x")``.

    An unknown game gives ``None`` (all games); ``from`` must be a local route (``/...``, not
    ``//...``), else ``"/"``.
    """
    params = parse_qs(urlparse(route or "").query, keep_blank_values=True)
    game = (params.get("game") or [""])[0]
    query = (params.get("q") or [""])[0]
    back = (params.get("from") or [""])[0]
    if not back.startswith("/") or back.startswith("//"):
        back = "/"
    return (game if game in GAMES else None), query, back


def segments(text: str, spans: list[tuple[int, int]]) -> list[tuple[str, bool]]:
    """Cut ``text`` into ``[(piece, matched), ...]`` by character ``spans`` (overlaps merged).

    >>> segments("Ничья на базе", [(0, 5), (9, 13)])
    [('Ничья', True), (' на ', False), ('базе', True)]
    """
    out: list[tuple[str, bool]] = []
    pos = 0
    for a, b in sorted((max(0, a), min(len(text), b)) for a, b in spans):
        if b <= pos:
            continue
        a = max(a, pos)
        if a > pos:
            out.append((text[pos:a], False))
        out.append((text[a:b], True))
        pos = b
    if pos < len(text) or not out:
        out.append((text[pos:], False))
    return out


def snippet(
    text: str, spans: list[tuple[int, int]], width: int = SNIPPET
) -> tuple[str, list[tuple[int, int]]]:
    """A piece of ``text`` about ``width`` characters around the first matched span.

    :returns: ``(piece, spans shifted into piece)``; the piece gets «…» where it was cut.
    """
    if len(text) <= width:
        return text, spans
    first = min((a for a, _b in spans), default=0)
    start = max(0, first - width // 3)
    if start:
        space = text.rfind(" ", 0, start)
        start = space + 1 if space >= 0 and start - space < 20 else start
    end = min(len(text), start + width)
    prefix = "…" if start else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - start
    kept = [(a + shift, b + shift) for a, b in spans if a >= start and b <= end]
    return prefix + text[start:end] + suffix, kept


def neighbours(
    entries: list[dict[str, Any]], entry_id: str, limit: int = 8
) -> list[dict[str, Any]]:
    """Entries beside ``entry_id``: the same source and section, plus the entries just before
    and after it in the database order (same source). Database order, itself excluded."""
    idx = next((i for i, e in enumerate(entries) if e["id"] == entry_id), None)
    if idx is None:
        return []
    me = entries[idx]
    near = {
        i
        for i in (idx - 1, idx + 1)
        if 0 <= i < len(entries) and entries[i]["source"] == me["source"]
    }
    same = {
        i
        for i, e in enumerate(entries)
        if e["source"] == me["source"] and e["section"] == me["section"]
    }
    return [entries[i] for i in sorted((near | same) - {idx})][:limit]


def rules_index(root: str | Path) -> RulesIndex:
    """The rulebooks plus the house rulings of data dir ``root`` (the shared cached index).

    :raises RulesDBError: the shipped database is missing or invalid.
    """
    return default_index(Path(root) / HOUSE_FILE)


def search_rules(
    root: str | Path, query: str, game: str | None = None, limit: int = LIMIT
) -> list[Hit]:
    """Search the rules and the house rulings of ``root`` (see :func:`companion.rules.search`).

    :raises SearchError: empty or absurd query.
    """
    return rules_index(root).search(query, game=game if game in GAMES else None, limit=limit)


def entry_by_id(root: str | Path, entry_id: str) -> dict[str, Any] | None:
    """The entry (rulebook or house ruling) with this id, or ``None``."""
    return rules_index(root).by_id.get(entry_id)


def _where(entry: dict[str, Any]) -> str:
    """«Замес: Мимими · Споры при раздаче · с. 8»."""
    parts = [SOURCE_NAMES.get(entry["source"], entry["source"])]
    if entry["section"] and entry["source"] != "house":
        parts.append(entry["section"])
    if entry["source"] == "house":
        parts.append(GAME_NAMES.get(entry["game"], entry["game"]))
    if entry.get("page"):
        parts.append(f"{_('с.')} {entry['page']}")
    return " · ".join(parts)


# -- small views -----------------------------------------------------------------------------
def _rich(
    text: str,
    spans: list[tuple[int, int]],
    size: float,
    bold: bool = False,
    selectable: bool = False,
) -> ft.Text:
    """``text`` with ``spans`` marked. Keyed by what it shows: a text whose words or marks
    change is a new control, never old spans patched in place (with patched spans the screen
    showed the previous query's pieces for ~2 s, issue 30: «запретоспаривание или запрет»;
    docs/FLET_FINDINGS.md)."""
    pieces = segments(text, spans)
    shown = hashlib.blake2b(repr((size, bold, pieces)).encode(), digest_size=8).hexdigest()
    return ft.Text(
        key=f"rich-{shown}",
        spans=[ft.TextSpan(piece, HIGHLIGHT if hit else None) for piece, hit in pieces],
        size=size,
        weight=ft.FontWeight.BOLD if bold else None,
        selectable=selectable,
    )


def _house_badge() -> ft.Control:
    return ft.Container(
        ft.Row(
            [
                ft.Icon(ft.Icons.GAVEL, size=16, color=ft.Colors.ON_TERTIARY_CONTAINER),
                ft.Text(_("правило стола"), size=13, color=ft.Colors.ON_TERTIARY_CONTAINER),
            ],
            tight=True,
            spacing=4,
        ),
        bgcolor=ft.Colors.TERTIARY_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
        border_radius=12,
    )


def _result_card(i: int, hit: Hit, open_entry: Callable[[str], None]) -> ft.Control:
    """One hit as a card: plain props for :data:`ResultCard` (re-rendered only when they
    change — while typing, most cards stay as they are from one key to the next)."""
    e = hit.entry
    by_field: dict[str, list[tuple[int, int]]] = {}
    for f, a, b in hit.spans:
        by_field.setdefault(f, []).append((a, b))
    if hit.snippet:  # the sentence that answers the question, its matched words marked
        piece, piece_spans = snippet(hit.snippet, hit.snippet_spans)
    else:
        piece, piece_spans = snippet(e["text"], by_field.get("text", []))
    where = _where(e)
    label = f"{e['title']} — {where}" + (f" — {_('правило стола')}" if hit.house else "")
    label += f". {piece}"
    return ResultCard(
        i,
        e["id"],
        e["title"],
        tuple(by_field.get("title", [])),
        where,
        hit.house,
        piece,
        tuple(piece_spans),
        label,
        open_entry,
        key=e["id"],  # an entry that moves up or down while typing is moved, not redrawn
    )


def _result_card_view(
    i: int,
    entry_id: str,
    title: str,
    title_spans: tuple[tuple[int, int], ...],
    where: str,
    house: bool,
    piece: str,
    piece_spans: tuple[tuple[int, int], ...],
    label: str,
    open_entry: Callable[[str], None],
) -> ft.Control:
    return tagged(
        f"hit-{i}",
        ft.Card(
            variant=ft.CardVariant.FILLED,
            content=ft.Container(
                ft.Column(
                    [
                        _rich(title, list(title_spans), 18, bold=True),
                        ft.Text(where, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                        *([_house_badge()] if house else []),
                        _rich(piece, list(piece_spans), 14),
                    ],
                    spacing=4,
                ),
                padding=12,
                on_click=lambda _e: open_entry(entry_id),
            ),
        ),
        label=label,
    )


ResultCard = ft.memo(ft.component(_result_card_view))


def _link_button(
    ident: str, entry: dict[str, Any], open_entry: Callable[[str], None]
) -> ft.Control:
    where = SOURCE_NAMES.get(entry["source"], entry["source"])
    return tagged(
        ident,
        ft.TextButton(
            content=ft.Text(f"{entry['title']} ({where})", size=15),
            icon=ft.Icons.LINK,
            on_click=lambda _e, eid=entry["id"]: open_entry(eid),
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8, vertical=12)),
            height=TARGET,
        ),
        label=entry["title"],
    )


def _detail(
    root: Path,
    entry: dict[str, Any],
    spans: list[tuple[str, int, int]],
    open_entry: Callable[[str], None],
    close: Callable[[], None],
    amend: Callable[[str], None],
    remove: Callable[[str], None],
) -> ft.Control:
    """One entry in full: text, see-also links, its neighbours in the rulebook."""
    index = rules_index(root)
    house = entry["source"] == "house"
    by_field: dict[str, list[tuple[int, int]]] = {}
    for f, a, b in spans:
        by_field.setdefault(f, []).append((a, b))
    see = [index.by_id[i] for i in entry["see_also"] if i in index.by_id]
    near = [] if house else neighbours(index.entries, entry["id"])
    return ft.Column(
        [
            ft.Row(
                [
                    tagged(
                        "detail-back",
                        ft.TextButton(
                            _("К результатам"),
                            icon=ft.Icons.ARROW_BACK,
                            on_click=lambda: close(),
                            height=TARGET,
                        ),
                    )
                ]
            ),
            tagged(
                "detail-title",
                _rich(entry["title"], by_field.get("title", []), 22, bold=True),
                label=entry["title"],
            ),
            tagged(
                "detail-where",
                ft.Text(_where(entry), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
                label=_where(entry),
            ),
            *([_house_badge()] if house else []),
            tagged(
                "detail-text",
                _rich(entry["text"], by_field.get("text", []), 17),
                label=entry["text"],
            ),
            *(
                [
                    ft.Text(_("См. также"), size=16, weight=ft.FontWeight.BOLD),
                    *[_link_button(f"see-{s['id']}", s, open_entry) for s in see],
                ]
                if see
                else []
            ),
            *(
                [
                    ft.Text(
                        f"{_('Рядом в правилах')}: «{entry['section']}»",
                        size=16,
                        weight=ft.FontWeight.BOLD,
                    ),
                    *[_link_button(f"near-{n['id']}", n, open_entry) for n in near],
                ]
                if near
                else []
            ),
            (
                tagged(
                    "detail-delete",
                    ft.OutlinedButton(
                        _("Удалить решение стола"),
                        icon=ft.Icons.DELETE_OUTLINE,
                        on_click=lambda: remove(entry["id"]),
                        height=TARGET,
                    ),
                )
                if house
                else tagged(
                    "detail-amend",
                    ft.OutlinedButton(
                        _("Решение стола к этому правилу"),
                        icon=ft.Icons.GAVEL,
                        on_click=lambda: amend(entry["id"]),
                        height=TARGET,
                    ),
                )
            ),
        ],
        spacing=8,
    )


def _set_link(set_form: Callable[[Any], None], value: str | None) -> None:
    link = (value or "").strip()
    set_form(lambda f: {**f, "link": link})


def _house_panel(
    root: Path,
    form: dict[str, str],
    set_form: Callable[[dict[str, str]], None],
    save: Callable[[], None],
    remove: Callable[[str], None],
    open_entry: Callable[[str], None],
    close: Callable[[], None],
) -> ft.Control:
    """The form that adds a house ruling, and the list of the table's rulings."""
    rulings = list_rulings(path=Path(root) / HOUSE_FILE)
    index = rules_index(root)
    linked = index.by_id.get(form.get("link", ""))
    link_note = (
        f"{_('К правилу')}: {linked['title']} "
        f"({SOURCE_NAMES.get(linked['source'], linked['source'])})"
        if linked
        else (
            _("Нет такой записи: проверьте номер")
            if form.get("link")
            else _(
                "Можно привязать к правилу: откройте его и нажмите «Решение стола к этому правилу»"
            )
        )
    )
    return ft.Column(
        [
            ft.Row(
                [
                    ft.Text(_("Решения стола"), size=20, weight=ft.FontWeight.BOLD, expand=True),
                    icon_button("house-close", ft.Icons.CLOSE, _("Закрыть"), close),
                ]
            ),
            ft.Text(
                _(
                    "Свои договорённости компании: ищутся вместе с правилами "
                    "и помечаются «правило стола»."
                ),
                size=14,
            ),
            tagged(
                "house-title",
                ft.TextField(
                    label=_("Название"),
                    value=form.get("title", ""),
                    max_length=RULING_TITLE_CHARS,  # add_ruling refuses longer
                    counter="",
                    on_change=lambda e: set_form(lambda f, v=e.control.value: {**f, "title": v}),
                ),
            ),
            tagged(
                "house-text",
                ft.TextField(
                    label=_("Что решили"),
                    value=form.get("text", ""),
                    max_length=RULING_TEXT_CHARS,
                    counter="",  # a limit, not a target (add_ruling names it if reached)
                    multiline=True,
                    min_lines=3,
                    max_lines=6,
                    on_change=lambda e: set_form(lambda f, v=e.control.value: {**f, "text": v}),
                ),
            ),
            tagged(
                "house-game",
                ft.Dropdown(
                    label=_("Игра"),
                    value=form.get("game", "smash_up"),
                    options=[ft.DropdownOption(key=g, text=GAME_NAMES[g]) for g in GAMES],
                    on_select=lambda e: set_form(lambda f, v=e.control.value: {**f, "game": v}),
                ),
            ),
            tagged(
                "house-link",
                ft.TextField(
                    label=_("Номер правила (необязательно)"),
                    value=form.get("link", ""),
                    on_change=lambda e: _set_link(set_form, e.control.value),
                ),
            ),
            tagged(
                "house-link-note",
                ft.Text(link_note, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                label=link_note,
            ),
            ft.Row(
                [
                    tagged(
                        "house-save",
                        ft.FilledButton(
                            _("Сохранить решение"),
                            icon=ft.Icons.SAVE,
                            height=48,
                            on_click=lambda: save(),
                        ),
                    )
                ]
            ),
            ft.Divider(),
            *(
                [
                    tagged(
                        f"house-item-{r['id']}",
                        ft.Row(
                            [
                                ft.Container(
                                    ft.Column(
                                        [
                                            ft.Text(r["title"], size=16, weight=ft.FontWeight.BOLD),
                                            ft.Text(GAME_NAMES.get(r["game"], r["game"]), size=13),
                                        ],
                                        spacing=2,
                                    ),
                                    expand=True,
                                    on_click=lambda _e, rid=r["id"]: open_entry(rid),
                                ),
                                tagged(
                                    f"house-del-{r['id']}",
                                    ft.IconButton(
                                        ft.Icons.DELETE_OUTLINE,
                                        tooltip=_("Удалить"),
                                        on_click=lambda _e, rid=r["id"]: remove(rid),
                                        width=TARGET,
                                        height=TARGET,
                                        style=ft.ButtonStyle(
                                            visual_density=ft.VisualDensity.STANDARD
                                        ),
                                    ),
                                ),
                            ]
                        ),
                        label=r["title"],
                    )
                    for r in rulings
                ]
                or [
                    tagged(
                        "house-empty",
                        ft.Text(_("Решений стола пока нет.")),
                        label=_("Решений стола пока нет."),
                    )
                ]
            ),
        ],
        spacing=10,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )


# -- the screen ------------------------------------------------------------------------------
def _header_view(back: str, panel: bool, toggle_panel: Callable[[], None]) -> ft.Control:
    return ft.Row(
        [
            icon_button("rules-back", ft.Icons.ARROW_BACK, _("Назад"), lambda: go(back)),
            ft.Text(_("Правила"), size=24, weight=ft.FontWeight.BOLD, expand=True),
            icon_button(
                "house-open", ft.Icons.GAVEL, _("Решения стола"), toggle_panel, selected=panel
            ),
        ],
        spacing=0,
    )


def _label_padding(wide: bool, short: bool) -> ft.Padding:
    """A chip label's padding: Material's on a wide screen; on a phone the least that keeps
    all five chips in one row, more for the short «Все» (a 48 dp target)."""
    if wide:
        return WIDE_CHIP_PADDING
    return ALL_CHIP_PADDING if short else CHIP_PADDING


def _chips_view(
    game: str | None, pick_game: Callable[[str | None], None], wide: bool
) -> ft.Control:
    """One chip per game and «Все»; the picked one filled (no checkmark)."""
    chips = [
        tagged(
            f"game-{g or 'all'}",
            ft.Chip(
                label=ft.Text(name, size=13, no_wrap=True),
                selected=game == g,
                # no checkmark: the selected chip is filled instead, so picking a game never
                # widens a chip and moves the ones after it under the finger
                show_checkmark=False,
                on_select=lambda _e, g=g: pick_game(g),
                on_click=None,
                height=TARGET,
                padding=WIDE_CHIP_PADDING if wide else CHIP_PADDING,
                label_padding=_label_padding(wide, g is None),
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
    # «Сохранить» reads the ruling as typed at tap time (use_form): a tap right after typing
    # can reach the server before the re-render, and the text would be saved short
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

    # the same function while typing (result cards are memoised on it)
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

    def save() -> None:
        form = latest_form()
        try:
            require_player(app)  # house rulings are shared: players only
            add_ruling(
                form.get("title", ""),
                form.get("text", ""),
                form.get("game") or "smash_up",
                form.get("link") or None,
                path=Path(root) / HOUSE_FILE,
            )
        except CompanionError as exc:
            set_error(str(exc))
            return
        invalidate()
        set_error("")
        set_notice(f"{_('Сохранено')}: {form.get('title', '').strip()}")
        set_form({"game": form.get("game") or "smash_up"})
        set_version(lambda v: v + 1)

    def remove(rid: str) -> None:
        try:
            require_player(app)
            delete_ruling(rid, path=Path(root) / HOUSE_FILE)
        except CompanionError as exc:
            set_error(str(exc))
            return
        invalidate()
        set_error("")
        set_notice(_("Решение стола удалено"))
        if opened == rid:
            set_opened(None)
        set_version(lambda v: v + 1)

    def toggle_panel() -> None:
        if not panel and game and not latest_form().get("title"):
            set_form(lambda f: {**f, "game": game})
        set_panel(not panel)
        set_opened(None)

    def _pick_game(g: str | None) -> None:
        set_game(g)
        set_opened(None)
        set_trail(())

    # the same functions from one key to the next: the header and the chips are memoised on them
    pick_game = ft.use_callback(_pick_game, [])
    toggle = ft.use_callback(toggle_panel, [panel, game])  # reads the form at tap time
    header = RulesHeader(back, panel, toggle)
    chips = GameChips(game, pick_game, use_page_width() >= WIDE)
    field = tagged(
        "rules-query",
        ft.TextField(
            value=query,
            label=_("Вопрос по правилам"),
            hint_text=_("например: ничья на базе"),
            prefix_icon=ft.Icons.SEARCH,
            autofocus=not query0,
            on_change=lambda e: (set_query(e.control.value), set_opened(None), set_trail(())),
        ),
    )

    if panel:
        body: ft.Control = _house_panel(
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
                _detail(root, entry, spans, open_entry, close_entry, amend, remove)
                if entry
                else tagged(
                    "rules-message", ft.Text(_("Запись не найдена.")), label=_("Запись не найдена.")
                )
            )
        elif not query.strip():
            hint = _(
                "Спросите, как за столом: «ничья на базе», «можно ли оспорить блок», «talent». "
                "Опечатки и английская раскладка не мешают."
            )
            body = tagged(
                "rules-hint", ft.Text(hint, size=15, color=ft.Colors.ON_SURFACE_VARIANT), label=hint
            )
        elif message:
            body = tagged(
                "rules-message", ft.Text(message, size=15, color=ft.Colors.ERROR), label=message
            )
        elif not hits:
            none = _("Ничего не нашлось: попробуйте другие слова или «Все» игры.")
            body = tagged("rules-message", ft.Text(none, size=15), label=none)
        else:
            scope = GAME_NAMES.get(game, _("все игры"))
            summary = f"«{query.strip()}» · {scope}: {_('найдено')} {len(hits)}"
            body = ft.Column(
                [
                    tagged(
                        "rules-count",
                        ft.Text(summary, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                        label=summary,
                    ),
                    *[_result_card(i, h, open_entry) for i, h in enumerate(hits)],
                ],
                spacing=6,
                horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
            )

    return ft.Column(
        [
            header,
            field,
            chips,
            Banner(error, notice),
            body,
        ],
        spacing=10,
        scroll=ft.ScrollMode.AUTO,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
    )
