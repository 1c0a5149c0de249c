"""Issue 35: the rules search in the phone build (no pymorphy3: its lemma table only, see
companion.rules.lemma_table) ranks every question of every eval set exactly as the server
(pymorphy3 installed) does — the held-out check set included, compared, never printed."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rules.conftest import EVAL_SETS as SETS

ROOT = Path(__file__).parents[2]

# The phone build's search: pymorphy3 cannot be imported. Prints the top-10 of every question.
BROWSER = """
import json, sys
sys.modules["pymorphy3"] = None  # as in Pyodide: ImportError
from companion.rules import RulesIndex, load_db
from companion.rules.normalize import Stemmer
assert Stemmer().learn(["телепортация"]) == 0  # nothing to learn with: no pymorphy3
index = RulesIndex(load_db())
answers = [
    [[h.entry["id"], h.score] for h in index.search(c["q"])]
    for path in sys.argv[1:]
    for c in json.loads(open(path, encoding="utf-8").read())
]
print(json.dumps(answers))
"""


@pytest.mark.timeout(900)
def test_every_eval_question_ranks_the_same_with_and_without_pymorphy3(request):
    assert importlib.util.find_spec("pymorphy3"), "the server's side needs pymorphy3"
    env = {k: v for k, v in os.environ.items() if k != "TC_LEMMAS"}
    # the browser's path in a child while this process ranks on the server's (2 cores), or
    # has ranked already (eval_hits: once per run)
    child = subprocess.Popen(
        [sys.executable, "-c", BROWSER, *map(str, SETS)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        server = request.getfixturevalue("eval_hits")
    finally:
        stdout, stderr = child.communicate()
    cases = [(p.name, c["q"]) for p in SETS for c in json.loads(p.read_text(encoding="utf-8"))]
    answers = [[[h.entry["id"], h.score] for h in hits] for p in SETS for hits in server[p]]
    assert child.returncode == 0, stderr[-2000:]
    browser = json.loads(stdout)

    assert len(browser) == len(answers) > 1700
    differ = [(name, q) for (name, q), a, b in zip(cases, answers, browser, strict=True) if a != b]
    shown = [f"{name}: {q}" for name, q in differ if name != "check.json"][:10]
    assert not differ, f"{len(differ)} of {len(cases)} rankings differ: {shown}"
