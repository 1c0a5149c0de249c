"""What the «Рик и Морти» board says about cards, as plain data: energy in words
(:func:`energy`), a card's line (:func:`card_text`) and the «Сыграть карту» form — a dict
(:func:`blank_form`: ``kind``, typed ``build``, ``prod``, ``cost``, ``vp``, ``name``, ``down``,
``known``, ``bad``), its checks (:func:`form_refusal`), preview (:func:`preview`) and
``card.play`` data (:func:`play_data`), filled from a catalogue entry (:func:`from_entry`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine.ricks import Card
from companion.engine.ricks.cards import FIELDS, LABELS
from companion.engine.ricks.constants import _MAX_NUMBER
from companion.i18n import _
from companion.words import plural

__all__ = ["KIND_TEXT", "KEYS", "blank_form", "card_of", "card_text", "energy", "form_refusal"]
__all__ += ["from_entry", "play_data", "preview", "typed_int", "vp_moves"]

KIND_TEXT = {"source": "Источник", "invention": "Изобретение", "ability": "Способность"}
#: The form's number fields → the card's key in ``card.play`` data, in the form's order.
KEYS = {"build": "build_cost", "prod": "production", "cost": "cost", "vp": "vp"}
#: The numbers each kind of card needs (field, label); an empty one is asked for.
_NEEDED = {k: [(f, LABELS[c]) for f, c in KEYS.items() if c in FIELDS[k]] for k in KIND_TEXT}


def typed_int(raw: str, default: int | str = "") -> int | str:
    """Typed digits as an int, ``default`` when empty; anything else is sent as typed so the
    engine names the field."""
    raw = (raw or "").strip()
    try:
        return int(raw) if raw else default
    except ValueError:
        return raw


def energy(amount: int | str, spoken: bool = False) -> str:
    """«2 ед. энергии» on screen; spelled out for a screen reader. ``amount``: a number, typed
    digits or «?»."""
    if not spoken:
        return f"{amount} {_('ед. энергии')}"
    digits = str(amount).strip()
    n = int(digits) if digits.isdigit() else 0  # «?»: «единиц», as for 0
    unit = plural(n, _("единица энергии"), _("единицы энергии"), _("единиц энергии"))
    return f"{amount} {unit}"


def card_text(card: Card, names: list[str], spoken: bool = False) -> str:
    """A one-line Russian description of a card; ``spoken``: for the label (:func:`energy`)."""
    name = f" «{card.name}»" if card.name else f" №{card.id}"
    state = (
        _("внедрено") if card.built else f"{_('жетонов')} {card.placed} {_('из')} {card.build_cost}"
    )
    if card.kind == "source":
        return (
            f"{_('Источник')}{name} ({names[card.owner]}): "
            f"+{energy(card.production, spoken)}, {state}"
        )
    if card.kind == "invention":
        turned = f", {_('повёрнуто')}" if card.turned else ""
        return (
            f"{_('Изобретение')}{name} ({names[card.owner]}): "
            f"{energy(card.cost, spoken)} = {card.vp} {_('ПО')}, {state}{turned}"
        )
    return f"{_('Способность')}{name}: {energy(card.cost, spoken)}, {state}"


def _missing(labels: list[str]) -> str:
    """«Не заполнено поле «Цена»: впишите число с карты.» (or several fields)."""
    if len(labels) == 1:
        return f"{_('Не заполнено поле')} «{labels[0]}»: {_('впишите число с карты')}."
    fields = ", ".join(f"«{label}»" for label in labels)
    return f"{_('Не заполнены поля')} {fields}: {_('впишите числа с карты')}."


def _whole(raw: str) -> bool:
    """Whether ``raw`` is a number a card can carry: whole, 0…999."""
    value = typed_int(str(raw))
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
    parts = [_missing([label for _key, label in empty])] if empty else []
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
    for key, card_key in KEYS.items():
        f[key] = str(entry[card_key]) if card_key in entry else ""
    f["down"] = bool(f["down"]) and entry["kind"] == "source"
    f["known"] = entry["name"]
    f["bad"] = {}


def card_of(data: dict[str, Any]) -> dict[str, Any]:
    """The card itself from ``card.play`` data (without «уровнем ниже» and «сразу целиком»)."""
    return {k: v for k, v in data.items() if k not in ("down", "finish")}


def preview(
    f: dict[str, Any], whole: bool = False, mini: bool = False, spoken: bool = False
) -> str:
    """What «Сыграть карту» will send, in words («?» for an empty field); ``whole``: built at
    once («Внедрение»); ``mini``: one more card (Мини-вселенная); ``spoken``: for the label."""
    k = f["kind"]
    name = f" «{f['name'].strip()}»" if f["name"].strip() else ""
    text = f"{_(KIND_TEXT[k])}{name}: {_('внедрение')} {_shown(f['build'])}"
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
    data |= {KEYS[key]: typed_int(f[key]) for key, _label in _NEEDED[k]}
    if k == "source":
        data["down"] = bool(f["down"])
    if no_tokens and not data.get("down"):
        data["finish"] = True
    return data


def blank_form(kind: str = "source", turn: int = 0) -> dict[str, Any]:
    """An empty card form of ``kind`` for the turn numbered ``turn``."""
    empty = dict.fromkeys(("build", "prod", "cost", "vp", "name", "known"), "")
    return {**empty, "kind": kind, "down": False, "turn": turn, "bad": {}}


def vp_moves(
    send: Callable[..., Any], player: int, current: Callable[[], int]
) -> tuple[Callable[[int], None], Callable[[int], None]]:
    """``(add, set)`` for a player's VP (``vp.add``); ``set(value)`` sends the difference from
    ``current()`` read at call time."""

    def add(delta: int) -> None:
        send("vp.add", {"player": player, "delta": delta, "note": _("правка")})

    def set_to(value: int) -> None:
        now = current()
        if value != now:
            add(value - now)

    return add, set_to
