"""Свободный счёт: named counters per player for any table game.

Not from a rulebook: it is the app's own generic scorekeeper. 1–8 players (one player: a
solo game), any counters («ПО», «монеты», «энергия» …) each with its own step and starting
value, turn order with a round counter, and an optional target.

Setup options (``Setup.options``):

- ``counters``: ``[{"name": str, "step": int 1..1000, "start": int}]``, at least one; names
  unique (case and surrounding spaces ignored).
- ``target``: ``None`` (explicitly no target: the table ends the game with ``game.end``) or
  ``{"counter": name, "value": int}`` with ``value`` ≥ 1 and above every player's start on
  that counter, so a game never starts already won; 0 or an empty value is refused, never
  read as «без цели».
- ``finish_round``: bool (default ``False``). Without it the game ends as soon as somebody's
  counter reaches the target; with it the round in which the target was first reached is
  played to its end (every seat has had the same number of turns) and the game ends when
  the turn comes back to the first player; the leaders then win.

The shapes below are data too (:data:`FREE_EVENTS`: one ``TypedDict`` per event type), checked at
the engine's door before the rules run (:mod:`companion.engine.shapes`).

Events (``data`` shapes):

- ``counter.add``: ``{"player": int, "counter": str, "delta": int}``
- ``counter.set``: ``{"player": int, "counter": str, "value": int}``
- ``turn.next``: ``{}`` — the next player in seat order; a new round when the first player
  is reached again.
- ``game.end``: ``{}`` — the table stops the game; the leaders on the main counter win.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.engine.shapes import Nothing
from companion.errors import RuleViolation, SetupError
from companion.words import inflect

__all__ = [
    "CounterAdd",
    "CounterSet",
    "FREE_EVENTS",
    "FreeState",
    "FreeCounters",
    "FREE",
    "MAX_ABS_VALUE",
    "deciding_counter",
    "target_reached",
]

#: Counters stay within ±MAX_ABS_VALUE so a stray long-press cannot produce absurd numbers.
MAX_ABS_VALUE = 1_000_000


# The shapes of the events' data (no ``NotRequired`` key here: this module postpones its
# annotations, and Python 3.11 reads ``NotRequired`` only from real ones).
class CounterAdd(TypedDict):
    player: int
    counter: str
    delta: int


class CounterSet(TypedDict):
    player: int
    counter: str
    value: int


#: Event type → the shape of its data (checked at the engine's door).
FREE_EVENTS: dict[str, type] = {
    "counter.add": CounterAdd,
    "counter.set": CounterSet,
    "turn.next": Nothing,
    "game.end": Nothing,
}


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
    finish_round: bool = False
    #: the round in which the target was first reached (with ``finish_round``), else None
    target_round: int | None = None


class FreeCounters(GameDefinition[FreeState]):
    """The free-counter game definition (see the module docstring)."""

    id = "free"
    title = "Свободный счёт"
    min_players = 1
    max_players = 8
    #: A tap on «+»/«−» is a step: two quick taps count twice (issue 14).
    events = FREE_EVENTS
    cumulative_moves = frozenset({"counter.add"})

    def default_options(self) -> dict[str, Any]:
        return {
            "counters": [{"name": "ПО", "step": 1, "start": 0}],
            "target": None,
            "finish_round": False,
        }

    def validate_setup(self, setup: Setup) -> None:
        super().validate_setup(setup)
        counters = setup.options.get("counters") or []
        if not counters:
            raise SetupError("Нужен хотя бы один счётчик.")
        if not isinstance(counters, list) or not all(isinstance(c, Mapping) for c in counters):
            raise SetupError("Счётчики задаются списком: название, шаг, начальное значение.")
        names = [str(c.get("name", "")).strip() for c in counters]
        if any(not n for n in names):
            raise SetupError("У каждого счётчика должно быть название.")
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                raise SetupError(
                    f"Счётчик «{name}» указан дважды: названия счётчиков не должны повторяться."
                )
            seen.add(name.casefold())
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
        if not isinstance(setup.options.get("finish_round", False), bool):
            raise SetupError("«Доиграть раунд» включается флажком: да или нет.")
        target = setup.options.get("target")
        if target is None:
            return  # explicitly no target
        if not isinstance(target, Mapping):
            raise SetupError("Цель задаётся счётчиком и числом; без цели оставьте её пустой.")
        counter = _find(counters, target.get("counter"))
        if counter is None:
            raise SetupError("Цель должна относиться к одному из счётчиков.")
        value = target.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or abs(value) > MAX_ABS_VALUE:
            raise SetupError(
                "Цель должна быть целым числом; чтобы играть без цели, не выбирайте счётчик цели."
            )
        if value < 1:
            raise SetupError(
                f"Цель «{counter['name']}» должна быть не меньше 1: с целью {value} игра "
                f"закончилась бы, не начавшись. Чтобы играть без цели, не выбирайте счётчик цели."
            )
        start = counter.get("start", 0)
        if value <= start:
            raise SetupError(
                f"Цель «{counter['name']}» ({value}) должна быть больше начального значения "
                f"({start}): иначе игра закончилась бы, не начавшись."
            )

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
        raw = setup.options.get("target")
        target = None
        if raw is not None:
            found = _find(counters, raw["counter"])
            assert found is not None  # validate_setup checked it
            target = {"counter": found["name"], "value": int(raw["value"])}
        return FreeState(
            counters,
            values,
            setup.first_player,
            setup.first_player,
            target=target,
            finish_round=bool(setup.options.get("finish_round", False)),
        )

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
        elif event.type not in ("turn.next", "game.end"):
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
        if state.finish_round and state.target_round is None and target_reached(state):
            state.target_round = state.round

    def outcome(self, state: FreeState) -> Outcome | None:
        """Target reached (at once, or at the end of that round with ``finish_round``), or
        the table stopped the game; the leaders on the target's (else the first) counter win.
        """
        key = _main(state)
        best = max(v[key] for v in state.values)
        winners = tuple(i for i, v in enumerate(state.values) if v[key] == best)
        most = f"больше всех {deciding_counter(state)}: {best}."
        if state.target and state.finish_round:
            if state.target_round is not None and state.round > state.target_round:
                return Outcome(
                    winners,
                    f"Цель «{key}» {state.target['value']} достигнута, раунд доигран до конца; "
                    + most,
                )
        elif state.target and best >= state.target["value"]:
            return Outcome(winners, f"Достигнута цель: {key} {state.target['value']}.")
        if state.ended:
            return Outcome(winners, "Игра остановлена; " + most)
        return None

    def status_note(self, state: FreeState) -> str | None:
        """A line for the status bar while the round is played out after the target was
        reached (``finish_round``), else ``None``."""
        if state.target_round is None or self.outcome(state) is not None:
            return None
        return (
            f"Цель «{state.target['counter'] if state.target else ''}» достигнута: доигрываем "
            f"раунд — игра закончится, когда ход вернётся к первому игроку."
        )

    # -- flow and display -----------------------------------------------------------------------
    def active_player(self, state: FreeState) -> int | None:
        return state.active

    def turn_number(self, state: FreeState) -> int:
        return state.turn

    def scores(self, state: FreeState) -> dict[int, float]:
        key = _main(state)
        return {i: float(v[key]) for i, v in enumerate(state.values)}

    def describe(self, state: FreeState, event: Event, setup: Setup) -> str:
        """The journal line of ``event`` (``state`` is the state before it); the move that
        ends the game says so and names the winners."""
        d = event.data
        if event.type == "counter.add":
            old = state.values[d["player"]][d["counter"]]
            sign = "+" if d["delta"] > 0 else "−"
            line = (
                f"{setup.names[d['player']]}: {d['counter']} {sign}{abs(d['delta'])} "
                f"(теперь {old + d['delta']})"
            )
        elif event.type == "counter.set":
            old = state.values[d["player"]][d["counter"]]
            line = f"{setup.names[d['player']]}: {d['counter']} = {d['value']} (было {old})"
        elif event.type == "turn.next":
            end = self._ending(state, event, setup)
            if end:  # the round was played out: nobody takes the next turn
                return "Раунд доигран" + end
            nxt = (state.active + 1) % len(state.values)
            return f"Ход переходит к {inflect(setup.names[nxt], 'datv')}"
        elif event.type == "game.end":
            line = "Игра остановлена по решению стола"
        else:
            return event.type
        return line + self._ending(state, event, setup)

    def _ending(self, state: FreeState, event: Event, setup: Setup) -> str:
        """«. Игра окончена — победа: Аня (ПО 30)» when ``event`` ends the game, else ``""``
        (``state``: before it)."""
        if self.outcome(state) is not None or not (state.target or event.type == "game.end"):
            return ""  # a game without a target ends only by «game.end»
        after = copy.deepcopy(state)
        self.apply(after, event)
        done = self.outcome(after)
        if done is None:
            return ""
        key = _main(after)
        who = ", ".join(f"{setup.names[i]} ({key} {after.values[i][key]})" for i in done.winners)
        won = "победа" if len(done.winners) == 1 else "ничья, победители"
        return f". Игра окончена — {won}: {who}"


def _find(counters: Sequence[Mapping[str, Any]], name: Any) -> Mapping[str, Any] | None:
    """The counter called ``name`` (case and surrounding spaces ignored), or ``None``."""
    if not isinstance(name, str):
        return None
    folded = name.strip().casefold()
    return next((c for c in counters if str(c.get("name", "")).strip().casefold() == folded), None)


def _main(state: FreeState) -> str:
    """The counter that decides the game: the target's, else the first one."""
    return str(state.target["counter"]) if state.target else str(state.counters[0]["name"])


def deciding_counter(state: FreeState) -> str:
    """Which counter decides, as «больше всех …» goes on: «по счётчику цели «Золото»», «по
    первому счётчику «Золото»» (no target, several counters), «по счётчику «Золото»» (the
    only one). Play-test: «больше всего «Золото»» read badly and did not say that the first
    counter decides."""
    key = _main(state)
    if state.target:
        return f"по счётчику цели «{key}»"
    if len(state.counters) > 1:
        return f"по первому счётчику «{key}»"
    return f"по счётчику «{key}»"


def target_reached(state: FreeState) -> bool:
    """Has somebody's counter reached the target? (``False`` without a target.)"""
    if not state.target:
        return False
    key = state.target["counter"]
    return bool(max(v[key] for v in state.values) >= state.target["value"])


FREE = FreeCounters()
