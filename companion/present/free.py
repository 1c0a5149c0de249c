"""What the free counters' board says, without Flet: the round's line, who still plays this
round, and who wins if the table stops now (:mod:`companion.ui.boards.free` shows them); the
new-game form's target as it is changed."""

from __future__ import annotations

from typing import Any

from companion.i18n import _

__all__ = ["ahead", "still_to_play", "top_line", "with_target_counter", "with_target_value"]


def still_to_play(state: Any) -> list[int]:
    """The seats that still have a turn in this round: the active one, then each after it up
    to (not including) the first player, whose turn starts the next round."""
    n = len(state.values)
    return [(state.active + k) % n for k in range((state.first - state.active - 1) % n + 1)]


def top_line(game: Any) -> str:
    """The round and the target in one line («Раунд 2 · цель: ПО 30»); once the target is
    reached, who still has a turn (the status line says it is reached); once over, «Игра
    окончена», not the next round. Over the rows on a phone, in the top bar on a wide window."""
    state = game.state
    target = state.target
    goal = f"{_('цель')}: {target['counter']} {target['value']}" if target else ""
    if target and state.target_round is not None and game.outcome() is None:
        return _("Раунд {round} · до конца ходят: {names}").format(
            round=state.round, names=", ".join(game.setup.names[i] for i in still_to_play(state))
        )
    head = _("Игра окончена") if game.outcome() is not None else f"{_('Раунд')} {state.round}"
    return " · ".join(part for part in (head, goal) if part)


def ahead(game: Any) -> str:
    """Who wins if the table stops now, in words for the «Завершить игру?» question: the
    leaders on the target's counter, else on the first one (``game.end`` in
    :mod:`companion.engine.free`). Names only, no values: the bar re-renders when the lead
    changes hands, not on every tap."""
    state = game.state
    key = state.target["counter"] if state.target else state.counters[0]["name"]
    scores = game.definition.scores(state)
    best = max(scores.values())
    names = [game.setup.names[i] for i, v in sorted(scores.items()) if v == best]
    # in the words of :func:`companion.engine.free.deciding_counter`
    if state.target:
        by = _("по счётчику цели «{counter}»").format(counter=key)
    elif len(state.counters) > 1:
        by = _("по первому счётчику «{counter}»").format(counter=key)
    else:
        by = _("по счётчику «{counter}»").format(counter=key)
    if len(names) == 1:
        return _("Победитель — {name}: больше всех {by}.").format(name=names[0], by=by)
    return _("Победители — {names}: поровну, больше всех {by}.").format(
        names=", ".join(names), by=by
    )


def with_target_counter(options: dict[str, Any], counter: str | None) -> dict[str, Any]:
    """``options`` with the target on ``counter`` (``None``: no target); the number keeps what
    the player typed (empty at first: nothing unseen is added to what is typed next)."""
    if not counter:
        return {**options, "target": None}
    value = (options.get("target") or {}).get("value", "")
    return {**options, "target": {"counter": counter, "value": value}}


def with_target_value(options: dict[str, Any], value: int | str) -> dict[str, Any]:
    """``options`` with the target's number ``value`` (``""`` while empty: the start then names
    the field); unchanged without a target."""
    target = options.get("target")
    return {**options, "target": {**target, "value": value}} if target else options
