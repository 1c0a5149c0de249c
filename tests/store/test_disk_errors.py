"""A full disk or a folder without write rights: every save raises StoreError with a Russian
sentence and nothing changes, in memory or on disk.

Real refusals, in child processes: tests run as root, and root ignores file modes, so
* «disk full» is a file-size limit (``RLIMIT_FSIZE``: the kernel refuses the write with EFBIG,
  exactly where a full disk gives ENOSPC — the write is cut short);
* «no rights» drops the child to the unprivileged user ``nobody`` before it touches a data
  folder whose files and folders are read-only (as an ordinary user, the modes alone do it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from companion.store import GameStore

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, os, resource, signal, sys
from companion.errors import StoreError
from companion.store import GameStore
mode, root, game_id = sys.argv[1:4]
store = GameStore(root)
g = store.open(game_id)
if mode == "full":
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    size = os.path.getsize(os.path.join(root, "games", game_id + ".log"))
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 10, size + 10))
elif os.geteuid() == 0:
    os.setgid(65534)
    os.setuid(65534)
before = (json.dumps(g.game.state.values), len(g.game.events), len(g.game.redo_stack))
out = {}
for name, change in (
    ("push", lambda: g.push("counter.add", {"player": 1, "counter": "ПО", "delta": 1})),
    ("undo", g.undo),
    ("create", lambda: store.create("free", ["Аня", "Борис"], first_player=0)),
):
    try:
        change()
        out[name] = "saved"
    except StoreError as exc:
        out[name] = str(exc)
    out[name + "_unchanged"] = before == (
        json.dumps(g.game.state.values), len(g.game.events), len(g.game.redo_stack)
    )
print(json.dumps(out, ensure_ascii=False))
"""


def game(tmp_path: Path) -> str:
    g = GameStore(tmp_path).create("free", ["Аня", "Борис"], first_player=0)
    for d in (1, 2, 3):
        g.push("counter.add", {"player": 0, "counter": "ПО", "delta": d})
    g.close()
    g = GameStore(tmp_path).open(g.id)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 4})  # a non-empty log
    return g.id


def run_child(mode: str, root: Path, game_id: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run(
        [sys.executable, "-c", CHILD, mode, str(root), game_id],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def files(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((root / "games").iterdir())}


def test_full_disk_refuses_every_save_and_changes_nothing(tmp_path):
    game_id = game(tmp_path)
    before = files(tmp_path)
    out = run_child("full", tmp_path, game_id)
    for name in ("push", "undo"):
        assert out[name].startswith("Не удалось сохранить ход: на диске нет места"), out
        assert out[name + "_unchanged"]
    assert out["create"].startswith("Не удалось сохранить новую игру: на диске нет места")
    assert files(tmp_path) == before  # the cut-short line was taken back
    again = GameStore(tmp_path)
    assert again.open(game_id).game.state.values[0]["ПО"] == 10 and not again.warnings


def test_folder_without_write_rights_refuses_every_save_and_changes_nothing(tmp_path):
    game_id = game(tmp_path)
    before = files(tmp_path)
    for p in [tmp_path, tmp_path / "games", *(tmp_path / "games").iterdir()]:
        p.chmod(0o555 if p.is_dir() else 0o444)
    try:
        out = run_child("readonly", tmp_path, game_id)
    finally:
        for p in [tmp_path, tmp_path / "games", *(tmp_path / "games").iterdir()]:
            p.chmod(0o755 if p.is_dir() else 0o644)
    for name in ("push", "undo"):
        assert out[name].startswith("Не удалось сохранить ход: нет прав на запись"), out
        assert out[name + "_unchanged"]
    assert out["create"].startswith("Не удалось сохранить новую игру: нет прав на запись")
    assert files(tmp_path) == before
