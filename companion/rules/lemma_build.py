"""Making the browser's lemma table (:mod:`companion.rules.lemma_table`) with pymorphy3, at
build time (``scripts/build_web.py``): what it holds and why is described there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.rules.db import load_db
from companion.rules.lemma_table import Table, write
from companion.rules.lexicon import STOPWORDS, SYNONYMS
from companion.rules.normalize import Stemmer, fold
from companion.rules.search import RulesIndex
from companion.rules.vocabulary import pairs
from companion.rules.weights import EDITION_WORDS, GAME_WORDS, TITLE_WORDS

__all__ = ["make", "build"]


def make(index: RulesIndex, morph: Any) -> Table:
    """The table for ``index``: a :class:`~companion.rules.search.RulesIndex` built with the
    pymorphy3 stemmer (``Stemmer()``); ``morph`` is a ``pymorphy3.MorphAnalyzer``.

    :returns: ``{folded form: (the index's lemma of it, pymorphy3 knows it as a word)}``.
    """
    stem = index.stemmer.stem
    named = [*STOPWORDS, *SYNONYMS, *GAME_WORDS, *EDITION_WORDS, *(k for k, _ in pairs())]
    named += [w for title in TITLE_WORDS.values() for w in title]
    wanted = set(index.lemmas) | {stem(fold(w)) for w in named if w}
    # lemmas a known longer lemma's prefix matches (RulesIndex._expand's related lemmas)
    for lem in sorted(index.lemmas):
        if len(lem) < 4 or not lem.isalpha():
            continue
        for parse in morph.iter_known_word_parses(lem):
            cand = fold(parse.normal_form)
            n = len(cand)
            if cand.startswith(lem) and max(4, (2 * n + 2) // 3) <= len(lem) < n:
                wanted.add(cand)
    table: Table = {}

    def add(form: str) -> None:
        if form not in table:
            table[form] = (stem(form), bool(morph.word_is_known(form)))

    for lem in sorted(wanted):
        for parse in morph.parse(lem):
            for form in parse.lexeme:
                add(fold(form.word))
    for form in index.lexicon.forms:
        add(form)
    return table


def build(path: Path) -> int:
    """Write the table of the shipped rules database to ``path`` (needs pymorphy3).

    :returns: how many forms it holds.
    """
    import pymorphy3  # the build machine's; the browser has none

    table = make(
        RulesIndex(load_db(), Stemmer("pymorphy", tabled=False)), pymorphy3.MorphAnalyzer()
    )
    write(table, path)
    return len(table)
