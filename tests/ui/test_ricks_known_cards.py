"""The remembered Ricks cards (issue #31) and the play-card form's checks (issue #30),
in-process; in Chromium at phone sizes on one page for the module (the bad fields typed in
landscape, and undo right after an activation, issue #29)."""

from __future__ import annotations

import flet as ft

from companion.engine.ricks import MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.store.ricks_cards import RicksCatalogue, to_play
from tests.ui import render_tree as rt
from tests.ui.phone import visit
from tests.ui.test_ricks import NAMES4, OPTIONS, fill, ricks_game, stored_game
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


async def _bad_fields(data) -> None:
    hub = new_hub(data)
    options = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3}, "charge_limit": 1}
    gid = hub.create("ricks", NAMES4, first_player=0, options=options).id
    hub.push(gid, "round.draw")
    phone = await Phone.open(hub, f"/game/{gid}")
    await phone.wait("actions-left", "5", exact=True)
    await phone.tap("play-open")
    await phone.tap("kind-invention")
    await phone.wait("kind-invention", "выбран")
    for ident, text in (("play-build", "abc"), ("play-cost", "-3"), ("play-vp", "xyz")):
        await phone.type(ident, text)
    await phone.wait("play-preview", "внедрение ?, активация ? единиц энергии = ? ПО")
    await phone.tap("play-card")
    await phone.wait("play-error", "«Жетонов» (введено «abc»), «Цена» (введено «-3»), «ПО»")
    said = phone.says("play-error")
    assert "«xyz»" in said and "abc ПО" not in said
    for ident in ("play-build", "play-cost", "play-vp"):  # each bad field outlined
        field = rt.dialog_node(phone.session, ident).content
        assert isinstance(field, ft.TextField) and field.border_color == ft.Colors.ERROR, ident
    assert rt.dialog_node(phone.session, "play-name").content.border_color is None
    assert len(game_of(hub, gid).events) == 1


def test_every_bad_field_of_a_card_is_refused_at_once(tmp_path, lasting_messages):
    """Issue #30, in-process: «abc», «-3» and «xyz» in three number fields are refused by one
    tap on «Сыграть», each field named in the refusal line and outlined; the preview shows
    «?» for each, never the junk; nothing is played."""
    data = tmp_path / "d"
    data.mkdir()
    rt.run(_bad_fields(data))


def test_bad_fields_typed_in_landscape_are_refused_in_reach(module_page, module_server):
    """Issue #30 on a phone on its side (844×390, where the form scrolls): junk typed in the
    browser reaches the form as typed, and the refusal line is brought into view with the
    dialog's controls (what it says: :func:`test_every_bad_field_of_a_card_is_refused_at_once`)."""
    server = module_server
    gid = ricks_game(server, NAMES4, "round.draw")
    app = visit(module_page, f"/game/{gid}", "actions-left", "5", 844, 390)
    app.tap("play-open")
    app.el("play-preview").wait_for()
    app.tap("kind-invention")
    app.wait_label("kind-invention", "выбран")
    for ident, text in (("play-build", "abc"), ("play-cost", "-3"), ("play-vp", "xyz")):
        fill(app, ident, text)
    app.wait_label("play-preview", "внедрение ?, активация ? единиц энергии = ? ПО")
    app.tap("play-card")
    app.steady("play-error")  # in landscape the form scrolls: the line is brought into view
    app.wait_label("play-error", "«Жетонов» (введено «abc»)")
    app.shot(f"{SHOTS}/bad-fields-844x390.png")
    assert len(stored_game(server.data_dir, gid=gid).game.events) == 1
    app.tap("play-cancel")
    app.el("play-preview").wait_for(state="detached")


def test_undo_right_after_an_activation_takes_it_back_on_the_first_tap(module_page, module_server):
    """Issue #29 (the Ricks bug): after «Активировать» moved the charge on by itself, its
    notice was drawn over the top bar for 5 s, covering «Отменить» and the journal: the first
    tap there only dismissed the notice, saying nothing (4 of 4 at 360×640). A finger's tap
    at Undo's place while the notice shows now takes the activation back, and says so."""
    server = module_server
    store = GameStore(server.data_dir)
    g = store.create("ricks", NAMES4[:2], first_player=0, options=OPTIONS)
    g.push("round.draw")
    g.push("card.play", {"kind": "source", "build_cost": 1, "production": 3})
    g.push("card.play", {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 2})
    while g.game.state.phase != "Фаза зарядки":
        g.push("turn.end")
    while (ch := g.game.state.charge).step != "В" or ch.player is None:
        g.push("charge.done")
    card = next(c.id for c in g.game.state.cards if c.kind == "invention")
    n = len(g.game.events)
    g.close()
    app = visit(module_page, f"/game/{g.id}", f"activate-{card}", "+2 ПО", 360, 640)
    app.tap(f"activate-{card}")
    app.wait_label("notice", "больше нечего активировать")  # the charge moved on
    stored_game(server.data_dir, n + 1, gid=g.id)
    undo = app.box("undo")
    # a finger, not a script: the tap lands on whatever is drawn at Undo's place
    app.page.mouse.click(undo["x"] + undo["width"] / 2, undo["y"] + undo["height"] / 2)
    app.wait_label("notice", "Отменено")
    assert len(stored_game(server.data_dir, n, gid=g.id).game.events) == n
