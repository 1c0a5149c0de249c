"""A data folder that refuses writes (read-only, or full): Russian banners, nothing else.

A real tmpfs is mounted as the data folder, then remounted read-only or filled up while the
app runs; the screens that save (home: delete, new game, settings) say what failed, in
Russian, and never show Flet's «Error running app».
"""

from __future__ import annotations

import json
import subprocess

import pytest

from companion.store import GameStore
from tests.ui.conftest import App, Server


def no_flet_error(app: App) -> None:
    text = app.page.evaluate(
        "() => document.body.innerText + Array.from(document.querySelectorAll('[aria-label]'))"
        ".map(e => e.getAttribute('aria-label')).join(' ')"
    )
    assert "Error running app" not in text and "encountered an error" not in text


def start_a_game(app: App) -> str:
    """Fill the new-game form and tap «Начать игру» at once; returns the banner it shows.

    The tap reads the names as typed, however soon it follows them (``widgets.use_form``;
    docs/FLET_FINDINGS.md): a refusal for a missing name would be a regression."""
    app.tap("new-game")
    app.choose("game-choice", "Свободный счёт")
    app.fill("player-name-0", "Аня")
    app.fill("player-name-1", "Борис")
    app.tap("start-game")
    app.wait_label("error", "")
    label = app.label("error")
    assert "имя" not in label, label
    return label
    return label


@pytest.mark.parametrize("how", ["read-only", "full"])
def test_save_failures_are_russian_banners(browser, small_disk, how):
    data = small_disk
    gid = GameStore(data).create("free", ["Аня", "Борис"], first_player=0).id
    (data / "settings.json").write_text('{"theme": "system"}')
    srv = Server(data, [])
    app = App(browser, srv)
    try:
        app.open("/")
        app.el(f"saved-{gid}").wait_for()
        if how == "read-only":
            subprocess.run(["mount", "-o", "remount,bind,ro", str(small_disk)], check=True)
        else:
            with open(small_disk / "filler", "wb") as fh, pytest.raises(OSError):
                while True:
                    fh.write(b"\0" * 65536)
                    fh.flush()
        # settings: the theme is not saved, and the screen says so
        app.tap("open-settings")
        app.page.get_by_role("radio", name="Тёмная").click()
        app.unhover()
        app.wait_label("error", "Тема не сохранена")
        no_flet_error(app)
        app.tap("home")
        # new game: refused with the store's sentence
        label = start_a_game(app)
        assert any(w in label for w in ("диск", "запис", "мест", "сохран")), label
        assert app.page.locator('[flt-semantics-identifier="val-p0-c0"]').count() == 0
        no_flet_error(app)
        app.page.goto(srv.url + "/")
        app.open("/")
        # home: deleting fails with a banner, the game stays
        if how == "read-only":
            app.tap(f"delete-{gid}")
            app.tap("delete-yes")
            app.wait_label("error", "")
            assert "удал" in app.label("error").lower()
            app.el(f"saved-{gid}").wait_for()
        no_flet_error(app)
    finally:
        app.close()
        srv.stop()
    assert json.loads((data / "settings.json").read_text())["theme"] == "system"
    assert list((data / "games").glob(f"{gid}*"))  # the game was not lost
    assert not (data / "trash").exists() or how == "full"
