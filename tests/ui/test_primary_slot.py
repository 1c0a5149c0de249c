"""The pinned primary action keeps its box while its label changes (issue 29, «nothing moves
under a finger»), in Chromium: Munchkin («Дальше» → «Следующий игрок», «Победа» → «Дальше»)
and Coup («Объявить» → «Никто» → «Показан») on a phone upright (360×640) and on its side
(844×390, 640×360). Its slot depends on the layout only
(:func:`companion.ui.layout.primary_width`); each label is drawn whole in it: the node
says the full text, and the text is narrower than its room (Flutter cut none with «…»)."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.ui.controls import ROOMY_SLOT
from tests.ui.conftest import App, Server
from tests.ui.cut_text import drawn_whole
from tests.ui.phone import box, same_place

SIZES = [(360, 640), (844, 390), (640, 360)]
MONSTER = {"name": "Зомби", "level": 1, "treasures": 1}


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests (each opens a game of its own by its id)."""
    return module_server


def _game(server: Server, game: str, names: list[str], moves=()) -> str:
    g = GameStore(server.data_dir).create(game, names, first_player=0)
    for type_, data in moves:
        g.push(type_, data)
    g.close()
    return g.id


class _Watch:
    """The primary action's first box, and each label it shows after it (whole, same box)."""

    def __init__(self, app: App) -> None:
        self.app = app
        size = app.page.viewport_size
        mark = f"layout-{size['width']}x{size['height']}"  # laid out for this size
        app.el(mark).wait_for(state="attached", timeout=60_000)
        self.first = self.check("")

    def check(self, label: str) -> dict:
        app = self.app
        if label:
            app.wait_label("primary-action", label)
        b = app.steady("primary-action")
        said = app.el("primary-action").get_attribute("aria-label")
        drawn = (app.el("primary-label").text_content() or "").replace("\n", " ").strip()
        assert not label or said == drawn == label, (said, drawn, label)
        # the text's room: the slot less the button's padding (and its icon, when roomy)
        pad = 12 if b["width"] >= ROOMY_SLOT else 6
        room = b["width"] - 2 * pad - (28 if b["width"] >= ROOMY_SLOT else 0)
        text = box(app, "primary-label")
        assert text["width"] <= room + 0.5 and drawn_whole(app, "primary-label", room + 1), (
            said,
            text,
            room,
        )
        if label:
            assert same_place(self.first, b), (label, self.first, b)
        return b


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_munchkin_primary_keeps_its_box(browser, server, size):
    """A turn: «Дальше» through the phases to «Следующий игрок» («Фазы хода»); a fight's
    «Победа» back to «Дальше» («Бой»)."""
    plain = _game(server, "munchkin", ["Аня", "Борис", "Вика"])
    fight = _game(
        server,
        "munchkin",
        ["Аня", "Борис", "Вика"],
        [
            ("level.change", {"player": 0, "delta": 3}),
            ("combat.start", {"monster": MONSTER}),
        ],
    )
    app = App(browser, server, *size).open(f"/game/{plain}")
    try:
        watch = _Watch(app)
        assert app.el("primary-action").get_attribute("aria-label") == "Дальше"
        for phase, label in (
            ("Ищем неприятности", "Дальше"),
            ("Чистим нычки", "Дальше"),
            ("От щедрот", "Следующий игрок"),
        ):
            app.tap("primary-action")
            app.wait_label("status-phase", phase)  # the tap made its move
            watch.check(label)
        app.open(f"/game/{fight}")
        watch.check("Победа")
        app.tap("primary-action")
        watch.check("Дальше")
        app.shot(f"/tmp/fit/munchkin-{size[0]}x{size[1]}.png")
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_coup_primary_keeps_its_box(browser, server, size):
    """An exchange declared («Объявить»), the table asked «Никто?», a challenge: «Показан»
    with «Не показан» beside it («Оспаривание»)."""
    gid = _game(server, "coup", ["Аня", "Борис", "Вика"])
    app = App(browser, server, *size).open(f"/game/{gid}")
    try:
        app.wait_label("primary-action", "Объявить")
        watch = _Watch(app)
        app.tap("act-exchange")
        app.wait_label("preview", "Обмен")
        app.tap("primary-action")
        watch.check("Никто")
        app.tap("challenge-p1")
        watch.check("Показан")
    finally:
        app.close()


def test_the_slot_and_the_tools_follow_the_layout_alone():
    """:func:`primary_width` and :attr:`Layout.tools_beside` from the layout alone, at the
    issue's seven sizes: the top bar heads the side column on a phone on its side only, and
    the slot is never narrower than 140 px (the longest label's 15 px line) nor wider than
    :data:`~companion.ui.layout.PRIMARY_MAX`."""
    from companion.ui.layout import PRIMARY_MAX, layout_for, primary_width

    sizes = [(360, 640), (390, 844), (412, 915), (844, 390), (640, 360), (768, 1024), (1280, 800)]
    beside = {size for size in sizes if layout_for(*size).tools_beside}
    assert beside == {(844, 390), (640, 360)}
    widths = {size: primary_width(layout_for(*size)) for size in sizes}
    assert all(140 <= w <= PRIMARY_MAX for w in widths.values()), widths
