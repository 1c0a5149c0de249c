"""The new-game screen's game picker shows the chosen game's name whole or cut with «…»
(in-process, the real app on a real Flet session: :mod:`tests.ui.render_tree`).

Play-test at 390 px: «Рик и Морти: Наверное, Рики сошли с ума» in the picker's field was
clipped to «Рик и Морти: Наверное, Рики сошл», with no «…». The field now shows it at 14 px,
cut at a word with «…» where it does not fit; its menu item and its spoken label keep the
whole name.
"""

from __future__ import annotations

import flet as ft
import pytest

from companion.engine import GAMES
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.new_game import PICKER_CHROME, picker_text
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.text_fit import text_width

RICKS = GAMES["ricks"].title


async def _picker(data) -> tuple[ft.Dropdown, str]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await rt.select(session, "game-choice", "ricks")
    node = next(
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "game-choice"
    )
    return node.content, node.label


def test_a_long_game_name_is_cut_with_an_ellipsis_and_said_whole(tmp_path):
    dropdown, label = rt.run(_picker(tmp_path))  # the harness's page is 390 px wide
    option = next(o for o in dropdown.options if o.key == "ricks")
    assert option.text.endswith("…") and RICKS.startswith(option.text[:-1]), option.text
    assert text_width(option.text, dropdown.text_size) <= 390 - 44 - PICKER_CHROME
    assert isinstance(option.content, ft.Text) and option.content.value == RICKS  # the menu
    assert label == f"Игра: {RICKS}"
    others = [o for o in dropdown.options if o.key != "ricks"]
    assert all(o.text == GAMES[o.key].title and o.content is None for o in others)


@pytest.mark.parametrize("column", [316, 346, 640])
def test_every_game_name_fits_the_field_whole_or_cut_at_a_word(column):
    for game in GAMES.values():
        text, size = picker_text(game.title, column)
        assert text_width(text, size) <= column - PICKER_CHROME, (text, size)
        if text != game.title:
            kept = text[:-1]
            assert text.endswith("…") and game.title.startswith(kept), text
            assert game.title[len(kept)] in " ,:", text  # cut between words
            assert len(kept.split(" ")[-1]) > 2, text  # not after «с»
    assert picker_text(RICKS, 640) == (RICKS, 16)  # a laptop's column: whole, full size
