"""GameView without a browser: revisions against double taps, undo notices in words, explain.

Real store files in a temporary directory; the Hub is the one every session shares.
"""

from __future__ import annotations

import re

import pytest

from companion.store import GameStore
from companion.ui.state import GameView, Hub
from tests.ui import render_tree as rt

ADD = ("counter.add", {"player": 0, "counter": "ПО", "delta": 1})


@pytest.fixture
def hub(tmp_path):
    return Hub(GameStore(tmp_path))


@pytest.fixture
def gid(hub):
    return hub.create("free", ["Аня", "Борис"], first_player=0).id


def test_a_double_tap_applies_once_and_says_so(hub, gid):
    """The revision half of the guard: no settle window here (the suite's hubs have none), and
    the second tap, made against the revision before the first, is refused with a notice."""
    from companion.ui.state import TOO_SOON

    view = GameView(hub, gid)
    view.mark_shown()  # the frame renders revision 0
    assert view.send("turn.next")
    # the second tap arrives before the screen re-rendered: made against revision 0
    assert not view.send("turn.next")
    assert view.error == "" and view.notice == TOO_SOON
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


def test_an_undone_typed_value_says_the_value_that_is_back(hub, gid):
    """Play-test: «Отменено — Аня: Золото = 1000» while the counter was back at 0. A typed
    value's undo says what is there now; redo keeps the engine's «(было …)»."""
    view = GameView(hub, gid)
    view.mark_shown()
    assert view.send("counter.set", {"player": 0, "counter": "ПО", "value": 1000})
    view.mark_shown()
    view.undo()
    assert view.notice == "Отменено — Аня: ПО = 1000 (снова 0)"
    view.mark_shown()
    view.redo()
    assert view.notice == "Возвращено — Аня: ПО = 1000 (было 0)"


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


def _in_tap(number: int, move) -> bool:
    """``move()`` run as the handler of browser event ``number``: in an asyncio task of its
    own, as Flet dispatches each tap (:func:`companion.ui.taps.current_tap`). ``number`` only
    names the tap in the test."""

    async def tap() -> bool:
        return move()

    return rt.run(tap())  # its own loop: a browser test before may have one running here


class Clock:
    """A monotonic clock the test moves by hand (:class:`Hub`'s ``clock``)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


BORIS = ("counter.add", {"player": 1, "counter": "ПО", "delta": 1})


#: The settle window of these tests: the app's own (the suite's hubs have none).
WINDOW = 0.6


@pytest.fixture
def guard() -> Clock:
    """The clock of the guarded hubs made by :func:`guarded`."""
    return Clock()


def guarded(path, clock: Clock) -> Hub:
    """A hub with the app's settle window, timed by ``clock``."""
    return Hub(GameStore(path), settle=WINDOW, clock=clock)


@pytest.fixture
def ghub(tmp_path, guard) -> Hub:
    return guarded(tmp_path / "guarded", guard)


@pytest.fixture
def ggid(ghub) -> str:
    return ghub.create("free", ["Аня", "Борис"], first_player=0).id


def test_a_tap_right_after_a_step_change_is_not_taken(ghub, ggid, guard):
    """Play-test (Ricks, step В): a double tap on «Активировать» also activated the next
    player's card, whose button took the first one's place. After a move that moves the game
    on (here «Следующий игрок»), another tap within the settle time is not taken and says so,
    even when the screen had caught up in between; after the pause it is taken."""
    from companion.ui.state import TOO_SOON

    view = GameView(ghub, ggid)
    view.mark_shown()
    assert _in_tap(1, lambda: view.send("turn.next"))
    view.mark_shown()  # the screen caught up with the move before the second tap landed
    assert not _in_tap(2, lambda: view.send(*BORIS))
    assert view.notice == TOO_SOON and view.error == ""
    assert not _in_tap(3, lambda: view.send("turn.next"))  # «Следующий игрок» twice: once
    state = ghub.open(ggid).game.state
    assert state.active == 1 and state.values[1]["ПО"] == 0
    guard.advance(WINDOW - 0.01)
    view.mark_shown()
    assert not _in_tap(5, lambda: view.send(*BORIS))  # still inside the window
    guard.advance(0.02)
    view.mark_shown()
    assert _in_tap(4, lambda: view.send(*BORIS))  # a deliberate tap, after the pause
    assert ghub.open(ggid).game.state.values[1]["ПО"] == 1 and view.notice == ""


def test_a_dialogs_move_guards_what_was_under_the_dialog(ghub, ggid, guard):
    """Play-test (Smash Up): a double tap on the capture dialog's «Захватить» also pressed the
    pinned «Дальше» the dialog had covered. A move a dialog's button sends
    (:func:`~companion.ui.taps.closing_dialog`) guards the next tap as a step change does."""
    from companion.ui.taps import closing_dialog

    def from_dialog() -> bool:
        with closing_dialog():
            return view.send(*ADD)

    view = GameView(ghub, ggid)
    view.mark_shown()
    assert _in_tap(1, from_dialog)
    view.mark_shown()
    assert not _in_tap(2, lambda: view.send("turn.next"))
    assert ghub.open(ggid).game.state.active == 0


def test_quick_taps_where_the_game_stays_all_count(ghub, ggid, guard):
    """Counting is fast: +1, +1 on one counter and +1 on the next one, a few ms apart, all
    count — none of them changes the screen under the finger."""
    view = GameView(ghub, ggid)
    for n, move in enumerate((ADD, ADD, BORIS, ADD)):
        view.mark_shown()
        assert _in_tap(n + 1, lambda move=move: view.send(*move))
    values = ghub.open(ggid).game.state.values
    assert values[0]["ПО"] == 3 and values[1]["ПО"] == 1


def test_the_moves_one_tap_sends_together_are_all_taken(ghub, ggid, guard):
    """A handler may send several moves for one tap (Munchkin saves a class, then notes):
    the guard is about a second tap, not a second move of the same tap."""
    view = GameView(ghub, ggid)
    view.mark_shown()

    def both() -> bool:
        first = view.send("turn.next")
        view.mark_shown()
        return first and view.send(*BORIS)

    assert _in_tap(7, both)
    state = ghub.open(ggid).game.state
    assert state.active == 1 and state.values[1]["ПО"] == 1


def test_a_double_tap_on_a_card_does_not_reveal_the_second_one(tmp_path, guard):
    """Play-test (Coup, «Опасность заказного убийства»): a player who must reveal both cards
    double-tapped «Капитан» and both reveals were taken — «Капитан, Капитан», though the
    second card was never chosen. The first reveal changes the step (its phase says «обе
    карты»), so the second tap is not taken."""
    from companion.ui.state import TOO_SOON
    from tests.engine.test_coup import DOUBLE_LOSS

    hub = guarded(tmp_path, guard)
    g = hub.create("coup", ["Александрина", "Аня", "Владислав"], first_player=0)
    for kind, data in DOUBLE_LOSS:
        hub.push(g.id, kind, data)
    view = GameView(hub, g.id)
    view.mark_shown()
    captain = ("coup.lose_influence", {"player": 1, "character": "captain"})
    assert _in_tap(1, lambda: view.send(*captain))
    view.mark_shown()
    assert not _in_tap(2, lambda: view.send(*captain))
    assert view.notice == TOO_SOON
    assert hub.open(g.id).game.state.revealed[1] == ["captain"]


def test_a_double_tap_on_victory_does_not_press_the_next_phase(tmp_path, guard):
    """Play-test (Munchkin, «Бой»): a double tap on the pinned «Победа» won the fight and
    then pressed the «Дальше» that took its place — the fight closed within «Вышибаем
    дверь!», so turn, player and phase stayed and the guard did not see a change. A fight is
    now a step of its own (:meth:`~companion.engine.munchkin.MunchkinDefinition.step`): the
    second tap is not taken, and the phase stays where the win left it."""
    from companion.ui.state import TOO_SOON

    hub = guarded(tmp_path, guard)
    g = hub.create("munchkin", ["Аня", "Борис", "Вера"], first_player=0)
    hub.push(g.id, "level.set", {"player": 0, "value": 4})
    hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 1}})
    view = GameView(hub, g.id)
    view.mark_shown()
    phase = hub.open(g.id).game.state.phase
    assert _in_tap(1, lambda: view.send("combat.resolve", {}))
    view.mark_shown()  # the screen caught up: «Дальше» is where «Победа» was
    assert not _in_tap(2, lambda: view.send("phase.next", {}))
    assert view.notice == TOO_SOON
    state = hub.open(g.id).game.state
    assert state.combat is None and state.phase == phase and state.players[0].level == 5


def test_a_double_tap_on_a_monsters_trash_takes_out_one_monster(tmp_path, guard):
    """helper-50: a double tap on the first monster's trash button also took out the second
    monster, which moved up under the finger. Taking a monster out changes the fight's step
    (its number of monsters), so the second tap is not taken."""
    from companion.ui.state import TOO_SOON

    hub = guarded(tmp_path, guard)
    g = hub.create("munchkin", ["Аня", "Борис", "Вера"], first_player=0)
    hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 1}})
    hub.push(g.id, "combat.monster.add", {"monster": {"name": "Тявмат", "level": 10}})
    view = GameView(hub, g.id)
    view.mark_shown()
    remove = ("combat.monster.remove", {"index": 0})
    assert _in_tap(1, lambda: view.send(*remove))
    view.mark_shown()
    assert not _in_tap(2, lambda: view.send(*remove))
    assert view.notice == TOO_SOON
    assert [m.name for m in hub.open(g.id).game.state.combat.monsters] == ["Тявмат"]


def test_undo_and_redo_are_never_refused_by_the_settle_window(ghub, ggid, guard):
    """Undo and redo answer the top bar, which nothing covers: right after a move that starts
    the settle window (no time passes on the clock), an undo from another tap is taken, and
    so is a redo after it."""
    view = GameView(ghub, ggid)
    view.mark_shown()
    assert _in_tap(1, lambda: view.send("turn.next"))
    view.mark_shown()
    _in_tap(2, view.undo)
    assert ghub.open(ggid).game.state.active == 0 and view.notice.startswith("Отменено")
    view.mark_shown()
    _in_tap(3, view.redo)
    assert ghub.open(ggid).game.state.active == 1 and view.notice.startswith("Возвращено")


def test_a_settle_window_below_zero_is_refused(tmp_path):
    with pytest.raises(ValueError, match="settle"):
        Hub(GameStore(tmp_path), settle=-1)
