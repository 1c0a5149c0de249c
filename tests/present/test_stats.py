"""What the statistics cards say (:mod:`companion.present.stats`)."""

from __future__ import annotations

from companion.present.stats import game_lines, player_lines
from companion.store.stats import GameRecord, GameStats, PlayerStats


def test_a_player_card_names_rate_streaks_and_each_game_most_played_first():
    st = PlayerStats(
        "Аня",
        plays=4,
        wins=3,
        by_game={
            "coup": GameRecord(plays=1, wins=0),
            "smashup": GameRecord(plays=3, wins=3, scores=[15, 20, 16]),
        },
        turn_seconds=90,
        turns=3,
        current_streak=2,
        longest_streak=3,
    )
    head, facts, games = player_lines(st, {"smashup": "Замес"})
    assert head == "Аня: 3 из 4 (75%)"
    assert facts[0] == "Серия побед: 2 · лучшая: 3"
    assert facts[2].startswith("Средний ход: ")
    assert games == ["Замес: 3 из 3 (100%); счёт: средний 17, лучший 20", "coup: 0 из 1 (0%)"]


def test_a_game_card_leaves_out_what_it_cannot_say():
    """No winner and no score: only the plays' line."""
    assert len(game_lines(GameStats("coup", "Переворот", plays=2, seconds=600, rounds=6))) == 1
    lines = game_lines(
        GameStats(
            "smashup", "Замес", plays=1, wins={"Аня": 1}, high_score=15, high_scorers=("Аня",)
        )
    )
    assert lines[1:] == ["Больше всех побед: Аня (1)", "Лучший счёт: 15 — Аня"]
