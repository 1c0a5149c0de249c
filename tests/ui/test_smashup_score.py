"""Smash Up's scoring dialog says why a player gets nothing (in-process, the real app on a real
Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_munchkin_forms import _label_in_dialog


async def _preview(data) -> list[str]:
    hub = Hub(GameStore(data))
    decks = [["Котики", "Феи"], ["Принцессы", "Волшебные пони"], ["Бабульки", "Рокеры"]]
    options = {"edition": "mimimi", "madness": False, "draft": False, "factions": decks}
    gid = hub.create("smashup", ["Аня", "Борис", "Вика"], first_player=0, options=options).id
    for i in range(4):
        card = {"name": f"База {i + 1}", "breakpoint": 10, "vp": [3, 2, 1]}
        hub.push(gid, "base.add", {"base_card": card})
    hub.push(gid, "game.start")
    hub.push(gid, "base.adjust", {"base": 0, "player": 0, "power": 6, "minions": 2})
    hub.push(gid, "base.adjust", {"base": 0, "player": 1, "power": 4})  # power, no minion
    hub.push(gid, "phase.next")
    hub.push(gid, "phase.next")  # «Проверь базы»: base 1 is ready (10/10)
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await rt.tap(session, rt.tappables(session)["score-0"])
    await rt.quiet(session)
    return [_label_in_dialog(session, f"preview-p{i}") for i in range(3)]


def test_the_scoring_dialog_says_why_a_player_scores_nothing(tmp_path):
    """«Раздача очков» in «Мимими»: only a player with a minion on the base takes part — Борис's
    4 power alone gets «— нет приспешников», not a bare «—» (play-test); Вика had nothing."""
    anya, boris, vika = rt.run(_preview(tmp_path))
    assert anya == "Аня +3"
    assert boris == "Борис — нет приспешников"
    assert vika == "Вика — нет ни силы, ни приспешников"
