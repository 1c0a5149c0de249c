"""Замес: the words shown — phase reminders and journal lines."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence

from companion.engine.core import Event, Setup
from companion.engine.smashup.flow import advance as flow_advance
from companion.engine.smashup.flow import stops_passage as flow_stops
from companion.engine.smashup.scoring import (
    effective_breakpoint,
    final_scores,
    find_winner,
    plays_left,
    plays_now,
    ready_bases,
    score_preview,
    unused_extras,
)
from companion.engine.smashup.state import (
    CHECK,
    DRAW,
    END,
    HAND_LIMIT,
    PHASES,
    PLAY,
    PLAY_KINDS,
    START,
    WIN_AFTER_SCORING,
    WIN_VP,
    SmashUpState,
)
from companion.words import inflect

#: How a text cites the rulebook's section on the end of the game: by its heading, said to be
#: one («Игра окончена» alone in brackets read as a verdict, not as the rule cited;
#: play-test). Both rulebooks (seeds 000 and 001) send the 15-VP check to that section.
RULE_END = "раздел «Игра окончена»"


def reminder(state: SmashUpState) -> str:
    """What the rules ask for in the current phase, in Russian (for the phase bar)."""
    if not state.started:
        need = state.players + 1
        word = "баз" if need >= 5 else "базы"
        shared = (
            " (с двумя коробками одна фракция может быть у нескольких игроков)"
            if state.two_boxes
            else ""
        )
        return (
            f"Подготовка к игре: у каждого колода из двух разных фракций{shared}, на столе "
            f"{need} {word} (по одной на игрока и ещё одна). Каждый берёт 5 карт; у кого "
            f"нет ни одного приспешника — показывает руку, сбрасывает её и берёт новые "
            f"5 карт, второй раз менять нельзя."
        )
    phase = state.phase
    name = PHASES[state.edition][phase]
    if phase == START:
        rest = "срабатывают свойства «в начале хода»; эффекты прошлого хода закончились."
        # «Заводи!» ends in its own «!»: no colon after it («Заводи!:», play-test)
        return f"{name} {rest[0].upper()}{rest[1:]}" if name.endswith("!") else f"{name}: {rest}"
    if phase == PLAY:
        left = plays_left(state)
        return (
            f"{name}: осталось приспешников — {left['minion']}, действий — {left['action']}. "
            f"Таланты — один раз за ход."
        )
    if phase == CHECK:
        ready = ready_bases(state)
        if not ready:
            text = f"{name}: готовых к захвату баз нет."
        elif len(ready) == 1:
            text = f"{name}: готова к захвату «{state.bases[ready[0]].name}»."
        else:
            listed = ", ".join(f"«{state.bases[i].name}»" for i in ready)
            text = f"{name}: готовы {listed}; порядок выбирает активный игрок."
        if state.win_check == WIN_AFTER_SCORING:
            text += f" Дальше — проверка {WIN_VP} ПО (Проверь базы)."
        return text
    if phase == DRAW:
        return f"{name}: возьмите 2 карты; если на руке больше {HAND_LIMIT}, сбросьте лишние."
    return (
        f"{name}: свойства «в конце хода»; {WIN_VP}+ ПО у единственного лидера — победа, "
        f"поровну — играем дальше ({RULE_END})."
    )


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{abs(n)}"


def _change(label: str, before: int, value: int, delta: bool) -> str:
    """«сила +1 (теперь 4)» for a change by ``value`` (as «ПО +1 (теперь 4)»), «сила теперь 4
    (было 3)» for a value set: a bare number after the word is never the old value (the
    journal's «сила 0, теперь 1» read as a power of 0, play-test)."""
    if delta:
        return f"{label} {_signed(value)} (теперь {before + value})"
    return f"{label} теперь {value} (было {before})"


def _fmt_awards(awards: Mapping[int, int], names: Sequence[str]) -> str:
    parts = [f"{names[p]} +{v}" for p, v in sorted(awards.items(), key=lambda kv: (-kv[1], kv[0]))]
    return ", ".join(parts) if parts else "очков никто не получил"


def describe(state: SmashUpState, event: Event, setup: Setup) -> str:
    d = event.data
    t = event.type
    names = setup.names
    if t == "faction.pick":
        return f"{names[d['player']]} берёт фракцию «{d['faction'].strip()}»"
    if t == "base.add":
        c = d["base_card"]
        v = c["vp"]
        return (
            f"На стол выложена база «{c['name'].strip()}» "
            f"(оборона {c['breakpoint']}; {v[0]}/{v[1]}/{v[2]})"
        )
    if t == "base.replace":
        old = state.bases[d["base"]].name
        return f"База «{old}» заменена на «{d['base_card']['name'].strip()}»"
    if t == "game.start":
        return "Подготовка окончена, игра началась"
    if t in ("base.set", "base.adjust"):
        base = state.bases[d["base"]]
        p = d["player"]
        parts = []
        for key, cur, label in (
            ("power", base.power[p], "сила"),
            ("minions", base.minions[p], "приспешники"),
        ):
            if key in d:
                parts.append(_change(label, cur, d[key], t == "base.adjust"))
        return f"{names[p]} на базе «{base.name}»: " + "; ".join(parts)
    if t == "breakpoint.modify":
        base = state.bases[d["base"]]
        after = copy.copy(base)
        if d.get("until", "turn") == "turn":
            after.mod_turn += d["delta"]
            span = "до конца хода"
        else:
            after.mod_base += d["delta"]
            span = "пока база в игре"
        return (
            f"Оборона базы «{base.name}» {_signed(d['delta'])} "
            f"(теперь {effective_breakpoint(after)}; {span})"
        )
    if t == "base.select":
        chosen = state.bases[d["base"]].name
        return f"{names[state.active]} выбирает для захвата базу «{chosen}»"
    if t == "base.score":
        base = state.bases[d["base"]]
        awards = _fmt_awards(score_preview(state, d["base"]), names)
        line = f"База «{base.name}» захвачена: {awards}"
        card = d.get("base_card")
        if card is not None:
            line += f"; на её место выложена «{card['name'].strip()}»"
        elif d.get("deck_empty"):
            line += "; колода баз пуста — новой базы нет"
        return line
    if t in ("play.record", "play.minion"):
        kind = d.get("kind", "minion")
        after = copy.copy(state)
        after.used = {**state.used, kind: state.used[kind] + 1}
        if d.get("extra", False):
            after.extra_used = {**state.extra_used, kind: state.extra_used[kind] + 1}
        left = plays_left(after)[kind]
        onto = f" на базу «{state.bases[d['base']].name}»" if t == "play.minion" else ""
        if t == "play.minion" and "power" in d:
            onto += f" с силой {d['power']}"
        if not d.get("extra", False):
            return f"{names[state.active]} играет {PLAY_KINDS[kind]}{onto} (осталось {left})"
        what = "добавочного приспешника" if kind == "minion" else "добавочное действие"
        where = (
            "в фазе «Играй карты»"
            if state.phase == PLAY
            else f"вне фазы «{PHASES[state.edition][PLAY]}» — сразу, по свойству карты"
        )
        return f"{names[state.active]} играет {what}{onto} {where} (осталось {left})"
    if t == "play.grant":
        kind = "приспешник" if d["kind"] == "minion" else "действие"
        return f"{names[state.active]}: добавочная карта — {kind} ×{d.get('count', 1)}"
    if t == "phase.pass":
        return _passage(state, event, setup)
    if t == "phase.next":
        phases = PHASES[state.edition]
        if state.phase == CHECK and state.win_check == WIN_AFTER_SCORING:
            winner = find_winner(state.vp, state.madness, state.madness_on)
            if winner is not None:
                return f"Базы захвачены — игра окончена: побеждает {names[winner]}"
        if state.phase < END:
            line = f"Фаза «{phases[state.phase + 1]}»"
            kinds = {"minion": "приспешник", "action": "действие"}
            now, unused = plays_now(state), unused_extras(state)
            lost = [kinds[k] for k in kinds if now[k] > 0 and unused[k] > 0]
            if lost:
                line += (
                    f"; несыгранная добавочная карта ({', '.join(lost)}) пропадает (Всё остальное)"
                )
            return line
        winner = find_winner(state.vp, state.madness, state.madness_on)
        if winner is not None:
            return f"Игра окончена: побеждает {names[winner]}"
        nxt = inflect(names[(state.active + 1) % state.players], "datv")
        if max(state.vp) >= WIN_VP:
            return f"Конец хода: у лидеров поровну очков — игра продолжается; ход переходит к {nxt}"
        return f"Конец хода; ход переходит к {nxt}"
    if t == "vp.adjust":
        old = state.vp[d["player"]]
        sign = "+" if d["delta"] > 0 else "−"
        return f"{names[d['player']]}: ПО {sign}{abs(d['delta'])} (теперь {old + d['delta']})"
    if t == "madness.adjust":
        old = state.madness[d["player"]]
        return f"{names[d['player']]}: {_change('карты безумия', old, d['delta'], True)}"
    return t


def _passage(state: SmashUpState, event: Event, setup: Setup) -> str:
    """The line of ``phase.pass``: every phase it went through, in order, and why it stopped
    where it did (a base to score, the end of the game, the next player's «Играй карты»)."""
    names, phases = setup.names, PHASES[state.edition]
    after = copy.deepcopy(state)
    who = names[state.active]
    steps: list[str] = []
    turn = state.turn
    while True:
        before = after.phase
        nxt = describe(after, Event(event.seq, "phase.next", {}, event.ts), setup)
        flow_advance(after)
        if after.winner is not None:
            steps.append(nxt[0].lower() + nxt[1:])
            break
        if before == END:
            steps.append(f"ход переходит к {inflect(names[after.active], 'datv')}")
        notes = []
        if after.phase == CHECK:
            ready = ready_bases(after)
            notes.append(
                f"готова к захвату «{after.bases[ready[0]].name}»"
                if ready
                else "готовых к захвату баз нет"
            )
        lost = nxt.partition("; ")[2] if before != END else ""
        if lost:
            notes.append(lost)
        steps.append(f"«{phases[after.phase]}»" + (f" ({'; '.join(notes)})" if notes else ""))
        if flow_stops(after, turn):
            break
    return f"{who} заканчивает ход: " + ", ".join(steps)


def status_note(state: SmashUpState) -> str | None:
    """A short line for the status bar about the 15-VP finish («Игра окончена»), else ``None``;
    :func:`status_detail` says it whole.

    It shares a 360 px phone's status line with the phase and the clock (74 px of 14 px
    text: play-test, «Поровну (15) …» was all that showed of the tie), so it is one or two
    words: «Поровну!» for a shared lead, «Есть 15+» for a single leader.
    """
    if not state.started or state.winner is not None or max(state.vp, default=0) < WIN_VP:
        return None
    if find_winner(state.vp, state.madness, state.madness_on) is None:
        return "Поровну!"
    return f"Есть {WIN_VP}+"


def status_detail(state: SmashUpState) -> str | None:
    """The status note whole (shown by a tap on the status line), else ``None``.

    Somebody has 15+ VP but the lead is shared: no draws — play goes on until one leader
    remains. A single leader: the game ends when the check runs, if it is still so.
    """
    if status_note(state) is None:
        return None
    final = final_scores(state.vp, state.madness, state.madness_on)
    best = max(final)
    if find_winner(state.vp, state.madness, state.madness_on) is None:
        return (
            f"Поровну ({best}) — играем дальше, пока лидер не останется один: ничьих "
            f"нет ({RULE_END})."
        )
    when = (
        "после захвата баз или в конце хода"
        if state.win_check == WIN_AFTER_SCORING
        else "в конце хода"
    )
    return f"Набрано {WIN_VP}+ очков: если {when} лидер будет один, он побеждает ({RULE_END})."
