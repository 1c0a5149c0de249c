"""Манчкин Апокалипсис: levels, the combat calculator, running away, phases and seals.

Source: rulebook ``munchkin-apocalypse`` (only its first four pages survived). The engine
enforces what those pages say; where they are silent the players decide, and the decision is
an event in the log (an ``"override": true`` flag means «карта так говорит» and is logged).

The cards stay on the table: the app keeps each player's level, gear bonus, class and notes,
the open combat (fighter, at most one helper, monsters, one-shot bonuses), the phase of the
turn and the broken seals.

Events (``data`` shapes; ``player`` is a seat index; ``override`` is always optional, ``false``
by default, and means the table applies a card that explicitly overrides the rule):

- ``level.change``: ``{"player": int, "delta": int, "override": bool}``
- ``level.set``: ``{"player": int, "value": int, "override": bool}``
- ``gear.change``: ``{"player": int, "delta": int, "override": bool}``
- ``gear.set``: ``{"player": int, "value": int, "override": bool}``
- ``player.class``: ``{"player": int, "value": str}`` — free text, ``""`` for no class
- ``player.notes``: ``{"player": int, "value": str}`` — free text
- ``combat.start``: ``{"monster": MONSTER, "fighter": int (default: active player), "override": bool}``
- ``combat.monster.add``: ``{"monster": MONSTER}`` («Бой с несколькими монстрами»)
- ``combat.monster.edit``: ``{"index": int, **any MONSTER fields}`` (level, enhancers, ...)
- ``combat.monster.remove``: ``{"index": int}`` — a card takes the monster out without
  killing it (no level for it); removing the last one ends the combat
- ``combat.helper``: ``{"player": int | None}`` — ``None`` sends the helper away
- ``combat.bonus``: ``{"side": "players" | "monsters", "value": int, "label": str}`` — a one-shot
- ``combat.bonus.remove``: ``{"side": "players" | "monsters", "index": int}``
- ``combat.resolve``: ``{}`` — the players' side is stronger: monsters killed, the fighter
  gains their levels, one-shots discarded
- ``combat.flee``: ``{"rolls": [int 1..6, one per monster], "modifier": int,
  "modifiers": [int, one per monster] (optional)}`` — the die results, not a seed
- ``turn.loot``: ``{}`` — the second door card drawn in «Чистим нычки»
- ``turn.charity``: ``{"hand": int, "gifts": [int, one per player], "discard": int}``
- ``phase.next``: ``{}`` — the next phase; after «От щедрот» the turn passes to the left
- ``seal.break``: ``{}`` — one more seal broken (the 7th ends the game)
- ``game.winners``: ``{"winners": [int], "override": bool}`` — the table names the winner(s)
  after the 7th seal, or (with ``override``) a card lets someone win another way

``MONSTER`` = ``{"name": str, "level": int, "enhancers": int (default 0), "levels": 1 | 2
(default 1), "treasures": int (default 0)}``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.errors import RuleViolation

__all__ = [
    "MUNCHKIN",
    "Munchkin",
    "MunchkinState",
    "PlayerSheet",
    "Monster",
    "OneShot",
    "Combat",
    "CombatTotals",
    "CharityPlan",
    "PHASES",
    "SETUP_REMINDER",
    "HAND_LIMIT",
    "MAX_LEVEL",
    "MIN_LEVEL",
    "SEALS_TO_END",
    "ESCAPE_TARGET",
    "strength",
    "combat_totals",
    "compare_sides",
    "escapes",
    "charity",
    "roll_dice",
]

# -- rulebook headings (verbatim, used in messages) --------------------------------------------
R_CONFLICTS = "Противоречия между правилами и картами"
R_START_END = "Начало игры, конец игры"
R_PHASES = "Фазы хода"
R_COMBAT = "Бой"
R_MANY = "Бой с несколькими монстрами"
R_HELP = "Зовём на помощь"
R_FLEE = "Смываемся"

#: The four phases of a turn, in order («Фазы хода»).
PHASES: tuple[str, ...] = ("Вышибаем дверь!", "Ищем неприятности", "Чистим нычки", "От щедрот")
KICK, TROUBLE, LOOT, CHARITY = range(4)

MIN_LEVEL = 1
MAX_LEVEL = 10
#: Cards a player may keep in hand at the end of the turn («Карты», «От щедрот»).
HAND_LIMIT = 5
#: Breaking this seal ends the game («Начало игры, конец игры»).
SEALS_TO_END = 7
#: A die result (plus modifiers) of at least this escapes («Смываемся»).
ESCAPE_TARGET = 5
STARTING_DOORS = 4
STARTING_TREASURES = 4

#: What the table does before the first turn («Подготовка», «Создание персонажа»), in Russian.
SETUP_REMINDER: tuple[str, ...] = (
    "Разделите колоды Дверей, Сокровищ и Сивучатей и перетасуйте каждую.",
    f"Раздайте каждому {STARTING_DOORS} карты Дверей и {STARTING_TREASURES} карты Сокровищ.",
    "Все манчкины начинают 1-м уровнем и без класса.",
    "Можно сразу выложить одну карту Класса и любые Шмотки.",
    "Первого игрока выберите как угодно.",
)

#: Sanity bounds so a stray long-press cannot produce absurd numbers.
MAX_BONUS = 1000
MAX_TEXT = 2000
MAX_MODIFIER = 20
OVERRIDE_NOTE = "карта так говорит"
SIDES = ("players", "monsters")


# -- state -----------------------------------------------------------------------------------
@dataclass
class PlayerSheet:
    """One munchkin: level (1..10), gear bonus (any integer), class and notes (free text)."""

    level: int = MIN_LEVEL
    gear: int = 0
    klass: str = ""
    notes: str = ""


@dataclass
class Monster:
    """A monster in the combat.

    :param level: the level printed on the card.
    :param enhancers: the sum of enhancer cards and bonuses on it (may be negative).
    :param levels: levels the fighter gains for killing it (1, or 2 when the card says so).
    :param treasures: treasures to draw (a reminder; the app does not deal cards).
    """

    name: str
    level: int
    enhancers: int = 0
    levels: int = 1
    treasures: int = 0

    @property
    def strength(self) -> int:
        """Combat strength: level + enhancers («Бой»)."""
        return self.level + self.enhancers


@dataclass
class OneShot:
    """A one-shot bonus played into the combat (discarded when the combat ends)."""

    value: int
    label: str = ""


@dataclass
class Combat:
    """The open combat: who fights, who helps, the monsters and the one-shots on each side."""

    fighter: int
    monsters: list[Monster]
    helper: int | None = None
    player_bonuses: list[OneShot] = field(default_factory=list)
    monster_bonuses: list[OneShot] = field(default_factory=list)


@dataclass
class MunchkinState:
    """The whole game.

    :param players: sheets in seat order.
    :param active: whose turn it is; ``first``: who started.
    :param turn: 1-based turn counter; ``phase``: index into :data:`PHASES`.
    :param seals: broken seals (0..7).
    :param combat: the open combat or ``None``.
    :param met_monster: a monster was fought this turn; ``fled``: and the player ran away.
    :param looted, charity_done: per-turn markers.
    :param winners: the winners named by the table (``game.winners``), else ``None``.
    :param winner_reason: why they won (Russian).
    :param last_combat: summary of the last finished combat (for the reminder on screen).
    :param overrides: seq numbers of events applied with «карта так говорит».
    """

    players: list[PlayerSheet]
    active: int
    first: int
    turn: int = 1
    phase: int = KICK
    seals: int = 0
    combat: Combat | None = None
    met_monster: bool = False
    fled: bool = False
    looted: bool = False
    charity_done: bool = False
    winners: list[int] | None = None
    winner_reason: str = ""
    last_combat: dict[str, Any] | None = None
    overrides: list[int] = field(default_factory=list)


# -- pure helpers ------------------------------------------------------------------------------
def strength(sheet: PlayerSheet) -> int:
    """A munchkin's combat strength outside one-shots: level + gear bonus («Бой»)."""
    return sheet.level + sheet.gear


@dataclass(frozen=True)
class CombatTotals:
    """Both sides of a combat («Бой», «Бой с несколькими монстрами», «Зовём на помощь»).

    :param players: fighter's strength + helper's strength + players' one-shots.
    :param monsters: the sum of every monster's level and enhancers + monsters' one-shots.
    :param players_win: ``True`` only if ``players > monsters`` (monsters win ties).
    """

    players: int
    monsters: int
    players_win: bool

    @property
    def margin(self) -> int:
        """How much the players need to add to win (``0`` if they already win)."""
        return 0 if self.players_win else self.monsters - self.players + 1


def compare_sides(players: int, monsters: int) -> CombatTotals:
    """Who wins with these totals: the players only if strictly stronger («Бой»)."""
    return CombatTotals(players, monsters, players > monsters)


def combat_totals(sheets: Sequence[PlayerSheet], combat: Combat) -> CombatTotals:
    """Compute both sides' totals of ``combat`` from the players' sheets.

    Pure: reads ``sheets`` (seat order) and ``combat``, changes nothing.

    >>> sheets = [PlayerSheet(level=3, gear=2), PlayerSheet(level=2, gear=1)]
    >>> c = Combat(fighter=0, helper=1, monsters=[Monster("Тявмат", 8)])
    >>> combat_totals(sheets, c)
    CombatTotals(players=8, monsters=8, players_win=False)
    """
    players = strength(sheets[combat.fighter]) + sum(b.value for b in combat.player_bonuses)
    if combat.helper is not None:
        players += strength(sheets[combat.helper])
    monsters = sum(m.strength for m in combat.monsters) + sum(
        b.value for b in combat.monster_bonuses
    )
    return compare_sides(players, monsters)


def escapes(
    rolls: Sequence[int], modifier: int = 0, modifiers: Sequence[int] | None = None
) -> list[bool]:
    """For each monster, whether the player got away: die + modifiers >= 5 («Смываемся»).

    :param rolls: one d6 result (1..6) per monster.
    :param modifier: applies to every roll (gear, abilities).
    :param modifiers: per-monster modifiers (fast or slow monsters), same length as ``rolls``.
    """
    extra = list(modifiers) if modifiers is not None else [0] * len(rolls)
    return [r + modifier + e >= ESCAPE_TARGET for r, e in zip(rolls, extra, strict=False)]


def roll_dice(rng: random.Random, count: int) -> list[int]:
    """``count`` d6 results from ``rng`` (e.g. ``game.rng``), to put into a ``combat.flee`` event."""
    return [rng.randint(1, 6) for _ in range(count)]


@dataclass(frozen=True)
class CharityPlan:
    """Where the surplus cards go at the end of a turn («От щедрот»).

    :param surplus: cards over the hand limit of 5 (after playing what the player wanted).
    :param discard: cards the giver discards (all of the surplus if they are among the lowest).
    :param shares: ``{player: cards}`` the even part of the split among the lowest-level players.
    :param extra: cards left over after the even split; the giver hands them, one each, to
        recipients of their choice.
    :param recipients: the lowest-level players (not including the giver), seat order.
    """

    surplus: int
    discard: int
    shares: dict[int, int]
    extra: int
    recipients: tuple[int, ...]

    def allows(self, gifts: Sequence[int]) -> bool:
        """Is ``gifts`` (cards per player, seat order) a split this plan permits?"""
        if self.discard:
            return not any(gifts)
        if sum(gifts) != self.surplus:
            return False
        for i, g in enumerate(gifts):
            base = self.shares.get(i, 0)
            if i in self.recipients:
                if g not in (base, base + 1):
                    return False
            elif g:
                return False
        return True


def charity(
    giver: int, hand_sizes: Sequence[int], levels: Sequence[int], limit: int = HAND_LIMIT
) -> CharityPlan:
    """Plan «От щедрот» for ``giver``.

    :param giver: the player ending the turn.
    :param hand_sizes: cards in hand per player (only the giver's is used).
    :param levels: every player's level, seat order.
    :returns: the split among the lowest-level players, as even as possible; if the giver is
        (one of) the lowest, they discard the surplus instead.

    >>> charity(0, [8, 3, 3, 3], [4, 2, 2, 5])
    CharityPlan(surplus=3, discard=0, shares={1: 1, 2: 1}, extra=1, recipients=(1, 2))
    >>> charity(1, [0, 7, 0], [3, 1, 1]).discard
    2
    """
    surplus = max(0, hand_sizes[giver] - limit)
    lowest = min(levels)
    if levels[giver] == lowest or surplus == 0:
        return CharityPlan(surplus, surplus, {}, 0, ())
    recipients = tuple(i for i, lv in enumerate(levels) if lv == lowest)
    base, extra = divmod(surplus, len(recipients))
    return CharityPlan(surplus, 0, {i: base for i in recipients}, extra, recipients)


# -- validation helpers -------------------------------------------------------------------------
def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(d: Mapping[str, Any], key: str, lo: int, hi: int, what: str) -> int:
    v = d.get(key)
    if not _is_int(v) or not lo <= v <= hi:
        raise RuleViolation(f"{what}: нужно целое число от {lo} до {hi}.")
    return v


def _text(d: Mapping[str, Any], key: str, what: str) -> str:
    v = d.get(key)
    if not isinstance(v, str) or len(v) > MAX_TEXT:
        raise RuleViolation(f"{what}: нужен текст не длиннее {MAX_TEXT} знаков.")
    return v


def _flag(d: Mapping[str, Any]) -> bool:
    v = d.get("override", False)
    if not isinstance(v, bool):
        raise RuleViolation("Отметка «карта так говорит» должна быть да или нет.")
    return v


def _only(d: Mapping[str, Any], *keys: str) -> None:
    extra = set(d) - set(keys)
    if extra:
        raise RuleViolation(f"Лишние параметры события: {', '.join(sorted(map(str, extra)))}.")


_MONSTER_KEYS = ("name", "level", "enhancers", "levels", "treasures")
_MONSTER_LABELS = {
    "name": "название",
    "level": "уровень",
    "enhancers": "усилители",
    "levels": "уровней за убийство",
    "treasures": "сокровищ",
}


def _check_monster_fields(m: Any, partial: bool = False) -> None:
    if not isinstance(m, Mapping):
        raise RuleViolation("Монстр задаётся названием, уровнем и бонусами.")
    _only(m, *_MONSTER_KEYS, *(("index",) if partial else ()))
    if not partial or "name" in m:
        name = m.get("name")
        if not isinstance(name, str) or not name.strip() or len(name) > 200:
            raise RuleViolation("У монстра должно быть название (до 200 знаков).")
    if not partial or "level" in m:
        _int(m, "level", 0, MAX_BONUS, "Уровень монстра")
    if "enhancers" in m:
        _int(m, "enhancers", -MAX_BONUS, MAX_BONUS, "Усилители монстра")
    if "levels" in m:
        _int(m, "levels", 1, 2, f"Уровни за убийство монстра ({R_COMBAT})")
    if "treasures" in m:
        _int(m, "treasures", 0, 100, "Сокровища монстра")


def _monster(m: Mapping[str, Any]) -> Monster:
    return Monster(
        str(m["name"]).strip(),
        int(m["level"]),
        int(m.get("enhancers", 0)),
        int(m.get("levels", 1)),
        int(m.get("treasures", 0)),
    )


# -- the definition ------------------------------------------------------------------------------
class Munchkin(GameDefinition[MunchkinState]):
    """Манчкин Апокалипсис (see the module docstring for the events)."""

    id = "munchkin"
    title = "Манчкин Апокалипсис"
    min_players = 3
    max_players = 6
    phases = PHASES
    #: Shown before the first turn («Подготовка»).
    setup_reminder = SETUP_REMINDER

    def initial_state(self, setup: Setup) -> MunchkinState:
        return MunchkinState(
            [PlayerSheet() for _ in setup.players], setup.first_player, setup.first_player
        )

    # -- rules ---------------------------------------------------------------------------------
    def check(self, state: MunchkinState, event: Event) -> None:
        d = event.data
        t = event.type
        handler = getattr(self, "_check_" + t.replace(".", "_"), None)
        if handler is None:
            raise RuleViolation(f"В игре «{self.title}» нет действия «{t}».")
        if state.winners is not None or self._level_winners(state):
            raise RuleViolation("Игра уже окончена: новые ходы не принимаются.", R_START_END)
        if state.seals >= SEALS_TO_END and t != "game.winners":
            raise RuleViolation(
                "Сорвана седьмая сивучать — игра окончена; осталось записать победителя "
                f"({R_START_END}).",
                R_START_END,
            )
        handler(state, d)

    def _player(self, state: MunchkinState, d: Mapping[str, Any], key: str = "player") -> int:
        p = d.get(key)
        if not _is_int(p) or not 0 <= p < len(state.players):
            raise RuleViolation("Такого игрока нет за столом.")
        return p

    def _check_level_change(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "player", "delta", "override")
        p = self._player(state, d)
        delta = _int(d, "delta", -MAX_LEVEL, MAX_LEVEL, "Изменение уровня")
        if delta == 0:
            raise RuleViolation("Изменение уровня на ноль ничего не меняет.")
        self._check_new_level(state, p, state.players[p].level + delta, _flag(d))

    def _check_level_set(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "player", "value", "override")
        p = self._player(state, d)
        value = _int(d, "value", -MAX_BONUS, MAX_BONUS, "Уровень")
        if value == state.players[p].level:
            raise RuleViolation(f"Уровень уже равен {value}.")
        self._check_new_level(state, p, value, _flag(d))

    def _check_new_level(self, state: MunchkinState, p: int, new: int, override: bool) -> None:
        old = state.players[p].level
        if new < MIN_LEVEL:
            raise RuleViolation(
                f"Уровень манчкина не опускается ниже 1: сейчас {old}, стало бы {new} ({R_CONFLICTS}).",
                R_CONFLICTS,
            )
        if new > MAX_LEVEL:
            raise RuleViolation(
                f"Уровней всего {MAX_LEVEL}: сейчас {old}, стало бы {new} ({R_START_END}).",
                R_START_END,
            )
        if override:
            return
        if new == MAX_LEVEL:
            raise RuleViolation(
                "10-й уровень можно получить только за убийство монстра — если карта прямо "
                f"говорит иначе, отметьте «{OVERRIDE_NOTE}» ({R_CONFLICTS}).",
                R_CONFLICTS,
            )
        c = state.combat
        if c is not None and new > old and p in (c.fighter, c.helper):
            raise RuleViolation(
                "Посреди боя уровни не получают: уровни в бою даёт только убийство монстра, "
                f"и только после боя ({R_CONFLICTS}).",
                R_CONFLICTS,
            )

    def _check_gear_change(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "player", "delta", "override")
        p = self._player(state, d)
        delta = _int(d, "delta", -MAX_BONUS, MAX_BONUS, "Изменение бонуса шмоток")
        if delta == 0:
            raise RuleViolation("Изменение бонуса на ноль ничего не меняет.")
        if abs(state.players[p].gear + delta) > MAX_BONUS:
            raise RuleViolation(f"Бонус шмоток не может выйти за ±{MAX_BONUS}.")
        self._check_gear_in_combat(state, p, _flag(d))

    def _check_gear_set(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "player", "value", "override")
        p = self._player(state, d)
        value = _int(d, "value", -MAX_BONUS, MAX_BONUS, "Бонус шмоток")
        if value == state.players[p].gear:
            raise RuleViolation(f"Бонус шмоток уже равен {value}.")
        self._check_gear_in_combat(state, p, _flag(d))

    def _check_gear_in_combat(self, state: MunchkinState, p: int, override: bool) -> None:
        if state.combat is not None and p == state.combat.fighter and not override:
            raise RuleViolation(
                "В бою нельзя надевать, снимать, продавать или менять шмотки — только разовые "
                f"карты; если это сделала карта, отметьте «{OVERRIDE_NOTE}» ({R_COMBAT}).",
                R_COMBAT,
            )

    def _check_player_class(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "player", "value")
        self._player(state, d)
        _text(d, "value", "Класс")

    def _check_player_notes(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "player", "value")
        self._player(state, d)
        _text(d, "value", "Заметки")

    # combat
    def _need_combat(self, state: MunchkinState) -> Combat:
        if state.combat is None:
            raise RuleViolation(f"Сейчас никто не бьётся с монстром ({R_COMBAT}).", R_COMBAT)
        return state.combat

    def _check_combat_start(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "monster", "fighter", "override")
        override = _flag(d)
        if state.combat is not None:
            raise RuleViolation(
                f"Бой уже идёт: нового монстра добавляют в текущий бой ({R_MANY}).",
                R_MANY,
            )
        _check_monster_fields(d.get("monster"))
        fighter = self._player(state, d, "fighter") if "fighter" in d else state.active
        if override:
            return
        if fighter != state.active:
            raise RuleViolation(
                "С монстром в свой ход бьётся тот, чей ход; если карта велит иначе, отметьте "
                f"«{OVERRIDE_NOTE}» ({R_PHASES}).",
                R_PHASES,
            )
        if state.phase not in (KICK, TROUBLE):
            raise RuleViolation(
                f"Монстры встречаются в фазах «{PHASES[KICK]}» и «{PHASES[TROUBLE]}»; если "
                f"бой начала карта, отметьте «{OVERRIDE_NOTE}» ({R_PHASES}).",
                R_PHASES,
            )
        if state.met_monster:
            raise RuleViolation(
                "В этот ход монстр уже был; искать неприятности можно, только если за дверью "
                f"монстра не оказалось ({R_PHASES}).",
                R_PHASES,
            )

    def _check_combat_monster_add(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "monster")
        self._need_combat(state)
        _check_monster_fields(d.get("monster"))

    def _monster_index(self, combat: Combat, d: Mapping[str, Any]) -> int:
        i = d.get("index")
        if not _is_int(i) or not 0 <= i < len(combat.monsters):
            raise RuleViolation("Такого монстра в бою нет.")
        return i

    def _check_combat_monster_edit(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        c = self._need_combat(state)
        self._monster_index(c, d)
        _check_monster_fields(d, partial=True)
        if set(d) == {"index"}:
            raise RuleViolation("Не указано, что изменить у монстра.")

    def _check_combat_monster_remove(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "index")
        self._monster_index(self._need_combat(state), d)

    def _check_combat_helper(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "player")
        c = self._need_combat(state)
        if d.get("player") is None:
            if c.helper is None:
                raise RuleViolation(f"Помощника и так нет ({R_HELP}).", R_HELP)
            return
        p = self._player(state, d)
        if p == c.fighter:
            raise RuleViolation(f"Нельзя помогать самому себе ({R_HELP}).", R_HELP)
        if c.helper is not None:
            raise RuleViolation(
                f"Помощник может быть только один — сначала отпустите нынешнего ({R_HELP}).", R_HELP
            )

    def _side(self, d: Mapping[str, Any]) -> str:
        side = d.get("side")
        if side not in SIDES:
            raise RuleViolation("Сторона боя: «players» (манчкины) или «monsters» (монстры).")
        return side

    def _check_combat_bonus(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "side", "value", "label")
        self._need_combat(state)
        self._side(d)
        if _int(d, "value", -MAX_BONUS, MAX_BONUS, "Бонус разовой карты") == 0:
            raise RuleViolation("Разовая карта с бонусом 0 ничего не меняет.")
        if "label" in d:
            _text(d, "label", "Название карты")

    def _check_combat_bonus_remove(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "side", "index")
        c = self._need_combat(state)
        bonuses = c.player_bonuses if self._side(d) == "players" else c.monster_bonuses
        i = d.get("index")
        if not _is_int(i) or not 0 <= i < len(bonuses):
            raise RuleViolation("Такой разовой карты в бою нет.")

    def _check_combat_resolve(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d)
        c = self._need_combat(state)
        totals = combat_totals(state.players, c)
        if not totals.players_win:
            raise RuleViolation(
                f"Монстры не слабее ({totals.monsters} против {totals.players}) — при равенстве "
                f"побеждают монстры; нужно больше силы или смываться ({R_COMBAT}).",
                R_COMBAT,
            )

    def _check_combat_flee(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "rolls", "modifier", "modifiers")
        c = self._need_combat(state)
        n = len(c.monsters)
        rolls = d.get("rolls")
        if (
            not isinstance(rolls, list)
            or len(rolls) != n
            or not all(_is_int(r) and 1 <= r <= 6 for r in rolls)
        ):
            raise RuleViolation(
                f"Смываются от каждого монстра отдельно: нужно {n} результат(а) кубика от 1 до 6 ({R_FLEE}).",
                R_FLEE,
            )
        if "modifier" in d:
            _int(d, "modifier", -MAX_MODIFIER, MAX_MODIFIER, "Модификатор смывки")
        mods = d.get("modifiers")
        if mods is not None and (
            not isinstance(mods, list)
            or len(mods) != n
            or not all(_is_int(m) and -MAX_MODIFIER <= m <= MAX_MODIFIER for m in mods)
        ):
            raise RuleViolation(
                f"Модификаторы смывки: по целому числу на каждого монстра ({R_FLEE}).", R_FLEE
            )
        totals = combat_totals(state.players, c)
        if totals.players_win:
            raise RuleViolation(
                f"Манчкины сильнее ({totals.players} против {totals.monsters}) — монстр убит, "
                f"смываться незачем ({R_COMBAT}).",
                R_COMBAT,
            )

    # turn
    def _check_turn_loot(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d)
        if state.phase != LOOT:
            raise RuleViolation(f"Нычки чистят в фазе «{PHASES[LOOT]}» ({R_PHASES}).", R_PHASES)
        if state.met_monster:
            raise RuleViolation(f"В этот ход был монстр — нычки не чистят ({R_PHASES}).", R_PHASES)
        if state.looted:
            raise RuleViolation(f"Нычки в этот ход уже почищены ({R_PHASES}).", R_PHASES)

    def _check_turn_charity(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "hand", "gifts", "discard")
        if state.phase != CHARITY:
            raise RuleViolation(
                f"Лишние карты раздают в фазе «{PHASES[CHARITY]}» ({R_PHASES}).", R_PHASES
            )
        if state.charity_done:
            raise RuleViolation(f"Лишние карты в этот ход уже розданы ({R_PHASES}).", R_PHASES)
        hand = _int(d, "hand", 0, 200, "Карт на руке")
        if hand <= HAND_LIMIT:
            raise RuleViolation(
                f"На руке {hand} карт — не больше {HAND_LIMIT}, раздавать нечего ({R_PHASES}).",
                R_PHASES,
            )
        gifts = d.get("gifts")
        n = len(state.players)
        if (
            not isinstance(gifts, list)
            or len(gifts) != n
            or not all(_is_int(g) and g >= 0 for g in gifts)
        ):
            raise RuleViolation("Подарки: по целому неотрицательному числу на каждого игрока.")
        discard = _int(d, "discard", 0, 200, "Сброшено карт")
        sizes = [0] * n
        sizes[state.active] = hand
        plan = charity(state.active, sizes, [p.level for p in state.players])
        if gifts[state.active]:
            raise RuleViolation("Себе карты не отдают.")
        if plan.discard:
            if discard != plan.discard or any(gifts):
                raise RuleViolation(
                    f"Ты сам(а) на самом низком уровне — лишние {plan.discard} карт(ы) просто "
                    f"сбрасываются ({R_PHASES}).",
                    R_PHASES,
                )
            return
        if discard or not plan.allows(gifts):
            raise RuleViolation(
                f"Лишние {plan.surplus} карт(ы) делятся как можно ровнее между манчкинами самого "
                f"низкого уровня ({R_PHASES}).",
                R_PHASES,
            )

    def _check_phase_next(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d)
        if state.combat is not None:
            raise RuleViolation(f"Пока бой не закончен, ход дальше не идёт ({R_PHASES}).", R_PHASES)

    def _check_seal_break(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d)

    def _check_game_winners(self, state: MunchkinState, d: Mapping[str, Any]) -> None:
        _only(d, "winners", "override")
        override = _flag(d)
        if state.seals < SEALS_TO_END and not override:
            raise RuleViolation(
                "Побеждает первый, кто получит 10-й уровень за убийство монстра; объявить "
                "победителя иначе можно после срыва седьмой сивучати или если карта прямо это "
                f"позволяет («{OVERRIDE_NOTE}») ({R_START_END}).",
                R_START_END,
            )
        w = d.get("winners")
        n = len(state.players)
        if (
            not isinstance(w, list)
            or not w
            or not all(_is_int(i) and 0 <= i < n for i in w)
            or len(set(w)) != len(w)
        ):
            raise RuleViolation("Назовите хотя бы одного победителя из сидящих за столом.")

    # -- apply ------------------------------------------------------------------------------------
    def apply(self, state: MunchkinState, event: Event) -> None:
        d = event.data
        t = event.type
        if d.get("override") is True:
            state.overrides.append(event.seq)
        if t == "level.change":
            state.players[d["player"]].level += d["delta"]
        elif t == "level.set":
            state.players[d["player"]].level = d["value"]
        elif t == "gear.change":
            state.players[d["player"]].gear += d["delta"]
        elif t == "gear.set":
            state.players[d["player"]].gear = d["value"]
        elif t == "player.class":
            state.players[d["player"]].klass = d["value"]
        elif t == "player.notes":
            state.players[d["player"]].notes = d["value"]
        elif t == "combat.start":
            fighter = d.get("fighter", state.active)
            state.combat = Combat(fighter, [_monster(d["monster"])])
            state.met_monster = True
        elif t == "combat.monster.add":
            state.combat.monsters.append(_monster(d["monster"]))
        elif t == "combat.monster.edit":
            m = state.combat.monsters[d["index"]]
            for key in _MONSTER_KEYS:
                if key in d:
                    setattr(m, key, d[key].strip() if key == "name" else d[key])
        elif t == "combat.monster.remove":
            c = state.combat
            gone = c.monsters.pop(d["index"])
            if not c.monsters:
                state.last_combat = {
                    "result": "removed",
                    "fighter": c.fighter,
                    "levels": 0,
                    "treasures": 0,
                    "monsters": [gone.name],
                }
                state.combat = None
        elif t == "combat.helper":
            state.combat.helper = d["player"]
        elif t == "combat.bonus":
            side = (
                state.combat.player_bonuses
                if d["side"] == "players"
                else state.combat.monster_bonuses
            )
            side.append(OneShot(d["value"], d.get("label", "")))
        elif t == "combat.bonus.remove":
            side = (
                state.combat.player_bonuses
                if d["side"] == "players"
                else state.combat.monster_bonuses
            )
            side.pop(d["index"])
        elif t == "combat.resolve":
            c = state.combat
            gained = sum(m.levels for m in c.monsters)
            sheet = state.players[c.fighter]
            before = sheet.level
            sheet.level = min(MAX_LEVEL, sheet.level + gained)
            state.last_combat = {
                "result": "won",
                "fighter": c.fighter,
                "helper": c.helper,
                "levels": sheet.level - before,
                "treasures": sum(m.treasures for m in c.monsters),
                "monsters": [m.name for m in c.monsters],
            }
            state.combat = None
        elif t == "combat.flee":
            c = state.combat
            ok = escapes(d["rolls"], d.get("modifier", 0), d.get("modifiers"))
            state.last_combat = {
                "result": "fled",
                "fighter": c.fighter,
                "helper": c.helper,
                "levels": 0,
                "treasures": 0,
                "monsters": [m.name for m in c.monsters],
                "caught": [m.name for m, e in zip(c.monsters, ok, strict=False) if not e],
            }
            state.fled = True
            state.combat = None
        elif t == "turn.loot":
            state.looted = True
        elif t == "turn.charity":
            state.charity_done = True
        elif t == "phase.next":
            self._advance(state)
        elif t == "seal.break":
            state.seals += 1
        elif t == "game.winners":
            state.winners = sorted(d["winners"])
            state.winner_reason = (
                "сорвана седьмая сивучать, победителя назвал стол"
                if state.seals >= SEALS_TO_END
                else f"победа по карте ({OVERRIDE_NOTE})"
            )

    def _next_phase(self, state: MunchkinState) -> int | None:
        """The phase after the current one (``None``: the turn passes). A met monster skips
        «Ищем неприятности» and «Чистим нычки» («Фазы хода»)."""
        if state.phase in (KICK, TROUBLE) and state.met_monster:
            return CHARITY
        return state.phase + 1 if state.phase < CHARITY else None

    def _advance(self, state: MunchkinState) -> None:
        nxt = self._next_phase(state)
        if nxt is not None:
            state.phase = nxt
            return
        state.active = (state.active + 1) % len(state.players)
        state.turn += 1
        state.phase = KICK
        state.met_monster = state.fled = state.looted = state.charity_done = False
        state.last_combat = None

    # -- outcome and flow ---------------------------------------------------------------------------
    def _level_winners(self, state: MunchkinState) -> list[int]:
        return [i for i, p in enumerate(state.players) if p.level >= MAX_LEVEL]

    def outcome(self, state: MunchkinState) -> Outcome | None:
        top = self._level_winners(state)
        if top:
            return Outcome(tuple(top), "10-й уровень достигнут.")
        if state.winners is not None:
            return Outcome(tuple(state.winners), state.winner_reason.capitalize() + ".")
        return None

    def active_player(self, state: MunchkinState) -> int | None:
        return state.active

    def turn_number(self, state: MunchkinState) -> int:
        return state.turn

    def current_phase(self, state: MunchkinState) -> str | None:
        return PHASES[state.phase]

    def scores(self, state: MunchkinState) -> dict[int, float]:
        return {i: float(p.level) for i, p in enumerate(state.players)}

    def totals(self, state: MunchkinState) -> CombatTotals | None:
        """Both sides of the open combat, or ``None`` (see :func:`combat_totals`)."""
        return combat_totals(state.players, state.combat) if state.combat else None

    # -- log lines --------------------------------------------------------------------------------------
    def describe(self, state: MunchkinState, event: Event, setup: Setup) -> str:
        d = event.data
        t = event.type
        names = setup.names
        note = f" — {OVERRIDE_NOTE}" if d.get("override") is True else ""
        c = state.combat

        def who(key: str = "player") -> str:
            return names[d[key]]

        if t in ("level.change", "level.set"):
            old = state.players[d["player"]].level
            new = old + d["delta"] if t == "level.change" else d["value"]
            win = "; 10-й уровень — победа!" if new == MAX_LEVEL else ""
            return f"{who()}: уровень {old}, теперь {new}{note}{win}"
        if t in ("gear.change", "gear.set"):
            old = state.players[d["player"]].gear
            new = old + d["delta"] if t == "gear.change" else d["value"]
            return f"{who()}: бонус шмоток {old:+d}, теперь {new:+d}{note}"
        if t == "player.class":
            return f"{who()}: класс — {d['value'] or 'нет'}"
        if t == "player.notes":
            return f"{who()}: заметки обновлены"
        if t == "combat.start":
            m = _monster(d["monster"])
            fighter = names[d.get("fighter", state.active)]
            return f"Бой: {fighter} против «{m.name}» (сила {m.strength}){note}"
        if t == "combat.monster.add":
            m = _monster(d["monster"])
            return f"В бой вступает «{m.name}» (сила {m.strength})"
        if t == "combat.monster.edit":
            m = c.monsters[d["index"]]
            changes = ", ".join(f"{_MONSTER_LABELS[k]} {d[k]}" for k in _MONSTER_KEYS if k in d)
            return f"Монстр «{m.name}»: {changes}"
        if t == "combat.monster.remove":
            m = c.monsters[d["index"]]
            end = "; бой окончен без уровней" if len(c.monsters) == 1 else ""
            return f"«{m.name}» уходит из боя без убийства — уровня за него нет{end}"
        if t == "combat.helper":
            if d["player"] is None:
                return f"{names[c.helper]} больше не помогает"
            return f"{who()} помогает игроку {names[c.fighter]}"
        if t == "combat.bonus":
            side = "манчкинам" if d["side"] == "players" else "монстрам"
            label = f" ({d['label']})" if d.get("label") else ""
            return f"Разовая карта{label}: {d['value']:+d} {side}"
        if t == "combat.bonus.remove":
            side = c.player_bonuses if d["side"] == "players" else c.monster_bonuses
            return f"Разовая карта {side[d['index']].value:+d} убрана из боя"
        if t == "combat.resolve":
            totals = combat_totals(state.players, c)
            gained = min(
                MAX_LEVEL, state.players[c.fighter].level + sum(m.levels for m in c.monsters)
            )
            treasures = sum(m.treasures for m in c.monsters)
            return (
                f"Победа {totals.players}:{totals.monsters}! {names[c.fighter]}: уровень "
                f"{state.players[c.fighter].level}, теперь {gained}; сокровищ тянуть: {treasures}; "
                "разовые карты сбрасываются"
            )
        if t == "combat.flee":
            ok = escapes(d["rolls"], d.get("modifier", 0), d.get("modifiers"))
            parts = [
                f"«{m.name}»: {r} — {'смылся' if e else 'догнал'}"
                for m, r, e in zip(c.monsters, d["rolls"], ok, strict=False)
            ]
            tail = "" if all(ok) else "; последствия — по карте монстра"
            return (
                f"{names[c.fighter]} смывается: "
                + ", ".join(parts)
                + tail
                + "; разовые карты сбрасываются"
            )
        if t == "turn.loot":
            return f"{names[state.active]} чистит нычки: берёт Дверь на руку"
        if t == "turn.charity":
            gifts = ", ".join(f"{names[i]} {g}" for i, g in enumerate(d["gifts"]) if g)
            if d["discard"]:
                return f"{names[state.active]} сбрасывает лишние карты: {d['discard']}"
            return f"{names[state.active]} раздаёт лишние карты: {gifts}"
        if t == "phase.next":
            nxt = self._next_phase(state)
            if nxt is None:
                return f"Ход переходит к игроку {names[(state.active + 1) % len(names)]}"
            return f"Фаза «{PHASES[nxt]}»"
        if t == "seal.break":
            n = state.seals + 1
            end = " — игра окончена, стол называет победителя" if n >= SEALS_TO_END else ""
            return f"Сорвана сивучать: {n} из {SEALS_TO_END}{end}"
        if t == "game.winners":
            return "Победа: " + ", ".join(names[i] for i in d["winners"]) + note
        return t


#: The registered definition.
MUNCHKIN = Munchkin()
