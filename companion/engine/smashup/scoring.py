"""Замес: pure rules arithmetic — the draft, who scores a base and how much, the finish.

Headings: «Договоримся как взрослые», «Большой куш», «Раздача очков», «Споры при раздаче»,
«Самое главное», «Игра окончена».
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.engine.smashup.state import (
    DEFAULT_EDITION,
    FACTIONS,
    FREE_PLAYS,
    PLAY,
    WIN_VP,
    BaseState,
    SmashUpState,
)


def offered_factions(edition: str = DEFAULT_EDITION) -> tuple[str, ...]:
    """The eight factions of the two boxes, this edition's box first (names are suggestions)."""
    other = [e for e in FACTIONS if e != edition]
    return FACTIONS.get(edition, ()) + tuple(f for e in other for f in FACTIONS[e])


def draft_order(players: int, first: int = 0) -> list[int]:
    """Seat indices in pick order for the snake draft («Договоримся как взрослые»).

    Clockwise from the first player for the first faction, then back from the last player
    to the first for the second one: 3 players, first 1 → ``[1, 2, 0, 0, 2, 1]``.

    :raises ValueError: if ``players`` < 1 or ``first`` is not a seat.
    """
    if players < 1 or not 0 <= first < players:
        raise ValueError("draft_order: need players >= 1 and 0 <= first < players")
    once = [(first + i) % players for i in range(players)]
    return once + once[::-1]


def next_drafter(factions: Sequence[Sequence[str]], first: int = 0) -> int | None:
    """Who picks next in the snake draft given the picks so far, or ``None`` when done.

    Pick *k* of :func:`draft_order` is a seat's first faction in the first round, its second
    in the second round («Договоримся как взрослые»).
    """
    order = draft_order(len(factions), first)
    for k, seat in enumerate(order):
        wanted = 1 if k < len(factions) else 2
        if len(factions[seat]) < wanted:
            return seat
    return None


def _as_map(values: Mapping[int, int] | Sequence[int]) -> dict[int, int]:
    return dict(values) if isinstance(values, Mapping) else dict(enumerate(values))


def is_eligible(power: int, minions: int, edition: str = DEFAULT_EDITION) -> bool:
    """May a player with this power and minion count on a base score it? («Раздача очков»)

    ``bbrr``: at least one minion there or at least 1 power; ``mimimi``: at least one minion.
    """
    if edition == "mimimi":
        return minions >= 1
    return minions >= 1 or power >= 1


def score_base(
    powers: Mapping[int, int] | Sequence[int],
    minions: Mapping[int, int] | Sequence[int],
    vp: Sequence[int],
    edition: str = DEFAULT_EDITION,
) -> dict[int, int]:
    """VP each player gets when a base is scored («Раздача очков», «Споры при раздаче»).

    Only eligible players (:func:`is_eligible`) take part. A player's place is 1 + the number
    of eligible players with strictly more power; places 1–3 get ``vp[place - 1]``, so tied
    players share the higher place and the places they cover go unawarded (10/10/5 → 1st,
    1st, 3rd; 10/5/5 → 1st, 2nd, 2nd and no 3rd). With fewer than three eligible players the
    unused values go to nobody.

    :param powers: total power per player (seat → power, or a list by seat).
    :param minions: minion count per player, same shape (missing seats count as 0).
    :param vp: the base's VP for 1st, 2nd, 3rd place.
    :param edition: ``"bbrr"`` or ``"mimimi"``.
    :returns: ``{seat: VP}`` for every player placed 1st–3rd (values may be 0 if printed so).
    """
    power_of = _as_map(powers)
    minions_of = _as_map(minions)
    seats = sorted(set(power_of) | set(minions_of))
    eligible = {
        s: power_of.get(s, 0)
        for s in seats
        if is_eligible(power_of.get(s, 0), minions_of.get(s, 0), edition)
    }
    awards: dict[int, int] = {}
    for seat, power in eligible.items():
        place = 1 + sum(1 for other in eligible.values() if other > power)
        if place <= min(3, len(vp)):
            awards[seat] = int(vp[place - 1])
    return awards


def effective_breakpoint(base: BaseState) -> int:
    """The breakpoint with card modifiers; never below zero («Всё остальное»)."""
    return max(0, base.breakpoint + base.mod_turn + base.mod_base)


def total_power(base: BaseState) -> int:
    """All players' power on the base together."""
    return sum(base.power)


def is_ready(base: BaseState) -> bool:
    """Total power >= current breakpoint («Большой куш»)."""
    return total_power(base) >= effective_breakpoint(base)


def ready_bases(state: SmashUpState) -> list[int]:
    """Indices of the bases ready to score; the active player picks the order («Большой куш»)."""
    return [i for i, b in enumerate(state.bases) if is_ready(b)]


def score_preview(state: SmashUpState, base: int) -> dict[int, int]:
    """What :func:`score_base` would award on ``state.bases[base]`` now (for the confirmation).

    :raises IndexError: if there is no such base.
    """
    b = state.bases[base]
    return score_base(b.power, b.minions, b.vp, state.edition)


def plays_left(state: SmashUpState) -> dict[str, int]:
    """``{"minion": n, "action": m}`` still playable this turn («Играй карты»,
    «Добавочные карты»).

    Up to and during «Играй карты»: the free play plus the extras granted, minus the plays
    made. After that phase the free plays are gone: only granted extras not yet played
    remain (played at once, «Всё остальное»).
    """
    left = {k: FREE_PLAYS[k] + state.extra[k] - state.used[k] for k in FREE_PLAYS}
    if state.phase > PLAY:
        return {k: min(left[k], unused_extras(state)[k]) for k in FREE_PLAYS}
    return left


def unused_extras(state: SmashUpState) -> dict[str, int]:
    """Extra plays granted this turn and not yet recorded as extra plays, by kind."""
    return {k: max(0, state.extra[k] - state.extra_used[k]) for k in FREE_PLAYS}


def plays_now(state: SmashUpState) -> dict[str, int]:
    """What may be recorded right now: in «Играй карты» :func:`plays_left`; in any other
    phase only granted extras, played at once and recorded with ``extra: true``
    («Всё остальное», «Добавочные карты»). All zero before the game starts."""
    if not state.started or state.winner is not None:
        return {k: 0 for k in FREE_PLAYS}
    left = plays_left(state)
    if state.phase == PLAY:
        return left
    return {k: min(left[k], unused_extras(state)[k]) for k in FREE_PLAYS}


def final_scores(vp: Sequence[int], madness: Sequence[int], madness_on: bool) -> list[int]:
    """VP at the end of the game: with madness, −1 VP per 2 madness cards, never below 0
    («Самое главное»)."""
    if not madness_on:
        return list(vp)
    return [max(0, v - m // 2) for v, m in zip(vp, madness, strict=False)]


def find_winner(vp: Sequence[int], madness: Sequence[int], madness_on: bool) -> int | None:
    """The winner at the end of a turn, or ``None`` to play on («Игра окончена»).

    Somebody must have at least :data:`WIN_VP` VP; then the single leader (by
    :func:`final_scores`) wins; with madness a tie goes to fewer madness cards; a tie that
    remains means the game goes on.
    """
    if not vp or max(vp) < WIN_VP:
        return None
    final = final_scores(vp, madness, madness_on)
    best = max(final)
    leaders = [i for i, v in enumerate(final) if v == best]
    if len(leaders) > 1 and madness_on:
        fewest = min(madness[i] for i in leaders)
        leaders = [i for i in leaders if madness[i] == fewest]
    return leaders[0] if len(leaders) == 1 else None
