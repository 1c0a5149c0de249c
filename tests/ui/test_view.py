"""GameView without a browser: revisions against double taps, undo notices in words, explain.

Real store files in a temporary directory; the Hub is the one every session shares.
"""

from __future__ import annotations

import re

import pytest

from companion.store import GameStore
from companion.ui.state import GameView, Hub

ADD = ("counter.add", {"player": 0, "counter": "ПО", "delta": 1})


@pytest.fixture
def hub(tmp_path):
    return Hub(GameStore(tmp_path))


@pytest.fixture
def gid(hub):
    return hub.create("free", ["Аня", "Борис"], first_player=0).id


def test_a_double_tap_applies_once_and_says_nothing(hub, gid):
    view = GameView(hub, gid)
    view.mark_shown()  # the frame renders revision 0
    assert view.send("turn.next")
    # the second tap arrives before the screen re-rendered: made against revision 0
    assert not view.send("turn.next")
    assert view.error == "" and view.notice == ""
    assert hub.open(gid).game.state.active == 1
    view.mark_shown()  # the screen caught up: the next tap counts
    assert view.send("turn.next")
    assert hub.open(gid).game.state.active == 0


def test_counter_steps_count_every_tap(hub, gid):
    view = GameView(hub, gid)
    view.mark_shown()
    assert view.send(*ADD) and view.send(*ADD)  # two quick taps on «+»: +2 (cumulative)
    assert hub.open(gid).game.state.values[0]["ПО"] == 2


def test_another_phones_move_makes_this_tap_stale_and_refreshes(hub, gid):
    mine, theirs = GameView(hub, gid), GameView(hub, gid)
    mine.mark_shown()
    theirs.mark_shown()
    assert theirs.send("turn.next")
    assert not mine.send("turn.next")  # made against the state before Аня passed
    assert mine.error == ""
    assert mine.version == hub.revision(gid)  # refreshed: it now shows the latest
    assert hub.open(gid).game.state.active == 1


def test_undo_and_redo_notices_use_the_engines_words(hub, gid):
    view = GameView(hub, gid, author="Борис")
    view.mark_shown()
    view.send(*ADD)
    view.mark_shown()
    view.undo()
    # the phone the move came from, not «ход Бориса» (read as Борис's turn in the game)
    assert view.notice == "Отменено — Аня: ПО +1 (с телефона Бориса)"
    view.mark_shown()
    view.redo()
    assert view.notice.startswith("Возвращено — Аня: ПО +1")
    assert not re.search(r"[a-z]+\.[a-z]+", view.notice)  # never an event code
    assert ".." not in view.notice and "::" not in view.notice


def test_a_double_tap_on_undo_takes_back_one_move(hub, gid):
    view = GameView(hub, gid)
    for _ in range(2):
        view.mark_shown()
        view.send(*ADD)
    view.mark_shown()
    view.undo()
    view.undo()  # not re-rendered in between: stale, ignored
    assert len(hub.open(gid).game.events) == 1


def test_explain_shows_the_refusal_without_sending(hub, gid):
    view = GameView(hub, gid)
    assert not view.explain("counter.add", {"player": 1, "counter": "ПО", "delta": 0})
    assert "ноль" in view.error and view.error_player == 1
    assert hub.open(gid).game.events == ()
    assert view.explain(*ADD) and hub.open(gid).game.events == ()


def test_a_locked_screen_refuses_and_a_message_can_be_cleared(hub, gid):
    view = GameView(hub, gid)
    view.toggle_lock()
    assert not view.send(*ADD)
    assert "заблокирован" in view.error
    view.clear_message()
    assert view.error == "" and view.error_player is None and view.notice == ""
