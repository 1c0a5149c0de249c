"""Lengths of what players type, the one place they are defined (the UI sizes its fields by
them, the store and the CLI refuse longer values with
:class:`companion.errors.SetupError` naming the field, :func:`check_lengths`).

All counts are characters (``len`` of a ``str``), after surrounding spaces are stripped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.errors import SetupError

__all__ = [
    "check_lengths",
    "NAME_CHARS",
    "COUNTER_NAME_CHARS",
    "RULING_TITLE_CHARS",
    "RULING_TEXT_CHARS",
]

#: A player's name (a game's seat, the join screen's «Ваше имя»).
NAME_CHARS = 40
#: A free counter's name («ПО», «Монеты»).
COUNTER_NAME_CHARS = 30
#: A house ruling's title ...
RULING_TITLE_CHARS = 120
#: ... and its text.
RULING_TEXT_CHARS = 4000


def _short(text: str) -> str:
    return text if len(text) <= 20 else text[:20] + "…"


def check_lengths(players: Sequence[Any], options: Mapping[str, Any] | None = None) -> None:
    """Refuse a new game's names past their limits.

    :param players: names (``str``) or objects with a ``name``.
    :param options: the game's options; free counters' names are in ``options["counters"]``.
    :raises SetupError: naming the field, the limit and the start of the value.
    """
    for seat, player in enumerate(players, 1):
        name = str(getattr(player, "name", player) or "").strip()
        if len(name) > NAME_CHARS:
            raise SetupError(
                f"Имя игрока {seat} («{_short(name)}») длиннее {NAME_CHARS} знаков: сократите его."
            )
    for counter in (options or {}).get("counters") or []:
        name = str(counter.get("name", "") if isinstance(counter, Mapping) else counter).strip()
        if len(name) > COUNTER_NAME_CHARS:
            raise SetupError(
                f"Название счётчика «{_short(name)}» длиннее {COUNTER_NAME_CHARS} знаков: "
                "сократите его."
            )
