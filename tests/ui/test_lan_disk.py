"""A data folder that refuses writes (read-only, or full): Russian banners, nothing else.

A real tmpfs is mounted as the data folder, then remounted read-only or filled up while the
app runs (in this process, :mod:`tests.ui.walk`: the real app on a real Flet session); the
screens that save (home: delete, new game, settings) say what failed, in Russian, and the
session never crashes (the browser would show Flet's «Error running app»).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from companion.store import GameStore
from tests.ui import render_tree as rt
from tests.ui.walk import Phone, new_hub

pytestmark = pytest.mark.usefixtures("lasting_messages")


async def start_a_game(phone: Phone) -> str:
    """Fill the new-game form and tap «Начать игру» at once; returns the banner it shows.

    The tap reads the names as typed, however soon it follows them (``widgets.use_form``;
    docs/FLET_FINDINGS.md): a refusal for a missing name would be a regression."""
    await phone.tap("new-game")
    await phone.choose("game-choice", "free")
    await phone.type("player-name-0", "Аня")
    await phone.type("player-name-1", "Борис")
    await phone.tap("start-game")
    await phone.wait("error", "")
    label = phone.says("error")
    assert "имя" not in label, label
    return label


async def _refused(data: Path, gid: str, how: str) -> None:
    hub = new_hub(data)
    phone = await Phone.open(hub, "/")
    await phone.wait(f"saved-{gid}", "")
    if how == "read-only":
        subprocess.run(["mount", "-o", "remount,bind,ro", str(data)], check=True)
    else:
        with open(data / "filler", "wb") as fh, pytest.raises(OSError):
            while True:
                fh.write(b"\0" * 65536)
                fh.flush()
    # settings: the theme is not saved, and the screen says so
    await phone.tap("open-settings")
    await phone.pick_radio("dark")
    await phone.wait("error", "Тема не сохранена")
    assert phone.crashes == []
    await phone.tap("home")
    # new game: refused with the store's sentence
    label = await start_a_game(phone)
    assert any(w in label for w in ("диск", "запис", "мест", "сохран")), label
    assert not phone.has("val-p0-c0")
    assert phone.crashes == []
    # home, opened afresh: deleting fails with a banner, the game stays
    home = await Phone.open(hub, "/")
    if how == "read-only":
        await home.tap(f"delete-{gid}")
        await home.tap("delete-yes")
        await home.wait("error", "")
        assert "удал" in home.says("error").lower()
        assert home.has(f"saved-{gid}")
    assert home.crashes == []


@pytest.mark.parametrize("how", ["read-only", "full"])
def test_save_failures_are_russian_banners(small_disk, how):
    data = small_disk
    gid = GameStore(data).create("free", ["Аня", "Борис"], first_player=0).id
    (data / "settings.json").write_text('{"theme": "system"}')
    rt.run(_refused(data, gid, how))
    assert json.loads((data / "settings.json").read_text())["theme"] == "system"
    assert list((data / "games").glob(f"{gid}*"))  # the game was not lost
    assert not (data / "trash").exists() or how == "full"
