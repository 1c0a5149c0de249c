"""Table mode under load: 4 real Flet sessions × 500 events on one game, concurrently."""

from __future__ import annotations

from benchmarks._load import run_load
from companion.engine import Game
from companion.store import GameStore


def test_concurrent_sessions_lose_and_duplicate_nothing(tmp_path):
    result = run_load(tmp_path, sessions=4, events=500)
    assert result.refused == 0
    assert sum(len(v) for v in result.sent.values()) == 2000
    stored = GameStore(tmp_path).open(result.game_id)
    events = stored.game.events
    # Every accepted event exactly once, in one order.
    assert [e.seq for e in events] == list(range(1, 2001))
    logged = [(e.author, e.data["value"]) for e in events]
    assert len(set(logged)) == 2000
    for author, values in result.sent.items():
        assert [v for a, v in logged if a == author] == values  # each session's order kept
    # The state is the replay of the saved log.
    replayed = Game(stored.game.definition, stored.game.setup, events).state
    assert replayed == stored.game.state
    assert [v["ПО"] for v in replayed.values] == [result.sent[f"s{i}"][-1] for i in range(4)]
    assert result.refreshes == 2000  # one notification per accepted change
    assert result.final_versions == [2000] * 4  # every session ends showing the latest state
