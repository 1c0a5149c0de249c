"""``companion rules``: human output, --json, --batch, exit codes."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.rules.cli import configure, run

HIT_KEYS = {"id", "game", "source", "section", "title", "text", "score"}


def cli(argv):
    parser = argparse.ArgumentParser(prog="companion rules")
    configure(parser)
    return run(parser.parse_args(argv))


def test_human_output_shows_title_source_heading_text(fixture_db, capsys):
    assert cli(["nichya", "na", "baze"]) == 0
    out = capsys.readouterr().out
    assert "Ничья при подсчёте" in out and "smashup-bbrr" in out and "«Споры при раздаче»" in out
    assert "одинаковой силой" in out


def test_json_one_query(fixture_db, capsys):
    assert cli(["доход", "--json", "--game", "coup", "--limit", "2"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["query"] == "доход"
    assert 1 <= len(row["hits"]) <= 2 and row["hits"][0].keys() >= HIT_KEYS
    assert row["hits"][0]["id"] == "coup-income"


def test_batch_keeps_lines_aligned(fixture_db, tmp_path, capsys):
    queries = ["шаг а", "", "?!", "nfkfyn", "zzzzqqq"]
    path = tmp_path / "q.txt"
    path.write_text("\n".join(queries) + "\n", encoding="utf-8")
    assert cli(["--batch", str(path), "--json", "--limit", "10"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["query"] for r in rows] == queries
    assert rows[0]["hits"][0]["section"] == "Шаг А"
    assert rows[1]["hits"] == [] and rows[1]["error"]
    assert rows[2]["hits"] == [] and rows[2]["error"]
    assert rows[3]["hits"][0]["title"] == "Талант"
    assert rows[4] == {"query": "zzzzqqq", "hits": []}
    assert all(h.keys() >= HIT_KEYS for r in rows for h in r["hits"])


@pytest.mark.parametrize(
    "argv",
    [[], ["?!"], ["x" * 301], ["--batch", "/nonexistent/q.txt"], ["доход", "--batch", "q.txt"]],
)
def test_bad_input_exits_2_with_one_line(fixture_db, capsys, argv):
    assert cli(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1 and "Traceback" not in captured.err


@pytest.mark.parametrize(
    "argv", [["доход", "--limit", "0"], ["доход", "--limit", "51"], ["доход", "--game", "chess"]]
)
def test_bad_options_are_argparse_errors(argv):
    with pytest.raises(SystemExit) as exc:
        cli(argv)
    assert exc.value.code == 2


def test_missing_database_exits_2(tmp_path, monkeypatch, capsys):
    from companion.rules import api, db

    monkeypatch.setenv("COMPANION_RULES_DB", str(tmp_path / "nowhere"))
    monkeypatch.setattr(db, "__file__", str(tmp_path / "a" / "b" / "db.py"))
    monkeypatch.setattr(db.resources, "files", lambda _: tmp_path / "nothing")
    api.invalidate(shipped=True)
    try:
        assert cli(["доход"]) == 2
    finally:
        api.invalidate(shipped=True)
    assert "база правил" in capsys.readouterr().err.lower()


def test_json_hit_carries_the_answering_sentence(fixture_db, capsys):
    """Issue 16: the JSON hit gains ``snippet``, the sentence of the text that answers."""
    assert cli(["одинаковая", "сила", "--json", "--limit", "1"]) == 0
    hit = json.loads(capsys.readouterr().out)["hits"][0]
    assert hit["snippet"] and hit["snippet"] in hit["text"]
    assert "одинаковой силой" in hit["snippet"]


def test_damaged_house_file_warns_in_one_line_and_still_answers(fixture_db, tmp_path, capsys):
    from companion.rules import invalidate
    from companion.rules.house import HOUSE_FILE

    path = tmp_path / "data" / HOUSE_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{broken", encoding="utf-8")
    invalidate()
    assert cli(["доход", "--game", "coup"]) == 0
    captured = capsys.readouterr()
    assert "Доход" in captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Решения стола не загружены" in lines[0]
