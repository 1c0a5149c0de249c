"""Свободный счёт: named counters per player for any table game.

Not from a rulebook: it is the app's own generic scorekeeper. 2–8 players, any counters
(«ПО», «монеты», «энергия» …) each with its own step and starting value, turn order with a
round counter, and an optional target (``{"counter": name, "value": n}``) that ends the game
as soon as somebody's counter reaches it.

Events (``data`` shapes):

- ``counter.add``: ``{"player": int, "counter": str, "delta": int}``
- ``counter.set``: ``{"player": int, "counter": str, "value": int}``
- ``turn.next``: ``{}`` — the next player in seat order; a new round when the first player
  is reached again.
- ``game.end``: ``{}`` — the table stops the game; the leaders on the main counter win.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.errors import RuleViolation, SetupError

__all__ = ["FreeState", "FreeCounters", "FREE", "MAX_ABS_VALUE"]

#: Counters stay within ±MAX_ABS_VALUE so a stray long-press cannot produce absurd numbers.
MAX_ABS_VALUE = 1_000_000


@dataclass
class FreeState:
    """``values[player][counter]``, the active player, turn and round numbers (1-based)."""

    counters: list[dict[str, Any]]
    values: list[dict[str, int]]
    active: int
    first: int
    turn: int = 1
    round: int = 1
    target: dict[str, Any] | None = None
    ended: bool = False
    history: list[int] = field(default_factory=list)


class FreeCounters(GameDefinition[FreeState]):
    """The free-counter game definition (see the module docstring)."""

    id = "free"
    title = "Свободный счёт"
    min_players = 2
    max_players = 8
    #: A tap on «+»/«−» is a step: two quick taps count twice (issue 14).
    cumulative_moves = frozenset({"counter.add"})

    def default_options(self) -> dict[str, Any]:
        return {"counters": [{"name": "ПО", "step": 1, "start": 0}], "target": None}

    def validate_setup(self, setup: Setup) -> None:
        super().validate_setup(setup)
        counters = setup.options.get("counters") or []
        if not counters:
            raise SetupError("Нужен хотя бы один счётчик.")
        names = [str(c.get("name", "")).strip() for c in counters]
        if any(not n for n in names):
            raise SetupError("У каждого счётчика должно быть название.")
        if len({n.casefold() for n in names}) != len(names):
            raise SetupError("Названия счётчиков не должны повторяться.")
        for c in counters:
            step, start = c.get("step", 1), c.get("start", 0)
            if not isinstance(step, int) or isinstance(step, bool) or not 1 <= step <= 1000:
                raise SetupError(
                    f"Шаг счётчика «{c['name']}» должен быть целым числом от 1 до 1000."
                )
            if not isinstance(start, int) or isinstance(start, bool) or abs(start) > MAX_ABS_VALUE:
                raise SetupError(
                    f"Начальное значение счётчика «{c['name']}» должно быть целым числом."
                )
        target = setup.options.get("target")
        if target:
            if target.get("counter") not in names:
                raise SetupError("Цель должна относиться к одному из счётчиков.")
            value = target.get("value")
            if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_ABS_VALUE:
                raise SetupError("Цель должна быть целым числом.")

    def initial_state(self, setup: Setup) -> FreeState:
        counters: list[dict[str, Any]] = [
            {
                "name": str(c["name"]).strip(),
                "step": int(c.get("step", 1)),
                "start": int(c.get("start", 0)),
            }
            for c in setup.options["counters"]
        ]
        values = [{c["name"]: c["start"] for c in counters} for _ in setup.players]
        target = dict(setup.options["target"]) if setup.options.get("target") else None
        return FreeState(counters, values, setup.first_player, setup.first_player, target=target)

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: FreeState, event: Event) -> None:
        d = event.data
        if event.type in ("counter.add", "counter.set"):
            player = d.get("player")
            if not isinstance(player, int) or not 0 <= player < len(state.values):
                raise RuleViolation("Такого игрока нет за столом.")
            if d.get("counter") not in state.values[player]:
                raise RuleViolation(f"Счётчика «{d.get('counter')}» в этой игре нет.")
            key = "delta" if event.type == "counter.add" else "value"
            amount = d.get(key)
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise RuleViolation("Значение счётчика должно быть целым числом.")
            new = amount if key == "value" else state.values[player][d["counter"]] + amount
            if key == "delta" and amount == 0:
                raise RuleViolation("Изменение на ноль ничего не меняет.")
            if abs(new) > MAX_ABS_VALUE:
                raise RuleViolation(f"Счётчик не может выйти за ±{MAX_ABS_VALUE}.")
        elif event.type in ("turn.next", "game.end"):
            if d:
                raise RuleViolation("У этого действия нет параметров.")
        else:
            raise RuleViolation(f"В игре «{self.title}» нет действия «{event.type}».")

    def apply(self, state: FreeState, event: Event) -> None:
        d = event.data
        if event.type == "counter.add":
            state.values[d["player"]][d["counter"]] += d["delta"]
        elif event.type == "counter.set":
            state.values[d["player"]][d["counter"]] = d["value"]
        elif event.type == "turn.next":
            state.active = (state.active + 1) % len(state.values)
            state.turn += 1
            if state.active == state.first:
                state.round += 1
        elif event.type == "game.end":
            state.ended = True

    def outcome(self, state: FreeState) -> Outcome | None:
        key = state.target["counter"] if state.target else state.counters[0]["name"]
        best = max(v[key] for v in state.values)
        winners = tuple(i for i, v in enumerate(state.values) if v[key] == best)
        if state.target and best >= state.target["value"]:
            return Outcome(winners, f"Достигнута цель: {key} {state.target['value']}.")
        if state.ended:
            return Outcome(winners, f"Игра остановлена; больше всего «{key}»: {best}.")
        return None

    # -- flow and display -----------------------------------------------------------------------
    def active_player(self, state: FreeState) -> int | None:
        return state.active

    def turn_number(self, state: FreeState) -> int:
        return state.turn

    def scores(self, state: FreeState) -> dict[int, float]:
        key = state.target["counter"] if state.target else state.counters[0]["name"]
        return {i: float(v[key]) for i, v in enumerate(state.values)}

    def describe(self, state: FreeState, event: Event, setup: Setup) -> str:
        d = event.data
        if event.type == "counter.add":
            old = state.values[d["player"]][d["counter"]]
            sign = "+" if d["delta"] > 0 else "−"
            return (
                f"{setup.names[d['player']]}: {d['counter']} {sign}{abs(d['delta'])} "
                f"(теперь {old + d['delta']})"
            )
        if event.type == "counter.set":
            old = state.values[d["player"]][d["counter"]]
            return f"{setup.names[d['player']]}: {d['counter']} = {d['value']} (было {old})"
        if event.type == "turn.next":
            nxt = (state.active + 1) % len(state.values)
            return f"Ход переходит к игроку {setup.names[nxt]}"
        if event.type == "game.end":
            return "Игра остановлена по решению стола"
        return event.type


FREE = FreeCounters()
