"""«Свободный счёт» after a play-test, in-process (the real app on real Flet sessions,
:mod:`tests.ui.render_tree`): the finish flag asks first, and the round line does not repeat
the status line's note. (Free counters have no rulebook: the rules are
:mod:`companion.engine.free`'s — ``game.end``, ``finish_round``.)"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.boards.free import box_width
from companion.ui.state import Hub
from tests.ui import render_tree as rt

TWO_LONG = (("Победные очки", 1), ("Золотые монеты", 1))


def _shown_texts(session: Any) -> list[str]:
    """Every text drawn on the page now (visible controls; dialogs are not in it)."""
    shown = rt.shown_ids(session)
    return [
        c.value
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and isinstance(c.value, str) and id(c) in shown
    ]


def _dialog_open(session: Any) -> bool:
    """Whether an open dialog holds «Завершить» (a closed one may stay listed)."""

    def holds(c: Any) -> bool:
        if isinstance(c, ft.Semantics) and c.identifier == "end-confirm":
            return True
        return any(holds(child) for child in rt._children(c))

    return any(getattr(d, "open", True) and holds(d) for d in session.page._dialogs.controls)


async def _flag(data, answer: str | None) -> dict[str, Any]:
    """Tap the flag of a running game with Борис ahead, then the dialog's ``answer``."""
    hub = Hub(GameStore(data))
    g = hub.create("free", ["Аня", "Борис"], first_player=0)
    hub.push(g.id, "counter.add", {"player": 1, "counter": "ПО", "delta": 4})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["end-game"])
    await rt.quiet(session)
    seen: dict[str, Any] = {
        "over after the flag": hub.open(g.id).game.outcome() is not None,
        "asked": _dialog_open(session),
    }
    if seen["asked"]:
        seen["text"] = " ".join(
            str(getattr(d.content, "value", "")) for d in session.page._dialogs.controls
        )
    if answer is not None:
        await rt.tap(session, rt.in_dialog(session, answer))
        await rt.quiet(session)
        seen["over"] = hub.open(g.id).game.outcome() is not None
        seen["winners"] = getattr(hub.open(g.id).game.outcome(), "winners", None)
        seen["primary"] = rt.tagged_control(session, "primary-action")  # the button
        seen["still asked"] = _dialog_open(session)
    return seen


def test_the_finish_flag_asks_before_it_ends_the_game(tmp_path):
    """Play-test: the flag sits where a thumb rests and one tap ended the game. Now a tap
    asks «Завершить игру?», naming the winner and that the score is fixed; nothing ends."""
    seen = rt.run(_flag(tmp_path, None))
    assert seen["asked"], "no question after the flag"
    assert not seen["over after the flag"]
    assert "Победитель — Борис" in seen["text"] and "зафиксирован" in seen["text"]


def test_confirming_ends_the_game_and_cancelling_keeps_playing(tmp_path):
    yes = rt.run(_flag(tmp_path / "yes", "end-confirm"))
    assert yes["over"] and yes["winners"] == (1,)
    assert not yes["still asked"]
    no = rt.run(_flag(tmp_path / "no", "end-cancel"))
    assert not no["over"] and not no["still asked"]
    assert not no["primary"].disabled  # «Следующий игрок» still answers


async def _played_out(data) -> list[str]:
    hub = Hub(GameStore(data))
    g = hub.create(
        "free",
        ["Аня", "Борис", "Вика"],
        first_player=0,
        options={
            "counters": [{"name": "ПО", "step": 1, "start": 0}],
            "target": {"counter": "ПО", "value": 5},
            "finish_round": True,
        },
    )
    hub.push(g.id, "counter.add", {"player": 0, "counter": "ПО", "delta": 5})
    hub.push(g.id, "turn.next")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return _shown_texts(session)


def test_the_target_reached_is_said_once(tmp_path):
    """``finish_round``: «Цель … достигнута: доигрываем раунд» was said by the status line's
    note and again by the board's round line. The note says it; the round line says who
    still has a turn before the game ends."""
    texts = rt.run(_played_out(tmp_path))
    assert sum("доигрываем" in t for t in texts) == 1, texts
    assert sum("достигнута" in t for t in texts) == 1, texts
    assert "Раунд 1 · до конца ходят: Борис, Вика" in texts, texts


def test_two_long_counter_names_share_one_line_on_a_phone():
    """The number box of two counters named «Победные очки» / «Золотые монеты» fits both
    counters on one line at 360 and 390 px (the names cut with «…»), and keeps its
    name-wide box where the page is wide (see the Chromium test in test_free_game)."""
    assert box_width(TWO_LONG, 360) == 44
    assert box_width(TWO_LONG, 390) == 59
    assert box_width(TWO_LONG, 1280) == box_width(TWO_LONG, None) >= 13 * 6.6
    assert box_width((("ПО", 1), ("монеты", 1)), 390) == 56  # short names: as they were
