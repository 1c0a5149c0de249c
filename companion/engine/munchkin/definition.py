"""Манчкин Апокалипсис: the game definition (see :mod:`companion.engine.munchkin`)."""

from __future__ import annotations

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.engine.munchkin import apply as _apply
from companion.engine.munchkin import checks as _checks
from companion.engine.munchkin import texts as _texts
from companion.engine.munchkin.combat import CombatTotals, combat_totals
from companion.engine.munchkin.constants import PHASES, SEALS_TO_END, SETUP_REMINDER
from companion.engine.munchkin.events import EVENTS
from companion.engine.munchkin.fields import MONSTER_FIELDS
from companion.engine.munchkin.state import MunchkinState, PlayerSheet

__all__ = ["Munchkin", "MUNCHKIN"]


class Munchkin(GameDefinition[MunchkinState]):
    """Манчкин Апокалипсис (see the module docstring for the events)."""

    id = "munchkin"
    events = EVENTS
    #: The monster form's fields by their Russian names, for a value of the wrong type
    #: refused at the door (a blank «Уровень» arrives as no number).
    event_fields = {
        **{f"monster.{key}": name for key, name in MONSTER_FIELDS.items()},
        **MONSTER_FIELDS,
    }
    title = "Манчкин Апокалипсис"
    score_label = "уровень"
    min_players = 3
    max_players = 6
    phases = PHASES
    #: Shown before the first turn («Подготовка»).
    setup_reminder = SETUP_REMINDER
    #: Counter steps (±1 level, ±1 gear) that add up under quick repeated taps; every other
    #: move sent against an old revision is a stale double tap (see ``Game.expect_revision``).
    cumulative_moves: frozenset[str] = frozenset({"level.change", "gear.change"})

    def initial_state(self, setup: Setup) -> MunchkinState:
        return MunchkinState(
            [PlayerSheet() for _ in setup.players], setup.first_player, setup.first_player
        )

    def check(self, state: MunchkinState, event: Event) -> None:
        """:raises RuleViolation: see :func:`companion.engine.munchkin.checks.check`."""
        _checks.check(state, event, self.title)

    def apply(self, state: MunchkinState, event: Event) -> None:
        _apply.apply(state, event)

    # -- outcome and flow -------------------------------------------------------------------
    def outcome(self, state: MunchkinState) -> Outcome | None:
        top = _checks.level_winners(state)
        if top:
            return Outcome(tuple(top), "10-й уровень достигнут.")
        if state.winners is not None:
            return Outcome(tuple(state.winners), state.winner_reason.capitalize() + ".")
        return None

    def ended(self, state: MunchkinState) -> bool:
        """Play ends with a winner, or with the seventh seal: then only the table's naming
        of the winner is left («Начало игры, конец игры»)."""
        return state.seals >= SEALS_TO_END or self.outcome(state) is not None

    def active_player(self, state: MunchkinState) -> int | None:
        return state.active

    def turn_number(self, state: MunchkinState) -> int:
        return state.turn

    def current_phase(self, state: MunchkinState) -> str | None:
        return PHASES[state.phase]

    def step(self, state: MunchkinState) -> str:
        """``"бой/N"`` while a fight with N monsters is open («Бой», «Бой с несколькими
        монстрами»), else ``""``: a fight opens and closes within one phase, and its screen
        replaces the turn's (the pinned «Победа» becomes «Дальше» when it closes); a monster
        taken out moves the next one up into its place (its trash button under the finger).
        One-shots are not counted: «+1», «+1» for two cards is quick counting."""
        c = state.combat
        return f"бой/{len(c.monsters)}" if c is not None else ""

    def scores(self, state: MunchkinState) -> dict[int, float]:
        return {i: float(p.level) for i, p in enumerate(state.players)}

    def totals(self, state: MunchkinState) -> CombatTotals | None:
        """Both sides of the open combat, or ``None`` (see :func:`combat_totals`)."""
        return combat_totals(state.players, state.combat) if state.combat else None

    def describe(self, state: MunchkinState, event: Event, setup: Setup) -> str:
        return _texts.describe(state, event, setup)


#: The registered definition.
MUNCHKIN = Munchkin()
