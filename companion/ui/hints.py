"""What the screen decides about a game beyond what its engine offers (issue 34): the engine
gives data (the phase's name, the scores); how a phone fits them is decided here.

- :func:`phase_short`: the phase in a word or two for a phone's status line when the whole
  name leaves no room beside whose turn it is (a 360 px phone); ``None`` when it fits.
- :func:`score_top`: where the result chart's axis ends when the rules cap the score.

Pure Python (no Flet): type-checked with ``mypy --strict`` (``[tool.mypy] files``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import GameDefinition
from companion.engine.coup import COUP, CoupState, loses_both

__all__ = ["phase_short", "score_top"]


def _coup_phase_short(state: CoupState) -> str | None:
    """Переворот: «Потеря карты» / «Потеря обеих» (a «Покровитель» is a card) and «Запрет»
    for the two long step names (play-test: «ход Александрины Потеря покр…»)."""
    phase = COUP.current_phase(state)
    if phase == "Потеря покровителя":
        return "Потеря обеих" if loses_both(state) else "Потеря карты"
    return {"Запрет действия": "Запрет"}.get(phase or "")


#: Game id → its short phase names (a game whose phases fit has none).
_PHASE_SHORT: dict[str, Callable[[Any], str | None]] = {"coup": _coup_phase_short}

#: Game id → the highest score its rules allow, if they cap it (Coup: two influences,
#: «Покровители»); other charts end a step above the highest score seen.
_SCORE_TOP: dict[str, int] = {"coup": 2}


def phase_short(definition: GameDefinition[Any], state: Any) -> str | None:
    """A shorter :meth:`~companion.engine.GameDefinition.phase_label` for a phone's status
    line, or ``None`` when the game has none for this state."""
    short = _PHASE_SHORT.get(definition.id)
    return short(state) if short is not None else None


def score_top(definition: GameDefinition[Any]) -> int | None:
    """The result chart's top for this game, or ``None`` (no cap in the rules)."""
    return _SCORE_TOP.get(definition.id)
