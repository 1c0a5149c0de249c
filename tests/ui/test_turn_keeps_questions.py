"""A phone turned mid-game keeps an open question (issue 29: «A rotation mid-game keeps the
game, the open dialog and the open fight»), in Chromium, across turns that change the primary
action's slot and the frame's columns, both ways:

* free counters: «Завершить игру?», asked from the pinned bar's flag, through 390×844 →
  844×390 → 390×844 (the bar goes from under the board to the side column and back);
* Munchkin: «Сорвать сивучать?», asked from the seals the pinned bar holds at 360×640, through
  360×640 → 640×360 → 360×640 (the seals go to the board's top line and back).

Each question is still open after every turn, saying the same, and its answer then does what
it says. Coup, Smash Up and «Рик и Морти» ask nothing from their bars or the top bar (undo,
redo, the journal, the rules and the lock act at once). In process, every board's primary
action takes the new slot's width after each turn (:func:`companion.ui.layout.primary_width`)
with its bar never made afresh.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.store import GameStore
from companion.ui.layout import layout_for, primary_width
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.conftest import App, drawn
from tests.ui.phone import visit
from tests.ui.walk import Phone

NAMES = ["Аня", "Борис", "Вика"]
#: What the open dialog says: every label and text under the modal route's node.
_QUESTION = """() => {
    const m = document.querySelector('[aria-modal="true"]');
    if (!m) return null;
    const parts = [];
    for (const e of [m, ...m.querySelectorAll('*')]) {
        const label = e.getAttribute('aria-label');
        if (label) parts.push(label.trim());
        for (const n of e.childNodes)
            if (n.nodeType === 3 && n.textContent.trim()) parts.push(n.textContent.trim());
    }
    return parts.join(' | ');
}"""


def _game(data: Any, game: str, moves=(), **options: Any) -> str:
    g = GameStore(data).create(game, NAMES, first_player=0, options=options or None)
    for type_, data_ in moves:
        g.push(type_, data_)
    g.close()
    return g.id


def _asked(app: App, ident: str) -> str:
    """What the open dialog says once its ``ident`` button is there."""
    app.appear(ident)
    said = app.page.evaluate(_QUESTION)
    assert said, f"no dialog open: {ident!r} is not in one"
    return said


def _turn(app: App, width: int, height: int) -> None:
    """Turn the page to ``width``×``height`` and wait until the server's layout for it has
    arrived and been drawn (a question the turn closes is closed in that render or before;
    the frame's own ``layout-…`` mark is under the dialog's barrier, out of the tree)."""
    sent = len(app.frames.received)
    app.page.set_viewport_size({"width": width, "height": height})
    app.frames.wait_for(f"layout-{width}x{height}", after=sent, timeout=60)
    drawn(app.page)


def _kept_through(app: App, ident: str, sizes: list[tuple[int, int]]) -> None:
    """The dialog with ``ident`` in it says the same after each turn to ``sizes``."""
    before = _asked(app, ident)
    for width, height in sizes:
        _turn(app, width, height)
        assert _asked(app, ident) == before, (width, height)


def _slot_is(app: App, width: int, height: int) -> None:
    """The primary action is as wide as the slot of a ``width``×``height`` page."""
    b = app.steady("primary-action")
    want = primary_width(layout_for(width, height))
    assert abs(b["width"] - want) <= 1, (width, height, b, want)


def test_the_end_game_question_stays_open_through_a_turn_and_then_ends_the_game(
    module_page: App, module_server
):
    """Free counters: «Завершить игру?» open, the phone on its side and back upright (the slot
    176 → 193 → 176 px, one column → two → one): the same question; «Завершить» then ends
    the game with Борис, who leads, as the winner."""
    counters = [{"name": "ПО", "step": 1, "start": 0}]
    gid = _game(
        module_server.data_dir,
        "free",
        [("counter.add", {"player": 1, "counter": "ПО", "delta": 3})],
        counters=counters,
    )
    app = visit(module_page, f"/game/{gid}", "val-p1-c0", "3", 390, 844)
    app.tap("end-game")
    assert "Завершить игру?" in _asked(app, "end-confirm")
    assert "Борис" in _asked(app, "end-confirm")
    _kept_through(app, "end-confirm", [(844, 390), (390, 844)])
    app.tap("end-confirm")
    app.wait_label("winner", "Борис")
    _slot_is(app, 390, 844)


def test_the_seal_question_from_the_bar_stays_open_through_a_turn_and_then_breaks_one(
    module_page: App, module_server
):
    """Munchkin at 360×640: the seals in the pinned bar ask before a seal is broken; the
    phone on its side (the seals back in the board's top line, the slot 162 → 146 px) and
    upright again: the same question; «Сорвать» then breaks one (1/7)."""
    gid = _game(module_server.data_dir, "munchkin")
    app = visit(module_page, f"/game/{gid}", "seals", "0/7", 360, 640)
    app.tap("seal-break")
    assert "0/7" in _asked(app, "seal-confirm")
    _kept_through(app, "seal-confirm", [(640, 360), (360, 640)])
    app.tap("seal-confirm")
    app.wait_label("seals", "1/7")
    _slot_is(app, 360, 640)


#: Each board at a moment with its primary action (game, moves, options), and the turns
#: walked in process.
_RICKS = {"actions": {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3}}
_BOARDS: dict[str, tuple[str, Any, dict[str, Any]]] = {
    "free": ("free", (), {}),
    "munchkin": ("munchkin", (), {}),
    "munchkin-fight": (
        "munchkin",
        [("combat.start", {"monster": {"name": "Тявмат", "level": 8}})],
        {},
    ),
    "coup": ("coup", (), {}),
    "smashup": ("smashup", (), {}),
    "ricks": ("ricks", (), _RICKS),
}
_TURNS = [(412, 915), (844, 390), (640, 360), (360, 640), (1280, 800), (390, 844)]


def _primary_widths(session: Any) -> set[float]:
    """The widths of the primary actions shown."""
    shown = rt.shown_ids(session)
    return {
        c.content.width
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "primary-action" and id(c) in shown
    }


async def _walk(data: Any) -> dict[str, list[tuple[tuple[int, int], set[float], int]]]:
    hub = Hub(GameStore(data))
    seen: dict[str, list[tuple[tuple[int, int], set[float], int]]] = {}
    for name, (game, moves, options) in _BOARDS.items():
        gid = _game(data, game, moves, **options)
        phone = await Phone.open(hub, f"/game/{gid}", size=(390, 844))
        session = phone.session
        seen[name] = []
        for width, height in _TURNS:
            session.apply_page_patch({"width": width, "height": height})
            await session.dispatch_event(
                session.page._i, "resize", {"width": width, "height": height}
            )
            await rt.quiet(session)
            want = primary_width(layout_for(width, height))
            seen[name].append(((width, height), _primary_widths(session), want))
    return seen


def test_every_boards_primary_action_takes_the_new_slot_after_each_turn(tmp_path):
    """In process: each board turned through six sizes from 390×844; after each turn its one
    primary action has the new size's slot — inside memoised bars too (free counters',
    Munchkin's, Smash Up's, Ricks'), which no turn makes afresh."""
    seen = rt.run(_walk(tmp_path))
    wrong = {
        name: [(size, got, want) for size, got, want in turns if got != {want}]
        for name, turns in seen.items()
    }
    assert not any(wrong.values()), wrong
