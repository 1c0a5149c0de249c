"""The «Рик и Морти» board's lines without a screen (:mod:`companion.present.ricks_texts`,
:mod:`companion.present.ricks_setup`, :mod:`companion.present.ricks_clocks`,
:mod:`companion.present.ricks_play`): a player's row, the charge head, step В's button, the
setup's notes, the turn against its limit and the VP moves."""

from __future__ import annotations

from types import SimpleNamespace

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE, PlayerState
from companion.engine.ricks.definition import LIMIT
from companion.engine.ricks.state import Charge, Offer
from companion.present.ricks_clocks import ClockBase, turn_warning
from companion.present.ricks_play import vp_moves
from companion.present.ricks_setup import taken_refusal, typed_problems
from companion.present.ricks_texts import activation_text, built_abilities, charge_line, row_lines


def test_a_players_row_names_the_universe_the_track_the_tokens_and_the_abilities():
    p = PlayerState("Морти", vp=33, universe=MICRO, tokens=2)
    place, count, sub = row_lines(p, narrow=True, abilities=("Портал",))
    assert place == "Морти · Микро · трек 3 (+30)", place
    assert count == "2 жетона", count
    assert sub == "Морти · Микро · жетонов 2 · трек 3 (+30) · способности: Портал", sub
    place, count, _sub = row_lines(PlayerState("Рик", tokens=5), narrow=False, abilities=())
    assert place == "Кроха" and count == "5 жетонов"


def test_built_abilities_are_the_players_built_ability_cards():
    cards = [
        SimpleNamespace(owner=0, kind="ability", built=True, label=lambda: "Портал"),
        SimpleNamespace(owner=0, kind="ability", built=False, label=lambda: "нет"),
        SimpleNamespace(owner=1, kind="ability", built=True, label=lambda: "чужая"),
        SimpleNamespace(owner=0, kind="invention", built=True, label=lambda: "Тостер"),
    ]
    assert built_abilities(SimpleNamespace(cards=cards), 0) == ("Портал",)


def test_the_charge_head_says_the_energy_in_at_step_a_and_whose_turn_after():
    ch = Charge(universe=KRO, step="А")
    ch.ledger = [{"production": 3, "in": 2}]
    assert charge_line(ch, "") == "Шаг А: источники +3, снизу 2"
    ch.step = "Б"
    assert charge_line(ch, "Аня (Рик)") == "Очередь: Аня (Рик)"
    assert charge_line(ch, "") == "Никого"


def test_step_v_names_the_invention_its_cost_and_reward_and_a_partial_build():
    state = SimpleNamespace(card=lambda i: SimpleNamespace(name="Тостер") if i == 1 else None)
    main, said, part = activation_text(state, Offer(1, "", 2, 3, partial=False, affordable=True))
    assert main.startswith("Активировать «Тостер»: ") and main.endswith("= +3 ПО"), main
    assert said != main and part == ""  # spoken: the unit spelled out
    _main, _said, part = activation_text(state, Offer(7, "", 1, 1, partial=True, affordable=True))
    assert _main.startswith("Активировать №7") and part == "(частично: на 1 ПО меньше)"


def test_the_setup_names_only_the_fields_typed_in():
    options = {"actions": {KRO: 5, RICK_UNIVERSE: 0, MICRO: 2}, "charge_limit": -5}
    typed = {RICK_UNIVERSE: "0", MICRO: "2", MINI: ""}
    bad = typed_problems(options, typed, "-5")
    assert set(bad) == {RICK_UNIVERSE, LIMIT}, bad
    assert set(typed_problems(options, {**typed, RICK_UNIVERSE: " "}, "")) == set()
    said = taken_refusal("Рик", "Аня")
    assert said.startswith("Рик уже выбран для игрока Аня") and "Подготовка к игре" in said


def test_the_turn_line_counts_against_the_limit():
    base = ClockBase(0, 0, 0, turn=80, since=0, paused=False, who="Аня", limit=90, key=1)
    assert turn_warning(base, 5) == (False, "Аня: 1:25 из 1:30")
    over, text = turn_warning(base, 15)
    assert over and text == "Аня: 1:35 из 1:30 — время хода вышло", text
    assert turn_warning(base._replace(who="", hint="Проверьте"), 99) == (False, "Проверьте")


def test_vp_moves_send_a_difference_read_at_call_time():
    sent: list[tuple[str, dict]] = []
    vp = [4]
    add, set_to = vp_moves(lambda t, d: sent.append((t, d)), 1, lambda: vp[0])
    add(2)
    vp[0] = 6
    set_to(10)
    set_to(6)  # no change: nothing sent
    assert [d["delta"] for _t, d in sent] == [2, 4] and {t for t, _d in sent} == {"vp.add"}
