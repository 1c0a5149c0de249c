"""Compatibility name for :mod:`companion.engine.ricks.timing` (the charge-phase clock)."""

from __future__ import annotations

from companion.engine.ricks.timing import (
    ChargeTiming,
    charge_timing,
    game_charge_timing,
    over_limit,
)

__all__ = ["ChargeTiming", "charge_timing", "game_charge_timing", "over_limit"]
