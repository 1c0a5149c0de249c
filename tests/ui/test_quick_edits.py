"""Edits that reach the server faster than the screen re-renders are all kept.

Flet's web server starts one task per message from the browser, and a handler runs with the
values of the screen's last render. Names typed in a row and «Начать игру» tapped right
after them (a fast thumb, or a host busy with other phones) used to act on one render's copy
of the form: the second name undid the first, and the game was refused or started with
empty names. Here the browser's own messages are replayed the same way — each field's
``value`` patch and its ``change`` event, then the click, each event in a task of its own,
with no re-render in between — on the real app in this process (:mod:`tests.ui.render_tree`).
"""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import msgpack
import pytest

from companion.engine.smashup import CHECK
from companion.rules import list_rulings
from companion.rules.house import HOUSE_FILE
from companion.store import GameStore
from companion.table import gate as lan
from companion.table.gate import LanGate
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _type(session: Any, ident: str, text: str) -> asyncio.Task:
    """What the browser sends when ``text`` is typed into a field: its value, then ``change``
    (dispatched in a task, as the web server does)."""
    field = rt.tagged_control(session, ident)
    session.apply_patch(field._i, {"value": text})
    return asyncio.create_task(session.dispatch_event(field._i, "change", text))


async def _new_game_in_one_burst(data, names: list[str], counter: str | None) -> list[Any]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await rt.select(session, "game-choice", "free")
    if len(names) > 2:
        await rt.tap(session, rt.tagged_control(session, "add-player"))
    tasks = [_type(session, f"player-name-{i}", name) for i, name in enumerate(names)]
    if counter is not None:
        tasks.append(_type(session, "counter-name-0", counter))
    start = rt.tagged_control(session, "start-game")
    tasks.append(asyncio.create_task(session.dispatch_event(start._i, "click", None)))
    await asyncio.gather(*tasks)
    await rt.quiet(session)
    return GameStore(data).list()


@pytest.mark.filterwarnings("ignore:coroutine 'watch.<locals>.bump' was never awaited")
def test_names_typed_in_a_row_and_an_instant_start_all_count(tmp_path):
    (game,) = rt.run(_new_game_in_one_burst(tmp_path / "d", ["Аня", "Борис", "Вика"], "Монеты"))
    assert game.players == ("Аня", "Борис", "Вика")
    stored = GameStore(tmp_path / "d").open(game.id)
    assert [c["name"] for c in stored.game.setup.options["counters"]][0] == "Монеты"


async def _ruling_in_one_burst(data) -> list[dict]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/rules")
    await rt.tap(session, rt.tagged_control(session, "house-open"))
    await rt.quiet(session)
    tasks = [
        _type(session, "house-title", "Ничья на базе"),
        _type(session, "house-text", "Делим очки поровну"),
    ]
    save = rt.tagged_control(session, "house-save")
    tasks.append(asyncio.create_task(session.dispatch_event(save._i, "click", None)))
    await asyncio.gather(*tasks)
    await rt.quiet(session)
    return list_rulings(path=data / HOUSE_FILE)


def test_a_ruling_saved_right_after_typing_keeps_all_its_text(tmp_path):
    (ruling,) = rt.run(_ruling_in_one_burst(tmp_path / "d"))
    assert (ruling["title"], ruling["text"]) == ("Ничья на базе", "Делим очки поровну")


async def _join_in_one_burst(data, monkeypatch) -> tuple[bool, str, list[str]]:
    monkeypatch.setattr(lan, "READ_TOKEN_SECONDS", 0.05)  # no browser here to answer
    hub = Hub(GameStore(data))
    gate = LanGate(code="24681012", url="http://127.0.0.1")
    wrong: list[str] = []
    monkeypatch.setattr(gate.throttle, "failed", wrong.append)  # each wrong guess counted
    session = await rt.open_app(make_main(hub, gate), "/")
    await rt.until_tagged(session, "join")  # the token read has timed out
    tasks = [_type(session, "join-code", "24681012"), _type(session, "join-name", "Борис")]
    join = rt.tagged_control(session, "join")
    tasks.append(asyncio.create_task(session.dispatch_event(join._i, "click", None)))
    await asyncio.gather(*tasks)
    await rt.quiet(session)
    shown = {c.identifier for c in rt.controls(session) if isinstance(c, ft.Semantics)}
    return "new-game" in shown, str(shown), wrong


def test_a_join_tapped_right_after_typing_the_code_gets_in(tmp_path, monkeypatch):
    """Table mode's join screen: the code typed just before «Войти» is the one checked (it
    was refused as wrong, and counted towards the lockout, when the tap overtook the
    re-render)."""
    joined, shown, wrong = rt.run(_join_in_one_burst(tmp_path / "d", monkeypatch))
    assert joined, shown
    assert wrong == []


async def _base_in_one_burst(data) -> list[Any]:
    hub = Hub(GameStore(data))
    g = hub.create("smashup", ["Аня", "Борис"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    fields = {"name": "Ферма", "bp": "20", "vp1": "4", "vp2": "2", "vp3": "1"}
    tasks = [_type(session, f"new-base-{key}", text) for key, text in fields.items()]
    add = rt.tagged_control(session, "add-base")
    tasks.append(asyncio.create_task(session.dispatch_event(add._i, "click", None)))
    await asyncio.gather(*tasks)
    await rt.quiet(session)
    return list(GameStore(data).open(g.id).game.state.bases)


def test_a_base_added_right_after_typing_its_last_number_is_laid_out(tmp_path):
    """Smash Up set-up: the base form's five fields typed in one burst and «Выложить базу»."""
    (base,) = rt.run(_base_in_one_burst(tmp_path / "d"))
    assert (base.name, base.breakpoint, tuple(base.vp)) == ("Ферма", 20, (4, 2, 1))


async def _pad_in_one_burst(data, digits: str) -> int:
    hub = Hub(GameStore(data))
    g = hub.create("free", ["Аня", "Борис"], first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["val-p1-c0"])  # the number opens the pad
    await rt.quiet(session)
    clicks = [rt.in_dialog(session, f"pad-{d}") for d in [*digits, "ok"]]
    await asyncio.gather(
        *[asyncio.create_task(session.dispatch_event(c._i, "click", None)) for c in clicks]
    )
    await rt.quiet(session)
    return GameStore(data).open(g.id).game.state.values[1]["ПО"]


def test_digits_tapped_faster_than_the_screen_redraws_all_count(tmp_path):
    """The numeric pad: «1», «5», «Готово» in one burst set 15 (the second digit used to
    replace the first, and «Готово» to submit what the last render showed)."""
    assert rt.run(_pad_in_one_burst(tmp_path / "d", "15")) == 15


async def _scoring_dialog(data) -> tuple[Hub, str, Any]:
    """A «Мимими» Smash Up game in «Проверь базы» with base 1 ready, its scoring dialog open:
    ``(hub, game id, session)``."""
    hub = Hub(GameStore(data))
    g = hub.create(
        "smashup",
        ["Аня", "Борис"],
        first_player=0,
        options={"edition": "mimimi", "factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"]]},
    )
    for i in range(3):
        hub.push(
            g.id,
            "base.add",
            {"base_card": {"name": f"База {i}", "breakpoint": 10 + i, "vp": [3, 2, 1]}},
        )
    hub.push(g.id, "game.start")
    hub.push(g.id, "base.set", {"base": 0, "player": 0, "power": 10, "minions": 1})
    while hub.open(g.id).game.state.phase != CHECK:
        hub.push(g.id, "phase.next")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["score-0"])
    await rt.quiet(session)
    return hub, g.id, session


async def _deck_empty_in_one_burst(data) -> tuple[int, str]:
    hub, gid, session = await _scoring_dialog(data)
    clicks = [rt.in_dialog(session, ident) for ident in ("deck-empty", "score-confirm")]
    await asyncio.gather(
        *[asyncio.create_task(session.dispatch_event(c._i, "click", None)) for c in clicks]
    )
    await rt.quiet(session)
    game = GameStore(data).open(gid).game
    return len(game.state.bases), hub.open(gid).game.state.bases[0].name


def test_an_empty_deck_switched_on_right_before_capturing_counts(tmp_path):
    """Smash Up («Мимими», «Разойтись по углам!»): «Колода баз пуста» and «Захватить» in one
    burst score the base with no replacement (the capture used to read the switch as the
    last render showed it, off, and was refused for a missing base)."""
    bases, first = rt.run(_deck_empty_in_one_burst(tmp_path / "d"))
    assert (bases, first) == (2, "База 1")


async def _two_keystrokes(data) -> tuple[list[str], str]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    field = rt.tagged_control(session, "player-name-0")
    echoed: list[str] = []
    conn = session.connection
    conn.sent = lambda body: echoed.extend(_strings(msgpack.unpackb(body, strict_map_key=False)))
    session.apply_patch(field._i, {"value": "Н"})
    await session.dispatch_event(field._i, "change", "Н")  # its re-render is now queued
    # the next letter reaches the server before that re-render runs: its value patch is
    # applied at once, its change event waits in a task of its own (as the web server does)
    session.apply_patch(field._i, {"value": "Ни"})
    second = asyncio.create_task(session.dispatch_event(field._i, "change", "Ни"))
    await second
    await rt.quiet(session)
    return echoed, rt.tagged_control(session, "player-name-0").value


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def test_a_field_is_never_sent_back_a_value_older_than_its_latest_letter(tmp_path):
    """New game, a player's name typed fast: the server never sends the field a value it has
    already gone past («Н» after «Ни» reached the server), which cut «Ника» to «На» on a phone
    — the browser's field took the late copy and the next letters went after it."""
    echoed, final = rt.run(_two_keystrokes(tmp_path / "d"))
    assert "Н" not in echoed, echoed
    assert final == "Ни"


async def _deck_empty_tapped_twice_in_one_burst(data) -> int:
    _hub, gid, session = await _scoring_dialog(data)
    switch = rt.in_dialog(session, "deck-empty")
    await asyncio.gather(
        *[asyncio.create_task(session.dispatch_event(switch._i, "click", None)) for _ in "12"]
    )
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "score-confirm"))
    await rt.quiet(session)
    return len(GameStore(data).open(gid).game.state.bases)


def test_a_switch_tapped_twice_before_the_screen_answers_is_back_where_it_was(tmp_path):
    """Two quick taps on a switch's row («Колода баз пуста») flip it twice, back to off: the
    second tap used to flip the value the last render showed, so both taps turned it on, and
    the capture then left no base in the captured one's place."""
    assert rt.run(_deck_empty_tapped_twice_in_one_burst(tmp_path / "d")) == 3
