"""A spectator changes nothing shared, whatever its client sends.

Each test joins as «Зритель» with a raw websocket client and sends the messages the app's
own client would send for a player (clicks on controls a spectator has, or has disabled,
route changes to screens it should not use) — and checks the host's files afterwards.

The tests share one host (:func:`tests.security.conftest.module_lan_host`): each joins with
the right code only, and checks the files its own clicks could change against what they held
before it.
"""

from __future__ import annotations

import json

import pytest

from benchmarks._flet_client import FletClient
from companion.rules.house import HOUSE_FILE, add_ruling, list_rulings
from companion.store import GameStore
from tests.security.hosts import CODE, run


@pytest.fixture
def lan_host(module_lan_host):
    return module_lan_host


async def join(host, role: str, route: str = "/", *, arrived: str | None = None) -> FletClient:
    """A raw client let in as ``role`` on ``route``; with ``arrived``, returned once the
    control tagged ``arrived`` (one only that screen shows) has come, else after the server
    has gone quiet."""
    c = await FletClient.open(host.ws, host.origin, route=route)
    await c.type_into("join-code", CODE)
    group = await c.wait_for("join-role")
    await c.props(group["_i"], {"value": role})
    await c.event(group, "change", role)
    await c.settle()  # the role change sends nothing back: no signal to wait for
    await c.event(await c.wait_for("join"), "click")
    if arrived is None:
        await c.settle()
    else:
        await c.wait_for(arrived)
    return c


def games(host) -> list[str]:
    return sorted(s.id for s in GameStore(host.data_dir).list())


def test_a_spectator_cannot_start_a_game(lan_host):
    before = games(lan_host)

    async def main() -> None:
        c = await join(lan_host, "spectator")
        await c.event(await c.wait_for("new-game"), "click")  # disabled, clicked anyway
        error = await c.wait_for("open-error")
        assert "только игрок" in error["value"]
        assert c.find("start-game") is None
        await c.close()
        c = await join(lan_host, "spectator", route="/new")  # straight to the route
        await c.wait_for("open-error")
        assert c.find("start-game") is None and c.find("game-choice") is None
        await c.close()

    run(main())
    assert games(lan_host) == before


def test_only_players_see_the_join_code_and_delete_buttons(lan_host):
    gid = lan_host.game_id

    async def main() -> None:
        viewer = await join(lan_host, "spectator")
        await viewer.wait_for(f"saved-{gid}")
        await viewer.settle()
        assert viewer.find("lan-code") is None and viewer.find(f"delete-{gid}") is None
        assert CODE not in viewer.texts() and "2468 1012" not in viewer.texts()
        player = await join(lan_host, "player")
        assert "2468 1012" in (await player.wait_for("lan-code"))["value"]
        await player.wait_for(f"delete-{gid}")
        await viewer.close()
        await player.close()

    run(main())


def test_a_spectator_cannot_change_the_shared_settings(lan_host):
    settings = lan_host.data_dir / "settings.json"
    before = settings.read_bytes() if settings.exists() else None

    async def main() -> None:
        viewer = await join(lan_host, "spectator", route="/settings")
        theme = await viewer.wait_for("theme")
        await viewer.props(theme["_i"], {"value": "dark"})
        await viewer.event(theme, "change", "dark")
        await viewer.settle()
        # its own screen only: the host's file is as it was
        assert (settings.read_bytes() if settings.exists() else None) == before
        await viewer.wait_for("theme-local")
        player = await join(lan_host, "player", route="/settings")
        theme = await player.wait_for("theme")
        await player.props(theme["_i"], {"value": "light"})
        await player.event(theme, "change", "light")
        await player.settle()
        await viewer.close()
        await player.close()

    run(main())
    assert json.loads(settings.read_text())["theme"] == "light"  # a player's choice is saved


def test_a_spectator_cannot_add_or_delete_house_rulings(lan_host):
    path = lan_host.data_dir / HOUSE_FILE
    rid = add_ruling("Ничья", "Делим поровну", "smash_up", path=path)
    before = [r["title"] for r in list_rulings(path=path)]

    async def main() -> None:
        c = await join(lan_host, "spectator", route="/rules")
        await c.event(await c.wait_for("house-open"), "click")
        await c.type_into("house-title", "Своё правило")
        await c.type_into("house-text", "Зритель его придумал")
        await c.settle()
        await c.event(await c.wait_for("house-save"), "click")
        await c.settle()
        await c.wait_for("error")
        assert "зритель" in c.texts()
        await c.event(await c.wait_for(f"house-del-{rid}"), "click")
        await c.settle()
        await c.close()

    run(main())
    assert before == ["Ничья"] and [r["title"] for r in list_rulings(path=path)] == before


def test_a_spectator_cannot_write_exports_on_the_host(lan_host):
    exports = lan_host.data_dir / "exports"
    before = sorted(exports.iterdir()) if exports.exists() else []

    async def main() -> None:
        c = await join(lan_host, "spectator", route=f"/game/{lan_host.game_id}/log")
        await c.event(await c.wait_for("export-json"), "click")
        await c.event(await c.wait_for("export-text"), "click")
        await c.settle()
        await c.close()

    run(main())
    assert (sorted(exports.iterdir()) if exports.exists() else []) == before

    async def player() -> None:  # the same clicks from a player do write the host's copy
        c = await join(lan_host, "player", route=f"/game/{lan_host.game_id}/log")
        await c.event(await c.wait_for("export-json"), "click")
        await c.settle()
        await c.close()

    run(player())
    assert sorted(exports.iterdir()) != before


def test_a_spectator_cannot_move_undo_or_finish_the_game(lan_host):
    gid = lan_host.game_id
    before = GameStore(lan_host.data_dir).open(gid, readonly=True).game

    async def main() -> None:
        c = await join(lan_host, "spectator", route=f"/game/{gid}")
        await c.event(await c.wait_for("val-p0-c0-plus"), "click")
        await c.event(await c.wait_for("undo"), "click")
        await c.event(await c.wait_for("end-game"), "click")  # finishing the game
        await c.settle()
        await c.close()

    run(main())
    after = GameStore(lan_host.data_dir).open(gid).game
    assert len(before.events) == 1 and after.events == before.events
