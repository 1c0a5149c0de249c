"""What the screen decides beyond the engine (pure Python): :func:`phase_short` (a shorter
phase for a phone's status line) and :func:`score_top` (the chart's cap)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import GameDefinition
from companion.engine.coup import COUP, CoupState, loses_both

__all__ = ["phase_short", "score_top"]


def _coup_phase_short(state: CoupState) -> str | None:
    """Переворот: short names for the long step names."""
    phase = COUP.current_phase(state)
    if phase == "Потеря покровителя":
        return "Потеря обеих" if loses_both(state) else "Потеря карты"
    return {"Запрет действия": "Запрет"}.get(phase or "")


#: Game id → its short phase names (a game whose phases fit has none).
_PHASE_SHORT: dict[str, Callable[[Any], str | None]] = {"coup": _coup_phase_short}

#: Game id → the highest score its rules allow, if capped (Coup: «Покровители»).
_SCORE_TOP: dict[str, int] = {"coup": 2}


def phase_short(definition: GameDefinition[Any], state: Any) -> str | None:
    """A shorter :meth:`~companion.engine.GameDefinition.phase_label`, or ``None``."""
    short = _PHASE_SHORT.get(definition.id)
    return short(state) if short is not None else None


def score_top(definition: GameDefinition[Any]) -> int | None:
    """The result chart's top for this game, or ``None`` (no cap in the rules)."""
    return _SCORE_TOP.get(definition.id)
