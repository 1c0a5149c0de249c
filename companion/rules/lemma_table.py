"""The rules search's Russian morphology: a table of word forms and their pymorphy3 lemmas,
made with pymorphy3 from the shipped rules database, used on the server and in the browser
alike (the browser has none of pymorphy3's 16 MB of dictionaries, 8.4 MB compressed), so a
query ranks the same everywhere (issue 35: the held-out questions score the same on both).

:data:`FILE` is kept in the repository; ``python -m companion.rules.lemma_build`` writes it
again after the rulebooks change (``tests/rules/test_lemma_table.py`` says when). It holds
every form of every lexeme whose lemma the search can use — the index's lemmas, lemmas that
start with one (the search's related-lemma step), and the lemmas of the words the search names
itself (synonyms, game and edition words, stop-words) — each with the lemma pymorphy3 gives
that form, and whether pymorphy3 knows it as a word.

:class:`~companion.rules.normalize.Stemmer` reads it (:func:`default`). A form the table lacks
is its own lemma and not a dictionary word (a typo, a made-up word, a word no entry relates
to): on both paths, so pymorphy3's guess for it never makes them differ. House rulings' new
words are the exception: the server, which has pymorphy3, tables their lexemes when it indexes
them (:meth:`~companion.rules.normalize.Stemmer.learn`); the browser cannot, so there a
ruling's word meets its other forms only as a prefix or a typo.

File format: UTF-8 lines ``form<TAB>lemma<TAB>flag``, sorted; ``lemma`` is empty when it is
the form itself; ``flag`` is ``1`` for a dictionary word, ``0`` for a form only the index has.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

__all__ = ["FILE", "ENV", "Table", "write", "load", "default"]

#: The table of the shipped rules database (inside the ``companion`` package: the phone
#: build ships it as it is).
FILE = Path(__file__).resolve().parents[1] / "_lemmas.tsv"
#: Environment variable naming another table file to use.
ENV = "TC_LEMMAS"

#: ``{form: (lemma, known)}``
Table = dict[str, tuple[str, bool]]


def write(table: Table, path: Path) -> None:
    lines = (
        f"{form}\t{'' if lem == form else lem}\t{int(known)}\n"
        for form, (lem, known) in sorted(table.items())
    )
    path.write_text("".join(lines), encoding="utf-8")


def load(path: Path) -> Table:
    """Read a table written by :func:`write` (one read per file and process: the result is
    shared, never change it).

    :raises OSError: the file cannot be read.
    """
    return _load(path.resolve(), path.stat().st_mtime_ns)


@lru_cache(maxsize=4)
def _load(path: Path, stamp: int) -> Table:
    table: Table = {}
    with path.open(encoding="utf-8") as f:
        for line in f:
            form, lem, known = line.rstrip("\n").split("\t")
            table[form] = (lem or form, known == "1")
    return table


def default() -> Table | None:
    """The table to use: ``$TC_LEMMAS``'s, else :data:`FILE`'s; ``None`` (pymorphy3 itself)
    only if neither exists (a checkout that lost the file).

    :raises OSError: ``$TC_LEMMAS`` names a file that cannot be read.
    """
    if os.environ.get(ENV):
        return load(Path(os.environ[ENV]))
    return load(FILE) if FILE.is_file() else None
