"""Bring the second batch of blind questions in as a tuning set: ``train/*.json``.

Three more writers, who never saw ``rules_db`` or the earlier sets, wrote these questions from
the rulebooks and the tables of contents alone (same format as ``source/``); a fourth wrote
``coup_example.json`` for the four Coup example headings no other question asked. This script
copies their files from ``/work/newq`` (or the folder given) into ``train/`` as written, except:

- a question that is also in the first blind set (``source/``: its tune *and* check halves) is
  left out, so tuning on ``train`` can never tune on the check set by the back door (only the
  count is printed, never the questions);
- labels that are plainly wrong against the toc are fixed (:data:`FIXES`, each with a reason).

Then it validates the labels: every case must be answerable — some entry of ``rules_db`` must
be a hit for it by :func:`companion.rules.evaluate.is_hit` — and every section must be a line of
its toc. Unmatched ones are printed (these are questions about the train set, not the check
set).

    python tests/rules/blind/make_train.py [FOLDER]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from companion.rules import load_db  # noqa: E402
from companion.rules.db import SOURCES, load_toc  # noqa: E402
from companion.rules.evaluate import is_hit, norm  # noqa: E402

FILES = ("smashup.json", "coup_munchkin.json", "ricks.json")  # the first set's files too
TRAIN_FILES = (*FILES, "coup_example.json")
DEFAULT_FROM = Path("/work/newq")

#: ``{(file, question): (new sections, reason)}`` — labels fixed against the toc.
FIXES: dict[tuple[str, str], tuple[list[str], str]] = {}


def _key(q: str) -> str:
    return " ".join(q.casefold().replace("ё", "е").split())


def first_blind_set() -> set[str]:
    """Folded questions of the first blind set (both halves), to keep them out of train."""
    return {_key(c["q"]) for n in FILES for c in json.loads((HERE / "source" / n).read_text())}


def problems(cases: list[dict], entries: list[dict]) -> list[str]:
    """Cases no entry answers, or whose sections are not toc lines (one line each)."""
    tocs = {s: {norm(h) for h in load_toc(s)} for s in SOURCES}
    out = []
    for c in cases:
        bad = [
            s
            for s in c["sections"]
            if not any(norm(s) in tocs.get(src, ()) for src in c["sources"])
        ]
        if bad:
            out.append(f"not a toc line {bad}: {c['q']!r} {c['sources']}")
        if not any(is_hit(e, c) for e in entries):
            out.append(f"no entry answers {c['sections']}: {c['q']!r} {c['sources']}")
    return out


def main() -> None:
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_FROM
    old = first_blind_set()
    entries = load_db()
    (HERE / "train").mkdir(exist_ok=True)
    total = 0
    for name in TRAIN_FILES:
        cases = json.loads((src / name).read_text(encoding="utf-8"))
        kept = [c for c in cases if _key(c["q"]) not in old]
        for c in kept:
            fix = FIXES.get((name, c["q"]))
            if fix:
                c["sections"] = fix[0]
        text = json.dumps(kept, ensure_ascii=False, indent=1) + "\n"
        (HERE / "train" / name).write_text(text, encoding="utf-8")
        print(f"{name}: {len(cases)} written, {len(cases) - len(kept)} already in the first set")
        for line in problems(kept, entries):
            print("  " + line)
        total += len(kept)
    print(f"train: {total}")


if __name__ == "__main__":
    main()
