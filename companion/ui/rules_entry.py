"""Rules screen views of entries: a hit as a card, one entry in full, marked matches."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft

from companion.i18n import _
from companion.rules import Hit
from companion.rules.text import (
    SOURCE_NAMES,
    entry_place,
    neighbours,
    rules_index,
    segments,
    snippet,
)
from companion.ui.tagged_controls import card, heading
from companion.ui.widgets import TARGET, button, said, tagged

__all__ = ["ResultCard", "result_card", "detail", "house_badge", "rich"]

HIGHLIGHT = ft.TextStyle(
    weight=ft.FontWeight.BOLD,
    color=ft.Colors.PRIMARY,
    bgcolor=ft.Colors.with_opacity(0.15, ft.Colors.PRIMARY),
)


def rich(
    text: str,
    spans: list[tuple[int, int]],
    size: float,
    bold: bool = False,
    selectable: bool = False,
) -> ft.Text:
    """``text`` with ``spans`` marked, keyed by what it shows (docs/FLET_FINDINGS.md)."""
    pieces = segments(text, spans)
    shown = hashlib.blake2b(repr((size, bold, pieces)).encode(), digest_size=8).hexdigest()
    return ft.Text(
        key=f"rich-{shown}",
        spans=[ft.TextSpan(piece, HIGHLIGHT if hit else None) for piece, hit in pieces],
        size=size,
        weight=ft.FontWeight.BOLD if bold else None,
        selectable=selectable,
    )


def house_badge() -> ft.Control:
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


def result_card(i: int, hit: Hit, open_entry: Callable[[str], None]) -> ft.Control:
    """One hit as a card (plain props for :data:`ResultCard`)."""
    e = hit.entry
    by_field: dict[str, list[tuple[int, int]]] = {}
    for f, a, b in hit.spans:
        by_field.setdefault(f, []).append((a, b))
    if hit.snippet:  # the sentence that answers the question, its matched words marked
        piece, piece_spans = snippet(hit.snippet, hit.snippet_spans)
    else:
        piece, piece_spans = snippet(e["text"], by_field.get("text", []))
    where = entry_place(e)
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
    parts = [
        rich(title, list(title_spans), 18, bold=True),
        ft.Text(where, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        *([house_badge()] if house else []),
        rich(piece, list(piece_spans), 14),
    ]
    return card(f"hit-{i}", parts, label, filled=True, on_click=lambda: open_entry(entry_id))


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


def detail(
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
    links: list[ft.Control] = []
    for title, found, kind in (
        (_("См. также"), see, "see"),
        (f"{_('Рядом в правилах')}: «{entry['section']}»", near, "near"),
    ):
        if found:
            links.append(heading(title, 16))
            links += [_link_button(f"{kind}-{e['id']}", e, open_entry) for e in found]
    if house:
        icon = ft.Icons.DELETE_OUTLINE
        under = ("detail-delete", _("Удалить решение стола"), lambda: remove(entry["id"]))
    else:
        icon = ft.Icons.GAVEL
        under = ("detail-amend", _("Решение стола к этому правилу"), lambda: amend(entry["id"]))
    return ft.Column(
        [
            ft.Row([button("detail-back", _("К результатам"), close, icon=ft.Icons.ARROW_BACK)]),
            tagged(
                "detail-title",
                rich(entry["title"], by_field.get("title", []), 22, bold=True),
                label=entry["title"],
            ),
            said(
                "detail-where",
                ft.Text(entry_place(entry), size=14, color=ft.Colors.ON_SURFACE_VARIANT),
            ),
            *([house_badge()] if house else []),
            tagged(
                "detail-text",
                rich(entry["text"], by_field.get("text", []), 17),
                label=entry["text"],
            ),
            *links,
            button(*under, ft.OutlinedButton, icon=icon),
        ],
        spacing=8,
    )
