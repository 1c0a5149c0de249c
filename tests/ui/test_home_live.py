"""Every phone's saved-games list follows the games the others start and delete (SPEC
§7: every phone sees the same games live) — in-process, two real Flet sessions on one hub
(:mod:`tests.ui.render_tree`)."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _saved(session: Any) -> set[str]:
    """The saved-game cards on the session's screen."""
    shown = rt.shown_ids(session)
    return {
        c.identifier
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics)
        and id(c) in shown
        and (c.identifier or "").startswith("saved-")
    }


async def _two_phones(data) -> list[set[str]]:
    hub = Hub(GameStore(data))
    waiting = await rt.open_app(make_main(hub), "/")  # a phone left on the home screen
    seen = [_saved(waiting)]
    g = hub.create("free", ["Аня", "Борис"], first_player=0)  # another phone starts a game
    await rt.quiet(waiting)
    seen.append(_saved(waiting))
    starter = await rt.open_app(make_main(hub), "/")
    await rt.tap(starter, rt.tappables(starter)[f"delete-{g.id}"])
    await rt.quiet(starter)
    await rt.tap(starter, rt.in_dialog(starter, "delete-yes"))
    await rt.quiet(starter)
    await rt.quiet(waiting)
    seen.append(_saved(waiting))
    return seen, g.id


def test_a_phone_on_the_home_screen_sees_games_started_and_deleted_elsewhere(tmp_path):
    """Table mode: phone B waits on the home screen while phone A starts a game — B's list
    shows it without a tap (it stayed «Пока ни одной», even across reloads, until B left the
    screen and came back); and a game deleted on A leaves B's list."""
    seen, gid = rt.run(_two_phones(tmp_path / "d"))
    assert seen == [set(), {f"saved-{gid}"}, set()]
