"""The rules search's results and the pieces it ranks with: :class:`Hit`, query terms, the
players' synonyms, one game's vocabulary, title similarity, editions' twins."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any

from rapidfuzz import process

from companion.errors import SearchError
from companion.rules.bm25 import f32s
from companion.rules.lexicon import STOPWORDS, SYNONYMS
from companion.rules.normalize import fold, is_cyrillic, is_latin, swap_layout, translit, words
from companion.rules.snippet import best_of
from companion.rules.vocabulary import pairs
from companion.rules.weights import FIELDS, MAX_QUERY, VOCAB_RATIO, VOCAB_SHARE

__all__ = [
    "Hit",
    "Term",
    "player_synonyms",
    "vocab_games",
    "fuzzy_scores",
    "twins",
    "content",
    "field_text",
    "make_hit",
    "entry_tokens",
    "head_lemmas",
    "check_query",
    "keep_named",
    "ways_to_read",
]


@dataclass(frozen=True)
class Hit:
    """One search result.

    :ivar entry: the entry dict (fields as in :mod:`companion.rules.db`).
    :ivar score: relevance 0..100 (higher is better).
    :ivar spans: ``[(field, start, end), ...]`` — matched words in ``entry[field]`` for
        highlighting, ``field`` in ``("title", "section", "text")``, offsets in characters.
    :ivar house: True for the table's own ruling (:mod:`companion.rules.house`).
    :ivar snippet: the sentence of ``entry["text"]`` that best answers the query.
    :ivar snippet_spans: ``[(start, end), ...]`` — matched words in :attr:`snippet`.
    """

    entry: dict[str, Any]
    score: float
    spans: list[tuple[str, int, int]] = field(default_factory=list)
    house: bool = False
    snippet: str = ""
    snippet_spans: list[tuple[int, int]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The CLI/JSON shape: ``{id, game, source, section, title, text, snippet, score,
        house}``."""
        e = self.entry
        keys = ("id", "game", "source", "section", "title", "text")
        return {
            **{k: e[k] for k in keys},
            "snippet": self.snippet,
            "score": round(self.score, 2),
            "house": self.house,
        }


@dataclass
class Term:
    """One query word: its lemma, importance and the index lemmas it matches (lemma → weight)."""

    stem: str
    weight: float
    matches: dict[str, float]


def player_synonyms(stem: Any, lemmas: set[str]) -> dict[str, tuple[str, ...]]:
    """``{player word or its lemma: (index lemmas it also means, ...)}``.

    From :data:`~companion.rules.lexicon.SYNONYMS` and :func:`companion.rules.vocabulary.pairs`;
    both sides folded and lemmatised with ``stem``; targets no entry uses are dropped, and so
    are player words of several words (``"one-shot"``).
    """
    out: dict[str, dict[str, None]] = {}
    for key, targets in [*SYNONYMS.items(), *pairs()]:
        typed = [w for w, _, _ in words(key)]
        if len(typed) != 1:
            continue
        means = [stem(w) for t in targets for w, _, _ in words(t)]
        for k in dict.fromkeys([typed[0], stem(typed[0])]):
            row = out.setdefault(k, {})
            row.update(dict.fromkeys(m for m in means if m in lemmas and m != k))
    return {k: tuple(v) for k, v in out.items() if v}


def vocab_games(docs: dict[str, list[list[str]]], games: list[str]) -> dict[str, str]:
    """``{lemma: game}`` for every lemma of one game's vocabulary (:data:`VOCAB_SHARE`,
    :data:`VOCAB_RATIO`): in what share of each game's entries it stands, any field."""
    size: dict[str, int] = {}
    for g in games:
        size[g] = size.get(g, 0) + 1
    df: dict[str, dict[str, int]] = {}
    for i, g in enumerate(games):
        for lem in {lem for f in FIELDS for lem in docs[f][i]}:
            row = df.setdefault(lem, {})
            row[g] = row.get(g, 0) + 1
    out: dict[str, str] = {}
    for lem, row in df.items():
        shares = sorted(((n / size[g], g) for g, n in row.items()), reverse=True)
        best, game = shares[0]
        second = shares[1][0] if len(shares) > 1 else 0.0
        if best >= VOCAB_SHARE and best >= VOCAB_RATIO * second:
            out[lem] = game
    return out


def fuzzy_scores(query: str, choices: list[str], scorer: Any) -> array[float]:
    """``scorer(query, choice)`` for each choice, in order, as float32 (rapidfuzz's ``extract``
    loops in C where rapidfuzz is compiled, in Python where it is not)."""
    unique = list(dict.fromkeys(choices))  # entries share keys: each is scored once
    found = {k: s for k, s, _ in process.extract(query, unique, scorer=scorer, limit=None)}
    return f32s([found[k] for k in choices])


def twins(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Entries of two editions on the same rule: the same title or heading (folded words)."""

    def key(text: str) -> str:
        return " ".join(w for w, _, _ in words(text))

    return key(a["title"]) == key(b["title"]) or key(a["section"]) == key(b["section"])


def content(lemmas: list[str]) -> str:
    """Lemmas joined, stop-words left out (unless that leaves nothing)."""
    kept = [w for w in lemmas if w not in STOPWORDS]
    return " ".join(kept or lemmas)


def field_text(entry: dict[str, Any], name: str) -> str:
    if name == "head":
        return f"{entry['title']} ; {entry['section']}"
    if name == "aliases":
        return " ; ".join([*entry["aliases"], *entry.get("asks", ())])
    return str(entry[name])


def make_hit(
    entry: dict[str, Any],
    tokens: dict[str, list[tuple[str, str, int, int]]],
    head_lemmas: set[str],
    sentence_spans: list[tuple[int, int]],
    score: float,
    weights: dict[str, float],
) -> Hit:
    """A :class:`Hit` for ``entry``: its matched words (``tokens``: ``{field: [(lemma, folded
    word, start, end), ...]}``) marked, and the sentence (of ``sentence_spans``) that best
    answers the query's lemmas ``weights`` (lemma → weight); ``head_lemmas``: the lemmas of its
    title, heading, aliases and ``asks``. ``score`` is capped at 100.
    """
    spans = [
        (f, a, b)
        for f, rows in tokens.items()
        for lem, w, a, b in rows
        if lem in weights and w not in STOPWORDS
    ]
    content = {k: v for k, v in weights.items() if k not in STOPWORDS}
    text_tokens = [(lem, a, b) for lem, _, a, b in tokens["text"]]
    in_text = {lem for lem, _, _ in text_tokens}
    head = head_lemmas
    lead = sum(w for k, w in content.items() if k in head and k not in in_text)
    snippet, snippet_spans = best_of(entry["text"], sentence_spans, text_tokens, content, lead)
    return Hit(
        entry,
        round(min(100.0, score), 2),
        spans,
        entry["kind"] == "house",
        snippet,
        snippet_spans,
    )


def entry_tokens(entry: dict[str, Any], stem: Any) -> dict[str, list[tuple[str, str, int, int]]]:
    """``{field: [(lemma, folded word, start, end), ...]}`` of an entry's title, section, text."""
    return {
        f: [(stem(w), w, a, b) for w, a, b in words(entry[f])] for f in ("title", "section", "text")
    }


def head_lemmas(entry: dict[str, Any], stem: Any) -> set[str]:
    """Lemmas of an entry's title, heading, aliases and ``asks``."""
    fields = [entry["title"], entry["section"], *entry["aliases"], *entry.get("asks", ())]
    return {stem(w) for f in fields for w, _, _ in words(f)}


def check_query(query: Any) -> str:
    """The stripped query, or :class:`SearchError` (not a string, empty, too long)."""
    if not isinstance(query, str):
        raise SearchError("Запрос должен быть строкой.")
    text: str = query.strip()
    if len(text) > MAX_QUERY:
        raise SearchError(f"Слишком длинный запрос: не больше {MAX_QUERY} символов.")
    if not any(ch.isalnum() for ch in text):
        raise SearchError("Пустой запрос: напишите хотя бы одно слово.")
    return text


def ways_to_read(chunk: str) -> list[list[str]]:
    """The ways to read a typed chunk: as typed, in the other keyboard layout and, if Latin,
    transliterated (each a list of folded words)."""
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


def keep_named(scores: dict[int, float], owner: list[str], named: set[str]) -> dict[int, float]:
    """Only the entries whose ``owner`` (game or source, by entry number) is ``named``, if
    any of them scores; else ``scores`` as they are."""
    if not named:
        return scores
    kept = {i: v for i, v in scores.items() if owner[i] in named}
    return kept if any(v > 0 for v in kept.values()) else scores
