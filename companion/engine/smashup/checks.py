"""Замес: what the referee refuses — each check raises RuleViolation naming the rule."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeGuard

from companion.engine.core import Event
from companion.engine.smashup.scoring import (
    effective_breakpoint,
    is_ready,
    next_drafter,
    plays_left,
    ready_bases,
    total_power,
    unused_extras,
)
from companion.engine.smashup.state import (
    CHECK,
    FREE_PLAYS,
    MAX_BASE_VP,
    MAX_BREAKPOINT,
    MAX_MADNESS,
    MAX_MINIONS,
    MAX_NAME,
    MAX_POWER,
    MAX_VP,
    PHASES,
    PLAY,
    PLAY_KINDS,
    START,
    BaseState,
    SmashUpState,
)
from companion.errors import RuleViolation


def _is_int(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def base_card_error(card: Any) -> str | None:
    """Why a base dict is malformed (a Russian sentence naming the field), or ``None``.

    A base has a name, a printed breakpoint of at least 1 and VP for the 1st, 2nd and 3rd
    place that never grow from left to right (1st ≥ 2nd ≥ 3rd ≥ 0; «Раздача очков»).
    """
    if not isinstance(card, Mapping):
        return "Базу нужно описать: название, оборона и три числа очков."
    if set(card) - {"name", "breakpoint", "vp", "set"}:
        return "В описании базы есть лишние поля."
    name = card.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        return f"У базы должно быть название (до {MAX_NAME} знаков)."
    label = f"базы «{name.strip()}»"
    bp = card.get("breakpoint")
    if not _is_int(bp) or not 1 <= bp <= MAX_BREAKPOINT:
        return f"Оборона {label} должна быть целым числом от 1 до {MAX_BREAKPOINT}."
    vp = card.get("vp")
    if (
        not isinstance(vp, (list, tuple))
        or len(vp) != 3
        or not all(_is_int(v) and 0 <= v <= MAX_BASE_VP for v in vp)
    ):
        return f"У {label} должно быть три числа очков (1-е, 2-е, 3-е место) от 0 до {MAX_BASE_VP}."
    if not vp[0] >= vp[1] >= vp[2]:
        return (
            f"Очки {label} за места идут по убыванию: за 1-е не меньше, чем за 2-е, за 2-е "
            f"не меньше, чем за 3-е, а указано {vp[0]}/{vp[1]}/{vp[2]} (Раздача очков)."
        )
    bset = card.get("set")
    if bset is not None and not isinstance(bset, str):
        return "Набор базы должен быть строкой."
    return None


#: The former private name, kept for existing imports.
_base_card_error = base_card_error


def _faction_error(deck: Sequence[str], name: Any) -> str | None:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        return f"Название фракции должно быть непустым (до {MAX_NAME} знаков)."
    if name.strip().casefold() in {f.casefold() for f in deck}:
        return (
            f"Фракция «{name.strip()}» уже есть в этой колоде: в колоде должны быть две разные "
            f"фракции (Подготовка к игре)."
        )
    if len(deck) >= 2:
        return "В колоде уже две фракции (Подготовка к игре)."
    return None


# -- rules ------------------------------------------------------------------------------
def check(state: SmashUpState, event: Event, title: str = "Замес") -> None:
    """Refuse an illegal event.

    :raises RuleViolation: with a Russian sentence naming the rule (``rule=`` its heading).
    """
    rule = _CHECKS.get(event.type)
    if rule is None:
        raise RuleViolation(f"В игре «{title}» нет действия «{event.type}».")
    rule(state, event.data)


def _player(state: SmashUpState, d: Mapping[str, Any]) -> int:
    p = d.get("player")
    if not _is_int(p) or not 0 <= p < state.players:
        raise RuleViolation("Такого игрока нет за столом.")
    return p


def _base(state: SmashUpState, d: Mapping[str, Any]) -> BaseState:
    b = d.get("base")
    if not _is_int(b) or not 0 <= b < len(state.bases):
        raise RuleViolation("Такой базы нет на столе.")
    return state.bases[b]


def _in_play(state: SmashUpState) -> None:
    if not state.started:
        raise RuleViolation(
            "Игра ещё не началась: сначала закончите подготовку (Подготовка к игре).",
            rule="Подготовка к игре",
        )


def _check_faction_pick(state: SmashUpState, d: Mapping[str, Any]) -> None:
    if state.started:
        raise RuleViolation(
            "Фракции выбирают до начала игры (Подготовка к игре).", rule="Подготовка к игре"
        )
    p = _player(state, d)
    err = _faction_error(state.factions[p], d.get("faction"))
    if err:
        raise RuleViolation(err, rule="Подготовка к игре")
    name = d["faction"].strip()
    # with two boxes («Подготовка к игре») opponents may share a faction; a deck never
    # holds one twice (``_faction_error`` above)
    if not state.two_boxes and any(
        name.casefold() in {f.casefold() for f in deck} for deck in state.factions
    ):
        raise RuleViolation(
            f"Фракция «{name}» уже в колоде другого игрока: с одной коробкой каждая фракция "
            f"на столе одна (Подготовка к игре). С двумя коробками — включите опцию "
            f"«Две коробки» в новой игре.",
            rule="Подготовка к игре",
        )
    if state.draft:
        nxt = next_drafter(state.factions, state.first)
        if nxt != p:
            raise RuleViolation(
                "Сейчас не очередь этого игрока выбирать фракцию: первые фракции берут по "
                "часовой стрелке от первого игрока, вторые — в обратном порядке "
                "(Договоримся как взрослые).",
                rule="Договоримся как взрослые",
            )


def _check_base_add(state: SmashUpState, d: Mapping[str, Any]) -> None:
    err = base_card_error(d.get("base_card"))
    if err:
        raise RuleViolation(err)


def _check_base_replace(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _base(state, d)
    err = base_card_error(d.get("base_card"))
    if err:
        raise RuleViolation(err)
    if not isinstance(d.get("keep_minions", False), bool):
        raise RuleViolation("«keep_minions» должно быть да/нет.")
    if state.selected is not None:
        raise RuleViolation("Сначала захватите выбранную базу (Большой куш).", rule="Большой куш")


def _check_game_start(state: SmashUpState, d: Mapping[str, Any]) -> None:
    if state.started:
        raise RuleViolation("Игра уже идёт.")
    short = [i for i, deck in enumerate(state.factions) if len(deck) < 2]
    if short:
        raise RuleViolation(
            "Не у всех игроков выбраны две фракции (Подготовка к игре).",
            rule="Подготовка к игре",
        )
    need = state.players + 1
    if len(state.bases) != need:
        raise RuleViolation(
            f"На столе должно быть {need} баз — по одной на игрока и ещё одна, "
            f"а выложено {len(state.bases)} (Подготовка к игре).",
            rule="Подготовка к игре",
        )


def _check_power_change(state: SmashUpState, d: Mapping[str, Any], delta: bool) -> None:
    _in_play(state)
    base = _base(state, d)
    p = _player(state, d)
    if "power" not in d and "minions" not in d:
        raise RuleViolation("Укажите силу или число приспешников.")
    for key, cur, top, what in (
        ("power", base.power[p], MAX_POWER, "Сила"),
        ("minions", base.minions[p], MAX_MINIONS, "Число приспешников"),
    ):
        if key not in d:
            continue
        v = d[key]
        if not _is_int(v):
            raise RuleViolation(f"{what} — целое число.")
        if delta and v == 0:
            raise RuleViolation("Изменение на ноль ничего не меняет.")
        new = cur + v if delta else v
        if new < 0:
            raise RuleViolation(
                f"{what} игрока на базе не может быть меньше нуля (Всё остальное).",
                rule="Всё остальное",
            )
        if new > top:
            raise RuleViolation(f"{what} на базе не может превышать {top}.")


def _check_base_set(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _check_power_change(state, d, delta=False)


def _check_base_adjust(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _check_power_change(state, d, delta=True)


def _check_breakpoint_modify(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _in_play(state)
    base = _base(state, d)
    delta = d.get("delta")
    if not _is_int(delta) or delta == 0 or abs(delta) > MAX_BREAKPOINT:
        raise RuleViolation(f"Изменение обороны — ненулевое целое число до ±{MAX_BREAKPOINT}.")
    if d.get("until", "turn") not in ("turn", "base"):
        raise RuleViolation("Срок изменения обороны: до конца хода или пока база в игре.")
    total = base.mod_turn + base.mod_base + delta
    if abs(total) > MAX_BREAKPOINT * 2:
        raise RuleViolation("Слишком большое изменение обороны.")


def _check_base_select(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _scoring_window(state)
    base = _base(state, d)
    if state.selected is not None:
        raise RuleViolation(
            f"Уже выбрана база «{state.bases[state.selected].name}»: сначала захватите её "
            f"(Большой куш).",
            rule="Большой куш",
        )
    if not is_ready(base):
        raise _not_ready(base)


def _scoring_window(state: SmashUpState) -> None:
    _in_play(state)
    if state.phase != CHECK:
        name = PHASES[state.edition][CHECK]
        raise RuleViolation(
            f"Базы захватывают в фазе «{name}» (Вот как это делается).",
            rule="Вот как это делается",
        )


def _not_ready(base: BaseState) -> RuleViolation:
    return RuleViolation(
        f"База «{base.name}» не готова к захвату: общая сила {total_power(base)} меньше "
        f"обороны {effective_breakpoint(base)} (Большой куш).",
        rule="Большой куш",
    )


def _check_base_score(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _scoring_window(state)
    base = _base(state, d)
    if state.selected is not None and state.selected != d["base"]:
        raise RuleViolation(
            f"Выбрана база «{state.bases[state.selected].name}»: сначала захватывают её "
            f"(Большой куш).",
            rule="Большой куш",
        )
    if state.selected is None and not is_ready(base):
        raise _not_ready(base)
    card = d.get("base_card")
    deck_empty = d.get("deck_empty", False)
    if not isinstance(deck_empty, bool):
        raise RuleViolation("«Колода баз пуста» — да или нет.")
    corners = "Разойтись по углам!"
    if card is None:
        if not deck_empty and state.edition == "bbrr":
            # «Мишки»: a base always comes (an empty deck is the reshuffled discard), so
            # marking the deck empty is no way out (play-test)
            raise RuleViolation(
                f"Укажите новую базу: верхнюю из колоды, а если колода пуста — из "
                f"перемешанного сброса ({corners}).",
                rule=corners,
            )
        if not deck_empty:
            raise RuleViolation(
                f"Укажите новую базу из колоды или отметьте, что колода баз пуста ({corners}).",
                rule=corners,
            )
        if state.edition == "bbrr":
            raise RuleViolation(
                f"Колода баз пуста — перемешайте сброс баз и откройте из него новую базу "
                f"({corners}).",
                rule=corners,
            )
        return
    if deck_empty:
        raise RuleViolation("Укажите новую базу или что колода баз пуста — не то и другое сразу.")
    err = base_card_error(card)
    if err:
        raise RuleViolation(err)


def _check_play_record(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _in_play(state)
    kind = d.get("kind")
    if kind not in FREE_PLAYS:
        raise RuleViolation("Сыграть можно приспешника (minion) или действие (action).")
    _check_play(state, kind, d.get("extra", False))


def _check_play(state: SmashUpState, kind: str, extra: Any) -> None:
    """One card of ``kind`` played now: in «Играй карты» while plays are left; in another phase
    only an extra play a card granted, played at once («Всё остальное», «Добавочные карты»)."""
    if not isinstance(extra, bool):
        raise RuleViolation("Отметка «добавочная карта» — да или нет.")
    heading = "Всё остальное" if state.edition == "bbrr" else "Добавочные карты"
    if state.phase != PLAY and not extra:
        raise RuleViolation(
            f"Карты играют в фазе «{PHASES[state.edition][PLAY]}»; в другой фазе можно "
            f"сыграть только добавочную карту, полученную от свойства, и сразу же "
            f"({heading}).",
            rule=heading,
        )
    if extra and unused_extras(state)[kind] <= 0:
        raise RuleViolation(
            f"Добавочной карты ({PLAY_KINDS[kind]}) в этот ход не получено или она уже "
            f"сыграна: сначала отметьте, что свойство дало добавочную карту (Добавочные карты).",
            rule="Добавочные карты",
        )
    if plays_left(state)[kind] <= 0:
        raise RuleViolation(
            f"В этот ход больше нельзя сыграть {PLAY_KINDS[kind]}: бесплатный розыгрыш "
            f"и добавочные карты использованы (Добавочные карты).",
            rule="Добавочные карты",
        )


def _check_play_minion(state: SmashUpState, d: Mapping[str, Any]) -> None:
    """The active player plays a minion from hand onto a base («Играй карты»: one minion
    a turn, plus extra ones granted): a minion play and one more minion there, with its
    power (``power``, 0 or more) added to the player's total there."""
    _in_play(state)
    base = _base(state, d)
    _check_play(state, "minion", d.get("extra", False))
    if base.minions[state.active] + 1 > MAX_MINIONS:
        raise RuleViolation(f"Число приспешников на базе не может превышать {MAX_MINIONS}.")
    power = d.get("power", 0)
    if not _is_int(power) or power < 0:
        raise RuleViolation("Сила приспешника — целое число от 0.")
    if base.power[state.active] + power > MAX_POWER:
        raise RuleViolation(f"Сила на базе не может превышать {MAX_POWER}.")


def _check_play_grant(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _in_play(state)
    if d.get("kind") not in FREE_PLAYS:
        raise RuleViolation("Добавочной может быть карта приспешника или действия.")
    count = d.get("count", 1)
    if not _is_int(count) or not 1 <= count <= 20:
        raise RuleViolation("Число добавочных карт — от 1 до 20.")


def _check_phase_next(state: SmashUpState, d: Mapping[str, Any]) -> None:
    _in_play(state)
    if state.phase == CHECK and (state.selected is not None or ready_bases(state)):
        i = state.selected if state.selected is not None else ready_bases(state)[0]
        raise RuleViolation(
            f"База «{state.bases[i].name}» готова к захвату: её нужно захватить, прежде "
            f"чем идти дальше (Большой куш).",
            rule="Большой куш",
        )


def _check_phase_pass(state: SmashUpState, d: Mapping[str, Any]) -> None:
    """«Закончить ход»: from «Играй карты» or a later phase, through the phases where the
    table has nothing to do (see :func:`~.flow.pass_phases`)."""
    _check_phase_next(state, d)
    if state.phase == START:
        raise RuleViolation(
            f"Закончить ход можно с фазы «{PHASES[state.edition][PLAY]}»: сейчас "
            f"«{PHASES[state.edition][START]}» (Вот как это делается).",
            rule="Вот как это делается",
        )


def _check_vp_adjust(state: SmashUpState, d: Mapping[str, Any]) -> None:
    p = _player(state, d)
    delta = d.get("delta")
    if not _is_int(delta) or delta == 0:
        raise RuleViolation("Изменение очков — ненулевое целое число.")
    if state.vp[p] + delta < 0:
        raise RuleViolation(
            f"Победных очков не может стать меньше нуля: сейчас {state.vp[p]}.",
            rule="Раздача очков",
        )
    if state.vp[p] + delta > MAX_VP:
        raise RuleViolation(f"Больше {MAX_VP} победных очков не бывает.")


def _check_madness_adjust(state: SmashUpState, d: Mapping[str, Any]) -> None:
    if not state.madness_on:
        raise RuleViolation(
            "Карты безумия не учитываются: опция безумия выключена (Самое главное).",
            rule="Самое главное",
        )
    p = _player(state, d)
    delta = d.get("delta")
    if not _is_int(delta) or delta == 0:
        raise RuleViolation("Изменение числа карт безумия — ненулевое целое число.")
    new = state.madness[p] + delta
    if not 0 <= new <= MAX_MADNESS:
        raise RuleViolation(f"Карт безумия может быть от 0 до {MAX_MADNESS}.")


_CHECKS: dict[str, Callable[[SmashUpState, Mapping[str, Any]], None]] = {
    "faction.pick": _check_faction_pick,
    "base.add": _check_base_add,
    "base.replace": _check_base_replace,
    "game.start": _check_game_start,
    "base.set": _check_base_set,
    "base.adjust": _check_base_adjust,
    "breakpoint.modify": _check_breakpoint_modify,
    "base.select": _check_base_select,
    "base.score": _check_base_score,
    "play.record": _check_play_record,
    "play.minion": _check_play_minion,
    "play.grant": _check_play_grant,
    "phase.next": _check_phase_next,
    "phase.pass": _check_phase_pass,
    "vp.adjust": _check_vp_adjust,
    "madness.adjust": _check_madness_adjust,
}
