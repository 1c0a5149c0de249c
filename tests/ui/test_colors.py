"""A player's colour drawn as text reads on both themes (:mod:`companion.present.colors`).

Play-test (Smash Up, 4 players): the yellow player's VP «0» on the strip could hardly be read
— #FDD835 has a contrast of 1.4 : 1 with white."""

from __future__ import annotations

import flet as ft
from coloraide import Color
from hypothesis import given
from hypothesis import strategies as st

from companion.engine.records import PALETTE, PlayerSpec
from companion.present.colors import DARK_BACKGROUND, LIGHT_BACKGROUND, MIN_CONTRAST, ink
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

hexes = st.integers(0, 0xFFFFFF).map(lambda n: f"#{n:06x}")


def contrast(a: str, b: str) -> float:
    return float(Color(a).contrast(b, method="wcag21"))


@given(hexes)
def test_every_colour_as_text_reads_on_both_themes(color):
    text = ink(color)
    assert contrast(text, LIGHT_BACKGROUND) >= MIN_CONTRAST, (color, text)
    assert contrast(text, DARK_BACKGROUND) >= MIN_CONTRAST, (color, text)


@given(hexes)
def test_a_colour_that_reads_already_is_kept_and_a_hue_is_kept(color):
    text = ink(color)
    if min(contrast(color, LIGHT_BACKGROUND), contrast(color, DARK_BACKGROUND)) >= MIN_CONTRAST:
        assert text == color
    before, after = Color(color).convert("oklch"), Color(text).convert("oklch")
    if before["chroma"] > 0.1 and after["chroma"] > 0.05:  # a real hue on both sides
        turn = abs(before["hue"] - after["hue"]) % 360
        assert min(turn, 360 - turn) < 12, (color, text)


def test_the_palettes_light_colours_get_a_darker_ink_and_theme_names_pass():
    yellow = PALETTE[3]
    assert contrast(yellow, LIGHT_BACKGROUND) < MIN_CONTRAST <= contrast(ink(yellow), "#ffffff")
    assert ink("primary") == "primary"


async def _vp_texts(data):
    from tests.ui.test_number_pad import SMASHUP_OPTIONS, SMASHUP_START

    hub = Hub(GameStore(data))
    players = [
        PlayerSpec(n, c) for n, c in zip(("Аня", "Борис", "Гоша"), PALETTE[1:4], strict=True)
    ]
    g = hub.create("smashup", players, first_player=0, options=SMASHUP_OPTIONS)
    for kind, move in SMASHUP_START:
        hub.push(g.id, kind, move)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return [rt.tagged_control(session, f"vp-p{i}") for i in range(3)], players


def test_the_yellow_players_vp_is_drawn_in_a_readable_ink(tmp_path):
    boxes, players = rt.run(_vp_texts(tmp_path))
    for box, spec in zip(boxes, players, strict=True):
        assert isinstance(box, ft.Container) and isinstance(box.content, ft.Text)
        assert box.content.color == ink(spec.color)
        assert contrast(box.content.color, LIGHT_BACKGROUND) >= MIN_CONTRAST, spec
    assert boxes[2].content.color != PALETTE[3]  # Гоша's yellow is drawn darker
