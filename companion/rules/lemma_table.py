"""The browser's Russian morphology: a table of word forms and their pymorphy3 lemmas, made at
build time, instead of pymorphy3's 16 MB of dictionaries (8.4 MB compressed).

The phone build (``scripts/build_web.py``) writes :data:`FILE` into the app with
:func:`companion.rules.lemma_build.build` on a machine that has pymorphy3. It holds every form
of every lexeme whose lemma the search can use — the index's lemmas, lemmas that start with one
(the search's related-lemma step), and the lemmas of the words the search names itself
(synonyms, game and edition words, stop-words) — each with the lemma pymorphy3 gives that form,
and whether pymorphy3 knows it as a word.

:class:`~companion.rules.normalize.Stemmer` reads it (:func:`load`) when pymorphy3 cannot be
imported (the browser) or when ``TC_LEMMAS`` names a table file (to run the browser's path on
CPython). A form the table lacks is its own lemma and not a dictionary word (a typo, a made-up
word, a word no entry relates to, a house ruling's new word). Where pymorphy3 would give such a
word another lemma, the search can rank differently: the lemma of a query word that matches no
entry still goes into the query's key for the title similarity.

File format: UTF-8 lines ``form<TAB>lemma<TAB>flag``, sorted; ``lemma`` is empty when it is
the form itself; ``flag`` is ``1`` for a dictionary word, ``0`` for a form only the index has.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["FILE", "ENV", "Table", "write", "load", "default"]

#: Where the phone build puts the table (inside the ``companion`` package).
FILE = Path(__file__).resolve().parents[1] / "_lemmas.tsv"
#: Environment variable naming a table file to use even where pymorphy3 is installed.
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
    """Read a table written by :func:`write`.

    :raises OSError: the file cannot be read.
    """
    table: Table = {}
    with path.open(encoding="utf-8") as f:
        for line in f:
            form, lem, known = line.rstrip("\n").split("\t")
            table[form] = (lem or form, known == "1")
    return table


def default() -> Table | None:
    """The table to use instead of pymorphy3: ``$TC_LEMMAS``'s, else :data:`FILE` if
    pymorphy3 is not installed; ``None`` to use pymorphy3."""
    if os.environ.get(ENV):
        return load(Path(os.environ[ENV]))
    try:
        import pymorphy3  # noqa: F401
    except ImportError:
        return load(FILE)
    return None
