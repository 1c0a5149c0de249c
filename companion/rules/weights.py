"""The rules search's weights and word lists (:mod:`companion.rules.search` reads them;
measured with ``python -m companion.rules.evaluate``)."""

from __future__ import annotations

MAX_QUERY = 300
RERANK = 60
K1 = 1.2
FIELDS = ("head", "aliases", "text")
FIELD_REPEAT = {"head": 3, "aliases": 2, "text": 1}
B = 0.5
PREFIX_WEIGHT = 0.75
TYPO_WEIGHT = {0: 1.0, 1: 0.8, 2: 0.6}
SYNONYM_WEIGHT = 0.7  # a rulebook word the typed one means (:mod:`companion.rules.vocabulary`)
STOP_WEIGHT = 0.25
GAME_WORD_WEIGHT = 0.3
#: A word of one game's vocabulary («монстр»: Munchkin's, «энергия»: Ricks') weighs that game
#: when the query names none and none is picked: the word is in at least
#: :data:`VOCAB_SHARE` of that game's entries and in :data:`VOCAB_RATIO` times the share of
#: any other game's; the other games' entries then score :data:`VOCAB_FACTOR` of their BM25.
VOCAB_SHARE = 0.2
VOCAB_RATIO = 5.0
VOCAB_FACTOR = 0.6
RRF_K = 10.0
SIM_WEIGHT = 1.0  # weight of the title-similarity ranking in the fusion (BM25's is 1)
MAX_WORDS = 40  # words of a query that are read (a 300-character query has fewer anyway)
FUSION = "linear"  # "linear" (measured better here) or "rrf" (reciprocal rank fusion)
MIX = 0.6  # share of BM25 in the linear fusion for short queries; the rest is title similarity
MIX_LONG = 0.6  # the same for queries of more than SHORT content words
SHORT = 3
EXACT = 0.3  # added to the title similarity when the query is a title, heading or alias
ASK_KEY_WORDS = 2  # content words an ``asks`` question needs to be compared whole with a query
TWIN_MARGIN = 0.05  # fused score (0..1) within which the newer edition's twin goes first
NEWER = {"smashup-mimimi": "smashup-bbrr"}  # older edition → newer edition of the same game
#: Words that name one edition of a game (folded): such a query prefers that edition's twin.
EDITION_WORDS: dict[str, str] = {
    **dict.fromkeys(["мимими", "mimimi", "pretty"], "smashup-mimimi"),
    **dict.fromkeys(["мишки", "мишка", "рокнролл", "bbrr"], "smashup-bbrr"),
}
EXACT_SUBSET = 1.0  # share of EXACT when they hold the same words in another order

# Words that name a game (folded forms and lemmas): a query with them keeps that game.
GAME_WORDS: dict[str, str] = {
    **dict.fromkeys(
        ["замес", "замеса", "замесе", "замесу", "smash", "smashup", "смешап", "мимими"],
        "smash_up",
    ),
    **dict.fromkeys(["переворот", "перевороте", "переворота", "coup", "ку"], "coup"),
    **dict.fromkeys(
        ["манчкин", "манчкине", "манчкина", "манчкину", "munchkin", "апокалипсис"], "munchkin"
    ),
    **dict.fromkeys(["рик", "рики", "рика", "морти", "rick", "ricks", "morty"], "ricks"),
}
#: The other words of each game's or edition's full name (lemmas): once the query names that
#: game or edition (:data:`GAME_WORDS`, :data:`EDITION_WORDS`), they name it too and count as
#: little as a game word («в Мишках, бабках, рок-н-ролле» is not a question about money).
TITLE_WORDS: dict[str, frozenset[str]] = {
    "smash_up": frozenset(["замес", "smash", "up", "smashup", "мимими", "мишка", "бабка"]),
    "smashup-bbrr": frozenset(["мишка", "бабка", "рок", "н", "ролл", "рокнролл", "bbrr"]),
    "smashup-mimimi": frozenset(["мимими", "mimimi", "pretty", "pretti", "ми"]),
    "coup": frozenset(["переворот", "coup"]),
    "munchkin": frozenset(["манчкин", "апокалипсис", "munchkin", "apocalyps", "apocalypse"]),
    "ricks": frozenset(
        ["рик", "морти", "мортить", "наверное", "сойти", "ум", "rick", "morti", "morty"]
    ),
}
