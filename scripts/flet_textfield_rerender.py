"""Reproduce a Flet 1.0.5 trap (docs/FLET_FINDINGS.md): a ``TextField`` whose ``value`` is not
bound to state loses typed characters when its component re-renders.

Run: ``.venv/bin/python scripts/flet_textfield_rerender.py`` (Chromium at /usr/bin/chromium).
A component re-rendered by a 150 ms ticker holds two fields; Playwright types the same word
into each, a key every 120 ms. It prints what each field holds at the end and what its last
``on_change`` carried, and exits 1 if the trap no longer shows (the unbound field kept the
word). Seen here: the unbound field ends empty or with the last letter or two, and its last
``on_change`` carried just those; the bound one (``value=state``, ``on_change`` sets the
state) keeps the word.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import flet as ft

WORD = "абвгдежзиклмнопрст"


@ft.component
def Form() -> ft.Control:
    tick, set_tick = ft.use_state(0)
    bound, set_bound = ft.use_state("")
    got = ft.use_ref({"free": "", "bound": ""})

    async def ticker() -> None:
        n = 0
        while True:
            await asyncio.sleep(0.15)
            n += 1
            set_tick(n)

    def start() -> None:
        ft.context.page.run_task(ticker)

    ft.use_effect(start, [])

    def on_free(e: ft.Event[ft.TextField]) -> None:
        got.current["free"] = e.control.value

    def on_bound(e: ft.Event[ft.TextField]) -> None:
        got.current["bound"] = e.control.value
        set_bound(e.control.value)

    return ft.Column(
        [
            ft.Text(f"tick {tick}"),
            ft.Semantics(identifier="free", content=ft.TextField(label="free", on_change=on_free)),
            ft.Semantics(
                identifier="bound",
                content=ft.TextField(label="bound", value=bound, on_change=on_bound),
            ),
            ft.Semantics(
                identifier="got",
                content=ft.Text(f"free={got.current['free']}|bound={got.current['bound']}"),
            ),
        ]
    )


def serve(port: int) -> None:
    from companion.table.webserver import allowed_names, run_server

    run_server(
        lambda page: page.render(Form),
        host="127.0.0.1",
        port=port,
        names=allowed_names("127.0.0.1"),
    )


def drive() -> int:
    from playwright.sync_api import sync_playwright

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, FLET_WEB_NO_CDN="true", PYTHONPATH=str(root))
    srv = subprocess.Popen([sys.executable, __file__, "serve", str(port)], env=env)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            page = browser.new_page(viewport={"width": 390, "height": 844})
            page.goto(f"http://127.0.0.1:{port}/")
            page.wait_for_selector("flt-semantics-placeholder", state="attached", timeout=60_000)
            page.locator("flt-semantics-placeholder").dispatch_event("click")
            held = {}
            for ident in ("free", "bound"):
                box = page.locator(f'[flt-semantics-identifier="{ident}"] input').first
                box.click()
                box.press_sequentially(WORD, delay=120)
            page.wait_for_timeout(1500)  # let the last on_change arrive (a demo, not a test)
            for ident in ("free", "bound"):
                box = page.locator(f'[flt-semantics-identifier="{ident}"] input').first
                held[ident] = box.input_value()
            last = page.locator('[flt-semantics-identifier="got"]').first.text_content()
            browser.close()
    finally:
        srv.terminate()
        srv.wait(10)
    print(f"unbound field holds {held['free']!r}, bound field holds {held['bound']!r}")
    print(f"last on_change: {last}")
    return 0 if held["free"] != WORD and held["bound"] == WORD else 1


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:
        serve(int(sys.argv[2]))
    else:
        sys.exit(drive())
