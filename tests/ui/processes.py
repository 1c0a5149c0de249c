"""The test servers' processes and what a page receives from them: ``companion --port P
--data-dir D`` in a child process (:class:`Server`), ports never handed out twice in a run
(:func:`free_port`), the websocket messages a page got (:class:`Frames`) and a wait for drawn
frames (:func:`drawn`). Imported by ``tests/ui/conftest.py``, which the tests import them
from."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.ui.conftest import App

ROOT = Path(__file__).resolve().parents[2]

#: Ports handed out in this run: the shared browser context keeps each server's files in its
#: HTTP cache by address, so no later server (maybe another program) may get the same port.
_USED_PORTS: set[int] = set()


def free_port() -> int:
    """A free TCP port on 127.0.0.1 not handed out before in this run."""
    while True:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port not in _USED_PORTS:
            _USED_PORTS.add(port)
            return port


class Server:
    """``companion --port P --data-dir D`` in a child process, stopped by PID."""

    def __init__(
        self, data_dir: Path, extra: list[str] | None = None, env: dict[str, str] | None = None
    ) -> None:
        """``extra``: more command-line arguments; ``env``: more environment variables (the
        app's test hooks, e.g. ``COMPANION_AWAKE_DELAY``)."""
        self.data_dir = data_dir
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {
            **{k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")},
            **(env or {}),
        }
        env["FLET_WEB_NO_CDN"] = "true"
        data_dir.mkdir(parents=True, exist_ok=True)
        self.log = data_dir.parent / "server.log"  # read it when a test fails
        self._log_fh = open(self.log, "wb")  # noqa: SIM115 - open for the server's life
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion",
                "--port",
                str(self.port),
                "--data-dir",
                str(data_dir),
                # the robot taps faster than a person: no settle window unless a test sets one
                *([] if "--settle-seconds" in (extra or []) else ["--settle-seconds", "0"]),
                *(extra or []),
            ],
            env=env,
            stdout=self._log_fh,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text(errors='replace')}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("server did not open its port within 60 s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self._log_fh.close()


class Frames:
    """Every websocket message the server sends a page, kept in arrival order: a test waits for
    the message that carries a change (:meth:`wait_for`) instead of for a fixed time, also on a
    page without the accessibility tree. Make it before the page loads the app."""

    def __init__(self, page) -> None:
        self.page = page
        self.received: list[bytes] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._add))

    def _add(self, payload: bytes | str) -> None:
        self.received.append(payload if isinstance(payload, bytes) else payload.encode())

    def wait_for(self, text: str, after: int = 0, timeout: float = 20.0) -> int:
        """Wait until a message after the first ``after`` ones holds ``text`` (UTF-8, as Flet's
        msgpack patches carry strings), then until the page has drawn two animation frames (the
        one that builds the change and the one after); returns the number of messages so far."""
        want = text.encode()
        deadline = time.monotonic() + timeout
        while not any(want in m for m in self.received[after:]):
            if time.monotonic() > deadline:
                raise AssertionError(f"no message with {text!r} within {timeout} s")
            self.page.wait_for_timeout(50)  # lets Playwright deliver the page's events
        drawn(self.page)
        return len(self.received)


def drawn(page) -> None:
    """Wait until the page has drawn two more animation frames (Flutter draws on them)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


@contextlib.contextmanager
def module_app(browser, module: str, timeout: float = 90) -> Iterator[App]:
    """``python -m <module> PORT`` (a bare Flet app: the benchmarks' floors) in a child
    process of its own session, and a phone-sized page open on it once it answers (retried
    until ``timeout`` s); the page is closed and the process group stopped on exit."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["FLET_WEB_NO_CDN"] = "true"
    proc = subprocess.Popen(
        [sys.executable, "-m", module, str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    from tests.ui.conftest import App  # noqa: PLC0415 - conftest imports this module

    try:

        class _Srv:
            url = f"http://127.0.0.1:{port}"

        deadline = time.monotonic() + timeout
        while True:
            app = App(browser, _Srv())  # type: ignore[arg-type]  # only .url is used
            try:
                app.open("/")
                break
            except Exception:
                app.close()
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        try:
            yield app
        finally:
            app.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
