"""The charge wizard's head is the shared step panel (:mod:`companion.ui.step_panel`): its
question is the universe and step, its rule link the step's rules, and «Весь текст» reads
whole the lines the head may cut — whose turn it is and the goal (in-process, the real app on
a real Flet session: :mod:`tests.ui.render_tree`). Where it sits on a phone is checked in
Chromium by :mod:`tests.ui.test_ricks`."""

from __future__ import annotations

import pytest

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

ACTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}}


async def _whole_texts(data, size) -> tuple[str, str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    for move in ("round.draw", "turn.end", "turn.end", "turn.end", "charge.done"):
        hub.push(g.id, move)  # the charge phase, Кроховселенная, step Б: Аня's turn
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", size)
    question = rt.said(session, "charge-pos")
    await rt.tap(session, rt.tappables(session)["step-texts"])
    await rt.quiet(session)
    title = rt.dialog_node(session, "step-texts-title").label or ""
    return question, title, rt.dialog_node(session, "step-texts-text").label or ""


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_the_charge_heads_whole_text_names_the_turn_and_the_goal(tmp_path, size):
    """«Фаза зарядки», шаг Б: «Весь текст» in the wizard's head opens the step (the universe
    and step) with whose turn it is and the game's goal, whole, on a short phone and a tall
    one."""
    question, title, text = rt.run(_whole_texts(tmp_path, size))
    assert question == f"{KRO}, шаг Б", question
    assert title == question, title
    assert "Очередь: Аня (Рик)" in text and "Цель: " in text, text
