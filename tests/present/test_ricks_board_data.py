"""The «Рик и Морти» board's plain data below the UI (:mod:`companion.present.ricks_play`,
:mod:`companion.present.ricks_setup`, :mod:`companion.present.ricks_texts`): the card form as sent,
the setup as typed and remembered, the charge's notice, without a screen. The boards' own
tests (tests/ui/test_ricks_*.py) show the same through the app."""

from __future__ import annotations

import json
from types import SimpleNamespace

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.engine.ricks.state import Charge
from companion.present.ricks_play import blank_form, form_refusal, from_entry, play_data, preview
from companion.present.ricks_setup import (
    LIMIT_KEY,
    SETTINGS_KEY,
    keepable,
    remembered,
    seat_characters,
    taken_by,
    typed_limit,
)
from companion.present.ricks_texts import charge_moved, edge_refusal, ledger_line


def test_a_filled_form_is_sent_as_the_card_and_its_bad_numbers_are_named_together():
    """«Сыграть карту»: numbers as typed become the card's («Символы»); every empty or junk
    number of the kind is named at once; no build token left builds it whole («Внедрение»)."""
    f = blank_form("invention")
    f |= {"build": "2", "cost": "", "vp": "x", "name": " Тостер "}
    refused = form_refusal(f)
    assert refused is not None
    bad, said = refused
    assert bad == {"cost": "Цена", "vp": "ПО"}, bad
    assert "«Цена»" in said and "«ПО» (введено «x»)" in said, said
    f |= {"cost": "1", "vp": "3"}
    assert form_refusal(f) is None
    assert play_data(f, no_tokens=True) == {
        "kind": "invention",
        "name": "Тостер",
        "build_cost": 2,
        "cost": 1,
        "vp": 3,
        "finish": True,
    }
    assert preview(f, mini=True).endswith("; и ещё 1 карта в сброс (Мини-вселенная)")


def test_a_catalogue_entry_fills_only_its_kinds_numbers():
    """A remembered card fills the form; «уровнем ниже» stays only on a source."""
    f = blank_form("invention") | {"vp": "7", "down": True}
    from_entry(f, {"kind": "source", "name": "Батарея", "build_cost": 1, "production": 2})
    assert (f["build"], f["prod"], f["cost"], f["vp"], f["known"]) == ("1", "2", "", "", "Батарея")
    assert f["down"] is True
    from_entry(f, {"kind": "ability", "name": "Портал", "build_cost": 3, "cost": 2})
    assert (f["prod"], f["cost"], f["down"]) == ("", "2", False)


def test_seats_left_to_the_order_take_the_first_free_characters():
    """«Подготовка к игре»: Рик, Морти, Зип, Кайл in order for seats not chosen."""
    assert seat_characters(["", "Рик", ""]) == ["Морти", "Рик", "Зип"]
    assert seat_characters(["", ""]) is None
    assert taken_by(["Зип", "", "Зип"], "Зип", 2) == 0
    assert taken_by(["Зип", ""], "Зип", 0) is None


def test_the_setup_as_typed_and_what_settings_keep(tmp_path):
    assert [typed_limit(t) for t in ("", " 90 ", "1,5", "минута")] == [None, 90, 1.5, "минута"]
    typed = {KRO: 5, RICK_UNIVERSE: 2, MICRO: 21, MINI: "x"}
    assert keepable(typed) == {RICK_UNIVERSE: 2}  # whole 1…20, Кроховселенная's fixed
    saved = {SETTINGS_KEY: {MINI: 3, "Нигде": 4}, LIMIT_KEY: -5}
    (tmp_path / "settings.json").write_text(json.dumps(saved), encoding="utf-8")
    assert remembered(tmp_path) == ({MINI: 3}, None)  # a limit the setup refuses is not offered


def test_the_charge_says_what_it_did_by_itself():
    """«Фаза зарядки, шаг В»: the next player's turn, the next universe, or the phase over."""
    names = ["Аня", "Борис"]
    before = Charge(universe=KRO, step="В", player=0)
    state = SimpleNamespace(charge=Charge(universe=KRO, step="В", player=1), rounds=[])
    assert charge_moved(before, state, names) == "Аня: больше нечего активировать — ход Бориса"
    state.charge = Charge(universe=MINI, step="Б", player=0)
    moved = charge_moved(before, state, names)
    assert moved == "Кроха: больше нечего активировать — дальше Мини, шаг Б", moved
    state.charge, state.rounds = None, [{"burned": 3}]
    assert charge_moved(before, state, names).endswith("сгорело энергии: 3")
    state.charge = before
    assert charge_moved(before, state, names) == ""  # nothing moved: nothing to say


def test_ledger_lines_and_edge_refusals_name_the_numbers_and_the_rule():
    row = {"universe": KRO, "in": 0, "production": 3, "gained": 0, "spent": 1, "out": None}
    assert ledger_line(row) == f"{KRO}: пришло 0, выработка +3, потрачено 1, сейчас 2"
    went = ledger_line(row | {"out": 2, "gained": 1})
    assert went.endswith("от карт +1, потрачено 1, ушло дальше 2"), went
    assert edge_refusal("up", RICK_UNIVERSE).endswith("(Перемещение).")
