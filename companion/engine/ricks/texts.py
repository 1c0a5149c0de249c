"""«Рик и Морти»: the journal's Russian line for each event."""

from __future__ import annotations

from companion.engine.core import Event, Setup
from companion.engine.ricks.constants import _KINDS, ENERGY_UNIT, MINI
from companion.engine.ricks.state import RicksState, _below, _reward


def describe(state: RicksState, event: Event, setup: Setup) -> str:
    """A Russian log line for ``event`` given the state before it."""
    d = event.data
    names = setup.names
    note = f" — {d['note']}" if d.get("note") else ""
    actor = names[state.active] if state.active is not None else ""
    ch = state.charge
    who = names[ch.player] if ch is not None and ch.player is not None else ""
    t = event.type
    if t == "round.draw":
        return f"Раунд {state.round}: все берут по карте; первым ходит {names[state.first]}"
    if t == "card.play":
        kind = _KINDS.get(str(d.get("kind")), "карта")
        where = ""
        if d.get("kind") != "ability":
            u = state.players[state.active].universe  # type: ignore[index]
            where = f" во вселенной «{_below(u) if d.get('down') else u}»"
        name = f" «{d['name']}»" if d.get("name") else ""
        whole = " и сразу внедряет целиком" if d.get("finish") and not d.get("down") else ""
        # the second card an invention costs there (Уточнения по вселенным: Мини-вселенная)
        mini = (
            " и сбрасывает ещё 1 карту (Мини-вселенная)"
            if d.get("kind") == "invention" and state.players[state.active].universe == MINI  # type: ignore[index]
            else ""
        )
        return f"{actor} играет {kind}{name}{where}{whole}{mini}"
    if t == "card.build":
        card = state.card(d["card"])
        label = card.label() if card else "карту"
        return f"{actor} кладёт {d['tokens']} жет. внедрения на {label}"
    if t == "player.move":
        how = " (свойство Кайла)" if d.get("ability") else ""
        return f"{actor} перемещается во вселенную «{d['to']}»{how}"
    if t == "card.swap":
        return f"{actor} сбрасывает карту и берёт новую"
    if t == "action.discard":
        return f"{actor} сбрасывает карту: +1 действие"
    if t == "actions.add":
        return f"{actor}: действия {d['delta']:+d}{note}"
    if t == "turn.end":
        return f"{actor} завершает ход"
    if t == "charge.done":
        if ch is not None and ch.step == "А":
            return f"«{ch.universe}», шаг А: энергии {ch.energy}"
        return f"{who} пасует (шаг {ch.step if ch else ''})"
    if t == "charge.oneshot":
        return f"{who} играет одноразку за {d['cost']} {ENERGY_UNIT}{note}"
    if t == "charge.ability":
        card = state.card(d["card"])
        if card is None:
            return f"{who} применяет способность"
        kind = "карту " if card.name else ""  # «применяет карту «Суперсила»», not «…«Суперсила»»
        return f"{who} применяет {kind}{card.label()} за {card.cost} {ENERGY_UNIT}"
    if t == "charge.spend":
        return f"{who} тратит {d['amount']} {ENERGY_UNIT}{note}"
    if t == "charge.activate":
        card = state.card(d["card"])
        if card is None:
            return "Активация изобретения"
        part = " (частично внедрено: на 1 ПО меньше)" if not card.built else ""
        paid = f"−{card.cost} {ENERGY_UNIT}"
        return f"{who} активирует {card.label()}: {paid}, +{_reward(card)} ПО{part}"
    if t == "charge.gain":
        return f"Энергия +{d['amount']}{note}"
    if t == "vp.add":
        return f"{names[d['player']]}: ПО {d['delta']:+d}{note}"
    if t == "hand.add":
        return f"{names[d['player']]}: карт на руке {d['delta']:+d}{note}"
    if t == "player.place":
        return f"{names[d['player']]} переносится во вселенную «{d['to']}»{note}"
    if t == "card.move":
        card = state.card(d["card"])
        return f"{card.label() if card else 'Карта'} переносится во вселенную «{d['to']}»{note}"
    if t == "card.remove":
        card = state.card(d["card"])
        where = "возвращается на руку" if d.get("to_hand") else "уходит в сброс"
        return f"{card.label() if card else 'Карта'} {where}{note}"
    if t == "card.turn":
        card = state.card(d["card"])
        how = "повёрнуто" if d.get("turned") else "возвращено в исходное положение"
        return f"{card.label() if card else 'Изобретение'} {how}{note}"
    return t
