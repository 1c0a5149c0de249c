"""Переворот: the words shown — what the table decides now, what follows, journal lines."""

from __future__ import annotations

import copy

from companion.engine.core import Event
from companion.engine.coup.flow import _apply
from companion.engine.coup.state import (
    _ACCUSATIVE,
    _GAIN,
    _STEAL,
    ACTIONS,
    CHARACTER_NAMES,
    COPIES,
    MUST_COUP,
    CoupState,
    _alive,
    _claimant,
    _claimed,
    _coins,
    _revealed_count,
    awaiting,
    block_options,
    known,
    shown_answer,
)
from companion.words import inflect, plural


# -- words ---------------------------------------------------------------------------------------
def _left(state: CoupState, who: int) -> int:
    """Cards ``who`` keeps face down once the losses already due this turn are revealed."""
    p = state.pending
    due = sum(1 for loss in p["losses"] if loss["player"] == who) if p else 0
    return state.influence[who] - due


def _effect(state: CoupState, lost: int | None = None) -> str:
    """What the pending action does if it goes through, after the losses already due and, in
    a branch of a challenge, one more loss of player ``lost`` (Russian, no full stop).

    A target left with no card has nothing to lose to a coup or an assassination; a target
    losing a card earlier in the same turn loses «и второго» («Опасность заказного
    убийства»)."""
    p = state.pending
    assert p is not None
    names, actor = state.names, p["actor"]
    target = p["target"] if p["target"] is not None else -1  # read only when the action aims
    action = p["action"]
    if action in _GAIN:
        gain = min(_GAIN[action], state.treasury)
        return f"{names[actor]} получит {_coins(gain)} (станет {state.coins[actor] + gain})"
    if action == "steal":
        taken = min(_STEAL, state.coins[target])
        if taken == 0:  # «Капитан: кража»: one coin is all a steal takes from a player with one,
            # and a player with none gives nothing (the steal is still declared and answered)
            return (
                f"{names[actor]} ничего не заберёт: у {inflect(names[target], 'gent')} нет монет "
                "(«Капитан: кража»)"
            )
        coins = f"{taken} {plural(taken, 'монету', 'монеты', 'монет')}"  # «заберёт 1 монету»
        return (
            f"{names[actor]} заберёт у {inflect(names[target], 'gent')} {coins} "
            f"(станет {state.coins[actor] + taken})"
        )
    if action in ("coup", "assassinate"):
        left = _left(state, target) - (lost == target)
        if left <= 0:  # the target is out before the action resolves
            return f"{'убийству' if action == 'assassinate' else 'перевороту'} нечего отнять"
        if left < state.influence[target]:  # a card lost earlier in this turn
            danger = " («Опасность заказного убийства»)" if action == "assassinate" else ""
            return f"{names[target]} потеряет и второго покровителя{danger}"
        if left == 1:
            return f"{names[target]} потеряет последнего покровителя"
        return f"{names[target]} потеряет покровителя"
    # «Посол: обмен»: the two drawn cards join the ones still face down, two go back
    held = state.influence[actor] + 2
    return f"{names[actor]} возьмёт 2 карты из колоды двора и вернёт туда 2 из {held}"


def projected(state: CoupState) -> str:
    """What the pending action does if it goes through from here (Russian), «» if none."""
    if state.pending is None:
        return ""
    return _effect(state)


def _blocked(state: CoupState) -> str:
    """What a block that stands means for the pending action (Russian), «Запрет действия»."""
    p = state.pending
    assert p is not None
    names, actor, action = state.names, p["actor"], p["action"]
    target = p["target"] if p["target"] is not None else -1  # read only when the action aims
    if action == "assassinate":
        text = f"{names[target]} сохранит покровителя"
    elif action == "steal":
        text = f"{names[actor]} ничего не заберёт у {inflect(names[target], 'gent')}"
    elif action in _GAIN:
        text = f"{names[actor]} не получит монет"
    else:
        text = "действие не выполнится"
    return text + _unpaid(state)


def _unpaid(state: CoupState) -> str:
    """«, 3 монеты не вернутся»: a blocked action's cost is not refunded («Запрет действия»)."""
    paid = state.pending["paid"] if state.pending else 0
    return f", {_coins(paid)} не вернутся" if paid else ""


def _may_be_blocked(state: CoupState, lost: int | None = None) -> bool:
    """Whether a block may still come («Запрет действия»): the assassination and the steal
    only by their target, while the target keeps a card (after ``lost`` loses one)."""
    p = state.pending
    assert p is not None
    info = ACTIONS[p["action"]]
    if not info.blockers:
        return False
    return not info.target_blocks or _left(state, known(p["target"])) - (p["target"] == lost) > 0


def _unless_blocked(state: CoupState, lost: int | None = None) -> str:
    """The action's effect, «без запрета …» while a block may still come."""
    effect = _effect(state, lost)
    return f"без запрета {effect}" if _may_be_blocked(state, lost) else effect


def _loses(state: CoupState, who: int) -> str:
    """«Вика теряет покровителя» (or «последнего покровителя»): a challenge lost."""
    last = "последнего " if _left(state, who) == 1 else ""
    return f"{state.names[who]} теряет {last}покровителя"


def _lost_challenge(state: CoupState, loser: int, blocks: bool) -> str:
    """A branch of «Оспаривание» in which ``loser`` loses a card, then the action goes on
    (``blocks``: a block may still come). When the loser is the one the assassination aims
    at, the two losses are said together («Опасность заказного убийства»), or that nothing
    is left to take."""
    p = state.pending
    assert p is not None
    if p["action"] == "assassinate" and p["target"] == loser:
        if _left(state, loser) <= 1:
            return _loses(state, loser)
        if blocks:
            return (
                f"{_loses(state, loser)}, а без запрета — и второго "
                "(«Опасность заказного убийства»)"
            )
        return f"{state.names[loser]} теряет обоих покровителей («Опасность заказного убийства»)"
    then = _unless_blocked(state, loser) if blocks else _effect(state, loser)
    return f"{_loses(state, loser)}; {then}"


def _answers(state: CoupState) -> tuple[str, str]:
    """The two answers to the card question, agreeing with the card claimed: («Показан»,
    «Не показан») for a Duke, («Показана», «Не показана») for a Contessa."""
    character = _claimed(state)
    return shown_answer(character, True), shown_answer(character, False)


def expected_outcome(state: CoupState) -> str:
    """The pending action's expected result for «Итог действия», from where the table is now.

    Unlike :func:`projected` (the effect if the action goes through), it follows the flow of
    «Ход игры»: before the blocks it says what happens if nobody blocks, while a block is
    pending what happens if it stands (the target of an assassination keeps the influence, a
    steal takes nothing, the cost is not refunded — «Запрет действия») and otherwise. At a
    challenge's card question («Оспаривание») it is two lines, one per answer in the bar,
    agreeing with the card («Герцог показан?»: «Показан» / «Не показан», the Contessa
    «Показана» / «Не показана»): «Показан: …» (the challenger loses a card, the action or
    block goes on) and «Не показан: …» (the claimant loses a card; a failed claim is
    refunded) — only the second
    when all three copies of the card are already revealed («Состав игры»). Empty when no
    action is under way, or nothing is left to say (an exchange under way).

    :returns: a Russian clause without a final full stop (shown after «Итог действия:»), the
        two answer lines, or «».
    """
    p = state.pending
    if p is None or awaiting(state) == "over":
        return ""
    names = state.names
    stage = p["stage"]
    if p["result"] == "failed":
        refund = f", {_coins(p['paid'])} возвращены" if p["paid"] else ""
        return f"действие отменено{refund}"
    if p["result"] == "blocked":  # what it stops is plain; that the cost stays paid is not
        return f"запрет в силе{_unpaid(state)}"
    if p["result"] == "done":
        if p["action"] in ("coup", "assassinate") and p["losses"]:
            return f"{names[known(p['target'])]} теряет покровителя"
        return ""
    if stage == "challenge":
        return f"если заявление устоит, {_unless_blocked(state)}"
    if stage == "challenge_result":
        c, actor = known(p["challenger"]), p["actor"]
        refund = f", {_coins(p['paid'])} вернутся" if p["paid"] else ""
        yes, no = _answers(state)
        shown = f"{yes}: {_lost_challenge(state, c, blocks=True)}."
        not_shown = f"{no}: {_loses(state, actor)}, действие отменено{refund}."
        return not_shown if _none_left(state) else f"{shown}\n{not_shown}"
    if stage == "block_challenge":
        b = known(p["blocker"])
        if p["action"] == "assassinate":  # a fallen block costs the blocker the card too
            falls = _lost_challenge(state, b, blocks=False)
        else:
            falls = _effect(state, b)
        return f"если запрет устоит, {_blocked(state)}; если нет, {falls}"
    if stage == "block_challenge_result":
        b, c = known(p["blocker"]), known(p["block_challenger"])
        yes, no = _answers(state)
        shown = f"{yes}: {_loses(state, c)}, запрет в силе{_unpaid(state)}."
        not_shown = f"{no}: {_lost_challenge(state, b, blocks=False)}."
        return not_shown if _none_left(state) else f"{shown}\n{not_shown}"
    if stage == "block":
        return _unless_blocked(state)
    return projected(state)  # «resolve»: a block fell, the action goes through


def explain(state: CoupState) -> str:
    """A Russian sentence on what the table must decide now.

    Implements the flow of «Ход игры», «Запрет действия» and «Оспаривание»: who claims what,
    who may block with which character, who loses a card and why. What the action then does
    is :func:`expected_outcome`'s alone (the screen's «Итог действия»), and what «Никто» does
    is :func:`if_nobody`'s (the pinned bar), so nothing is said twice. After a claim or a
    block was proven, the card shown goes back into the court deck, which is shuffled, and
    the claimant draws a new card («Оспаривание»; rules base «coup-osparivanie-dokazal»):
    the step that follows (the challenger's loss) says so.
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
    actor = p["actor"]
    if step == "lose_influence":
        loss = p["losses"][0]
        who = loss["player"]
        reason = {
            "challenge": "за оспаривание",  # after «… показана» the challenge failed
            "bluff": "за неподтверждённое заявление",
            "coup": "от переворота",
            "assassinate": "от заказного убийства",
        }[loss["reason"]]
        text = ""
        if loss["reason"] == "challenge":  # the claim or the block was proven
            on_block = p["block_challenger"] == who and p["result"] == "blocked"
            shown = known(p["block_character"]) if on_block else str(info.claim)
            claimant = known(p["blocker"]) if on_block else actor
            text = (
                f"{names[claimant]} замешивает {_ACCUSATIVE[shown]} в колоду двора "
                "и берёт новую карту. "
            )
        if state.influence[who] == 1:
            return f"{text}{names[who]} теряет последнего покровителя {reason} и выбывает."
        return f"{text}{names[who]} теряет покровителя {reason}."
    if step == "challenge":
        return f"{names[actor]} заявляет {_ACCUSATIVE[str(info.claim)]} ({info.name})."
    if step == "challenge_result":
        return f"{names[known(p['challenger'])]} оспаривает заявление.{_none_left(state)}"
    if step == "block":
        options = block_options(state)
        anyone = "любой соперник" if len(options) > 1 else names[next(iter(options))]
        chars = " или ".join(_ACCUSATIVE[c] for c in info.blockers)
        return f"Запретить может {anyone}, заявив {chars}."
    if step == "block_challenge":
        card = _ACCUSATIVE[known(p["block_character"])]
        return f"{names[known(p['blocker'])]} запрещает, заявив {card}."
    if step == "block_challenge_result":
        return f"{names[known(p['block_challenger'])]} оспаривает запрет.{_none_left(state)}"
    held = state.influence[actor] + 2
    return f"{names[actor]} берёт 2 карты из колоды двора и возвращает туда 2 из {held}."


def _none_left(state: CoupState) -> str:
    """« Все три карты «Герцог» уже раскрыты.» when the challenged card cannot be shown
    («Состав игры»: three copies of each character), else «»."""
    character = _claimed(state)
    if _revealed_count(state, character) < COPIES:
        return ""
    return f" Все три карты «{CHARACTER_NAMES[character]}» уже раскрыты."


def if_nobody(state: CoupState) -> str:
    """What «Никто» (nobody challenges, nobody blocks) leads to, for the pinned bar: the next
    step («дальше — запрет», «дальше — обмен картами»), or the end of the turn and who is
    next. Not the action's effect: «Итог действия» says that. «» outside those steps."""
    step = awaiting(state)
    kind = {
        "challenge": "coup.no_challenge",
        "block": "coup.no_block",
        "block_challenge": "coup.no_challenge",
    }.get(step)
    if kind is None:
        return ""
    after = copy.deepcopy(state)
    _apply(after, Event(0, kind, {}, 0.0))
    then = awaiting(after)
    if after.pending is None and then != "over":
        done = "запрет в силе" if step == "block_challenge" else "действие выполнено"
        return f"{done}; ход переходит: {state.names[after.current]}"
    if then == "block":
        return "дальше — запрет"
    if then == "exchange":
        return "дальше — обмен картами"
    return "действие выполняется"


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
