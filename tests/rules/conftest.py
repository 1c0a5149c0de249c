"""Fixtures for the rules search tests: a tiny hand-written database (own words, not the books)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def _e(id, game, source, section, title, text, kind="rule", aliases=(), see_also=(), page=None):
    return {
        "id": id,
        "game": game,
        "source": source,
        "section": section,
        "page": page,
        "kind": kind,
        "title": title,
        "text": text,
        "aliases": list(aliases),
        "see_also": list(see_also),
    }


FIXTURE = [
    _e(
        "bbrr-tie",
        "smash_up",
        "smashup-bbrr",
        "Споры при раздаче",
        "Ничья при подсчёте",
        "Игроки с одинаковой силой на базе получают очки за лучшее из мест, на которые претендуют.",
        aliases=["tie", "ничья", "равная сила"],
        see_also=["bbrr-talent"],
        page=9,
    ),
    _e(
        "bbrr-talent",
        "smash_up",
        "smashup-bbrr",
        "Талант",
        "Талант",
        "Свойство, которое можно применить один раз за твой ход в фазе розыгрыша карт.",
        kind="keyword",
        aliases=["talent"],
        page=13,
    ),
    _e(
        "bbrr-picnic",
        "smash_up",
        "smashup-bbrr",
        "Мишуткин пикник",
        "Мишуткин пикник",
        "Уточнение к карте: считай силу приспешников соперников на каждой базе отдельно.",
        kind="card",
        page=15,
    ),
    _e(
        "coup-income",
        "coup",
        "coup",
        "Доход",
        "Доход",
        "Взять одну монету из казны; это действие нельзя заблокировать или оспорить.",
        aliases=["income"],
        page=4,
    ),
    _e(
        "coup-coup",
        "coup",
        "coup",
        "Переворот",
        "Переворот",
        "Заплати семь монет, и выбранный соперник теряет влияние. С десятью монетами обязателен.",
        aliases=["coup", "7 монет"],
        see_also=["coup-income"],
        page=4,
    ),
    _e(
        "coup-challenge",
        "coup",
        "coup",
        "Оспаривание",
        "Оспаривание",
        "Любой игрок может усомниться, что у заявившего действие есть нужный покровитель.",
        aliases=["challenge", "блеф"],
        page=6,
    ),
    _e(
        "munch-run",
        "munchkin",
        "munchkin-apocalypse",
        "Смываемся",
        "Смывка",
        "Если победить монстра не выходит, бросай кубик, чтобы попытаться убежать.",
        aliases=["run away", "побег"],
        page=4,
    ),
    _e(
        "ricks-charge",
        "ricks",
        "ricks-crazy",
        "Фаза зарядки",
        "Фаза зарядки",
        "Энергия распределяется по вселенным, начиная с первого игрока.",
        aliases=["charge phase"],
        page=6,
    ),
    _e(
        "ricks-step-a",
        "ricks",
        "ricks-crazy",
        "Шаг А",
        "Шаг А",
        "Первая ступень фазы зарядки: игроки добавляют энергию во вселенные.",
        page=6,
    ),
    _e(
        "ricks-step-b",
        "ricks",
        "ricks-crazy",
        "Шаг Б",
        "Шаг Б",
        "Вторая ступень фазы зарядки: проверка заряженных вселенных.",
        page=6,
    ),
]


@pytest.fixture()
def fixture_entries() -> list[dict]:
    return [dict(e, aliases=list(e["aliases"]), see_also=list(e["see_also"])) for e in FIXTURE]


def write_db(folder: Path, entries: list[dict]) -> Path:
    """Write ``entries`` as TinyDB files, one per source, into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    by_source: dict[str, dict] = {}
    for e in entries:
        table = by_source.setdefault(e["source"], {})
        table[str(len(table) + 1)] = e
    for source, table in by_source.items():
        (folder / f"{source}.json").write_text(
            json.dumps({"entries": table}, ensure_ascii=False), encoding="utf-8"
        )
    return folder


@pytest.fixture()
def fixture_db(tmp_path, monkeypatch, fixture_entries) -> Path:
    """A temp rules DB + data dir wired through the env; the shared index is reset around it."""
    from companion.rules import api

    folder = write_db(tmp_path / "rules_db", fixture_entries)
    monkeypatch.setenv("COMPANION_RULES_DB", str(folder))
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    api.invalidate(shipped=True)
    yield folder
    api.invalidate(shipped=True)


# -- the eval sets, ranked once per run (test_quality, test_parity, test_pure_path) -------------

RULES_TESTS = Path(__file__).parent
BLIND = RULES_TESTS / "blind"
#: Every eval set: our table questions, the shipped sample, the blind tune, train and check sets.
EVAL_SETS = [
    RULES_TESTS / "questions.json",
    RULES_TESTS / "rules_eval_sample.json",
    BLIND / "tune.json",
    *sorted((BLIND / "train").glob("*.json")),
    BLIND / "check.json",
]


@pytest.fixture(scope="session")
def eval_hits() -> dict[Path, list[list]]:
    """The server's search (this process: pymorphy3, numpy, compiled rapidfuzz; the shipped
    database) of every question of every :data:`EVAL_SETS` file, top 10 each (``search``'s
    default limit): ``{set file: [hits of its i-th question, ...]}``. Ranked once per run:
    the quality floors and both phone-build comparisons read the same rankings (1 725
    questions; each search is deterministic, so ranking them again gave the same lists)."""
    from companion.rules import RulesIndex, load_db

    index = RulesIndex(load_db())
    return {
        path: [index.search(c["q"]) for c in json.loads(path.read_text(encoding="utf-8"))]
        for path in EVAL_SETS
    }
