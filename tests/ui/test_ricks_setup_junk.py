"""The Ricks setup form refuses junk in its number fields in place, all at once (issue #30;
in-process, the real app on a real Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import flet as ft

from companion.engine.ricks import MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_new_game_names import _type


def _label(session, ident: str) -> str:
    return " ".join(
        str(c.label)
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == ident and c.label
    )


async def _junk(data) -> tuple[str, dict[str, bool], str, int]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await rt.select(session, "game-choice", "ricks")
    await rt.quiet(session)
    for ident, text in (
        ("actions-rick", "abc"),
        ("actions-micro", "-3"),
        ("actions-mini", "xyz"),
        ("charge-limit", "нет"),
    ):
        await _type(session, ident, text)
    note = _label(session, "ricks-settings-error")
    marked = {
        ident: rt.tagged_control(session, ident).border_color == ft.Colors.ERROR
        for ident in ("actions-rick", "actions-micro", "actions-mini", "charge-limit")
    }
    await _type(session, "player-name-0", "Аня")
    await _type(session, "player-name-1", "Борис")
    await rt.tap(session, rt.tagged_control(session, "start-game"))  # one tap
    await rt.quiet(session)
    return note, marked, _label(session, "error"), len(GameStore(data).list())


def test_every_bad_setup_number_is_refused_in_place_and_by_one_tap_on_start(tmp_path):
    """«Подготовка к игре»: each universe card gives a whole number of action tokens (1–20
    here), and the optional limit is a positive number of seconds. «abc», «-3», «xyz» and
    «нет» are each outlined and named as typed; one tap on «Начать игру» names all four (it
    named the first only, so four bad fields took four taps); no game is made."""
    note, marked, refusal, games = rt.run(_junk(tmp_path))
    assert all(marked.values()), marked
    for text in (f"«{RICK_UNIVERSE}»", "«abc»", f"«{MICRO}»", "«-3»", f"«{MINI}»", "«xyz»"):
        assert text in note and text in refusal, (text, note, refusal)
    assert "Лимит времени" in note and "«нет»" in refusal
    assert games == 0
