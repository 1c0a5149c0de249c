"""Statistics over plays (:class:`~companion.store.history.Play`): pure functions, no files.

A seat's name is mapped to a person by ``aliases`` (``{folded name: roster name}``, from
:meth:`companion.store.roster.Roster.aliases`): a renamed or merged player's games are theirs.
Every winner of a shared win («Поровну!») gets a win. Scores are compared only within one
game (a Coup influence is not a Smash Up VP), so averages and bests are per game. Times are
seconds; rates are fractions 0..1.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.store.history import Play
from companion.store.roster import fold

__all__ = [
    "GameRecord",
    "PlayerStats",
    "GameStats",
    "HeadToHead",
    "Night",
    "NIGHT_GAP",
    "person",
    "player_stats",
    "game_stats",
    "head_to_head",
    "nights",
    "filter_plays",
    "stats_json",
]

#: Games started less than this many seconds apart are one night (6 hours).
NIGHT_GAP = 6 * 3600


def person(name: str, aliases: Mapping[str, str] | None) -> str:
    """The person a seat's ``name`` stands for (the roster name, else the name itself)."""
    clean = name.strip()
    return (aliases or {}).get(fold(clean), clean)


def _people(play: Play, aliases: Mapping[str, str] | None) -> list[str]:
    return [person(n, aliases) for n in play.players]


@dataclass
class GameRecord:
    """One player's record in one game: plays, wins and (where the game scores) scores."""

    plays: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def avg_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best_score(self) -> float | None:
        return max(self.scores) if self.scores else None


@dataclass
class PlayerStats:
    """A person's statistics. ``last_played``: epoch seconds of their latest game's start."""

    name: str
    plays: int = 0
    wins: int = 0
    by_game: dict[str, GameRecord] = field(default_factory=dict)
    turn_seconds: float = 0.0
    turns: int = 0
    last_played: float = 0.0
    current_streak: int = 0
    longest_streak: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0

    @property
    def avg_turn_seconds(self) -> float | None:
        return self.turn_seconds / self.turns if self.turns else None


@dataclass
class GameStats:
    """A game's statistics: plays, average play time (s) and rounds, who won most (names,
    count; several on a tie) and the highest final score (names, value) if it scores."""

    game: str
    title: str
    plays: int = 0
    seconds: float = 0.0
    rounds: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    high_score: float | None = None
    high_scorers: tuple[str, ...] = ()

    @property
    def avg_seconds(self) -> float:
        return self.seconds / self.plays if self.plays else 0.0

    @property
    def avg_rounds(self) -> float:
        return self.rounds / self.plays if self.plays else 0.0

    @property
    def most_wins(self) -> tuple[tuple[str, ...], int]:
        if not self.wins:
            return (), 0
        top = max(self.wins.values())
        return tuple(sorted(n for n, w in self.wins.items() if w == top)), top


@dataclass(frozen=True)
class HeadToHead:
    """Two people: games they played together and the wins of each in those games."""

    a: str
    b: str
    together: int
    wins_a: int
    wins_b: int


@dataclass(frozen=True)
class Night:
    """Games started less than :data:`NIGHT_GAP` apart: the plays, oldest first, and the
    wins of each person over the night."""

    plays: tuple[Play, ...]
    wins: dict[str, int]

    @property
    def started(self) -> float:
        return self.plays[0].started

    @property
    def top(self) -> tuple[tuple[str, ...], int]:
        """Who won most that night (several on a tie) and how many games."""
        if not self.wins or max(self.wins.values()) == 0:
            return (), 0
        best = max(self.wins.values())
        return tuple(n for n, w in self.wins.items() if w == best), best


def filter_plays(
    plays: Iterable[Play],
    *,
    game: str | None = None,
    player: str | None = None,
    aliases: Mapping[str, str] | None = None,
) -> list[Play]:
    """The plays of ``game`` (a definition id) in which ``player`` (a person; case and
    surrounding spaces ignored) sat."""
    want = fold(person(player, aliases)) if player else None
    return [
        p
        for p in plays
        if (game is None or p.game == game)
        and (want is None or want in {fold(n) for n in _people(p, aliases)})
    ]


def player_stats(
    plays: Sequence[Play], aliases: Mapping[str, str] | None = None
) -> list[PlayerStats]:
    """Each person's statistics over ``plays``, most wins first (then most plays, name)."""
    out: dict[str, PlayerStats] = {}
    for play in sorted(plays, key=lambda p: (p.started, p.id)):
        people = _people(play, aliases)
        winners = {people[i] for i in play.winners}
        for seat, name in enumerate(people):
            st = out.setdefault(name, PlayerStats(name))
            rec = st.by_game.setdefault(play.game, GameRecord())
            won = name in winners
            st.plays += 1
            rec.plays += 1
            st.wins += won
            rec.wins += won
            if play.scores is not None:
                rec.scores.append(play.scores[seat])
            st.turn_seconds += play.turn_seconds[seat]
            st.turns += play.turn_counts[seat]
            st.last_played = max(st.last_played, play.started)
            st.current_streak = st.current_streak + 1 if won else 0
            st.longest_streak = max(st.longest_streak, st.current_streak)
    return sorted(out.values(), key=lambda s: (-s.wins, -s.plays, s.name))


def game_stats(
    plays: Sequence[Play], aliases: Mapping[str, str] | None = None
) -> dict[str, GameStats]:
    """Each game's statistics over ``plays``, by definition id."""
    out: dict[str, GameStats] = {}
    for play in plays:
        gs = out.setdefault(play.game, GameStats(play.game, play.title))
        people = _people(play, aliases)
        gs.plays += 1
        gs.seconds += play.seconds
        gs.rounds += play.rounds
        for i in play.winners:
            gs.wins[people[i]] = gs.wins.get(people[i], 0) + 1
        if play.scores:
            best = max(play.scores)
            names = tuple(people[i] for i, s in enumerate(play.scores) if s == best)
            if gs.high_score is None or best > gs.high_score:
                gs.high_score, gs.high_scorers = best, names
            elif best == gs.high_score:
                gs.high_scorers = tuple(dict.fromkeys((*gs.high_scorers, *names)))
    return out


def head_to_head(
    plays: Sequence[Play], a: str, b: str, aliases: Mapping[str, str] | None = None
) -> HeadToHead:
    """Games ``a`` and ``b`` (people) both played, and how many each of them won."""
    pa, pb = person(a, aliases), person(b, aliases)
    together = wins_a = wins_b = 0
    for play in plays:
        people = _people(play, aliases)
        if pa in people and pb in people:
            together += 1
            winners = {people[i] for i in play.winners}
            wins_a += pa in winners
            wins_b += pb in winners
    return HeadToHead(pa, pb, together, wins_a, wins_b)


def nights(
    plays: Sequence[Play], aliases: Mapping[str, str] | None = None, gap: float = NIGHT_GAP
) -> list[Night]:
    """The game nights, newest first: runs of plays each started less than ``gap`` seconds
    after the previous one."""
    groups: list[list[Play]] = []
    for play in sorted(plays, key=lambda p: (p.started, p.id)):
        if groups and play.started - groups[-1][-1].started < gap:
            groups[-1].append(play)
        else:
            groups.append([play])
    out = []
    for group in groups:
        wins: dict[str, int] = {}
        for play in group:
            people = _people(play, aliases)
            for name in people:
                wins.setdefault(name, 0)
            for i in play.winners:
                wins[people[i]] += 1
        out.append(Night(tuple(group), wins))
    return out[::-1]


def stats_json(plays: Sequence[Play], aliases: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The ``companion stats --json`` shape::

        {"players": [{"name", "plays", "wins", "win_rate", "by_game": {GAME: {"plays",
          "wins", "avg_score", "best_score"}}, "avg_turn_seconds", "last_played",
          "current_streak", "longest_streak"}],
         "games": {GAME: {"plays", "avg_minutes", "avg_rounds", "most_wins", "high_score"}}}

    ``win_rate`` is a fraction rounded to 3 places; ``avg_minutes`` to 1; ``last_played`` is
    epoch seconds.
    """
    players = [
        {
            "name": st.name,
            "plays": st.plays,
            "wins": st.wins,
            "win_rate": round(st.win_rate, 3),
            "by_game": {
                g: {
                    "plays": r.plays,
                    "wins": r.wins,
                    "avg_score": r.avg_score,
                    "best_score": r.best_score,
                }
                for g, r in st.by_game.items()
            },
            "avg_turn_seconds": st.avg_turn_seconds,
            "last_played": st.last_played,
            "current_streak": st.current_streak,
            "longest_streak": st.longest_streak,
        }
        for st in player_stats(plays, aliases)
    ]
    games = {
        g: {
            "plays": gs.plays,
            "avg_minutes": round(gs.avg_seconds / 60, 1),
            "avg_rounds": round(gs.avg_rounds, 1),
            "most_wins": {"names": list(gs.most_wins[0]), "wins": gs.most_wins[1]},
            "high_score": gs.high_score,
        }
        for g, gs in game_stats(plays, aliases).items()
    }
    return {"players": players, "games": games}
