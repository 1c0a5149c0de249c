"""What the «Статистика» screen's cards say, as plain lines (no Flet): a player's
(:func:`player_lines`) and a game's (:func:`game_lines`)."""

from __future__ import annotations

import time

from companion.i18n import _
from companion.store.stats import GameStats, PlayerStats
from companion.words import fmt_minutes, fmt_score, fmt_seconds, winners_text

__all__ = ["game_lines", "player_lines"]


def _pct(rate: float) -> str:
    return f"{round(rate * 100)}%"


def player_lines(st: PlayerStats, titles: dict[str, str]) -> tuple[str, list[str], list[str]]:
    """A player's card: the heading (wins of plays, rate), the facts (streaks, last play,
    average turn) and one line per game, the most played first (``titles``: game id → name)."""
    head = f"{st.name}: {st.wins} {_('из')} {st.plays} ({_pct(st.win_rate)})"
    facts = [
        f"{_('Серия побед')}: {st.current_streak} · {_('лучшая')}: {st.longest_streak}",
        f"{_('Последняя игра')}: {time.strftime('%d.%m.%Y', time.localtime(st.last_played))}",
    ]
    if st.avg_turn_seconds is not None:
        facts.append(f"{_('Средний ход')}: {fmt_seconds(st.avg_turn_seconds)}")
    games = []
    for g, rec in sorted(st.by_game.items(), key=lambda kv: -kv[1].plays):
        text = f"{titles.get(g, g)}: {rec.wins} {_('из')} {rec.plays} ({_pct(rec.win_rate)})"
        if rec.avg_score is not None and rec.best_score is not None:
            text += (
                f"; {_('счёт')}: {_('средний')} {fmt_score(round(rec.avg_score, 1))}, "
                f"{_('лучший')} {fmt_score(rec.best_score)}"
            )
        games.append(text)
    return head, facts, games


def game_lines(gs: GameStats) -> list[str]:
    """A game's card under its title: plays and average time and rounds, most wins, the
    highest score (a line left out when there is nothing to say)."""
    names, wins = gs.most_wins
    lines = [
        f"{_('Партий')}: {gs.plays} · {_('в среднем')} {fmt_minutes(gs.avg_seconds)}, "
        f"{_('раундов')}: {fmt_score(round(gs.avg_rounds, 1))}",
        f"{_('Больше всех побед')}: {winners_text(list(names))} ({wins})" if names else "",
        f"{_('Лучший счёт')}: {fmt_score(gs.high_score)} — {winners_text(list(gs.high_scorers))}"
        if gs.high_score is not None
        else "",
    ]
    return [x for x in lines if x]
