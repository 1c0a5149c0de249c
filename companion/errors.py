"""The project's exception hierarchy.

::

    CompanionError                      base of every error the project raises on purpose
    ├── RuleViolation(ValueError)       an illegal move: the message (Russian) names the rule
    │   └── StaleMoveError              a move made against an older revision (a double tap)
    ├── SetupError(ValueError)          bad game setup: players count, names, options
    ├── UnknownGameError(KeyError)      no game definition / saved game with that id
    ├── StoreError                      persistence failed
    │   └── CorruptFileError            a file could not be read and no good copy exists
    ├── SearchError(ValueError)         an empty or unusable rules query
    ├── RosterError(ValueError)         a refused change to the roster of regular players
    └── FletMismatchError               the installed Flet is not the one our patches fit

Every message is a complete Russian sentence meant for the player.
"""

from __future__ import annotations

__all__ = [
    "CompanionError",
    "RuleViolation",
    "StaleMoveError",
    "SetupError",
    "UnknownGameError",
    "StoreError",
    "CorruptFileError",
    "SearchError",
    "RosterError",
    "FletMismatchError",
]


class CompanionError(Exception):
    """Base class of every error the project raises on purpose."""


class RuleViolation(CompanionError, ValueError):
    """An illegal move. The game state is left unchanged.

    :param message: a Russian sentence that names the rule, e.g.
        «У Бориса 11 монет — он обязан сделать переворот».
    :param rule: the rulebook heading the rule comes from (optional), e.g. «Действия».
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class StaleMoveError(RuleViolation):
    """A move made against a revision of the game that is no longer the latest.

    A double tap, or two phones pressing «Дальше» at once: the second press was made against
    the state before the first one. Nothing changes; the screen need not show it as an error.

    :param expected: the revision the move was made against.
    :param actual: the game's revision now.
    """

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(
            f"Ход сделан по устаревшему состоянию игры (версия {expected}, сейчас {actual}).",
            rule=None,
        )
        self.expected = expected
        self.actual = actual


class SetupError(CompanionError, ValueError):
    """A new game could not be set up (players count, duplicate names, bad option)."""


class UnknownGameError(CompanionError, KeyError):
    """No game definition or saved game with this id."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want the sentence.
        return str(self.args[0]) if self.args else ""


class StoreError(CompanionError):
    """Persistence failed (disk full, permissions)."""


class CorruptFileError(StoreError):
    """A data file could not be read and no good copy of it exists."""


class SearchError(CompanionError, ValueError):
    """A rules query that cannot be answered (empty, only punctuation, too long)."""


class RosterError(CompanionError, ValueError):
    """A change to the roster that is refused (an empty or too long name, a name taken, no
    such player); nothing changes. The message is a Russian sentence naming the field."""


class FletMismatchError(CompanionError):
    """A patch of Flet's private code (:mod:`companion.ui.flet_fixes`, the web client's texts
    in :mod:`companion.table.webserver`) does not find what it patches: another Flet release is
    installed. The app refuses to start rather than run with a fix silently missing."""
