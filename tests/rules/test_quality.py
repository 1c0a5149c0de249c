"""Search quality on the shipped database with our own table questions (tests/rules/questions.json).

The hit rule is the one of ``shared/eval/rules_eval.py``: right source, and the section or title
equals (or ends with) an expected rulebook heading.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.rules.db import SOURCES, load_toc
from companion.rules.evaluate import norm, score_cases
from tests.rules.conftest import BLIND

QUESTIONS = Path(__file__).with_name("questions.json")


@pytest.fixture(scope="module")
def cases():
    return json.loads(QUESTIONS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def ranked(eval_hits):
    """``ranked(set file)(question)``: its top 10 entries on the server, as each set's
    questions were ranked once for the run (``eval_hits``)."""

    def of(path: Path):
        cases = json.loads(path.read_text(encoding="utf-8"))
        found = {
            c["q"]: [h.entry for h in hits] for c, hits in zip(cases, eval_hits[path], strict=True)
        }
        return found.__getitem__

    return of


def test_question_set_is_big_and_covers_every_book(cases):
    assert len(cases) >= 150
    assert len({c["q"] for c in cases}) == len(cases)
    for source in SOURCES:
        assert sum(source in c["sources"] for c in cases) >= 15, source


def test_expected_sections_are_real_headings(cases):
    headings = {s: {norm(h) for h in load_toc(s)} for s in SOURCES}
    for c in cases:
        assert any(norm(sec) in headings[src] for src in c["sources"] for sec in c["sections"]), c


def test_top3_and_top1_accuracy(cases, ranked):
    score = score_cases(cases, ranked(QUESTIONS))
    report = "\n".join(f"rank={r} {q!r} got {got}" for r, q, got in score.misses)
    assert score.top3 >= 0.97, report
    assert score.top1 >= 0.92, report


# a copy of shared/eval/rules_eval_sample.json (the CI checkout's sample), kept in the repo
SAMPLE = Path(__file__).with_name("rules_eval_sample.json")


def _score(ranked, path):
    cases = json.loads(path.read_text(encoding="utf-8"))
    return score_cases(cases, ranked(path))


def test_blind_tune_set_floor(ranked):
    """Floors on the set the aliases were tuned on (0.928 / 0.989 before the player questions
    of ``asks``, 0.897 / 0.986 with them, 2026-11-23: the asks were written from the rulebooks,
    not from this set, and cost it 3 points top-1 while the check set gained 4)."""
    score = _score(ranked, BLIND / "tune.json")
    assert score.top1 >= 0.88 and score.top3 >= 0.97, (score.top1, score.top3)


def test_blind_train_set_floor(ranked):
    """Floors on the second blind batch (``blind/train``, 764 questions from writers who never
    saw ``rules_db``): 0.702 / 0.880 when it arrived, 0.732 / 0.895 after the players'
    vocabulary and reading fixes (2026-11-23)."""
    files = sorted((BLIND / "train").glob("*.json"))
    cases = [c for f in files for c in json.loads(f.read_text())]
    of_file = [(ranked(f), json.loads(f.read_text())) for f in files]
    found = {c["q"]: top(c["q"]) for top, file_cases in of_file for c in file_cases}
    score = score_cases(cases, found.__getitem__)
    assert score.top1 >= 0.71 and score.top3 >= 0.88, (score.top1, score.top3)


def test_blind_check_set_regression_guard(ranked):
    """A regression guard BELOW the measured figure (0.683 / 0.867 before ``asks``, 0.726 /
    0.896 with them, 0.738 / 0.905 with the players' vocabulary, 2026-11-23 19:18; the targets
    0.92 / 0.97 are not met); the check set's misses are never printed here — it is the
    measure, not something to tune on."""
    score = _score(ranked, BLIND / "check.json")
    assert score.top1 >= 0.72 and score.top3 >= 0.89, "check set fell below its guard"


def test_shipped_eval_sample(ranked):
    """The shipped sample stays at its figures before issue 16 (1.000 / 1.000)."""
    score = _score(ranked, SAMPLE)
    assert score.top1 >= 1.0 and score.top3 >= 1.0, score.misses
