"""What the Munchkin board says, without Flet: the last combat's summary, «От щедрот»'s
plan, refusals and notice, a refusal headed by its player or with its rule first, and the
notice of a gear bonus below 0 (:mod:`companion.ui.boards.munchkin` shows them)."""

from __future__ import annotations

import re

from companion.engine import Game
from companion.engine.munchkin import HAND_LIMIT, CombatTotals, charity, escapes, flee_rolls
from companion.engine.munchkin.charity import CharityPlan
from companion.engine.munchkin.constants import R_COMBAT, R_PHASES
from companion.errors import CompanionError
from companion.i18n import _
from companion.words import inflect, plural

__all__ = ["last_combat_text", "cards", "charity_plan", "charity_notice", "odd_cards_taken"]
__all__ += [
    "charity_gifts",
    "treasures_to_draw",
    "verdict_text",
    "about_player",
    "fight_refusal",
    "gear_notice",
    "last_hand",
    "rule_first",
]


def last_combat_text(game: Game) -> str:
    """The last finished combat of a Munchkin ``game`` in Russian, or ``""``: what decides
    the turn comes first (the board's top slot shows two lines), the punishment named only
    for a runner caught. Rulebook: «Бой» (a won fight's levels and treasures), «Смываемся»
    (the die per monster)."""
    last = game.state.last_combat
    if not last:
        return ""
    names = game.players
    if last["result"] == "won":
        n = last["treasures"]
        return (
            f"{_('Победа в бою')}: {names[last['fighter']]} {_('тянет')} {n} "
            f"{plural(n, _('сокровище'), _('сокровища'), _('сокровищ'))}, "
            f"+{last['levels']} {_('ур.')}; {_('разовые карты — в сброс')}"
        )
    if last["result"] == "fled":
        flee = next((e.data for e in reversed(game.events) if e.type == "combat.flee"), {})
        runs = [(last["fighter"], "")]
        if last.get("helper") is not None and "helper_rolls" in flee:
            runs.append((last["helper"], "helper_"))  # both ran
        told = []  # per runner: the name and (monster, roll, verdict) per monster
        for who, pre in runs:
            args = (
                flee.get(f"{pre}rolls", []),
                flee.get(f"{pre}modifier", 0),
                flee.get("modifiers"),
            )
            verdicts = [_("удалось") if e else _("не удалось") for e in escapes(*args)]
            said = list(zip(last["monsters"], flee_rolls(*args), verdicts, strict=False))
            told.append((names[who], said))
        if len(told) == 2 and all(len(said) == 1 for _w, said in told):
            # fighter and helper from one monster: both verdicts first
            text = ", ".join(f"{w}: {said[0][2]} ({said[0][1]})" for w, said in told)
            text += f" — {_('смываются от монстра')} «{told[0][1][0][0]}»"
        else:
            text = ". ".join(
                f"{w}: {said[0][2]} {_('смыться')} ({said[0][1]}) {_('от монстра')} «{said[0][0]}»"
                if len(said) == 1
                else f"{w} {_('смывается')}: " + "; ".join(f"{n} — {v} ({r})" for n, r, v in said)
                for w, said in told
            )
        caught = [last["fighter"]] if last.get("caught") else []
        if last.get("helper_caught") and last.get("helper") is not None:
            caught.append(last["helper"])
        if caught:
            whom = " и ".join(inflect(names[i], "gent") for i in caught)
            text += f". {_('Непотребство для')} {whom} — {_('по карте монстра')}"
        return text
    return f"{_('Бой окончен без убийства')}: {', '.join(last['monsters'])}"


def cards(n: int) -> str:
    """``n`` cards in words: «1 карта», «3 карты», «5 карт»."""
    return f"{n} {plural(n, _('карта'), _('карты'), _('карт'))}"


def charity_plan(surplus: int, discard: int, extra: int) -> str:
    """What «От щедрот» does with the ``surplus`` cards over :data:`HAND_LIMIT`: nothing to
    give, ``discard`` them (the giver is the lowest level), or split them evenly with
    ``extra`` odd ones handed out one each. Rulebook: «Фазы хода», «От щедрот»."""
    if surplus == 0:
        return f"{_('Не больше')} {HAND_LIMIT} {_('карт — раздавать нечего')}"
    if discard:
        low = _("Самый низкий уровень у вас — они уходят в сброс")
        return f"{_('Лишних карт')}: {surplus}. {low}."
    text = f"{_('Лишних карт')}: {surplus} — {_('поровну манчкинам самого низкого уровня')}."
    if extra:
        text += f" {_('Остаток')} ({extra}) — {_('по одной тем, кого выберете')}."
    return text


def odd_cards_taken(extra: int, chosen: list[str]) -> str:
    """Why one more «ещё одну» is refused: the ``extra`` odd cards, one each, are with
    ``chosen`` («Фазы хода», «От щедрот»); the rule before the names, inside three lines."""
    if extra == 1:
        return (
            f"{_('Остаток (1) уже отдан')}: {chosen[0]} ({R_PHASES}). "
            f"{_('Снимите там «ещё одну», чтобы отдать его другому.')}"
        )
    return (
        f"{_('Остаток')} ({extra}) {_('уже отдан')}: {', '.join(chosen)} ({R_PHASES}). "
        f"{_('Снимите у кого-то «ещё одну», чтобы отдать другому.')}"
    )


def charity_notice(names: list[str] | tuple[str, ...], given: list[int], discard: int) -> str:
    """Who got what in «От щедрот», in cards (never «+1» alone: that read as a level), or
    ``""`` when nothing moved."""
    said = [f"{names[p]} {cards(n)}" for p, n in enumerate(given) if n]
    said += [f"{_('в сброс')} {cards(discard)}"] if discard else []
    return f"{_('От щедрот')}: {', '.join(said)}" if said else ""


def last_hand(game: Game) -> int:
    """The hand size last entered in «От щедрот», else :data:`HAND_LIMIT` + 1."""
    hands = (e.data.get("hand") for e in reversed(game.events) if e.type == "turn.charity")
    return next((h for h in hands if isinstance(h, int)), HAND_LIMIT + 1)


def fight_refusal(game: Game) -> str:
    """Why no fight can start now, whatever the monster (the engine's refusal, naming «Фазы
    хода»), or ``""``."""
    try:
        game.check("combat.start", {"monster": {"name": "?", "level": 1}})
    except CompanionError as e:
        return str(e)
    return ""


def about_player(name: str, said: str) -> str:
    """A refusal about one player headed by their name: «Аня: уровень уже 1-й — …» (a capital
    starting a word, not an abbreviation, lowered)."""
    if said[:1].isupper() and said[1:2].islower():
        said = said[0].lower() + said[1:]
    return f"{name}: {said}"


def gear_notice(name: str, gear: int) -> str:
    """A gear bonus gone below 0 is allowed: «Бой» sums every modifier; rule 1 floors the
    level only; the number with the minus sign «−3», as the counter draws it."""
    return (
        f"{name}: {_('бонус шмоток')} −{-gear} — "
        f"{_('минус бывает (проклятия, шмотки с минусом)')}, «{R_COMBAT}»"
    )


#: About how many characters of 13 px text two lines of the monster form hold at 360 px.
_TWO_LINES = 76
_RULE_AT_END = re.compile(r"^(?P<text>.*\S)\s*\(«?(?P<rule>[^()«»]+)»?\)\.?$", re.DOTALL)


def rule_first(message: str) -> str:
    """A refusal longer than two lines with the rule it names moved to the front («Фазы хода:
    В этот ход монстр уже был; …»), so a cut keeps the rule; else ``message`` as it is."""
    found = _RULE_AT_END.match(message)
    if len(message) <= _TWO_LINES or found is None:
        return message
    return f"{found['rule']}: {found['text']}"


def verdict_text(totals: CombatTotals) -> str:
    """The fight's verdict: the munchkins win, a tie (monsters win ties, «Бой»), or what the
    players still need (not the difference)."""
    if totals.players_win:
        return _("Побеждают манчкины")
    if totals.players == totals.monsters:
        return _("Ничья: побеждают монстры")
    return f"{_('Монстры сильнее: нужно ещё')} +{totals.margin}"


def charity_gifts(
    giver: int, hand: int, levels: tuple[int, ...], extra_to: list[int] | None
) -> tuple[CharityPlan, list[int], list[int]]:
    """«От щедрот» for ``giver`` holding ``hand`` cards: the plan, who gets an odd card
    (``extra_to`` as picked, ``None``: the plan's first recipients; at most ``plan.extra``)
    and each player's cards."""
    plan = charity(giver, [hand if i == giver else 0 for i in range(len(levels))], list(levels))
    picked = plan.recipients if extra_to is None else extra_to
    chosen = [p for p in picked if p in plan.recipients][: plan.extra]
    gifts = [plan.shares.get(i, 0) + (1 if i in chosen else 0) for i in range(len(levels))]
    return plan, chosen, gifts


def treasures_to_draw(n: int) -> str:
    """«тянуть 2 сокровища»: what a won fight still draws beside «От щедрот»."""
    return f"{_('тянуть')} {n} {plural(n, _('сокровище'), _('сокровища'), _('сокровищ'))}"
