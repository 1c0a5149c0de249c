"""Russian words on screen: player names declined after prepositions, counted nouns, names
joined into a list (:func:`winners_text`), scores, days and durations as shown.

``inflect("Аня", "gent")`` → «Ани» (as in «ход Ани»), ``inflect("Борис", "datv")`` →
«Борису». Names pymorphy3 does not know as a first name, surname or patronymic (a nickname,
a Latin name, «Морти») are left as typed: an undeclined name reads better than a wrong one.

Cases (pymorphy3 grammemes): ``nomn`` именительный, ``gent`` родительный, ``datv`` дательный,
``accs`` винительный, ``ablt`` творительный, ``loct`` предложный.
"""

from __future__ import annotations

import time
from functools import cache, lru_cache
from typing import Any

from companion.i18n import _

__all__ = [
    "CASES",
    "fmt_day",
    "fmt_minutes",
    "fmt_score",
    "fmt_seconds",
    "inflect",
    "plural",
    "winners_text",
]

CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
_NAME_TAGS = ("Name", "Surn", "Patr")


@cache
def _morph() -> Any:
    import pymorphy3  # loads dictionaries (~0.3 s): only when a name is first declined

    return pymorphy3.MorphAnalyzer()


def _restore_case(original: str, word: str) -> str:
    if original.isupper() and len(original) > 1:
        return word.upper()
    if original[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _inflect_word(word: str, case: str) -> str:
    if not word or not any("а" <= ch.lower() <= "я" or ch.lower() == "ё" for ch in word):
        return word
    # a typed name is in the nominative: its nominative readings count however unlikely
    # pymorphy3 finds them out of context («Дина» reads first as «Дин» in the genitive;
    # «Роман», «Слава», «Майя» first as common nouns)
    for parse in _morph().parse(word):
        tag = parse.tag
        if any(t in tag for t in _NAME_TAGS) and "sing" in tag and "nomn" in tag:
            form = parse.inflect({case})
            if form is not None and _same_name(word, form.word):
                return _restore_case(word, form.word)
    return word


def _same_name(word: str, form: str) -> bool:
    """Whether ``form`` reads as a case of ``word``: a name's case changes its ending only
    («Павел» → «Павла», «Лев» → «Льва», «Борис» → «Борисом»), so a form that keeps less than
    all but two of its first letters, or grows by more than two, is some other word's
    (play-test: «заберёт у Станиславска» for «Станислав»): the name then stays as typed."""
    a, b = word.lower().replace("ё", "е"), form.lower().replace("ё", "е")
    keep = max(1, len(a) - 2)
    return b[:keep] == a[:keep] and len(b) <= len(a) + 2


@lru_cache(maxsize=512)
def inflect(name: str, case: str) -> str:
    """The player's ``name`` in grammatical ``case`` (one of :data:`CASES`).

    Each word of a multi-word name is declined on its own («Аня Петрова» → «Ани Петровой»);
    words that are not known names stay as typed; hyphenated parts too.

    :raises ValueError: if ``case`` is not one of :data:`CASES`.
    """
    if case not in CASES:
        raise ValueError(f"unknown case {case!r}; expected one of {CASES}")
    if case == "nomn":
        return name
    return " ".join(
        "-".join(_inflect_word(part, case) for part in word.split("-")) for word in name.split(" ")
    )


def plural(n: int, one: str, few: str, many: str) -> str:
    """The noun form for ``n``: ``plural(3, "карта", "карты", "карт")`` → «карты»."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def winners_text(names: list[str]) -> str:
    """«Аня», «Аня и Борис», «Аня, Борис и Вика»."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {_('и')} " + names[-1]


def fmt_score(value: float) -> str:
    """A score: «12», «2.5»."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def fmt_day(ts: float) -> str:
    """«06.12.2026 19:40»."""
    return time.strftime("%d.%m.%Y %H:%M", time.localtime(ts))


def fmt_minutes(seconds: float) -> str:
    """«42 мин», «1 ч 05 мин», «< 1 мин»."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return _("< 1 мин")
    if minutes < 60:
        return f"{minutes} {_('мин')}"
    return f"{minutes // 60} {_('ч')} {minutes % 60:02d} {_('мин')}"


def fmt_seconds(seconds: float) -> str:
    """``3725`` → ``"1:02:05"``; ``65`` → ``"1:05"``."""
    s = int(max(0, seconds))
    h, rem = divmod(s, 3600)
    m, s = divmod(rem, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
