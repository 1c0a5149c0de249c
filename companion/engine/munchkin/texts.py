"""Манчкин Апокалипсис: the journal's Russian line for each event."""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.core import Event, Setup
from companion.engine.munchkin.apply import next_phase
from companion.engine.munchkin.combat import combat_totals, escapes, flee_rolls
from companion.engine.munchkin.constants import (
    MAX_LEVEL,
    MIN_LEVEL,
    OVERRIDE_NOTE,
    PHASES,
    R_CONFLICTS,
    SEALS_TO_END,
)
from companion.engine.munchkin.fields import (
    _MONSTER_KEYS,
    _MONSTER_LABELS,
    FIRST_MONSTER_NAME,
    _monster,
    first_renamed,
)
from companion.engine.munchkin.state import Combat, MunchkinState
from companion.words import inflect

__all__ = ["describe"]


def _signed(n: int) -> str:
    """A bonus as the table says it: «+3», «−2» (a minus sign), «0»."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def describe(state: MunchkinState, event: Event, setup: Setup) -> str:
    """A Russian journal line for ``event``, given the state *before* it."""
    d = event.data
    t = event.type
    names = setup.names
    note = f" — {OVERRIDE_NOTE}" if d.get("override") is True else ""

    def who(key: str = "player") -> str:
        return str(names[d[key]])

    if t in ("level.change", "level.set"):
        old = state.players[d["player"]].level
        new = old + d["delta"] if t == "level.change" else d["value"]
        cut = ""
        if new < MIN_LEVEL:
            cut = (
                f"; потеря {-d['delta']} ур. урезана до {old - MIN_LEVEL}: ниже "
                f"{MIN_LEVEL}-го уровня манчкин не опускается ({R_CONFLICTS})"
            )
            new = MIN_LEVEL
        win = "; 10-й уровень — победа!" if new == MAX_LEVEL else ""
        return f"{who()}: уровень {old}, теперь {new}{note}{cut}{win}"
    if t == "gear.change":
        new = state.players[d["player"]].gear + d["delta"]
        return f"{who()}: бонус шмоток {_signed(d['delta'])} (теперь {_signed(new)}){note}"
    if t == "gear.set":
        old = state.players[d["player"]].gear
        return f"{who()}: бонус шмоток теперь {_signed(d['value'])} (было {_signed(old)}){note}"
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
        renamed = ""
        if state.combat is not None:
            first = first_renamed([x.name for x in state.combat.monsters])
            if first is not None:
                renamed = f"; «{state.combat.monsters[first].name}» теперь «{FIRST_MONSTER_NAME}»"
        return f"В бой вступает «{m.name}» (сила {m.strength}){renamed}"
    if t.startswith("combat.") and state.combat is not None:
        return _describe_combat(state, state.combat, event, names)
    if t == "turn.loot":
        return f"{names[state.active]} чистит нычки: берёт Дверь на руку"
    if t == "turn.charity":
        gifts = ", ".join(f"{names[i]} {g}" for i, g in enumerate(d["gifts"]) if g)
        if d["discard"]:
            return f"{names[state.active]} сбрасывает лишние карты: {d['discard']}"
        return f"{names[state.active]} раздаёт лишние карты: {gifts}"
    if t == "phase.next":
        nxt = next_phase(state)
        if nxt is None:
            return f"Ход переходит к {inflect(names[(state.active + 1) % len(names)], 'datv')}"
        return f"Фаза «{PHASES[nxt]}»"
    if t == "seal.break":
        n = state.seals + 1
        end = " — игра окончена, стол называет победителя" if n >= SEALS_TO_END else ""
        return f"Сорвана сивучать: {n} из {SEALS_TO_END}{end}"
    if t == "game.winners":
        return "Победа: " + ", ".join(names[i] for i in d["winners"]) + note
    return t


def _describe_combat(state: MunchkinState, c: Combat, event: Event, names: Sequence[str]) -> str:
    """Journal lines of the events inside an open combat (``combat.start`` excepted)."""
    d = event.data
    t = event.type
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
            return f"{names[c.helper] if c.helper is not None else ''} больше не помогает"
        return f"{names[d['player']]} помогает {inflect(names[c.fighter], 'datv')}"
    if t == "combat.bonus":
        side = "манчкинам" if d["side"] == "players" else "монстрам"
        label = f" ({d['label']})" if d.get("label") else ""
        return f"Разовая карта{label}: {d['value']:+d} {side}"
    if t == "combat.bonus.remove":
        shots = c.player_bonuses if d["side"] == "players" else c.monster_bonuses
        return f"Разовая карта {shots[d['index']].value:+d} убрана из боя"
    if t == "combat.resolve":
        totals = combat_totals(state.players, c)
        gained = min(MAX_LEVEL, state.players[c.fighter].level + sum(m.levels for m in c.monsters))
        treasures = sum(m.treasures for m in c.monsters)
        return (
            f"Победа {totals.players}:{totals.monsters}! {names[c.fighter]}: уровень "
            f"{state.players[c.fighter].level}, теперь {gained}; сокровищ тянуть: {treasures}; "
            "разовые карты сбрасываются"
        )
    if t == "combat.flee":
        runs = [(c.fighter, d["rolls"], d.get("modifier", 0))]
        if c.helper is not None and "helper_rolls" in d:
            runs.append((c.helper, d["helper_rolls"], d.get("helper_modifier", 0)))
        said, caught = [], []
        for player, rolls, modifier in runs:
            ok = escapes(rolls, modifier, d.get("modifiers"))
            dice = flee_rolls(rolls, modifier, d.get("modifiers"))
            if not all(ok):  # the punishment is for the runners caught, never the others
                caught.append(inflect(names[player], "gent"))
            parts = [
                f"«{m.name}»: {r} — {'смылся' if e else 'догнал'}"
                for m, r, e in zip(c.monsters, dice, ok, strict=False)
            ]
            said.append(f"{names[player]} смывается: " + ", ".join(parts))
        tail = f"; непотребство для {' и '.join(caught)} — по карте монстра" if caught else ""
        return "; ".join(said) + tail + "; разовые карты сбрасываются"
    return t
