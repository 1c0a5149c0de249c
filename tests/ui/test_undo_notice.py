"""Issue #30: two quick undos take back two moves, and the notice names both (no browser:
the GameView on a real store in a temporary directory)."""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.store import GameStore
from companion.ui.state import GameView, Hub
from tests.ui import render_tree as rt


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


def _message_layer(session) -> ft.Container:
    """The frame's message layer: the container placed just above the pinned action bar."""
    from companion.ui.game_screen import ACTION_BAR_HEIGHT

    found = [
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Container) and c.bottom == ACTION_BAR_HEIGHT + 4
    ]
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize("size", [(390, 844), (360, 640), (1280, 800)])
def test_the_notice_banner_spans_the_frame_not_the_page(tmp_path, size):
    """Screenshot of two undos at 390×844: the notice's first letters were cut off on the
    left («тменено 2 хода»). The banner was as wide as the page (390 px) inside a frame
    narrower by the page's padding, pinned to its right edge, so it stuck out on the left.
    On a phone upright the layer now spans the frame (``left`` and ``right`` 0, no width of
    its own); on a wide screen it keeps the side column's width, right-aligned."""
    from companion.ui.app import make_main
    from companion.ui.game_screen import MESSAGE_MAX_WIDTH
    from companion.ui.layout import layout_for

    async def layer() -> tuple[Any, Any, Any]:
        hub = Hub(GameStore(tmp_path))
        gid = hub.create("free", ["Аня", "Борис"], first_player=0).id
        session = await rt.open_app(make_main(hub), f"/game/{gid}", size)
        c = _message_layer(session)
        return c.left, c.right, c.width

    left, right, width = rt.run(layer())
    layout = layout_for(*size)
    if layout.two_columns:
        assert (right, left) == (0, None) and width == min(layout.side_width, MESSAGE_MAX_WIDTH)
    else:
        assert (left, right, width) == (0, 0, None)
