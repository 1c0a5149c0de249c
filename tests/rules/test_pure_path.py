"""The rules search as the phone build runs it — no numpy, rapidfuzz's pure-Python code (Pyodide
has neither numpy nor compiled rapidfuzz) — answers exactly as on the server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.rules import load_db
from companion.rules.evaluate import score_cases
from tests.rules.conftest import BLIND

CHECK = BLIND / "check.json"
ROOT = Path(__file__).resolve().parents[2]

#: Children that rank the check set, each every PARTS-th question (both cores of a quiet
#: machine: the pure-Python code is ~5 times slower than the compiled one).
PARTS = 2

# Ranks its share of the held-out check set (questions part, part + PARTS, ...); prints
# [[[id, score], ...] per question of its share]. The check set's cases are never printed by
# the test (it is the measure, not for tuning).
SCRIPT = """
import json, sys
sys.modules.update(dict.fromkeys(["numpy", "bm25s", "scipy"]))  # None: ImportError
from rapidfuzz import fuzz
from companion.rules import RulesIndex, load_db
assert fuzz.ratio.__module__ == "rapidfuzz.fuzz_py", fuzz.ratio.__module__
cases = json.loads(open(sys.argv[1], encoding="utf-8").read())[int(sys.argv[2]) :: int(sys.argv[3])]
index = RulesIndex(load_db())
print(json.dumps([[[h.entry["id"], h.score] for h in index.search(c["q"])] for c in cases]))
"""


@pytest.mark.timeout(900)
def test_held_out_set_scores_the_same_without_numpy_and_compiled_rapidfuzz(request):
    """Every check-set question's top 10 (ids and scores) is the server's, and so is the
    set's score (top-1, top-3, MRR@10) counted on the pure-Python answers."""
    env = {**os.environ, "RAPIDFUZZ_IMPLEMENTATION": "python"}
    # the pure-Python children rank while this process ranks with the compiled code, or has
    # ranked already (eval_hits: once per run)
    children = [
        subprocess.Popen(
            [sys.executable, "-c", SCRIPT, str(CHECK), str(part), str(PARTS)],
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for part in range(PARTS)
    ]
    try:
        server = request.getfixturevalue("eval_hits")[CHECK]
    finally:
        outputs = [child.communicate() for child in children]
    cases = json.loads(CHECK.read_text(encoding="utf-8"))
    hits = {c["q"]: found for c, found in zip(cases, server, strict=True)}
    answers = [[[h.entry["id"], h.score] for h in hits[c["q"]]] for c in cases]
    score = score_cases(cases, lambda q: [h.entry for h in hits[q]])
    for child, (_, stderr) in zip(children, outputs, strict=True):
        assert child.returncode == 0, stderr[-2000:]
    pure_answers: list = [None] * len(cases)
    for part, (stdout, _) in enumerate(outputs):
        pure_answers[part::PARTS] = json.loads(stdout)
    by_id = {e["id"]: e for e in load_db()}
    pure_of = {c["q"]: a for c, a in zip(cases, pure_answers, strict=True)}
    pure = score_cases(cases, lambda q: [by_id[i] for i, _ in pure_of[q]])

    assert [score.n, score.top1, score.top3, score.mrr10] == [
        pure.n,
        pure.top1,
        pure.top3,
        pure.mrr10,
    ]
    same = sum(a == b for a, b in zip(answers, pure_answers, strict=True))
    assert same == len(cases), f"{len(cases) - same} of {len(cases)} rankings differ"
