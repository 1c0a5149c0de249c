"""Манчкин Апокалипсис: applying an accepted event, and the flow of a turn («Фазы хода»).

:func:`apply` never raises: :func:`~companion.engine.munchkin.checks.check` has accepted the
event before.
"""

from __future__ import annotations

from companion.engine.core import Event
from companion.engine.munchkin.combat import escapes
from companion.engine.munchkin.constants import (
    CHARITY,
    KICK,
    MAX_LEVEL,
    MIN_LEVEL,
    OVERRIDE_NOTE,
    SEALS_TO_END,
    TROUBLE,
)
from companion.engine.munchkin.fields import (
    _MONSTER_KEYS,
    FIRST_MONSTER_NAME,
    _monster,
    first_renamed,
)
from companion.engine.munchkin.state import Combat, MunchkinState, OneShot

__all__ = ["apply", "next_phase"]


def _combat(state: MunchkinState) -> Combat:
    assert state.combat is not None  # checked before
    return state.combat


def apply(state: MunchkinState, event: Event) -> None:
    d = event.data
    t = event.type
    if d.get("override") is True:
        state.overrides.append(event.seq)
    if t == "level.change":
        sheet = state.players[d["player"]]
        sheet.level = max(MIN_LEVEL, sheet.level + d["delta"])  # never below 1
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
        monsters = _combat(state).monsters
        first = first_renamed([m.name for m in monsters])
        if first is not None:  # «Монстр» and «Монстр 2» could not be told apart
            monsters[first].name = FIRST_MONSTER_NAME
        monsters.append(_monster(d["monster"]))
    elif t == "combat.monster.edit":
        m = _combat(state).monsters[d["index"]]
        for key in _MONSTER_KEYS:
            if key in d:
                setattr(m, key, d[key].strip() if key == "name" else d[key])
    elif t == "combat.monster.remove":
        c = _combat(state)
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
        _combat(state).helper = d["player"]
    elif t == "combat.bonus":
        side = (
            _combat(state).player_bonuses
            if d["side"] == "players"
            else _combat(state).monster_bonuses
        )
        side.append(OneShot(d["value"], d.get("label", "")))
    elif t == "combat.bonus.remove":
        side = (
            _combat(state).player_bonuses
            if d["side"] == "players"
            else _combat(state).monster_bonuses
        )
        side.pop(d["index"])
    elif t == "combat.resolve":
        c = _combat(state)
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
        c = _combat(state)
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
        if "helper_rolls" in d:  # saved before the helper rolled: the fighter's dice only
            helped = escapes(d["helper_rolls"], d.get("helper_modifier", 0), d.get("modifiers"))
            state.last_combat["helper_caught"] = [
                m.name for m, e in zip(c.monsters, helped, strict=False) if not e
            ]
        state.fled = True
        state.combat = None
    elif t == "turn.loot":
        state.looted = True
    elif t == "turn.charity":
        state.charity_done = True
    elif t == "phase.next":
        advance(state)
    elif t == "seal.break":
        state.seals += 1
    elif t == "game.winners":
        state.winners = sorted(d["winners"])
        state.winner_reason = (
            "сорвана седьмая сивучать, победителя назвал стол"
            if state.seals >= SEALS_TO_END
            else f"победа по карте ({OVERRIDE_NOTE})"
        )


def next_phase(state: MunchkinState) -> int | None:
    """The phase after the current one (``None``: the turn passes). A met monster skips
    «Ищем неприятности» and «Чистим нычки» («Фазы хода»)."""
    if state.phase in (KICK, TROUBLE) and state.met_monster:
        return CHARITY
    return state.phase + 1 if state.phase < CHARITY else None


def advance(state: MunchkinState) -> None:
    nxt = next_phase(state)
    if nxt is not None:
        state.phase = nxt
        return
    state.active = (state.active + 1) % len(state.players)
    state.turn += 1
    state.phase = KICK
    state.met_monster = state.fled = state.looted = state.charity_done = False
    state.last_combat = None
