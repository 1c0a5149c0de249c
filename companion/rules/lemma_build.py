"""Making the lemma table (:mod:`companion.rules.lemma_table`) with pymorphy3: what it holds
and why is described there.

Usage: ``python -m companion.rules.lemma_build`` writes :data:`~companion.rules.lemma_table.FILE`
for the shipped rules database (after the rulebooks change)."""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path
from typing import Any

from companion.rules.db import load_db
from companion.rules.lemma_table import FILE, Table, write
from companion.rules.lexicon import GLUE, MAX_SPLIT, MIN_SPLIT, STOPWORDS, SYNONYMS
from companion.rules.normalize import Stemmer, fold, lexeme, morph_known
from companion.rules.search import RulesIndex
from companion.rules.vocabulary import pairs
from companion.rules.weights import EDITION_WORDS, GAME_WORDS, TITLE_WORDS

__all__ = ["make", "build", "cut_words"]


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
        for form in lexeme(morph, lem):
            add(form)
    for form in index.lexicon.forms:
        add(form)
    for word in sorted(cut_words(morph, index.lexicon.forms)):
        add(word)
    return table


def cut_words(morph: Any, forms: Collection[str]) -> set[str]:
    """pymorphy3's dictionary words that :meth:`~companion.rules.lexicon.Lexicon.split` could
    cut into known ``forms`` and :data:`~companion.rules.lexicon.GLUE` words («отобрать»: «от о
    брать»): tabled as words, neither path cuts them.

    Walks the pieces' trie along pymorphy3's word graph (``е`` also as ``ё``), so only
    concatenations that start a dictionary word are followed.

    :returns: folded words of :data:`MIN_SPLIT`..:data:`MAX_SPLIT` letters, ≥ 2 pieces.
    """
    graph = morph.dictionary.words.dct
    trie: dict[str, Any] = {}
    for piece in [*(f for f in forms if len(f) >= 3), *GLUE]:
        node = trie
        for ch in piece:
            node = node.setdefault(ch, {})
        node[""] = {}  # a piece ends here
    found: set[str] = set()
    seen: set[tuple[str, int]] = set()
    cuts = [("", 0, 0)]  # (text cut so far, its node in the graph, pieces)
    while cuts:
        text, at, n = cuts.pop()
        walk = [(trie, at, text)]
        while walk:
            node, i, sofar = walk.pop()
            for ch, child in node.items():
                if ch == "":
                    if len(sofar) > MAX_SPLIT or (sofar, min(n + 1, 2)) in seen:
                        continue
                    seen.add((sofar, min(n + 1, 2)))
                    long = n >= 1 and len(sofar) >= MIN_SPLIT and sofar not in forms
                    if long and morph_known(morph, sofar):
                        found.add(sofar)
                    cuts.append((sofar, i, n + 1))
                    continue
                for letter in (ch, "ё") if ch == "е" else (ch,):
                    j = graph.follow_bytes(letter.encode(), i)
                    if j is not None:
                        walk.append((child, j, sofar + ch))
    return found


def build(path: Path = FILE) -> int:
    """Write the table of the shipped rules database to ``path`` (needs pymorphy3).

    :returns: how many forms it holds.
    """
    import pymorphy3  # the build machine's; the browser has none

    table = make(
        RulesIndex(load_db(), Stemmer("pymorphy", tabled=False)), pymorphy3.MorphAnalyzer()
    )
    write(table, path)
    return len(table)


if __name__ == "__main__":
    print(f"{build()} forms → {FILE}")
