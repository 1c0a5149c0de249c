"""Issue #30: the app's name was English («Table Companion») on the home screen, the tab and
the installed icon. The home screen and the page's title say «Настольный компаньон» (the tab
and the manifest are read in Chromium and on the served files: ``tests/phone/
test_phone_build.py``, ``tests/security/test_webapp.py``). In-process, no browser."""

from __future__ import annotations

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


async def _home(data) -> tuple[str, list[str]]:
    session = await rt.open_app(make_main(Hub(GameStore(data))), "/", (390, 844))
    shown = rt.shown_ids(session)
    texts = [
        c.value
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and id(c) in shown and isinstance(c.value, str)
    ]
    return session.page.title, texts


def test_the_home_screen_and_the_tab_say_the_russian_name(tmp_path):
    title, texts = rt.run(_home(tmp_path))
    assert title == "Настольный компаньон"
    assert "Настольный компаньон" in texts, texts
    assert not any("Table Companion" in t for t in texts), texts
