"""The shape every game fills in: :class:`GameDefinition` (data plus a few hooks).

Re-exported by :mod:`companion.engine.core` and :mod:`companion.engine`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from companion.engine.records import Event, Outcome, Setup
from companion.errors import SetupError

__all__ = ["GameDefinition"]

S = TypeVar("S")


class GameDefinition(ABC, Generic[S]):
    """What a game module fills in. Subclass it once per game (a module-level singleton).

    Hooks receive and return plain game state objects (usually a dataclass); ``apply`` may
    mutate the state it gets: :class:`Game` always hands it a private copy, and only after
    ``check`` has accepted the event. ``check`` must therefore catch everything illegal:
    ``apply`` must not raise.
    """

    #: Stable id, saved with every game (``"free"``, ``"coup"``, ...).
    id: str = ""
    #: Russian name shown on screen.
    title: str = ""
    min_players: int = 2
    max_players: int = 6
    #: Turn phases in order (Russian, the rulebook's own names); empty if the game has none.
    phases: tuple[str, ...] = ()
    #: The shape of every event's ``data``: event type → ``TypedDict`` (see
    #: :mod:`companion.engine.shapes`). :class:`~companion.engine.core.Game` refuses an event
    #: of a type not listed here, or whose data does not fit, before :meth:`check` sees it.
    events: Mapping[str, type] = {}
    #: The Russian names of event fields a player types into a form (key → «Стоимость
    #: внедрения»): a refusal of a wrong value names the field so, not by its key.
    event_fields: Mapping[str, str] = {}
    #: Event types that stay cumulative under a double tap: counter steps (+1/−1) that a
    #: player taps several times on purpose. For these :meth:`Game.push` ignores
    #: ``expect_revision``; every other move made against an older revision is refused
    #: with :class:`~companion.errors.StaleMoveError` (issue 14).
    cumulative_moves: frozenset[str] = frozenset()
    #: What :meth:`scores` counts, in Russian, for the result chart's axis («ПО», «уровень»).
    score_label: str = "очки"
    #: Other players answer *within* a turn (Coup's challenges and blocks): the turn clock
    #: charges each answer to the player awaited, but «Время по ходам» shows one row per turn
    #: as the board numbers them, for the player whose turn it is
    #: (:func:`~companion.engine.clock.whole_turns`).
    answers_within_turns: bool = False

    def default_options(self) -> dict[str, Any]:
        """Options a new game gets when the players change nothing."""
        return {}

    def validate_setup(self, setup: Setup) -> None:
        """Refuse a setup the rules do not allow.

        :raises SetupError: wrong number of players, empty or repeated names, bad first player.
        """
        n = len(setup.players)
        if not self.min_players <= n <= self.max_players:
            raise SetupError(
                f"В игре «{self.title}» играют от {self.min_players} до {self.max_players} "
                f"игроков, а указано {n}."
            )
        names = [p.name.strip() for p in setup.players]
        if any(not name for name in names):
            raise SetupError("У каждого игрока должно быть имя.")
        folded = [name.casefold() for name in names]
        if len(set(folded)) != len(folded):
            raise SetupError("Имена игроков не должны повторяться.")
        if not 0 <= setup.first_player < n:
            raise SetupError("Первый игрок должен быть одним из участников.")

    def first_player_again(self, setup: Setup, outcome: Outcome) -> int | None:
        """Who starts the same game played again by the same table (seat index), or ``None``
        when the rules leave it to chance (the app draws lots, «Жребий»)."""
        return None

    @abstractmethod
    def initial_state(self, setup: Setup) -> S:
        """The state before any event. Called after :meth:`validate_setup`."""

    @abstractmethod
    def check(self, state: S, event: Event) -> None:
        """Refuse an illegal event.

        :raises RuleViolation: with a Russian sentence naming the rule; the state is untouched.
        """

    @abstractmethod
    def apply(self, state: S, event: Event) -> None:
        """Apply an accepted event to ``state`` in place. Must not raise."""

    def outcome(self, state: S) -> Outcome | None:
        """The result if the game is over, else ``None``."""
        return None

    def ended(self, state: S) -> bool:
        """Has play ended (no moves left but naming the result; the clocks stop)? By default
        when there is an outcome; a game whose end comes before its winner is named
        (Munchkin's seventh seal, then the table names the winner) overrides it."""
        return self.outcome(state) is not None

    def active_player(self, state: S) -> int | None:
        """Index of the player whose turn it is (charged by the turn clock), or ``None``."""
        return None

    def turn_number(self, state: S) -> int:
        """A number that changes whenever a new turn begins (1-based)."""
        return 1

    def current_phase(self, state: S) -> str | None:
        """The current phase's name (one of :attr:`phases`) or ``None``."""
        return None

    def phase_label(self, state: S) -> str | None:
        """The phase as the status line shows it (Russian, one short line): by default
        :meth:`current_phase`; a game whose phase needs more words (a round number, a step)
        overrides it. ``None`` when there is no phase to show."""
        return self.current_phase(state)

    def step(self, state: S) -> str:
        """A step within the phase that the status line does not name but the screen shows
        differently (Munchkin's fight, opened and closed within «Вышибаем дверь!»), or ``""``.
        With the turn, the player and the phase it makes the game's moment, which guards a
        second tap of a double tap (:meth:`companion.ui.state.GameView.moment`)."""
        return ""

    def scores(self, state: S) -> dict[int, float]:
        """Each player's score (VP, level, ...) for the score-over-time chart."""
        return {}

    def status_note(self, state: S) -> str | None:
        """A Russian line for the status bar about the game's end (e.g. «play goes on: the
        lead is shared»), or ``None`` when there is nothing to say. Games override it.

        It shares a phone's status line with the phase and the clock: a game whose note needs
        more words says them in :meth:`status_detail` (shown when the line is tapped)."""
        return None

    def status_detail(self, state: S) -> str | None:
        """The whole of :meth:`status_note` when the line can hold only a short form (a tap on
        the status line shows this); by default the note itself."""
        return self.status_note(state)

    def describe(self, state: S, event: Event, setup: Setup) -> str:
        """A Russian log line for ``event``, given the state *before* it."""
        return event.type

    def describe_change(self, state: S, after: S, event: Event, setup: Setup) -> str:
        """:meth:`describe` when the state *after* the event is at hand too (a new move: the
        game has just applied it), so a game whose line reads the result (Coup) need not
        apply the event again. By default :meth:`describe`."""
        return self.describe(state, event, setup)

    def action_parties(self, event: Event) -> tuple[int, ...] | None:
        """The players of the action ``event`` opens, if it opens one that later events
        answer (Coup's declaration: its actor and its target; the challenges, blocks and
        losses that follow are :meth:`answers_action`); ``None`` for any other event.

        Read from the event alone (no state), so the journal can tell whom an answer
        concerns while it walks the log."""
        return None

    def answers_action(self, event: Event) -> bool:
        """Whether ``event`` answers the action opened by the latest event before it that
        has :meth:`action_parties`."""
        return False

    def journal_kind(self, event_type: str) -> str:
        """The kind the journal's «Что» filter puts an event of ``event_type`` under: by
        default the type up to the first dot (``"counter.add"`` → ``"counter"``). A game
        whose events share one prefix (Coup's ``coup.*``) splits them by what they are."""
        return event_type.split(".", 1)[0]

    def journal_also(self, event_type: str) -> tuple[str, ...]:
        """Further kinds the «Что» filter lists an event of ``event_type`` under, besides
        :meth:`journal_kind` (Замес: a base scored is also under «ПО», for the VP it gives).
        None by default."""
        return ()
