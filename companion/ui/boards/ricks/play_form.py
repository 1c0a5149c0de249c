"""«Сыграть карту» in the action phase: the card's form, its preview and its checks.

The form is a plain dict (:func:`blank_form`): the kind, the typed numbers as text (``build``,
``prod``, ``cost``, ``vp``), ``name``, ``down`` («уровнем ниже»), ``known`` (the catalogue
name the form was filled from, ``""``: typed) and ``bad`` (typed field → why it was refused,
marked in place). Remembered cards (:mod:`companion.store.ricks_cards`) stand in one row at
the dialog's top: a tap fills every number, so a known card is played in three taps
(«Сыграть карту», the card, «Сыграть»).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.engine.ricks.constants import _MAX_NUMBER
from companion.i18n import _
from companion.ui.boards.ricks.common import (
    _KIND_TEXT,
    _field,
    _int,
    energy,
    tag,
)
from companion.ui.controls import toggle
from companion.ui.widgets import TARGET, clipped_text, typed_number

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

#: Opacity of a control whose move is not allowed now: it still answers a tap, with the rule.
DIMMED = 0.45


def button(ident: str, text: str, on_click, *, icon=None, dimmed=False, label=None):
    """An outlined 48 dp button of a fixed line (a narrow padding: four share a phone's row).

    ``dimmed``: a move not allowed now — the button looks unavailable but still answers a
    tap, and ``on_click`` then says why, naming the rule."""
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


#: The numbers «Сыграть карту» needs for each kind of card, all printed on it (field, label):
#: an empty one is asked for, never taken for 1.
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
    """A typed number as the preview says it: «?» while the field is empty or holds no such
    number."""
    return str(raw).strip() if _whole(raw) else "?"


def form_refusal(f: dict[str, Any]) -> tuple[dict[str, str], str] | None:
    """Every bad number of the card's kind at once: ``({field: why}, the sentence for the
    dialog)`` naming each field, or ``None`` when every number is filled in and whole. Empty
    fields are asked for (:func:`missing_text`); junk («abc», «-3», «1000») is named with
    what was typed. The rules' own limits (at least one action to build) are the engine's."""
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
    """Fill the form ``f`` from a catalogue entry: its kind, name and every number printed on
    it (the others emptied); «уровнем ниже» stays only for a source."""
    f["kind"] = entry["kind"]
    f["name"] = entry["name"]
    for key, card_key in _KEYS.items():
        f[key] = str(entry[card_key]) if card_key in entry else ""
    f["down"] = bool(f["down"]) and entry["kind"] == "source"
    f["known"] = entry["name"]
    f["bad"] = {}


def card_of(data: dict[str, Any]) -> dict[str, Any]:
    """The card itself from ``card.play`` data (for the catalogue: no «уровнем ниже», no
    «сразу целиком»)."""
    return {k: v for k, v in data.items() if k not in ("down", "finish")}


def _preview(
    f: dict[str, Any], whole: bool = False, mini: bool = False, spoken: bool = False
) -> str:
    """What «Сыграть карту» will send, in words (so the table sees it before the tap); an
    empty field reads «?»; ``whole``: built whole at once (no build token left: imaginary
    ones, «Внедрение»); ``mini``: the player is in Мини-вселенная, where an invention costs
    one more card from the hand (Уточнения по вселенным: Мини-вселенная); ``spoken``: the
    unit spelled out, for the label (:func:`~companion.ui.boards.ricks.common.energy`)."""
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
    """The ``card.play`` data of a form whose numbers are filled in (none left
    empty; anything typed that is not a number is sent as typed, for the engine to name the
    field); with no build token left the card is built whole at once (``finish``: imaginary
    tokens, «Внедрение»)."""
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


#: The kind buttons' text size, side padding and gaps: «Источник», «Изобретение» and
#: «Способность» on one line in the 304 px a 360 px phone leaves the dialog's content.
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
    """«Сыграть карту» (the title says the actions left): ``known`` (the remembered cards'
    row, :func:`known_row`), the kind, build cost, production or
    cost, VP, name, «уровнем ниже» with «Сброс +1» beside it (a card refused for too few
    actions gets its action here, with what was typed kept — «Бесплатное действие»), the
    preview of
    what will be sent and the refusal, if any (said here only, not in the frame's banner
    too). Three fields a line, and the discard in the line «уровнем ниже» already takes: the
    dialog is no taller than before, whole on a 360×640 phone. In Мини-вселенная the preview
    has three lines (its extra card), elsewhere two. The fields
    have no hint: an empty one is asked for when «Сыграть» is tapped, never sent as a number
    nobody typed; they show what the form holds, so a discard's re-render keeps them. Tags:
    ``play-actions``, ``play-discard``, ``kind-{k}``, ``play-build``, ``play-prod``,
    ``play-cost``, ``play-vp``, ``play-name``, ``play-down``, ``play-preview``,
    ``play-error``, ``play-card``, ``play-cancel``. A field in ``f["bad"]`` is outlined in
    red (:func:`form_refusal`: every bad field at once, named in the refusal line)."""
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
            button(
                "play-discard",
                _("Сброс +1"),
                discard,
                label=_("Сброс карты: +1 действие"),
            ),
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
        # two lines kept whatever the card, three in Мини-вселенная (a named invention with
        # its extra card takes them): the buttons below never move as the preview grows
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
                _("Сыграть"),
                icon=ft.Icons.PLAY_FOR_WORK,
                height=TARGET,
                on_click=lambda: play(),
            ),
        ),
    ]
    left = f"{_('Сыграть карту')} · {_('действий')}: {actions}"
    title = tag("play-actions", ft.Text(left, size=18), label=left)
    return dialog(title, body, "play-error", error, actions_row, close)


#: Remembered cards offered in the dialog's top row (it scrolls sideways).
KNOWN_SHOWN = 6


def known_row(
    hits: list[dict[str, Any]],
    picked: str,
    pick: Callable[[dict[str, Any]], None],
    forget: Callable[[], None],
) -> ft.Control:
    """The remembered cards (``hits``, best first) as one row of 48 dp chips that scrolls
    sideways, and a fixed trash slot at its right end: it removes the card picked (``picked``,
    ``""``: none — the trash is dimmed and ``forget`` says why). With nothing remembered the
    row says where played cards will appear. The row's height never changes, so the form
    under it stays put. Tags: ``known-{k}`` (``k`` from 0), ``known-forget``, ``known-none``."""
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


#: Size (px) of the «Сыграть карту» fields' labels: «Жетонов» at Material's 16 px wrapped in
#: its 98 px field (66 px inside its 16 px padding) on every phone; at 14 px it takes 63.
FIELD_LABEL = 14


def dialog(
    title: str | ft.Control, body: list[ft.Control], error_tag: str, error: str, actions, close
) -> ft.AlertDialog:
    """A phone-sized modal: ``body``, then a reserved three-line slot for a refusal (tagged
    ``error_tag``: a refusal never moves the buttons under the finger, and its rule's name at
    the end is not cut off), then ``actions``."""
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
        # a landscape phone is shorter than the form: it scrolls, the buttons stay
        scrollable=True,
        on_dismiss=lambda: close(),
    )
