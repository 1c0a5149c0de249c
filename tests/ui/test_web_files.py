"""The web client the app serves is made once per version, in the cache, and a stopped or
killed server leaves nothing behind (:func:`companion.table.webserver.web_files`).

Found this session: every start copied Flet's client (18 MB) into a new temporary folder
that was removed only on a clean exit, which SIGTERM never reaches (uvicorn re-raises it
after its shutdown): 4 400 folders, 75 GB, filled the disk during the test suite."""

from __future__ import annotations

import os
import signal
import time
import urllib.request

from companion.table import webfiles
from companion.table.webserver import LOADING_TEXT, STALE_SECONDS, web_files
from tests.ui.conftest import Server


def _start(tmp_path, monkeypatch) -> Server:
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    monkeypatch.setenv("COMPANION_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return Server(tmp_path / "data")


def test_a_stopped_or_killed_server_leaves_no_copy_of_the_client(tmp_path, monkeypatch):
    first = _start(tmp_path, monkeypatch)
    with urllib.request.urlopen(first.url, timeout=30) as page:  # noqa: S310 - local server
        assert LOADING_TEXT in page.read().decode("utf-8")
    os.killpg(first.proc.pid, signal.SIGTERM)  # as a service manager stops it
    first.proc.wait(15)
    (made,) = (tmp_path / "cache" / "web").iterdir()
    assert (made / ".complete").exists() and (made / "main.dart.wasm").stat().st_size > 1e6
    made_at = (made / ".complete").stat().st_mtime_ns

    second = _start(tmp_path, monkeypatch)  # the next start serves the same files
    os.killpg(second.proc.pid, signal.SIGKILL)  # a crash
    second.proc.wait(15)
    second.stop()
    assert [p.name for p in (tmp_path / "cache" / "web").iterdir()] == [made.name]
    assert (made / ".complete").stat().st_mtime_ns == made_at  # reused, not made again
    assert list((tmp_path / "tmp").iterdir()) == []  # nothing in the temporary folder


def test_stale_copies_and_half_made_ones_are_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(webfiles, "prepare_assets", lambda target: target)  # no 18 MB here
    root = tmp_path / "web"
    old_version, half_made, fresh = root / "0123456789abcdef", root / ".feed-x", root / ".now-y"
    for folder in (old_version, half_made, fresh):
        folder.mkdir(parents=True)
    long_ago = time.time() - STALE_SECONDS - 60
    for folder in (old_version, half_made):
        os.utime(folder, (long_ago, long_ago))
    served = web_files(tmp_path)
    assert served.parent == root and (served / ".complete").exists()
    assert web_files(tmp_path) == served  # the second start finds it
    left = sorted(p.name for p in root.iterdir())
    assert left == sorted([served.name, fresh.name])  # a build in progress elsewhere stays
