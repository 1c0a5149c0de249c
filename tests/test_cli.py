"""The ``companion`` command: its arguments, subcommands and errors through
:func:`companion.cli.main` in this process (``cli``), and as a real process (``run``) what
only a process shows: the entry point starts, exit code 2 with one line on stderr and no
traceback, ``--desktop`` without a client, and what a second process no longer repeats."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import __version__
from companion.cli import main
from companion.store import GameStore

ROOT = Path(__file__).resolve().parents[1]

#: ``cli(*args, data_dir=...)``: the command run in this process, as ``run`` runs it.
Cli = Callable[..., subprocess.CompletedProcess]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path) -> Cli:
    """:func:`companion.cli.main` with ``args`` in this process: its exit code (``main``'s
    return, or argparse's ``SystemExit``), stdout and stderr, as ``run`` gives them for a
    process. The data directory comes from ``COMPANION_DATA_DIR`` (``data_dir``, else an
    empty one), restored after the test (``main`` sets it for the rest of its process)."""
    idle = tmp_path / "cli-default-data"

    def call(*args: str, data_dir: Path | None = None) -> subprocess.CompletedProcess:
        monkeypatch.setenv("COMPANION_DATA_DIR", str(data_dir or idle))
        capsys.readouterr()  # what came before is not this command's
        try:
            code = main(list(args))
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0 if exc.code is None else 1
        out, err = capsys.readouterr()
        return subprocess.CompletedProcess(["companion", *args], code, out, err)

    return call


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


def test_games_list_show_export(played, cli):
    data, gid = played
    listed = cli("games", "list", data_dir=data)
    assert (
        listed.returncode == 0
        and gid in listed.stdout
        and "Аня, Борис" in listed.stdout
        and "идёт" in listed.stdout
    )
    shown = cli("games", "show", gid, data_dir=data)
    assert "Аня: ПО +4 (теперь 4)" in shown.stdout and "Ход переходит к Борису" in shown.stdout
    exported = json.loads(cli("games", "export", gid, "--format", "json", data_dir=data).stdout)
    assert exported["id"] == gid and [e["type"] for e in exported["events"]] == [
        "counter.add",
        "turn.next",
    ]
    assert exported["events"][0]["text"] == "Аня: ПО +4 (теперь 4)"
    text = cli("games", "export", gid, "--format", "text", data_dir=data).stdout
    assert text.startswith("Свободный счёт") and "#1" in text


def test_data_dir_flag_wins_over_env(played, tmp_path_factory, cli):
    data, gid = played
    other = tmp_path_factory.mktemp("other")
    assert gid in cli("--data-dir", str(data), "games", "list", data_dir=other).stdout


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
def test_bad_arguments_one_line_exit_2_no_traceback(args, tmp_path, cli):
    r = cli(*args, data_dir=tmp_path)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [("--port", "abc"), ("games", "show", "20260101-000000-abcdef")])
def test_bad_arguments_in_a_real_process_one_line_exit_2_no_traceback(args, tmp_path):
    """As a process: argparse's refusal and a refused request each end it with code 2 and one
    line on stderr (the in-process cases above share its code paths)."""
    r = run(*args, data_dir=tmp_path)
    assert r.returncode == 2
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_help_on_every_subcommand(cli):
    for args in (
        (),
        ("games",),
        ("games", "list"),
        ("games", "show"),
        ("games", "export"),
        ("rules",),
    ):
        r = cli(*args, "--help")
        assert r.returncode == 0 and "usage" in r.stdout.lower()


def test_corrupt_game_is_reported_by_the_cli(played, cli):
    data, gid = played
    path = data / "games" / f"{gid}.json"
    path.write_text("{")
    r = cli("games", "show", gid, data_dir=data)
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


def one_line_exit_2(r: subprocess.CompletedProcess) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in r.stderr


def test_port_in_use_is_one_line_and_no_url_printed(tmp_path, cli):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = cli("--port", str(port), "--no-browser", data_dir=tmp_path)
    one_line_exit_2(r)
    assert f"порт {port} уже занят" in r.stderr and "http://" not in r.stdout


@pytest.mark.parametrize(
    ("host", "says"),
    [("no-such-host.invalid", "не найден"), ("192.0.2.77", "не принадлежит этому компьютеру")],
)
def test_bad_host_is_one_line(tmp_path, host, says, cli):
    r = cli("--host", host, "--port", "8571", "--no-browser", data_dir=tmp_path)
    one_line_exit_2(r)
    assert says in r.stderr and "http://" not in r.stdout


def test_data_dir_after_the_subcommand(played, tmp_path_factory, cli):
    data, gid = played
    other = tmp_path_factory.mktemp("other")
    shown = cli("games", "show", gid, "--data-dir", str(data), data_dir=other)
    assert shown.returncode == 0 and "Аня: ПО +4" in shown.stdout
    listed = cli("games", "--data-dir", str(data), "list", data_dir=other)
    assert gid in listed.stdout


def test_rules_search_the_house_rulings_of_the_given_data_dir(tmp_path, tmp_path_factory, cli):
    from companion.rules.house import add_ruling

    add_ruling(
        "Ничья по бананам",
        "При равенстве бананов побеждает младший игрок.",
        "coup",
        path=tmp_path / "house_rules.json",
    )
    other = tmp_path_factory.mktemp("other")
    for args in (
        ("--data-dir", str(tmp_path), "rules", "ничья", "бананы"),
        ("rules", "ничья", "бананы", "--data-dir", str(tmp_path)),
    ):
        r = cli(*args, data_dir=other)
        assert r.returncode == 0 and "Ничья по бананам" in r.stdout, r.stderr


@pytest.mark.parametrize("damage", ["{", '{"rulings": {"1": {"oops": 1}}}'])
def test_damaged_house_rulings_leave_the_rulebooks_searchable(tmp_path, damage, cli):
    (tmp_path / "house_rules.json").write_text(damage)
    r = cli("rules", "иностранная", "помощь", "--game", "coup", data_dir=tmp_path)
    assert r.returncode == 0 and r.stdout.startswith("1. "), r.stderr
    assert r.stderr.startswith("Внимание:"), r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    if damage == "{":  # unreadable: set aside once, then the rulebooks alone, silently
        assert "отложен" in r.stderr
        # a new process (this one keeps naming the set-aside file: house_warnings)
        again = run("rules", "иностранная", "помощь", "--game", "coup", data_dir=tmp_path)
        assert again.returncode == 0 and not again.stderr
    else:  # readable, one ruling of the wrong shape: skipped, and said so each time
        assert "пропущено" in r.stderr


def test_games_delete(played, cli):
    data, gid = played
    r = cli("games", "delete", gid, data_dir=data)
    assert r.returncode == 0 and "удалена" in r.stdout
    assert gid not in cli("games", "list", data_dir=data).stdout
    assert list((data / "trash").glob(f"{gid}-*/{gid}.json"))
    one_line_exit_2(cli("games", "delete", gid, data_dir=data))


def test_unreplayable_game_does_not_hide_the_others(played, cli):
    data, gid = played
    good = GameStore(data).create("free", ["Вика", "Гена"], first_player=0).id
    log = data / "games" / f"{gid}.log"
    lines = log.read_text().splitlines()
    rec = json.loads(lines[0])
    rec["event"]["data"]["player"] = 99
    log.write_text("\n".join([json.dumps(rec, ensure_ascii=False), *lines[1:]]) + "\n")
    r = cli("games", "list", data_dir=data)
    assert r.returncode == 0 and gid in r.stdout and good in r.stdout
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "сохранённый ход №1 (" in r.stderr and "не сходится с правилами" in r.stderr


@pytest.mark.parametrize(
    "code",
    [
        "",
        "   ",
        "1234567",  # too short: could be guessed
        "1" * 17,  # too long for the join screen's field: every phone locked out
        "١٢٣٤٥٦٧٨",  # digits to str.isdigit, not to a phone's digit keyboard
        "１２３４５６７８",
        "1234 5678",
        "12ab5678",
    ],
)
def test_an_unusable_join_code_is_refused_before_the_server_starts(tmp_path, code, cli):
    """``--code`` must be 8 to 16 digits 0–9 (the join field's limit): one line naming the
    option and the limit, exit 2. The port is taken so that a code let through fails fast
    (on «порт … занят») instead of starting a server."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = cli(
            "--lan", "--host", "127.0.0.1", "--port", str(port), "--code", code, data_dir=tmp_path
        )
    one_line_exit_2(r)
    assert "--code" in r.stderr and "от 8 до 16 цифр" in r.stderr, r.stderr
    assert "занят" not in r.stderr and "http://" not in r.stdout


def test_the_longest_join_code_fits_the_join_field():
    """One limit: the CLI takes up to :data:`CODE_MAX_DIGITS` digits, and the join screen's
    field takes that code as the host shows it (groups of four, spaces between)."""
    from companion.cli import build_parser
    from companion.table.gate import CODE_FIELD_CHARS, spaced
    from companion.table.security import CODE_MAX_DIGITS

    longest = "9" * CODE_MAX_DIGITS
    assert build_parser().parse_args(["--lan", "--code", longest]).code == longest
    assert build_parser().parse_args(["--lan", "--code", "24681012"]).code == "24681012"
    assert len(spaced(longest)) <= CODE_FIELD_CHARS


def test_a_join_code_without_table_mode_is_refused_before_the_port_is_checked(tmp_path, cli):
    """``--code`` without ``--lan`` means nothing: the parser says so in one line, exit 2,
    before anything else — not the busy port, which would send the user to fix the wrong
    option."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = cli("--port", str(port), "--code", "24681012", data_dir=tmp_path)
    one_line_exit_2(r)
    assert "--code" in r.stderr and "--lan" in r.stderr, r.stderr
    assert "занят" not in r.stderr and "http://" not in r.stdout


# -- companion stats / plays (issue 32) ---------------------------------------------------------
@pytest.fixture
def finished(tmp_path):
    store = GameStore(tmp_path)
    for scores in ([4, 1], [2, 2], [0, 3]):  # Аня, a shared win, Борис
        g = store.create("free", ["Аня", "Борис"], first_player=0)
        for i, s in enumerate(scores):
            if s:
                g.push("counter.add", {"player": i, "counter": "ПО", "delta": s})
        g.push("game.end")
        g.close()
    return tmp_path


def test_stats_prints_the_per_player_table(finished, cli):
    r = cli("stats", data_dir=finished)
    assert r.returncode == 0, r.stderr
    rows = {line.split()[0]: line.split() for line in r.stdout.splitlines()[1:]}
    assert rows["Аня"][1:4] == ["3", "2", "67%"] and rows["Борис"][1:4] == ["3", "2", "67%"]


def test_stats_json_has_the_documented_shape(finished, cli):
    r = cli("stats", "--json", "--game", "free", "--player", "аня", data_dir=finished)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    anya = next(p for p in data["players"] if p["name"] == "Аня")
    assert (anya["plays"], anya["wins"], anya["win_rate"]) == (3, 2, 0.667)
    assert anya["by_game"]["free"]["plays"] == 3 and anya["by_game"]["free"]["wins"] == 2
    assert data["games"]["free"]["plays"] == 3 and "avg_minutes" in data["games"]["free"]


@pytest.mark.parametrize(
    "args", [("stats", "--game", "chess"), ("stats", "--player", "Никто"), ("stats", "--jsn")]
)
def test_stats_bad_arguments_one_line_exit_2(finished, args, cli):
    r = cli(*args, data_dir=finished)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_plays_export_csv_and_a_backup_imports_elsewhere(finished, tmp_path_factory, cli):
    csv_r = cli("plays", "export", "--format", "csv", data_dir=finished)
    assert csv_r.returncode == 0 and len(csv_r.stdout.splitlines()) == 1 + 3 * 2
    out = tmp_path_factory.mktemp("b") / "backup.json"
    assert (
        cli("plays", "export", "--format", "json", "-o", str(out), data_dir=finished).returncode
        == 0
    )
    other = tmp_path_factory.mktemp("other")
    r = cli("plays", "import", str(out), data_dir=other)
    assert r.returncode == 0 and "Загружено партий: 3" in r.stdout
    out.write_text('{"format": "x"}', encoding="utf-8")
    bad = cli("plays", "import", str(out), data_dir=other)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_roster_rename_and_merge_keep_the_history(finished, cli):
    assert cli("roster", "add", "Аня", data_dir=finished).returncode == 0
    assert cli("roster", "add", "Боря", data_dir=finished).returncode == 0
    assert cli("roster", "add", "Борис", data_dir=finished).returncode == 0
    assert cli("roster", "rename", "Аня", "Анна", data_dir=finished).returncode == 0
    assert cli("roster", "merge", "Боря", "Борис", data_dir=finished).returncode == 0
    listed = cli("roster", "list", data_dir=finished).stdout
    assert "Анна" in listed and "также: Аня" in listed and "также: Борис" in listed
    data = json.loads(cli("stats", "--json", data_dir=finished).stdout)
    assert {p["name"]: p["plays"] for p in data["players"]} == {"Анна": 3, "Боря": 3}
    bad = cli("roster", "add", "x" * 41, data_dir=finished)
    assert bad.returncode == 2 and "не длиннее 40" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
