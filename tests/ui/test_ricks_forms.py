"""Ricks' «Сыграть карту» dialog says a refused choice as it is made (in-process, the real app
on a real Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import flet as ft

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_munchkin_forms import _label_in_dialog

ACTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}}


async def _tick_down(data) -> tuple[str, str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")  # the action phase: Аня, in Кроховселенная like everyone
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["play-open"])
    await rt.quiet(session)
    await rt.tap(session, rt.in_dialog(session, "play-down"))
    await rt.quiet(session)
    return (
        _label_in_dialog(session, "play-error"),
        _label_in_dialog(session, "play-down"),
        _label_in_dialog(session, "play-preview"),
    )


def test_one_universe_down_is_refused_as_it_is_ticked_in_the_lowest_universe(tmp_path):
    """«Карты источников энергии»: a source may go one universe down, and there is none below
    Кроховселенная — ticking «уровнем ниже» there says so at once and stays off (before, it
    ticked and «Сыграть» refused the card afterwards)."""
    error, down, preview = rt.run(_tick_down(tmp_path))
    assert "Ниже Кроховселенной" in error and "Карты источников энергии" in error
    assert "(вкл)" not in down
    assert "уровнем ниже" not in preview


async def _rules_of_each_step(data, monkeypatch) -> list[str]:
    from urllib.parse import unquote_plus

    from companion.ui import nav

    routes: list[str] = []
    monkeypatch.setattr(nav, "go", lambda route: routes.append(unquote_plus(route)))
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    for _ in range(3):
        hub.push(g.id, "turn.end")  # everyone passes: the charge phase, Кроховселенная, step А
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    for _ in range(2):
        await rt.tap(session, rt.tappables(session)["phase-rules"])  # where it would go
        await rt.tap(session, rt.tappables(session)["primary-action"])  # «Готово»: step Б
        await rt.quiet(session)
    return routes


def test_the_rules_icon_opens_the_rules_of_the_step_on_screen(tmp_path, monkeypatch):
    """«Фаза зарядки»: the «?» beside the target opens the rules of the step being played —
    step А, then step Б after «Готово» (the icon's line is not drawn again for a new step)."""
    first, second = rt.run(_rules_of_each_step(tmp_path, monkeypatch))
    assert "Шаг А" in first and "Шаг Б" in second, (first, second)


async def _play_without_tokens(data) -> tuple[str, bool, int]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "actions.add", {"delta": 10, "note": "тест"})
    hub.push(g.id, "hand.add", {"player": 0, "delta": 9, "note": "тест"})
    source = {"kind": "source", "build_cost": 2, "production": 1}
    for _ in range(8):  # every build token of Аня's is on a half-built card
        hub.push(g.id, "card.play", source)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["play-open"])
    await rt.quiet(session)
    field = rt.dialog_node(session, "play-build").content  # «Жетонов»: 2
    field.value = "2"  # what the browser's value patch does
    await session.dispatch_event(field._i, "change", "2")
    await rt.quiet(session)
    preview = _label_in_dialog(session, "play-preview")
    await rt.tap(session, rt.in_dialog(session, "play-card"))
    await rt.quiet(session)
    state = hub.open(g.id).game.state
    return preview, state.cards[-1].built and state.cards[-1].build_cost == 2, len(state.cards)


def test_a_card_played_with_no_build_token_left_is_built_whole_at_once(tmp_path):
    """«Внедрение»: imaginary build tokens only for a build completed this turn — with none
    left, «Сыграть» plays the card and builds it whole at once, and the preview says so."""
    preview, built, cards = rt.run(_play_without_tokens(tmp_path))
    assert "сразу целиком" in preview
    assert cards == 9 and built


async def _ability_used(data) -> tuple[str, str, str, int]:
    hub = Hub(GameStore(data))
    options = {**ACTIONS, "abilities": True}
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=options)
    hub.push(g.id, "round.draw")
    source = {"kind": "source", "build_cost": 1, "production": 5}
    hub.push(g.id, "card.play", source)
    hub.push(g.id, "card.play", {"kind": "ability", "build_cost": 1, "cost": 2, "name": "Портал"})
    ability = hub.open(g.id).game.state.cards[-1].id
    while hub.open(g.id).game.state.phase != "Фаза зарядки":
        hub.push(g.id, "turn.end")
    hub.push(g.id, "charge.done")  # step Б, Аня's turn
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    before = _label(session, f"ability-{ability}")
    await rt.tap(session, rt.tappables(session)[f"ability-{ability}"])
    await rt.quiet(session)
    after = _label(session, f"ability-{ability}")
    events = len(hub.open(g.id).game.events)
    await rt.tap(session, rt.tappables(session)[f"ability-{ability}"])  # used: says the rule
    await rt.quiet(session)
    said = _label(session, "error")
    return before, after, said, len(hub.open(g.id).game.events) - events


def _label(session, ident: str) -> str:
    """The node's label, or its button's text."""
    node = next(
        c for c in rt.controls(session) if isinstance(c, ft.Semantics) and c.identifier == ident
    )
    return node.label or str(getattr(node.content, "content", ""))


def test_a_used_ability_stays_in_step_b_and_names_its_rule(tmp_path):
    """«Карты способностей»: an ability is used once a round — once used it stays where it
    was, «Применена…», so nothing below it moves under the finger, and a tap on it names the
    rule instead of changing anything (play-test: «Потратить» jumped up 56 px)."""
    before, after, said, new_events = rt.run(_ability_used(tmp_path))
    assert before.startswith("Применить способность «Портал»")
    assert after.startswith("Применена способность «Портал»")
    assert "Карты способностей" in said and new_events == 0


async def _energy_texts(data) -> list[str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    for card in (
        {"kind": "source", "build_cost": 1, "production": 1, "name": "Батарея"},
        {"kind": "ability", "build_cost": 1, "cost": 1, "name": "Портал"},
        {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 2, "name": "Тостер"},
    ):
        hub.push(g.id, "card.play", card)
    for _ in range(3):
        hub.push(g.id, "turn.end")
    hub.push(g.id, "charge.done")  # Кроховселенная, step Б: Аня's turn, 1 energy
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    texts = [rt.tagged_control(session, "ability-2").content]
    texts += [rt.tagged_control(session, f"card-{i}").value for i in (1, 3)]
    for _ in range(3):  # Аня, Борис, Вика pass: step В (another phone's moves)
        hub.push(g.id, "charge.done")
    await rt.quiet(session)
    return [*texts, rt.tagged_control(session, "activate-3").content]


def test_an_amount_of_energy_agrees_with_its_number(tmp_path):
    """«Фаза зарядки»: the board writes an amount of energy «N ед. энергии», right after 1
    as after 5 (was «(1 энергии)», «: 1 энергии = +2 ПО»: «энергии» does not agree with 1)."""
    import re

    ability, source, toaster, activate = rt.run(_energy_texts(tmp_path))
    assert ability.endswith("«Портал» (1 ед. энергии)"), ability
    assert "+1 ед. энергии" in source, source
    assert "1 ед. энергии = 2 ПО" in toaster, toaster
    assert "«Тостер»: 1 ед. энергии = +2 ПО" in activate, activate
    wrong = [t for t in (ability, source, toaster, activate) if re.search(r"\d энерги", t)]
    assert not wrong, wrong


async def _spend_zero(data) -> tuple[str, int]:
    """Step Б with 3 energy: «0» typed on the spend amount's pad, then «Потратить»: what the
    board says and how many moves were made."""
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 1, "production": 3})
    while hub.open(g.id).game.state.phase != "Фаза зарядки":
        hub.push(g.id, "turn.end")
    hub.push(g.id, "charge.done")  # step Б, Аня's turn
    events = len(hub.open(g.id).game.events)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["spend-amount"])  # the numeric pad
    await rt.quiet(session)
    for key in ("pad-0", "pad-ok"):
        await rt.tap(session, rt.in_dialog(session, key))
        await rt.quiet(session)
    await rt.tap(session, rt.tappables(session)["spend"])
    await rt.quiet(session)
    return _label(session, "error"), len(hub.open(g.id).game.events) - events


def test_spending_nothing_is_refused_with_the_rule_not_the_fields_bounds(tmp_path):
    """«Фаза зарядки, шаг Б»: an amount of 0 (typed on the pad, which has a «0») is refused
    with the rule — paying moves the energy marker towards 0 — and its heading; it said
    «Трата энергии — целое число от 1 до 999.» (play-test). Nothing is recorded."""
    said, made = rt.run(_spend_zero(tmp_path))
    assert said.startswith("Потратить можно от 1 ед. энергии") and "(Фаза зарядки, шаг Б)" in said
    assert "целое число" not in said and made == 0
