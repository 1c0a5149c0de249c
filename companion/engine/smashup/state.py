"""Замес: constants, the state of a game and the base cards it holds («Подготовка к игре»)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: Edition id → the box's Russian name.
EDITIONS: dict[str, str] = {"bbrr": "Мишки, бабки, рок-н-ролл", "mimimi": "Мимими"}
DEFAULT_EDITION = "bbrr"

#: The four factions of each box (section «Фракции» of each rulebook).
FACTIONS: dict[str, tuple[str, ...]] = {
    "bbrr": ("Бабульки", "Плюшевые мишки", "Авантюристы", "Рокеры"),
    "mimimi": ("Котики", "Принцессы", "Феи", "Волшебные пони"),
}
#: All eight factions of the two boxes, the default edition's first.
ALL_FACTIONS: tuple[str, ...] = FACTIONS["bbrr"] + FACTIONS["mimimi"]

#: Turn phases by edition (section «Вот как это делается»).
PHASES: dict[str, tuple[str, ...]] = {
    "bbrr": ("Начало хода", "Играй карты", "Проверь базы", "Возьми две карты", "Конец хода"),
    "mimimi": ("Заводи!", "Играй карты", "Проверь базы", "Возьми две карты", "Закругляйся"),
}
#: Indices into a PHASES tuple.
START, PLAY, CHECK, DRAW, END = range(5)
#: Shown as the phase before the first turn.
SETUP_PHASE = "Подготовка к игре"

#: VP that trigger the end of the game («Игра окончена»).
WIN_VP = 15
#: ``options["win_check"]`` values: when the 15-VP check runs. The default follows «Игра
#: окончена» (at the end of the turn) in both editions; the «Мимими» rulebook's
#: «3. Проверь базы» also asks for it right after the bases are scored, which
#: :data:`WIN_AFTER_SCORING` adds (that edition only).
WIN_AT_END_OF_TURN = "end_of_turn"
WIN_AFTER_SCORING = "after_scoring"
WIN_CHECKS: tuple[str, ...] = (WIN_AT_END_OF_TURN, WIN_AFTER_SCORING)
#: Cards allowed in hand after drawing («Возьми две карты»).
HAND_LIMIT = 10
#: Free plays per turn: one minion and one action («Играй карты»).
FREE_PLAYS: dict[str, int] = {"minion": 1, "action": 1}
PLAY_KINDS: dict[str, str] = {"minion": "приспешника", "action": "действие"}

#: Every event type this game accepts (see the module docstring for the data shapes).
EVENT_TYPES: frozenset[str] = frozenset(
    {
        "faction.pick",
        "base.add",
        "base.replace",
        "game.start",
        "base.set",
        "base.adjust",
        "breakpoint.modify",
        "base.select",
        "base.score",
        "play.record",
        "play.minion",
        "play.grant",
        "phase.next",
        "phase.pass",
        "vp.adjust",
        "madness.adjust",
    }
)

#: Phases the table may ask ``phase.pass`` to stop at (``options["remind"]``); it always
#: stops at the next player's «Играй карты».
REMIND_PHASES: tuple[int, ...] = (START, CHECK, DRAW, END)
#: Values offered in one tap for a minion's power (``play.minion``'s ``power``).
QUICK_POWERS: tuple[int, ...] = tuple(range(1, 9))

#: Sanity bounds for typed numbers (a stray long-press must not produce absurd values).
MAX_BREAKPOINT = 100
MAX_BASE_VP = 30
MAX_POWER = 500
MAX_MINIONS = 100
MAX_VP = 500
MAX_MADNESS = 100
MAX_NAME = 60


# -- state -----------------------------------------------------------------------------------
@dataclass
class BaseState:
    """A base in play.

    :param name: as printed on the card.
    :param breakpoint: printed breakpoint (оборона), >= 0.
    :param vp: VP for 1st, 2nd and 3rd place.
    :param power: total power per seat on this base (>= 0).
    :param minions: minion count per seat on this base (>= 0).
    :param mod_turn: breakpoint change that ends with the turn.
    :param mod_base: breakpoint change that lasts while the base stays.
    :param set: the box the base comes from, if typed.
    """

    name: str
    breakpoint: int
    vp: list[int]
    power: list[int]
    minions: list[int]
    mod_turn: int = 0
    mod_base: int = 0
    set: str | None = None


@dataclass
class SmashUpState:
    """The whole game: seats, bases, VP and the turn flow.

    ``phase`` indexes ``PHASES[edition]``; ``started`` is False during «Подготовка к игре».
    ``used``/``extra`` count plays made / extra plays granted this turn by kind;
    ``extra_used`` counts the plays recorded as extra (``play.record`` with ``extra``).
    ``selected`` is the base chosen for scoring (``base.select``), if any.
    ``win_check`` is :data:`WIN_AT_END_OF_TURN` or :data:`WIN_AFTER_SCORING` (the option);
    ``won_after_scoring`` says the game ended when «Проверь базы» ended, not with the turn.
    ``deck_empty``: the last base scored was not replaced, the base deck being empty («Мимими»,
    «Разойтись по углам!»): the game goes on with fewer bases and the next scoring starts from
    «колода баз пуста».
    ``remind``: the phases (indices) the table asked to stop at (the ``remind`` option):
    ``phase.pass`` stops on entering one of them. ``two_boxes``: the same faction may be in
    several decks (the option, «Подготовка к игре»).
    """

    edition: str
    factions: list[list[str]]
    bases: list[BaseState]
    vp: list[int]
    madness: list[int]
    active: int
    draft: bool = False
    madness_on: bool = False
    first: int = 0
    started: bool = False
    turn: int = 1
    phase: int = START
    used: dict[str, int] = field(default_factory=lambda: {"minion": 0, "action": 0})
    extra: dict[str, int] = field(default_factory=lambda: {"minion": 0, "action": 0})
    selected: int | None = None
    winner: int | None = None
    final: list[int] | None = None
    extra_used: dict[str, int] = field(default_factory=lambda: {"minion": 0, "action": 0})
    win_check: str = "end_of_turn"
    won_after_scoring: bool = False
    deck_empty: bool = False
    remind: tuple[int, ...] = ()
    two_boxes: bool = False

    @property
    def players(self) -> int:
        return len(self.vp)


def _new_base(card: Mapping[str, Any], players: int) -> BaseState:
    return BaseState(
        name=str(card["name"]).strip(),
        breakpoint=int(card["breakpoint"]),
        vp=[int(v) for v in card["vp"]],
        power=[0] * players,
        minions=[0] * players,
        set=card.get("set"),
    )
