"""One line of the saved-games list (:class:`GameSummary`), and the sweep of temporary files
left by writes of processes that died (:func:`remove_stale_temp_files`)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from companion.engine import Game

__all__ = ["GameSummary", "remove_stale_temp_files"]

_TMP_RE = re.compile(r"^\..+\.(\d+)\.tmp$")


@dataclass(frozen=True)
class GameSummary:
    """One line of the saved-games list.

    :param started: / :param updated: wall-clock seconds since the epoch.
    :param winners: player names, empty while the game is in progress.
    """

    id: str
    game: str
    title: str
    players: tuple[str, ...]
    started: float
    updated: float
    events: int
    finished: bool
    winners: tuple[str, ...]
    reason: str

    @classmethod
    def of(cls, game_id: str, game: Game) -> GameSummary:
        outcome = game.outcome()
        names = game.players
        return cls(
            id=game_id,
            game=game.setup.game,
            title=game.definition.title,
            players=tuple(names),
            started=game.setup.created,
            updated=game.events[-1].ts if game.events else game.setup.created,
            events=len(game.events),
            finished=outcome is not None,
            winners=tuple(names[i] for i in outcome.winners) if outcome else (),
            reason=outcome.reason if outcome else "",
        )

    @property
    def status(self) -> str:
        """«идёт» or «окончена: победа …» (Russian)."""
        if not self.finished:
            return "идёт"
        return "окончена, победа: " + ", ".join(self.winners)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # exists, not ours
        return True
    return True


def remove_stale_temp_files(folder: Path) -> list[Path]:
    """Delete temporary files (``.<name>.<pid>.tmp``) left by writes of dead processes."""
    removed = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for p in entries:
        m = _TMP_RE.match(p.name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            try:
                p.unlink()
                removed.append(p)
            except OSError:
                pass
    return removed
