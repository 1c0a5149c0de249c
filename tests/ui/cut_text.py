"""What a player sees of a text in Chromium (the semantics tree, no model of the font): drawn
whole, or cut by Flutter with «…» and readable whole another way.

A tagged ``ft.Text``'s semantics node is as wide as Flutter laid the text out: a whole text
under loose constraints is narrower than its room; one Flutter cut with «…» fills it.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.ui.conftest import App
from tests.ui.phone import box

__all__ = ["assert_whole_or_told", "drawn_whole"]


def drawn_whole(app: App, ident: str, room: float) -> bool:
    """Whether the text tagged ``ident`` is drawn whole in a room ``room`` px wide (see the
    module): narrower than the room by more than a px."""
    return box(app, ident)["width"] + 1 < room


def assert_whole_or_told(
    app: App, ident: str, whole: str, room: float, tell: Callable[[], str]
) -> bool:
    """The text tagged ``ident`` says ``whole`` to a screen reader, lies within ``room`` px,
    and is drawn whole there; or, when Flutter cut it, ``tell()`` (the player's way to read
    it: a tap that opens a title, a dialog) returns a text holding it whole. Returns whether
    it was drawn whole."""
    assert whole in app.label(ident), (ident, app.label(ident), whole)
    b = box(app, ident)
    assert b["width"] <= room + 0.5, (ident, b, room)
    if drawn_whole(app, ident, room):
        return True
    told = tell()
    assert whole in told, (ident, whole, told)
    return False
