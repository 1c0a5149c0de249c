"""«Ещё раз»: the same game again with the same table (issue 31).

The same players (names and colours) in the same seats and the same options; the first
player by the game's rule (:meth:`~companion.engine.GameDefinition.first_player_again`,
e.g. Coup's last winner) or, where the rules leave it to chance, drawn by lot.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine import Game, PlayerSpec
from companion.errors import SetupError
from companion.store.games import GameStore, StoredGame

__all__ = ["again_args", "play_again"]


def again_args(game: Game) -> dict[str, Any]:
    """``{"game", "players", "first_player", "options"}`` for :meth:`GameStore.create`
    (``first_player`` ``None``: drawn by lot).

    :raises SetupError: the game is not over yet.
    """
    outcome = game.outcome()
    if outcome is None:
        raise SetupError("Сыграть ещё раз можно, когда игра окончена.")
    setup = game.setup
    return {
        "game": setup.game,
        "players": [PlayerSpec(p.name, p.color) for p in setup.players],
        "first_player": game.definition.first_player_again(setup, outcome),
        "options": dict(setup.options),
    }


def play_again(store: GameStore, game_id: str, rng: random.Random | None = None) -> StoredGame:
    """Start and save the same game again (see :func:`again_args`).

    :raises UnknownGameError, CorruptFileError: as :meth:`GameStore.open`.
    :raises SetupError: the game is not over. :raises StoreError: not saved.
    """
    old = store.open(game_id, readonly=True)
    try:
        args = again_args(old.game)
    finally:
        old.close()
    return store.create(
        args["game"],
        args["players"],
        first_player=args["first_player"],
        options=args["options"],
        rng=rng,
    )
