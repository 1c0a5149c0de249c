"""Issue #30: the turn clock can be paused and set going again from the status line (a game
left on the table over dinner showed «ход 19:18»). What the pause does to the game, the
journal and undo, walked through in this process (:mod:`tests.ui.walk`); the toggle's 48 dp
and that nothing moves when it is tapped: Chromium at 390×844, in
:func:`tests.ui.test_frame.test_controls_stay_put_after_tap_undo_and_refusal`."""

from __future__ import annotations

import time

import pytest

from companion.store import GameStore
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.walk import Phone, game_of


async def _pause(data) -> None:
    hub = Hub(GameStore(data), settle=0)  # the robot's taps: no settle window
    gid = hub.create("free", ["Аня", "Борис"], first_player=0).id
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.wait("clock", "ход")
    await phone.tap("clock-toggle")
    await phone.wait("clock", "пауза")
    await phone.wait("notice", "Часы на паузе")
    await phone.tap("clock-toggle")
    await phone.wait("clock", "ход")
    await phone.wait("notice", "Часы снова идут")
    resumed_at = time.time()
    game = game_of(hub, gid)
    pause, resume = game.events
    assert [pause.type, resume.type] == ["core.pause", "core.resume"]
    assert resume.ts > pause.ts
    clock = game.turn_clock(resumed_at)
    started = game.setup.created
    # the pause is charged to nobody: the turn is the wall clock less the paused span, to the
    # millisecond (the engine's arithmetic over long pauses: tests/engine/test_core.py)
    expected = (resumed_at - started) - (resume.ts - pause.ts)
    assert abs(clock.current - expected) < 0.001, (clock, expected)
    assert clock.total == clock.current  # one turn so far
    lines = [text for _ev, text in game.log()]
    assert lines == ["Часы поставлены на паузу", "Часы снова идут"]
    # undo takes back the resume: the clock is paused again
    await phone.tap("undo")
    await phone.wait("clock", "пауза")
    assert game_of(hub, gid).paused


@pytest.mark.usefixtures("lasting_messages")
def test_a_paused_clock_counts_nothing_and_the_journal_says_so(tmp_path):
    """A pause and a resume are two moves: the paused span is charged to nobody, the journal
    says «Часы поставлены на паузу» / «Часы снова идут», and undo pauses the clock again."""
    rt.run(_pause(tmp_path / "d"))
