"""The engine's door (issue 34): every game's event shapes are data (``GameDefinition.events``,
one ``TypedDict`` per event type), checked by one validator before the rules see an event.

Property: a move that passes the door and the rules replays identically (from the log, and
from the log written to JSON and read back); a move that fails raises the project's error
and changes nothing — never a ``TypeError`` or ``KeyError`` from inside a game.
"""

from __future__ import annotations

import copy
import json
from typing import Any, get_args, get_origin, is_typeddict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import GAMES, Event, Game
from companion.engine.shapes import check_shape, shape_of
from companion.errors import CompanionError, RuleViolation

#: Strings a move may name: the games' own words, and a few that are none of them.
WORDS = [
    *("income", "foreign_aid", "tax", "steal", "coup", "assassinate", "exchange"),
    *("duke", "assassin", "captain", "ambassador", "contessa"),
    *("minion", "action", "players", "monsters", "turn", "base"),
    *("source", "invention", "ability", "ПО", "Монстр", "Рокеры", "Котики"),
    *("Кроховселенная", "Мини-вселенная", "Микровселенная", "Риковселенная"),
    *("", "x", "Жизни"),
]
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 9), st.floats(allow_nan=False), st.sampled_from(WORDS)
)

SETUPS: dict[str, tuple[list[str], dict[str, Any]]] = {
    "free": (["Аня", "Борис"], {}),
    "coup": (["Аня", "Борис", "Вика"], {}),
    "munchkin": (["Аня", "Борис", "Вика"], {}),
    "ricks": (
        ["Аня", "Борис"],
        {"actions": {"Мини-вселенная": 4, "Микровселенная": 3, "Риковселенная": 2}},
    ),
    "smashup": (["Аня", "Борис"], {"factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"]]}),
}


def value_for(ann: Any) -> st.SearchStrategy[Any]:
    """Values of annotation ``ann``: mostly of its type, small and near the games' ranges."""
    origin = get_origin(ann)
    if ann is int:
        return st.integers(-2, 8)
    if ann is bool:
        return st.booleans()
    if ann is str:
        return st.sampled_from(WORDS)
    if ann is float:
        return st.integers(0, 5) | st.floats(0, 5)
    if ann is type(None):
        return st.none()
    if origin is list:
        return st.lists(value_for(get_args(ann)[0]), max_size=4)
    if get_args(ann) and origin is not None and origin is not list and origin is not dict:
        args = get_args(ann)
        if all(isinstance(a, str) for a in args):  # Literal
            return st.sampled_from(args)
        return st.one_of(*(value_for(a) for a in args))  # a union
    if is_typeddict(ann):
        return data_for(ann)
    return JUNK


@st.composite
def data_for(draw: st.DrawFn, td: type) -> dict[str, Any]:
    """A dict of shape ``td``: its required keys, some optional ones; now and then a key
    dropped, an extra one, or a value of the wrong type."""
    hints, required = shape_of(td)
    keys = [k for k in hints if k in required or draw(st.booleans())]
    out = {k: draw(value_for(hints[k])) for k in keys}
    spoil = draw(st.sampled_from(["none"] * 6 + ["drop", "extra", "junk"]))
    if spoil == "drop" and out:
        out.pop(draw(st.sampled_from(sorted(out))))
    elif spoil == "extra":
        out[draw(st.sampled_from(["extra", "note", "x"]))] = draw(JUNK)
    elif spoil == "junk" and out:
        out[draw(st.sampled_from(sorted(out)))] = draw(JUNK)
    return out


@st.composite
def moves(draw: st.DrawFn, game: str) -> list[tuple[str, dict[str, Any]]]:
    shapes = GAMES[game].events
    kinds = sorted(shapes)
    out = []
    for _ in range(draw(st.integers(1, 25))):
        kind = draw(st.sampled_from([*kinds, "no.such"]))
        data = draw(data_for(shapes[kind])) if kind in shapes else {}
        out.append((kind, data))
    return out


def snapshot(g: Game) -> tuple[Any, ...]:
    return copy.deepcopy(g.state), g.events, g.revision, len(g.log())


@pytest.mark.parametrize("game", sorted(SETUPS))
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_move_past_the_door_replays_and_a_refused_one_changes_nothing(game, data):
    names, options = SETUPS[game]
    ticks = iter(range(1000, 10**6))
    g = Game.new(GAMES[game], names, options=options, clock=lambda: float(next(ticks)))
    for kind, move in data.draw(moves(game)):
        fits = True
        try:
            check_shape(g.definition.title, g.definition.events, kind, move)
        except RuleViolation:
            fits = False
        before = snapshot(g)
        try:
            g.push(kind, move)
        except CompanionError:
            assert snapshot(g) == before
            continue
        assert fits, f"{kind} {move} passed the rules but not the door"
    again = Game(g.definition, g.setup, g.events)
    assert again.state == g.state
    assert [t for _, t in again.log()] == [t for _, t in g.log()]
    raw = json.loads(json.dumps([e.to_dict() for e in g.events]))
    assert Game(g.definition, g.setup, [Event.from_dict(e) for e in raw]).state == g.state


def test_every_game_lists_its_events_and_the_door_names_the_field():
    """An unknown type, an extra key, a missing key and a wrong type: each refused with a
    sentence naming the event and the field, before the game's own rules run."""
    g = Game.new(GAMES["free"], ["Аня", "Борис"], clock=lambda: 1.0)
    cases = [
        ("counter.nope", {}, "нет события «counter.nope»"),
        ("counter.add", {"player": 0, "counter": "ПО", "delta": 1, "x": 1}, "нет полей: x"),
        ("counter.add", {"player": 0, "counter": "ПО"}, "не хватает полей: delta"),
        ("counter.add", {"player": True, "counter": "ПО", "delta": 1}, "«player»"),
        ("turn.next", {"player": 0}, "нет полей: player"),
        ("core.pause", {"why": "обед"}, "нет полей: why"),
    ]
    for kind, move, words in cases:
        with pytest.raises(RuleViolation, match=words):
            g.push(kind, move)
    assert g.events == ()
    for definition in GAMES.values():
        assert definition.events, definition.id
        for td in definition.events.values():
            assert is_typeddict(td)
