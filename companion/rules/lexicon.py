"""The index's vocabulary as a spell-checker: typo budgets, run-together words, stop-words.

- :class:`Lexicon` — every folded word form found in the entries, with its lemma.
  :meth:`Lexicon.correct` finds the known forms within a Meilisearch-style typo budget
  (:func:`typo_budget`: 0 edits up to 4 letters, 1 edit for 5–8, 2 edits from 9; an edit is
  an insertion, deletion, substitution or swap of neighbours — optimal string alignment
  distance from :mod:`rapidfuzz`). :meth:`Lexicon.split` cuts a run-together word
  (``"частичновнедренноеизобретение"``) into known forms.
- :data:`STOPWORDS` — Russian and English stop-words from the ``stop-words`` package, minus
  the words that carry meaning in rules questions (numbers, order, «больше», «нельзя», …).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import OSA
from stop_words import get_stop_words

from companion.rules.normalize import fold

__all__ = ["STOPWORDS", "SYNONYMS", "Lexicon", "typo_budget", "MAX_SPLIT"]

#: How players ask vs how rulebooks say it (lemma → lemmas it also means). General table
#: speech, not any one game's terms (those live in each entry's aliases).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "стоить": ("платить", "стоимость"),
    "стоимость": ("платить",),
    "цена": ("платить", "стоимость"),
    "оплачивать": ("платить", "оплата"),
    "оплатить": ("платить", "оплата"),
    "заплатить": ("платить",),
    "добирать": ("взять", "добор"),
    "добрать": ("взять", "добор"),
    "тянуть": ("взять",),
    "вытянуть": ("взять",),
    "брать": ("взять",),
    "выиграть": ("победа", "победить"),
    "победитель": ("победа", "победить"),
    "проиграть": ("выбыть", "выбывание"),
    "блочить": ("запрет", "запретить", "блокировать"),
    "блокировать": ("запрет", "запретить"),
    "заблокировать": ("запрет", "запретить"),
    "убить": ("уничтожить", "потерять"),
    "кончиться": ("конец", "закончиться"),
    "закончиться": ("конец",),
    "начинать": ("начало", "первый"),
    "выкинуть": ("сбросить",),
    "выбросить": ("сбросить",),
    "держать": ("рука",),
    "лишний": ("сбросить",),
    "ничейный": ("ничья",),
    "поровну": ("ничья", "равный"),
    "одинаковый": ("равный", "ничья"),
    "нужно": ("платить",),
    "надо": ("платить",),
}

# Words of the generic stop lists that decide a rules question: kept as ordinary words.
_KEEP = frozenset(
    [
        "больше",
        "меньше",
        "более",
        "менее",
        "нельзя",
        "можно",
        "первый",
        "второй",
        "третий",
        "один",
        "одна",
        "два",
        "две",
        "три",
        "четыре",
        "пять",
        "шесть",
        "семь",
        "восемь",
        "девять",
        "десять",
        "одиннадцать",
        "двенадцать",
        "пятнадцать",
        "двадцать",
        "раз",
        "после",
        "перед",
        "против",
        "конец",
        "начала",
        "сначала",
        "потом",
        "каждый",
        "каждая",
        "каждое",
        "каждые",
        "оба",
        "двух",
        "ниже",
        "внизу",
        "наверху",
        "вверх",
        "вниз",
        "назад",
        "сам",
        "снова",
        "опять",
        "без",
        "кроме",
        "через",
        "между",
        "только",
        "нужно",
        "надо",
        "должно",
        "time",
        "first",
        "two",
        "three",
        "one",
        "last",
        "before",
        "after",
        "against",
        "own",
        "turn",
        "back",
        "down",
        "up",
    ]
)
STOPWORDS: frozenset[str] = frozenset(
    fold(w) for lang in ("russian", "english") for w in get_stop_words(lang)
) - _KEEP | frozenset(["ли", "же", "бы", "ль", "разве", "неужели", "ка-то"])

#: Longest word :meth:`Lexicon.split` tries to cut (longer runs are left as they are).
MAX_SPLIT = 60
#: Shortest word :meth:`Lexicon.split` tries to cut.
MIN_SPLIT = 7
#: Short words allowed as pieces of a run-together word.
GLUE = frozenset(["в", "и", "к", "с", "у", "о", "а", "на", "по", "за", "из", "до", "от", "не"])


def typo_budget(word: str) -> int:
    """Edits forgiven in ``word``: 0 up to 4 letters, 1 for 5–8, 2 from 9 (Meilisearch's)."""
    n = len(word)
    return 0 if n <= 4 else 1 if n <= 8 else 2


class Lexicon:
    """Known word forms (folded) and their lemmas.

    :param forms: ``{folded form: lemma}`` for every word of every entry.
    :param lemma: the stemmer's ``stem`` (used for words :meth:`split` finds).
    """

    def __init__(self, forms: dict[str, str], lemma: Callable[[str], str]) -> None:
        self.forms = forms
        self.lemma = lemma
        by_len: dict[int, list[str]] = defaultdict(list)
        for form in sorted(forms):
            by_len[len(form)].append(form)
        self.by_len = dict(by_len)
        self.longest = max(by_len, default=0)
        # Forms with soft and hard signs dropped (the commonest Russian slip: «ничя»).
        self.unsigned: dict[str, str] = {}
        for form in sorted(forms, key=len):
            self.unsigned.setdefault(_unsign(form), form)
        self.correct = lru_cache(maxsize=50_000)(self._correct)

    def known(self, word: str) -> bool:
        """True if ``word`` (folded) is a form found in the entries."""
        return word in self.forms

    def _correct(self, word: str) -> tuple[tuple[str, int], ...]:
        """Known forms within :func:`typo_budget` of ``word``: ``((form, edits), ...)``.

        Best first, at most 5; ``((word, 0),)`` if the word itself is known. A form that differs
        only by soft or hard signs (``"ничя"`` → ``"ничья"``) counts as one edit, whatever the
        length. Otherwise empty if nothing is within the budget.
        """
        if word in self.forms:
            return ((word, 0),)
        same = self.unsigned.get(_unsign(word))
        if same is not None:
            return ((same, 1),)
        budget = typo_budget(word)
        if budget == 0 or len(word) > self.longest + budget:
            return ()
        pool: list[str] = []
        for n in range(len(word) - budget, len(word) + budget + 1):
            pool += self.by_len.get(n, [])
        found = process.extract(word, pool, scorer=OSA.distance, score_cutoff=budget, limit=5)
        return tuple((form, int(dist)) for form, dist, _ in sorted(found, key=lambda f: f[1]))

    def split(self, word: str) -> list[str] | None:
        """Cut a run-together ``word`` into known forms (fewest pieces, then longest first).

        Pieces are known forms of 3+ letters or short Russian function words (:data:`GLUE`);
        only words of :data:`MIN_SPLIT` letters or more are cut.
        :returns: the pieces, or ``None`` if the word cannot be cut (or is over
            :data:`MAX_SPLIT` letters, or is known as it is).
        """
        n = len(word)
        if n < MIN_SPLIT or n > MAX_SPLIT or word in self.forms:
            return None
        top = min(n, self.longest)
        best: list[tuple[int, int, int] | None] = [None] * (n + 1)  # (pieces, -sq, prev)
        best[0] = (0, 0, 0)
        for end in range(1, n + 1):
            for start in range(max(0, end - top), end):
                prev = best[start]
                piece = word[start:end]
                if prev is None or not self._piece(piece):
                    continue
                cand = (prev[0] + 1, prev[1] - len(piece) ** 2, start)
                cur = best[end]
                if cur is None or cand[:2] < cur[:2]:
                    best[end] = cand
        last = best[n]
        if last is None or last[0] < 2:
            return None
        pieces = []
        end = n
        while end > 0:
            step = best[end]
            assert step is not None
            pieces.append(word[step[2] : end])
            end = step[2]
        return pieces[::-1]

    def _piece(self, piece: str) -> bool:
        if len(piece) < 3:
            return piece in GLUE
        return piece in self.forms


def _unsign(word: str) -> str:
    return word.replace("ь", "").replace("ъ", "")


def forms_of(texts: Iterable[str], words: Callable[[str], list[tuple[str, int, int]]]) -> set[str]:
    """Every folded word form of ``texts``."""
    return {w for t in texts for w, _, _ in words(t)}
