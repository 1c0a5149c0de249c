"""Замес: the engine's side of the third phone play-test — a minion played onto a base in one
move, the empty base deck as each rulebook has it, journal lines whose numbers cannot be
misread, a faction one player has taken.

Rulebooks: 000 («Мишки, бабки, рок-н-ролл», ``bbrr``) and 001 («Мимими», ``mimimi``).
"""

from __future__ import annotations

import pytest

from companion.engine.smashup import END, PLAY, plays_left
from tests.engine.test_smashup_referee import card, new_game, ready_to_score, refused, to_phase


# -- «Играй карты»: a minion played onto a base ------------------------------------------------
def test_a_minion_played_onto_a_base_counts_the_minion_play():
    """Играй карты: one minion a turn; playing it onto a base puts one more minion of the
    active player there and uses the play in one move (undone together)."""
    g = new_game()
    to_phase(g, PLAY)
    g.push("play.minion", {"base": 2})
    s = g.state
    assert s.bases[2].minions == [1, 0, 0] and s.bases[2].power == [0, 0, 0]
    assert plays_left(s) == {"minion": 0, "action": 1}
    assert g.log()[-1][1] == "Аня играет приспешника на базу «База 2» (осталось 0)"
    err = refused(g, "play.minion", {"base": 2})
    assert err.rule == "Добавочные карты" and "больше нельзя сыграть приспешника" in err.message
    g.undo()
    assert g.state.bases[2].minions == [0, 0, 0] and plays_left(g.state)["minion"] == 1


def test_a_minion_played_outside_the_play_phase_needs_a_granted_extra():
    """Всё остальное: outside «Играй карты» only an extra minion a card granted is played, at
    once; without one the move is refused naming the rule."""
    g = new_game()
    err = refused(g, "play.minion", {"base": 0})
    assert err.rule == "Всё остальное" and "Играй карты" in err.message
    g.push("play.grant", {"kind": "minion", "count": 1})
    g.push("play.minion", {"base": 0, "extra": True})
    assert g.state.bases[0].minions == [1, 0, 0]
    assert "добавочного приспешника на базу «База 0» вне фазы" in g.log()[-1][1]
    refused(g, "play.minion", {"base": 0, "extra": True})
    refused(g, "play.minion", {"base": 9})
    refused(g, "play.minion", {"base": 0, "player": 1})


# -- «Разойтись по углам!»: the empty base deck ------------------------------------------------
def test_mimimi_remembers_that_the_base_deck_is_empty():
    """Разойтись по углам! (001, «Мимими»): a new base comes only while the deck has one; the
    game goes on with fewer bases, and the state says the deck is empty until a replacement
    is laid out again."""
    g = new_game("mimimi")
    ready_to_score(g)
    assert not g.state.deck_empty
    g.push("base.score", {"base": 0, "base_card": None, "deck_empty": True})
    assert g.state.deck_empty and len(g.state.bases) == 3
    g.push("base.set", {"base": 0, "player": 1, "power": 11, "minions": 1})
    g.push("base.score", {"base": 0, "base_card": card("Нашлась")})
    assert not g.state.deck_empty and g.state.bases[0].name == "Нашлась"


def test_bbrr_never_empties_a_base_slot():
    """Разойтись по углам! (000, «Мишки»): an empty deck is made again from the shuffled
    discard, so a scored base is always replaced."""
    g = new_game("bbrr")
    ready_to_score(g)
    refused(g, "base.score", {"base": 0, "base_card": None, "deck_empty": True})
    assert not g.state.deck_empty and len(g.state.bases) == 4


# -- journal lines -------------------------------------------------------------------------------
def test_journal_lines_say_the_change_and_the_new_value():
    """Play-test: «сила 0, теперь 1» read as «power 0»; a change now reads as the VP line
    does («сила +1 (теперь 1)»), a value typed on the pad «сила теперь 6 (было 1)»."""
    g = new_game()
    g.push("base.adjust", {"base": 1, "player": 1, "power": 1, "minions": 1})
    assert g.log()[-1][1] == (
        "Борис на базе «База 1»: сила +1 (теперь 1); приспешники +1 (теперь 1)"
    )
    g.push("base.set", {"base": 1, "player": 1, "power": 6})
    assert g.log()[-1][1] == "Борис на базе «База 1»: сила теперь 6 (было 1)"
    g.push("base.adjust", {"base": 1, "player": 1, "power": -2})
    assert g.log()[-1][1] == "Борис на базе «База 1»: сила −2 (теперь 4)"
    g.push("breakpoint.modify", {"base": 1, "delta": -3, "until": "turn"})
    assert g.log()[-1][1] == "Оборона базы «База 1» −3 (теперь 8; до конца хода)"


# -- «Подготовка к игре»: one of each faction ----------------------------------------------------
@pytest.mark.parametrize("typed", ["Котики", " котики "])
def test_a_faction_in_another_deck_is_refused(typed):
    """Подготовка к игре / Договоримся как взрослые: the factions are laid out on the table and
    each is taken by one player; a tap on a taken one (or the name typed) says so."""
    from companion.engine.core import Game
    from companion.engine.smashup import SMASHUP

    g = Game.new(SMASHUP, ["Аня", "Борис"], clock=lambda: 0.0)
    g.push("faction.pick", {"player": 0, "faction": "Котики"})
    err = refused(g, "faction.pick", {"player": 1, "faction": typed})
    assert err.rule == "Подготовка к игре" and "уже в колоде другого игрока" in err.message
    g.push("faction.pick", {"player": 1, "faction": "Феи"})


def test_end_of_turn_reminder_still_names_the_rule():
    """Конец хода: the shorter reminder keeps the rule it comes from."""
    from companion.engine.smashup import reminder

    g = new_game()
    to_phase(g, END)
    text = reminder(g.state)
    assert "15+ ПО" in text and "(раздел «Игра окончена»)" in text


def test_the_end_rule_is_cited_as_a_heading_not_a_verdict():
    """«Игра окончена» (rulebooks 000 and 001: the section the 15-VP check sends to): play-test,
    the reminder's «… играем дальше (Игра окончена).» read as «the game is over». Every text
    citing it now says it is the rulebook's section."""
    from companion.engine.smashup import reminder
    from companion.engine.smashup.texts import status_detail

    g = new_game()
    to_phase(g, END)
    texts = [reminder(g.state)]
    g.push("vp.adjust", {"player": 0, "delta": 15})
    texts.append(status_detail(g.state) or "")
    g.push("vp.adjust", {"player": 1, "delta": 15})
    texts.append(status_detail(g.state) or "")
    for text in texts:
        assert "(Игра окончена)" not in text, text
        assert "(раздел «Игра окончена»)" in text, text
