"""Ricks' «Сыграть карту» dialog says a refused choice as it is made (in-process, the real app
on a real Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_munchkin_forms import _label_in_dialog

ACTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}}


def _node(session, ident: str) -> ft.Semantics:
    """The node tagged ``ident`` in the dialog open now (the newest first: a dismissed
    dialog stays in the page's list, and :func:`rt.dialog_node` would find its node first)."""

    def tagged(c) -> bool:
        return isinstance(c, ft.Semantics) and c.identifier == ident

    for dialog in reversed(session.page._dialogs.controls):
        found = rt.first(dialog, tagged) if dialog.open else None
        if found is not None:
            return found
    raise AssertionError(f"no {ident!r} in an open dialog")


def _said(session, ident: str) -> str:
    return _node(session, ident).label or ""


def _button(session, ident: str):
    return rt._clickable(_node(session, ident))


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


async def _rules_of_each_step(data, monkeypatch, size=None) -> list[str]:
    from urllib.parse import unquote_plus

    from companion.ui import nav

    routes: list[str] = []
    monkeypatch.setattr(nav, "go", lambda route: routes.append(unquote_plus(route)))
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    for _ in range(3):
        hub.push(g.id, "turn.end")  # everyone passes: the charge phase, Кроховселенная, step А
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", size)
    for _ in range(2):
        await rt.tap(session, rt.tappables(session)["phase-rules"])  # where it would go
        await rt.tap(session, rt.tappables(session)["primary-action"])  # «Готово»: step Б
        await rt.quiet(session)
    return routes


@pytest.mark.parametrize("size", [None, (360, 640)])
def test_the_rules_icon_opens_the_rules_of_the_step_on_screen(tmp_path, monkeypatch, size):
    """«Фаза зарядки»: the «?» beside the target opens the rules of the step being played —
    step А, then step Б after «Готово» (the icon's line is not drawn again for a new step).
    On a 360×640 phone the icon is in the wizard's head (the goal line is folded into it)."""
    first, second = rt.run(_rules_of_each_step(tmp_path, monkeypatch, size))
    assert "Шаг А" in first and "Шаг Б" in second, (first, second)


async def _folded_clocks(data, size) -> tuple[bool, bool, str, bool]:
    hub = Hub(GameStore(data))
    options = {**ACTIONS, "charge_limit": 30}
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=options)
    for move in ("round.draw", "turn.end", "turn.end", "turn.end", "charge.done"):
        hub.push(g.id, move)  # the charge phase, Кроховселенная, step Б: Аня's turn
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", size)
    shown = rt.tappables(session)
    clocks = any(
        isinstance(c, ft.Semantics) and c.identifier == "timer-turn" for c in rt.controls(session)
    )
    phase = rt.tagged_control(session, "phase")
    haptic = any(isinstance(s, ft.HapticFeedback) for s in session.page.services)
    return clocks, "phase-rules" in shown, getattr(phase, "value", ""), haptic


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_a_short_phone_folds_the_clocks_but_still_warns(tmp_path, size):
    """«Фаза зарядки», шаг Б with the table's time limit: on a 360×640 phone the clocks' lines
    are folded (the status line has the player's time against the limit), yet their
    component still runs — it vibrates and beeps past the limit — and the goal is in the
    head; at 390×844 the clocks' lines are shown as before."""
    clocks, rules, goal, haptic = rt.run(_folded_clocks(tmp_path, size))
    assert rules and haptic, (rules, haptic)
    assert "Цель" in goal, goal
    assert clocks == (size[1] >= 800), clocks


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
    await _type(session, "play-build", "2")  # «Жетонов»: 2
    await _type(session, "play-prod", "1")
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


async def _ability_used(data, two: bool = False) -> tuple[str, str, str, int]:
    hub = Hub(GameStore(data))
    options = {**ACTIONS, "abilities": True}
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=options)
    hub.push(g.id, "round.draw")
    source = {"kind": "source", "build_cost": 1, "production": 5}
    hub.push(g.id, "card.play", source)
    hub.push(g.id, "card.play", {"kind": "ability", "build_cost": 1, "cost": 2, "name": "Портал"})
    ability = hub.open(g.id).game.state.cards[-1].id
    if two:
        gun = {"kind": "ability", "build_cost": 1, "cost": 1, "name": "Портальная пушка"}
        hub.push(g.id, "card.play", gun)
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
    """The node's label, or its button's text; of several nodes so tagged (the frame's two
    message layers each have an ``error`` and a ``notice`` slot) the one that says something."""
    said = [
        c.label or _read(getattr(c.content, "content", ""))
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == ident
    ]
    return next((t for t in said if t.strip()), said[0])


def _read(content) -> str:
    """A button's text as a screen reader hears it: its ``semantics_label`` when it has one."""
    if isinstance(content, ft.Text):
        return str(content.semantics_label or content.value or "")
    return str(content)


def test_a_used_ability_stays_in_step_b_and_names_its_rule(tmp_path):
    """«Карты способностей»: an ability is used once a round — once used it stays where it
    was, «Применена…», so nothing below it moves under the finger, and a tap on it names the
    rule instead of changing anything (play-test: «Потратить» jumped up 56 px)."""
    before, after, said, new_events = rt.run(_ability_used(tmp_path))
    assert before.startswith("Применить способность «Портал»")
    assert after.startswith("Применена способность «Портал»")
    assert "Карты способностей" in said and new_events == 0


def test_two_abilities_side_by_side_say_the_same(tmp_path):
    """Two built abilities share one row (their name over their cost, a 360×640 phone's step
    Б fits then: ``test_ricks``): each still says its whole text to a screen reader, a used
    one «Применена…», and a second tap names the rule."""
    before, after, said, new_events = rt.run(_ability_used(tmp_path, two=True))
    assert before == "Применить способность «Портал» (2 единицы энергии)", before
    assert after == "Применена способность «Портал» (2 единицы энергии)", after
    assert "Карты способностей" in said and new_events == 0


async def _energy_texts(data) -> tuple[list[str], list[str]]:
    """What step Б and then В show of 1 energy (the ability's button, the source's and the
    toaster's rows, the activation's button) and what their labels say, in that order."""
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
    texts = [rt.tagged_control(session, "ability-2").content.value]
    texts += [rt.tagged_control(session, f"card-{i}").value for i in (1, 3)]
    labels = [_label(session, ident) for ident in ("ability-2", "card-1", "card-3")]
    # the rows' texts are read as they are labelled
    labels += [rt.tagged_control(session, f"card-{i}").semantics_label for i in (1, 3)]
    for _ in range(3):  # Аня, Борис, Вика pass: step В (another phone's moves)
        hub.push(g.id, "charge.done")
    await rt.quiet(session)
    texts += [
        c.value
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and str(c.value or "").startswith("Активировать «Тостер»")
    ]
    activate = [
        str(c.semantics_label)
        for c in rt.controls(session)
        if isinstance(c, ft.Text) and str(c.value or "").startswith("Активировать «Тостер»")
    ]
    return texts, [*labels, _label(session, "activate-3"), *activate]


def test_an_amount_of_energy_agrees_with_its_number(tmp_path):
    """«Фаза зарядки»: the board writes an amount of energy «N ед. энергии», right after 1
    as after 5 (was «(1 энергии)», «: 1 энергии = +2 ПО»: «энергии» does not agree with 1)."""
    import re

    (ability, source, toaster, activate), _labels = rt.run(_energy_texts(tmp_path))
    assert ability.endswith("«Портал» (1 ед. энергии)"), ability
    assert "+1 ед. энергии" in source, source
    assert "1 ед. энергии = 2 ПО" in toaster, toaster
    assert "«Тостер»: 1 ед. энергии = +2 ПО" in activate, activate
    wrong = [t for t in (ability, source, toaster, activate) if re.search(r"\d энерги", t)]
    assert not wrong, wrong


def test_a_screen_reader_hears_the_energy_unit_spelled_out(tmp_path):
    """The labels of the same four, and their texts as a screen reader reads them, say «1
    единица энергии» (a screen reader read «ед.» as it is written); the screen keeps its
    short «ед. энергии»."""
    _texts, labels = rt.run(_energy_texts(tmp_path))
    ability, source, toaster, source_text, toaster_text, activate, activate_text = labels
    assert source_text == source and toaster_text == toaster
    assert activate_text in activate, (activate_text, activate)
    assert ability == "Применить способность «Портал» (1 единица энергии)", ability
    assert "+1 единица энергии" in source, source
    assert "1 единица энергии = 2 ПО" in toaster, toaster
    assert "«Тостер»: 1 единица энергии = +2 ПО" in activate, activate
    assert not [t for t in labels if "ед." in t], labels


def test_the_spelled_out_unit_agrees_with_the_number():
    from companion.ui.boards.ricks.common import energy

    said = [energy(n, spoken=True) for n in (1, 2, 5, 11, 21, 22, "3", "?")]
    assert said == [
        "1 единица энергии",
        "2 единицы энергии",
        "5 единиц энергии",
        "11 единиц энергии",
        "21 единица энергии",
        "22 единицы энергии",
        "3 единицы энергии",
        "? единиц энергии",
    ]
    assert energy(2) == "2 ед. энергии"  # on screen


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


async def _type(session, ident: str, text: str) -> None:
    """Type ``text`` into the dialog's field ``ident`` (what the browser's value patch and
    its change event do)."""
    field = _node(session, ident).content
    session.apply_patch(field._i, {"value": text})  # the session's control of that id
    await session.dispatch_event(field._i, "change", text)
    await rt.quiet(session)


async def _open_play(session) -> None:
    await rt.tap(session, rt.tappables(session)["play-open"])
    await rt.quiet(session)


async def _down_with_too_few_actions(data) -> tuple[str, str, str, str, int]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "player.move", {"to": MINI})  # Аня: Кроха → Мини, 4 actions left
    hub.push(g.id, "actions.add", {"delta": -3, "note": "тест"})  # 1 left
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await _open_play(session)
    await _type(session, "play-build", "3")
    await _type(session, "play-prod", "2")
    await rt.tap(session, _button(session, "play-down"))
    await rt.quiet(session)
    said = _said(session, "play-error")
    down = _said(session, "play-down")
    preview = _said(session, "play-preview")
    await rt.tap(session, _button(session, "play-card"))
    await rt.quiet(session)
    refused = _said(session, "play-error")
    return said, down, preview, refused, len(hub.open(g.id).game.state.cards)


def test_a_refused_one_universe_down_stays_the_players_choice(tmp_path):
    """«Карты источников энергии», «Доступные действия»: a source played one universe down
    takes all its build tokens' actions now. With 1 action left and 3 tokens, ticking «уровнем
    ниже» says so at once, and the box stays ticked: «Сыграть» then refuses with the rule —
    it never plays the card the ordinary way into Мини-вселенная instead (play-test: the box
    was left off and «Сыграть» played the card normally)."""
    said, down, preview, refused, cards = rt.run(_down_with_too_few_actions(tmp_path))
    assert "Нужно действий: 3, а осталось 1" in said, said
    assert "(вкл)" in down and preview.endswith("уровнем ниже"), (down, preview)
    assert "Нужно действий: 3, а осталось 1" in refused, refused
    assert cards == 0


async def _next_turns_dialog(data) -> tuple[str, str, str, str, int]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Гоша", "Аня"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await _open_play(session)  # Гоша plays an invention from the dialog
    await rt.tap(session, _button(session, "kind-invention"))
    await rt.quiet(session)
    for ident, text in (("play-build", "2"), ("play-cost", "3"), ("play-vp", "3")):
        await _type(session, ident, text)
    await rt.tap(session, _button(session, "play-card"))
    await rt.quiet(session)
    assert len(hub.open(g.id).game.state.cards) == 1
    await rt.tap(session, rt.tappables(session)["primary-action"])  # «Передать ход»: Аня
    await rt.quiet(session)
    await _open_play(session)
    source = _said(session, "kind-source")
    preview = _said(session, "play-preview")
    await rt.tap(session, _button(session, "play-card"))  # nothing typed
    await rt.quiet(session)
    empty = _said(session, "play-error")
    await _type(session, "play-build", "1")
    await rt.tap(session, _button(session, "play-card"))
    await rt.quiet(session)
    no_energy = _said(session, "play-error")
    return source, preview, empty, no_energy, len(hub.open(g.id).game.state.cards)


def test_a_new_turns_card_dialog_opens_fresh_and_asks_for_empty_numbers(tmp_path):
    """«Доступные действия»: every number of a card is printed on it. On Аня's turn the
    dialog opens on «Источник» with empty fields, not on Гоша's «Изобретение»; «Сыграть»
    with an empty field names it instead of playing a card of 1s (play-test: the preview read
    «активация 1 ед. энергии = 1 ПО» from empty fields)."""
    source, preview, empty, no_energy, cards = rt.run(_next_turns_dialog(tmp_path))
    assert source.endswith("выбран"), source
    assert preview == "Источник: внедрение ?, +? единиц энергии", preview  # its label
    assert empty == "Не заполнены поля «Жетонов», «Энергия»: впишите числа с карты.", empty
    assert no_energy == "Не заполнено поле «Энергия»: впишите число с карты.", no_energy
    assert cards == 1  # Гоша's only


async def _build_several(data) -> tuple[str, str, list[tuple[int, bool]], str, bool]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")  # Аня: 5 actions in Кроховселенная
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 3, "production": 2})
    hub.push(g.id, "card.play", {"kind": "invention", "build_cost": 3, "cost": 1, "vp": 2})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")  # 3 actions left
    await rt.tap(session, rt.tappables(session)["build-open"])
    await rt.quiet(session)
    before = _said(session, "build-actions")
    for _ in range(2):  # the source's two missing tokens: one tap each, the list stays
        await rt.tap(session, _button(session, "build-1"))
        await rt.quiet(session)
    after = _said(session, "build-actions")
    cards = [(c.placed, c.built) for c in hub.open(g.id).game.state.cards]
    await rt.tap(session, _button(session, "build-2-all"))  # 2 more needed, 1 action left
    await rt.quiet(session)
    refused = _said(session, "list-error")
    still_open = bool(_node(session, "build-2"))
    return before, after, cards, refused, still_open


def test_building_several_tokens_is_one_tap_each(tmp_path):
    """«Внедрение»: one action places one build token. «Достроить» keeps its list open after
    a token, so the next token is one tap (play-test: the list closed after every pick, two
    taps a token), with the actions left on top; «до конца» sends every token the card still
    needs in one move, refused with the rule when the actions are short."""
    before, after, cards, refused, still_open = rt.run(_build_several(tmp_path))
    assert before == "Действий осталось: 3" and after == "Действий осталось: 1", (before, after)
    assert cards == [(3, True), (1, False)], cards
    assert "Нужно действий: 2, а осталось 1" in refused and still_open, refused


async def _build_at_no_action(data) -> tuple[str, bool]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 3, "production": 2})
    hub.push(g.id, "actions.add", {"delta": -4, "note": "тест"})  # 0 left
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["build-open"])
    await rt.quiet(session)
    opened = any(d.open for d in session.page._dialogs.controls)
    return _label(session, "error"), opened


def test_build_at_no_action_left_says_so_before_a_card_is_picked(tmp_path):
    """«Доступные действия»: with no action left, «Достроить» says so at once, naming the
    free action that gives one, and opens no list (play-test: the list opened and refused only
    after a card was picked)."""
    said, opened = rt.run(_build_at_no_action(tmp_path))
    assert "Нужно действий: 1, а осталось 0" in said and "Бесплатное действие" in said, said
    assert not opened


def _charge_to_step_v(hub: Hub, gid: str) -> None:
    """Pass every turn and «Готово» until step В of the first universe with someone to
    activate."""
    while hub.open(gid).game.state.phase != "Фаза зарядки":
        hub.push(gid, "turn.end")
    while (ch := hub.open(gid).game.state.charge).step != "В" or ch.player is None:
        hub.push(gid, "charge.done")


async def _next_activator(data) -> str:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Борис", "Гоша"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 1, "production": 5})
    toaster = {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 2, "name": "Тостер"}
    hub.push(g.id, "card.play", toaster)
    hub.push(g.id, "turn.end")
    hub.push(g.id, "card.play", {**toaster, "name": "Портальная пушка"})
    _charge_to_step_v(hub, g.id)  # Кроховселенная, step В: Борис first
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["activate-2"])
    await rt.quiet(session)
    return _label(session, "notice")


def test_the_next_players_turn_is_said_with_the_name_declined(tmp_path):
    """«Шаг В»: when Борис has nothing more to activate the turn goes on by itself and the
    notice says whose it is, the name in the genitive: «ход Гоши» (play-test: «ход Гоша»)."""
    said = rt.run(_next_activator(tmp_path))
    assert said == "Борис: больше нечего активировать — ход Гоши", said


#: Text width (px) inside an «Активировать» button on a 360 px phone: the button is 316 px
#: wide there (the board's padding), less 16 px of padding each side, the 18 px bolt and its
#: 8 px gap. A button's text has Material 3's label line height, 20/14 of its size.
ACTIVATE_TEXT_360 = 316 - 2 * 16 - 18 - 8
LINE_HEIGHT = 20 / 14


async def _activate_buttons(data) -> list[tuple[str, float, list]]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Борис", "Гоша"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 1, "production": 5})
    for universe in (MINI, MICRO, RICK_UNIVERSE):
        hub.push(g.id, "player.move", {"to": universe})
    hub.push(g.id, "actions.add", {"delta": 1, "note": "тест"})
    gun = {"kind": "invention", "cost": 2, "vp": 3, "name": "Портальная пушка"}
    hub.push(g.id, "card.play", {**gun, "build_cost": 2})  # 1 token of 2: partial
    hub.push(g.id, "card.play", {**gun, "build_cost": 1, "name": "Рико-пушка"})
    _charge_to_step_v(hub, g.id)  # Риковселенная, step В: Борис
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    out = []
    for ident in ("activate-2", "activate-3"):
        node = next(
            c for c in rt.controls(session) if isinstance(c, ft.Semantics) and c.identifier == ident
        )
        out.append((node.label, node.content.height, _texts(node.content)))
    return out


def test_an_activation_button_shows_its_whole_text_on_a_small_phone(tmp_path):
    """«Шаг В», «Риковселенная»: an invention not fully built scores 1 VP less. Its button
    shows the activation in up to two lines and «частично: на 1 ПО меньше» whole under it at
    360 px, each line inside the button's height (play-test: the third line was cut at the
    bottom of a 56 px button); a whole build's button stays 56 px."""
    (partial_label, partial_h, partial), (whole_label, whole_h, whole) = rt.run(
        _activate_buttons(tmp_path)
    )
    assert partial_label.endswith("(частично: на 1 ПО меньше)"), partial_label
    assert "частично" not in whole_label and whole_h == 56
    # each text is kept to its lines (then «…»); the button's label says it whole (units
    # spelled out)
    for label, texts in ((partial_label, partial), (whole_label, whole)):
        for text, _size, max_lines in texts:
            assert max_lines is not None, (text, label)
        assert label.startswith(texts[0][0].split(":")[0]), (texts, label)


def _texts(button) -> list[tuple[str, float, int | None]]:
    """Each text a button shows: (text, size, max lines); a plain string content is one
    unbounded text at the label size."""
    content = button.content
    if isinstance(content, str):
        return [(content, 14, None)]
    out = []

    def walk(c) -> None:
        if isinstance(c, ft.Text):
            out.append((c.value, c.size or 14, c.max_lines))
        for child in rt._children(c):
            walk(child)

    walk(content)
    return out


def _shown_in_order(session) -> list[str]:
    """The identifiers of the visible tagged nodes, top to bottom as the screen lays them."""
    return rt.tagged_in_order(session)


async def _end_screen(data) -> tuple[list[str], dict[str, str]]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 1, "production": 3})
    hub.push(g.id, "vp.add", {"player": 2, "delta": 45, "note": "карта"})  # the last round
    while hub.open(g.id).game.outcome() is None:
        state = hub.open(g.id).game.state
        move = {"Фаза действий": "turn.end", "Фаза зарядки": "charge.done"}.get(state.phase)
        hub.push(g.id, move or "round.draw")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    order = _shown_in_order(session)
    labels = {i: _label(session, i) for i in ("result-round-1", "charge-summary") if i in order}
    return order, labels


def test_the_end_screen_puts_the_rounds_summary_first(tmp_path):
    """«Конец игры»: the summary per round — its action turns, its charge phase, the energy
    burned — comes right under the winner, before the score chart and the players' times, and
    the long per-turn list (action turns and charge steps mixed) is left out; the board's own
    charge history is not repeated at the bottom (play-test: «Итоги» under ~47 turn rows)."""
    order, labels = rt.run(_end_screen(tmp_path))
    assert "turn-times" not in order and "charge-round-1" not in order, order
    assert order.index("winner") < order.index("result-summary") < order.index("player-times")
    assert order.index("result-summary") < order.index("result-details")
    assert labels["result-round-1"].startswith("Раунд 1: ходы "), labels
    assert "зарядка" in labels["result-round-1"] and "сгорело энергии 3" in labels["result-round-1"]
    assert labels["charge-summary"].startswith("Всего: ходы "), labels


# -- the new-game form -------------------------------------------------------------------------
async def _pick(session, ident: str, value: str) -> None:
    """Choose ``value`` in the form's dropdown (or type it into the field) ``ident``."""
    control = rt.tagged_control(session, ident)
    session.apply_patch(control._i, {"value": value})
    event = "select" if isinstance(control, ft.Dropdown) else "change"
    await session.dispatch_event(control._i, event, value)
    await rt.quiet(session)


async def _start_with_second_seat_chosen(data) -> list[tuple[str, str]]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await _pick(session, "game-choice", "ricks")
    await rt.tap(session, rt.tagged_control(session, "add-player"))
    await rt.quiet(session)
    for seat, name in enumerate(["Аня", "Кирилл", "Вика"]):
        await _pick(session, f"player-name-{seat}", name)
    for ident, number in (("actions-rick", "1"), ("actions-micro", "2"), ("actions-mini", "3")):
        await _pick(session, ident, number)
    await _pick(session, "character-1", "Кайл")  # Аня and Вика left on «по порядку»
    await rt.tap(session, rt.tagged_control(session, "start-game"))
    await rt.quiet(session)
    (game,) = GameStore(data).list()
    state = GameStore(data).open(game.id).game.state
    return [(name, p.character) for name, p in zip(game.players, state.players, strict=True)]


def test_a_character_chosen_for_the_second_seat_counts(tmp_path):
    """«Подготовка к игре»: each player picks a character. Кирилл's «Кайл» counts with Аня
    left on «по порядку», and the seats left so get the other characters in order (play-test:
    the game started with «Кирилл (Морти)»: only choices from seat 1 up to the first empty
    one counted)."""
    seats = rt.run(_start_with_second_seat_chosen(tmp_path / "d"))
    assert seats == [("Аня", "Рик"), ("Кирилл", "Кайл"), ("Вика", "Морти")], seats


# -- a refusal for too few actions, answered from the dialog --------------------------------------
def _banner(session) -> str:
    """What the frame's red banner says (``""``: nothing)."""
    return _label(session, "error").strip()


async def _discard_in_the_card_dialog(data) -> dict:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")  # Аня: 5 actions, 6 cards
    hub.push(g.id, "player.move", {"to": MINI})  # 4 left
    hub.push(g.id, "actions.add", {"delta": -3, "note": "тест"})  # 1 left
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await _open_play(session)
    await _type(session, "play-build", "2")
    await _type(session, "play-prod", "3")
    await rt.tap(session, _button(session, "play-down"))  # 2 actions at once, 1 left
    await rt.quiet(session)
    seen = {"refused": _said(session, "play-error"), "banner": _banner(session)}
    await rt.tap(session, _button(session, "play-discard"))
    await rt.quiet(session)
    seen["left"] = _said(session, "play-actions")
    seen["after"] = _said(session, "play-error").strip()
    seen["build"] = _node(session, "play-build").content.value
    await rt.tap(session, _button(session, "play-card"))
    await rt.quiet(session)
    state = hub.open(g.id).game.state
    seen["cards"] = [(c.universe, c.production, c.built) for c in state.cards]
    seen["hand"] = state.players[0].hand
    return seen


def test_a_card_refused_for_too_few_actions_gets_its_action_in_the_dialog(tmp_path):
    """«Доступные действия» (a source one universe down takes its every build action now),
    «Бесплатное действие» (a discarded card gives one): the refusal names the rule that
    forbids the card, then the remedy; «Сброс +1» is in the dialog, which stays open with the
    numbers typed, and «Сыграть» then plays the card (play-test: the player had to cancel,
    discard and type every number again). The refusal is said in the dialog only, not in
    the frame's banner as well."""
    seen = rt.run(_discard_in_the_card_dialog(tmp_path))
    refused = seen["refused"]
    assert refused.startswith("Нужно действий: 2, а осталось 1 (Доступные действия)."), refused
    assert refused.endswith("(Бесплатное действие)."), refused
    assert seen["banner"] == "", seen["banner"]
    assert seen["left"] == "Сыграть карту · действий: 2" and seen["after"] == "", seen
    assert seen["build"] == "2", seen["build"]
    assert seen["cards"] == [(KRO, 3, True)], seen["cards"]
    assert seen["hand"] == 4  # 6 − the discard − the card


async def _discard_in_the_build_dialog(data) -> tuple[str, str, str, list[tuple[int, bool]]]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 3, "production": 2})
    hub.push(g.id, "actions.add", {"delta": -3, "note": "тест"})  # 1 left, 2 tokens to go
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["build-open"])
    await rt.quiet(session)
    await rt.tap(session, _button(session, "build-1-all"))
    await rt.quiet(session)
    refused, banner = _said(session, "list-error"), _banner(session)
    await rt.tap(session, _button(session, "build-discard"))
    await rt.quiet(session)
    left = _said(session, "build-actions")
    await rt.tap(session, _button(session, "build-1-all"))
    await rt.quiet(session)
    cards = [(c.placed, c.built) for c in hub.open(g.id).game.state.cards]
    return refused, banner, left, cards


def test_a_build_short_of_actions_gets_its_action_in_the_list(tmp_path):
    """«Доступные действия», «Бесплатное действие»: «До конца: +2» with 1 action is refused
    in the list only (not in the banner too); «Сброс +1» there gives the action and the
    same «До конца» then finishes the card."""
    refused, banner, left, cards = rt.run(_discard_in_the_build_dialog(tmp_path))
    assert refused.startswith("Нужно действий: 2, а осталось 1 (Доступные действия)."), refused
    assert banner == "", banner
    assert left == "Действий осталось: 2"
    assert cards == [(3, True)], cards


async def _refusals_in_dialogs(data) -> list[tuple[str, str]]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "hand.add", {"player": 0, "delta": -6, "note": "тест"})  # no card in hand
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await _open_play(session)
    said = []
    await rt.tap(session, _button(session, "play-card"))  # nothing typed
    await rt.quiet(session)
    said.append((_said(session, "play-error"), _banner(session)))
    await _type(session, "play-build", "1")
    await _type(session, "play-prod", "1")
    await rt.tap(session, _button(session, "play-card"))  # the engine's refusal
    await rt.quiet(session)
    said.append((_said(session, "play-error"), _banner(session)))
    return said


def test_a_refusal_in_a_dialog_is_said_once(tmp_path):
    """A refusal of a move made in a dialog is said in the dialog only, not in the frame's
    red banner behind it as well (play-test: every such refusal was said twice)."""
    (empty, banner1), (no_card, banner2) = rt.run(_refusals_in_dialogs(tmp_path))
    assert empty.startswith("Не заполнены поля") and banner1 == "", (empty, banner1)
    assert "На руке нет карт" in no_card and banner2 == "", (no_card, banner2)


async def _invention_in_mini(data) -> tuple[str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "player.move", {"to": MINI})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await _open_play(session)
    source = _said(session, "play-preview")
    await rt.tap(session, _button(session, "kind-invention"))
    await rt.quiet(session)
    for ident, text in (("play-build", "2"), ("play-cost", "1"), ("play-vp", "1")):
        await _type(session, ident, text)
    return source, _said(session, "play-preview")


def test_the_preview_says_the_mini_universes_extra_card(tmp_path):
    """«Уточнения по вселенным: Мини-вселенная»: an invention played there costs one more card
    from the hand; the preview says so before «Сыграть» (play-test: the hand dropped by two
    and nothing said why); a source there costs no extra card."""
    source, invention = rt.run(_invention_in_mini(tmp_path))
    assert "сброс" not in source, source
    assert invention.endswith("; и ещё 1 карта в сброс (Мини-вселенная)"), invention


async def _abilities_on_the_board(data) -> tuple[str, str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    for name, build in (("Портал", 1), ("Гиперкуб", 2)):
        ability = {"kind": "ability", "build_cost": build, "cost": 1, "name": name}
        hub.push(g.id, "card.play", ability)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return _label(session, "tokens-p0"), _label(session, "tokens-p1"), _label(session, "uni-3")


def test_built_abilities_are_shown_with_their_player(tmp_path):
    """«Карты способностей»: an ability is attached to the character, in no universe. Аня's
    built «Портал» is on her row (after her tokens: the row is no taller) and on her
    character's chip in the universes' list, with the unfinished «Гиперкуб» and its tokens
    there (play-test: a built ability was shown nowhere but in step Б)."""
    mine, his, kro = rt.run(_abilities_on_the_board(tmp_path))
    assert mine.endswith("жетонов 7 · способности: «Портал»"), mine
    assert "способност" not in his, his
    assert "Рик (Аня): «Портал», «Гиперкуб» 1 из 2, Морти (Борис)" in kro, kro


async def _second_card_of_a_turn(data) -> tuple[str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Гоша", "Аня"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await _open_play(session)
    await rt.tap(session, _button(session, "kind-invention"))
    await rt.quiet(session)
    for ident, text in (("play-build", "2"), ("play-cost", "3"), ("play-vp", "3")):
        await _type(session, ident, text)
    await rt.tap(session, _button(session, "play-card"))
    await rt.quiet(session)
    await _open_play(session)  # the turn's second card
    return _said(session, "kind-source"), _said(session, "play-preview")


def test_every_card_dialog_opens_on_a_source(tmp_path):
    """«Доступные действия»: the turn's second card opens the dialog on «Источник» with empty
    fields, as the first did (play-test: it opened on the last card's «Изобретение» with
    «Энергия» greyed out)."""
    source, preview = rt.run(_second_card_of_a_turn(tmp_path))
    assert source.endswith("выбран"), source
    assert preview == "Источник: внедрение ?, +? единиц энергии", preview  # its label


async def _limit_for_the_next_game(data) -> tuple[str, object]:
    hub = Hub(GameStore(data))
    first = await rt.open_app(make_main(hub), "/new")
    await _pick(first, "game-choice", "ricks")
    await _pick(first, "charge-limit", "90")
    session = await rt.open_app(make_main(hub), "/new")  # the next game, another day
    await _pick(session, "game-choice", "ricks")
    shown = rt.tagged_control(session, "charge-limit").value
    for seat, name in enumerate(["Аня", "Борис"]):
        await _pick(session, f"player-name-{seat}", name)
    for ident, number in (("actions-rick", "1"), ("actions-micro", "2"), ("actions-mini", "3")):
        await _pick(session, ident, number)
    await rt.tap(session, rt.tagged_control(session, "start-game"))
    await rt.quiet(session)
    (game,) = GameStore(data).list()
    return shown, GameStore(data).open(game.id).game.setup.options.get("charge_limit")


def test_the_time_limit_of_steps_b_and_v_is_remembered(tmp_path):
    """The form says «Числа запоминаются для следующих игр»: the limit of steps Б and В typed
    for one game is filled in for the next one and the game starts with it (play-test: only
    the universes' action tokens were remembered)."""
    shown, limit = rt.run(_limit_for_the_next_game(tmp_path / "d"))
    assert (shown, limit) == ("90", 90), (shown, limit)


async def _rows_at(data, width: int) -> tuple[str, str]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", (width, 640))
    row = rt.tagged_control(session, "player-p1")

    def texts(c) -> list[str]:
        own = [c.value] if isinstance(c, ft.Text) else []
        return own + [t for child in rt._children(c) for t in texts(child)]

    return texts(row)[0], _label(session, "tokens-p1")


def test_a_players_name_is_whole_on_a_narrow_phone(tmp_path):
    """At 360 px the row's name has 94 px beside «карт» and the VP: «Борис (Морти)» was cut
    to «Борис (Мор…» (play-test). On a narrow page the character leads the universe's line
    under the name; at 390 the name line keeps the character."""
    name, line = rt.run(_rows_at(tmp_path / "a", 360))
    assert (name, line) == ("Борис", "Морти · Кроха · жетонов 8"), (name, line)
    name, line = rt.run(_rows_at(tmp_path / "b", 390))
    assert (name, line) == ("Борис (Морти)", "Кроха · жетонов 8"), (name, line)


async def _pick_a_taken_character(data) -> dict:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await _pick(session, "game-choice", "ricks")
    for seat, name in enumerate(["Аня", "Борис"]):
        await _pick(session, f"player-name-{seat}", name)
    await _pick(session, "character-0", "Морти")
    seen: dict = {"before": _label(session, "character-note")}
    second = rt.tagged_control(session, "character-1")
    seen["offered"] = {o.key: (o.text, o.disabled) for o in second.options}
    await _pick(session, "character-1", "Морти")
    seen["note"] = _label(session, "character-note")
    seen["value"] = rt.tagged_control(session, "character-1").value
    await _pick(session, "character-1", "Зип")
    seen["after"] = _label(session, "character-note")
    return seen


def test_a_character_taken_by_another_seat_is_refused_as_it_is_picked(tmp_path):
    """«Подготовка к игре»: each character has one card and one token, so two players cannot
    share one. The form marks it taken in the other seats' lists and refuses the pick at once,
    naming the rule (it used to be refused only by the engine when the game started)."""
    seen = rt.run(_pick_a_taken_character(tmp_path / "d"))
    assert seen["offered"]["Морти"] == ("Морти — занят: Аня", True), seen
    assert seen["offered"]["Зип"] == ("Зип", False), seen
    assert seen["before"].strip() == "", seen
    assert "Морти уже выбран для игрока Аня" in seen["note"], seen
    assert "«Подготовка к игре»" in seen["note"], seen
    assert seen["value"] in ("", None), seen
    assert seen["after"].strip() == "", seen


#: What a 360 px phone leaves the «Сыграть карту» dialog's content: the dialog's insets
#: (12 px a side) and its content padding (16 px a side).
DIALOG_CONTENT_360 = 360 - 2 * 12 - 2 * 16


async def _kind_buttons(data) -> tuple[list[tuple[str, float, float]], float]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await _open_play(session)
    nodes = [_node(session, f"kind-{k}") for k in ("source", "invention", "ability")]

    def rows(c):
        if isinstance(c, ft.Row) and any(x is nodes[0] for x in c.controls):
            yield c
        for child in rt._children(c):
            yield from rows(child)

    (row,) = [r for d in session.page._dialogs.controls if d.open for r in rows(d)]
    buttons = [n.content for n in nodes]
    shown = []
    for b in buttons:
        style = b.style or ft.ButtonStyle()
        size = (style.text_style.size if style.text_style else None) or 14
        pad = style.padding.left + style.padding.right if style.padding else 48
        shown.append((b.content, size, pad))
    return shown, row.spacing


def test_the_card_kinds_fit_one_line_on_a_small_phone(tmp_path):
    """«Источник», «Изобретение», «Способность» side by side in the dialog at 360 px, each a
    48 dp target (play-test: «Способность» went to a second line and the dialog grew). The
    buttons' text is medium weight: measured as bold, with its slack, to be safe."""
    shown, _spacing = rt.run(_kind_buttons(tmp_path / "d"))
    assert [t for t, _size, _pad in shown] == ["Источник", "Изобретение", "Способность"], shown


#: The width (px) of the texts under a player's name at 360 px (:func:`_rows_at`).
ROW_TEXT_360 = 94


async def _count_line_at(data, width: int) -> tuple[ft.Control, str]:
    """Аня's line under her universe, with «Портал» and «Гиперкуб» built, on a page of
    ``width`` px; and her row's label."""
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    for name in ("Портал", "Гиперкуб"):
        hub.push(g.id, "card.play", {"kind": "ability", "build_cost": 1, "cost": 1, "name": name})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", (width, 640))
    lines_ = rt.tagged_control(session, "tokens-p0").controls
    return lines_[1], _label(session, "tokens-p0")


def test_built_abilities_are_counted_whole_on_a_narrow_phone(tmp_path):
    """«Карты способностей» at 360 px: the line under the universe had 94 px and «8 жетонов ·
    «Портал», «Гиперкуб»» was cut to «8 жетонов · «П…» (play-test). The row says the
    tokens and the number of abilities whole; their names stay in the row's label (and on
    the character's chip in the universes' list)."""
    line, label = rt.run(_count_line_at(tmp_path / "a", 360))
    parts = line.controls if isinstance(line, ft.Row) else [line]
    texts = [c.value for c in parts if isinstance(c, ft.Text)]
    assert texts == ["8 жетонов", "2"], texts
    assert label.endswith("жетонов 8 · способности: «Портал», «Гиперкуб»"), label


#: Room (px) for a label inside a 98 px field of «Сыграть карту»: Material 3's outlined field
#: keeps 16 px each side (in Chromium at 360 px «Энергия», 66 px at 16 px, fitted; «Жетонов»,
#: 71 px, wrapped under its «в»).
FIELD_PADDING = 16


async def _play_field_labels(data) -> list[tuple[str, float, float]]:
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис", "Вика"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}", (360, 640))
    await rt.tap(session, rt.tappables(session)["play-open"])
    await rt.quiet(session)
    out = []
    for ident in ("play-build", "play-prod", "play-cost", "play-vp", "play-name"):
        field = _node(session, ident).content
        size = field.label_style.size if field.label_style and field.label_style.size else 16
        out.append((field.label, size, field.width - 2 * FIELD_PADDING))
    return out


def test_the_card_dialogs_field_labels_are_one_line_on_a_small_phone(tmp_path):
    """«Сыграть карту» at 360 px: each field's label fits on one line inside its field
    (play-test: «Жетонов» wrapped, its «в» under the rest)."""
    for label, _size, _room in rt.run(_play_field_labels(tmp_path)):
        assert " " not in label, label  # one word: a label wraps only at a space


async def _dimmed_taps(data) -> dict[str, tuple[str, int, bool]]:
    """Tap each dimmed control of Аня's turn (in Кроховселенная, no card to build), then, in
    step В, an invention dearer than the energy left (another one is not): what each tap
    said, the moves made since it, and whether a dialog opened."""
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")  # Аня: 5 actions in Кроховселенная, the lowest universe
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    out: dict[str, tuple[str, int, bool]] = {}

    async def tap(ident: str) -> None:
        events = len(hub.open(g.id).game.events)
        await rt.tap(session, rt.tappables(session)[ident])
        await rt.quiet(session)
        opened = any(d.open for d in session.page._dialogs.controls)
        out[ident] = (_label(session, "error"), len(hub.open(g.id).game.events) - events, opened)

    await tap("move-down")
    await tap("build-open")
    # 1 energy: «Тостер» is affordable (else step В is skipped), «Пушка» is not
    source = {"kind": "source", "build_cost": 1, "production": 1}
    cheap = {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 2, "name": "Тостер"}
    dear = {"kind": "invention", "build_cost": 1, "cost": 5, "vp": 9, "name": "Пушка"}
    for move, payload in (
        ("card.play", source),
        ("card.play", cheap),
        ("card.play", dear),
        ("turn.end", {}),
        ("turn.end", {}),
        ("charge.done", {}),  # step А: no source, no energy
        ("charge.done", {}),  # step Б: Аня
        ("charge.done", {}),  # step Б: Борис
    ):
        hub.push(g.id, move, payload)
    await rt.quiet(session)
    await tap("activate-3")
    return out


def test_a_dimmed_control_says_why_when_tapped(tmp_path):
    """A control whose move is not allowed now is dimmed, not dead: a tap names the rule and
    moves nothing (play-test: «↓ —» in Кроховселенная and «Достроить (0)» said nothing).
    «Перемещение»: no universe below the lowest; «Доступные действия»: a token goes on one's
    own partly built card here or ability; «Фаза зарядки, шаг В»: the energy pays for an
    activation."""
    said = rt.run(_dimmed_taps(tmp_path))
    down, moved, opened = said["move-down"]
    assert "Ниже вселенной «Кроховселенная»" in down and "(Перемещение)" in down, down
    assert moved == 0 and not opened
    build, moved, opened = said["build-open"]
    assert "Достраивать нечего" in build and "(Доступные действия)" in build, build
    assert moved == 0 and not opened
    dear, moved, _opened = said["activate-3"]
    assert "нужно 5 ед. энергии" in dear and "шаг В" in dear, dear
    assert moved == 0
