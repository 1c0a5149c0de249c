"""The new-game form as plain values (no Flet): a game's blank form (:func:`blank_form`), the
form after another game is picked (:func:`with_game`), seats added or swapped, the names and
the game picker's text the screen shows, a roster chip's tap (:func:`seat_toggled`)."""

from __future__ import annotations

from typing import Any

from companion.engine import GAMES, PALETTE
from companion.i18n import _
from companion.store.roster import fold

__all__ = [
    "RANDOM",
    "Seats",
    "blank_form",
    "one_more",
    "picker_text",
    "seat_name",
    "seat_toggled",
    "swapped",
    "with_game",
]

#: The first player's choice «by lot».
RANDOM = "random"

Seats = list[dict[str, str]]


def picker_text(title: str, compact: bool) -> str:
    """The game picker's text: whole, or on a compact width up to its first colon with «…»."""
    head, colon, _rest = title.partition(":")
    return f"{head}…" if compact and colon else title


def seat_name(player: dict[str, str], i: int) -> str:
    """The name seat ``i`` plays under: what was typed, else its field's label («Игрок 5»)."""
    return str(player["name"]).strip() or f"{_('Игрок')} {i + 1}"


def _blank_seats(start: int, stop: int) -> Seats:
    return [{"name": "", "color": PALETTE[i]} for i in range(start, stop)]


def blank_form(game_id: str) -> dict[str, Any]:
    """The new-game form of ``game_id``: its fewest players (≥ 2), first player by lot, default
    options."""
    game = GAMES[game_id]
    return {
        "game_id": game_id,
        "players": _blank_seats(0, max(2, game.min_players)),
        "first": RANDOM,
        "options": game.default_options(),
    }


def with_game(form: dict[str, Any], game_id: str) -> dict[str, Any]:
    """``game_id``'s blank form keeping ``form``'s seats, as many as that game takes (blank
    seats added up to its fewest)."""
    game, seats = GAMES[game_id], form["players"]
    n = min(max(len(seats), game.min_players), game.max_players)
    return {**blank_form(game_id), "players": [*seats, *_blank_seats(len(seats), 8)][:n]}


def one_more(seats: Seats, game_id: str) -> Seats:
    """``seats`` and a blank one in the next colour, unless ``game_id`` takes no more."""
    if len(seats) >= GAMES[game_id].max_players:
        return seats
    return [*seats, *_blank_seats(len(seats), len(seats) + 1)]


def swapped(seats: Seats, i: int, d: int) -> Seats:
    """``seats`` with seat ``i`` moved ``d`` places (±1), when that stays in the list."""
    new, j = list(seats), i + d
    if 0 <= j < len(new):
        new[i], new[j] = new[j], new[i]
    return new


def seat_toggled(seats: Seats, name: str, color: str, most: int) -> Seats:
    """``seats`` after a tap on ``name``'s roster chip: unseated when already there (names
    compared folded), else in the first unnamed seat with ``color``, else in a new seat while
    fewer than ``most``."""
    key = fold(name)
    for i, s in enumerate(seats):
        if fold(s["name"]) == key:
            return [{**q, "name": ""} if k == i else q for k, q in enumerate(seats)]
    for i, s in enumerate(seats):
        if not s["name"].strip():
            return [{"name": name, "color": color} if k == i else q for k, q in enumerate(seats)]
    if len(seats) < most:
        return [*seats, {"name": name, "color": color}]
    return seats
