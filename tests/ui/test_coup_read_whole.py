"""Coup's step texts as a player sees them in Chromium: whole, or cut by Flutter with «…» at
a line's end and read whole through «Весь текст» (issue 29: no Python model of the layout).

The busiest steps are opened with six players of twelve-letter names on a small phone
(360×640), a phone (390×844) and a phone on its side (844×390): a challenge and a block of
a steal (rulebook «Оспаривание», «Запрет действия»), a block of foreign aid by five players,
and a player losing the last card (rulebook «Покровители»). At each one:

* the question names the target of an aimed action, and lies on screen;
* every answer is a whole 48×48 dp target on screen (upright: above the pinned bar);
* the explanation and «Итог действия» shown lie on screen, each at least one whole line
  tall (never a sliver cut by a box);
* «Весь текст» (48×48 dp) shows the question and the engine's texts whole, and closing it
  moves nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from companion.engine.coup import explain
from companion.present.coup import outcome_line
from companion.store import GameStore
from tests.ui import render_tree as rt
from tests.ui.phone import box, same_place, tap_after_guard
from tests.ui.walk import Phone

#: Names of 12 letters (the longest the brief asks for), some with wide letters.
LONG = [
    "Александрина",
    "Константинов",
    "Максимилиана",
    "Станиславина",
    "Владимировна",
    "Мухаммаджоны",
]
SIZES = [(360, 640), (390, 844), (844, 390)]
#: The smallest height (px) of one line of a step's text (12 px type).
ONE_LINE = 14


def _declare(p: int, action: str, target: int | None = None) -> tuple[str, dict[str, Any]]:
    return "coup.declare", {"player": p, "action": action, "target": target}


#: name → (moves, the question's words, the answers' identifiers)
STEPS: dict[str, tuple[list[tuple[str, dict[str, Any]]], str, list[str]]] = {
    "steal-challenge": (
        [_declare(0, "steal", 5)],
        "Кто-то оспаривает? Цель — Мухаммаджоны",
        [f"challenge-p{i}" for i in range(1, 6)],
    ),
    "steal-block": (
        [_declare(0, "steal", 5), ("coup.no_challenge", {})],
        "Кто-то запрещает? Цель — Мухаммаджоны",
        ["block-p5-captain", "block-p5-ambassador"],
    ),
    "aid-block": (
        [_declare(0, "foreign_aid")],
        "Кто-то запрещает?",
        [f"block-p{i}-duke" for i in range(1, 6)],
    ),
    "last-card": (
        [
            _declare(0, "tax"),
            ("coup.challenge", {"challenger": 1}),
            ("coup.challenge_result", {"proven": True}),
            ("coup.lose_influence", {"player": 1, "character": "contessa"}),
            *(_declare(i, "income") for i in range(1, 6)),
            _declare(0, "steal", 4),
            ("coup.challenge", {"challenger": 1}),
            ("coup.challenge_result", {"proven": True}),
        ],
        "Константинов: какую карту раскрыть?",
        ["lose-duke", "lose-assassin", "lose-captain", "lose-ambassador", "lose-contessa"],
    ),
}


@pytest.fixture(scope="module")
def games(suite_page):
    """Each step's game on the suite's server: name → (id, explanation, «Итог действия»)."""
    store = GameStore(suite_page.server.data_dir)
    ids = {}
    for name, (moves, _q, _a) in STEPS.items():
        g = store.create("coup", LONG, first_player=0)
        for kind, d in moves:
            g.push(kind, d)
        ids[name] = (g.id, explain(g.game.state), outcome_line(g.game.state))
        g.close()
    return ids


def _within(b: dict, bottom: float, width: float) -> bool:
    return (
        b["y"] >= 0
        and b["y"] + b["height"] <= bottom + 0.5
        and 0 <= b["x"] <= width
        and (b["x"] + b["width"] <= width + 0.5)
    )


@pytest.mark.parametrize("step", list(STEPS))
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_step_texts_are_whole_or_read_whole(one_page, games, step, size):
    """One page for every case (:func:`tests.ui.conftest.one_page`): each case is its game
    opened in it at its size. The cases run size by size (the step varies fastest): the page
    is resized once per size, not once per case."""
    gid, said, outcome = games[step]
    _moves, question, answers = STEPS[step]
    w, h = size
    app = one_page.open(f"/game/{gid}", w, h)
    app.wait_label("step", question)
    app.steady("primary-action")
    upright = h > w
    bar = box(app, "action-bar")["y"] if upright else h
    assert _within(box(app, "step"), bar, w), box(app, "step")
    for ident in answers:
        b = box(app, ident)
        assert _within(b, bar, w), (ident, b, bar)
        assert b["width"] >= 47.5 and b["height"] >= 47.5, (ident, b)
    for ident, text in (("explain", said), ("outcome", outcome)):
        if not text:
            continue
        assert text in app.label(ident)  # the whole text for a screen reader
        b = box(app, ident)
        assert b["height"] >= ONE_LINE and _within(b, bar, w), (ident, b, bar)
    before = box(app, "step")
    whole = box(app, "step-texts")
    assert whole["width"] >= 47.5 and whole["height"] >= 47.5 and _within(whole, bar, w)
    tap_after_guard(app, "step-texts")
    app.el("step-texts-text").wait_for()
    read = app.label("step-texts-text")
    assert said in read and outcome in read, read  # the engine's texts, whole
    tap_after_guard(app, "step-texts-close")
    app.el("step-texts-text").wait_for(state="detached")
    assert same_place(before, box(app, "step"))


async def _two_line_question(data) -> None:
    gid = GameStore(data).create("coup", LONG, first_player=0).id
    phone = await Phone.open(data, f"/game/{gid}", size=(360, 640))
    await phone.wait("step", f"{LONG[0]}: какое действие?")
    await phone.tap("act-steal")
    await phone.wait("player-p5", "— цель?")
    await phone.tap("player-p5")
    await phone.wait("step", "Сменить — коснитесь другого")
    await phone.tap("step-texts")
    await phone.wait("step-texts-title", "Сменить — коснитесь другого")
    assert "Против Мухаммаджон" in phone.says("step-texts-title")
    await phone.tap("step-texts-close")
    await phone.gone("step-texts-title")


def test_a_two_line_question_is_read_whole(tmp_path):
    """While a target is aimed at, the question names it on two lines at 360×640
    («Против Мухаммаджоны. Сменить — коснитесь другого»); «Весь текст» shows it whole (in
    this process: where the lines fall is what the parametrised test above measures)."""
    rt.run(_two_line_question(tmp_path / "d"))
