"""Issue #30: journal lines a player tripped on (free counters' end, names after «к»)."""

from __future__ import annotations

from companion.engine import Game
from companion.engine.free import FREE
from companion.engine.munchkin import MUNCHKIN

PO = [{"name": "ПО", "step": 1, "start": 0}]


def free(**options) -> Game:
    return Game.new(
        FREE,
        ["Аня", "Борис"],
        first_player=0,
        options={"counters": PO, **options},
        clock=lambda: 0.0,
    )


def test_the_move_that_reaches_the_target_says_the_game_is_over_and_who_won():
    g = free(target={"counter": "ПО", "value": 2})
    g.push("counter.add", {"player": 1, "counter": "ПО", "delta": 1})
    g.push("counter.add", {"player": 1, "counter": "ПО", "delta": 1})
    last = g.log()[-1][1]
    assert last == "Борис: ПО +1 (теперь 2). Игра окончена — победа: Борис (ПО 2)"
    assert "Игра окончена" not in g.log()[0][1]


def test_a_played_out_round_ends_with_the_result_not_the_next_turn():
    """Play-test: the journal's last line was «Ход переходит…» after the game had ended."""
    g = free(target={"counter": "ПО", "value": 1}, finish_round=True)
    g.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    g.push("turn.next")
    assert g.log()[-1][1] == "Ход переходит к Борису"
    g.push("counter.add", {"player": 1, "counter": "ПО", "delta": 3})
    g.push("turn.next")
    assert g.outcome() is not None
    assert g.log()[-1][1] == "Раунд доигран. Игра окончена — победа: Борис (ПО 3)"


def test_a_stopped_game_names_the_winners_of_a_tie():
    g = free()
    g.push("game.end")
    assert g.log()[-1][1] == (
        "Игра остановлена по решению стола. Игра окончена — ничья, победители: "
        "Аня (ПО 0), Борис (ПО 0)"
    )


def test_munchkin_passes_the_turn_to_a_declined_name():
    g = Game.new(MUNCHKIN, ["Рома", "Аня", "Вика"], first_player=0, clock=lambda: 0.0)
    while g.state.active == 0:
        g.push("phase.next")
    assert any(line == "Ход переходит к Ане" for _ev, line in g.log())


def test_smashup_passes_the_turn_to_a_declined_name():
    """«Ход переходит к игроку Борис» read as a form; the name is declined as in the other
    games («к Борису»), in the step-by-step «Конец хода» and in «Закончить ход»'s line."""
    from tests.engine.test_smashup import new_game

    g = new_game()
    g.push("phase.next")  # «Играй карты»
    line = g.describe(g.push("phase.pass"))
    assert "ход переходит к Борису" in line and "к игроку" not in line
