"""``companion rules`` — search the rules from the command line.

::

    companion rules QUERY... [--game G] [--limit N] [--json]
    companion rules --batch FILE [--json] [--game G] [--limit N]

Human output: one block per hit (title, source and heading, text). ``--json``: one object
``{"query", "hits": [...]}``. ``--batch FILE``: one query per line in, one JSON line out
``{"query", "hits": [{"id", "game", "source", "section", "title", "text", "score", "house"}]}``;
an empty or bad line gives ``{"query": q, "hits": [], "error": "..."}`` so lines stay aligned.

Exit codes: 0 ok (also when nothing is found), 2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from companion.errors import CompanionError, SearchError
from companion.rules.db import GAMES

if TYPE_CHECKING:
    from companion.rules.search import Hit

__all__ = ["configure", "run", "main"]


def _limit(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError("нужно целое число от 1 до 50") from None
    if not 1 <= n <= 50:
        raise argparse.ArgumentTypeError("нужно целое число от 1 до 50")
    return n


def configure(parser: argparse.ArgumentParser) -> None:
    """Add the ``rules`` arguments to ``parser``."""
    parser.add_argument("query", nargs="*", metavar="QUERY", help="что ищем (любые слова)")
    parser.add_argument("--game", choices=GAMES, help="только правила этой игры")
    parser.add_argument("--limit", type=_limit, default=5, help="сколько результатов (1..50)")
    parser.add_argument("--json", action="store_true", help="вывод в JSON")
    parser.add_argument("--batch", metavar="FILE", help="файл с запросами, по одному на строку")


def _human(query: str, hits: list[Hit], out: TextIO) -> None:
    if not hits:
        print(f"По запросу «{query}» ничего не нашлось.", file=out)
        return
    for n, hit in enumerate(hits, 1):
        e = hit.entry
        mark = " [решение стола]" if hit.house else ""
        page = f", с. {e['page']}" if e.get("page") else ""
        print(f"{n}. {e['title']}{mark}  ({hit.score:.0f})", file=out)
        print(f"   {e['source']} · «{e['section']}»{page}", file=out)
        print(
            textwrap.fill(e["text"], width=88, initial_indent="   ", subsequent_indent="   "),
            file=out,
        )
        if hit.snippet and hit.snippet != e["text"].strip():
            print(f"   → {hit.snippet}", file=out)
        if e["see_also"]:
            print(f"   см. также: {', '.join(e['see_also'])}", file=out)
        print(file=out)


def run(args: argparse.Namespace) -> int:
    """Execute ``companion rules`` with parsed ``args``; returns the exit code."""
    from companion.rules.api import house_warnings, search

    out = sys.stdout
    try:
        if args.batch:
            if args.query:
                raise SearchError("Укажите либо запрос, либо --batch, но не оба сразу.")
            try:
                lines = Path(args.batch).read_text(encoding="utf-8-sig").splitlines()
            except (OSError, UnicodeDecodeError) as exc:
                raise SearchError(
                    f"Не удалось прочитать файл запросов {args.batch}: {exc}."
                ) from None
            for q in lines:
                row: dict[str, Any] = {"query": q, "hits": []}
                try:
                    row["hits"] = [h.as_json() for h in search(q, game=args.game, limit=args.limit)]
                except SearchError as exc:
                    row["error"] = str(exc)
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            return 0
        query = " ".join(args.query)
        hits = search(query, game=args.game, limit=args.limit)
        if args.json:
            out.write(
                json.dumps(
                    {"query": query, "hits": [h.as_json() for h in hits]}, ensure_ascii=False
                )
                + "\n"
            )
        else:
            _human(query, hits, out)
        return 0
    except CompanionError as exc:
        print(f"companion rules: {exc}", file=sys.stderr)
        return 2
    finally:
        # after the search: reading the house rulings is what finds a damaged file
        with contextlib.suppress(CompanionError):  # no rules database: already said above
            for warning in house_warnings():
                print(f"Внимание: {warning}", file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    """Stand-alone entry point (``python -m companion.rules.cli``)."""
    parser = argparse.ArgumentParser(prog="companion rules", description="Поиск по правилам")
    configure(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
