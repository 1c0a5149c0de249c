"""What the «Замес» board says, without Flet (:mod:`companion.present.smashup`) and the base
form's catalogue lines (:mod:`companion.present.base_form`). Rulebooks: 000 («Мишки, бабки,
рок-н-ролл», ``bbrr``) and 001 («Мимими», ``mimimi``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.engine.core import Game
from companion.engine.smashup import SETUP_PHASE, SMASHUP, BaseState
from companion.present.base_form import (
    EMPTY_FORM,
    entry_text,
    form_summary,
    known_base,
    remember,
    suggestions,
)
from companion.present.smashup import (
    base_chips,
    edition_text,
    next_picker,
    score_data,
    setup_hint,
    setup_text,
    signed,
    taken_factions,
    unpaid_place,
    why_none,
)
from companion.store.bases import BaseCatalogue

PORT = {"name": "Тихая заводь", "breakpoint": 16, "vp": [3, 2, 1]}


@pytest.mark.parametrize(
    ("others", "power", "said"),
    [
        ([10, 10, 10], 3, "трое на 1-м: 2-е и 3-е не достаются никому"),
        ([10, 5, 5], 3, "двое на 2-м месте: 3-е не достаётся никому"),
        ([10, 8, 6], 3, "ниже третьего места"),
        ([10, 10, 6, 6], 3, "ниже третьего места"),  # the sixes share third: paid
    ],
)
def test_unpaid_place_follows_the_tie_rule(others, power, said):
    """Споры при раздаче: tied players take the higher place and the places they cover go to
    nobody; only a tie across third place leaves third unpaid (drawn whole at 360 px:
    ``test_smashup_texts``)."""
    assert unpaid_place(others, power) == said


def _base(power: list[int], minions: list[int]) -> BaseState:
    return BaseState("Порт", 10, (3, 2, 1), power, minions)


def test_why_none_names_the_reason_a_player_gets_nothing():
    """Раздача очков: a paid zero power is noted; no minion and no power is not eligible
    (``bbrr``); «Мимими» wants a minion even with power."""
    base = _base([0, 5, 0, 2], [1, 1, 0, 0])
    paid = {0: 2, 1: 3}
    assert why_none(base, "bbrr", paid, 0) == "есть приспешник: очки и при силе 0"
    assert why_none(base, "bbrr", paid, 1) == ""
    assert why_none(base, "bbrr", paid, 2) == "нет ни силы, ни приспешников"
    assert why_none(base, "mimimi", paid, 3) == "нет приспешников"
    assert why_none(base, "bbrr", paid, 3) == "ниже третьего места"


def test_setup_words():
    """The setup reminder loses the phase's name; the edition breaks after its last comma;
    the bar says what «Начать игру» waits for; a change keeps a true minus."""
    assert setup_text(f"{SETUP_PHASE}: возьмите базы") == "Возьмите базы"
    assert setup_text("Возьмите базы") == "Возьмите базы"
    assert edition_text("Мишки, бабки, рок-н-ролл") == "Мишки, бабки,\nрок-н-ролл"
    assert edition_text("Мимими") == "Мимими"
    assert setup_hint([["a", "b"], ["c"]], 0, 3) == "фракции: 1 из 2"
    assert setup_hint([["a", "b"], ["c", "d"]], 1, 3) == "ещё баз: 2"
    assert setup_hint([["a", "b"], ["c", "d"]], 3, 3) == "всё готово"
    assert (signed(2), signed(-1)) == ("+2", "−1")


def test_the_catalogue_fills_a_known_name_not_on_the_table(tmp_path):
    """A name typed whole (case and spaces forgiven) is known unless that base is laid out; a
    suggestion already in the form is not offered again."""
    catalogue = BaseCatalogue(tmp_path)
    remember(catalogue, PORT)
    remember(catalogue, {"name": "", "breakpoint": 1, "vp": [1, 1, 1]})  # refused: ignored
    assert known_base(catalogue, " тихая ЗАВОДЬ", [])["name"] == "Тихая заводь"
    assert known_base(catalogue, "Тихая заводь", ["тихая заводь"]) is None
    assert known_base(catalogue, "  ", []) is None
    form = {**EMPTY_FORM, "name": "Тихая"}
    assert [h["name"] for h in suggestions(catalogue, form, [], 2)] == ["Тихая заводь"]
    picked = {**EMPTY_FORM, "name": "Тихая заводь", "bp": "16", "vp1": "3", "vp2": "2"}
    assert suggestions(catalogue, {**picked, "vp3": "1"}, [], 2) == []
    assert entry_text(PORT) == "Тихая заводь · 16; 3/2/1"
    assert form_summary(picked) == "Тихая заводь: оборона 16; ПО 3/2/?"


def test_the_scoring_move_carries_the_typed_replacement_or_the_empty_deck():
    """Раздача очков, Разойтись по углам!: a typed card goes with the move; an empty deck sends
    no card when nothing is typed, and never in «Мимими»; a refused card sends nothing."""
    port = {**EMPTY_FORM, "name": "Порт", "bp": "18", "vp1": "3", "vp2": "2", "vp3": "1"}
    card = {"name": "Порт", "breakpoint": 18, "vp": [3, 2, 1]}
    assert score_data(1, port, False, "bbrr") == {"base": 1, "base_card": card}
    assert score_data(1, port, True, "bbrr") == {"base": 1, "base_card": card}
    assert score_data(1, port, True, "mimimi") == {"base": 1, "base_card": None, "deck_empty": True}
    assert score_data(0, EMPTY_FORM, True, "bbrr") == {
        "base": 0,
        "base_card": None,
        "deck_empty": True,
    }
    assert score_data(0, EMPTY_FORM, False, "bbrr") == {"base": 0, "base_card": None}
    assert score_data(0, {**port, "bp": "x"}, False, "bbrr") is None


def _game(**options):
    return Game.new(SMASHUP, ["Аня", "Борис", "Вика"], options={"edition": "bbrr", **options})


def _pick(game, player: int, faction: str) -> None:
    game.push("faction.pick", {"player": player, "faction": faction})


def test_the_next_picker_and_the_factions_taken():
    """Подготовка к игре: the first deck short of two picks unless another player was tapped;
    a snake draft goes 0, 1, 2, 2 («Договоримся как взрослые»); with «Две коробки» only the
    picker's own deck is taken."""
    game = _game()
    _pick(game, 0, "Котики")
    state = game.state
    assert next_picker(state, None) == 0
    assert next_picker(state, 2) == 2
    assert taken_factions(state, 1) == {"котики"}
    two = _game(two_boxes=True)
    _pick(two, 0, "Котики")
    assert taken_factions(two.state, 1) == set()
    assert taken_factions(two.state, 0) == {"котики"}
    draft = _game(draft=True)
    for seat, faction in ((0, "Котики"), (1, "Феи"), (2, "Рокеры")):
        _pick(draft, seat, faction)
    assert next_picker(draft.state, 0) == 2


def test_the_base_chips_say_ready_by_rule_or_by_the_tables_word():
    base = BaseState("Порт", 10, (3, 2, 1), [6, 5], [1, 1])
    quiet = BaseState("Сад", 20, (4, 2, 1), [1, 0], [1, 0])
    state = SimpleNamespace(bases=[base, quiet], selected=1)
    assert base_chips(state) == (("Порт", "Сад"), (11, 1), (10, 20), (True, True))
    assert base_chips(SimpleNamespace(bases=[quiet], selected=None))[3] == (False,)
