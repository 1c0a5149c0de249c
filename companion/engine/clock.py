"""The turn clock: chess-clock times from event timestamps (issue 12: kept incrementally).

Every event leaves a :class:`Mark`: its time, whose turn it is after it, which turn, and
whether the clock is paused. The time between two consecutive marks is charged to the player
of the first one (nothing while paused); the running turn is counted up to ``now``.

The clock starts when play starts: a mark with turn number :data:`BEFORE_PLAY` (0; a game's
setup, e.g. «Подготовка к игре» of «Замес») is not counted at all — no player, no turn, not
in the total — so the first player's first turn does not include the setup.

:class:`ClockTally` keeps the running totals as marks are added (a move, a redo) and taken
back (an undo), so reading the clock every second costs O(players + turns) list copies and no
walk over the log. :meth:`TurnClock.from_marks` is the plain walk, kept as the reference the
tally is tested against.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["Mark", "TurnClock", "ClockTally", "BEFORE_PLAY", "whole_turns", "turn_so_far"]

#: The turn number of a game's setup (before the first turn): the clock does not run.
BEFORE_PLAY = 0

#: ``(turn_number, player or None, seconds)``
TurnTime = tuple[int, int | None, float]


class Mark(NamedTuple):
    """Turn-clock bookkeeping after one event (or at the start of the game).

    :param ts: wall-clock seconds since the epoch.
    :param player: whose turn it is after the event (``None``: nobody's, e.g. setup).
    :param turn: the definition's turn number after the event (:data:`BEFORE_PLAY` during
        setup: nothing is counted until the first turn).
    :param paused: the clock is paused after the event.
    """

    ts: float
    player: int | None
    turn: int
    paused: bool


@dataclass(frozen=True)
class TurnClock:
    """Chess-clock times, in seconds, computed from event timestamps.

    The time between two consecutive events is charged to the player whose turn it was
    after the first of them (nothing while the clock is paused). The running turn is
    counted up to ``now``.

    :param per_player: total seconds per player index.
    :param turns: ``[(turn_number, player, seconds)]`` in order (setup not included).
    :param current: seconds spent in the running turn (0 during setup).
    :param total: seconds since play started (after setup), pauses excluded.
    """

    per_player: dict[int, float]
    turns: list[TurnTime]
    current: float
    total: float

    @classmethod
    def from_marks(cls, players: int, marks: Sequence[Mark], now: float) -> TurnClock:
        """The clock by a walk over every mark (the start mark first). O(len(marks))."""
        per_player = {i: 0.0 for i in range(players)}
        turns: list[TurnTime] = []
        total = 0.0
        for i, mark in enumerate(marks):
            if mark.turn == BEFORE_PLAY:
                continue  # setup: the clock has not started
            end = marks[i + 1].ts if i + 1 < len(marks) else now
            spent = 0.0 if mark.paused else max(0.0, end - mark.ts)
            total += spent
            if mark.player is not None:
                per_player[mark.player] = per_player.get(mark.player, 0.0) + spent
            if turns and turns[-1][0] == mark.turn and turns[-1][1] == mark.player:
                n, p, s = turns[-1]
                turns[-1] = (n, p, s + spent)
            else:
                turns.append((mark.turn, mark.player, spent))
        return cls(per_player, turns, turns[-1][2] if turns else 0.0, total)


def whole_turns(turns: Sequence[TurnTime]) -> list[TurnTime]:
    """``turns`` with the consecutive segments of one turn number made one: the turn as the
    board numbers it, charged to the first player awaited in it (the player whose turn it
    is), with all its seconds — the answers of other players in it included.

    :attr:`TurnClock.turns` splits a turn wherever the awaited player changes (a challenge or
    a block in Coup: «Ход 1 Вера», «Ход 1 Борис», «Ход 1 Вера»); this is the view of a game
    whose other players answer *within* a turn
    (:attr:`~companion.engine.definition.GameDefinition.answers_within_turns`).
    """
    merged: list[TurnTime] = []
    for n, p, s in turns:
        if merged and merged[-1][0] == n:
            m, owner, spent = merged[-1]
            merged[-1] = (m, owner if owner is not None else p, spent + s)
        else:
            merged.append((n, p, s))
    return merged


def turn_so_far(turns: Sequence[TurnTime]) -> float:
    """Seconds of the running turn as the board numbers it: the last segments of ``turns``
    with the last turn number, summed — the time since the turn began, whoever was awaited
    in it. :attr:`TurnClock.current` is the last segment alone, which starts again each time
    another player must answer within the turn (a challenge or a block in Coup: see
    :func:`whole_turns`). O(segments of the running turn)."""
    if not turns:
        return 0.0
    number = turns[-1][0]
    spent = 0.0
    for n, _p, s in reversed(turns):
        if n != number:
            break
        spent += s
    return spent


#: What :meth:`ClockTally.add` changed, to put back on :meth:`ClockTally.pop`: the total,
#: the previous mark's player's total, ``len(turns)`` and ``turns[-1]`` (``None`` while the
#: list is empty: setup), all before the add.
_Undo = tuple[float, float, int, TurnTime | None]


class ClockTally:
    """Running turn-clock totals: :meth:`add` a mark per event, :meth:`pop` it on undo.

    The sums are made in the same order as :meth:`TurnClock.from_marks` makes them, so
    :meth:`at` returns exactly what the walk would. Marks added are summed when the clock is
    next read (:meth:`at`), so loading a long log only appends marks.

    :param players: number of seats.
    :param start: the mark at the creation of the game.
    """

    def __init__(self, players: int, start: Mark) -> None:
        self._marks: list[Mark] = [start]
        self._per_player: dict[int, float] = {i: 0.0 for i in range(players)}
        self._total = 0.0
        self._turns: list[TurnTime] = (
            [] if start.turn == BEFORE_PLAY else [(start.turn, start.player, 0.0)]
        )
        self._undo: list[_Undo] = []
        #: how many marks are in the sums (the start mark always is)
        self._summed = 1

    @property
    def last(self) -> Mark:
        """The latest mark (the start mark if no event has been added)."""
        return self._marks[-1]

    @property
    def marks(self) -> tuple[Mark, ...]:
        """Every mark, the start mark first."""
        return tuple(self._marks)

    def mark(self, index: int) -> Mark:
        """Mark number ``index`` (0 is the start mark, ``n`` the mark after the n-th event). O(1).

        :raises IndexError: past the latest mark.
        """
        return self._marks[index]

    def add(self, mark: Mark) -> None:
        """Add the mark of a new event (its segment is summed at the next read). O(1)."""
        self._marks.append(mark)

    def _sum(self) -> None:
        """Bring the sums up to the latest mark."""
        while self._summed < len(self._marks):
            self._close(self._marks[self._summed - 1], self._marks[self._summed])
            self._summed += 1

    def _close(self, prev: Mark, mark: Mark) -> None:
        """Close the segment that ``prev`` opened at ``mark.ts`` and open ``mark``'s."""
        turns = self._turns
        last = turns[-1] if turns else None
        player = prev.player
        charged = 0.0 if player is None else self._per_player.get(player, 0.0)
        self._undo.append((self._total, charged, len(turns), last))
        running = not prev.paused and prev.turn != BEFORE_PLAY
        if running and last is not None and mark.ts > prev.ts:  # else nothing is charged
            spent = mark.ts - prev.ts
            self._total += spent
            if player is not None:
                self._per_player[player] = charged + spent
            last = (last[0], last[1], last[2] + spent)
            turns[-1] = last
        opens = last is None or last[0] != mark.turn or last[1] != mark.player
        if mark.turn != BEFORE_PLAY and opens:
            turns.append((mark.turn, mark.player, 0.0))

    def pop(self) -> None:
        """Take back the latest :meth:`add` exactly. O(1).

        :raises IndexError: if only the start mark is left.
        """
        if len(self._marks) == 1:
            raise IndexError("no mark to take back")
        self._marks.pop()
        if self._summed <= len(self._marks):
            return  # it was not summed yet
        self._summed -= 1
        total, charged, turns, last = self._undo.pop()
        prev = self._marks[-1]
        self._total = total
        if prev.player is not None:
            self._per_player[prev.player] = charged
        del self._turns[turns:]
        if last is not None:
            self._turns[-1] = last

    def at(self, now: float) -> TurnClock:
        """The clock with the running segment counted up to ``now``.

        No walk over the log: a copy of the per-player totals and of the turn list (marks
        added since the last read are summed first, once).
        """
        self._sum()
        last = self._marks[-1]
        per_player = dict(self._per_player)
        turns = list(self._turns)
        if not turns:  # setup: the clock has not started
            return TurnClock(per_player, turns, 0.0, self._total)
        spent = 0.0 if last.paused or last.turn == BEFORE_PLAY else max(0.0, now - last.ts)
        if last.player is not None:
            per_player[last.player] = per_player.get(last.player, 0.0) + spent
        n, p, s = turns[-1]
        turns[-1] = (n, p, s + spent)
        return TurnClock(per_player, turns, s + spent, self._total + spent)
