"""«Сыграть карту»: the card's form (a dict, :func:`blank_form`: ``kind``, typed ``build``,
``prod``, ``cost``, ``vp``, ``name``, ``down``, ``known``, ``bad``), its preview and checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks.constants import _MAX_NUMBER
from companion.i18n import _
from companion.ui.boards.ricks.common import _KIND_TEXT, _field, _int, energy, tag
from companion.ui.widgets import TARGET, clipped_text, toggle, typed_number

__all__ = [
    "DIMMED",
    "FIELD_LABEL",
    "blank_form",
    "card_of",
    "known_row",
    "form_refusal",
    "from_entry",
    "missing_text",
    "play_data",
    "play_dialog",
    "dialog",
    "button",
]

#: Opacity of a control whose move is not allowed now (it still answers a tap).
DIMMED = 0.45


def button(ident: str, text: str, on_click, *, icon=None, dimmed=False, label=None):
    """An outlined 48 dp button; ``dimmed``: looks unavailable, ``on_click`` says why."""
    return tag(
        ident,
        ft.OutlinedButton(
            text,
            icon=icon,
            height=TARGET,
            opacity=DIMMED if dimmed else 1.0,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
            on_click=lambda: on_click(),
        ),
        label=label,
    )


#: The numbers each kind of card needs (field, label); an empty one is asked for.
_NEEDED = {
    "source": (("build", "Жетонов"), ("prod", "Энергия")),
    "invention": (("build", "Жетонов"), ("cost", "Цена"), ("vp", "ПО")),
    "ability": (("build", "Жетонов"), ("cost", "Цена")),
}


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
    data: dict[str, Any] = {
        "kind": k,
        "build_cost": _int(f["build"], ""),
        "name": f["name"].strip(),
    }
    if k == "source":
        data["production"] = _int(f["prod"], "")
        data["down"] = bool(f["down"])
    else:
        data["cost"] = _int(f["cost"], "")
    if k == "invention":
        data["vp"] = _int(f["vp"], "")
    if no_tokens and not data.get("down"):
        data["finish"] = True
    return data


#: The kind buttons' text size, side padding and gaps (one line at 360 px).
KIND_SIZE, KIND_PAD, KIND_SPACING = 13, 6, 4


def blank_form(kind: str = "source", turn: int = 0) -> dict[str, Any]:
    """An empty card form of ``kind`` for the turn numbered ``turn``."""
    return {
        "kind": kind,
        "build": "",
        "prod": "",
        "cost": "",
        "vp": "",
        "name": "",
        "down": False,
        "turn": turn,
        "known": "",
        "bad": {},
    }


def play_dialog(
    f: dict[str, Any],
    put,
    play,
    close,
    shut,
    error: str,
    whole: bool = False,
    actions: int = 0,
    discard=None,
    mini: bool = False,
    known: ft.Control | None = None,
) -> ft.AlertDialog:
    """«Сыграть карту»: the remembered cards (:func:`known_row`), the kind, numbers, name,
    «уровнем ниже» with «Сброс +1», the preview and the refusal line; a field in ``f["bad"]``
    is outlined in red. Tags: ``play-actions``, ``play-discard``, ``kind-{k}``, ``play-build``,
    ``play-prod``, ``play-cost``, ``play-vp``, ``play-name``, ``play-down``, ``play-preview``,
    ``play-error``, ``play-card``, ``play-cancel``."""
    kind = f["kind"]
    kinds = ft.Row(
        [
            tag(
                f"kind-{k}",
                (ft.FilledButton if kind == k else ft.OutlinedButton)(
                    _(t),
                    height=TARGET,
                    style=ft.ButtonStyle(
                        padding=ft.Padding.symmetric(horizontal=KIND_PAD),
                        text_style=ft.TextStyle(size=KIND_SIZE),
                    ),
                    on_click=lambda _e, k=k: put("kind", k),
                ),
                label=_(t) + (" выбран" if kind == k else ""),
            )
            for k, t in _KIND_TEXT.items()
        ],
        wrap=True,
        spacing=KIND_SPACING,
        run_spacing=6,
    )
    bad = f.get("bad") or {}
    fields = [
        _field(
            f"play-{key}",
            _(label),
            "",
            lambda v, key=key: put(key, v),
            width,
            number=key != "name",
            disabled=off,
            value=f[key],
            label_size=FIELD_LABEL,
            bad=key in bad,
        )
        for key, label, width, off in (
            ("build", "Жетонов", 98, False),
            ("prod", "Энергия", 98, kind != "source"),
            ("cost", "Цена", 98, kind == "source"),
            ("vp", "ПО", 98, kind != "invention"),
            ("name", "Название", 200, False),
        )
    ]
    down_line = ft.Row(
        [
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
            ft.Container(expand=True),
            button("play-discard", _("Сброс +1"), discard, label=_("Сброс карты: +1 действие")),
        ],
        height=TARGET,
        vertical_alignment=ft.CrossAxisAlignment.CENTER,
    )
    preview = _preview(f, whole, mini)
    said = _preview(f, whole, mini, spoken=True)  # to a screen reader: the unit spelled out
    body = [
        *([known] if known is not None else []),
        kinds,
        ft.Row(fields, wrap=True, spacing=4, run_spacing=6),
        down_line,
        # two lines kept (three in Мини-вселенная): the buttons below never move
        tag(
            "play-preview",
            ft.Container(
                clipped_text(
                    preview, 14, lines=3 if mini else 2, italic=True, semantics_label=said
                ),
                height=58 if mini else 40,
            ),
            label=said,
        ),
    ]
    actions_row = [
        tag("play-cancel", ft.TextButton(_("Отмена"), height=TARGET, on_click=lambda: shut())),
        tag(
            "play-card",
            ft.FilledButton(
                _("Сыграть"), icon=ft.Icons.PLAY_FOR_WORK, height=TARGET, on_click=lambda: play()
            ),
        ),
    ]
    left = f"{_('Сыграть карту')} · {_('действий')}: {actions}"
    title = tag("play-actions", ft.Text(left, size=18), label=left)
    return dialog(title, body, "play-error", error, actions_row, close)


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
        tag(
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
        chips = [tag("known-none", clipped_text(hint, 13, lines=2, italic=True), label=hint)]
    trash = tag(
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
    return ft.Row(
        [
            ft.Row(
                chips,
                spacing=6,
                scroll=ft.ScrollMode.AUTO,
                expand=True,
                vertical_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            trash,
        ],
        spacing=4,
        height=TARGET,
    )


#: Size (px) of the «Сыграть карту» fields' labels.
FIELD_LABEL = 14


def dialog(
    title: str | ft.Control, body: list[ft.Control], error_tag: str, error: str, actions, close
) -> ft.AlertDialog:
    """A phone-sized modal: ``body``, a three-line refusal slot (``error_tag``), ``actions``."""
    return ft.AlertDialog(
        modal=True,
        title=ft.Text(title, size=18) if isinstance(title, str) else title,
        inset_padding=ft.Padding.symmetric(horizontal=12, vertical=24),
        content_padding=ft.Padding.symmetric(horizontal=16, vertical=8),
        content=ft.Column(
            [
                *body,
                tag(
                    error_tag,
                    ft.Container(
                        clipped_text(error, 13, lines=3, color=ft.Colors.ERROR), height=54
                    ),
                    label=error or " ",
                ),
            ],
            tight=True,
            spacing=8,
            width=334,
        ),
        actions=actions,
        scrollable=True,
        on_dismiss=lambda: close(),
    )
