"""The ``companion`` command, run as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import __version__
from companion.store import GameStore

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, data_dir: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if data_dir is not None:
        env["COMPANION_DATA_DIR"] = str(data_dir)
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.fixture
def played(tmp_path):
    store = GameStore(tmp_path)
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 4})
    g.push("turn.next")
    return tmp_path, g.id


def test_version():
    r = run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"companion {__version__}"


def test_games_list_show_export(played):
    data, gid = played
    listed = run("games", "list", data_dir=data)
    assert (
        listed.returncode == 0
        and gid in listed.stdout
        and "Аня, Борис" in listed.stdout
        and "идёт" in listed.stdout
    )
    shown = run("games", "show", gid, data_dir=data)
    assert (
        "Аня: ПО +4 (теперь 4)" in shown.stdout and "Ход переходит к игроку Борис" in shown.stdout
    )
    exported = json.loads(run("games", "export", gid, "--format", "json", data_dir=data).stdout)
    assert exported["id"] == gid and [e["type"] for e in exported["events"]] == [
        "counter.add",
        "turn.next",
    ]
    assert exported["events"][0]["text"] == "Аня: ПО +4 (теперь 4)"
    text = run("games", "export", gid, "--format", "text", data_dir=data).stdout
    assert text.startswith("Свободный счёт") and "#1" in text


def test_data_dir_flag_wins_over_env(played, tmp_path_factory):
    data, gid = played
    other = tmp_path_factory.mktemp("other")
    assert gid in run("--data-dir", str(data), "games", "list", data_dir=other).stdout


@pytest.mark.parametrize(
    "args",
    [
        ("--port", "99999"),
        ("--port", "abc"),
        ("games",),
        ("games", "export", "x", "--format", "pdf"),
        ("nonsense",),
        ("games", "show", "20260101-000000-abcdef"),
        ("games", "show", "../etc"),
    ],
)
def test_bad_arguments_one_line_exit_2_no_traceback(args, tmp_path):
    r = run(*args, data_dir=tmp_path)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_help_on_every_subcommand():
    for args in (
        (),
        ("games",),
        ("games", "list"),
        ("games", "show"),
        ("games", "export"),
        ("rules",),
    ):
        r = run(*args, "--help")
        assert r.returncode == 0 and "usage" in r.stdout.lower()


def test_corrupt_game_is_reported_by_the_cli(played):
    data, gid = played
    path = data / "games" / f"{gid}.json"
    path.write_text("{")
    r = run("games", "show", gid, data_dir=data)
    assert r.returncode == 0
    assert "повреждён" in r.stderr and "Аня: ПО +4" in r.stdout


def test_desktop_without_client_says_so_in_one_line(tmp_path):
    env_home = tmp_path / "home"
    env_home.mkdir()
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "HOME": str(env_home),
        "COMPANION_DATA_DIR": str(tmp_path),
    }
    r = subprocess.run(
        [sys.executable, "-m", "companion", "--desktop"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 2 and "браузер" in r.stderr and len(r.stderr.strip().splitlines()) == 1
