"""The home screen's saved-games list on a phone (390×844) and a laptop (1280×800), Chromium.

Phone: a long game name («Рик и Морти: Наверное, Рики сошли с ума») takes two lines of the
card and its full text stays available (the spoken label), the delete button has its own
48 dp column right of the text, and a tap on the card opens the game. Laptop: two columns —
the menu on the left, the saved games as a grid of cards on the right, within a maximum width.
"""

from __future__ import annotations

import time

import pytest

from companion.store import GameStore
from companion.ui.home import MAX_WIDTH
from tests.ui.conftest import App, Server

RICKS = "Рик и Морти: Наверное, Рики сошли с ума"
ACTIONS = {"actions": {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3}}


@pytest.fixture(scope="module")
def three_games(tmp_path_factory):
    """One host for the module, with three saved games (no test adds, deletes or changes
    one: the delete dialog is opened, never confirmed)."""
    data = tmp_path_factory.mktemp("home") / "data"
    store = GameStore(data)
    ids = [
        store.create("ricks", ["Аня", "Борис", "Вика", "Гоша"], first_player=0, options=ACTIONS).id,
        store.create("coup", ["Вика", "Гоша"], first_player=0).id,
        store.create("free", ["Аня", "Борис"], first_player=0).id,
    ]
    srv = Server(data)
    yield srv, ids
    srv.stop()


def test_laptop_home_has_a_menu_column_and_a_grid_of_games(browser, three_games):
    srv, (ricks, coup, free) = three_games
    app = App(browser, srv, width=1280, height=800).open("/")
    try:
        menu = app.box("new-game")
        cards = [app.box(f"saved-{g}") for g in (ricks, coup, free)]
        # the menu is a column on the left: «Правила» under «Новая игра», same width
        rules = app.box("open-rules")
        assert rules["y"] > menu["y"] and abs(rules["x"] - menu["x"]) < 1, (menu, rules)
        assert abs(rules["width"] - menu["width"]) < 1
        assert all(c["x"] > menu["x"] + menu["width"] for c in cards), (menu, cards)
        # two cards side by side, the third on the next row (newest first)
        cards.sort(key=lambda c: (c["y"], c["x"]))
        assert abs(cards[0]["y"] - cards[1]["y"]) < 1 and cards[1]["x"] > cards[0]["x"], cards
        assert cards[2]["y"] > cards[0]["y"] + cards[0]["height"], cards
        left = menu["x"]
        right = max(c["x"] + c["width"] for c in cards)
        assert right - left <= MAX_WIDTH, (left, right)
    finally:
        app.close()


def test_phone_home_wraps_names_speaks_russian_and_sends_nothing_off_the_device(
    browser, three_games
):
    """One home screen at 390×844, in turn:

    * the list: a long game name takes two lines of the card, whole; the delete button has
      its own 48 dp column right of the text, inside the card;
    * play-test: a screen reader announced every dialog as «Alert» — Flutter's own words (a
      dialog's label, a text field's menu) followed the browser's English. The app sets a
      Russian locale: the delete dialog is announced in Russian, and no node says «Alert»;
    * offline-first: Flet's web client asks a CDN for Rive's runtime (an animation library
      the app does not use); the page's Content-Security-Policy refuses it in the browser, so
      it never reaches the network — here, never the route that stands in for the network;
    * a tap on a card opens the game."""
    srv, (ricks, coup, free) = three_games
    app = App(browser, srv)
    asked: list[str] = []
    ended: list[str] = []  # requests that went out or failed (the CSP refusal among them)
    app.page.on("request", lambda r: asked.append(r.url))
    app.page.on("requestfailed", lambda r: ended.append(r.url))
    app.page.on("requestfinished", lambda r: ended.append(r.url))
    try:
        app.open("/")
        app.wait_label(f"title-{ricks}", RICKS)  # the full name, not cut
        title, card, delete = (app.box(f"{k}-{ricks}") for k in ("title", "saved", "delete"))
        short = app.box(f"title-{coup}")
        # the long name takes two lines of the same font where «Переворот» takes one
        assert 1.6 * short["height"] <= title["height"] <= 2.4 * short["height"], (title, short)
        # the delete button: its own 48 dp column right of the text, inside the card
        assert delete["width"] >= 47.5 and delete["height"] >= 47.5, delete
        assert title["x"] + title["width"] <= delete["x"] + 0.5, (title, delete)
        assert delete["x"] + delete["width"] <= card["x"] + card["width"] + 0.5, (delete, card)
        assert card["x"] + card["width"] <= 390, card

        app.tap(f"delete-{free}")
        app.el("delete-yes").wait_for()
        labels = app.page.evaluate(
            "() => [...document.querySelectorAll('flt-semantics')]"
            ".map(e => e.getAttribute('aria-label') || '').filter(Boolean)"
        )
        assert not [x for x in labels if "Alert" in x], labels
        assert "Оповещение" in labels, labels  # Material's Russian name of an alert dialog
        app.tap("delete-no")
        app.el("delete-yes").wait_for(state="detached")

        # the client did ask for Rive's runtime, and the request has ended: refused in the
        # page, so nothing went out
        deadline = time.monotonic() + 20
        while not any("rive" in u for u in ended) and time.monotonic() < deadline:
            app.page.wait_for_timeout(50)  # lets Playwright deliver the page's events
        assert any("rive" in u for u in asked), asked
        assert any("rive" in u for u in ended), ended
        assert app.blocked == []

        app.tap(f"saved-{coup}")
        app.el("primary-action").wait_for()
        assert app.page.url.endswith(f"/game/{coup}")
    finally:
        app.close()
