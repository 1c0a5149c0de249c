"""Table mode played in this process (the real app on real Flet sessions behind one
:class:`~companion.table.gate.LanGate`, :mod:`tests.ui.walk`; no browser): two players' phones on
one game, a spectator who changes nothing, the lock against accidental taps. The real
websocket, the join code's lockout, reconnects and what fits a phone stay in Chromium
(:mod:`tests.ui.test_lan`, :mod:`tests.ui.test_lan_rejoin`)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.store import GameStore
from companion.table import gate as lan_module
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.walk import Phone, game_of, join, table_main

#: refusals and notices stay while the walkthrough reads them (tests/ui/conftest.py)
pytestmark = pytest.mark.usefixtures("lasting_messages")


class Table:
    """A table-mode host in this process: its hub (no settle window, as the suite's servers),
    its entry (:func:`~tests.ui.walk.table_main`), and one free game where Аня has 3 VP (one
    event)."""

    def __init__(self, data: Any) -> None:
        self.hub = Hub(GameStore(data), settle=0)
        self.main = table_main(self.hub)
        g = self.hub.create("free", ["Аня", "Борис"], first_player=0)
        self.hub.push(g.id, "counter.add", {"player": 0, "counter": "ПО", "delta": 3})
        self.gid = g.id

    async def join(self, name: str = "", role: str = "player", game: bool = True) -> Phone:
        """A phone joined as ``name`` in ``role``: on the home screen, or (``game``) on the
        game, showing Аня's 3 VP."""
        phone = await join(self.hub, self.main, name, role)
        if game:
            await phone.tap(f"saved-{self.gid}")
            await phone.wait("val-p0-c0", "3", exact=True)
        return phone

    def events(self) -> list[Any]:
        return list(game_of(self.hub, self.gid).events)


@pytest.fixture
def table(tmp_path, monkeypatch) -> Table:
    monkeypatch.setattr(lan_module, "READ_TOKEN_SECONDS", 0.05)  # no browser here to answer
    return Table(tmp_path / "data")


async def _two_phones(table: Table) -> None:
    anna = await table.join("Аня")
    boris = await table.join("Борис")
    await anna.tap("val-p0-c0-plus")
    await boris.wait("val-p0-c0", "4", exact=True)  # no reload on Борис's phone
    await boris.tap("val-p1-c0-plus")
    await anna.wait("val-p1-c0", "1", exact=True)
    await anna.tap("undo")  # undoes the latest event of the game, whoever made it
    await anna.wait("notice", "Борис")
    await boris.wait("val-p1-c0", "0", exact=True)
    assert [(e.type, e.author) for e in table.events()][-1] == ("counter.add", "Аня")


def test_a_change_on_one_phone_appears_on_the_other(table):
    """Table mode: Аня's «+» shows on Борис's phone and his on hers; «Отменить» takes back the
    game's latest move whoever made it (the notice names Борис), and each move is signed
    with the name its phone joined with."""
    rt.run(_two_phones(table))


async def _spectator(table: Table) -> None:
    viewer = await table.join(role="spectator", game=False)
    assert not viewer.tappable("new-game")  # disabled for spectators: nothing opens
    await viewer.tap(f"saved-{table.gid}")
    await viewer.wait("val-p0-c0", "3", exact=True)
    assert not viewer.has("start-game")
    await viewer.tap("val-p0-c0-plus")
    await viewer.wait("error", "зритель")
    await viewer.tap("undo")
    assert len(table.events()) == 1
    await viewer.tap("open-log")
    await viewer.wait("back-to-game", "")
    assert len(table.events()) == 1
    await viewer.tap("back-to-game")
    await viewer.wait("val-p0-c0", "3", exact=True)


def test_spectator_cannot_change_anything(table):
    """Table mode, «Зритель»: no new game, a «+» refused naming the role, «Отменить» takes
    nothing back; the journal and the board still open."""
    rt.run(_spectator(table))


async def _lock(table: Table) -> None:
    phone = await table.join()
    await phone.tap("lock")
    await phone.wait("lock", "Экран заблокирован")  # said in Russian (was «lock-on»)
    await phone.tap("val-p0-c0-plus")
    await phone.wait("error", "заблокирован")
    assert len(table.events()) == 1
    await phone.wait("val-p0-c0", "3", exact=True)
    await phone.tap("lock")
    await phone.wait("lock", "Заблокировать от случайных нажатий")
    await phone.tap("val-p0-c0-plus")
    await phone.wait("val-p0-c0", "4", exact=True)
    assert len(table.events()) == 2


def test_lock_stops_accidental_taps(table):
    """Table mode: the lock refuses a «+» saying the screen is locked, nothing is saved; lifted,
    the same tap counts."""
    rt.run(_lock(table))
