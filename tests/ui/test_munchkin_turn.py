"""The Munchkin turn around a fight, in-process (the real app on a real Flet session:
:mod:`tests.ui.render_tree`): what the table must still do is said, and what it may not do is
refused at the first tap."""

from __future__ import annotations

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

NAMES = ["Аня", "Борис", "Вика"]


def _label(session, ident: str) -> str:
    """The label of the node tagged ``ident`` on the page (not in a dialog)."""
    shown = rt.shown_ids(session)
    for c in rt.controls(session):
        if isinstance(c, ft.Semantics) and c.identifier == ident and id(c) in shown:
            return (c.label or "").strip()
    raise AssertionError(f"{ident!r} is not on the screen")


async def _treasures_through_charity(data) -> list[str]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    hub.push(g.id, "level.set", {"player": 0, "value": 3})
    hub.push(g.id, "phase.next")  # «Вышибаем дверь!»
    hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 1, "treasures": 2}})
    hub.push(g.id, "combat.resolve")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    seen = [_label(session, "last-combat")]
    await rt.tap(session, rt.tappables(session)["primary-action"])  # «Дальше»: «От щедрот»
    await rt.quiet(session)
    assert "charity-open" in rt.tappables(session)
    seen.append(_label(session, "charity-treasures"))
    hub.push(g.id, "turn.charity", {"hand": 7, "gifts": [0, 1, 1], "discard": 0})
    await rt.quiet(session)
    seen.append(_label(session, "last-combat"))
    return seen


def test_the_treasures_to_draw_stay_said_until_the_turn_passes(tmp_path):
    """«Бой»: a won fight draws the monster's treasures. Play-test: in «От щедрот» the charity
    button took the top slot's summary, and nothing said how many to draw; now the button has
    them beside it, and the summary that comes back after the charity says them too."""
    won, charity, given = rt.run(_treasures_through_charity(tmp_path))
    assert "тянет 2 сокровища" in won
    assert charity == "тянуть 2 сокровища", charity
    assert "тянет 2 сокровища" in given


async def _seventh_seal(data) -> dict:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    for _ in range(3):
        hub.push(g.id, "phase.next")  # «От щедрот»: the charity button is in the top slot
    for _ in range(6):
        hub.push(g.id, "seal.break")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    assert {"seal-break", "charity-open"} <= set(rt.tappables(session))
    await rt.tap(session, rt.tappables(session)["seal-break"])
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "seal-confirm"))
    await rt.quiet(session)
    clock = rt.tagged_control(session, "clock")
    return {
        "tappable": set(rt.tappables(session)),
        "status": _label(session, "status-player"),
        "clock": clock.controls[1].value,  # over the slot's invisible template
        "seals": hub.open(g.id).game.state.seals,
    }


def test_after_the_seventh_seal_nothing_but_the_winner_is_offered(tmp_path):
    """«Начало игры, конец игры»: the seventh seal ends the game, the table then names the
    winner. Play-test: «Сорвать» and «От щедрот» stayed active and the turn clock ran on. Now
    the board offers the winner picker only, and the status line says the game is over with
    no turn clock (as a game with a result)."""
    after = rt.run(_seventh_seal(tmp_path))
    assert after["seals"] == 7
    assert {"seal-break", "charity-open", "start-combat"}.isdisjoint(after["tappable"])
    assert "winner-pick-0" in after["tappable"]
    assert after["status"] == "Игра окончена"
    assert after["clock"] == ""


async def _setup_reminder(data) -> dict:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    seen: dict = {"line": _label(session, "setup-reminder")}
    await rt.tap(session, rt.tappables(session)["setup-reminder"])
    await rt.quiet(session)
    seen["list"] = rt.dialog_node(session, "setup-list").label or ""
    await rt.tap(session, rt.in_dialog(session, "setup-close"))
    await rt.quiet(session)
    seen["closed"] = not any(d.open for d in session.page._dialogs.controls)  # type: ignore[attr-defined]
    hub.push(g.id, "level.change", {"player": 0, "delta": 1})  # the first move
    await rt.quiet(session)
    seen["after"] = "setup-reminder" in rt.tagged_in_order(session)
    return seen


def test_the_setup_checklist_is_one_line_that_opens_it_whole(tmp_path):
    """«Подготовка», «Создание персонажа»: what the table does before the first turn.
    Play-test: the checklist stood under the players, cut by the pinned bar after its title.
    Now one 48 dp line says it is there, a tap shows every step in a dialog, and the first
    move takes the line away."""
    from companion.engine.munchkin import SETUP_REMINDER

    seen = rt.run(_setup_reminder(tmp_path))
    assert seen["line"].startswith("Перед началом")
    for line in SETUP_REMINDER:
        assert line in seen["list"], line
    assert seen["closed"], seen
    assert not seen["after"], seen


async def _summary_tapped(data) -> dict:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    hub.push(g.id, "combat.start", {"monster": {"name": "Затушенная печень", "level": 12}})
    hub.push(g.id, "combat.monster.add", {"monster": {"name": "Мутировавший зомби", "level": 4}})
    hub.push(g.id, "combat.helper", {"player": 2})
    hub.push(g.id, "combat.flee", {"rolls": [5, 2], "helper_rolls": [3, 6]})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    summary = _label(session, "last-combat")
    await rt.tap(session, rt.tappables(session)["last-combat"])
    await rt.quiet(session)
    seen = {
        "summary": summary,
        "notice": rt.tagged_control(session, "notice").content.controls[1].value or "",
        "dialog": rt.dialog_node(session, "last-combat-text").label
        if rt.has_dialog_node(session, "last-combat-text")
        else "",
    }
    await rt.tap(session, rt.in_dialog(session, "last-combat-close"))
    await rt.quiet(session)
    seen["closed"] = not any(d.open for d in session.page._dialogs.controls)  # type: ignore[attr-defined]
    return seen


def test_the_whole_fight_summary_opens_in_a_dialog_not_over_the_status_line(tmp_path):
    """«Смываемся», «Зовём на помощь»: two runners from two monsters make a long summary.
    Play-test: «Показать целиком» put it in the frame's banner, five lines over the status
    line; the banner now says nothing and a dialog shows it whole."""
    seen = rt.run(_summary_tapped(tmp_path))
    assert seen["notice"] == "", seen["notice"]
    assert seen["dialog"] == seen["summary"], seen
    assert "Вика смывается" in seen["dialog"] and "Непотребство" in seen["dialog"]
    assert seen["closed"]


async def _losing_fight(data) -> tuple[str | None, str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("munchkin", NAMES, first_player=0)
    hub.push(g.id, "phase.next")  # «Вышибаем дверь!»
    hub.push(g.id, "gear.set", {"player": 0, "value": -2})  # a curse: strength −1
    hub.push(g.id, "combat.start", {"monster": {"name": "Зомби", "level": 3}})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", size=(360, 640))
    total = rt.tagged_control(session, "total-players")
    number = total.content if isinstance(total, ft.Container) else total
    role = rt.tagged_control(session, "class-p0")
    helper = rt.tagged_control(session, "class-p1")
    return number.color, role.value, helper.value


def test_a_losing_fighter_is_drawn_as_a_loss_and_the_role_is_whole(tmp_path):
    """«Бой»: monsters win ties, so −1 against 3 is a loss. Play-test: the players' total «−1»
    was green, the winning colour, beside the red verdict; and the fighter's card cut
    «в бою · без к…» at 360 px (with no class the role alone is said)."""
    color, role, other = rt.run(_losing_fight(tmp_path))
    assert color == ft.Colors.ERROR, color
    assert role == "в бою", role
    assert other == "без класса", other  # out of the fight: the class line as before
