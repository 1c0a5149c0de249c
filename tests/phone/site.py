"""The offline web app under test: built once (``scripts/build_web.sh``), served by
``python3 -m http.server`` on 127.0.0.1, opened in Chromium as a phone. Also used by
``benchmarks/bench_phone.py``."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from tests.ui.conftest import App, free_port

ROOT = Path(__file__).resolve().parents[2]

#: How many change lines («push» records) the games' logs hold in the page's IndexedDB (the
#: data folder's copy that survives a reload): IDBFS keeps each file as ``{contents}`` under its
#: path in the object store ``FILE_DATA`` of the database named after the mount point.
IDB_PUSHES = """async () => await new Promise((resolve, reject) => {
  const open = indexedDB.open("/data");
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains("FILE_DATA")) { db.close(); resolve(0); return; }
    let pushes = 0;
    const cursor = db.transaction("FILE_DATA").objectStore("FILE_DATA").openCursor();
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) { db.close(); resolve(pushes); return; }
      if (String(c.key).endsWith(".log") && c.value.contents) {
        const text = new TextDecoder().decode(c.value.contents);
        pushes += text.split("\\n").filter((l) => l.includes('"op":"push"')).length;
      }
      c.continue();
    };
  };
})"""


def site_sizes(site: Path) -> tuple[int, int]:
    """(bytes on disk without the .gz copies, bytes a first visit transfers compressed): every
    file once (the service worker stores the whole site), at its ``.gz`` copy's size where the
    build wrote one (a host serving pre-compressed files)."""
    disk = transfer = 0
    for path in site.rglob("*"):
        if not path.is_file() or path.suffix == ".gz" and path.name != "app.tar.gz":
            continue
        disk += path.stat().st_size
        gz = path.with_name(path.name + ".gz")
        transfer += (gz if gz.exists() else path).stat().st_size
    return disk, transfer


def build(out: Path) -> Path:
    """Build the site into ``out`` with the project's own script; returns ``out``."""
    subprocess.run(["bash", str(ROOT / "scripts" / "build_web.sh"), str(out)], check=True)
    return out


class StaticServer:
    """``python3 -m http.server`` on 127.0.0.1 serving ``site``; :meth:`stop` ends it."""

    def __init__(self, site: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1"],
            cwd=site,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("http.server did not open its port") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(10)


def wait_app(app: App, timeout: float = 120_000) -> None:
    """Wait until the loading screen is gone (the app drew its first page), then turn on
    Flutter's accessibility tree as :meth:`App.open` does."""
    app.page.wait_for_function("() => window.tcLoaded", timeout=timeout, polling=100)
    app.page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=timeout)
    app.page.locator("flt-semantics-placeholder").dispatch_event("click")
    app.page.wait_for_selector("flt-semantics", state="attached")


def open_site(app: App, path: str = "/") -> None:
    app.page.goto(app.server.url + path, wait_until="commit")  # the app signals when ready
    wait_app(app)


def wait_pushes(app: App, n: int, timeout: float = 15_000) -> None:
    """Wait until the browser's storage holds ``n`` change lines."""
    app.page.wait_for_function(
        f"async () => (await ({IDB_PUSHES})()) >= {n}", timeout=timeout, polling=100
    )


def wait_offline_ready(app: App, timeout: float = 120_000) -> None:
    """Wait until the site's service worker is active (every file cached) and controls the
    page."""
    app.page.wait_for_function(
        "async () => { await navigator.serviceWorker.ready;"
        " return !!navigator.serviceWorker.controller; }",
        timeout=timeout,
        polling=200,
    )
