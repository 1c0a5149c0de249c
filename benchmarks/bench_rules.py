"""Benchmark the rules search: accuracy and per-query latency, shipped DB and 20 000 entries.

Run by hand from the project root (not part of the tests)::

    python benchmarks/bench_rules.py [--stemmers] [--repeat 5] [--synthetic 20000]
    python benchmarks/bench_rules.py --quality     # blind train, tune, check: figures only
    python benchmarks/bench_rules.py --typing      # keystroke to results, Chromium 390×844,
                                                   # against a bare text field (the floor)

Compares :class:`companion.rules.RulesIndex` with a plain baseline — rapidfuzz ``WRatio`` of the
raw query against the raw titles, no normalisation — on ``tests/rules/questions.json`` and
``tests/rules/rules_eval_sample.json`` (a copy of the CI's shared sample). The synthetic
database is the shipped one plus
generated entries built from its own words (3 % of them mutated into new words, so the
vocabulary grows too); the questions are then answered among ~20 000 distractors.
``--stemmers`` also compares the Snowball, pymorphy3 and no-stemming variants.
Latencies are CPU time of the searching thread (``time.thread_time``), cold: the
per-index word cache is cleared before every query. Prints markdown tables.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rapidfuzz import fuzz, process  # noqa: E402

from companion.rules import RulesIndex, Stemmer, load_db  # noqa: E402
from companion.rules.evaluate import score_cases  # noqa: E402
from companion.rules.normalize import DEFAULT_STEMMER, words  # noqa: E402

QUESTIONS = ROOT / "tests" / "rules" / "questions.json"
SAMPLE = ROOT / "tests" / "rules" / "rules_eval_sample.json"
BLIND = ROOT / "tests" / "rules" / "blind"


def quality() -> None:
    """Top-1/top-3/MRR on every question set; the blind check set as figures only (never its
    misses: it is the measure, see tests/rules/blind/make_split.py)."""
    idx = RulesIndex(load_db())
    game = {e["source"]: e["game"] for e in idx.entries}  # rulebook → its game
    print(
        "| set | questions | top-1 | top-3 | MRR@10 | game known: top-1 | top-3 |\n"
        "|---|---|---|---|---|---|---|"
    )
    for name, path in (
        ("blind train (second batch)", BLIND / "train"),
        ("blind tune", BLIND / "tune.json"),
        ("blind check", BLIND / "check.json"),
        ("own questions.json", QUESTIONS),
        ("shipped eval sample", SAMPLE),
    ):
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        cases = [c for f in files for c in json.loads(f.read_text(encoding="utf-8"))]
        acc = score_cases(cases, lambda q: [h.entry for h in idx.search(q, limit=10)])
        # The rules screen opened from a board searches that board's game only.
        known = [
            score_cases(
                [c], lambda q, c=c: [h.entry for h in idx.search(q, game=game[c["sources"][0]])]
            )
            for c in cases
        ]
        k1 = sum(s.top1 for s in known) / len(known)
        k3 = sum(s.top3 for s in known) / len(known)
        print(
            f"| {name} | {acc.n} | {acc.top1:.3f} | {acc.top3:.3f} | {acc.mrr10:.3f} "
            f"| {k1:.3f} | {k3:.3f} |"
        )


TYPED = "сколько монет нужно на переворот"


def _type_timed(app, box, text: str, label: str, has_results) -> list[float]:
    """Type ``text`` key by key into ``box``; ms from each key press until ``label``'s
    accessible text shows «prefix» (keys whose prefix has no results are typed, not timed)."""
    box.click()
    times = []
    for n in range(1, len(text) + 1):
        prefix = text[:n]
        t = time.perf_counter()
        app.page.keyboard.type(text[n - 1])
        if not any(ch.isalnum() for ch in prefix) or not has_results(prefix):
            continue  # no results to wait for: typed on, the next key is timed
        app.wait_label(label, f"«{prefix.strip()}»")
        times.append((time.perf_counter() - t) * 1000)
    return times


def _bare_echo(browser, text: str) -> list[float]:
    """The floor: the same typing into a bare Flet text field echoed into a label."""
    from conftest import module_app  # noqa: PLC0415

    with module_app(browser, "benchmarks._bare_echo") as app:
        app.el("bare-echo").wait_for(state="attached")
        box = app.el("bare-query").locator("input, textarea").first
        if not box.count():
            app.el("bare-query").click()
            box = app.page.locator("input, textarea").first
        _type_timed(app, box, "прогрев", "bare-echo", lambda _p: True)  # warm-up
        box.fill("")
        app.wait_label("bare-echo", "«»")
        return _type_timed(app, box, text, "bare-echo", lambda _p: True)


def typing(text: str = TYPED) -> None:
    """Type ``text`` key by key into the rules screen (Chromium, 390×844) and time each key
    from the key press to the results for that prefix in the accessibility tree (wall clock);
    the floor is the same typing into a bare Flet text field echoed into a label, measured
    before and after in the same run."""
    import os
    import tempfile

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from conftest import CHROMIUM, App, Server  # noqa: PLC0415

    index = RulesIndex(load_db())
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        server = Server(Path(tmp) / "data")
        try:
            bare = _bare_echo(browser, text)
            app = App(browser, server).open("/rules")
            app.wait_label("rules-hint", "ничья")
            box = app.el("rules-query").locator("input, textarea").first
            # the first search of a process builds the index (~1.5 s): warm it, then clear
            _type_timed(app, box, "ничья", "rules-count", lambda q: bool(index.search(q)))
            box.fill("")
            app.wait_label("rules-hint", "ничья")
            times = _type_timed(app, box, text, "rules-count", lambda q: bool(index.search(q)))
            bare += _bare_echo(browser, text)
        finally:
            browser.close()
            server.stop()
    loads.append(os.getloadavg()[0])

    def stats(xs: list[float]) -> tuple[float, float, float]:
        xs = sorted(xs)
        return statistics.median(xs), xs[int(0.95 * (len(xs) - 1))], xs[-1]

    floor = stats(bare)
    print(f"load average {loads[0]:.1f} → {loads[1]:.1f}; «{text}»")
    print("| typing into | keys timed | p50 ms | p95 ms | max ms | p50 / floor | p95 / floor |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, xs in (("bare Flet text field, echoed (floor)", bare), ("rules screen", times)):
        p50, p95, worst = stats(xs)
        print(
            f"| {name} | {len(xs)} | {p50:.0f} | {p95:.0f} | {worst:.0f} "
            f"| {p50 / floor[0]:.2f} | {p95 / floor[1]:.2f} |"
        )


class Baseline:
    """rapidfuzz WRatio over raw titles, no normalisation."""

    def __init__(self, entries):
        self.entries = entries
        self.titles = [e["title"] for e in entries]

    def search(self, query, limit=10):
        found = process.extract(query, self.titles, scorer=fuzz.WRatio, limit=limit)
        return [self.entries[i] for _, _, i in found]


def synthetic(entries, n, seed=7):
    """``entries`` plus generated ones up to ``n`` in all (own words, shuffled and mutated)."""
    rng = random.Random(seed)
    vocab = sorted(
        {w for e in entries for w, _, _ in words(e["title"] + " " + e["text"]) if len(w) > 2}
    )
    letters = "абвгдежзийклмнопрстуфхцчшщыэюя"

    def word():
        w = rng.choice(vocab)
        if rng.random() < 0.03:  # a new word: grows the vocabulary like real new cards would
            i = rng.randrange(len(w))
            w = w[:i] + rng.choice(letters) + w[i + 1 :] + rng.choice(letters)
        return w

    out = list(entries)
    for i in range(n - len(entries)):
        base = rng.choice(entries)
        title = " ".join(word() for _ in range(rng.randint(1, 4))).capitalize()
        out.append(
            {
                **base,
                "id": f"syn-{i}",
                "title": title,
                "section": title,
                "text": " ".join(word() for _ in range(rng.randint(15, 60))) + ".",
                "aliases": [word() for _ in range(rng.randint(0, 4))],
                "see_also": [],
            }
        )
    return out


def latencies(search, queries, repeat, forget=None):
    times = []
    for _ in range(repeat):
        for q in queries:
            if forget:
                forget()  # cold: no word remembered from earlier queries
            t = time.thread_time()  # CPU time of this thread: robust on a busy machine
            search(q)
            times.append((time.thread_time() - t) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))], times[-1]


def row(name, n, search, cases, sample, repeat, forget=None):
    acc = score_cases(cases, search)
    acc_s = score_cases(sample, search)
    p50, p95, worst = latencies(search, [c["q"] for c in cases], repeat, forget)
    return (
        f"| {name} | {n} | {acc.top1:.3f} | {acc.top3:.3f} | {acc_s.top1:.3f} | {acc_s.top3:.3f} "
        f"| {p50:.2f} | {p95:.2f} | {worst:.1f} |"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--synthetic", type=int, default=20_000)
    ap.add_argument("--stemmers", action="store_true")
    ap.add_argument("--quality", action="store_true")
    ap.add_argument("--typing", action="store_true")
    args = ap.parse_args()
    if args.quality:
        quality()
        return
    if args.typing:
        typing()
        return

    cases = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    sample = json.loads(SAMPLE.read_text(encoding="utf-8"))
    shipped = load_db()
    big = synthetic(shipped, args.synthetic)

    print(
        "| search | entries | top-1 (ours) | top-3 (ours) | top-1 (sample) | top-3 (sample) "
        "| p50 ms (CPU) | p95 ms (CPU) | max ms (CPU) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    kinds = Stemmer.KINDS if args.stemmers else (DEFAULT_STEMMER,)
    builds = []
    for db_name, db in (("shipped", shipped), ("synthetic", big)):
        for kind in kinds if db_name == "shipped" else (DEFAULT_STEMMER,):
            t = time.perf_counter()
            idx = RulesIndex(db, Stemmer(kind))
            builds.append((db_name, kind, len(idx.lemmas), (time.perf_counter() - t) * 1000))
            print(
                row(
                    f"RulesIndex ({kind})",
                    len(db),
                    lambda q, idx=idx: [h.entry for h in idx.search(q)],
                    cases,
                    sample,
                    args.repeat,
                    idx.forget,
                )
            )
        base = Baseline(db)
        print(row("baseline WRatio/titles", len(db), base.search, cases, sample, args.repeat))
    print()
    print("| database | stemmer | vocabulary | cold build ms |")
    print("|---|---|---|---|")
    for db_name, kind, nv, ms in builds:
        print(f"| {db_name} | {kind} | {nv} | {ms:.0f} |")


if __name__ == "__main__":
    main()
