"""The rules search: an inverted index over stems, fuzzy term matching, BM25F-style ranking.

Built once per database (:class:`RulesIndex`); a query then costs a few dictionary lookups,
one :func:`rapidfuzz.process.extract` over the vocabulary per unknown word, and a re-rank of
the best candidates by how closely their title, heading or an alias matches the whole query.

How a query is read (each step forgives one kind of mistake):

1. Checked: a string of at most :data:`MAX_QUERY` characters with at least one letter or digit,
   else :class:`~companion.errors.SearchError`.
2. Split on spaces; every chunk is tried as typed, re-typed in the other keyboard layout
   (``nfkfyn`` → ``талант``) and, if Latin, transliterated (``nichya`` → ``ничя``); the reading
   whose words best match the vocabulary wins (the typed one wins ties).
3. Words are folded (case, ё/е) and stemmed (:class:`~companion.rules.normalize.Stemmer`).
4. Each stem is matched exactly, else by prefix (a word still being typed) and by
   :func:`rapidfuzz.fuzz.ratio` over the vocabulary (typos).
5. Entries are scored BM25F-style: title, heading and aliases weigh more than the text. Very
   common words (a short stop list) count little. A game named in the query (``манчкин``,
   ``coup``) counts little as a word but favours that game's entries.
6. The best :data:`RERANK` candidates are re-ranked with the token-set similarity between the
   query and their title/heading/aliases. Scores are 0..100.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import fuzz, process

from companion.errors import SearchError
from companion.rules.normalize import (
    Stemmer,
    fold,
    is_cyrillic,
    is_latin,
    swap_layout,
    translit,
    words,
)

__all__ = ["Hit", "RulesIndex", "MAX_QUERY", "GAME_WORDS"]

MAX_QUERY = 300
RERANK = 60
K1 = 1.2
FIELD_WEIGHTS = {"title": 3.0, "section": 3.0, "aliases": 2.5, "text": 1.0}
FIELD_B = {"title": 0.3, "section": 0.3, "aliases": 0.3, "text": 0.75}
FUZZY_CUTOFF = 75.0
PREFIX_WEIGHT = 0.75
STOP_WEIGHT = 0.25
GAME_WORD_WEIGHT = 0.3
GAME_BONUS = 1.25
MIX = 0.6  # share of the BM25F coverage in the final score; the rest is title similarity

STOPWORDS = frozenset(
    [
        "а",
        "и",
        "в",
        "во",
        "на",
        "не",
        "ни",
        "но",
        "по",
        "с",
        "со",
        "к",
        "ко",
        "у",
        "о",
        "об",
        "от",
        "до",
        "из",
        "за",
        "для",
        "при",
        "если",
        "ли",
        "же",
        "бы",
        "то",
        "что",
        "как",
        "это",
        "так",
        "или",
        "да",
        "нет",
        "ты",
        "я",
        "он",
        "она",
        "они",
        "мы",
        "вы",
        "его",
        "ее",
        "их",
        "мне",
        "меня",
        "можно",
        "ли",
        "ну",
        "где",
        "когда",
        "чем",
        "кто",
        "там",
        "тут",
        "все",
        "всё",
        "есть",
        "быть",
        "будет",
        "был",
        "какой",
        "какая",
        "какое",
        "какие",
        "какого",
        "каким",
        "сколько",
        "почему",
        "зачем",
        "надо",
        "нужно",
        "мой",
        "моя",
        "мои",
        "свой",
        "а",
        "если",
        "the",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "is",
        "and",
        "or",
        "what",
        "how",
        "can",
    ]
)
# Words that name a game; a query containing them prefers entries of that game.
GAME_WORDS: dict[str, str] = {
    **dict.fromkeys(["замес", "замеса", "замесе", "smash", "smashup", "смешап"], "smash_up"),
    **dict.fromkeys(["переворот", "перевороте", "coup", "ку"], "coup"),
    **dict.fromkeys(["манчкин", "манчкине", "манчкина", "munchkin", "апокалипсис"], "munchkin"),
    **dict.fromkeys(["рик", "рики", "рика", "морти", "rick", "ricks", "morty"], "ricks"),
}


@dataclass(frozen=True)
class Hit:
    """One search result.

    :ivar entry: the entry dict (fields as in :mod:`companion.rules.db`).
    :ivar score: relevance 0..100 (higher is better).
    :ivar spans: ``[(field, start, end), ...]`` — matched words in ``entry[field]`` for
        highlighting, ``field`` in ``("title", "section", "text")``, offsets in characters.
    :ivar house: True for the table's own ruling (:mod:`companion.rules.house`).
    """

    entry: dict[str, Any]
    score: float
    spans: list[tuple[str, int, int]] = field(default_factory=list)
    house: bool = False

    def as_json(self) -> dict[str, Any]:
        """The CLI/JSON shape: ``{id, game, source, section, title, text, score, house}``."""
        e = self.entry
        keys = ("id", "game", "source", "section", "title", "text")
        return {**{k: e[k] for k in keys}, "score": round(self.score, 2), "house": self.house}


@dataclass
class _Term:
    """One query word: its stem, importance and the vocabulary terms it matches (term → weight)."""

    stem: str
    weight: float
    matches: dict[str, float]


class RulesIndex:
    """An in-memory search index over rules entries.

    :param entries: validated entry dicts (see :mod:`companion.rules.db`); house rulings have
        ``kind == "house"``.
    :param stemmer: a :class:`Stemmer`; ``Stemmer()`` (pymorphy3) by default.

    >>> idx = RulesIndex([{"id": "t", "game": "coup", "source": "coup", "section": "Доход",
    ...   "page": 2, "kind": "rule", "title": "Доход", "text": "Возьми монету.",
    ...   "aliases": ["income"], "see_also": []}])
    >>> idx.search("income")[0].entry["id"]
    't'
    """

    def __init__(self, entries: Iterable[dict[str, Any]], stemmer: Stemmer | None = None) -> None:
        self.entries: list[dict[str, Any]] = list(entries)
        self.stemmer = stemmer or Stemmer()
        self.by_id = {e["id"]: e for e in self.entries}
        stem = self.stemmer.stem
        n = len(self.entries)
        field_stems: dict[str, list[list[str]]] = {
            f: [[stem(w) for w, _, _ in words(self._field(e, f))] for e in self.entries]
            for f in FIELD_WEIGHTS
        }
        avg = {f: max(1.0, sum(map(len, rows)) / max(1, n)) for f, rows in field_stems.items()}
        postings: dict[str, dict[int, float]] = defaultdict(dict)
        for f, rows in field_stems.items():
            w, b = FIELD_WEIGHTS[f], FIELD_B[f]
            for i, stems in enumerate(rows):
                norm = 1 - b + b * len(stems) / avg[f]
                counts: dict[str, int] = defaultdict(int)
                for s in stems:
                    counts[s] += 1
                for s, c in counts.items():
                    postings[s][i] = postings[s].get(i, 0.0) + w * c / norm
        self.postings = dict(postings)
        self.idf = {
            t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in postings.items()
        }
        self.vocab = sorted(self.postings)
        # Typo matching looks only at words of titles, headings and aliases, by length.
        key_terms = {
            t for f in ("title", "section", "aliases") for row in field_stems[f] for t in row
        }
        self.fuzzy_vocab = sorted(key_terms, key=lambda t: (len(t), t))
        longest = max(map(len, self.fuzzy_vocab), default=0)
        lengths = [len(t) for t in self.fuzzy_vocab]
        self._len_start = [bisect_left(lengths, n) for n in range(longest + 2)]
        self._cache: dict[tuple[str, bool], dict[str, float]] = {}
        # Strings the whole query is compared with in the re-rank: title, heading, each alias.
        self.keys: list[list[str]] = [
            list(
                dict.fromkeys(
                    " ".join(stem(w) for w, _, _ in words(s))
                    for s in [e["title"], e["section"], *e["aliases"]]
                )
            )
            for e in self.entries
        ]

    @staticmethod
    def _field(entry: dict[str, Any], name: str) -> str:
        return " ; ".join(entry["aliases"]) if name == "aliases" else entry[name]

    # -- query parsing ---------------------------------------------------------------------
    def _expand(self, stem: str, fuzzy: bool = True) -> dict[str, float]:
        """Vocabulary terms matching one stem, with weights 0..1 (cached per index).

        Exact: 1.0. Related forms (a longer term starting with the stem — a word still being
        typed — or a shorter known term the stem starts with): :data:`PREFIX_WEIGHT`. Typos
        (only with ``fuzzy`` and no exact match): ``(ratio/100)**3`` for
        :func:`rapidfuzz.fuzz.ratio` >= :data:`FUZZY_CUTOFF` against the words of titles,
        headings and aliases of about the same length.
        """
        key = (stem, fuzzy)
        if key in self._cache:
            return self._cache[key]
        exact = stem in self.postings
        found: dict[str, float] = {stem: 1.0} if exact else {}
        if len(stem) >= 3 and not (exact and len(stem) < 5):
            i = bisect_left(self.vocab, stem)
            n = 0
            while i < len(self.vocab) and self.vocab[i].startswith(stem) and n < 8:
                found.setdefault(self.vocab[i], PREFIX_WEIGHT)
                i += 1
                n += 1
            for k in range(len(stem) - 1, max(4, (2 * len(stem) + 2) // 3) - 1, -1):
                if stem[:k] in self.postings:
                    found.setdefault(stem[:k], PREFIX_WEIGHT)
                    break
            if fuzzy and not exact:
                cutoff = FUZZY_CUTOFF if len(stem) >= 5 else 85.0
                lo = self._len_start[max(0, len(stem) - 3)]
                hi = self._len_start[min(len(self._len_start) - 1, len(stem) + 4)]
                for term, score, _ in process.extract(
                    stem, self.fuzzy_vocab[lo:hi], scorer=fuzz.ratio, score_cutoff=cutoff, limit=5
                ):
                    found[term] = max(found.get(term, 0.0), (score / 100) ** 3)
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[key] = found
        return found

    def _quality(self, folded: list[str], fuzzy: bool) -> float:
        """How well a reading's words match the vocabulary (0..1, mean of best weights)."""
        if not folded:
            return 0.0
        stem = self.stemmer.stem
        return sum(max(self._expand(stem(w), fuzzy).values(), default=0.0) for w in folded) / len(
            folded
        )

    def _readings(self, chunk: str) -> list[list[str]]:
        typed = [w for w, _, _ in words(chunk)]
        out = [typed]
        low = fold(chunk)
        if is_latin(low) and not is_cyrillic(low):
            out += [
                [w for w, _, _ in words(swap_layout(chunk))],
                [w for w, _, _ in words(translit(chunk))],
            ]
        elif is_cyrillic(low) and not is_latin(low):
            out.append([w for w, _, _ in words(swap_layout(chunk))])
        return out

    def parse(self, query: str) -> list[_Term]:
        """Turn a query into weighted terms (see the module docstring, steps 1–4).

        :raises SearchError: empty, punctuation-only or longer than :data:`MAX_QUERY`.
        """
        if not isinstance(query, str):
            raise SearchError("Запрос должен быть строкой.")
        query = query.strip()
        if len(query) > MAX_QUERY:
            raise SearchError(f"Слишком длинный запрос: не больше {MAX_QUERY} символов.")
        if not any(ch.isalnum() for ch in query):
            raise SearchError("Пустой запрос: напишите хотя бы одно слово.")
        terms: list[_Term] = []
        for chunk in query.split():
            readings = self._readings(chunk)
            # exact and prefix matches decide; typo matching only if no reading has any
            quality = [self._quality(r, fuzzy=False) for r in readings]
            if max(quality) == 0:
                quality = [self._quality(r, fuzzy=True) for r in readings]
            quality[0] += 1e-6  # the reading as typed wins ties
            best = readings[quality.index(max(quality))]
            for w in best:
                s = self.stemmer.stem(w)
                stop = w in STOPWORDS
                matches = (
                    {s: 1.0} if stop and s in self.postings else ({} if stop else self._expand(s))
                )
                weight = STOP_WEIGHT if stop else GAME_WORD_WEIGHT if w in GAME_WORDS else 1.0
                terms.append(_Term(s, weight, matches))
        return terms

    # -- ranking ---------------------------------------------------------------------------
    def search(self, query: str, game: str | None = None, limit: int = 10) -> list[Hit]:
        """Rank the entries for ``query``.

        :param game: keep only this game's entries (``smash_up``, ``coup``, ``munchkin``,
            ``ricks``); house rulings of that game are kept too.
        :param limit: at most this many hits (>= 1).
        :returns: hits, best first; an empty list if nothing matches.
        :raises SearchError: a bad query (see :meth:`parse`).
        """
        terms = self.parse(query)
        games_named = {GAME_WORDS[w] for w, _, _ in words(query) if w in GAME_WORDS}
        scores: dict[int, float] = defaultdict(float)
        total = 0.0
        for t in terms:
            if not t.matches:
                total += t.weight * 2.0 * (K1 + 1)  # an unknown word still counts as missed
                continue
            best_idf = max(self.idf[m] for m in t.matches)
            total += t.weight * best_idf * (K1 + 1)
            contrib: dict[int, float] = {}
            for term, w in t.matches.items():
                idf = self.idf[term] * w * t.weight
                for i, tf in self.postings[term].items():
                    v = idf * tf * (K1 + 1) / (tf + K1)
                    if v > contrib.get(i, 0.0):
                        contrib[i] = v
            for i, v in contrib.items():
                scores[i] += v
        if game is not None:
            scores = {i: s for i, s in scores.items() if self.entries[i]["game"] == game}
        if not scores or total <= 0:
            return []
        qkey = " ".join(t.stem for t in terms)
        candidates = sorted(scores, key=scores.__getitem__, reverse=True)[:RERANK]
        ranked = []
        for i in candidates:
            sim = (
                max(fuzz.token_set_ratio(qkey, k) + fuzz.ratio(qkey, k) for k in self.keys[i]) / 200
            )
            base = min(1.0, scores[i] / total)
            score = 100 * (MIX * base + (1 - MIX) * sim)
            if games_named and self.entries[i]["game"] in games_named:
                score = min(100.0, score * GAME_BONUS)
            ranked.append((score, i))
        ranked.sort(key=lambda p: (-p[0], p[1]))
        matched = {m for t in terms for m in t.matches}
        return [self._hit(i, s, matched) for s, i in ranked[: max(1, limit)]]

    def _hit(self, i: int, score: float, matched: set[str]) -> Hit:
        entry = self.entries[i]
        stem = self.stemmer.stem
        spans = [
            (f, a, b)
            for f in ("title", "section", "text")
            for w, a, b in words(entry[f])
            if stem(w) in matched and w not in STOPWORDS
        ]
        return Hit(entry, round(score, 2), spans, entry["kind"] == "house")
