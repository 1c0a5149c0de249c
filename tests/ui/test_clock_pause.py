"""Issue #30: the turn clock can be paused and set going again from the status line (a game
left on the table over dinner showed «ход 19:18»). 390×844, real Chromium and server."""

from __future__ import annotations

import time

from companion.store import GameStore
from tests.ui.phone import assert_target, tap_after_guard


def _game(server, gid: str):
    return GameStore(server.data_dir).open(gid, readonly=True).game


def test_a_paused_clock_counts_nothing_and_the_journal_says_so(app, server):
    gid = GameStore(server.data_dir).create("free", ["Аня", "Борис"], first_player=0).id
    app.open(f"/game/{gid}")
    app.wait_label("clock", "ход")
    assert_target(app, "clock-toggle")
    clock_before = app.box("clock")
    app.tap("clock-toggle")
    app.wait_label("clock", "пауза")
    app.wait_label("notice", "Часы на паузе")
    assert app.box("clock") == clock_before  # nothing moved
    tap_after_guard(app, "clock-toggle")  # the pause lasts as long as the robot's next tap
    app.wait_label("clock", "ход")
    resumed_at = time.time()
    game = _game(server, gid)
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
    tap_after_guard(app, "undo")
    app.wait_label("clock", "пауза")
    assert _game(server, gid).paused
