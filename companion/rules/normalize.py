"""Text normalisation for the rules search: folding, tokens, stems, layout and transliteration.

Everything here is a pure function of its input (plus small caches):

- :func:`fold` — casefold and ``ё`` → ``е`` (``«Ёжик»`` → ``«ежик»``).
- :func:`words` — ``(word, start, end)`` for every word of a text, offsets into the original.
- :class:`Stemmer` — folded word → stem; ``"pymorphy"`` (default: pymorphy3 lemmas for
  Russian, Snowball for English), ``"snowball"`` (Snowball Russian + English) or ``"none"``.
  pymorphy3's lemmas come from a table made with it (:mod:`companion.rules.lemma_table`),
  on the server as in the browser (which has no pymorphy3), so both rank alike. Chosen by
  measurement (``benchmarks/bench_rules.py --stemmers``, 229 own questions):
  top-1/top-3 pymorphy 0.917/0.965, snowball 0.891/0.969, none 0.917/0.965.
- :func:`swap_layout` — text typed with the wrong keyboard layout, both ways
  (``"nfkfyn"`` → ``"талант"``, ``"ефдуте"`` → ``"talent"``).
- :func:`translit` — Latin transliteration back to Cyrillic (``"nichya na baze"`` →
  ``"ничья на базе"``; approximate, the search forgives the rest).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache, partial
from typing import Any

from companion.rules import lemma_table

__all__ = [
    "DEFAULT_STEMMER",
    "lexeme",
    "morph_lemma",
    "morph_known",
    "fold",
    "words",
    "Stemmer",
    "swap_layout",
    "translit",
    "is_latin",
    "is_cyrillic",
]

DEFAULT_STEMMER = "pymorphy"

_WORD = re.compile(r"[^\W_]+")
_LATIN = re.compile(r"[a-z]")
_CYR = re.compile(r"[а-я]")

_EN_KEYS = "`qwertyuiop[]asdfghjkl;'zxcvbnm,./"
_RU_KEYS = "ёйцукенгшщзхъфывапролджэячсмитьбю."
_TO_RU = {ord(e): r for e, r in zip(_EN_KEYS, _RU_KEYS, strict=False)}
_TO_RU.update(
    {ord(e.upper()): r.upper() for e, r in zip(_EN_KEYS, _RU_KEYS, strict=False) if e.isalpha()}
)
_TO_EN = {ord(r): e for e, r in zip(_EN_KEYS, _RU_KEYS, strict=False) if r.isalpha()}
_TO_EN.update(
    {
        ord(r.upper()): e.upper()
        for e, r in zip(_EN_KEYS, _RU_KEYS, strict=False)
        if r.isalpha() and e.isalpha()
    }
)

# Longest first: greedy matching picks "shch" before "sh" before "s".
_TRANSLIT = {
    "shch": "щ",
    "sch": "щ",
    "zh": "ж",
    "kh": "х",
    "ch": "ч",
    "sh": "ш",
    "ts": "ц",
    "tz": "ц",
    "yu": "ю",
    "iu": "ю",
    "ya": "я",
    "ia": "я",
    "yo": "е",
    "jo": "е",
    "ju": "ю",
    "ja": "я",
    "ye": "е",
    "je": "е",
    "tsya": "тся",  # -ться / -тся of verbs, not -ця
    "tsja": "тся",
    "ey": "ей",
    "iy": "ий",
    "yy": "ый",
    "oy": "ой",  # «nuzhnoy», «odnorazkoy»: a final y after a vowel is й, not ы
    "ay": "ай",
    "uy": "уй",
    "yj": "ый",
    "ij": "ий",
    "y": "ы",
    "'": "ь",
    "a": "а",
    "b": "б",
    "v": "в",
    "g": "г",
    "d": "д",
    "e": "е",
    "z": "з",
    "i": "и",
    "j": "й",
    "k": "к",
    "l": "л",
    "m": "м",
    "n": "н",
    "o": "о",
    "p": "п",
    "r": "р",
    "s": "с",
    "t": "т",
    "u": "у",
    "f": "ф",
    "h": "х",
    "c": "к",
    "w": "в",
    "x": "кс",
    "q": "к",
}
# A vowel + y is й only before a consonant or the end («nuzhnoy»), else the y starts я/ю/е
# («kroxovselennaya»).
_Y_KEYS = frozenset(["ey", "iy", "yy", "oy", "ay", "uy"])
_TRANSLIT_RE = re.compile(
    "|".join(
        re.escape(k) + ("(?![aeiouy])" if k in _Y_KEYS else "")
        for k in sorted(_TRANSLIT, key=len, reverse=True)
    )
)


def fold(text: str) -> str:
    """Casefold and replace ``ё`` with ``е``. Keeps length for Russian and English text."""
    return text.casefold().replace("ё", "е")


def words(text: str) -> list[tuple[str, int, int]]:
    """Split ``text`` into folded words.

    :returns: ``[(folded_word, start, end), ...]``, offsets into ``text``.
    """
    return [(fold(m.group()), m.start(), m.end()) for m in _WORD.finditer(text)]


def is_latin(word: str) -> bool:
    """True if the (folded) word contains Latin letters."""
    return bool(_LATIN.search(word))


def is_cyrillic(word: str) -> bool:
    """True if the (folded) word contains Cyrillic letters."""
    return bool(_CYR.search(word))


def swap_layout(text: str) -> str:
    """Re-type ``text`` in the other keyboard layout (ЙЦУКЕН ↔ QWERTY).

    Latin letters and the keys ``` ` [ ] ; ' , . ``` become Russian letters; Russian letters
    become Latin ones. ``"nfkfyn"`` → ``"талант"``, ``",jq"`` → ``"бой"``,
    ``"ефдуте"`` → ``"talent"``.
    """
    if is_latin(fold(text)) or not is_cyrillic(fold(text)):
        return text.translate(_TO_RU)
    return text.translate(_TO_EN)


def translit(text: str) -> str:
    """Latin transliteration → Cyrillic (approximate). ``"nichya na baze"`` → ``"ничя на базе"``."""
    return _TRANSLIT_RE.sub(lambda m: _TRANSLIT[m.group()], fold(text))


@lru_cache(maxsize=1)
def _morph() -> Any:
    """pymorphy3's analyser, loaded once (:raises ImportError: pymorphy3 is not installed)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


def morph_lemma(morph: Any, word: str) -> str:
    """pymorphy3's lemma of a folded word (its first parse's normal form, folded); the word
    itself where pymorphy3 fails on it (unnamed code points)."""
    try:
        return fold(str(morph.parse(word)[0].normal_form))
    except (ValueError, KeyError, IndexError):
        return word


def morph_known(morph: Any, word: str) -> bool:
    """True if pymorphy3's dictionary holds the folded ``word`` (no guessing)."""
    try:
        return bool(morph.word_is_known(word))
    except (ValueError, KeyError, IndexError):
        return False


def lexeme(morph: Any, lemma: str) -> list[str]:
    """Every folded form of every lexeme pymorphy3 parses ``lemma`` as (first seen first);
    none where pymorphy3 fails on it (unnamed code points)."""
    try:
        return list(dict.fromkeys(fold(f.word) for p in morph.parse(lemma) for f in p.lexeme))
    except (ValueError, KeyError, IndexError):
        return []


class Stemmer:
    """Folded word → stem (cached).

    :param kind: ``"pymorphy"`` (default) — pymorphy3 normal form (Cyrillic) + Snowball
        English (Latin); ``"snowball"`` — Snowball Russian for Cyrillic words, English for Latin;
        ``"none"`` — the folded word itself.
    :param tabled: for ``"pymorphy"``: ``None`` (default) — pymorphy3's lemmas from the lemma
        table (:func:`companion.rules.lemma_table.default`), on the server and in the browser
        alike, so both rank alike; a word the table lacks is its own lemma. ``False`` —
        pymorphy3 itself for every word (making the table; comparisons).
    :raises ValueError: on an unknown kind.
    """

    KINDS = ("snowball", "pymorphy", "none")

    def __init__(self, kind: str = DEFAULT_STEMMER, tabled: bool | None = None) -> None:
        if kind not in self.KINDS:
            raise ValueError(f"unknown stemmer {kind!r}; expected one of {self.KINDS}")
        self.kind = kind
        import snowballstemmer

        self._en = snowballstemmer.stemmer("english")
        self._table: lemma_table.Table | None = None
        self._known: Callable[[str], bool] | None = None
        if kind == "snowball":
            self._ru = snowballstemmer.stemmer("russian").stemWord
        elif kind == "pymorphy" and tabled is None and (table := lemma_table.default()):
            self._table = table
            self._ru = self._tabled_lemma
            self._known = self._tabled_known
        elif kind == "pymorphy":
            morph = _morph()
            self._ru = partial(morph_lemma, morph)
            self._known = partial(morph_known, morph)
        self.stem = lru_cache(maxsize=200_000)(self._stem)

    def _tabled_lemma(self, word: str) -> str:
        entry = self._table.get(word) if self._table is not None else None
        return entry[0] if entry else word

    def _tabled_known(self, word: str) -> bool:
        entry = self._table.get(word) if self._table is not None else None
        return bool(entry and entry[1])

    def learn(self, words: Iterable[str]) -> int:
        """Table, with pymorphy3's lemmas, every form of the lexemes of the folded ``words``
        the table lacks (house rulings' new words: their other forms then meet them as the
        rulebooks' forms meet theirs). Only where pymorphy3 is installed (the server) and the
        stemmer is tabled; elsewhere (the browser) such a word stays its own lemma.

        :returns: how many forms were added (0 for words the table holds: the shipped
            rulebooks').
        """
        table = self._table
        if table is None:
            return 0
        new = [w for w in dict.fromkeys(words) if w not in table and is_cyrillic(w)]
        if not new:
            return 0
        try:
            morph = _morph()
        except ImportError:
            return 0
        added: lemma_table.Table = {}
        for word in new:
            for form in [*lexeme(morph, morph_lemma(morph, word)), word]:
                if form not in table and form not in added:
                    added[form] = (morph_lemma(morph, form), morph_known(morph, form))
        self._table = {**table, **added}  # a new dict: a search running now reads the old one
        self.stem.cache_clear()
        return len(added)

    def is_word(self, word: str) -> bool:
        """True if ``word`` (folded) is a Russian dictionary word (pymorphy3's, or the table's
        flag; else False): such a word is never cut as several run together."""
        return bool(self._known and is_cyrillic(word) and self._known(word))

    def _stem(self, word: str) -> str:
        if self.kind == "none" or word.isdigit():
            return word
        if is_cyrillic(word):
            return str(self._ru(word))
        return str(self._en.stemWord(word))
