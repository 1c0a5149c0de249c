"""What a :class:`~companion.engine.core.Game` reads from its log: each event's Russian line
and the score series, kept up to date as events apply and made on demand for a loaded log
(from the nearest state copy, so a journal page costs what the page costs).

:class:`LogLines` is a base of :class:`~companion.engine.core.Game`; it owns no state of its
own: the attributes below are the game's.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.engine.definition import GameDefinition
from companion.engine.records import Event, Setup

__all__ = ["LogLines", "UNKNOWN_LINE", "CORE_PAUSE", "CORE_RESUME", "CORE_EVENTS"]

#: Event types handled by :class:`Game` itself for every game (never passed to a definition).
CORE_PAUSE = "core.pause"
CORE_RESUME = "core.resume"
CORE_EVENTS = frozenset({CORE_PAUSE, CORE_RESUME})

#: Shown for an event whose line could not be made (a damaged saved log): never a code.
UNKNOWN_LINE = "Событие №{seq}"


class LogLines:
    """The journal side of a game: lines, their pages, and the score series."""

    definition: GameDefinition[Any]
    setup: Setup
    _state: Any
    _events: list[Event]
    _undone: list[Event]
    #: the line of every active event, ``None`` where not made yet (in step with the log)
    _texts: list[str | None]
    #: the lines of the undone events, ``None`` where not made yet
    _undone_texts: list[str | None]
    _series_ready: bool
    #: ``(ts, scores)`` at the start and after each change of a score, and, in step with it,
    #: how many events had been applied then (to cut the series back on an undo)
    _series: list[tuple[float, dict[int, float]]]
    _series_at: list[int]

    def _state_at(self, n: int) -> Any:  # pragma: no cover - Game's
        raise NotImplementedError

    def _apply(self, state: Any, event: Event) -> None:  # pragma: no cover - Game's
        raise NotImplementedError

    def log(self) -> list[tuple[Event, str]]:
        """Every active event with its Russian line, oldest first (a copy; the first call on
        a loaded game replays the log once to make the lines)."""
        n = len(self._events)
        self._fill_texts(0, n)
        return [(self._events[i], self._texts[i] or "") for i in range(n)]

    def log_slice(
        self, start: int = 0, stop: int | None = None, *, newest_first: bool = True
    ) -> list[tuple[Event, str]]:
        """A page of :meth:`log` for a lazy journal: ``[(event, line)]``.

        Positions count in the order asked for: with ``newest_first`` (the default) 0 is the
        latest event, else the first one. ``start``/``stop`` work as a Python slice of that
        order (negative values count from its end; out-of-range values are clamped), so
        ``log_slice(0, 20)`` is the 20 latest events, newest first. Costs O(page): on a
        loaded game, lines not made yet are made from the nearest state copy.
        """
        n = len(self._events)
        order = range(n - 1, -1, -1) if newest_first else range(n)
        picked = order[start:stop]
        if picked:
            self._fill_texts(min(picked[0], picked[-1]), max(picked[0], picked[-1]) + 1)
        return [(self._events[i], self._texts[i] or "") for i in picked]

    def describe(self, event: Event) -> str:
        """The Russian line of an event of this game: in the active log or undone (redoable).

        For the notice after an undo or redo («Отменено: Аня: ПО +1 (теперь 1)»); the line is
        the one the journal shows, never an event code.

        :raises LookupError: if the event is not in this game's log or redo stack.
        """
        i = event.seq - 1
        if 0 <= i < len(self._events) and self._events[i] == event:
            self._fill_texts(i, i + 1)
            return self._texts[i] or UNKNOWN_LINE.format(seq=event.seq)
        j = i - len(self._events)
        if 0 <= j < len(self._undone) and self._undone[j] == event:
            self._fill_undone_texts(j)
            return self._undone_texts[j] or UNKNOWN_LINE.format(seq=event.seq)
        raise LookupError(f"event #{event.seq} ({event.type}) is not in this game's log")

    def score_series(self) -> list[tuple[float, dict[int, float]]]:
        """``[(ts, {player: score})]``: the start, then after every event that changed a score.

        Kept as events are applied; this returns a new list (no replay). The score dicts in
        it are the game's own: read them, do not change them.
        """
        self._ensure_series()
        return list(self._series)

    def _describe(self, state: Any, event: Event, after: Any = None) -> str:
        """The line of ``event`` from the state before it (and after it, when at hand)."""
        if event.type == CORE_PAUSE:
            return "Часы поставлены на паузу"
        if event.type == CORE_RESUME:
            return "Часы снова идут"
        if after is not None:
            return self.definition.describe_change(state, after, event, self.setup)
        return self.definition.describe(state, event, self.setup)

    def _describe_saved(self, state: Any, event: Event) -> str:
        """The line of an event from a saved log: a damaged event gets a neutral line."""
        try:
            return self._describe(state, event)
        except Exception:  # a saved event the definition cannot word; never show a code
            return UNKNOWN_LINE.format(seq=event.seq)

    def _fill_texts(self, start: int, stop: int) -> None:
        """Make the missing lines of active events ``start..stop-1`` (0-based): from the first
        missing one, replay from the nearest state copy (:meth:`_state_at`) describing each
        event with the state before it."""
        texts, events = self._texts, self._events
        first = next((i for i in range(start, stop) if texts[i] is None), None)
        if first is None:
            return
        state = self._state_at(first)
        for i in range(first, stop):
            ev = events[i]
            if texts[i] is None:
                texts[i] = self._describe_saved(state, ev)
            self._apply(state, ev)

    def _fill_undone_texts(self, upto: int) -> None:
        """Make the missing lines of the undone events up to index ``upto`` (a damaged saved
        event and the ones after it stay ``None``: they get their line at redo)."""
        if all(t is not None for t in self._undone_texts[: upto + 1]):
            return
        state = copy.deepcopy(self._state)
        for k, ev in enumerate(self._undone[: upto + 1]):
            try:
                if self._undone_texts[k] is None:
                    self._undone_texts[k] = self._describe(state, ev)
                self._apply(state, ev)
            except Exception:  # a damaged saved event: the rest get their line at redo
                break

    def _ensure_series(self) -> None:
        """Make the score series of the active log by one replay, if not made yet (a game
        just loaded). Afterwards it is kept incrementally."""
        if self._series_ready:
            return
        state = self.definition.initial_state(self.setup)
        series = [(self.setup.created, self.definition.scores(state))]
        series_at = [0]
        for n, ev in enumerate(self._events, 1):
            self._apply(state, ev)
            scores = self.definition.scores(state)
            if scores != series[-1][1]:
                series.append((ev.ts, scores))
                series_at.append(n)
        self._series, self._series_at = series, series_at
        self._series_ready = True

    def _line(
        self, before: Any, after: Any, event: Event, known: str | None
    ) -> tuple[str, dict[int, float] | None]:
        """The journal line and scores of ``event`` (scores ``None`` while the series is not
        made). Computed before anything changes, so a failure here leaves the game as it was.
        """
        text = known if known is not None else self._describe(before, event, after)
        return text, self.definition.scores(after) if self._series_ready else None

    def _record_line(self, event: Event, text: str, scores: dict[int, float] | None) -> None:
        """Add an applied event's line and scores to the kept journal."""
        self._texts.append(text)
        if scores is not None and scores != self._series[-1][1]:
            self._series.append((event.ts, scores))
            self._series_at.append(len(self._events))
