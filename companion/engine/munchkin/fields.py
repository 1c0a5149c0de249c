"""Манчкин Апокалипсис: reading an event's ``data`` safely (what a client sends is not trusted).

Each helper raises :class:`~companion.errors.RuleViolation` with a Russian sentence on bad
input and returns the checked value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

from companion.engine.munchkin.constants import MAX_BONUS, MAX_TEXT, R_COMBAT
from companion.engine.munchkin.state import Monster
from companion.errors import RuleViolation


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(d: Mapping[str, Any], key: str, lo: int, hi: int, what: str) -> int:
    v = d.get(key)
    if not _is_int(v) or not lo <= v <= hi:
        raise RuleViolation(f"{what}: нужно целое число от {lo} до {hi}.")
    return v


def _text(d: Mapping[str, Any], key: str, what: str) -> str:
    v = d.get(key)
    if not isinstance(v, str) or len(v) > MAX_TEXT:
        raise RuleViolation(f"{what}: нужен текст не длиннее {MAX_TEXT} знаков.")
    return v


def _flag(d: Mapping[str, Any]) -> bool:
    v = d.get("override", False)
    if not isinstance(v, bool):
        raise RuleViolation("Отметка «карта так говорит» должна быть да или нет.")
    return v


_MONSTER_KEYS = ("name", "level", "enhancers", "levels", "treasures")
_MONSTER_LABELS = {
    "name": "название",
    "level": "уровень",
    "enhancers": "усилители",
    "levels": "уровней за убийство",
    "treasures": "сокровищ",
}


def _check_monster_fields(m: Any, partial: bool = False) -> None:
    if not isinstance(m, Mapping):
        raise RuleViolation("Монстр задаётся названием, уровнем и бонусами.")
    if not partial or "name" in m:
        name = m.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 200:
            raise RuleViolation("У монстра должно быть название (до 200 знаков).")
    if not partial or "level" in m:
        _int(m, "level", 0, MAX_BONUS, "Уровень монстра")
    if "enhancers" in m:
        _int(m, "enhancers", -MAX_BONUS, MAX_BONUS, "Усилители монстра")
    if "levels" in m:
        _int(m, "levels", 1, 2, f"Уровни за убийство монстра ({R_COMBAT})")
    if "treasures" in m:
        _int(m, "treasures", 0, 100, "Сокровища монстра")


#: A monster's fields by the names its form gives them (the door's refusals use them).
MONSTER_FIELDS = {
    "name": "Название монстра",
    "level": "Уровень монстра",
    "enhancers": "Усилители монстра",
    "levels": "Уровни за убийство монстра",
    "treasures": "Сокровища монстра",
}

#: What a monster is called when the table types no name.
MONSTER_NAME = "Монстр"


def default_monster_name(in_fight: Sequence[str]) -> str:
    """The name of a monster the table gave none: «Монстр» for the fight's first, else
    «Монстр N» — N its place in the fight, or the next number no monster of it has (one was
    taken out) — so each line of the fight and of the journal says which monster it is.
    When a second monster joins, a first one called plain «Монстр» becomes «Монстр 1»
    (:func:`first_renamed`). The events still carry a name (``MONSTER``'s ``name`` is
    required): the board fills it in.
    """
    taken = set(in_fight)
    if not in_fight:
        return MONSTER_NAME
    n = len(in_fight) + 1
    while f"{MONSTER_NAME} {n}" in taken:
        n += 1
    return f"{MONSTER_NAME} {n}"


#: What a plain «Монстр» is called once another monster is in the fight.
FIRST_MONSTER_NAME = f"{MONSTER_NAME} 1"


def first_renamed(in_fight: Sequence[str]) -> int | None:
    """The index of the fight's monster called plain «Монстр» that a monster joining the
    fight renames «Монстр 1» (with «Монстр 2» beside it, a bare «Монстр» could be either),
    or ``None``: there is none, or «Монстр 1» is taken."""
    if FIRST_MONSTER_NAME in in_fight or MONSTER_NAME not in in_fight:
        return None
    return list(in_fight).index(MONSTER_NAME)


def _monster(m: Mapping[str, Any]) -> Monster:
    return Monster(
        str(m["name"]).strip(),
        int(m["level"]),
        int(m.get("enhancers", 0)),
        int(m.get("levels", 1)),
        int(m.get("treasures", 0)),
    )
