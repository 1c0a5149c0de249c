"""The patches of Flet's private code (issue 29: "Flet internals, loudly").

Each patch checks first that what it patches is there (:func:`companion.ui.flet_fixes.check`,
:func:`companion.table.webserver.prepare_assets`); if not, the app refuses to start with one
line naming what is missing and exit code 2 — never runs with a fix silently skipped.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.errors import FletMismatchError
from companion.table import webserver
from companion.ui import flet_fixes
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui.conftest import free_port


def test_every_patch_is_installed_once_the_app_is_made(tmp_path):
    """make_main installs them all; a patch skipped would leave its name False here."""
    from companion.store import GameStore

    make_main(Hub(GameStore(tmp_path)))
    assert flet_fixes.check() == []
    assert flet_fixes.installed() == {
        "updates_scheduler": True,
        "event_types_cache": True,
        "bounded_event_lookup": True,
        "dialogs_indexed": True,
        "quiet_send": True,
        "late_answers": True,
    }


def test_another_answer_hand_over_is_named(monkeypatch):
    """A Flet whose ``Session.handle_invoke_method_results`` is not the one replaced (by hash):
    :func:`~companion.ui.flet_fixes.check` names it, so the app would refuse to start."""
    from flet.messaging.session import Session

    def other(self, control_id, call_id, result, error):
        pass

    monkeypatch.setattr(Session, "handle_invoke_method_results", other)
    assert flet_fixes.check() == [
        "Session.handle_invoke_method_results Flet изменился (ответы браузера)"
    ]


def test_the_web_client_texts_are_rewritten_in_both_builds(tmp_path):
    """Every text of :data:`~companion.table.webserver.CLIENT_TEXTS` is replaced in main.dart.js
    and main.dart.wasm, and index.html has the reload-on-reconnect script."""
    out = webserver.prepare_assets(tmp_path / "web")
    js = (out / "main.dart.js").read_text(encoding="utf-8")
    wasm = (out / "main.dart.wasm").read_bytes()
    for old in webserver.CLIENT_TEXTS:
        assert '"' + old.replace("\n", "\\n") + '"' not in js, old
        assert webserver.patch_wasm_string(wasm, old, "x") is None, old
    assert "const Real = window.WebSocket" in (out / "index.html").read_text(encoding="utf-8")


def test_a_client_without_a_patched_text_is_refused(tmp_path, monkeypatch):
    """Another flet-web: a text the patch rewrites is gone, and preparing the files fails
    naming it, instead of serving the English one."""
    monkeypatch.setitem(webserver.CLIENT_TEXTS, "No such text in the client", "Нет")
    with pytest.raises(FletMismatchError, match="No such text in the client"):
        webserver.prepare_assets(tmp_path / "web")


def test_another_flet_refuses_to_start_with_one_line(tmp_path):
    """A Flet whose session scheduler is not the one copied: ``companion`` exits 2 with one
    line naming it, no traceback (here Flet's loop is replaced before the app starts)."""
    script = textwrap.dedent(
        """
        import sys
        from flet.messaging.session import Session

        async def other(self):
            pass

        Session._Session__updates_scheduler = other
        from companion.cli import main
        sys.exit(main(["--data-dir", sys.argv[1], "--port", sys.argv[2], "--no-browser"]))
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path), str(free_port())],
        capture_output=True,
        text=True,
        timeout=60,  # a server that started would run on: the test fails by timeout
        cwd=Path(__file__).resolve().parents[2],
    )
    assert run.returncode == 2, run
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in run.stderr, run.stderr
    assert "планировщик обновлений Flet" in lines[0] and "flet==1.0.5" in lines[0], lines


def test_a_sent_message_is_one_frame_and_never_formatted_for_the_log():
    """The replaced ``FletApp.send_message`` queues ``[0x00][msgpack [action, body]]`` (what the
    web client reads) and never turns the message into text (the cost it removes)."""
    import asyncio

    import msgpack

    flet_fixes.apply()
    from flet_web.fastapi.flet_app import FletApp

    class Message:
        action, body = 3, {"target": 7, "name": "click", "data": "Вика"}

        def __repr__(self) -> str:
            raise AssertionError("the message was formatted")

        __str__ = __format__ = __repr__  # type: ignore[assignment]

    sender = object.__new__(FletApp)
    sender._FletApp__send_queue = asyncio.Queue()  # type: ignore[attr-defined]
    sender.send_message(Message())  # type: ignore[arg-type]
    frame = sender._FletApp__send_queue.get_nowait()  # type: ignore[attr-defined]
    assert frame[:1] == b"\x00"
    assert msgpack.unpackb(frame[1:]) == [3, {"target": 7, "name": "click", "data": "Вика"}]
