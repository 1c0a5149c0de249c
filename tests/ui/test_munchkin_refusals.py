"""Munchkin's refusals and its finished game, in-process (the real app on a real Flet session:
:mod:`tests.ui.render_tree`): a refusal about a player is said once, whole, and nothing in the
player's row changes with it; once play has ended the players' buttons take no tap."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

NAMES = ["Аня", "Борис", "Вика", "Гена"]


def _texts(session: Any, phrase: str) -> list[str]:
    """Every text drawn now (the page and any open dialog) that holds ``phrase``."""
    shown = rt.shown_ids(session)
    out = [
        c.value
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and id(c) in shown and phrase in str(c.value or "")
    ]

    def walk(c: Any) -> None:
        if not getattr(c, "visible", True):
            return
        if isinstance(c, ft.Text) and phrase in str(c.value or ""):
            out.append(c.value)
        for child in rt._children(c):
            walk(child)

    for dialog in session.page._dialogs.controls:  # type: ignore[attr-defined]
        if getattr(dialog, "open", True):
            walk(dialog)
    return out


async def _refused(data, player: int, level: int, button: str, phrase: str) -> dict:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    if level != 1:
        hub.push(g.id, "level.set", {"player": player, "value": level})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    row = rt.dump(rt.tagged_control(session, f"card-p{player}"))
    await rt.tap(session, rt.tappables(session)[button])
    await rt.quiet(session)
    banner = rt.tagged_control(session, "error")
    return {
        "said": _texts(session, phrase),
        "banner": banner.content.controls[1].value,  # "" when hidden
        "row_changed": rt.first_difference(
            row, rt.dump(rt.tagged_control(session, f"card-p{player}"))
        ),
        "dialog": rt.has_dialog_node(session, "override-message"),
        "level": hub.open(g.id).game.state.players[player].level,
    }


def test_a_refusal_about_a_player_is_said_once_whole_in_the_banner(tmp_path):
    """«Противоречия между правилами и картами»: level 1 is the floor. Play-test: the refusal
    was in the frame's banner and again under the row, cut to one line («…ниже манчкин не
    опускается, те…»). Now the banner says it once, whole, with the player's name; nothing in
    the row changes (nothing moves under the finger)."""
    seen = rt.run(_refused(tmp_path, 1, 1, "level-p1-minus", "ниже манчкин не опускается"))
    assert len(seen["said"]) == 1, seen["said"]
    assert seen["banner"].startswith("Борис: уровень уже 1-й — ниже манчкин не опускается")
    assert seen["banner"].endswith("(Противоречия между правилами и картами)."), seen["banner"]
    assert seen["row_changed"] is None, seen["row_changed"]
    assert not seen["dialog"] and seen["level"] == 1


def test_a_refusal_a_card_may_override_is_said_in_its_dialog_only(tmp_path):
    """«Противоречия между правилами и картами»: level 10 only for a kill unless a card says
    so. Play-test: the refusal was in the dialog, in the banner behind it and under the row;
    now the dialog that asks the table is the one place."""
    seen = rt.run(_refused(tmp_path, 3, 9, "level-p3-plus", "10-й уровень"))
    assert seen["dialog"]
    assert len(seen["said"]) == 1, seen["said"]
    assert seen["banner"] == ""
    assert seen["row_changed"] is None, seen["row_changed"]
    assert seen["level"] == 9


async def _after_the_end(data, winners: bool) -> set[str]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    hub.push(g.id, "level.set", {"player": 2, "value": 5})
    for _ in range(7):
        hub.push(g.id, "seal.break")
    if winners:
        hub.push(g.id, "game.winners", {"winners": [2]})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    assert hub.open(g.id).game.definition.ended(hub.open(g.id).game.state)
    on_screen = set(rt.tagged_in_order(session))
    tappable = set(rt.tappables(session))
    return {"on_screen": on_screen, "tappable": tappable}


def test_the_players_buttons_are_disabled_once_the_game_has_ended(tmp_path):
    """«Начало игры, конец игры»: the seventh seal ends the game; the engine then takes no
    change of a player. Play-test: every ± stayed active, each tap refused. Now they are
    shown in their places, disabled, the number pad and the notes with them; the same once
    the table has named the winner."""
    buttons = {
        f"{c}-p{i}{s}"
        for i in range(len(NAMES))
        for c in ("level", "gear")
        for s in ("", "-minus", "-plus")
    } | {f"edit-p{i}" for i in range(len(NAMES))}
    for k, winners in enumerate((False, True)):
        seen = rt.run(_after_the_end(tmp_path / str(k), winners))
        assert buttons <= seen["on_screen"], buttons - seen["on_screen"]
        assert not buttons & seen["tappable"], sorted(buttons & seen["tappable"])


def _notice(session: Any) -> str:
    """The frame's notice banner now (``""`` when hidden)."""
    return rt.tagged_control(session, "notice").content.controls[1].value or ""


async def _gear_below_zero(data) -> dict[str, Any]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["gear-p1-minus"])
    await rt.quiet(session)
    value = rt.tagged_control(session, "gear-p1").content.controls[1]
    seen = {
        "gear": hub.open(g.id).game.state.players[1].gear,
        "notice": _notice(session),
        "shown": value.value,
        "color": value.color,
        "power": rt.tagged_control(session, "power-p1").content.value,
    }
    await rt.tap(session, rt.tappables(session)["gear-p1-minus"])  # −2: said once, at 0 → −1
    await rt.quiet(session)
    seen["again"] = _notice(session)
    return seen


def test_a_gear_bonus_below_zero_is_taken_and_said(tmp_path):
    """«Бой»: the strength is the level plus every modifier, negative ones included, and
    «Противоречия между правилами и картами» (rule 1) floors the level only — the strength
    may be 0 or less. So a gear bonus below 0 (a curse, a minus item) is allowed. Play-test:
    it went below 0 without a word; now the board says so, naming «Бой», and the bonus is
    drawn «−1» in the error colour."""
    seen = rt.run(_gear_below_zero(tmp_path))
    assert seen["gear"] == -1
    assert seen["notice"] == (
        "Борис: бонус шмоток −1 — минус бывает (проклятия, шмотки с минусом), «Бой»"
    ), seen["notice"]
    assert seen["shown"] == "−1" and seen["color"] == ft.Colors.ERROR, seen
    assert seen["power"] == "0"
    assert seen["again"] == "", seen["again"]  # already below 0: not said at every tap


async def _gear_below_zero_by_card(data) -> dict[str, Any]:
    """Борис's − during Аня's fight: refused («Бой»: nobody's gear changes in a fight), then
    sent again through the override dialog's «Карта так говорит»."""
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    hub.push(g.id, "combat.start", {"monster": {"name": "Плутониевый дракон", "level": 1}})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["gear-p1-minus"])
    await rt.quiet(session)
    seen: dict[str, Any] = {"dialog": rt.has_dialog_node(session, "override-message")}
    await rt.tap(session, rt.in_dialog(session, "override-apply"))
    await rt.quiet(session)
    seen["gear"] = hub.open(g.id).game.state.players[1].gear
    seen["notice"] = _notice(session)
    seen["said"] = _texts(session, "минус бывает")
    return seen


def test_a_gear_bonus_below_zero_by_the_cards_word_is_said_too(tmp_path):
    """The same notice as after a plain − tap (:func:`test_a_gear_bonus_below_zero_is_taken_and_
    said`) when the change went through the override dialog («Бой»: gear does not change in a
    fight unless a card says so). Play-test: that path went below 0 without a word. Said
    once: in the banner, nowhere else."""
    seen = rt.run(_gear_below_zero_by_card(tmp_path))
    assert seen["dialog"] and seen["gear"] == -1, seen
    assert seen["notice"] == (
        "Борис: бонус шмоток −1 — минус бывает (проклятия, шмотки с минусом), «Бой»"
    ), seen["notice"]
    assert len(seen["said"]) == 1, seen["said"]
