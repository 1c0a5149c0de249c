"""Every Coup step's texts are shown whole on a phone (no browser: :mod:`tests.ui.text_fit`
counts lines from the font's advance widths).

Play-test at 390×844: texts were cut at their fixed heights, e.g. a challenged blocker's
step ended «…действие выполняется: Гриша». Here every step of every action is walked — with
a challenge, a block, a challenged block, lost influences, a player's last card, two and
six players — with names of 12 letters, and each text is checked at 390 and 360 px wide:

- the explanation and «Итог действия» under it fit the box kept for them
  (:data:`~companion.ui.boards.coup.referee.TEXT_LINES` lines, the same at every step);
- the step's question fits its row (one line, or two smaller ones);
- the pinned bar's «Если никто: …» fits its three lines beside «Никто».
"""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest

from companion.engine.core import Event, Game
from companion.engine.coup import ACTIONS, COUP, CoupState, awaiting, if_nobody, legal_events
from companion.engine.coup.flow import _apply
from companion.engine.coup.texts import explain
from companion.ui.boards.coup.common import step_title
from companion.ui.boards.coup.players import ROW_MARGIN
from companion.ui.boards.coup.referee import (
    COMPACT_PAD,
    SHORT_LINE,
    TEXT_GAP,
    TEXT_LINES,
    TITLE_CHARS,
    _answers,
    outcome_line,
    short_texts,
    title_size,
)
from companion.ui.widgets import TARGET
from tests.ui.text_fit import lines, wrap

#: Names of 12 letters (the longest the brief asks for), some with wide letters.
LONG = [
    "Александрина",
    "Константинов",
    "Максимилиана",
    "Станиславина",
    "Владимировна",
    "Мухаммаджоны",
]

#: Screen width → (text width of the step's box, of its question, of the «Никто» bar's
#: hint), in px, as measured in Chromium (the semantics nodes' boxes).
WIDTHS = {390: (330, 272, 230), 360: (300, 242, 200)}


def _declare(p: int, action: str, target: int | None = None) -> tuple[str, dict]:
    return "coup.declare", {"player": p, "action": action, "target": target}


def _starts(names: list[str]) -> Iterator[CoupState]:
    """Tables to start a turn from: fresh, with coins for an assassination and a coup, and
    with players down to their last card (the actor, the others)."""
    n = len(names)

    def table(moves: list[tuple[str, dict]]) -> CoupState:
        g = Game.new(COUP, names, first_player=0, options={}, clock=lambda: 0.0)
        for kind, data in moves:
            g.push(kind, data)
        return g.state

    def rounds(k: int) -> list[tuple[str, dict]]:
        return [_declare(i % n, "income") for i in range(k * n)]

    def others() -> list[tuple[str, dict]]:
        return [_declare(i, "income") for i in range(1, n)]

    # Игрок 1 challenges a real Duke and loses a card; then Игрок 0 is caught bluffing
    weak = [
        _declare(0, "tax"),
        ("coup.challenge", {"challenger": 1}),
        ("coup.challenge_result", {"proven": True}),
        ("coup.lose_influence", {"player": 1, "character": "contessa"}),
        *others(),
    ]
    weaker = [
        *weak,
        _declare(0, "tax"),
        ("coup.challenge", {"challenger": 1 if n == 2 else 2}),
        ("coup.challenge_result", {"proven": False}),
        ("coup.lose_influence", {"player": 0, "character": "contessa"}),
        *others(),
    ]
    for moves in ([], rounds(1), rounds(5), weak, weak + rounds(2), weaker, weaker + rounds(1)):
        yield table(moves)


def _walk(state: CoupState, out: dict[tuple, CoupState], started: bool = False) -> None:
    """Every step of the turn from ``state`` (the first card of each loss only)."""
    step = awaiting(state)
    if started and (state.pending is None or step == "over"):
        return
    if step != "action":
        key = (step, explain(state), outcome_line(state), if_nobody(state), step_title(state))
        out.setdefault(key, copy.deepcopy(state))
    events = legal_events(state)
    for kind, data in events[:1] if step == "lose_influence" else events:
        after = copy.deepcopy(state)
        _apply(after, Event(0, kind, data, 0.0))
        _walk(after, out, True)


def steps() -> list[CoupState]:
    out: dict[tuple, CoupState] = {}
    for names in (LONG[:2], LONG[:3], LONG):
        for start in _starts(names):
            _walk(start, out)
    return list(out.values())


STEPS = steps()


def test_the_walk_reaches_every_step_of_every_action():
    seen = {(s.pending["action"], awaiting(s)) for s in STEPS if s.pending}
    challenged = ("challenge", "challenge_result", "lose_influence")
    blocked = ("block", "block_challenge", "block_challenge_result", "lose_influence")
    expected = {
        "foreign_aid": blocked,
        "coup": ("lose_influence",),
        "tax": challenged,
        "assassinate": challenged + blocked,
        "steal": challenged + blocked,
        "exchange": (*challenged, "exchange"),
    }
    for action, wanted in expected.items():
        assert {(action, step) for step in wanted} <= seen, action
    assert set(ACTIONS) - set(expected) == {"income"}  # income has no step: it is done at once
    texts = [explain(s) for s in STEPS]
    assert any("последнего покровителя" in t and "выбывает" in t for t in texts)
    assert any("замешивает" in t for t in texts)
    assert len({len(s.names) for s in STEPS}) == 3  # two, three and six players


@pytest.mark.parametrize("screen", sorted(WIDTHS))
def test_every_step_explanation_and_outcome_fit_their_box(screen):
    width = WIDTHS[screen][0]
    worst = 0
    for state in STEPS:
        said, outcome = explain(state), outcome_line(state)
        used = lines(said, width, 13) + lines(outcome, width, 13)
        worst = max(worst, used)
        assert used <= TEXT_LINES, (
            wrap(said, width, 13),
            wrap(outcome, width, 13),
        )
    assert worst >= TEXT_LINES - 1  # the box is not kept much taller than the longest step


@pytest.mark.parametrize("screen", sorted(WIDTHS))
def test_every_step_question_fits_its_row(screen):
    width = WIDTHS[screen][1]
    for state in STEPS:
        title = step_title(state)
        if len(title) <= TITLE_CHARS:
            assert lines(title, width, 18, bold=True) == 1, title
        else:
            assert lines(title, width, 15, bold=True) <= 2, title


@pytest.mark.parametrize("screen", sorted(WIDTHS))
def test_every_nobody_hint_fits_beside_its_button(screen):
    width = WIDTHS[screen][2]
    hints = {if_nobody(s) for s in STEPS} - {""}
    assert hints
    for hint in hints:
        text = f"Если никто: {hint}"
        assert lines(text, width, 13) <= 3, wrap(text, width, 13)


@pytest.mark.parametrize("screen", sorted(WIDTHS))
def test_the_aimed_question_fits_its_row(screen):
    """Once a target is aimed at, the question names it («Против Ани. Сменить — коснитесь
    другого»): two lines at 15 px at most with every 12-letter name (in the genitive)."""
    from companion.ui.boards.coup.common import genitive

    width = WIDTHS[screen][1]
    for name in [*LONG, "Аня"]:
        title = f"Против {genitive(name)}. Сменить — коснитесь другого"
        assert title_size(title, width) == 15 and lines(title, width, 15, bold=True) <= 2, title


#: Short pages: the play-test's 360×640 and a taller one still under 844 px.
SHORT_PAGES = [(360, 640), (360, 740)]


@pytest.mark.parametrize("page", SHORT_PAGES, ids=lambda p: f"{p[0]}x{p[1]}")
def test_on_a_short_page_every_step_text_is_whole_or_cut_at_a_line_end(page):
    """Play-test at 360×640 with six 12-letter names: «Итог действия» was cut mid-line by
    the box at the pinned bar («…если заявление устоит, без…»). On a short page the box is
    the room left above the bar (:func:`text_room`), the texts at 12 px take the whole lines
    that fit in it, and when some are left out «Весь текст» shows them: the question beside
    that button still fits two lines. At 360×640 the six-player steps with two rows of
    answers have room for one line; the steps with one row of answers, four; at 360×740
    every step's texts are whole."""
    width, height = page
    inner = width - ROW_MARGIN - 2 * COMPACT_PAD
    cut = 0
    for state in STEPS:
        said, outcome = explain(state), outcome_line(state)
        first, second, folded, room = short_texts(state, _answers(state), width, height)
        used = (first + second) * SHORT_LINE + (TEXT_GAP if first and second else 0)
        assert used <= room, (room, first, second, wrap(said, inner, 12))
        need = (lines(said, inner, 12), lines(outcome, inner, 12))
        assert folded == ((first, second) != need)
        assert first == need[0] or second == 0  # «Итог» only under a whole explanation
        if folded:
            cut += 1
            title = step_title(state)
            room_title = inner - 2 * TARGET - 10
            assert lines(title, room_title, title_size(title, room_title), bold=True) <= 2
        if len(state.names) == 6 and height == 640:
            assert room >= SHORT_LINE  # at least the explanation's first line
    assert bool(cut) == (height == 640), cut
