"""«Сыграть карту»: the card's dialog, the remembered cards' row and the question before one
is forgotten; the form's data, checks and preview are :mod:`companion.present.ricks_play`'s,
the catalogue's writes :mod:`companion.table.ricks_cards`'s."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks import MINI
from companion.engine.ricks.cards import FIELDS, LABELS
from companion.i18n import _
from companion.present.ricks_play import KEYS, KIND_TEXT, preview
from companion.ui.boards.ricks.common import DIMMED, _field, button
from companion.ui.form_dialog import form_dialog, refusal_line
from companion.ui.layout import Layout
from companion.ui.widgets import TARGET, clipped_text, confirm_dialog, icon_button, tagged, toggle
from companion.ui.widgets import button as tagged_button

__all__ = ["KNOWN_SHOWN", "forget_dialog", "known_row", "play_dialog"]

#: The form's fields: (key, label, width px, the kinds they are for).
_FIELDS = [(k, LABELS[c], 98, [n for n in KIND_TEXT if c in FIELDS[n]]) for k, c in KEYS.items()]
_FIELDS.append(("name", "Название", 200, list(KIND_TEXT)))

#: The kind buttons' text size and side padding (one line at 360 px); the fields' label size.
KIND_SIZE, KIND_PAD, FIELD_LABEL = 13, 6, 14


def play_dialog(
    layout: Layout, f: dict[str, Any], me: Any, handlers, error: str, known: ft.Control
) -> ft.AlertDialog:
    """«Сыграть карту» (:func:`~companion.ui.form_dialog.form_dialog`): the remembered cards
    (:func:`known_row`), the kind, numbers, name, «уровнем ниже» with «Сброс +1» (these scroll);
    the preview and the refusal line stay in view; a field in ``f["bad"]`` is outlined in red.
    Tags: ``play-actions``, ``play-discard``, ``kind-{k}``, ``play-build``, ``play-prod``,
    ``play-cost``, ``play-vp``, ``play-name``, ``play-down``, ``play-preview``, ``play-error``,
    ``play-card``, ``play-cancel``. ``me``: the player's state (no build token left: the card
    is built whole; Мини-вселенная: one more card); ``handlers``: ``(put(key, value), play,
    close, shut, discard)``."""
    put, play, close, shut, discard = handlers
    whole, mini = me.tokens < 1, me.universe == MINI
    kind = f["kind"]
    pad = ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=KIND_PAD), text_style=ft.TextStyle(size=KIND_SIZE)
    )
    kinds = [
        tagged(
            f"kind-{k}",
            (ft.FilledButton if kind == k else ft.OutlinedButton)(
                _(t), height=TARGET, style=pad, on_click=lambda _e, k=k: put("kind", k)
            ),
            label=_(t) + (" выбран" if kind == k else ""),
        )
        for k, t in KIND_TEXT.items()
    ]
    bad = f.get("bad") or {}
    fields = [
        _field(
            f"play-{key}",
            _(label),
            lambda v, key=key: put(key, v),
            width,
            f[key],
            number=key != "name",
            disabled=kind not in kinds,
            label_size=FIELD_LABEL,
            bad=key in bad,
        )
        for key, label, width, kinds in _FIELDS
    ]
    down = tagged(
        "play-down",
        toggle(
            _("уровнем ниже"),
            bool(f["down"]),
            lambda: put("down", not f["down"]),
            disabled=kind != "source",
        ),
        label="уровнем ниже" + (" (вкл)" if f["down"] else ""),
    )
    discard_button = button(
        "play-discard", _("Сброс +1"), discard, label=_("Сброс карты: +1 действие")
    )
    said = preview(f, whole, mini, spoken=True)  # to a screen reader: the unit spelled out
    # two lines kept (three in Мини-вселенная): the buttons below never move
    text = clipped_text(
        preview(f, whole, mini), 14, lines=3 if mini else 2, italic=True, semantics_label=said
    )
    shown = tagged("play-preview", ft.Container(text, height=58 if mini else 40), label=said)
    left = f"{_('Сыграть карту')} · {_('действий')}: {me.actions}"
    return form_dialog(
        layout,
        left,
        [shown],
        refusal_line("play-error", error),
        [
            tagged_button("play-cancel", _("Отмена"), shut),
            tagged_button(
                "play-card", _("Сыграть"), play, ft.FilledButton, icon=ft.Icons.PLAY_FOR_WORK
            ),
        ],
        close,
        summary=[
            known,
            ft.Row(kinds, wrap=True, spacing=4, run_spacing=6),
            ft.Row(fields, wrap=True, spacing=4, run_spacing=6),
            ft.Row(
                [down, ft.Container(expand=True), discard_button],
                height=TARGET,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
        ],
        title_ident="play-actions",
    )


KNOWN_SHOWN = 6


def known_row(
    hits: list[dict[str, Any]],
    picked: str,
    pick: Callable[[dict[str, Any]], None],
    forget: Callable[[], None],
) -> ft.Control:
    """The remembered cards (``hits``) as a sideways row of 48 dp chips and a trash slot for
    ``picked`` (``""``: dimmed, ``forget`` says why); fixed height. Tags: ``known-{k}``,
    ``known-forget``, ``known-none``."""
    chips: list[ft.Control] = [
        tagged_button(
            f"known-{k}",
            h["name"],
            lambda _e, h=h: pick(h),
            ft.FilledTonalButton if h["name"] == picked else ft.OutlinedButton,
            label=f"{_('Из каталога')}: {h['name']}",
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
        )
        for k, h in enumerate(hits[:KNOWN_SHOWN])
    ]
    if not chips:
        hint = _("Здесь будут сыгранные карты")
        chips = [tagged("known-none", clipped_text(hint, 13, lines=2, italic=True), label=hint)]
    word = _("Убрать из каталога")
    label = f"{word}: {picked}" if picked else word
    trash = icon_button("known-forget", ft.Icons.DELETE_OUTLINE, word, forget, label=label)
    trash = ft.Container(trash, opacity=1.0 if picked else DIMMED)
    chip_row = ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    chip_row.vertical_alignment = ft.CrossAxisAlignment.CENTER
    return ft.Row([chip_row, trash], spacing=4, height=TARGET)


def forget_dialog(name: str, yes: Callable[[], None], no: Callable[[], None]) -> ft.AlertDialog:
    """«Убрать «Тостер» из каталога?». Tags: ``known-forget-cancel``, ``known-forget-confirm``."""
    return confirm_dialog(
        _("Убрать из каталога?"),
        f"«{name}» {_('больше не будет предлагаться. Карты на столе остаются.')}",
        ("known-forget-cancel", _("Оставить"), no),
        ("known-forget-confirm", _("Убрать"), yes),
        icon=ft.Icons.DELETE_OUTLINE,
        danger=True,
    )
