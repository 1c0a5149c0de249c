"""Замес: «Закончить ход» (``phase.pass``) through the phases where the table has nothing to do
(issue 31), a minion played with its power in one move, «Две коробки» (issue 30).

Each rule test's docstring starts with the rulebook heading it checks (000 = smashup-bbrr,
001 = smashup-mimimi).
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Game
from companion.engine.smashup import CHECK, DRAW, END, PLAY, SMASHUP, START, ready_bases
from companion.engine.smashup.flow import advance, stops_passage
from companion.errors import SetupError
from companion.store import GameStore
from tests.engine.test_smashup import DECKS, NAMES, Clock, card, new_game, refused

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def to_play(g: Game) -> None:
    """From «Начало хода» to «Играй карты»."""
    g.push("phase.next")
    assert g.state.phase == PLAY


# -- one tap for an uneventful end of turn -----------------------------------------------------
def test_pass_goes_from_play_to_the_next_players_play():
    """Фазы хода («Вот как это делается»): with no base ready, «Закончить ход» passes «Проверь
    базы», «Возьми две карты», «Конец хода» and the next player's «Начало хода», and stops at the
    next player's «Играй карты»; every phase is named in the journal line, in order."""
    g = new_game()
    to_play(g)
    g.push("play.minion", {"base": 0, "power": 4})
    ev = g.push("phase.pass")
    s = g.state
    assert (s.active, s.turn, s.phase) == (1, 2, PLAY)
    assert s.used == {"minion": 0, "action": 0}  # the new turn's plays
    line = g.describe(ev)
    order = ["Проверь базы", "Возьми две карты", "Конец хода", "Борис", "Начало хода", "Играй"]
    where = [line.index(w) for w in order]
    assert where == sorted(where), line
    assert line.startswith("Аня заканчивает ход")
    assert "готовых к захвату баз нет" in line
    assert "→" not in line  # the app's web font has no arrow: it was drawn as a box


def test_pass_stops_at_a_ready_base_and_goes_on_after_it_is_scored():
    """Фазы хода («Вот как это делается») / «Большой куш»: a ready base stops the passage in
    «Проверь базы»; the base must be scored before going on; then the same button ends the turn."""
    g = new_game()
    to_play(g)
    g.push("base.set", {"base": 0, "player": 0, "power": 20, "minions": 2})
    ev = g.push("phase.pass")
    assert (g.state.active, g.state.phase) == (0, CHECK)
    assert "готова к захвату «Древний храм»" in g.describe(ev)
    err = refused(g, "phase.pass")
    assert err.rule == "Большой куш"
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    g.push("phase.pass")
    assert (g.state.active, g.state.phase, g.state.vp[0]) == (1, PLAY, 4)


@pytest.mark.parametrize("edition", ["bbrr", "mimimi"])
def test_pass_stops_when_the_game_ends(edition):
    """Фазы хода («Вот как это делается») / «Игра окончена»: a single leader with 15+ VP at the end
    of the turn ends the game; the passage stops there (no next turn), the line says who won."""
    g = new_game(edition=edition)
    to_play(g)
    g.push("vp.adjust", {"player": 0, "delta": 15})
    ev = g.push("phase.pass")
    assert g.is_over() and g.outcome().winners == (0,)
    assert (g.state.active, g.state.turn, g.state.phase) == (0, 1, END)
    assert "побеждает Аня" in g.describe(ev)


def test_pass_stops_after_scoring_with_the_mimimi_check():
    """«Мимими», «3. Проверь базы»: with the check after scoring on, the 15 VP a scored base
    brings end the game as «Проверь базы» ends; the passage stops there."""
    g = new_game(edition="mimimi", win_check="after_scoring")
    to_play(g)
    g.push("vp.adjust", {"player": 0, "delta": 12})
    g.push("base.set", {"base": 0, "player": 0, "power": 20, "minions": 1})
    g.push("phase.pass")
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    g.push("phase.pass")
    assert g.is_over() and g.state.won_after_scoring and g.state.phase == CHECK


def test_a_tie_at_15_does_not_stop_the_passage():
    """«Игра окончена»: a shared lead at 15+ is no end: the turn passes on."""
    g = new_game(players=NAMES[:2])
    to_play(g)
    g.push("vp.adjust", {"player": 0, "delta": 15})
    g.push("vp.adjust", {"player": 1, "delta": 15})
    g.push("phase.pass")
    assert not g.is_over() and (g.state.active, g.state.phase) == (1, PLAY)


@pytest.mark.parametrize("phase", [START, CHECK, DRAW, END])
def test_pass_stops_at_a_phase_the_table_asked_to_be_reminded_of(phase):
    """Фазы хода («Вот как это делается»): a phase in the ``remind`` option stops the passage on
    entering it (cards «в начале хода», «в конце хода»: the table wants to see the phase)."""
    g = Game.new(
        SMASHUP, NAMES[:2], options={"factions": DECKS[:2], "remind": [phase]}, clock=Clock()
    )
    for i in range(3):
        g.push("base.add", {"base_card": card(f"Б{i}")})
    g.push("game.start")
    to_play(g)
    g.push("phase.pass")
    assert g.state.phase == phase
    assert g.state.active == (1 if phase == START else 0)
    if phase != START:
        g.push("phase.pass")
        assert (g.state.active, g.state.phase) == (1, PLAY)


def test_remind_option_is_checked():
    """Фазы хода («Вот как это делается»): ``remind`` lists phase numbers where the passage may
    stop; anything else is refused at setup, naming the option."""
    for bad in ([PLAY], ["Конец хода"], [True], "1"):
        with pytest.raises(SetupError, match="remind"):
            Game.new(SMASHUP, NAMES[:2], options={"remind": bad})


def test_pass_is_not_offered_before_playing_cards():
    """«Вот как это делается»: the turn is ended from «Играй карты» on; in «Начало хода» the
    passage is refused, naming the rule (it would skip the player's own turn)."""
    g = new_game()
    err = refused(g, "phase.pass")
    assert err.rule == "Вот как это делается" and "Играй карты" in err.message


def test_undo_takes_the_whole_passage_back():
    """Фазы хода («Вот как это делается»): undo takes the whole passage back in one step, redo
    brings it back whole; the turn clock goes back to the player who ended the turn."""
    g = new_game()
    to_play(g)
    before = copy.deepcopy(g.state)
    g.push("phase.pass")
    assert g.turn_clock().turns[-1][:2] == (2, 1)
    g.undo()
    assert g.state == before and g.turn_clock().turns[-1][:2] == (1, 0)
    g.redo()
    assert (g.state.active, g.state.phase) == (1, PLAY)


def test_old_logs_of_single_steps_replay_as_before(tmp_path):
    """A saved game of ``phase.next`` steps (before ``phase.pass`` existed) loads to the same
    state; a new passage joins it and survives a reload."""
    store = GameStore(tmp_path)
    stored = store.create("smashup", NAMES[:2], first_player=0, options={"factions": DECKS[:2]})
    g = stored.game
    for i in range(3):
        stored.push("base.add", {"base_card": card(f"Б{i}")})
    stored.push("game.start")
    for _ in range(6):
        stored.push("phase.next")
    assert (g.state.active, g.state.phase) == (1, PLAY)
    stored.push("phase.pass")
    stored.close()
    again = store.open(stored.id).game
    assert again.state == g.state and (again.state.active, again.state.turn) == (0, 3)


@st.composite
def turns(draw):
    """A few turns: per turn, a power set on a base (sometimes past its breakpoint), VP."""
    return draw(
        st.lists(
            st.tuples(
                st.integers(0, 3), st.integers(0, 25), st.integers(0, 9), st.sampled_from([[], [3]])
            ),
            min_size=1,
            max_size=8,
        )
    )


@settings(max_examples=60, deadline=None)
@given(turns(), st.sampled_from(["bbrr", "mimimi"]))
def test_property_pass_equals_the_steps_it_replaces(plays, edition):
    """Фазы хода («Вот как это делается»): a passage ends where stepping «Дальше» would stop by the
    same rule (ready base, game end, reminder, next «Играй карты»), in the same state; undo restores
    the state before it exactly."""
    for base, power, vp, remind in plays:
        g = Game.new(
            SMASHUP,
            NAMES,
            options={"factions": DECKS, "edition": edition, "remind": remind},
            clock=Clock(),
        )
        for i in range(4):
            g.push("base.add", {"base_card": card(f"Б{i}", 20)})
        g.push("game.start")
        to_play(g)
        g.push("base.set", {"base": base, "player": 0, "power": power})
        if vp:
            g.push("vp.adjust", {"player": 1, "delta": vp + 6})
        before = copy.deepcopy(g.state)
        stepped = copy.deepcopy(g.state)
        turn = stepped.turn
        while True:
            advance(stepped)
            if stops_passage(stepped, turn):
                break
        g.push("phase.pass")
        assert g.state == stepped
        assert g.state.phase != CHECK or ready_bases(g.state) or 3 in remind
        g.undo()
        assert g.state == before


# -- a minion in two taps ----------------------------------------------------------------------
def test_minion_with_power_is_one_move():
    """«Играй карты»: one minion a turn; played with its power, the minion, its power on the
    base and the play counted are one event, undone in one step."""
    g = new_game()
    to_play(g)
    before = copy.deepcopy(g.state)
    ev = g.push("play.minion", {"base": 1, "power": 5})
    b = g.state.bases[1]
    assert (b.power[0], b.minions[0], g.state.used["minion"]) == (5, 1, 1)
    assert g.describe(ev) == "Аня играет приспешника на базу «База 2» с силой 5 (осталось 0)"
    refused(g, "play.minion", {"base": 1, "power": 2})  # «Добавочные карты»: no plays left
    g.undo()
    assert g.state == before
    for bad in (-1, "3", 2.5, True):
        refused(g, "play.minion", {"base": 1, "power": bad})


# -- two boxes ---------------------------------------------------------------------------------
def _picking(two_boxes: bool | None) -> Game:
    options: dict = {} if two_boxes is None else {"two_boxes": two_boxes}
    return Game.new(SMASHUP, NAMES[:2], options=options, clock=Clock())


def test_two_boxes_lets_opponents_share_a_faction():
    """Подготовка к игре (000 and 001): with two boxes of the set, opponents may be given the
    same faction."""
    g = _picking(True)
    g.push("faction.pick", {"player": 0, "faction": "Рокеры"})
    g.push("faction.pick", {"player": 1, "faction": "Рокеры"})
    assert g.state.factions == [["Рокеры"], ["Рокеры"]]


def test_two_boxes_still_refuses_a_faction_twice_in_one_deck():
    """Подготовка к игре (000 and 001): each player's two factions differ, even with two
    boxes."""
    g = _picking(True)
    g.push("faction.pick", {"player": 0, "faction": "Рокеры"})
    err = refused(g, "faction.pick", {"player": 0, "faction": "рокеры"})
    assert err.rule == "Подготовка к игре"


@pytest.mark.parametrize("two_boxes", [None, False])
def test_one_box_refuses_a_faction_another_player_has(two_boxes):
    """Подготовка к игре: with one box each faction is on the table once; the refusal says
    how to allow it («Две коробки»)."""
    g = _picking(two_boxes)
    g.push("faction.pick", {"player": 0, "faction": "Рокеры"})
    err = refused(g, "faction.pick", {"player": 1, "faction": "Рокеры"})
    assert err.rule == "Подготовка к игре" and "Две коробки" in err.message


def test_two_boxes_option_is_a_yes_or_no():
    """Подготовка к игре: ``two_boxes`` is da/net; anything else is refused at setup."""
    with pytest.raises(SetupError, match="two_boxes"):
        Game.new(SMASHUP, NAMES[:2], options={"two_boxes": "да"})


@pytest.mark.parametrize("two_boxes", [True, False])
def test_setup_reminder_says_factions_may_be_shared_only_with_two_boxes(two_boxes):
    """Подготовка к игре: the setup reminder tells the table that opponents may share a faction
    when two boxes are in play, and only then."""
    from companion.engine.smashup.texts import reminder

    text = reminder(_picking(two_boxes).state)
    assert ("двумя коробками" in text) is two_boxes
    assert "двух разных фракций" in text
