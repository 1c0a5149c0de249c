"""The journal's lines and filters: event kinds (:data:`KIND_LABELS`), the players an event
concerns (:func:`event_players`), a page of lines (:func:`journal_page`), a move's line as an
undo or redo says it (:func:`describe_event`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from companion.engine import Event, Game
from companion.i18n import _

__all__ = [
    "describe_event",
    "KIND_LABELS",
    "OTHER_KIND",
    "event_players",
    "journal_page",
    "kind_of",
    "kinds_of",
]

#: Russian names of event kinds (the type before its first dot, or
#: ``GameDefinition.journal_kind``), in the «Что» filter's order.
KIND_LABELS = {
    "counter": "Счётчики",
    "turn": "Ходы",
    "round": "Раунды",
    "core": "Часы",
    "game": "Конец игры",
    "coup": "Действия",
    "challenge": "Оспаривания",
    "block": "Запреты",
    "influence": "Потери покровителей",
    "exchange": "Обмены",
    "base": "Базы",
    "breakpoint": "Пределы баз",
    "vp": "ПО",
    "madness": "Безумие",
    "play": "Розыгрыши",
    "level": "Уровни",
    "gear": "Шмотки",
    "combat": "Бой",
    "charge": "Фаза зарядки",
    "card": "Карты",
    "player": "Персонажи и игроки",
    "phase": "Фазы",
    "faction": "Фракции",
    "seal": "Печати",
    "hand": "Карты на руке",
    "actions": "Жетоны действий",
    "action": "Действия",
}

#: The filter's name for a kind no engine declared above (never the raw code).
OTHER_KIND = "Прочее"

_PLAYER_KEYS = ("player", "target", "challenger", "blocker", "helper", "actor", "to", "by")
_PLAYER_LISTS = ("players", "targets", "winners", "losers")


def kind_of(event: Event, definition: Any = None) -> str:
    """The kind of an event: ``definition.journal_kind`` of its type, else the type up to its
    first dot."""
    kind = getattr(definition, "journal_kind", None)
    return str(kind(event.type)) if kind is not None else event.type.split(".", 1)[0]


def kinds_of(event: Event, definition: Any = None) -> set[str]:
    """Every kind ``event`` is listed under: :func:`kind_of` and ``journal_also``."""
    return _type_kinds(event.type, definition)


def _type_kinds(type_: str, definition: Any) -> set[str]:
    kind = getattr(definition, "journal_kind", None)
    also = getattr(definition, "journal_also", None)
    first = str(kind(type_)) if kind is not None else type_.split(".", 1)[0]
    return {first, *(also(type_) if also is not None else ())}


def _named(event: Event, seats: int) -> set[int]:
    """Seats named in an event's data (``player``, ``target``, … and lists of them)."""
    out: set[int] = set()
    data = event.data
    for key in _PLAYER_KEYS:
        v = data.get(key)
        if isinstance(v, int) and not isinstance(v, bool) and 0 <= v < seats:
            out.add(v)
    for key in _PLAYER_LISTS:
        vs = data.get(key)
        if isinstance(vs, list):
            out.update(v for v in vs if isinstance(v, int) and 0 <= v < seats)
    return out


def event_players(
    event: Event, names: Sequence[str], acting: int | None = None, parties: Iterable[int] = ()
) -> set[int]:
    """Seats an event concerns: named in its data, else its author ``acting``, and ``parties``
    (the players of the action it answers)."""
    out = _named(event, len(names))
    if event.author is not None and event.author in names:
        out.add(list(names).index(event.author))
    if not out and acting is not None:
        out.add(acting)
    out.update(v for v in parties if 0 <= v < len(names))
    return out


class _Parties:
    """The players of the action each event answers, for a walk of the log newest first
    (``action_parties``, ``answers_action``); O(events) for the whole log."""

    def __init__(self, game: Any, log: Sequence[tuple[Event, str]]) -> None:
        self.log = log
        self.seats = len(getattr(game, "players", ()) or ())
        definition = getattr(game, "definition", None)
        self.opens: Callable[[Event], tuple[int, ...] | None] | None = getattr(
            definition, "action_parties", None
        )
        self.answers: Callable[[Event], bool] | None = getattr(definition, "answers_action", None)
        self.opened_at = len(log)  # index of the declaration the parties below are of
        self.parties: tuple[int, ...] = ()

    def _action(self, j: int, declared: tuple[int, ...]) -> tuple[int, ...]:
        """Everyone in the action declared at ``j``: its players and those its answers name."""
        assert self.opens is not None and self.answers is not None
        found = set(declared)
        for ev, _text in self.log[j + 1 :]:
            if self.opens(ev) is not None or not self.answers(ev):
                break
            found |= _named(ev, self.seats)
        return tuple(sorted(found))

    def of(self, i: int) -> tuple[int, ...]:
        """The parties of the ``i``-th event (``i`` never grows from one call to the next)."""
        if self.opens is None or self.answers is None:
            return ()
        ev = self.log[i][0]
        opened = self.opens(ev)
        if opened is None and not self.answers(ev):
            return ()
        if i != self.opened_at and (opened is not None or i <= self.opened_at):
            self.opened_at, self.parties = -1, ()
            for j in range(i, -1, -1):
                found = self.opens(self.log[j][0])
                if found is not None:
                    self.opened_at, self.parties = j, self._action(j, found)
                    break
        return self.parties


def journal_page(
    game: Any, upto: int, player: int | None, kind: str | None, limit: int
) -> tuple[list[tuple[Event, str]], bool]:
    """The newest ``limit`` lines among the first ``upto`` events that pass the filters.

    :returns: ``([(event, line)], more)``, newest first; ``more`` when older lines remain."""
    length = _length(game)
    upto = min(upto, length)
    if player is None and kind is None:
        skip = length - upto
        if hasattr(game, "log_slice"):
            page = game.log_slice(skip, skip + limit)
        else:  # an engine without the slice accessor: one full replay
            page = list(reversed(game.log()[:upto]))[:limit]
        return page, upto > limit
    log = game.log()[:upto]
    names = game.players
    definition = getattr(game, "definition", None)
    parties = _Parties(game, log)
    picked: list[tuple[Event, str]] = []
    more = False
    for i in range(len(log) - 1, -1, -1):
        ev, text = log[i]
        if kind is not None and kind not in kinds_of(ev, definition):
            continue
        if player is not None:
            acting = game.player_before(ev.seq) if hasattr(game, "player_before") else None
            if player not in event_players(ev, names, acting, parties.of(i)):
                continue
        if len(picked) == limit:
            more = True
            break
        picked.append((ev, text))
    return picked, more


def _filtered(game: Any, player: str, kind: str) -> tuple[list[tuple[Event, str]] | None, str]:
    """An export's ``(lines oldest first, the filter in words)``; ``(None, "")``: unfiltered."""
    if player == "all" and kind == "all":
        return None, ""
    who = None if player == "all" else int(player)
    what = None if kind == "all" else kind
    length = _length(game)
    lines, _more = journal_page(game, length, who, what, max(length, 1))
    said = []
    if who is not None:
        said.append(f"{_('игрок')} {game.players[who]}")
    if what is not None:
        said.append(f"{_('события')} «{what}»")
    return lines[::-1], ", ".join(said)


def _kinds(events: Sequence[Event], definition: Any = None) -> list[str]:
    """The kinds among ``events`` in :data:`KIND_LABELS` order, unnamed ones last."""
    kinds = {k for t in {e.type for e in events} for k in _type_kinds(t, definition)}
    order = {k: i for i, k in enumerate(KIND_LABELS)}
    return sorted(kinds, key=lambda k: (order.get(k, len(order)), k))


def _length(game: Any) -> int:
    """Number of active events without copying the log (when the engine allows)."""
    n = getattr(game, "log_length", None)
    return n if isinstance(n, int) else len(game.events)


def _revision(game: Any) -> int:
    """The game's revision (grows on every push, undo and redo)."""
    rev = getattr(game, "revision", None)
    return rev if isinstance(rev, int) else _length(game)


_NOW = re.compile(r"\s*\(теперь [^()]*\)\s*$")
_WAS = re.compile(r"\(было ([^()]*)\)\s*$")


def describe_event(game: Game, event: Event, *, undone: bool) -> str:
    """The engine's line for ``event`` (:meth:`Game.describe`); after an undo «(теперь N)» is
    dropped and «(было N)» becomes «(снова N)»."""
    try:
        text = game.describe(event)
    except LookupError:  # not in the log any more (another phone moved on): say no more
        return "последний ход"
    if undone:
        text = _WAS.sub(r"(снова \1)", _NOW.sub("", text))
    return text.rstrip(" .")
