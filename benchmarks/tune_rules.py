"""Tuning aid for the rules search: scores and misses on the sets it is allowed to look at.

Run by hand from the project root::

    python benchmarks/tune_rules.py [--set train|tune|own|sample|all] [--misses] [--style STYLE]

Sets: ``train`` — the second batch of blind questions (``tests/rules/blind/train/*.json``,
brought in by ``tests/rules/blind/make_train.py``); ``tune`` — the tune half of the first blind
set (``tests/rules/blind/tune.json``);
``own`` — ``tests/rules/questions.json``; ``sample`` — ``shared/eval/rules_eval_sample.json``.
The other half of the blind set is the measure and is deliberately not readable from here
(``tests/rules/test_blind_split.py`` checks it); ``benchmarks/bench_rules.py`` reports it as
figures only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.rules import RulesIndex, load_db  # noqa: E402
from companion.rules.evaluate import score_cases  # noqa: E402

BLIND = ROOT / "tests" / "rules" / "blind"
SETS = {
    "train": BLIND / "train",
    "tune": BLIND / "tune.json",
    "own": ROOT / "tests" / "rules" / "questions.json",
    "sample": ROOT / "tests" / "rules" / "rules_eval_sample.json",
}


def load_set(path: Path) -> list[dict]:
    """The cases of a set file, or of every ``*.json`` of a set folder (sorted by name)."""
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    return [c for f in files for c in json.loads(f.read_text(encoding="utf-8"))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=[*SETS, "all"], default="all")
    ap.add_argument("--misses", action="store_true", help="print every case not ranked first")
    ap.add_argument("--style", help="only blind questions of this style")
    args = ap.parse_args()
    index = RulesIndex(load_db())
    names = list(SETS) if args.set == "all" else [args.set]
    for name in names:
        if not SETS[name].exists():
            continue
        cases = load_set(SETS[name])
        if args.style:
            cases = [c for c in cases if c.get("style") == args.style]
        score = score_cases(cases, lambda q: [h.entry for h in index.search(q, limit=10)])
        print(f"{name}: n={score.n} top1={score.top1:.3f} top3={score.top3:.3f} ")
        if args.misses:
            by_q = {c["q"]: c for c in cases}
            for rank, q, got in score.misses:
                want = by_q[q]["sections"]
                print(f"  rank={rank} {q!r} want={want} got={got}")


if __name__ == "__main__":
    main()
