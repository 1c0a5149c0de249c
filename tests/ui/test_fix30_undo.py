"""Issue #30: two quick undos take back two moves, and the notice names both (no browser:
the GameView on a real store in a temporary directory)."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.ui.state import GameView, Hub


@pytest.fixture
def hub(tmp_path):
    return Hub(GameStore(tmp_path))


def test_two_quick_undos_name_both_moves(hub):
    """Play-test: undo tapped twice quickly took back two moves, the notice named only the
    second. Each tap is made on a screen that caught up, so both count, and both are named."""
    gid = hub.create("free", ["Аня", "Борис"], first_player=0).id
    view = GameView(hub, gid)
    view.mark_shown()
    assert view.send("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    view.mark_shown()
    assert view.send("turn.next")
    view.mark_shown()
    view.undo()
    view.mark_shown()
    view.undo()
    assert hub.open(gid).game.events == ()
    assert view.notice.startswith("Отменено 2 хода — ")
    assert "Ход переходит" in view.notice and "Аня: ПО +1" in view.notice


def test_an_undo_after_a_move_starts_a_new_notice(hub):
    gid = hub.create("free", ["Аня", "Борис"], first_player=0).id
    view = GameView(hub, gid)
    for _ in range(2):
        view.mark_shown()
        assert view.send("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    view.mark_shown()
    view.undo()
    view.mark_shown()
    assert view.send("counter.add", {"player": 1, "counter": "ПО", "delta": 1})
    view.mark_shown()
    view.undo()
    assert view.notice == "Отменено — Борис: ПО +1"
    view.mark_shown()
    view.redo()
    assert view.notice.startswith("Возвращено — Борис: ПО +1")
