"""Tuning aid for the rules search: scores and misses on the sets it is allowed to look at.

Run by hand from the project root::

    python benchmarks/tune_rules.py [--set tune|own|sample|all] [--misses] [--style STYLE]

Sets: ``tune`` — the tune half of the blind questions (``tests/rules/blind/tune.json``);
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

SETS = {
    "tune": ROOT / "tests" / "rules" / "blind" / "tune.json",
    "own": ROOT / "tests" / "rules" / "questions.json",
    "sample": ROOT.parent / "shared" / "eval" / "rules_eval_sample.json",
}


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
        cases = json.loads(SETS[name].read_text(encoding="utf-8"))
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
