"""History, roster and statistics on made-up histories in real files (issue 32).

Each history is made by playing free-counter games through the real store with a fake clock,
so the plays are read from real logs: ties, a renamed and a merged player, a game ended
early, a damaged game file.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import RosterError
from companion.store import GameStore
from companion.store.backup import backup_json, import_backup, plays_csv
from companion.store.history import CACHE, History, Play
from companion.store.roster import MAX_NAME, Roster
from companion.store.stats import (
    game_stats,
    head_to_head,
    nights,
    player_stats,
    stats_json,
)

HOUR = 3600.0


class Clock:
    def __init__(self, t: float = 1_700_000_000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


def play(store, clock, names, scores, *, target=None, stop=True, at=None, turns=1):
    """A free game: ``turns`` rounds of «Следующий игрок», then ``scores`` added; stopped
    with ``game.end`` (or the target reached)."""
    if at is not None:
        clock.t = at
    options = {"target": {"counter": "ПО", "value": target} if target else None}
    g = store.create("free", names, first_player=0, options=options)
    for _ in range(turns * len(names)):
        clock.t += 60
        g.push("turn.next")
    for i, s in enumerate(scores):
        if s:
            g.push("counter.add", {"player": i, "counter": "ПО", "delta": s})
    if stop and not g.game.is_over():
        g.push("game.end")
    g.close()
    return g.id


@pytest.fixture
def made(tmp_path):
    clock = Clock()
    store = GameStore(tmp_path, clock=clock)
    return tmp_path, store, clock


def test_a_finished_game_is_a_play_with_its_winner_scores_time_and_rounds(made):
    root, store, clock = made
    gid = play(store, clock, ["Аня", "Борис", "Вика"], [3, 7, 1], turns=2)
    [p] = History(store).plays()
    assert p.id == gid and p.game == "free" and p.players == ("Аня", "Борис", "Вика")
    assert p.winner_names == ("Борис",) and p.scores == (3.0, 7.0, 1.0)
    # two whole rounds, then the scores are added in the third round's first turn
    assert p.rounds == 3 and p.turn_counts == (3, 2, 2)
    assert p.seconds >= 6 * 60 and not p.early


def test_a_game_in_progress_is_not_a_play(made):
    root, store, clock = made
    play(store, clock, ["Аня", "Борис"], [1, 2], stop=False)
    assert History(store).plays() == []


def test_a_tie_gives_each_shared_winner_a_win(made):
    """«Поровну!»: the leaders on the main counter share the win; each gets one."""
    root, store, clock = made
    play(store, clock, ["Аня", "Борис", "Вика"], [5, 5, 2])
    plays = History(store).plays()
    stats = {s.name: s for s in player_stats(plays)}
    assert stats["Аня"].wins == stats["Борис"].wins == 1 and stats["Вика"].wins == 0
    assert game_stats(plays)["free"].most_wins == (("Аня", "Борис"), 1)


def test_a_game_stopped_before_its_target_is_marked_early(made):
    root, store, clock = made
    play(store, clock, ["Аня", "Борис"], [3, 1], target=10)
    play(store, clock, ["Аня", "Борис"], [0, 10], target=10)  # reached: a normal end
    plays = History(store).plays()
    assert [p.early for p in plays] == [True, False]
    assert "1" in plays_csv(plays).splitlines()[1].split(",")[-1]


def test_renamed_player_keeps_history_and_merge_joins_two_entries(made):
    root, store, clock = made
    play(store, clock, ["Вика", "Борис"], [5, 1])
    play(store, clock, ["Виктория", "Борис"], [5, 1])
    play(store, clock, ["Боря", "Вика"], [9, 1])
    roster = Roster(root)
    roster.add("Вика")
    roster.add("Виктория")
    roster.add("Борис")
    roster.add("Боря")
    roster.rename("Вика", "Вика К.")
    roster.merge("Вика К.", "Виктория")
    roster.merge("Борис", "Боря")
    again = Roster(root)  # as stored
    assert [p.name for p in again.players()] == ["Вика К.", "Борис"]
    stats = {s.name: s for s in player_stats(History(store).plays(), again.aliases())}
    assert set(stats) == {"Вика К.", "Борис"}
    assert (stats["Вика К."].plays, stats["Вика К."].wins) == (3, 2)
    assert (stats["Борис"].plays, stats["Борис"].wins) == (3, 1)
    h = head_to_head(History(store).plays(), "Виктория", "Боря", again.aliases())
    assert (h.a, h.b, h.together, h.wins_a, h.wins_b) == ("Вика К.", "Борис", 3, 2, 1)


def test_roster_refuses_bad_names_and_changes_nothing(tmp_path):
    roster = Roster(tmp_path)
    roster.add("Аня")
    for bad in ("", "   ", "я" * (MAX_NAME + 1), " аня "):
        with pytest.raises(RosterError, match="Имя игрока"):
            roster.add(bad)
    with pytest.raises(RosterError):
        roster.merge("Аня", "аня")
    assert [p.name for p in Roster(tmp_path).players()] == ["Аня"]


def test_damaged_roster_is_set_aside_and_the_backup_used(tmp_path):
    roster = Roster(tmp_path)
    roster.add("Аня")
    roster.add("Борис")
    (tmp_path / "roster.json").write_text("{not json", encoding="utf-8")
    again = Roster(tmp_path)
    assert [p.name for p in again.players()] == ["Аня"]  # the version before the last write
    assert "повреждён" in again.warnings[0]
    assert list(tmp_path.glob("roster.json.corrupt-*"))


def test_a_damaged_game_file_is_left_out_and_named_the_rest_counted(made):
    root, store, clock = made
    good = play(store, clock, ["Аня", "Борис"], [2, 1])
    bad = play(store, clock, ["Аня", "Борис"], [1, 2])
    for p in (root / "games").glob(f"{bad}.json*"):
        p.write_text("garbage", encoding="utf-8")
    history = History(GameStore(root))
    assert [p.id for p in history.plays()] == [good]
    assert any(bad in w for w in history.warnings)


def test_the_cache_is_used_and_a_damaged_one_rebuilt(made):
    root, store, clock = made
    play(store, clock, ["Аня", "Борис"], [2, 1])
    first = History(store).plays()
    assert (root / CACHE).exists()
    (root / CACHE).write_text("[1, 2", encoding="utf-8")
    history = History(GameStore(root))
    assert history.plays() == first
    assert any(CACHE in w for w in history.warnings)


def test_streaks_last_played_and_nights(made):
    root, store, clock = made
    t0 = 1_700_000_000.0
    # evening one: Аня, Аня, Борис; next day: Аня, Аня
    for at, scores in [
        (t0, [3, 1]),
        (t0 + HOUR, [3, 1]),
        (t0 + 2 * HOUR, [1, 3]),
        (t0 + 30 * HOUR, [3, 1]),
        (t0 + 31 * HOUR, [3, 1]),
    ]:
        play(store, clock, ["Аня", "Борис"], scores, at=at)
    plays = History(store).plays()
    a = {s.name: s for s in player_stats(plays)}["Аня"]
    assert (a.wins, a.current_streak, a.longest_streak) == (4, 2, 2)
    assert a.last_played == plays[-1].started
    ns = nights(plays)
    assert [len(n.plays) for n in ns] == [2, 3]  # newest first
    assert ns[1].top == (("Аня",), 2) and ns[0].top == (("Аня",), 2)


def test_stats_json_has_the_issue_shape(made):
    root, store, clock = made
    play(store, clock, ["Аня", "Борис"], [2, 1])
    data = stats_json(History(store).plays())
    aня = data["players"][0]
    assert {"name", "plays", "wins", "win_rate", "by_game"} <= set(aня)
    assert aня["by_game"]["free"] == {"plays": 1, "wins": 1, "avg_score": 2.0, "best_score": 2.0}
    assert {"plays", "avg_minutes"} <= set(data["games"]["free"])


def test_backup_round_trips_and_a_bad_one_imports_nothing(made, tmp_path_factory):
    root, store, clock = made
    play(store, clock, ["Аня", "Борис"], [2, 1])
    play(store, clock, ["Аня", "Борис"], [1, 1], stop=False)
    Roster(root).add("Аня", "#123456")
    data = json.loads(json.dumps(backup_json(store, Roster(root))))
    other = tmp_path_factory.mktemp("other")
    bad = json.loads(json.dumps(data))
    bad["games"][0]["events"][0]["data"]["delta"] = 0  # a move the rules refuse
    from companion.errors import StoreError

    with pytest.raises(StoreError, match="проверку"):
        import_backup(GameStore(other), bad, Roster(other))
    assert GameStore(other).ids() == [] and Roster(other).players() == []
    done = import_backup(GameStore(other), data, Roster(other))
    assert len(done.added) == 2 and done.players == ["Аня"]
    assert [p.id for p in History(GameStore(other)).plays()] == [
        p.id for p in History(store).plays()
    ]
    assert import_backup(GameStore(other), data).skipped == done.added


# -- invariants ---------------------------------------------------------------------------------
NAMES = ["Аня", "Борис", "Вика", "Гена", "Дина"]


@st.composite
def plays_(draw):
    out = []
    for k in range(draw(st.integers(0, 25))):
        seats = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=5, unique=True))
        n = len(seats)
        winners = tuple(sorted(draw(st.sets(st.integers(0, n - 1), max_size=n))))
        out.append(
            Play(
                id=f"g{k}",
                game=draw(st.sampled_from(["free", "coup"])),
                title="",
                edition="",
                players=tuple(seats),
                colors=("#000000",) * n,
                winners=winners,
                scores=tuple(float(draw(st.integers(-5, 20))) for _ in seats),
                started=draw(st.floats(0, 1e6)),
                ended=0.0,
                seconds=60.0,
                rounds=1,
                turn_seconds=(1.0,) * n,
                turn_counts=(1,) * n,
                early=False,
                reason="",
            )
        )
    return out


@given(plays_())
def test_wins_never_exceed_plays_and_sums_match(plays):
    stats = player_stats(plays)
    assert sum(s.plays for s in stats) == sum(len(p.players) for p in plays)
    assert sum(s.wins for s in stats) == sum(len(p.winners) for p in plays)
    for s in stats:
        assert 0 <= s.wins <= s.plays and s.longest_streak >= s.current_streak
        assert s.longest_streak <= s.wins
        assert sum(r.plays for r in s.by_game.values()) == s.plays
    assert sum(g.plays for g in game_stats(plays).values()) == len(plays)
    assert sum(len(n.plays) for n in nights(plays)) == len(plays)
    if len(NAMES) >= 2:
        h = head_to_head(plays, "Аня", "Борис")
        assert h.wins_a <= h.together and h.wins_b <= h.together


# -- «Ещё раз» (issue 31) -----------------------------------------------------------------------
def test_play_again_keeps_players_seats_colours_and_options(made):
    import random

    from companion.engine import PlayerSpec
    from companion.store.again import play_again

    root, store, clock = made

    specs = [
        PlayerSpec("Вика", "#43A047"),
        PlayerSpec("Аня", "#E53935"),
        PlayerSpec("Гена", "#1E88E5"),
    ]
    old = store.create("free", specs, first_player=2, options={"target": None})
    old.push("counter.add", {"player": 1, "counter": "ПО", "delta": 2})
    old.push("game.end")
    new = play_again(store, old.id, rng=random.Random(1))
    assert new.id != old.id and new.game.setup.players == old.game.setup.players
    assert new.game.setup.options == old.game.setup.options and new.game.events == ()


def test_play_again_before_the_end_is_refused(made):
    from companion.errors import SetupError
    from companion.store.again import play_again

    root, store, clock = made
    g = store.create("free", ["Аня", "Борис"], first_player=0)
    with pytest.raises(SetupError, match="окончена"):
        play_again(store, g.id)
    assert store.ids() == [g.id]


def test_coup_again_starts_with_the_last_winner():
    """«Подготовка к игре» (Переворот): whoever last won a board game goes first."""
    from companion.engine import GAMES, Outcome, Setup

    coup = GAMES["coup"]
    setup = Setup("coup", (), 0, {}, 0.0)
    assert coup.first_player_again(setup, Outcome((2,), "")) == 2
    assert GAMES["free"].first_player_again(setup, Outcome((2,), "")) is None


def test_stamps_of_one_folder_walk_equal_each_games_stamp(made):
    root, store, clock = made
    play(store, clock, ["Аня", "Борис"], [2, 1])
    play(store, clock, ["Аня", "Борис"], [1, 1], stop=False)  # a log beside its snapshot
    only_bak = play(store, clock, ["Аня", "Борис"], [3, 1])
    (root / "games" / f"{only_bak}.json").unlink()
    (root / "games" / "notes.txt").write_text("x", encoding="utf-8")
    stamps = store.stamps()
    assert sorted(stamps) == store.ids()
    assert stamps == {gid: store.stamp(gid) for gid in store.ids()}


def test_a_cache_row_of_the_wrong_shape_is_not_trusted(made):
    root, store, clock = made
    play(store, clock, ["Аня", "Борис"], [2, 1])
    first = History(store).plays()
    raw = json.loads((root / CACHE).read_text(encoding="utf-8"))
    (row,) = raw["games"].values()
    row["play"]["winners"] = [5]  # a seat that is not at the table
    (root / CACHE).write_text(json.dumps(raw), encoding="utf-8")
    history = History(GameStore(root))
    assert history.plays() == first
    assert any("повреждён" in w for w in history.warnings)
