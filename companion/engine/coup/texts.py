"""Переворот: the words shown — what the table decides now, what follows, journal lines."""

from __future__ import annotations

from companion.engine.core import Event
from companion.engine.coup.state import (
    _ACCUSATIVE,
    _GAIN,
    _STEAL,
    ACTIONS,
    CHARACTER_NAMES,
    MUST_COUP,
    CoupState,
    _alive,
    _challengers,
    _claimant,
    _claimed,
    _coins,
    awaiting,
    block_options,
)
from companion.words import inflect, plural


# -- words ---------------------------------------------------------------------------------------
def projected(state: CoupState) -> str:
    """What the pending action does if it goes through from here (Russian), «» if none."""
    p = state.pending
    if p is None:
        return ""
    names, actor, target = state.names, p["actor"], p["target"]
    action = p["action"]
    if action in _GAIN:
        gain = min(_GAIN[action], state.treasury)
        return f"{names[actor]} получит {_coins(gain)} (станет {state.coins[actor] + gain})"
    if action == "steal":
        taken = min(_STEAL, state.coins[target])
        coins = f"{taken} {plural(taken, 'монету', 'монеты', 'монет')}"  # «заберёт 1 монету»
        return (
            f"{names[actor]} заберёт у {inflect(names[target], 'gent')} {coins} "
            f"(станет {state.coins[actor] + taken})"
        )
    if action in ("coup", "assassinate"):
        if state.influence[target] == 0:
            return f"{names[target]} уже без покровителей — терять нечего"
        return f"{names[target]} потеряет покровителя"
    # «Посол: обмен»: the two drawn cards join the ones still face down, two go back
    held = state.influence[actor] + 2
    return f"{names[actor]} возьмёт 2 карты из колоды двора и вернёт туда 2 из {held}"


def _blocked(state: CoupState) -> str:
    """What a block that stands means for the pending action (Russian), «Запрет действия»."""
    p = state.pending
    assert p is not None
    names, actor, target, action = state.names, p["actor"], p["target"], p["action"]
    if action == "assassinate":
        text = f"{names[target]} сохранит покровителя"
    elif action == "steal":
        text = f"{names[actor]} ничего не заберёт у {inflect(names[target], 'gent')}"
    elif action in _GAIN:
        text = f"{names[actor]} не получит монет"
    else:
        text = "действие не выполнится"
    if p["paid"]:
        text += f"; {_coins(p['paid'])} за действие не вернутся"
    return text


def expected_outcome(state: CoupState) -> str:
    """The pending action's expected result for «Итог действия», from where the table is now.

    Unlike :func:`projected` (the effect if the action goes through), it follows the flow of
    «Ход игры»: while a block is pending it says what happens if the block stands (the target
    of an assassination keeps the influence, a steal takes nothing, the cost is not refunded —
    «Запрет действия») and what happens if the block falls to a challenge («Оспаривание»).
    Empty when no action is under way.

    :returns: one Russian sentence without a final full stop, or «».
    """
    p = state.pending
    if p is None or awaiting(state) == "over":
        return ""
    names = state.names
    info = ACTIONS[p["action"]]
    after = projected(state)
    stage = p["stage"]
    if p["result"] == "failed":
        refund = f"; {_coins(p['paid'])} вернутся" if p["paid"] else ""
        return f"Действие отменено: заявление не подтвердилось{refund}"
    if p["result"] == "blocked":
        return f"Действие запрещено: {_blocked(state)}"
    if p["result"] == "done":
        if p["action"] in ("coup", "assassinate") and p["losses"]:
            return f"{names[p['target']]} теряет покровителя"
        return "Действие выполнено"
    if stage == "block_challenge":
        return (
            f"Если запрет устоит: {_blocked(state)}. Если запрет оспорят и "
            f"{names[p['blocker']]} не покажет {_ACCUSATIVE[p['block_character']]}: {after}"
        )
    if stage == "block_challenge_result":
        return (
            f"Если {names[p['blocker']]} покажет {_ACCUSATIVE[p['block_character']]}, запрет "
            f"устоит: {_blocked(state)}. Если нет: {after}"
        )
    if stage in ("challenge", "challenge_result", "block") and info.blockers:
        if stage == "block":
            return f"Если никто не запретит: {after}"
        return f"Если заявление устоит и никто не запретит: {after}"
    if stage in ("challenge", "challenge_result"):
        return f"Если заявление устоит: {after}"
    return after


def explain(state: CoupState) -> str:
    """A Russian sentence on what the table must decide now and what follows from it.

    Implements the flow of «Ход игры», «Запрет действия», «Оспаривание» and warns about
    «Опасность заказного убийства» (two losses in one turn). At a challenge step
    («Оспаривание»: of a claim or of a block) it says who claims what and who may challenge;
    what follows is :func:`expected_outcome`'s alone (the screen's «Итог действия»), so the
    step does not say it twice.
    """
    names = state.names
    step = awaiting(state)
    p = state.pending
    if step == "over":
        return f"Игра окончена: побеждает {names[_alive(state)[0]]}."
    if step == "action":
        who = state.current
        text = f"Ходит {names[who]} ({_coins(state.coins[who])}): выберите действие."
        if state.coins[who] >= MUST_COUP:
            text += " С 10 монетами и больше можно только совершить переворот."
        return text
    assert p is not None
    info = ACTIONS[p["action"]]
    actor, target = p["actor"], p["target"]
    after = projected(state)
    if step == "lose_influence":
        loss = p["losses"][0]
        who = loss["player"]
        reason = {
            "challenge": "за неудачное оспаривание",
            "bluff": "за неподтверждённое заявление",
            "coup": "от переворота",
            "assassinate": "от заказного убийства",
        }[loss["reason"]]
        text = f"{names[who]} теряет покровителя {reason}: выберите, какую карту раскрыть."
        if state.influence[who] == 1:
            text += f" Это последний покровитель — {names[who]} выбывает из игры."
        if p["action"] == "assassinate" and who == target and state.influence[who] == 2:
            if p["stage"] == "block":
                text += (
                    " Затем убийство: без запрета Графиней будет вторая потеря "
                    "(«Опасность заказного убийства»)."
                )
            elif p["stage"] == "resolve":
                text += (
                    " Затем убийство выполнится — вторая потеря («Опасность заказного убийства»)."
                )
        return text
    if step == "challenge":
        # who claims what and who may doubt it; what the action then does is said once, in
        # «Итог действия» (expected_outcome), and what «Никто» does in the bar's hint
        able = ", ".join(names[i] for i in _challengers(state))
        return (
            f"{names[actor]} заявляет {_ACCUSATIVE[str(info.claim)]} ({info.name}). "
            f"Оспорить может: {able}."
        )
    if step == "challenge_result":
        c = p["challenger"]
        text = (
            f"{names[c]} оспаривает. {names[actor]} показывает {_ACCUSATIVE[str(info.claim)]}? "
            f"Если да — {names[c]} теряет покровителя, действие продолжается. "
            f"Если нет — {names[actor]} теряет покровителя, действие отменяется"
        )
        if p["paid"]:
            text += f", {_coins(p['paid'])} возвращаются"
        text += "."
        if p["action"] == "assassinate" and c == target and state.influence[c] == 2:
            text += (
                f" Если Ассасин настоящий, {names[c]} может потерять обоих покровителей "
                "(«Опасность заказного убийства»)."
            )
        return text
    if step == "block":
        options = block_options(state)
        able = "; ".join(
            f"{names[b]} ({' или '.join(CHARACTER_NAMES[c] for c in chars)})"
            for b, chars in options.items()
        )
        return f"Запретить может: {able}. Если никто не запретит: {after}."
    if step == "block_challenge":
        # as at «challenge»: what a block that stands means is in «Итог действия»
        b = p["blocker"]
        able = ", ".join(names[i] for i in _challengers(state))
        return (
            f"{names[b]} запрещает, заявив {_ACCUSATIVE[p['block_character']]}. "
            f"Оспорить запрет может: {able}."
        )
    if step == "block_challenge_result":
        b, c = p["blocker"], p["block_challenger"]
        text = (
            f"{names[c]} оспаривает запрет. {names[b]} показывает "
            f"{_ACCUSATIVE[p['block_character']]}? Если да — {names[c]} теряет покровителя, "
            f"запрет в силе. Если нет — {names[b]} теряет покровителя, и действие выполняется: "
            f"{after}."
        )
        if p["action"] == "assassinate" and state.influence[b] == 2:
            text += (
                f" При блефе {names[b]} потеряет обоих покровителей "
                "(«Опасность заказного убийства»)."
            )
        return text
    return f"{names[actor]} меняет карты с колодой двора: {after}. Затем отметьте конец обмена."


def _consequences(before: CoupState, after: CoupState) -> list[str]:
    names = before.names
    out = []
    for i, name in enumerate(names):
        if after.exiled[i] and not before.exiled[i]:
            out.append(f"{name} выбывает из игры (ссылка), монеты возвращаются в казну")
            continue
        delta = after.coins[i] - before.coins[i]
        if delta:
            sign = "+" if delta > 0 else "−"
            out.append(f"{name} {sign}{abs(delta)} ({_coins(after.coins[i])})")
    alive = _alive(after)
    if len(alive) == 1:
        out.append(f"{names[alive[0]]} побеждает!")
    elif after.turn != before.turn:
        out.append(f"ход переходит: {names[after.current]}")
    return out


def _headline(state: CoupState, event: Event) -> str:
    names, d, p = state.names, event.data, state.pending
    kind = event.type
    if kind == "coup.declare":
        info = ACTIONS[d["action"]]
        text = f"{names[d['player']]}: {info.name}"
        if info.targeted:
            text += f" против {inflect(names[d['target']], 'gent')}"
        if info.claim:
            text += f" (покровитель: {CHARACTER_NAMES[info.claim]})"
        return text
    assert p is not None
    if kind == "coup.challenge":
        character = _claimed(state)
        return (
            f"{names[d['challenger']]} оспаривает: "
            f"{names[_claimant(state)]} — {CHARACTER_NAMES[character]}?"
        )
    if kind == "coup.no_challenge":
        if p["stage"] == "challenge":
            return "Никто не оспаривает действие"
        return "Никто не оспаривает запрет: действие не выполняется"
    if kind == "coup.challenge_result":
        who, character = _claimant(state), _ACCUSATIVE[_claimed(state)]
        if d["proven"]:
            return (
                f"{names[who]} показывает {character}: карта уходит в колоду двора, "
                "взамен берётся новая"
            )
        return f"{names[who]} не показывает {character}: заявление не подтвердилось"
    if kind == "coup.block":
        return f"{names[d['blocker']]}: запрет (покровитель: {CHARACTER_NAMES[d['character']]})"
    if kind == "coup.no_block":
        return "Никто не запрещает"
    if kind == "coup.lose_influence":
        return f"{names[d['player']]} раскрывает карту «{CHARACTER_NAMES[d['character']]}»"
    return f"{names[p['actor']]}: обмен завершён"
