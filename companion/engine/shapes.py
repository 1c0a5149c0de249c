"""The shape of every event's ``data``, as data: one ``TypedDict`` per event type and game.

Each game lists its events in a registry (:attr:`GameDefinition.events`: event type →
``TypedDict``); :func:`check_shape` is the one check at the engine's door
(:meth:`~companion.engine.core.Game.push`, :meth:`~companion.engine.core.Game.check`, and a
backup's replay) that refuses an unknown event type, a missing or extra key, and a value of
the wrong JSON type, with a :class:`~companion.errors.RuleViolation` naming the field. What
the value *means* (a seat that exists, a phase that allows it) stays the game's own check.

Supported annotations (what JSON carries): ``int`` (never ``bool``), ``float`` (an int too),
``bool``, ``str``, ``None``, ``Literal[...]``, unions (``int | None``), ``list[X]``,
``dict[str, X]``, a nested ``TypedDict``, and ``Any``/``object`` (anything). Keys marked
``NotRequired`` may be left out.

Example::

    >>> from typing import TypedDict
    >>> class Add(TypedDict):
    ...     player: int
    >>> check_shape("Игра", {"add": Add}, "add", {"player": 0})
    >>> check_shape("Игра", {"add": Add}, "add", {"player": "0"})
    Traceback (most recent call last):
    ...
    companion.errors.RuleViolation: Поле «player» события «add»: нужно целое число.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from functools import cache
from typing import (
    Any,
    Literal,
    TypedDict,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

from companion.errors import RuleViolation

__all__ = ["EventShapes", "Nothing", "check_shape", "shape_of"]

#: A game's registry: event type → the ``TypedDict`` of its ``data``.
EventShapes = Mapping[str, type]


class Nothing(TypedDict):
    """The data of an event that carries none: ``{}``."""


_WORDS: dict[type, str] = {
    int: "нужно целое число",
    float: "нужно число",
    bool: "нужно «да» или «нет»",
    str: "нужен текст",
    type(None): "нужно пустое значение",
}


@cache
def shape_of(td: type) -> tuple[dict[str, Any], frozenset[str]]:
    """``(field → annotation, required keys)`` of a ``TypedDict`` (read once, then cached)."""
    return get_type_hints(td), frozenset(td.__required_keys__)  # type: ignore[attr-defined]


def check_shape(
    title: str,
    shapes: EventShapes,
    type_: str,
    data: Mapping[str, Any],
    fields: Mapping[str, str] | None = None,
) -> None:
    """Refuse ``data`` unless it has the shape ``shapes[type_]``.

    :param title: the game's Russian name (for an unknown event type).
    :param fields: top-level key → its Russian name (a form's field: «Стоимость внедрения»),
        used instead of the key in a wrong value's message.
    :raises RuleViolation: unknown ``type_``, missing or extra keys, a wrong value type; the
        message names the event and the field.
    """
    td = shapes.get(type_)
    if td is None:
        raise RuleViolation(f"В игре «{title}» нет события «{type_}».")
    try:
        _check_dict(td, data, type_, "")
    except _WrongValue as exc:
        name = (fields or {}).get(exc.key)
        if name is None:
            raise RuleViolation(f"Поле «{exc.key}» события «{type_}»: {exc.problem}.") from None
        raise RuleViolation(f"{name}: {exc.problem}.") from None


class _WrongValue(Exception):
    """A value of the wrong type at ``key`` (dotted for a nested field)."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(key, problem)
        self.key, self.problem = key, problem


def _check_dict(td: type, data: Any, event: str, prefix: str) -> None:
    if not isinstance(data, Mapping):
        where = f"Поле «{prefix[:-1]}» события «{event}»" if prefix else f"Событие «{event}»"
        raise RuleViolation(f"{where}: нужен набор полей.")
    hints, required = shape_of(td)
    extra = sorted(str(k) for k in data if k not in hints)
    if extra:
        names = ", ".join(prefix + k for k in extra)
        raise RuleViolation(f"У события «{event}» нет полей: {names}.")
    missing = sorted(k for k in required if k not in data)
    if missing:
        names = ", ".join(prefix + k for k in missing)
        raise RuleViolation(f"Событию «{event}» не хватает полей: {names}.")
    for key in hints:  # in the shape's order (a form's order), not the sender's
        if key not in data:
            continue
        problem = _problem(hints[key], data[key], event, f"{prefix}{key}")
        if problem:
            raise _WrongValue(f"{prefix}{key}", problem)


def _problem(ann: Any, value: Any, event: str, field: str) -> str:
    """What is wrong with ``value`` for ``ann`` ("" when nothing)."""
    if ann is Any or ann is object:
        return ""
    origin = get_origin(ann)
    if origin is Literal:
        allowed = get_args(ann)
        if any(value == a and type(value) is type(a) for a in allowed):
            return ""
        return "нужно одно из: " + ", ".join(map(str, allowed))
    if origin is Union or origin is types.UnionType:
        options = get_args(ann)
        if value is None:
            return "" if type(None) in options else "нужно значение"
        options = tuple(a for a in options if a is not type(None))
        if len(options) == 1:  # ``X | None`` and not None: what X says (a nested field)
            return _problem(options[0], value, event, field)
        problems = [_problem(a, value, event, field) for a in options]
        return "" if "" in problems else problems[0]
    if origin is list:
        if not isinstance(value, list | tuple):  # a tuple from Python code is a JSON list
            return "нужен список"
        (item,) = get_args(ann)
        for i, v in enumerate(value):
            p = _problem(item, v, event, f"{field}[{i}]")
            if p:
                return f"элемент {i + 1}: {p}"
        return ""
    if origin is dict:
        if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
            return "нужен набор полей"
        _, item = get_args(ann)
        for k, v in value.items():
            p = _problem(item, v, event, f"{field}.{k}")
            if p:
                return f"«{k}»: {p}"
        return ""
    if is_typeddict(ann):
        _check_dict(ann, value, event, f"{field}.")
        return ""
    if ann is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif ann is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif ann is None or ann is type(None):
        ok, ann = value is None, type(None)
    else:
        ok = isinstance(value, ann)
    return "" if ok else _WORDS.get(ann, "значение не того вида")
