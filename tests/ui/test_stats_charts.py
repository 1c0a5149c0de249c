"""The statistics screen's charts, in-process (:mod:`tests.ui.render_tree`): the wins chart and
the play-time chart are drawn from the finished games, each with the label a screen reader
says (the numbers the bars and the line show)."""

from __future__ import annotations

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _finished(store: GameStore, winner: int) -> None:
    stored = store.create("free", ["Аня", "Борис"], first_player=0)
    stored.push("counter.add", {"player": winner, "counter": "ПО", "delta": 3})
    stored.push("game.end")
    stored.close()


async def _labels(data) -> dict[str, str]:
    store = GameStore(data)
    for winner in (0, 1, 0):
        _finished(store, winner)
    session = await rt.open_app(make_main(Hub(store)), "/stats")
    return {
        c.identifier: c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier in ("wins-chart", "durations-chart")
    }


def test_wins_and_play_time_charts_say_what_they_show(tmp_path):
    labels = rt.run(_labels(tmp_path))
    assert labels["wins-chart"] == "Победы по игрокам: Аня 2, Борис 1", labels
    assert labels["durations-chart"].startswith("Длительность партий, минут: "), labels
    assert len(labels["durations-chart"].split(": ")[1].split(", ")) == 3, labels
