"""A spectator changes nothing on the host, whatever it taps (issue 33, finding 4).

A raw websocket client joins as «Зритель» and, on every screen, sends a click (and a change
where the control takes one) to every control the server sent it with a handler — including
the Smash Up bases catalogue's «Убрать» — then the host's data folder is compared byte for
byte with what it was before.
"""

from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

import pytest

from benchmarks._flet_client import FletClient
from companion.rules.house import HOUSE_FILE, add_ruling
from companion.store import GameStore
from companion.store.bases import BaseCatalogue
from tests.security.hosts import lan_host_at, run
from tests.security.test_roles import join

HANDLERS = ("on_click", "on_change", "on_submit", "on_long_press", "on_tap")


def snapshot(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        # history-cache.json: results derived from the game files, rebuilt when missing (any
        # session reading «История» may write it); it holds nothing the table decided
        if p.is_file() and p.name not in {"device-key", "history-cache.json"}
    }


async def tap_everything(c: FletClient) -> int:
    """Send every handler event to every control with one, then wait for the server's first
    answer and until it has gone quiet (what the taps opened has come); how many were sent."""
    c.changed.clear()
    sent = 0
    for control in list(c.controls.values()):
        for handler in HANDLERS:
            if control.get(handler):
                name = handler.removeprefix("on_")
                data = "Ничья" if name in ("change", "submit") else None
                await c.event(control["_i"], name, data)
                sent += 1
    await asyncio.wait_for(c.changed.wait(), 15)  # every round's taps change something
    await c.settle()
    return sent


@pytest.fixture(scope="module")
def smashup_host(tmp_path_factory):
    """One host for the module: both tests join as spectators only and compare the data
    folder with what it held before them."""
    with lan_host_at(tmp_path_factory.mktemp("walk")) as host:
        data = host.data_dir
        BaseCatalogue(data).remember({"name": "Древний храм", "breakpoint": 20, "vp": [3, 2, 1]})
        decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"]]
        stored = GameStore(data).create(
            "smashup", ["Аня", "Борис"], first_player=0, options={"factions": decks}
        )
        stored.close()
        host.smashup_id = stored.id
        add_ruling("Ничья", "Делим поровну", "smash_up", path=data / HOUSE_FILE)
        yield host


def test_a_spectator_cannot_forget_a_catalogue_base(smashup_host):
    """The finding: type «Древний» in the new base's name, tap its trash button, then
    «Убрать» — the host's catalogue lost the entry. Now the spectator is told why not."""
    before = snapshot(smashup_host.data_dir)

    async def main() -> None:
        c = await join(smashup_host, "spectator", route=f"/game/{smashup_host.smashup_id}")
        await c.type_into("new-base-name", "Древний")
        await c.settle()
        await c.event(await c.wait_for("new-base-forget-0"), "click")
        await c.event(await c.wait_for("forget-confirm"), "click")
        await c.wait_string("зритель", part=True)
        await c.close()

    run(main())
    assert BaseCatalogue(smashup_host.data_dir).get("Древний храм") is not None
    assert snapshot(smashup_host.data_dir) == before


def test_every_handler_on_every_screen_as_a_spectator_writes_nothing(smashup_host):
    host = smashup_host
    # each screen's route and a control only it shows, sent with the rest of the screen: the
    # walk taps once that has come (the saved games' list on «/», the game's last counter)
    routes = {
        "/": f"saved-{host.smashup_id}",
        "/new": "open-error",
        "/settings": "theme-local",
        "/rules": "rules-query",
        "/history": "history-count",
        "/stats": "stats-game",
        "/nights": "screen-nights",
        "/players": "export-csv",
        f"/game/{host.game_id}": "val-p1-c0-plus",
        f"/game/{host.game_id}/log": "log-1",
        f"/game/{host.smashup_id}": "deck-p1",
        f"/game/{host.smashup_id}/log": "log-empty",
    }
    before = snapshot(host.data_dir)

    async def main() -> int:
        sent = 0
        for route, arrived in routes.items():
            c = await join(host, "spectator", route=route, arrived=arrived)
            for _round in range(2):  # a click can open a dialog or a form: tap what it showed
                sent += await tap_everything(c)
            await c.close()
        return sent

    sent = run(main())
    assert sent > 450  # 511–547 measured: a walk that misses screens or dialogs sends fewer
    assert snapshot(host.data_dir) == before
