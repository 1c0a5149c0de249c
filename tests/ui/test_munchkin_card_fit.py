"""«Манчкин Апокалипсис» at 360×640 with long names (Chromium): on each player's card the
name, the «ходит» marker, the class and the strength lie side by side, never over each
other (play-test: «Александрина» ran under «ходит» and «сила»); a name cut by Flutter is
whole in its label and in the status line."""

from __future__ import annotations

from companion.store import GameStore
from tests.ui.conftest import App
from tests.ui.phone import box

NAMES = ["Александрина", "Константин", "Вика", "Гена"]


def test_names_classes_and_strength_never_overlap(browser, server):
    gid = GameStore(server.data_dir).create("munchkin", NAMES, first_player=0).id
    app = App(browser, server, 360, 640).open(f"/game/{gid}")
    try:
        app.wait_label("status-player", "Ходит Александрина")
        for i in (0, 1, 2):  # the cards on the first screen
            name, power = app.steady(f"name-p{i}"), box(app, f"power-p{i}")
            assert NAMES[i] in app.label(f"name-p{i}")
            assert name["x"] + name["width"] <= power["x"] + 0.5, (i, name, power)
            if i:  # the active card shows its marker instead of the class
                klass = box(app, f"class-p{i}")
                assert name["x"] + name["width"] <= klass["x"] + 0.5, (i, name, klass)
                assert klass["x"] + klass["width"] <= power["x"] + 0.5, (i, klass, power)
    finally:
        app.close()
