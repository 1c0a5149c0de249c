"""«Рик и Морти»: the game definition (see :mod:`companion.engine.ricks` for the events)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.engine.ricks import actions as _actions
from companion.engine.ricks import charge as _charge
from companion.engine.ricks import checks as _checks
from companion.engine.ricks import texts as _texts
from companion.engine.ricks.constants import (
    CHARACTERS,
    KRO,
    KRO_ACTIONS,
    PHASE_ACTIONS,
    PHASE_CHARGE,
    PHASE_ROUND,
    R_END,
    UNIVERSES,
)
from companion.engine.ricks.events import EVENTS, FIELDS
from companion.engine.ricks.state import (
    PlayerState,
    RicksState,
    _is_int,
    _key,
    ranking,
    vp_target,
)
from companion.errors import RuleViolation, SetupError

__all__ = ["RicksDefinition", "RICKS"]

_CHECKS = {**_checks.CHECKS, **_charge.CHECKS}
_APPLIES = {**_actions.APPLIES, **_charge.APPLIES}


#: Key of the time-limit field in :func:`setup_problems`.
LIMIT = "charge_limit"


def setup_problems(opts: Mapping[str, Any]) -> dict[str, str]:
    """Every bad number of the setup options at once: the action tokens of each universe
    (a whole number from 1 to 20, Кроховселенная's always 5 — «Подготовка к игре») and the
    time limit of steps Б and В (seconds, more than 0, or none). Keys: a universe's name,
    :data:`LIMIT`, or ``"actions"`` for a malformed table; values: Russian sentences naming
    the field and what was typed. Empty when every number is fine."""
    out: dict[str, str] = {}
    actions = opts.get("actions") or {}
    if not isinstance(actions, dict):
        return {"actions": "Число жетонов действий задаётся для каждой вселенной."}
    for u in actions:
        if u not in UNIVERSES:
            out["actions"] = f"Вселенной «{u}» в игре нет."
    for u in UNIVERSES:
        value = actions.get(u, KRO_ACTIONS if u == KRO else None)
        if value is None or value == "":
            out[u] = f"«{u}»: укажите, сколько жетонов действий она даёт (число на карте)."
        elif not _is_int(value) or not 1 <= value <= 20:
            out[u] = f"«{u}»: число действий — целое от 1 до 20, а введено «{value}»."
    if actions.get(KRO, KRO_ACTIONS) != KRO_ACTIONS:
        out[KRO] = f"Кроховселенная даёт {KRO_ACTIONS} жетонов действий (Подготовка к игре)."
    limit = opts.get(LIMIT)
    if limit is not None and (
        not isinstance(limit, int | float) or isinstance(limit, bool) or not limit > 0
    ):
        out[LIMIT] = f"Лимит времени на шаг — положительное число секунд, а введено «{limit}»."
    return out


class RicksDefinition(GameDefinition[RicksState]):
    """The «Рик и Морти» game definition (see the module docstring)."""

    id = "ricks"
    events = EVENTS
    event_fields = FIELDS
    title = "Рик и Морти: Наверное, Рики сошли с ума"
    score_label = "ПО"
    min_players = 2
    max_players = 4
    phases = (PHASE_ROUND, PHASE_ACTIONS, PHASE_CHARGE)
    #: Counter steps that add up under quick repeated taps: VP, cards in hand and actions ±,
    #: and energy added by a card. Not ``charge.spend`` (in step В it may end the player's turn,
    #: so a second tap would pay from the next player's energy turn) and never ``charge.done``
    #: (a second «Готово» must not skip the next universe's or player's step).
    cumulative_moves: frozenset[str] = frozenset(
        {"vp.add", "hand.add", "actions.add", "charge.gain"}
    )

    def default_options(self) -> dict[str, Any]:
        return {
            "characters": None,
            "abilities": True,
            "actions": {KRO: KRO_ACTIONS},
            "charge_limit": None,
        }

    # -- setup ----------------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        """:raises SetupError: players not 2–4, bad characters, action values or limit."""
        super().validate_setup(setup)
        n = len(setup.players)
        opts = setup.options
        chars = opts.get("characters")
        if chars is not None:
            if not isinstance(chars, list | tuple) or len(chars) != n:
                raise SetupError("Каждому игроку нужен персонаж: Рик, Морти, Зип или Кайл.")
            for c in chars:
                if c not in CHARACTERS:
                    raise SetupError(f"Персонажа «{c}» нет: выберите Рика, Морти, Зипа или Кайла.")
            if len(set(chars)) != n:
                raise SetupError("Два игрока не могут играть одним персонажем.")
        if not isinstance(opts.get("abilities", True), bool):
            raise SetupError("Свойства персонажей либо включены, либо выключены.")
        problems = setup_problems(opts)
        if problems:  # every bad field at once, each named (a form then marks them all)
            raise SetupError(" ".join(problems.values()))

    def initial_state(self, setup: Setup) -> RicksState:
        n = len(setup.players)
        chars = setup.options.get("characters") or list(CHARACTERS[:n])
        actions = dict(setup.options.get("actions") or {})
        actions.setdefault(KRO, KRO_ACTIONS)
        return RicksState(
            players=[PlayerState(character=c) for c in chars],
            target=vp_target(n),
            actions_by_universe={u: int(actions[u]) for u in UNIVERSES},
            abilities=bool(setup.options.get("abilities", True)),
            first=setup.first_player,
        )

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: RicksState, event: Event) -> None:
        """:raises RuleViolation: the event is illegal now (message names the rule)."""
        if state.over:
            raise RuleViolation("Игра окончена (Конец игры).", rule=R_END)
        handler = _CHECKS.get(event.type)
        if handler is None:
            raise RuleViolation(f"В этой игре нет действия «{event.type}».")
        handler(state, event.data)

    def apply(self, state: RicksState, event: Event) -> None:
        _APPLIES[event.type](state, event.data)
        if state.target_reached():
            state.final = True

    # -- outcome and display ---------------------------------------------------------------------
    def outcome(self, state: RicksState) -> Outcome | None:
        """After the last round: most VP, then most unused build tokens, then most cards."""
        if not state.over:
            return None
        order = ranking(state)
        best = _key(state, order[0])
        winners = tuple(sorted(p for p in order if _key(state, p) == best))
        reason = f"Конец игры: больше всех ПО — {best[0]}"
        if sum(1 for p in order if state.players[p].vp == best[0]) > 1:
            reason += f"; при равенстве — больше жетонов внедрения в запасе ({best[1]})"
            if sum(1 for p in order if _key(state, p)[:2] == best[:2]) > 1:
                reason += f", затем больше карт на руке ({best[2]})"
        return Outcome(winners, reason + ".")

    def active_player(self, state: RicksState) -> int | None:
        if state.phase == PHASE_CHARGE and state.charge is not None:
            return state.charge.player
        return state.active if state.phase == PHASE_ACTIONS else None

    def turn_number(self, state: RicksState) -> int:
        return state.turn

    def current_phase(self, state: RicksState) -> str | None:
        return None if state.over else state.phase

    def phase_label(self, state: RicksState) -> str | None:
        """The round and the phase for the status line, never blank while the game runs:
        «Раунд 2 · Начало раунда», «Раунд 2 · Фаза действий», and in the charge phase the step
        and the universe, «Раунд 2 · шаг А: Кроховселенная» («Фаза зарядки», «Шаг А/Б/В»).
        ``None`` once the game is over."""
        if state.over:
            return None
        if state.phase == PHASE_CHARGE and state.charge is not None:
            where = f"шаг {state.charge.step}: {state.charge.universe}"
        else:
            where = state.phase
        return f"Раунд {state.round} · {where}"

    def step(self, state: RicksState) -> str:
        """In the charge phase, how many inventions have been activated («Фаза зарядки, шаг
        В»: each once a phase): an activation takes its button out of the list and the next
        invention moves up into its place, under the finger (play-test: a double tap on
        «Кнопка» also activated «Мозговой червь»). ``""`` otherwise."""
        ch = state.charge
        if state.phase != PHASE_CHARGE or ch is None:
            return ""
        return f"активировано/{len(ch.activated)}"

    def scores(self, state: RicksState) -> dict[int, float]:
        return {i: float(p.vp) for i, p in enumerate(state.players)}

    def describe(self, state: RicksState, event: Event, setup: Setup) -> str:
        """A Russian log line for ``event`` given the state before it."""
        return _texts.describe(state, event, setup)


#: The module-level singleton the engine registry uses.
RICKS = RicksDefinition()
