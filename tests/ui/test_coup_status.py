"""The status line of «Переворот» names who must answer now and, apart, whose turn it is
(issue 11: «Ходит Гена» while Гена only reveals a card during Вика's turn was wrong; the
play-test then found «Ход: Гриша · отвечает Н…» at 390 px: who must act comes first now)."""

from __future__ import annotations

from companion.engine.core import Game
from companion.engine.coup import COUP
from companion.ui.status import whose_turn
from tests.coup_moves import TWO_PLAYER_WIN

NAMES = ["Аня", "Борис", "Вика", "Гена", "Даша", "Егор"]


def turn_of_vika() -> Game:
    g = Game.new(COUP, NAMES, first_player=0, options={}, clock=lambda: 0.0)
    for p in (0, 1):
        g.push("coup.declare", {"player": p, "action": "income", "target": None})
    return g


def line(g: Game) -> tuple[str, int | None]:
    who, answer, dot = whose_turn(g, g.definition.active_player(g.state))
    return (f"{who} · {answer}" if answer else who), dot


def test_a_loser_revealing_a_card_during_another_turn_is_named_apart():
    """«Оспаривание»: Гена challenges Вика's tax, Вика shows the Duke, Гена loses a card."""
    g = turn_of_vika()
    g.push("coup.declare", {"player": 2, "action": "tax", "target": None})
    assert line(g) == ("Ходит Вика", 2)  # anyone may challenge: the turn is Вика's
    g.push("coup.challenge", {"challenger": 3})
    assert line(g) == ("Ходит Вика", 2)  # Вика answers the challenge in her own turn
    g.push("coup.challenge_result", {"proven": True})
    assert line(g) == ("Отвечает Гена · ход Вики", 3)
    g.push("coup.lose_influence", {"player": 3, "character": "duke"})
    assert line(g) == ("Ходит Гена", 3)  # the turn has passed to Гена


def test_the_only_possible_blocker_answers_during_the_actors_turn():
    """«Капитан» (Кража): only the target may block; the turn stays Вика's."""
    g = turn_of_vika()
    g.push("coup.declare", {"player": 2, "action": "steal", "target": 3})
    g.push("coup.no_challenge", {})
    assert line(g) == ("Отвечает Гена · ход Вики", 3)


def test_other_games_keep_whose_turn_as_the_active_player():
    from companion.engine.free import FREE

    g = Game.new(FREE, ["Аня", "Борис"], first_player=1, options={}, clock=lambda: 0.0)
    assert line(g) == ("Ходит Борис", 1)


def test_the_phase_line_names_the_phase_not_the_game_while_it_runs():
    """A phone's status line: the step alone while the game runs («Действие», not «Действие ·
    Переворот», which read as the action chosen and was cut after the phase anyway); the
    game's title once it is over, not the phase it ended in."""
    from companion.ui.status import status_props

    g = turn_of_vika()
    assert status_props(g, show_title=True).where == g.definition.phase_label(g.state)
    assert "Переворот" not in status_props(g, show_title=True).where
    two = Game.new(COUP, NAMES[:2], first_player=0, options={}, clock=lambda: 0.0)
    for kind, data in TWO_PLAYER_WIN:
        two.push(kind, data)
    over = status_props(two, show_title=True)
    assert over.over and over.where == "Переворот" and over.who == "Игра окончена"
