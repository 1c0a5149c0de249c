"""What the «Замес» (Smash Up) board says, without Flet: the setup lines, the bar's hint, a
base's status, the scoring preview's reasons («Раздача очков», «Споры при раздаче») and the
scoring move's data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine.smashup import (
    SETUP_PHASE,
    BaseState,
    SmashUpState,
    effective_breakpoint,
    is_eligible,
    is_ready,
    next_drafter,
    total_power,
)
from companion.i18n import _
from companion.present.base_form import NUMBERS, card_from_form, form_error

__all__ = ["edition_text", "score_data", "setup_hint", "setup_text", "signed", "unpaid_place"]
__all__ += ["base_chips", "next_picker", "taken_factions", "why_none"]


def signed(n: int) -> str:
    """``n`` with its sign: ``+2``, ``−1`` (a true minus)."""
    return f"+{n}" if n > 0 else f"−{abs(n)}"


def setup_text(text: str) -> str:
    """The setup reminder without the phase's name in front (the status line says it)."""
    rest = text.removeprefix(f"{SETUP_PHASE}: ")
    return text if rest == text else rest[:1].upper() + rest[1:]


def edition_text(name: str) -> str:
    """The edition's name, broken after its last comma, not at a hyphen."""
    head, comma, tail = name.rpartition(", ")
    return f"{head},\n{tail}" if comma else name


def setup_hint(factions: list[list[str]], bases: int, need: int) -> str:
    """What «Начать игру» still waits for (Подготовка к игре); «всё готово» when nothing."""
    done = sum(len(deck) >= 2 for deck in factions)
    if done < len(factions):
        return f"{_('фракции')}: {done} {_('из')} {len(factions)}"
    if bases < need:
        return f"{_('ещё баз')}: {need - bases}"
    return _("всё готово")


def unpaid_place(others: list[int], power: int) -> str:
    """Why an eligible player with ``power`` gets no VP given the ``others``' powers («Споры при
    раздаче»): a tie covering third place, or below third."""
    above = sorted((p for p in others if p > power), reverse=True)
    for p in dict.fromkeys(above):
        place = 1 + sum(1 for q in above if q > p)
        if place < 3 < place + above.count(p):  # a tie from above third across it
            if place == 2:
                return _("двое на 2-м месте: 3-е не достаётся никому")
            return _("трое на 1-м: 2-е и 3-е не достаются никому")
    return _("ниже третьего места")


def why_none(base: BaseState, edition: str, preview: dict[int, int], i: int) -> str:
    """Why player ``i`` gets nothing on ``base`` (``preview``: the engine's VP by player), or
    a note on a paid zero power, or «» («Раздача очков», «Споры при раздаче»)."""
    power = base.power
    if i in preview:
        return _("есть приспешник: очки и при силе 0") if power[i] == 0 else ""
    if not is_eligible(power[i], base.minions[i], edition):
        return _("нет приспешников") if power[i] > 0 else _("нет ни силы, ни приспешников")
    eligible = enumerate(zip(power, base.minions, strict=True))
    others = [p for k, (p, m) in eligible if k != i and is_eligible(p, m, edition)]
    return unpaid_place(others, power[i])


def score_data(
    base: int, form: Mapping[str, str], deck_empty: bool, edition: str
) -> dict[str, Any] | None:
    """``base.score``'s data from the replacement ``form``: ``deck_empty`` (the table's word)
    when nothing is typed or in «Мимими», where no base comes (Разойтись по углам!); nothing
    typed: no card (the engine names what is missing); ``None``: the typed card is refused
    (the form says why)."""
    data: dict[str, Any] = {"base": base, "base_card": None}
    empty = not any(form[k].strip() for k in ("name", *NUMBERS))
    if deck_empty and (empty or edition == "mimimi"):
        return {**data, "deck_empty": True}
    if empty:
        return data
    if form_error(form) is not None:
        return None
    return {**data, "base_card": card_from_form(form)}


def next_picker(state: SmashUpState, chosen: int | None) -> int | None:
    """Who picks a faction next: the draft's turn, the tapped player ``chosen`` while their deck
    is short, or the first deck missing a faction; ``None`` once every deck has two."""
    if state.draft:
        return next_drafter(state.factions, state.first)
    if chosen is not None and len(state.factions[chosen]) < 2:
        return chosen
    return next((i for i, d in enumerate(state.factions) if len(d) < 2), None)


def taken_factions(state: SmashUpState, picker: int | None) -> set[str]:
    """The factions (case folded) ``picker`` may not take: every deck's, or with «Две коробки»
    only their own deck's (Подготовка к игре)."""
    own = [state.factions[picker]] if picker is not None else []
    decks = own if state.two_boxes else state.factions
    return {f.casefold() for deck in decks for f in deck}


def base_chips(
    state: SmashUpState,
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[bool, ...]]:
    """The bases' names, power totals, breakpoints in force, and whether each is ready (by the
    rules or the table's word)."""
    bases = state.bases
    return (
        tuple(b.name for b in bases),
        tuple(total_power(b) for b in bases),
        tuple(effective_breakpoint(b) for b in bases),
        tuple(is_ready(b) or state.selected == j for j, b in enumerate(bases)),
    )
