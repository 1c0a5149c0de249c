"""Helpers for the security and table-mode tests: the real ``companion`` process on a
chosen port (restartable), fixtures with a saved game, a phone in Chromium."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from tests.ui.conftest import App, Frames, free_port

CODE = "24681012"


class Host:
    """``companion`` in a child process on a chosen port (restartable on the same port)."""

    def __init__(self, data_dir: Path, extra: list[str], port: int | None = None) -> None:
        self.data_dir = data_dir
        self.extra = extra
        self.port = port or free_port()
        self.https = "--https" in extra
        self.address = extra[extra.index("--host") + 1] if "--host" in extra else "127.0.0.1"
        scheme = "https" if self.https else "http"
        self.url = f"{scheme}://127.0.0.1:{self.port}"
        self.ws = f"{'wss' if self.https else 'ws'}://127.0.0.1:{self.port}/ws"
        self.origin = self.url
        self.log = data_dir.parent / f"server-{self.port}.log"
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env["FLET_WEB_NO_CDN"] = "true"
        self.data_dir.mkdir(parents=True, exist_ok=True)
        with open(self.log, "ab") as fh:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "companion",
                    "--port",
                    str(self.port),
                    "--data-dir",
                    str(self.data_dir),
                    "--no-browser",
                    *self.extra,
                ],
                env=env,
                stdout=fh,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text(errors='replace')}")
            try:
                with socket.create_connection((self.address, self.port), timeout=0.5):
                    return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("server did not open its port within 60 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)

    def restart(self, extra: list[str] | None = None) -> None:
        self.stop()
        if extra is not None:
            self.extra = extra
        self.start()

    def client_ssl(self) -> ssl.SSLContext | None:
        if not self.https:
            return None
        ctx = ssl.create_default_context(cafile=str(self.data_dir / "tls" / "cert.pem"))
        return ctx


def run(coro):
    """Run ``coro`` on a loop of its own thread (Playwright's sync API owns this thread's)."""
    out: dict = {}

    def target() -> None:
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as exc:  # re-raised in the test's thread
            out["error"] = exc

    t = threading.Thread(target=target)
    t.start()
    t.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


@contextlib.contextmanager
def lan_host_at(tmp_path: Path) -> Iterator[Host]:
    """``companion --lan`` (code :data:`CODE`) with one free-counters game, Аня at 3 VP."""
    from companion.store import GameStore

    data = tmp_path / "data"
    store = GameStore(data)
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    host = Host(data, ["--lan", "--host", "127.0.0.1", "--code", CODE])
    host.game_id = g.id
    try:
        yield host
    finally:
        host.stop()


@contextlib.contextmanager
def plain_host_at(tmp_path: Path) -> Iterator[Host]:
    """Plain ``companion`` (127.0.0.1, no code) with one new free-counters game."""
    from companion.store import GameStore

    data = tmp_path / "data"
    g = GameStore(data).create("free", ["Аня", "Борис"], first_player=0)
    host = Host(data, [])
    host.game_id = g.id
    try:
        yield host
    finally:
        host.stop()


class Phone(App):
    """An :class:`App` on a :class:`Host` (maybe https, certificate accepted by the user): a
    page of the shared persistent context when it is free (its HTTP cache and compiled code:
    :meth:`tests.conftest.Chromium.shared_page`), else, and on https or another address
    (``url``), a context of its own."""

    def __init__(self, chromium, host: Host, https: bool = False, url: str = "") -> None:
        self.base = url or host.url
        if not https and not url:
            super().__init__(chromium, host)  # type: ignore[arg-type]  # .url is all it reads
            self.page.set_default_timeout(30_000)
            return
        self.server = host
        self.context = chromium.new_context(
            viewport={"width": 390, "height": 844}, ignore_https_errors=https
        )
        self.corner = (-10, -10)
        self.blocked = []
        self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.frames = Frames(self.page)

    def open(self, path: str = "/") -> Phone:
        self.page.goto(self.base + path)
        self.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.wait_for_selector("flt-semantics", state="attached")
        return self


def join(phone: Phone, role: str = "player", name: str = "Аня") -> None:
    phone.open("/")
    phone.fill("join-code", CODE)  # typed once: a key the join form lost would fail here
    phone.fill("join-name", name)
    phone.wait_label("join", f"Войти как {name}")
    if role == "spectator":
        phone.page.get_by_role("radio", name="Зритель").click()
    phone.tap("join")
    phone.el("new-game").wait_for()
