"""Split the blind question set once, fixed: half to tune on, half to check against.

The blind questions (``source/*.json``) were written by helpers who never saw ``rules_db``.
This script splits them 50/50, stratified by rulebook source(s) and question style, with a
fixed seed, into ``tune.json`` and ``check.json`` (same shape as the sources). Run it once;
the two files are committed and ``tests/rules/test_blind_split.py`` pins the check set by
its hash, so the split cannot drift.

Rules of use: aliases, entries and ranking are tuned looking only at ``tune.json`` (and the
project's own questions). The check set is only ever scored as figures
(``benchmarks/bench_rules.py``), never printed case by case.

    python tests/rules/blind/make_split.py
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = ("smashup.json", "coup_munchkin.json", "ricks.json")
SEED = 20261123


def split(cases: list[dict]) -> tuple[list[dict], list[dict]]:
    """Stratified 50/50 split: ``(tune, check)``; odd strata alternate the spare case."""
    strata: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for case in cases:
        strata[("+".join(sorted(case["sources"])), case["style"])].append(case)
    rng = random.Random(SEED)
    tune: list[dict] = []
    check: list[dict] = []
    spare_to_tune = True
    for key in sorted(strata):
        group = sorted(strata[key], key=lambda c: c["q"])
        rng.shuffle(group)
        half = len(group) // 2
        if len(group) % 2:
            half += spare_to_tune
            spare_to_tune = not spare_to_tune
        tune += group[:half]
        check += group[half:]
    order = {id(c): i for i, c in enumerate(cases)}
    return sorted(tune, key=lambda c: order[id(c)]), sorted(check, key=lambda c: order[id(c)])


def load_sources() -> list[dict]:
    """Every blind question, in file order."""
    return [c for name in SOURCES for c in json.loads((HERE / "source" / name).read_text("utf-8"))]


def main() -> None:
    tune, check = split(load_sources())
    for name, cases in (("tune.json", tune), ("check.json", check)):
        text = json.dumps(cases, ensure_ascii=False, indent=1) + "\n"
        (HERE / name).write_text(text, encoding="utf-8")
    print(f"tune {len(tune)}, check {len(check)}")


if __name__ == "__main__":
    main()
