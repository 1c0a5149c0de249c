"""The rules search as the phone build runs it — no numpy, rapidfuzz's pure-Python code (Pyodide
has neither numpy nor compiled rapidfuzz) — answers exactly as on the server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.rules.evaluate import score_cases
from tests.rules.conftest import BLIND

CHECK = BLIND / "check.json"
ROOT = Path(__file__).resolve().parents[2]

# Ranks the held-out check set; prints {"answers": [[[id, score], ...] per query], "score": ...}.
# The check set's cases are never printed by the test (it is the measure, not for tuning).
SCRIPT = """
import json, sys
sys.modules.update(dict.fromkeys(["numpy", "bm25s", "scipy"]))  # None: ImportError
from rapidfuzz import fuzz
from companion.rules import RulesIndex, load_db
from companion.rules.evaluate import score_cases
from tests.rules.conftest import BLIND
assert fuzz.ratio.__module__ == "rapidfuzz.fuzz_py", fuzz.ratio.__module__
cases = json.loads(open(sys.argv[1], encoding="utf-8").read())
index = RulesIndex(load_db())
hits = {c["q"]: index.search(c["q"]) for c in cases}  # each question searched once
answers = [[[h.entry["id"], h.score] for h in hits[c["q"]]] for c in cases]
score = score_cases(cases, lambda q: [h.entry for h in hits[q]])
print(json.dumps({"answers": answers, "score": [score.n, score.top1, score.top3, score.mrr10]}))
"""


@pytest.mark.timeout(900)
def test_held_out_set_scores_the_same_without_numpy_and_compiled_rapidfuzz(request):
    env = {**os.environ, "RAPIDFUZZ_IMPLEMENTATION": "python"}
    # the pure-Python child ranks while this process ranks with the compiled code (2 cores),
    # or has ranked already (eval_hits: once per run)
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(CHECK)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        server = request.getfixturevalue("eval_hits")[CHECK]
    finally:
        stdout, stderr = child.communicate()
    cases = json.loads(CHECK.read_text(encoding="utf-8"))
    hits = {c["q"]: found for c, found in zip(cases, server, strict=True)}
    answers = [[[h.entry["id"], h.score] for h in hits[c["q"]]] for c in cases]
    score = score_cases(cases, lambda q: [h.entry for h in hits[q]])
    assert child.returncode == 0, stderr[-2000:]
    pure = json.loads(stdout)

    assert [score.n, score.top1, score.top3, score.mrr10] == pure["score"]
    same = sum(a == b for a, b in zip(answers, pure["answers"], strict=True))
    assert same == len(cases), f"{len(cases) - same} of {len(cases)} rankings differ"
