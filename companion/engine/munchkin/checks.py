"""Манчкин Апокалипсис: the referee — which events the rules allow now.

:func:`check` refuses an illegal event with :class:`~companion.errors.RuleViolation` (a Russian
sentence naming the rulebook heading); it never changes the state. Event shapes are listed in
the package docstring (:mod:`companion.engine.munchkin`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.engine.core import Event
from companion.engine.munchkin.charity import charity
from companion.engine.munchkin.combat import combat_totals
from companion.engine.munchkin.constants import (
    CHARITY,
    HAND_LIMIT,
    KICK,
    LOOT,
    MAX_BONUS,
    MAX_LEVEL,
    MAX_MODIFIER,
    MIN_LEVEL,
    OVERRIDE_NOTE,
    PHASES,
    R_COMBAT,
    R_CONFLICTS,
    R_FLEE,
    R_HELP,
    R_MANY,
    R_PHASES,
    R_START_END,
    SEALS_TO_END,
    SIDES,
    TROUBLE,
)
from companion.engine.munchkin.fields import (
    _check_monster_fields,
    _flag,
    _int,
    _is_int,
    _text,
)
from companion.engine.munchkin.state import Combat, MunchkinState
from companion.errors import RuleViolation

__all__ = ["check", "level_winners"]

Check = Callable[[MunchkinState, Mapping[str, Any]], None]


def level_winners(state: MunchkinState) -> list[int]:
    """Players who reached level 10 (the game is won, «Начало игры, конец игры»)."""
    return [i for i, p in enumerate(state.players) if p.level >= MAX_LEVEL]


def check(state: MunchkinState, event: Event, title: str) -> None:
    """Refuse ``event`` if the rules do not allow it now.

    :param title: the game's Russian title (for the «no such action» message).
    :raises RuleViolation: unknown event type, the game is over, or the event's own rule.
    """
    handler = CHECKS.get(event.type)
    if handler is None:
        raise RuleViolation(f"В игре «{title}» нет действия «{event.type}».")
    if state.winners is not None or level_winners(state):
        raise RuleViolation("Игра уже окончена: новые ходы не принимаются.", R_START_END)
    if state.seals >= SEALS_TO_END and event.type != "game.winners":
        raise RuleViolation(
            "Сорвана седьмая сивучать — игра окончена; осталось записать победителя "
            f"({R_START_END}).",
            R_START_END,
        )
    handler(state, event.data)


def _player(state: MunchkinState, d: Mapping[str, Any], key: str = "player") -> int:
    p = d.get(key)
    if not _is_int(p) or not 0 <= p < len(state.players):
        raise RuleViolation("Такого игрока нет за столом.")
    return p


def _check_level_change(state: MunchkinState, d: Mapping[str, Any]) -> None:
    """A level step. A loss that would go below level 1 is accepted and stops at level 1
    (rule 1 of «Противоречия между правилами и картами»); a loss at level 1 is refused."""
    p = _player(state, d)
    delta = _int(d, "delta", -MAX_LEVEL, MAX_LEVEL, "Изменение уровня")
    if delta == 0:
        raise RuleViolation("Изменение уровня на ноль ничего не меняет.")
    old = state.players[p].level
    if delta < 0 and old == MIN_LEVEL:
        raise RuleViolation(
            f"Уровень уже {MIN_LEVEL}-й — ниже манчкин не опускается, терять нечего "
            f"({R_CONFLICTS}).",
            R_CONFLICTS,
        )
    _check_new_level(state, p, max(MIN_LEVEL, old + delta), _flag(d))


def _check_level_set(state: MunchkinState, d: Mapping[str, Any]) -> None:
    p = _player(state, d)
    value = _int(d, "value", -MAX_BONUS, MAX_BONUS, "Уровень")
    if value == state.players[p].level:
        raise RuleViolation(f"Уровень уже равен {value}.")
    _check_new_level(state, p, value, _flag(d))


def _check_new_level(state: MunchkinState, p: int, new: int, override: bool) -> None:
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


def _check_gear_change(state: MunchkinState, d: Mapping[str, Any]) -> None:
    p = _player(state, d)
    delta = _int(d, "delta", -MAX_BONUS, MAX_BONUS, "Изменение бонуса шмоток")
    if delta == 0:
        raise RuleViolation("Изменение бонуса на ноль ничего не меняет.")
    if abs(state.players[p].gear + delta) > MAX_BONUS:
        raise RuleViolation(f"Бонус шмоток не может выйти за ±{MAX_BONUS}.")
    _check_gear_in_combat(state, p, _flag(d))


def _check_gear_set(state: MunchkinState, d: Mapping[str, Any]) -> None:
    p = _player(state, d)
    value = _int(d, "value", -MAX_BONUS, MAX_BONUS, "Бонус шмоток")
    if value == state.players[p].gear:
        raise RuleViolation(f"Бонус шмоток уже равен {value}.")
    _check_gear_in_combat(state, p, _flag(d))


def _check_gear_in_combat(state: MunchkinState, p: int, override: bool) -> None:
    """While a combat is open nobody's gear changes — only one-shots are played («Бой»);
    ``override`` (the table confirms a card did it) lets the change through, logged."""
    c = state.combat
    if c is None or override:
        return
    who = "сражающегося" if p == c.fighter else "помощника" if p == c.helper else "игрока"
    raise RuleViolation(
        f"Идёт бой: шмотки {who} не меняются — в бою нельзя надевать, снимать, продавать или "
        "менять шмотки, играют только разовые карты; если это сделала карта, подтвердите "
        f"«{OVERRIDE_NOTE}» ({R_COMBAT}).",
        R_COMBAT,
    )


def _check_player_class(state: MunchkinState, d: Mapping[str, Any]) -> None:
    _player(state, d)
    _text(d, "value", "Класс")


def _check_player_notes(state: MunchkinState, d: Mapping[str, Any]) -> None:
    _player(state, d)
    _text(d, "value", "Заметки")


# combat
def _need_combat(state: MunchkinState) -> Combat:
    if state.combat is None:
        raise RuleViolation(f"Сейчас никто не бьётся с монстром ({R_COMBAT}).", R_COMBAT)
    return state.combat


def _check_combat_start(state: MunchkinState, d: Mapping[str, Any]) -> None:
    override = _flag(d)
    if state.combat is not None:
        raise RuleViolation(
            f"Бой уже идёт: нового монстра добавляют в текущий бой ({R_MANY}).",
            R_MANY,
        )
    _check_monster_fields(d.get("monster"))
    fighter = _player(state, d, "fighter") if "fighter" in d else state.active
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


def _check_combat_monster_add(state: MunchkinState, d: Mapping[str, Any]) -> None:
    _need_combat(state)
    _check_monster_fields(d.get("monster"))


def _monster_index(combat: Combat, d: Mapping[str, Any]) -> int:
    i = d.get("index")
    if not _is_int(i) or not 0 <= i < len(combat.monsters):
        raise RuleViolation("Такого монстра в бою нет.")
    return i


def _check_combat_monster_edit(state: MunchkinState, d: Mapping[str, Any]) -> None:
    c = _need_combat(state)
    _monster_index(c, d)
    _check_monster_fields(d, partial=True)
    if set(d) == {"index"}:
        raise RuleViolation("Не указано, что изменить у монстра.")


def _check_combat_monster_remove(state: MunchkinState, d: Mapping[str, Any]) -> None:
    _monster_index(_need_combat(state), d)


def _check_combat_helper(state: MunchkinState, d: Mapping[str, Any]) -> None:
    c = _need_combat(state)
    if d.get("player") is None:
        if c.helper is None:
            raise RuleViolation(f"Помощника и так нет ({R_HELP}).", R_HELP)
        return
    p = _player(state, d)
    if p == c.fighter:
        raise RuleViolation(f"Нельзя помогать самому себе ({R_HELP}).", R_HELP)
    if c.helper is not None:
        raise RuleViolation(
            f"Помощник может быть только один — сначала отпустите нынешнего ({R_HELP}).", R_HELP
        )


def _side(d: Mapping[str, Any]) -> str:
    side = d.get("side")
    if side not in SIDES:
        raise RuleViolation("Сторона боя: «players» (манчкины) или «monsters» (монстры).")
    return str(side)


def _check_combat_bonus(state: MunchkinState, d: Mapping[str, Any]) -> None:
    _need_combat(state)
    _side(d)
    if _int(d, "value", -MAX_BONUS, MAX_BONUS, "Бонус разовой карты") == 0:
        raise RuleViolation("Разовая карта с бонусом 0 ничего не меняет.")
    if "label" in d:
        _text(d, "label", "Название карты")


def _check_combat_bonus_remove(state: MunchkinState, d: Mapping[str, Any]) -> None:
    c = _need_combat(state)
    bonuses = c.player_bonuses if _side(d) == "players" else c.monster_bonuses
    i = d.get("index")
    if not _is_int(i) or not 0 <= i < len(bonuses):
        raise RuleViolation("Такой разовой карты в бою нет.")


def _check_combat_resolve(state: MunchkinState, d: Mapping[str, Any]) -> None:
    c = _need_combat(state)
    totals = combat_totals(state.players, c)
    if not totals.players_win:
        raise RuleViolation(
            f"Монстры не слабее ({totals.monsters} против {totals.players}) — при равенстве "
            f"побеждают монстры; нужно больше силы или смываться ({R_COMBAT}).",
            R_COMBAT,
        )


def _check_rolls(d: Mapping[str, Any], key: str, n: int, who: str) -> None:
    rolls = d.get(key)
    if (
        not isinstance(rolls, list)
        or len(rolls) != n
        or not all(_is_int(r) and 1 <= r <= 6 for r in rolls)
    ):
        raise RuleViolation(
            f"{who} смывается от каждого монстра отдельно: нужно {n} результат(а) кубика "
            f"от 1 до 6 ({R_FLEE}).",
            R_FLEE,
        )


def _check_combat_flee(state: MunchkinState, d: Mapping[str, Any]) -> None:
    """«Смываемся»: one die per monster for the fighter and, when someone helped («Зовём на
    помощь»), one per monster for the helper too — a lost fight with help sends both
    running, each on their own dice and their own modifier (``helper_rolls``,
    ``helper_modifier``); the monsters' own modifiers (fast, slow) count for both."""
    c = _need_combat(state)
    n = len(c.monsters)
    _check_rolls(d, "rolls", n, "Сражающийся")
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
    if c.helper is None:
        if "helper_rolls" in d or "helper_modifier" in d:
            raise RuleViolation(
                f"Помощника в бою нет — смывается только сражающийся ({R_FLEE}).", R_FLEE
            )
    else:
        _check_rolls(d, "helper_rolls", n, "Помощник тоже")
        if "helper_modifier" in d:
            _int(d, "helper_modifier", -MAX_MODIFIER, MAX_MODIFIER, "Модификатор смывки помощника")
    totals = combat_totals(state.players, c)
    if totals.players_win:
        raise RuleViolation(
            f"Манчкины сильнее ({totals.players} против {totals.monsters}) — монстр убит, "
            f"смываться незачем ({R_COMBAT}).",
            R_COMBAT,
        )


# turn
def _check_turn_loot(state: MunchkinState, d: Mapping[str, Any]) -> None:
    if state.phase != LOOT:
        raise RuleViolation(f"Нычки чистят в фазе «{PHASES[LOOT]}» ({R_PHASES}).", R_PHASES)
    if state.met_monster:
        raise RuleViolation(f"В этот ход был монстр — нычки не чистят ({R_PHASES}).", R_PHASES)
    if state.looted:
        raise RuleViolation(f"Нычки в этот ход уже почищены ({R_PHASES}).", R_PHASES)


def _check_turn_charity(state: MunchkinState, d: Mapping[str, Any]) -> None:
    """«От щедрот» («Фазы хода»): the surplus over 5 cards goes to the lowest-level munchkins
    as evenly as possible (the odd cards, one each, to recipients the giver picks), or is
    discarded if the giver is among the lowest. Never more cards than the surplus, never more
    odd cards than are left after the even split (see :class:`~.charity.CharityPlan`)."""
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
    given = sum(gifts)
    if given > plan.surplus:
        raise RuleViolation(
            f"Лишних карт {plan.surplus}, а роздано {given} — больше, чем есть ({R_PHASES}).",
            R_PHASES,
        )
    odd = [i for i in plan.recipients if gifts[i] > plan.shares.get(i, 0)]
    if len(odd) > plan.extra:
        raise RuleViolation(
            f"После ровного дележа остаётся лишних карт: {plan.extra}; по одной сверху "
            f"получают не больше {plan.extra} манчкин(ов), а отмечено {len(odd)} ({R_PHASES}).",
            R_PHASES,
        )
    if discard or not plan.allows(gifts):
        raise RuleViolation(
            f"Лишние {plan.surplus} карт(ы) делятся как можно ровнее между манчкинами самого "
            f"низкого уровня ({R_PHASES}).",
            R_PHASES,
        )


def _check_phase_next(state: MunchkinState, d: Mapping[str, Any]) -> None:
    if state.combat is not None:
        raise RuleViolation(f"Пока бой не закончен, ход дальше не идёт ({R_PHASES}).", R_PHASES)


def _check_seal_break(state: MunchkinState, d: Mapping[str, Any]) -> None:
    """Any time: a seal breaks when a card says so (the door has checked ``{}``)."""


def _check_game_winners(state: MunchkinState, d: Mapping[str, Any]) -> None:
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


#: Event type → its check.
CHECKS: dict[str, Check] = {
    "level.change": _check_level_change,
    "level.set": _check_level_set,
    "gear.change": _check_gear_change,
    "gear.set": _check_gear_set,
    "player.class": _check_player_class,
    "player.notes": _check_player_notes,
    "combat.start": _check_combat_start,
    "combat.monster.add": _check_combat_monster_add,
    "combat.monster.edit": _check_combat_monster_edit,
    "combat.monster.remove": _check_combat_monster_remove,
    "combat.helper": _check_combat_helper,
    "combat.bonus": _check_combat_bonus,
    "combat.bonus.remove": _check_combat_bonus_remove,
    "combat.resolve": _check_combat_resolve,
    "combat.flee": _check_combat_flee,
    "turn.loot": _check_turn_loot,
    "turn.charity": _check_turn_charity,
    "phase.next": _check_phase_next,
    "seal.break": _check_seal_break,
    "game.winners": _check_game_winners,
}
