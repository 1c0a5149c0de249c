"""«Сыграть карту»: the card's form (a dict, :func:`blank_form`: ``kind``, typed ``build``,
``prod``, ``cost``, ``vp``, ``name``, ``down``, ``known``, ``bad``), its preview and checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks import MINI
from companion.engine.ricks.constants import _MAX_NUMBER
from companion.i18n import _
from companion.ui.boards.ricks.common import DIMMED, _field, _int, button, energy
from companion.ui.form_dialog import form_dialog, refusal_line
from companion.ui.layout import Layout
from companion.ui.widgets import TARGET, clipped_text, tagged, toggle, typed_number

__all__ = ["KNOWN_SHOWN", "blank_form", "card_of", "form_refusal", "from_entry", "known_row"]
__all__ += ["play_data", "play_dialog"]


_KIND_TEXT = {"source": "Источник", "invention": "Изобретение", "ability": "Способность"}

#: The form's fields: (key, label, width px, the kinds they are for).
_FIELDS = (
    ("build", "Жетонов", 98, tuple(_KIND_TEXT)),
    ("prod", "Энергия", 98, ("source",)),
    ("cost", "Цена", 98, ("invention", "ability")),
    ("vp", "ПО", 98, ("invention",)),
    ("name", "Название", 200, tuple(_KIND_TEXT)),
)
#: The numbers each kind of card needs (field, label); an empty one is asked for.
_NEEDED = {k: [(f, label) for f, label, _w, on in _FIELDS[:4] if k in on] for k in _KIND_TEXT}


def missing_text(labels: list[str]) -> str:
    """«Не заполнено поле «Цена»: впишите число с карты.» (or several fields)."""
    if len(labels) == 1:
        return f"{_('Не заполнено поле')} «{labels[0]}»: {_('впишите число с карты')}."
    fields = ", ".join(f"«{label}»" for label in labels)
    return f"{_('Не заполнены поля')} {fields}: {_('впишите числа с карты')}."


#: Form field → the card's key in ``card.play`` data.
_KEYS = {"build": "build_cost", "prod": "production", "cost": "cost", "vp": "vp"}


def _whole(raw: str) -> bool:
    """Whether ``raw`` is a number a card can carry: whole, 0…999."""
    value = typed_number(str(raw))
    return isinstance(value, int) and 0 <= value <= _MAX_NUMBER


def _shown(raw: str) -> str:
    """A typed number for the preview: «?» when empty or not a number."""
    return str(raw).strip() if _whole(raw) else "?"


def form_refusal(f: dict[str, Any]) -> tuple[dict[str, str], str] | None:
    """``({field: why}, sentence)`` naming every empty or bad number of the card's kind, or
    ``None`` when all are whole numbers (the rules' limits are the engine's)."""
    empty = [(key, _(label)) for key, label in _NEEDED[f["kind"]] if not str(f[key]).strip()]
    junk = [
        (key, _(label), str(f[key]).strip())
        for key, label in _NEEDED[f["kind"]]
        if str(f[key]).strip() and not _whole(f[key])
    ]
    if not empty and not junk:
        return None
    parts = [missing_text([label for _key, label in empty])] if empty else []
    if junk:
        typed = ", ".join(f"«{label}» ({_('введено')} «{raw}»)" for _k, label, raw in junk)
        parts.append(
            f"{_('Не число с карты')}: {typed}. {_('Нужно целое число от 0 до')} {_MAX_NUMBER}."
        )
    bad = {key: label for key, label in empty} | {key: label for key, label, _r in junk}
    return bad, " ".join(parts)


def from_entry(f: dict[str, Any], entry: dict[str, Any]) -> None:
    """Fill form ``f`` from a catalogue entry (the others emptied; «уровнем ниже» for a source)."""
    f["kind"] = entry["kind"]
    f["name"] = entry["name"]
    for key, card_key in _KEYS.items():
        f[key] = str(entry[card_key]) if card_key in entry else ""
    f["down"] = bool(f["down"]) and entry["kind"] == "source"
    f["known"] = entry["name"]
    f["bad"] = {}


def card_of(data: dict[str, Any]) -> dict[str, Any]:
    """The card itself from ``card.play`` data (without «уровнем ниже» and «сразу целиком»)."""
    return {k: v for k, v in data.items() if k not in ("down", "finish")}


def _preview(
    f: dict[str, Any], whole: bool = False, mini: bool = False, spoken: bool = False
) -> str:
    """What «Сыграть карту» will send, in words («?» for an empty field); ``whole``: built at
    once («Внедрение»); ``mini``: one more card (Мини-вселенная); ``spoken``: for the label."""
    k = f["kind"]
    name = f" «{f['name'].strip()}»" if f["name"].strip() else ""
    text = f"{_(_KIND_TEXT[k])}{name}: {_('внедрение')} {_shown(f['build'])}"
    if k == "source":
        text += f", +{energy(_shown(f['prod']), spoken)}" + (
            f", {_('уровнем ниже')}" if f["down"] else ""
        )
    else:
        text += f", {_('активация')} {energy(_shown(f['cost']), spoken)}"
    if k == "invention":
        text += f" = {_shown(f['vp'])} {_('ПО')}"
    if whole and not (k == "source" and f["down"]):
        text += f"; {_('жетонов нет — сразу целиком')}"
    if mini and k == "invention":
        text += f"; {_('и ещё 1 карта в сброс (Мини-вселенная)')}"
    return text


def play_data(f: dict[str, Any], no_tokens: bool) -> dict[str, Any]:
    """The ``card.play`` data of a filled form (non-numbers sent as typed, for the engine to
    name); with no build token left, ``finish`` («Внедрение»)."""
    k = f["kind"]
    data: dict[str, Any] = {"kind": k, "name": f["name"].strip()}
    data |= {_KEYS[key]: _int(f[key], "") for key, _label in _NEEDED[k]}
    if k == "source":
        data["down"] = bool(f["down"])
    if no_tokens and not data.get("down"):
        data["finish"] = True
    return data


def blank_form(kind: str = "source", turn: int = 0) -> dict[str, Any]:
    """An empty card form of ``kind`` for the turn numbered ``turn``."""
    empty = dict.fromkeys(("build", "prod", "cost", "vp", "name", "known"), "")
    return {**empty, "kind": kind, "down": False, "turn": turn, "bad": {}}


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
        for k, t in _KIND_TEXT.items()
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
    said = _preview(f, whole, mini, spoken=True)  # to a screen reader: the unit spelled out
    # two lines kept (three in Мини-вселенная): the buttons below never move
    text = clipped_text(
        _preview(f, whole, mini), 14, lines=3 if mini else 2, italic=True, semantics_label=said
    )
    preview = tagged("play-preview", ft.Container(text, height=58 if mini else 40), label=said)
    left = f"{_('Сыграть карту')} · {_('действий')}: {me.actions}"
    return form_dialog(
        layout,
        left,
        [preview],
        refusal_line("play-error", error),
        [
            tagged("play-cancel", ft.TextButton(_("Отмена"), height=TARGET, on_click=shut)),
            tagged(
                "play-card",
                ft.FilledButton(
                    _("Сыграть"), icon=ft.Icons.PLAY_FOR_WORK, height=TARGET, on_click=play
                ),
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
        tagged(
            f"known-{k}",
            (ft.FilledTonalButton if h["name"] == picked else ft.OutlinedButton)(
                h["name"],
                height=TARGET,
                style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
                on_click=lambda _e, h=h: pick(h),
            ),
            label=f"{_('Из каталога')}: {h['name']}",
        )
        for k, h in enumerate(hits[:KNOWN_SHOWN])
    ]
    if not chips:
        hint = _("Здесь будут сыгранные карты")
        chips = [tagged("known-none", clipped_text(hint, 13, lines=2, italic=True), label=hint)]
    trash = tagged(
        "known-forget",
        ft.IconButton(
            ft.Icons.DELETE_OUTLINE,
            tooltip=_("Убрать из каталога"),
            width=TARGET,
            height=TARGET,
            opacity=1.0 if picked else DIMMED,
            on_click=lambda: forget(),
        ),
        label=f"{_('Убрать из каталога')}: {picked}" if picked else _("Убрать из каталога"),
    )
    chip_row = ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
    chip_row.vertical_alignment = ft.CrossAxisAlignment.CENTER
    return ft.Row([chip_row, trash], spacing=4, height=TARGET)
