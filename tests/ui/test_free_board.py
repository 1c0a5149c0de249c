"""«Свободный счёт» after a play-test, in-process (the real app on real Flet sessions,
:mod:`tests.ui.render_tree`): the finish flag asks first, and the round line does not repeat
the status line's note. (Free counters have no rulebook: the rules are
:mod:`companion.engine.free`'s — ``game.end``, ``finish_round``.)"""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.boards.free import box_width, counter_gap
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


async def _flag(
    data, answer: str | None, options: dict[str, Any] | None = None, counter: str = "ПО"
) -> dict[str, Any]:
    """Tap the flag of a running game with Борис ahead on ``counter``, then the dialog's
    ``answer``."""
    hub = Hub(GameStore(data))
    g = hub.create("free", ["Аня", "Борис"], first_player=0, options=options)
    hub.push(g.id, "counter.add", {"player": 1, "counter": counter, "delta": 4})
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


GOLD_SILVER = [
    {"name": "Золото", "step": 1, "start": 0},
    {"name": "Серебро", "step": 1, "start": 0},
]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            {"counters": GOLD_SILVER[:1]},
            "Победитель — Борис: больше всех по счётчику «Золото».",
        ),
        (
            {"counters": GOLD_SILVER},
            "Победитель — Борис: больше всех по первому счётчику «Золото».",
        ),
        (
            {"counters": GOLD_SILVER, "target": {"counter": "Золото", "value": 50}},
            "Победитель — Борис: больше всех по счётчику цели «Золото».",
        ),
    ],
    ids=["one counter", "first of two", "target"],
)
def test_the_question_says_which_counter_decides(tmp_path, options, said):
    """Play-test: «Победитель — Аня: больше всего «Золото»» read badly, and nothing said
    that only the target's (else the first) counter decides (``outcome`` in
    :mod:`companion.engine.free`)."""
    seen = rt.run(_flag(tmp_path, None, options, "Золото"))
    assert said in seen["text"], seen["text"]


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
    assert box_width(TWO_LONG, 360) == 48  # a 48 dp target (it was 44)
    assert counter_gap(TWO_LONG, 360) == 8 and counter_gap(TWO_LONG, 390) == 16
    assert box_width(TWO_LONG, 390) == 59
    assert box_width(TWO_LONG, 1280) == box_width(TWO_LONG, None) >= 13 * 6.6
    assert box_width((("ПО", 1), ("монеты", 1)), 390) == 56  # short names: as they were


def test_three_or_four_counters_go_two_to_a_line_at_360():
    """Three or more counters never share one line of a phone (48 dp −/+ each side of the
    number): at 390 px they went two to a line, but at 360 px the name-wide box (56 px for
    «монеты») put each counter on a line of its own. The box now lets two share a line, and
    stays a 48 dp target (play-test: 44 px at 360) with the gap between the pills narrowed."""
    three = (("ПО", 1), ("монеты", 1), ("карты", 1))
    four = (*three, ("жизни", 1))
    for counters in (three, four):
        assert box_width(counters, 390) == 56
        assert box_width(counters, 360) == 48  # a 48 dp target, 8 px between the pills
        assert counter_gap(counters, 360) == 8
        assert box_width(counters, 1280) == 56


def _box(session: Any, ident: str) -> tuple[int, int, str]:
    """The number box tagged ``ident``: (its width, its number's size, the number)."""
    box = rt.tagged_control(session, ident)
    column = box.content
    number = column.controls[-1]
    return box.width, number.size, number.value


async def _turned(data) -> dict[str, Any]:
    """A game of two counters opened at 390 px, the phone turned to 360 px, then a 1280 px
    window: the number boxes and the frame's layout after each."""
    hub = Hub(GameStore(data))
    g = hub.create(
        "free",
        ["Аня", "Борис"],
        first_player=0,
        options={
            "counters": [
                {"name": "ПО", "step": 1, "start": 0},
                {"name": "монеты", "step": 1, "start": 0},
            ]
        },
    )
    hub.push(g.id, "counter.set", {"player": 0, "counter": "ПО", "value": -100})
    hub.push(g.id, "counter.set", {"player": 1, "counter": "монеты", "value": 1000})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    seen: dict[str, Any] = {}
    for width in (390, 360, 1280):
        if width != 390:
            session.apply_page_patch({"width": width, "height": 640})
            await session.dispatch_event(session.page._i, "resize", {"width": width, "height": 640})
            await rt.quiet(session)
        seen[width] = {
            "boxes": [_box(session, "val-p0-c0"), _box(session, "val-p1-c1")],
            "wide": "recent-moves" in rt.tappables(session)
            or any(
                isinstance(c, ft.Semantics) and c.identifier == "recent-moves"
                for c in rt.controls(session)
            ),
        }
    return seen


def test_the_number_boxes_follow_the_phone_turned_and_numbers_fit_them(tmp_path):
    """At 360 px the 44 px number box showed «−100» as «−10» and «1000» as «100»: a number
    is now drawn smaller in a narrower box (by its characters and the box's width:
    ``widgets.number_size``), never under 12 px. The box follows the phone turned: the board
    reads the page's width through ``use_page_width``, and the frame, following the same
    resize, still switches to its wide layout."""
    seen = rt.run(_turned(tmp_path))
    assert [w for w, _size, _v in seen[390]["boxes"]] == [56, 56], seen
    assert [w for w, _size, _v in seen[360]["boxes"]] == [48, 48], seen
    assert not seen[360]["wide"] and seen[1280]["wide"], seen  # the frame still follows too
    assert [w for w, _size, _v in seen[1280]["boxes"]] == [56, 56], seen
    for width in (390, 360):
        for box, size, value in seen[width]["boxes"]:
            assert value in ("−100", "1000")
            # 21 px: a 4-character number's size; the 48 px box of 360 draws it smaller
            assert 12 <= size <= (21 if box > 48 else 20), (width, value, size, box)
