"""Two phones on one game press the primary action at once: the game moves on once (README,
«Playing a game with it»; issue 14). In-process, the real app on real Flet sessions sharing one
hub (:mod:`tests.ui.render_tree`), with the race the browser can produce made deterministic:
the second phone's tap was made on its old screen but reaches the host only after the host
has already drawn that phone the first phone's move."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _munchkin(hub: Hub) -> str:
    return hub.create("munchkin", ["Аня", "Борис", "Вика"], first_player=0).id


def _free(hub: Hub) -> str:
    options = {"counters": [{"name": "ПО", "step": 1, "start": 0}]}
    return hub.create("free", ["Аня", "Борис", "Вика"], first_player=0, options=options).id


def _coup(hub: Hub) -> str:
    gid = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0).id
    hub.push(gid, "coup.declare", {"player": 0, "action": "tax", "target": None})
    return gid  # «Кто-то оспаривает?»: «Никто» is the primary action


def _smashup(hub: Hub) -> str:
    decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Зомби", "Плюшевые мишки"]]
    options = {"edition": "bbrr", "madness": False, "draft": False, "factions": decks}
    gid = hub.create("smashup", ["Аня", "Борис", "Вика"], first_player=0, options=options).id
    for i in range(4):
        card = {"name": f"База {i + 1}", "breakpoint": 15 + i, "vp": [3, 2, 1]}
        hub.push(gid, "base.add", {"base_card": card})
    hub.push(gid, "game.start")
    return gid  # «Дальше» through the phases


def _smashup_end_of_turn(hub: Hub) -> str:
    gid = _smashup(hub)
    hub.push(gid, "phase.next")
    return gid  # «Играй карты»: «Закончить ход» passes the empty phases in one move


def _ricks(hub: Hub) -> str:
    options = {"actions": {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3}}
    gid = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=options).id
    hub.push(gid, "round.draw")
    for _ in range(3):
        hub.push(gid, "turn.end")
    return gid  # the charge phase, step А: «Готово» is the primary action


async def _both_press(data, make: Callable[[Hub], str]) -> tuple[int, int]:
    hub = Hub(GameStore(data))
    gid = make(hub)
    main = make_main(hub)
    first = await rt.open_app(main, f"/game/{gid}")
    second = await rt.open_app(main, f"/game/{gid}")
    seen = rt.tappables(second)["primary-action"]  # the button on the second phone's screen
    before = hub.revision(gid)
    await rt.tap(first, rt.tappables(first)["primary-action"])
    await rt.quiet(second)  # the host draws the second phone the first phone's move…
    from flet.controls.context import _context_page

    _context_page.set(second.page)
    await second.dispatch_event(seen._i, "click", None)  # …then its tap on the old one arrives
    await rt.quiet(second)
    return before, hub.revision(gid)


@pytest.mark.parametrize("make", [_munchkin, _free, _coup, _ricks, _smashup, _smashup_end_of_turn])
def test_two_phones_pressing_the_primary_action_at_once_move_the_game_once(tmp_path, make: Any):
    before, after = rt.run(_both_press(tmp_path, make))
    assert after == before + 1
