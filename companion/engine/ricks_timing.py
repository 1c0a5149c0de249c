"""Compatibility name for :mod:`companion.engine.ricks.timing` (the charge-phase clock)."""

from __future__ import annotations

from companion.engine.ricks.timing import (
    ChargeClock,
    ChargeNow,
    ChargeTiming,
    charge_timing,
    game_charge_clock,
    game_charge_now,
    game_charge_timing,
    game_over_limit,
    over_limit,
)

__all__ = [
    "ChargeTiming",
    "ChargeNow",
    "ChargeClock",
    "charge_timing",
    "over_limit",
    "game_charge_clock",
    "game_charge_now",
    "game_charge_timing",
    "game_over_limit",
]
