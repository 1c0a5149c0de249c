"""Замес (Smash Up): bases with live power, tie-aware scoring, turn phases, the 15-VP finish.

Two rule editions (``options["edition"]``):

- ``"bbrr"`` — «Мишки, бабки, рок-н-ролл» (source ``smashup-bbrr``, the default);
- ``"mimimi"`` — «Мимими» (source ``smashup-mimimi``).

They differ here only in the phase names and in who may score a base (see
:func:`is_eligible`). The cards stay on the table: the app keeps, per base and player, the
total power and the number of minions, the VP track, the plays left this turn and the phase.

Setup options (``Setup.options``, all JSON):

- ``edition``: ``"bbrr"`` | ``"mimimi"``;
- ``factions``: one list per seat of 0–2 faction names (typed freely; :data:`FACTIONS` are
  offered); missing ones are picked with ``faction.pick`` before the game starts;
- ``draft``: bool — «Договоримся как взрослые»: picks follow :func:`draft_order`;
- ``madness``: bool — Cthulhu madness cards are counted (see :func:`final_scores`);
- ``bases``: optional list of base dicts laid out at the start (see below).

A *base dict* is ``{"name": str, "breakpoint": int, "vp": [int, int, int]}`` (an optional
``"set": str`` naming the box is kept for the catalogue).

The game opens in «Подготовка к игре» (factions, bases, the one-time mulligan reminder);
``game.start`` begins the first turn.

Events (``data`` shapes; ``base`` is an index into ``state.bases``, ``player`` a seat index):

- ``faction.pick``: ``{"player": int, "faction": str}`` — setup only; in draft order if the
  draft option is on.
- ``base.add``: ``{"base_card": base dict}`` — lay out a base (setup, or a card adds one).
- ``base.replace``: ``{"base": int, "base_card": base dict, "keep_minions": bool}`` — a card
  swaps a base; unless ``keep_minions`` the power and minions there leave with it.
- ``game.start``: ``{}`` — end of «Подготовка к игре»: two factions each, players + 1 bases.
- ``base.set``: ``{"base": int, "player": int, "power": int?, "minions": int?}`` — set a
  player's total power and/or minion count on a base (at least one of the two).
- ``base.adjust``: ``{"base": int, "player": int, "power": int?, "minions": int?}`` — the same
  as deltas (non-zero, at least one).
- ``breakpoint.modify``: ``{"base": int, "delta": int, "until": "turn" | "base"}`` — a card
  changes the breakpoint until the end of the turn, or for as long as the base stays.
- ``base.select``: ``{"base": int}`` — the active player picks the ready base to score next;
  it is then scored even if its power drops below the breakpoint («Большой куш»).
- ``base.score``: ``{"base": int, "base_card": base dict | None}`` — score the base
  (see :func:`score_base`); the new base takes its place, or with ``None`` the slot is
  emptied and a later ``base.add`` lays the new one out.
- ``play.record``: ``{"kind": "minion" | "action"}`` — one card played this turn.
- ``play.grant``: ``{"kind": "minion" | "action", "count": int}`` — a card grants extra plays.
- ``phase.next``: ``{}`` — the next phase; after the last one the turn passes to the left
  and the game-end check («Игра окончена») runs.
- ``vp.adjust``: ``{"player": int, "delta": int}`` — a card gives or takes VP (never below 0).
- ``madness.adjust``: ``{"player": int, "delta": int}`` — madness cards gained or returned
  (only with the madness option; never below 0).

Example::

    >>> from companion.engine.core import Game
    >>> g = Game.new(SMASHUP, ["Аня", "Борис"], clock=lambda: 0.0,
    ...              options={"factions": [["Рокеры", "Котики"], ["Бабульки", "Феи"]]})
    >>> for name in ("Древний храм", "Б", "В"):
    ...     _ = g.push("base.add", {"base_card": {"name": name, "breakpoint": 20, "vp": [4, 2, 1]}})
    >>> _ = g.push("game.start")
    >>> score_base([12, 8], [2, 1], [4, 2, 1], "bbrr")
    {0: 4, 1: 2}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.errors import RuleViolation, SetupError

__all__ = [
    "EDITIONS",
    "DEFAULT_EDITION",
    "FACTIONS",
    "ALL_FACTIONS",
    "PHASES",
    "SETUP_PHASE",
    "EVENT_TYPES",
    "WIN_VP",
    "HAND_LIMIT",
    "BaseState",
    "SmashUpState",
    "SmashUp",
    "SMASHUP",
    "draft_order",
    "next_drafter",
    "is_eligible",
    "score_base",
    "score_preview",
    "effective_breakpoint",
    "total_power",
    "is_ready",
    "ready_bases",
    "plays_left",
    "final_scores",
    "find_winner",
    "reminder",
    "offered_factions",
]

#: Edition id → the box's Russian name.
EDITIONS: dict[str, str] = {"bbrr": "Мишки, бабки, рок-н-ролл", "mimimi": "Мимими"}
DEFAULT_EDITION = "bbrr"

#: The four factions of each box (section «Фракции» of each rulebook).
FACTIONS: dict[str, tuple[str, ...]] = {
    "bbrr": ("Бабульки", "Плюшевые мишки", "Авантюристы", "Рокеры"),
    "mimimi": ("Котики", "Принцессы", "Феи", "Волшебные пони"),
}
#: All eight factions of the two boxes, the default edition's first.
ALL_FACTIONS: tuple[str, ...] = FACTIONS["bbrr"] + FACTIONS["mimimi"]

#: Turn phases by edition (section «Вот как это делается»).
PHASES: dict[str, tuple[str, ...]] = {
    "bbrr": ("Начало хода", "Играй карты", "Проверь базы", "Возьми две карты", "Конец хода"),
    "mimimi": ("Заводи!", "Играй карты", "Проверь базы", "Возьми две карты", "Закругляйся"),
}
#: Indices into a PHASES tuple.
START, PLAY, CHECK, DRAW, END = range(5)
#: Shown as the phase before the first turn.
SETUP_PHASE = "Подготовка к игре"

#: VP that trigger the end of the game («Игра окончена»).
WIN_VP = 15
#: Cards allowed in hand after drawing («Возьми две карты»).
HAND_LIMIT = 10
#: Free plays per turn: one minion and one action («Играй карты»).
FREE_PLAYS: dict[str, int] = {"minion": 1, "action": 1}
PLAY_KINDS: dict[str, str] = {"minion": "приспешника", "action": "действие"}

#: Every event type this game accepts (see the module docstring for the data shapes).
EVENT_TYPES: frozenset[str] = frozenset(
    {
        "faction.pick",
        "base.add",
        "base.replace",
        "game.start",
        "base.set",
        "base.adjust",
        "breakpoint.modify",
        "base.select",
        "base.score",
        "play.record",
        "play.grant",
        "phase.next",
        "vp.adjust",
        "madness.adjust",
    }
)

#: Sanity bounds for typed numbers (a stray long-press must not produce absurd values).
MAX_BREAKPOINT = 100
MAX_BASE_VP = 30
MAX_POWER = 500
MAX_MINIONS = 100
MAX_VP = 500
MAX_MADNESS = 100
MAX_NAME = 60


# -- state -----------------------------------------------------------------------------------
@dataclass
class BaseState:
    """A base in play.

    :param name: as printed on the card.
    :param breakpoint: printed breakpoint (оборона), >= 0.
    :param vp: VP for 1st, 2nd and 3rd place.
    :param power: total power per seat on this base (>= 0).
    :param minions: minion count per seat on this base (>= 0).
    :param mod_turn: breakpoint change that ends with the turn.
    :param mod_base: breakpoint change that lasts while the base stays.
    :param set: the box the base comes from, if typed.
    """

    name: str
    breakpoint: int
    vp: list[int]
    power: list[int]
    minions: list[int]
    mod_turn: int = 0
    mod_base: int = 0
    set: str | None = None


@dataclass
class SmashUpState:
    """The whole game: seats, bases, VP and the turn flow.

    ``phase`` indexes ``PHASES[edition]``; ``started`` is False during «Подготовка к игре».
    ``used``/``extra`` count plays made / extra plays granted this turn by kind.
    ``selected`` is the base chosen for scoring (``base.select``), if any.
    """

    edition: str
    factions: list[list[str]]
    bases: list[BaseState]
    vp: list[int]
    madness: list[int]
    active: int
    draft: bool = False
    madness_on: bool = False
    first: int = 0
    started: bool = False
    turn: int = 1
    phase: int = START
    used: dict[str, int] = field(default_factory=lambda: {"minion": 0, "action": 0})
    extra: dict[str, int] = field(default_factory=lambda: {"minion": 0, "action": 0})
    selected: int | None = None
    winner: int | None = None
    final: list[int] | None = None

    @property
    def players(self) -> int:
        return len(self.vp)


# -- pure helpers ----------------------------------------------------------------------------
def offered_factions(edition: str = DEFAULT_EDITION) -> tuple[str, ...]:
    """The eight factions of the two boxes, this edition's box first (names are suggestions)."""
    other = [e for e in FACTIONS if e != edition]
    return FACTIONS.get(edition, ()) + tuple(f for e in other for f in FACTIONS[e])


def draft_order(players: int, first: int = 0) -> list[int]:
    """Seat indices in pick order for the snake draft («Договоримся как взрослые»).

    Clockwise from the first player for the first faction, then back from the last player
    to the first for the second one: 3 players, first 1 → ``[1, 2, 0, 0, 2, 1]``.

    :raises ValueError: if ``players`` < 1 or ``first`` is not a seat.
    """
    if players < 1 or not 0 <= first < players:
        raise ValueError("draft_order: need players >= 1 and 0 <= first < players")
    once = [(first + i) % players for i in range(players)]
    return once + once[::-1]


def next_drafter(factions: Sequence[Sequence[str]], first: int = 0) -> int | None:
    """Who picks next in the snake draft given the picks so far, or ``None`` when done.

    Pick *k* of :func:`draft_order` is a seat's first faction in the first round, its second
    in the second round («Договоримся как взрослые»).
    """
    order = draft_order(len(factions), first)
    for k, seat in enumerate(order):
        wanted = 1 if k < len(factions) else 2
        if len(factions[seat]) < wanted:
            return seat
    return None


def _as_map(values: Mapping[int, int] | Sequence[int]) -> dict[int, int]:
    return dict(values) if isinstance(values, Mapping) else dict(enumerate(values))


def is_eligible(power: int, minions: int, edition: str = DEFAULT_EDITION) -> bool:
    """May a player with this power and minion count on a base score it? («Раздача очков»)

    ``bbrr``: at least one minion there or at least 1 power; ``mimimi``: at least one minion.
    """
    if edition == "mimimi":
        return minions >= 1
    return minions >= 1 or power >= 1


def score_base(
    powers: Mapping[int, int] | Sequence[int],
    minions: Mapping[int, int] | Sequence[int],
    vp: Sequence[int],
    edition: str = DEFAULT_EDITION,
) -> dict[int, int]:
    """VP each player gets when a base is scored («Раздача очков», «Споры при раздаче»).

    Only eligible players (:func:`is_eligible`) take part. A player's place is 1 + the number
    of eligible players with strictly more power; places 1–3 get ``vp[place - 1]``, so tied
    players share the higher place and the places they cover go unawarded (10/10/5 → 1st,
    1st, 3rd; 10/5/5 → 1st, 2nd, 2nd and no 3rd). With fewer than three eligible players the
    unused values go to nobody.

    :param powers: total power per player (seat → power, or a list by seat).
    :param minions: minion count per player, same shape (missing seats count as 0).
    :param vp: the base's VP for 1st, 2nd, 3rd place.
    :param edition: ``"bbrr"`` or ``"mimimi"``.
    :returns: ``{seat: VP}`` for every player placed 1st–3rd (values may be 0 if printed so).
    """
    power_of = _as_map(powers)
    minions_of = _as_map(minions)
    seats = sorted(set(power_of) | set(minions_of))
    eligible = {
        s: power_of.get(s, 0)
        for s in seats
        if is_eligible(power_of.get(s, 0), minions_of.get(s, 0), edition)
    }
    awards: dict[int, int] = {}
    for seat, power in eligible.items():
        place = 1 + sum(1 for other in eligible.values() if other > power)
        if place <= min(3, len(vp)):
            awards[seat] = int(vp[place - 1])
    return awards


def effective_breakpoint(base: BaseState) -> int:
    """The breakpoint with card modifiers; never below zero («Всё остальное»)."""
    return max(0, base.breakpoint + base.mod_turn + base.mod_base)


def total_power(base: BaseState) -> int:
    """All players' power on the base together."""
    return sum(base.power)


def is_ready(base: BaseState) -> bool:
    """Total power >= current breakpoint («Большой куш»)."""
    return total_power(base) >= effective_breakpoint(base)


def ready_bases(state: SmashUpState) -> list[int]:
    """Indices of the bases ready to score; the active player picks the order («Большой куш»)."""
    return [i for i, b in enumerate(state.bases) if is_ready(b)]


def score_preview(state: SmashUpState, base: int) -> dict[int, int]:
    """What :func:`score_base` would award on ``state.bases[base]`` now (for the confirmation).

    :raises IndexError: if there is no such base.
    """
    b = state.bases[base]
    return score_base(b.power, b.minions, b.vp, state.edition)


def plays_left(state: SmashUpState) -> dict[str, int]:
    """``{"minion": n, "action": m}`` still playable this turn (free ones plus extras granted)."""
    return {k: FREE_PLAYS[k] + state.extra[k] - state.used[k] for k in FREE_PLAYS}


def final_scores(vp: Sequence[int], madness: Sequence[int], madness_on: bool) -> list[int]:
    """VP at the end of the game: with madness, −1 VP per 2 madness cards, never below 0
    («Самое главное»)."""
    if not madness_on:
        return list(vp)
    return [max(0, v - m // 2) for v, m in zip(vp, madness, strict=False)]


def find_winner(vp: Sequence[int], madness: Sequence[int], madness_on: bool) -> int | None:
    """The winner at the end of a turn, or ``None`` to play on («Игра окончена»).

    Somebody must have at least :data:`WIN_VP` VP; then the single leader (by
    :func:`final_scores`) wins; with madness a tie goes to fewer madness cards; a tie that
    remains means the game goes on.
    """
    if not vp or max(vp) < WIN_VP:
        return None
    final = final_scores(vp, madness, madness_on)
    best = max(final)
    leaders = [i for i, v in enumerate(final) if v == best]
    if len(leaders) > 1 and madness_on:
        fewest = min(madness[i] for i in leaders)
        leaders = [i for i in leaders if madness[i] == fewest]
    return leaders[0] if len(leaders) == 1 else None


def reminder(state: SmashUpState) -> str:
    """What the rules ask for in the current phase, in Russian (for the phase bar)."""
    if not state.started:
        need = state.players + 1
        word = "баз" if need >= 5 else "базы"
        return (
            f"Подготовка к игре: у каждого колода из двух разных фракций, на столе "
            f"{need} {word} (по одной на игрока и ещё одна). Каждый берёт 5 карт; у кого "
            f"нет ни одного приспешника — показывает руку, сбрасывает её и берёт новые "
            f"5 карт, второй раз менять нельзя."
        )
    phase = state.phase
    name = PHASES[state.edition][phase]
    if phase == START:
        return (
            f"{name}: срабатывают все свойства «в начале хода»; эффекты прошлого хода закончились."
        )
    if phase == PLAY:
        left = plays_left(state)
        return (
            f"{name}: осталось приспешников — {left['minion']}, действий — {left['action']}. "
            f"Таланты — один раз за ход."
        )
    if phase == CHECK:
        ready = ready_bases(state)
        if not ready:
            text = f"{name}: готовых к захвату баз нет."
        else:
            listed = ", ".join(f"«{state.bases[i].name}»" for i in ready)
            text = f"{name}: готовы к захвату {listed}; порядок выбирает активный игрок."
        if state.edition == "mimimi":
            text += f" После захвата проверьте, нет ли у кого {WIN_VP} очков."
        return text
    if phase == DRAW:
        return f"{name}: возьмите 2 карты; если на руке больше {HAND_LIMIT}, сбросьте лишние."
    return (
        f"{name}: срабатывают свойства «в конце хода», затем проверка: у кого-то "
        f"{WIN_VP} очков или больше — побеждает единоличный лидер."
    )


# -- validation helpers ----------------------------------------------------------------------
def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _base_card_error(card: Any) -> str | None:
    """Why a base dict is malformed (Russian), or ``None`` if it is fine."""
    if not isinstance(card, Mapping):
        return "Базу нужно описать: название, оборона и три числа очков."
    if set(card) - {"name", "breakpoint", "vp", "set"}:
        return "В описании базы есть лишние поля."
    name = card.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        return f"У базы должно быть название (до {MAX_NAME} знаков)."
    bp = card.get("breakpoint")
    if not _is_int(bp) or not 0 <= bp <= MAX_BREAKPOINT:
        return f"Оборона базы должна быть целым числом от 0 до {MAX_BREAKPOINT}."
    vp = card.get("vp")
    if (
        not isinstance(vp, (list, tuple))
        or len(vp) != 3
        or not all(_is_int(v) and 0 <= v <= MAX_BASE_VP for v in vp)
    ):
        return f"У базы должно быть три числа очков (1-е, 2-е, 3-е место) от 0 до {MAX_BASE_VP}."
    bset = card.get("set")
    if bset is not None and not isinstance(bset, str):
        return "Набор базы должен быть строкой."
    return None


def _new_base(card: Mapping[str, Any], players: int) -> BaseState:
    return BaseState(
        name=str(card["name"]).strip(),
        breakpoint=int(card["breakpoint"]),
        vp=[int(v) for v in card["vp"]],
        power=[0] * players,
        minions=[0] * players,
        set=card.get("set"),
    )


def _faction_error(deck: Sequence[str], name: Any) -> str | None:
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME:
        return f"Название фракции должно быть непустым (до {MAX_NAME} знаков)."
    if name.strip().casefold() in {f.casefold() for f in deck}:
        return (
            f"Фракция «{name.strip()}» уже есть в этой колоде: в колоде должны быть две разные "
            f"фракции (Подготовка к игре)."
        )
    if len(deck) >= 2:
        return "В колоде уже две фракции (Подготовка к игре)."
    return None


def _fmt_awards(awards: Mapping[int, int], names: Sequence[str]) -> str:
    parts = [f"{names[p]} +{v}" for p, v in sorted(awards.items(), key=lambda kv: (-kv[1], kv[0]))]
    return ", ".join(parts) if parts else "очков никто не получил"


# -- the definition --------------------------------------------------------------------------
class SmashUp(GameDefinition[SmashUpState]):
    """Замес: the game definition (see the module docstring for events and options)."""

    id = "smashup"
    title = "Замес"
    min_players = 2
    max_players = 4
    phases = PHASES[DEFAULT_EDITION]
    #: Steppers (power, minions, breakpoint, VP, madness, «+1» extra play): each tap counts,
    #: so two quick taps apply twice. ``play.record`` («Сыграл») is not one of them: a
    #: double tap on it made against an old revision is refused (issue 14).
    cumulative_moves = frozenset(
        {"base.adjust", "breakpoint.modify", "vp.adjust", "madness.adjust", "play.grant"}
    )

    def default_options(self) -> dict[str, Any]:
        return {
            "edition": DEFAULT_EDITION,
            "factions": [],
            "draft": False,
            "madness": False,
            "bases": [],
        }

    def phases_for(self, edition: str) -> tuple[str, ...]:
        """The phase names of an edition («Вот как это делается»)."""
        return PHASES[edition]

    # -- setup ------------------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        """Players 2–4, a known edition, decks of distinct factions, well-formed bases.

        :raises SetupError: with a Russian sentence («Подготовка к игре»).
        """
        super().validate_setup(setup)
        opts = setup.options
        edition = opts.get("edition", DEFAULT_EDITION)
        if edition not in EDITIONS:
            raise SetupError(f"Неизвестное издание правил «{edition}»: есть bbrr и mimimi.")
        for key in ("draft", "madness"):
            if not isinstance(opts.get(key, False), bool):
                raise SetupError(f"Опция «{key}» должна быть да/нет.")
        factions = opts.get("factions") or []
        if not isinstance(factions, list) or len(factions) > len(setup.players):
            raise SetupError("Фракции задаются списком по одному на игрока.")
        for i, deck in enumerate(factions):
            if not isinstance(deck, list):
                raise SetupError("Фракции игрока задаются списком названий.")
            chosen: list[str] = []
            for name in deck:
                err = _faction_error(chosen, name)
                if err:
                    raise SetupError(f"{setup.players[i].name}: {err}")
                chosen.append(name.strip())
        bases = opts.get("bases") or []
        if not isinstance(bases, list):
            raise SetupError("Базы задаются списком.")
        for card in bases:
            err = _base_card_error(card)
            if err:
                raise SetupError(err)

    def initial_state(self, setup: Setup) -> SmashUpState:
        n = len(setup.players)
        opts = setup.options
        given = list(opts.get("factions") or [])
        factions = [
            [str(f).strip() for f in (given[i] if i < len(given) else [])] for i in range(n)
        ]
        return SmashUpState(
            edition=opts.get("edition", DEFAULT_EDITION),
            factions=factions,
            bases=[_new_base(c, n) for c in (opts.get("bases") or [])],
            vp=[0] * n,
            madness=[0] * n,
            active=setup.first_player,
            draft=bool(opts.get("draft", False)),
            madness_on=bool(opts.get("madness", False)),
            first=setup.first_player,
        )

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: SmashUpState, event: Event) -> None:
        d = event.data
        t = event.type
        if t not in EVENT_TYPES:
            raise RuleViolation(f"В игре «{self.title}» нет действия «{t}».")
        getattr(self, "_check_" + t.replace(".", "_"))(state, d)

    # each _check_* raises RuleViolation or returns None
    def _player(self, state: SmashUpState, d: Mapping[str, Any]) -> int:
        p = d.get("player")
        if not _is_int(p) or not 0 <= p < state.players:
            raise RuleViolation("Такого игрока нет за столом.")
        return p

    def _base(self, state: SmashUpState, d: Mapping[str, Any]) -> BaseState:
        b = d.get("base")
        if not _is_int(b) or not 0 <= b < len(state.bases):
            raise RuleViolation("Такой базы нет на столе.")
        return state.bases[b]

    def _in_play(self, state: SmashUpState) -> None:
        if not state.started:
            raise RuleViolation(
                "Игра ещё не началась: сначала закончите подготовку (Подготовка к игре).",
                rule="Подготовка к игре",
            )

    def _keys(self, d: Mapping[str, Any], allowed: set[str]) -> None:
        extra = set(d) - allowed
        if extra:
            raise RuleViolation(f"Лишние параметры: {', '.join(sorted(extra))}.")

    def _check_faction_pick(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"player", "faction"})
        if state.started:
            raise RuleViolation(
                "Фракции выбирают до начала игры (Подготовка к игре).", rule="Подготовка к игре"
            )
        p = self._player(state, d)
        err = _faction_error(state.factions[p], d.get("faction"))
        if err:
            raise RuleViolation(err, rule="Подготовка к игре")
        if state.draft:
            nxt = next_drafter(state.factions, state.first)
            if nxt != p:
                raise RuleViolation(
                    "Сейчас не очередь этого игрока выбирать фракцию: первые фракции берут по "
                    "часовой стрелке от первого игрока, вторые — в обратном порядке "
                    "(Договоримся как взрослые).",
                    rule="Договоримся как взрослые",
                )

    def _check_base_add(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"base_card"})
        err = _base_card_error(d.get("base_card"))
        if err:
            raise RuleViolation(err)

    def _check_base_replace(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"base", "base_card", "keep_minions"})
        self._base(state, d)
        err = _base_card_error(d.get("base_card"))
        if err:
            raise RuleViolation(err)
        if not isinstance(d.get("keep_minions", False), bool):
            raise RuleViolation("«keep_minions» должно быть да/нет.")
        if state.selected is not None:
            raise RuleViolation(
                "Сначала захватите выбранную базу (Большой куш).", rule="Большой куш"
            )

    def _check_game_start(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, set())
        if state.started:
            raise RuleViolation("Игра уже идёт.")
        short = [i for i, deck in enumerate(state.factions) if len(deck) < 2]
        if short:
            raise RuleViolation(
                "Не у всех игроков выбраны две фракции (Подготовка к игре).",
                rule="Подготовка к игре",
            )
        need = state.players + 1
        if len(state.bases) != need:
            raise RuleViolation(
                f"На столе должно быть {need} баз — по одной на игрока и ещё одна, "
                f"а выложено {len(state.bases)} (Подготовка к игре).",
                rule="Подготовка к игре",
            )

    def _check_power_change(self, state: SmashUpState, d: Mapping[str, Any], delta: bool) -> None:
        self._keys(d, {"base", "player", "power", "minions"})
        self._in_play(state)
        base = self._base(state, d)
        p = self._player(state, d)
        if "power" not in d and "minions" not in d:
            raise RuleViolation("Укажите силу или число приспешников.")
        for key, cur, top, what in (
            ("power", base.power[p], MAX_POWER, "Сила"),
            ("minions", base.minions[p], MAX_MINIONS, "Число приспешников"),
        ):
            if key not in d:
                continue
            v = d[key]
            if not _is_int(v):
                raise RuleViolation(f"{what} — целое число.")
            if delta and v == 0:
                raise RuleViolation("Изменение на ноль ничего не меняет.")
            new = cur + v if delta else v
            if new < 0:
                raise RuleViolation(
                    f"{what} игрока на базе не может быть меньше нуля (Всё остальное).",
                    rule="Всё остальное",
                )
            if new > top:
                raise RuleViolation(f"{what} на базе не может превышать {top}.")

    def _check_base_set(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._check_power_change(state, d, delta=False)

    def _check_base_adjust(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._check_power_change(state, d, delta=True)

    def _check_breakpoint_modify(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"base", "delta", "until"})
        self._in_play(state)
        base = self._base(state, d)
        delta = d.get("delta")
        if not _is_int(delta) or delta == 0 or abs(delta) > MAX_BREAKPOINT:
            raise RuleViolation(f"Изменение обороны — ненулевое целое число до ±{MAX_BREAKPOINT}.")
        if d.get("until", "turn") not in ("turn", "base"):
            raise RuleViolation("Срок изменения обороны: до конца хода или пока база в игре.")
        total = base.mod_turn + base.mod_base + delta
        if abs(total) > MAX_BREAKPOINT * 2:
            raise RuleViolation("Слишком большое изменение обороны.")

    def _check_base_select(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"base"})
        self._scoring_window(state)
        base = self._base(state, d)
        if state.selected is not None:
            raise RuleViolation(
                f"Уже выбрана база «{state.bases[state.selected].name}»: сначала захватите её "
                f"(Большой куш).",
                rule="Большой куш",
            )
        if not is_ready(base):
            raise self._not_ready(base)

    def _scoring_window(self, state: SmashUpState) -> None:
        self._in_play(state)
        if state.phase != CHECK:
            name = PHASES[state.edition][CHECK]
            raise RuleViolation(
                f"Базы захватывают в фазе «{name}» (Вот как это делается).",
                rule="Вот как это делается",
            )

    def _not_ready(self, base: BaseState) -> RuleViolation:
        return RuleViolation(
            f"База «{base.name}» не готова к захвату: общая сила {total_power(base)} меньше "
            f"обороны {effective_breakpoint(base)} (Большой куш).",
            rule="Большой куш",
        )

    def _check_base_score(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"base", "base_card"})
        self._scoring_window(state)
        base = self._base(state, d)
        if state.selected is not None and state.selected != d["base"]:
            raise RuleViolation(
                f"Выбрана база «{state.bases[state.selected].name}»: сначала захватывают её "
                f"(Большой куш).",
                rule="Большой куш",
            )
        if state.selected is None and not is_ready(base):
            raise self._not_ready(base)
        card = d.get("base_card")
        if card is not None:
            err = _base_card_error(card)
            if err:
                raise RuleViolation(err)

    def _check_play_record(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"kind"})
        self._in_play(state)
        kind = d.get("kind")
        if kind not in FREE_PLAYS:
            raise RuleViolation("Сыграть можно приспешника (minion) или действие (action).")
        if plays_left(state)[kind] <= 0:
            raise RuleViolation(
                f"В этот ход больше нельзя сыграть {PLAY_KINDS[kind]}: бесплатный розыгрыш "
                f"и добавочные карты использованы (Добавочные карты).",
                rule="Добавочные карты",
            )

    def _check_play_grant(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"kind", "count"})
        self._in_play(state)
        if d.get("kind") not in FREE_PLAYS:
            raise RuleViolation("Добавочной может быть карта приспешника или действия.")
        count = d.get("count", 1)
        if not _is_int(count) or not 1 <= count <= 20:
            raise RuleViolation("Число добавочных карт — от 1 до 20.")

    def _check_phase_next(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, set())
        self._in_play(state)
        if state.phase == CHECK and (state.selected is not None or ready_bases(state)):
            i = state.selected if state.selected is not None else ready_bases(state)[0]
            raise RuleViolation(
                f"База «{state.bases[i].name}» готова к захвату: её нужно захватить, прежде "
                f"чем идти дальше (Большой куш).",
                rule="Большой куш",
            )

    def _check_vp_adjust(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"player", "delta"})
        p = self._player(state, d)
        delta = d.get("delta")
        if not _is_int(delta) or delta == 0:
            raise RuleViolation("Изменение очков — ненулевое целое число.")
        if state.vp[p] + delta < 0:
            raise RuleViolation(
                f"Победных очков не может стать меньше нуля: сейчас {state.vp[p]}.",
                rule="Раздача очков",
            )
        if state.vp[p] + delta > MAX_VP:
            raise RuleViolation(f"Больше {MAX_VP} победных очков не бывает.")

    def _check_madness_adjust(self, state: SmashUpState, d: Mapping[str, Any]) -> None:
        self._keys(d, {"player", "delta"})
        if not state.madness_on:
            raise RuleViolation(
                "Карты безумия не учитываются: опция безумия выключена (Самое главное).",
                rule="Самое главное",
            )
        p = self._player(state, d)
        delta = d.get("delta")
        if not _is_int(delta) or delta == 0:
            raise RuleViolation("Изменение числа карт безумия — ненулевое целое число.")
        new = state.madness[p] + delta
        if not 0 <= new <= MAX_MADNESS:
            raise RuleViolation(f"Карт безумия может быть от 0 до {MAX_MADNESS}.")

    # -- applying -------------------------------------------------------------------------
    def apply(self, state: SmashUpState, event: Event) -> None:
        d = event.data
        t = event.type
        n = state.players
        if t == "faction.pick":
            state.factions[d["player"]].append(d["faction"].strip())
        elif t == "base.add":
            state.bases.append(_new_base(d["base_card"], n))
        elif t == "base.replace":
            old = state.bases[d["base"]]
            new = _new_base(d["base_card"], n)
            if d.get("keep_minions", False):
                new.power, new.minions = list(old.power), list(old.minions)
            state.bases[d["base"]] = new
        elif t == "game.start":
            state.started = True
            state.phase = START
        elif t in ("base.set", "base.adjust"):
            base = state.bases[d["base"]]
            p = d["player"]
            if "power" in d:
                base.power[p] = base.power[p] + d["power"] if t == "base.adjust" else d["power"]
            if "minions" in d:
                base.minions[p] = (
                    base.minions[p] + d["minions"] if t == "base.adjust" else d["minions"]
                )
        elif t == "breakpoint.modify":
            base = state.bases[d["base"]]
            if d.get("until", "turn") == "turn":
                base.mod_turn += d["delta"]
            else:
                base.mod_base += d["delta"]
        elif t == "base.select":
            state.selected = d["base"]
        elif t == "base.score":
            i = d["base"]
            for p, v in score_preview(state, i).items():
                state.vp[p] = min(MAX_VP, state.vp[p] + v)
            state.selected = None
            card = d.get("base_card")
            if card is not None:
                state.bases[i] = _new_base(card, n)
            else:
                del state.bases[i]
        elif t == "play.record":
            state.used[d["kind"]] += 1
        elif t == "play.grant":
            state.extra[d["kind"]] += d.get("count", 1)
        elif t == "phase.next":
            self._advance(state)
        elif t == "vp.adjust":
            state.vp[d["player"]] += d["delta"]
        elif t == "madness.adjust":
            state.madness[d["player"]] += d["delta"]

    def _advance(self, state: SmashUpState) -> None:
        if state.phase < END:
            state.phase += 1
            return
        # End of the turn: the game-end check («Игра окончена»), then pass to the left.
        winner = find_winner(state.vp, state.madness, state.madness_on)
        if winner is not None:
            state.winner = winner
            state.final = final_scores(state.vp, state.madness, state.madness_on)
            return
        for base in state.bases:
            base.mod_turn = 0
        state.used = {k: 0 for k in FREE_PLAYS}
        state.extra = {k: 0 for k in FREE_PLAYS}
        state.active = (state.active + 1) % state.players
        state.turn += 1
        state.phase = START

    # -- reading ----------------------------------------------------------------------------
    def outcome(self, state: SmashUpState) -> Outcome | None:
        if state.winner is None:
            return None
        final = state.final or state.vp
        reason = f"В конце хода набрано {WIN_VP}+ очков; больше всех — {final[state.winner]}."
        if state.madness_on:
            reason += " Учтены карты безумия."
        return Outcome((state.winner,), reason)

    def active_player(self, state: SmashUpState) -> int | None:
        return state.active if state.started else None

    def turn_number(self, state: SmashUpState) -> int:
        return state.turn

    def current_phase(self, state: SmashUpState) -> str | None:
        """The phase name of the edition, or :data:`SETUP_PHASE` before the first turn."""
        if not state.started:
            return SETUP_PHASE
        return PHASES[state.edition][state.phase]

    def scores(self, state: SmashUpState) -> dict[int, float]:
        return {i: float(v) for i, v in enumerate(state.vp)}

    def describe(self, state: SmashUpState, event: Event, setup: Setup) -> str:
        d = event.data
        t = event.type
        names = setup.names
        if t == "faction.pick":
            return f"{names[d['player']]} берёт фракцию «{d['faction'].strip()}»"
        if t == "base.add":
            c = d["base_card"]
            v = c["vp"]
            return (
                f"На стол выложена база «{c['name'].strip()}» "
                f"(оборона {c['breakpoint']}; {v[0]}/{v[1]}/{v[2]})"
            )
        if t == "base.replace":
            old = state.bases[d["base"]].name
            return f"База «{old}» заменена на «{d['base_card']['name'].strip()}»"
        if t == "game.start":
            return "Подготовка окончена, игра началась"
        if t in ("base.set", "base.adjust"):
            base = state.bases[d["base"]]
            p = d["player"]
            parts = []
            for key, cur, label in (
                ("power", base.power[p], "сила"),
                ("minions", base.minions[p], "приспешники"),
            ):
                if key in d:
                    new = cur + d[key] if t == "base.adjust" else d[key]
                    parts.append(f"{label} {cur}, теперь {new}")
            return f"{names[p]} на базе «{base.name}»: " + ", ".join(parts)
        if t == "breakpoint.modify":
            base = state.bases[d["base"]]
            after = copy.copy(base)
            if d.get("until", "turn") == "turn":
                after.mod_turn += d["delta"]
                span = "до конца хода"
            else:
                after.mod_base += d["delta"]
                span = "пока база в игре"
            return (
                f"Оборона базы «{base.name}»: {effective_breakpoint(base)}, теперь "
                f"{effective_breakpoint(after)} ({span})"
            )
        if t == "base.select":
            chosen = state.bases[d["base"]].name
            return f"{names[state.active]} выбирает для захвата базу «{chosen}»"
        if t == "base.score":
            base = state.bases[d["base"]]
            awards = _fmt_awards(score_preview(state, d["base"]), names)
            line = f"База «{base.name}» захвачена: {awards}"
            card = d.get("base_card")
            if card is not None:
                line += f"; на её место выложена «{card['name'].strip()}»"
            return line
        if t == "play.record":
            left = plays_left(state)[d["kind"]] - 1
            return f"{names[state.active]} играет {PLAY_KINDS[d['kind']]} (осталось {left})"
        if t == "play.grant":
            kind = "приспешник" if d["kind"] == "minion" else "действие"
            return f"{names[state.active]}: добавочная карта — {kind} ×{d.get('count', 1)}"
        if t == "phase.next":
            phases = PHASES[state.edition]
            if state.phase < END:
                return f"Фаза «{phases[state.phase + 1]}»"
            winner = find_winner(state.vp, state.madness, state.madness_on)
            if winner is not None:
                return f"Игра окончена: побеждает {names[winner]}"
            if max(state.vp) >= WIN_VP:
                return (
                    f"Конец хода: у лидеров поровну очков — игра продолжается; "
                    f"ход переходит к игроку {names[(state.active + 1) % state.players]}"
                )
            return f"Конец хода; ход переходит к игроку {names[(state.active + 1) % state.players]}"
        if t == "vp.adjust":
            old = state.vp[d["player"]]
            sign = "+" if d["delta"] > 0 else "−"
            return f"{names[d['player']]}: ПО {sign}{abs(d['delta'])} (теперь {old + d['delta']})"
        if t == "madness.adjust":
            old = state.madness[d["player"]]
            return f"{names[d['player']]}: карт безумия {old}, теперь {old + d['delta']}"
        return t


#: The module-level singleton registered in :data:`companion.engine.GAMES`.
SMASHUP = SmashUp()
