"""Real-browser tests of the remembered Ricks cards (issue #31) and the play-card form's
checks (issue #30), offline in Chromium at phone sizes."""

from __future__ import annotations

import pytest

from companion.engine.ricks import MICRO, MINI, RICK_UNIVERSE
from companion.store.ricks_cards import RicksCatalogue, to_play
from tests.ui import render_tree as rt
from tests.ui.conftest import App
from tests.ui.test_ricks import NAMES4, fill, ricks_game, stored_game
from tests.ui.walk import Phone, game_of, new_hub

SHOTS = "/tmp/ricks"


class Counted:
    """Taps and typed fields of a player, counted as they are made (typing into a field costs
    the tap that focuses it, counted too)."""

    def __init__(self, phone: Phone) -> None:
        self.phone, self.taps, self.typed = phone, 0, 0

    async def tap(self, ident: str) -> None:
        self.taps += 1
        await self.phone.tap(ident)

    async def type(self, ident: str, text: str) -> None:
        self.taps += 1
        self.typed += 1
        await self.phone.type(ident, text)


async def _known_card(data) -> None:
    hub = new_hub(data)
    options = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3}, "charge_limit": 1}
    gid = hub.create("ricks", NAMES4, first_player=0, options=options).id
    hub.push(gid, "round.draw")
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.wait("actions-left", "5", exact=True)

    first = Counted(phone)
    await first.tap("play-open")
    await phone.wait("known-none", "Здесь будут сыгранные карты")
    await first.tap("kind-invention")
    await phone.wait("kind-invention", "выбран")
    for ident, text in (("play-build", "2"), ("play-cost", "1"), ("play-vp", "3")):
        await first.type(ident, text)
    await first.type("play-name", "Тостер")
    await phone.wait("play-preview", PREVIEW)
    await first.tap("play-card")
    await phone.gone("play-preview")
    await phone.wait("actions-left", "4", exact=True)
    known = RicksCatalogue(data).get("тостер")
    assert known is not None
    toaster = {"kind": "invention", "name": "Тостер", "build_cost": 2, "cost": 1, "vp": 3}
    assert to_play(known) == toaster

    await phone.wait("primary-action", "Передать ход")
    await phone.tap("primary-action")
    await phone.wait("status-player", "Ходит Борис")
    await phone.wait("actions-left", "5", exact=True)
    again = Counted(phone)
    await again.tap("play-open")
    await phone.wait("known-0", "Тостер")
    await again.tap("known-0")
    await phone.wait("play-preview", PREVIEW)
    await again.tap("play-card")
    await phone.gone("play-preview")
    await phone.wait("actions-left", "4", exact=True)
    played = game_of(hub, gid).events[-1].data
    assert {k: played[k] for k in toaster} == toaster
    assert (first.taps, first.typed) == (7, 4)  # before: 7 taps, 4 fields typed
    assert again.taps <= 4 and again.typed == 0, (again.taps, again.typed)
    print(f"taps: typed card {first.taps} taps / {first.typed} typed; known {again.taps} / 0")


PREVIEW = "«Тостер»: внедрение 2, активация 1 единица энергии = 3 ПО"


def test_a_card_typed_once_is_played_again_in_three_taps_without_typing(tmp_path, lasting_messages):
    """Issue #31, in-process: Аня types «Тостер» (an invention: 2 tokens, activation 1, 3 VP)
    and plays it; the card is remembered. On Борис's turn the same card takes «Сыграть
    карту», the remembered card and «Сыграть»: at most 4 taps, nothing typed, every number
    as typed before («Фаза действий»: each player plays from the same deck)."""
    data = tmp_path / "d"
    data.mkdir()
    rt.run(_known_card(data))


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
