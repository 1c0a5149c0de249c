"""Real-browser tests of the remembered Ricks cards (issue #31) and the play-card form's
checks (issue #30), offline in Chromium at phone sizes."""

from __future__ import annotations

import pytest

from companion.store.ricks_cards import RicksCatalogue, to_play
from tests.ui.conftest import App
from tests.ui.phone import tap_primary
from tests.ui.test_ricks import NAMES4, fill, ricks_game, stored_game

SHOTS = "/tmp/ricks"


class Counted:
    """Taps and typed fields of a player, counted as they are made (typing into a field costs
    the tap that focuses it, counted too)."""

    def __init__(self, app: App) -> None:
        self.app, self.taps, self.typed = app, 0, 0

    def tap(self, ident: str) -> None:
        self.taps += 1
        self.app.tap(ident)

    def type(self, ident: str, text: str) -> None:
        self.taps += 1
        self.typed += 1
        fill(self.app, ident, text)


def test_a_card_typed_once_is_played_again_in_three_taps_without_typing(app, server):
    """Issue #31: Аня types «Тостер» (an invention: 2 tokens, activation 1, 3 VP) and plays
    it; the card is remembered. On Борис's turn the same card takes «Сыграть карту», the
    remembered card and «Сыграть»: at most 4 taps, nothing typed, every number as typed
    before («Фаза действий»: each player plays from the same deck)."""
    gid = ricks_game(server, NAMES4, "round.draw")
    app.open(f"/game/{gid}")
    app.wait_label("actions-left", "5")

    first = Counted(app)
    first.tap("play-open")
    app.wait_label("known-none", "Здесь будут сыгранные карты")
    first.tap("kind-invention")
    app.wait_label("kind-invention", "выбран")
    for ident, text in (("play-build", "2"), ("play-cost", "1"), ("play-vp", "3")):
        first.type(ident, text)
    first.type("play-name", "Тостер")
    app.wait_label("play-preview", "«Тостер»: внедрение 2, активация 1 единица энергии = 3 ПО")
    first.tap("play-card")
    app.el("play-preview").wait_for(state="detached")
    app.wait_label("actions-left", "4")
    stored_game(server.data_dir, 2)
    known = RicksCatalogue(server.data_dir).get("тостер")
    assert known is not None
    toaster = {"kind": "invention", "name": "Тостер", "build_cost": 2, "cost": 1, "vp": 3}
    assert to_play(known) == toaster

    app.wait_label("primary-action", "Передать ход")
    tap_primary(app)
    app.wait_label("status-player", "Ходит Борис")
    app.wait_label("actions-left", "5")
    again = Counted(app)
    again.tap("play-open")
    app.wait_label("known-0", "Тостер")
    app.shot(f"{SHOTS}/known-390x844-open.png")
    again.tap("known-0")
    app.wait_label("play-preview", "«Тостер»: внедрение 2, активация 1 единица энергии = 3 ПО")
    app.shot(f"{SHOTS}/known-390x844-picked.png")
    again.tap("play-card")
    app.el("play-preview").wait_for(state="detached")
    app.wait_label("actions-left", "4")
    game = stored_game(server.data_dir, 4).game
    played = game.events[-1].data
    assert {k: played[k] for k in toaster} == toaster
    assert (first.taps, first.typed) == (7, 4)  # before: 7 taps, 4 fields typed
    assert again.taps <= 4 and again.typed == 0, (again.taps, again.typed)
    print(f"taps: typed card {first.taps} taps / {first.typed} typed; known {again.taps} / 0")


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (360, 640)])
def test_every_bad_field_of_a_card_is_refused_at_once(browser, server, size):
    """Issue #30: «abc», «-3» and «xyz» in three number fields are refused by one tap on
    «Сыграть», each field named in the refusal line and outlined; the preview shows «?»
    for each, never the junk; nothing is played. The dialog's controls stay reachable."""
    app = App(browser, server, *size)
    try:
        gid = ricks_game(server, NAMES4, "round.draw")
        app.open(f"/game/{gid}")
        app.wait_label("actions-left", "5")
        app.tap("play-open")
        app.el("play-preview").wait_for()
        app.tap("kind-invention")
        app.wait_label("kind-invention", "выбран")
        for ident, text in (("play-build", "abc"), ("play-cost", "-3"), ("play-vp", "xyz")):
            fill(app, ident, text)
        app.wait_label("play-preview", "внедрение ?, активация ? единиц энергии = ? ПО")
        app.tap("play-card")
        app.steady("play-error")  # in landscape the form scrolls: the line is brought into view
        app.wait_label("play-error", "«Жетонов» (введено «abc»), «Цена» (введено «-3»), «ПО»")
        said = app.label("play-error")
        assert "«xyz»" in said and "abc ПО" not in said
        w, h = size
        app.shot(f"{SHOTS}/bad-fields-{w}x{h}.png")
        assert len(stored_game(server.data_dir).game.events) == 1
    finally:
        app.close()
