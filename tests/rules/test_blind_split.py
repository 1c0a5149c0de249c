"""The blind question set is split once, fixed, and the check half is kept out of tuning.

``tests/rules/blind/source/*.json`` holds 695 questions written by helpers who never saw
``rules_db``; ``make_split.py`` split them once into ``tune.json`` and ``check.json``. These
tests pin the check set by its hash (a changed check set would make the reported figures
meaningless), check that the split is the one the script makes, and that the tuning tools
never read the check set.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from collections import Counter
from pathlib import Path

BLIND = Path(__file__).with_name("blind")
ROOT = Path(__file__).resolve().parents[2]
CHECK_SHA256 = "3ede9ffa437bfe598b7d25d463a527f2e5b8fb155b5ab24e2a74e41d58d0a8a0"
TUNING_TOOLS = [ROOT / "benchmarks" / "tune_rules.py", ROOT / "benchmarks" / "rules_ceiling.py"]


def _load(name: str) -> list[dict]:
    return json.loads((BLIND / name).read_text(encoding="utf-8"))


def _split_module():
    spec = importlib.util.spec_from_file_location("make_split", BLIND / "make_split.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_check_set_is_the_committed_one():
    digest = hashlib.sha256((BLIND / "check.json").read_bytes()).hexdigest()
    assert digest == CHECK_SHA256


def test_split_is_reproducible_and_partitions_the_sources():
    module = _split_module()
    cases = module.load_sources()
    tune, check = module.split(cases)
    assert tune == _load("tune.json")
    assert check == _load("check.json")
    assert len(cases) == 695
    tune_q, check_q = {c["q"] for c in tune}, {c["q"] for c in check}
    assert not tune_q & check_q
    assert tune_q | check_q == {c["q"] for c in cases}


def test_split_is_stratified_by_source_and_style():
    tune, check = _load("tune.json"), _load("check.json")

    def strata(cases):
        return Counter(("+".join(c["sources"]), c["style"]) for c in cases)

    a, b = strata(tune), strata(check)
    assert a.keys() == b.keys() or all(a[k] + b[k] == 1 for k in a.keys() ^ b.keys())
    assert all(abs(a[k] - b[k]) <= 1 for k in a.keys() | b.keys())


def test_tuning_tools_never_read_the_check_set():
    for tool in TUNING_TOOLS:
        text = tool.read_text(encoding="utf-8")
        assert "check.json" not in text and "check_set" not in text, tool
        assert "tune.json" in text, tool


def _train() -> list[dict]:
    return [c for f in sorted((BLIND / "train").glob("*.json")) for c in json.loads(f.read_text())]


def test_train_set_is_new_and_answerable():
    """The second batch (``train/``, by ``make_train.py``) holds no question of the first blind
    set, so tuning on it cannot tune on the check set; every case has an entry that answers it
    and toc headings as labels."""
    from companion.rules import load_db

    module = _split_module()
    train = _train()
    assert len(train) >= 600
    first = {" ".join(c["q"].casefold().replace("ё", "е").split()) for c in module.load_sources()}
    assert not [c for c in train if " ".join(c["q"].casefold().replace("ё", "е").split()) in first]
    spec = importlib.util.spec_from_file_location("make_train", BLIND / "make_train.py")
    assert spec and spec.loader
    make_train = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_train)
    assert make_train.problems(train, load_db()) == []
