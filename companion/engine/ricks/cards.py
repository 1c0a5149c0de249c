"""A «Рик и Морти» card's printed numbers, checked field by field.

A card as typed from the table is ``{"kind": "source" | "invention" | "ability",
"name": str, "build_cost": int, "production": int (source), "cost": int (invention,
ability), "vp": int (invention)}`` — the numbers printed on it («Символы»; «Как выполнять
действия: внедрение»). :func:`card_problems` names every bad field at once, so a form can mark
each in place; the engine's ``card.play`` check refuses the same numbers one at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.ricks.constants import _KINDS, _MAX_NUMBER
from companion.engine.ricks.state import _is_int

__all__ = ["FIELDS", "LABELS", "LOWEST", "MAX_NAME", "card_problems"]

#: The numbers printed on each kind of card, in the form's order.
FIELDS: dict[str, tuple[str, ...]] = {
    "source": ("build_cost", "production"),
    "invention": ("build_cost", "cost", "vp"),
    "ability": ("build_cost", "cost"),
}
#: Each number's label, as the «Сыграть карту» form shows it.
LABELS = {"build_cost": "Жетонов", "production": "Энергия", "cost": "Цена", "vp": "ПО"}
#: The least each number may be: a card takes at least one action to build; energy and VP
#: may be 0.
LOWEST = {"build_cost": 1, "production": 0, "cost": 0, "vp": 0}
#: Longest card name kept.
MAX_NAME = 60


def card_problems(card: Mapping[str, Any]) -> dict[str, str]:
    """Every bad field of ``card`` (see the module docstring) → a Russian sentence naming it
    (its form label), in the form's order; empty when the card is fine.

    Keys: ``"kind"``, ``"name"`` and the keys of :data:`FIELDS`. A number must be whole, at
    least :data:`LOWEST` and at most 999; the name is text of at most :data:`MAX_NAME`
    characters (it may be empty: a card is then known by its number on the table).
    """
    kind = card.get("kind")
    if kind not in _KINDS:
        return {"kind": "Вид карты: источник, изобретение или способность."}
    out: dict[str, str] = {}
    for key in FIELDS[str(kind)]:
        value = card.get(key)
        label, low = LABELS[key], LOWEST[key]
        if value is None or value == "":
            out[key] = f"«{label}»: впишите число с карты."
        elif not _is_int(value) or not low <= value <= _MAX_NUMBER:
            shown = str(value).strip()
            out[key] = f"«{label}»: целое число от {low} до {_MAX_NUMBER}, а введено «{shown}»."
    name = card.get("name", "")
    if not isinstance(name, str):
        out["name"] = "«Название»: нужен текст."
    elif len(name.strip()) > MAX_NAME:
        out["name"] = f"«Название»: не длиннее {MAX_NAME} знаков."
    return out
