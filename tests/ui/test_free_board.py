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
from companion.ui.boards.free import PILL_SIZE
from companion.ui.state import Hub
from tests.ui import render_tree as rt


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


def _box(session: Any, ident: str) -> tuple[int | None, int, str]:
    """The number box tagged ``ident``: (its fixed width or None, its number's size, the
    number)."""
    box = rt.tagged_control(session, ident)
    column = box.content
    number = column.controls[-1]
    return box.width, number.size, number.value


def _players_beside(session: Any) -> bool:
    """Whether player 0's counters stand on its name's line (a Row holding the name)."""
    row = rt.tagged_control(session, "player-0").content
    return isinstance(row, ft.Row)


async def _turned(data) -> dict[str, Any]:
    """A game of two counters opened at 390×844, the phone turned to 844×390, then a
    360×640 phone: the number boxes and the rows' shape after each."""
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
    for width, height in ((390, 844), (844, 390), (360, 640)):
        if width != 390:
            session.apply_page_patch({"width": width, "height": height})
            await session.dispatch_event(
                session.page._i, "resize", {"width": width, "height": height}
            )
            await rt.quiet(session)
        seen[width] = {
            "boxes": [_box(session, "val-p0-c0"), _box(session, "val-p1-c1")],
            "beside": _players_beside(session),
        }
    return seen


def test_the_counters_follow_the_phone_turned_and_size_nothing_by_their_digits(tmp_path):
    """The numbers are drawn at one size whatever their digits (the old digit-width model,
    ``number_size``, is gone: issue 29), in a slot the line gives them (no fixed width): the
    layout, not a pixel sum, decides the rows' shape. Upright the counters go under the
    name; turned to 844×390 (two columns) they stand beside it, one line a player."""
    seen = rt.run(_turned(tmp_path))
    for width in (390, 844, 360):
        for box, size, value in seen[width]["boxes"]:
            assert value in ("−100", "1000")
            assert box is None and size == PILL_SIZE, (width, box, size)
    assert not seen[390]["beside"] and not seen[360]["beside"], seen
    assert seen[844]["beside"], seen
