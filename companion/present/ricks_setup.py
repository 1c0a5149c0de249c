"""The «Рик и Морти» setup options as the new-game form builds them: each seat's character
(«Подготовка к игре»), the steps Б/В time limit as typed, and what ``settings.json`` keeps of
them for the next game (the universes' action tokens, the limit)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.engine.ricks import CHARACTERS, MICRO, MINI, RICK_UNIVERSE
from companion.engine.ricks.definition import LIMIT, setup_problems
from companion.i18n import _
from companion.store.settings import load_settings

__all__ = ["ACTION_FIELDS", "LIMIT_KEY", "SETTINGS_KEY", "TYPED", "keepable", "remembered"]
__all__ += ["seat_characters", "taken_by", "taken_refusal", "typed_limit", "typed_problems"]

#: Key in ``settings.json`` under which the universes' action tokens are remembered.
SETTINGS_KEY = "ricks_actions"
#: Key in ``settings.json`` of the steps Б/В time limit (s, or ``None``).
LIMIT_KEY = "ricks_charge_limit"
#: The universes whose action tokens are typed (Кроховселенная's are always 5).
TYPED = (RICK_UNIVERSE, MICRO, MINI)
#: Idents of the action-token fields of the setup form, per universe.
ACTION_FIELDS = {MINI: "actions-mini", MICRO: "actions-micro", RICK_UNIVERSE: "actions-rick"}


def seat_characters(picks: list[str]) -> list[str] | None:
    """Every seat's character: the chosen ones, and seats left «по порядку» the first unchosen
    (Рик, Морти, Зип, Кайл); ``None`` when nobody chose («Подготовка к игре»)."""
    if not any(picks):
        return None
    free = iter(c for c in CHARACTERS if c not in picks)
    return [c or next(free) for c in picks]


def taken_by(picks: list[str], character: str, seat: int) -> int | None:
    """The other seat that chose ``character`` (``None``: nobody) («Подготовка к игре»)."""
    if not character:
        return None
    return next((i for i, c in enumerate(picks) if c == character and i != seat), None)


def typed_limit(raw: str) -> Any:
    """The limit as typed: ``None`` when empty, seconds («1,5» too), else the text itself (the
    setup's check names the field)."""
    raw = raw.strip().replace(",", ".")
    if not raw:
        return None
    try:
        value = float(raw)
    except ValueError:
        return raw
    return int(value) if value.is_integer() else value


def keepable(actions: dict[str, Any]) -> dict[str, int]:
    """The typed universes' action tokens the setup would take (whole, 1…20)."""
    bad = setup_problems({"actions": actions})
    return {u: v for u, v in actions.items() if u in TYPED and u not in bad}


def remembered(root: Path) -> tuple[dict[str, int], Any]:
    """The typed universes' action tokens (whole numbers) and the limit (``None``: none the
    setup would take) that ``settings.json`` in ``root`` holds."""
    settings = load_settings(root)
    saved = settings.get(SETTINGS_KEY)
    limit = settings.get(LIMIT_KEY)
    good = limit is not None and LIMIT not in setup_problems({LIMIT: limit})
    known = {u: v for u, v in (saved or {}).items() if u in TYPED and isinstance(v, int)}
    return known, limit if good else None


def typed_problems(options: dict[str, Any], typed: dict[str, str], limit: str) -> dict[str, str]:
    """The setup's problems (:func:`setup_problems`) of the fields typed in so far: the
    universes' action tokens (``typed``) and the limit; an empty field waits for «Начать
    игру», which names every bad field."""
    problems = setup_problems(options)
    bad = {u: problems[u] for u in ACTION_FIELDS if u in problems and typed.get(u, "").strip()}
    if LIMIT in problems and limit.strip():
        bad[LIMIT] = problems[LIMIT]
    return bad


def taken_refusal(character: str, who: str | int) -> str:
    """Why ``character`` cannot be picked: player ``who`` (a name, else a seat number from 1)
    has it («Подготовка к игре»)."""
    return _(
        "{character} уже выбран для игрока {who}: у каждого свой персонаж («Подготовка к игре»)."
    ).format(character=character, who=who)
