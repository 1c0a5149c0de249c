"""Рик и Морти: Наверное, Рики сошли с ума — VP tracker and charge-phase guide.

Source id ``ricks-crazy`` (rulebook 004). The cards stay on the table; the app keeps VP,
the characters' universes, build tokens, hands, the action count of the running turn, the
energy sources and inventions on the board, and walks the table through the charge phase
universe by universe (see :mod:`companion.engine.ricks_timing` for its clock).

Setup options (:meth:`RicksDefinition.default_options`):

- ``characters``: ``[str]`` one of :data:`CHARACTERS` per seat, all different
  (default: seat order Рик, Морти, Зип, Кайл);
- ``abilities``: ``bool`` — characters' own properties in play (``False`` is the rulebook's
  «Как попроще» variant);
- ``actions``: ``{universe: int}`` action tokens a turn begun there gives; Кроховселенная is 5
  (rulebook, «Подготовка к игре»), the other three are printed on the universe cards and
  must be given as positive ints (the UI asks once and remembers them);
- ``charge_limit``: ``None`` or seconds (int/float > 0) a player may spend on their turn in
  steps Б and В before the app warns.

Round flow («Ход игры»): ``round.draw`` → one action turn per player from the first player
(``turn.end`` passes) → charge phase (Кроховселенная → Мини-вселенная → Микровселенная →
Риковселенная, steps А, Б, В in each) → the first-player token passes clockwise. Action-phase
events always act for the active player.

Events (``data`` shapes; ``note`` is an optional free text for the log):

- ``round.draw``: ``{}`` — «Начало раунда»: every player draws 1 card; the first turn begins.
- ``card.play``: ``{"kind": "source"|"invention"|"ability", "build_cost": int>=1,
  "production": int>=0 (source), "cost": int>=0 (energy to activate; invention, ability),
  "vp": int>=0 (invention), "name": str, "down": bool (source only: into the universe one
  level below, built at once for ``build_cost`` actions)}`` — 1 action, 1 build token
  (Мини-вселенная: an invention costs one extra discarded card).
- ``card.build``: ``{"card": int, "tokens": int>=1}`` — place tokens on one's own partial
  card in one's universe (or an attached ability), 1 action each.
- ``player.move``: ``{"to": universe, "ability": bool}`` — 1 action to an adjacent universe;
  ``ability`` (Кайл with abilities on): free, to any universe.
- ``card.swap``: ``{}`` — 1 action: discard a card, draw a card.
- ``action.discard``: ``{}`` — free action: discard a card, +1 action.
- ``actions.add``: ``{"delta": int, "note": str}`` — a card changes the active player's actions.
- ``turn.end``: ``{}`` — the active player passes; after the last player the charge phase begins.
- ``charge.done``: ``{}`` — «готово»: step А confirmed, or the current player passes in Б/В.
- ``charge.oneshot``: ``{"cost": int>=0, "note": str}`` — step Б: play one one-shot.
- ``charge.ability``: ``{"card": int}`` — step Б: use an attached ability (once a round).
- ``charge.spend``: ``{"amount": int>=1, "note": str}`` — step Б/В: any other energy payment.
- ``charge.activate``: ``{"card": int}`` — step В: activate an invention, VP scored at once.
- ``charge.gain``: ``{"amount": int>=1, "note": str}`` — a card adds energy (e.g. «Вулкан»).
- ``vp.add``: ``{"player": int, "delta": int, "note": str}`` — VP from a card or property.
- ``hand.add``: ``{"player": int, "delta": int, "note": str}`` — cards drawn/lost by effects.
- ``player.place``: ``{"player": int, "to": universe, "note": str}`` — a card moves a character.
- ``card.move``: ``{"card": int, "to": universe, "note": str}`` — a card moves a card.
- ``card.remove``: ``{"card": int, "to_hand": bool, "note": str}`` — destroyed or taken back
  into its owner's hand; its tokens return to the owner's supply.
- ``card.turn``: ``{"card": int, "turned": bool, "note": str}`` — turn or straighten an
  invention in Кроховселенная by a card effect.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import Event, GameDefinition, Outcome, Setup
from companion.errors import RuleViolation, SetupError

__all__ = [
    "RICK_UNIVERSE",
    "MICRO",
    "MINI",
    "KRO",
    "UNIVERSES",
    "CHARGE_ORDER",
    "CHARACTERS",
    "KRO_ACTIONS",
    "BUILD_TOKENS",
    "START_HAND",
    "TRACK_LENGTH",
    "STEPS",
    "PHASE_ROUND",
    "PHASE_ACTIONS",
    "PHASE_CHARGE",
    "Card",
    "PlayerState",
    "Charge",
    "RicksState",
    "Offer",
    "RicksDefinition",
    "RICKS",
    "vp_target",
    "track_position",
    "adjacent",
    "turn_order",
    "present_players",
    "offers",
    "charge_position",
    "ranking",
]

RICK_UNIVERSE = "Риковселенная"
MICRO = "Микровселенная"
MINI = "Мини-вселенная"
KRO = "Кроховселенная"
#: Universes top to bottom as laid out on the table («Подготовка к игре»).
UNIVERSES: tuple[str, ...] = (RICK_UNIVERSE, MICRO, MINI, KRO)
#: The order the charge phase visits them: from the bottom up («Фаза зарядки»).
CHARGE_ORDER: tuple[str, ...] = tuple(reversed(UNIVERSES))
CHARACTERS: tuple[str, ...] = ("Рик", "Морти", "Зип", "Кайл")
#: Action tokens a turn begun in Кроховселенная gives («Подготовка к игре»).
KRO_ACTIONS = 5
#: Build/control tokens each player starts with («Жетоны внедрения/контроля»).
BUILD_TOKENS = 8
#: Cards dealt at setup («Подготовка к игре»).
START_HAND = 5
#: The physical VP track: past 30 the token flips to its «+30» side («Шаг В»).
TRACK_LENGTH = 30
#: Charge-phase steps, in order.
STEPS: tuple[str, ...] = ("А", "Б", "В")

PHASE_ROUND = "Начало раунда"
PHASE_ACTIONS = "Фаза действий"
PHASE_CHARGE = "Фаза зарядки"

_TARGETS = {2: 50, 3: 40, 4: 30}
_KINDS = {"source": "источник энергии", "invention": "изобретение", "ability": "способность"}
_MAX_NUMBER = 999  # a sanity bound for typed card numbers and energy amounts

# Rulebook headings used in messages.
R_GOAL = "Цель игры"
R_SETUP = "Подготовка к игре"
R_ROUND = "Начало раунда"
R_ACTIONS = "Фаза действий"
R_AVAILABLE = "Доступные действия"
R_FREE = "Бесплатное действие"
R_MOVE = "Перемещение"
R_BUILD = "Как выполнять действия: внедрение"
R_SWAP = "Сбросить карту, чтобы получить карту"
R_CHARGE = "Фаза зарядки"
R_STEP = {"А": "Фаза зарядки, шаг А", "Б": "Фаза зарядки, шаг Б", "В": "Фаза зарядки, шаг В"}
R_MINI = "Уточнения по вселенным: Мини-вселенная"
R_KRO = "Уточнения по вселенным: Кроховселенная"
R_RICK = "Уточнения по вселенным: Риковселенная"
R_ONESHOT = "Одноразки"
R_ABILITY = "Карты способностей"
R_END = "Конец игры"


def vp_target(players: int) -> int:
    """VP that end the game for 2/3/4 players: 50/40/30 («Цель игры»).

    :raises SetupError: for any other number of players.
    """
    try:
        return _TARGETS[players]
    except KeyError:
        raise SetupError("В «Рик и Морти» играют от 2 до 4 игроков.") from None


def track_position(vp: int) -> tuple[int, int]:
    """Where the physical VP token stands: ``(laps of 30 done, square 0..29)``.

    The app always shows the true total; this helps the table check its track.
    """
    return divmod(vp, TRACK_LENGTH)


def adjacent(a: str, b: str) -> bool:
    """Are two universes neighbours (one level apart)? («Перемещение»)"""
    return abs(UNIVERSES.index(a) - UNIVERSES.index(b)) == 1


def _below(universe: str) -> str | None:
    i = UNIVERSES.index(universe)
    return UNIVERSES[i + 1] if i + 1 < len(UNIVERSES) else None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class Card:
    """A source, invention or ability card on the table.

    :param kind: ``"source"`` | ``"invention"`` | ``"ability"``.
    :param owner: the player who played it (controls an invention; only they may build it).
    :param universe: where it lies; ``None`` for an ability (attached to the character).
    :param build_cost: build tokens (actions) needed to finish it.
    :param placed: tokens counted so far (physical and, when finishing, imaginary ones).
    :param on_card: physical tokens lying on it (the control token of a built invention).
    :param production: energy a built source adds in step А.
    :param cost: energy to activate (invention, ability).
    :param vp: VP an invention's activation scores.
    :param turned: activated in Кроховселенная and turned 180° («Кроховселенная»).
    """

    id: int
    kind: str
    owner: int
    universe: str | None
    build_cost: int
    placed: int = 0
    on_card: int = 0
    production: int = 0
    cost: int = 0
    vp: int = 0
    name: str = ""
    turned: bool = False

    @property
    def built(self) -> bool:
        """Fully built: as many tokens as its build cost."""
        return self.placed >= self.build_cost

    def label(self) -> str:
        """Its name, or a description from its kind and numbers (Russian)."""
        if self.name:
            return f"«{self.name}»"
        if self.kind == "source":
            return f"источник +{self.production} №{self.id}"
        if self.kind == "invention":
            return f"изобретение {self.cost}⚡/{self.vp} ПО №{self.id}"
        return f"способность №{self.id}"


@dataclass
class PlayerState:
    """One player: VP (true total), universe, build tokens in supply, hand, actions left."""

    character: str
    vp: int = 0
    universe: str = KRO
    tokens: int = BUILD_TOKENS
    hand: int = START_HAND
    actions: int = 0


@dataclass
class Charge:
    """Where the charge phase stands.

    :param universe: the universe being charged.
    :param step: ``"А"``, ``"Б"`` or ``"В"``.
    :param player: whose turn it is in step Б/В (``None`` in step А).
    :param energy: the shared energy available now (never negative).
    :param done: players who finished the current step in this universe.
    :param oneshots: players who played a one-shot in this universe's step Б.
    :param activated: invention ids activated in this charge phase.
    :param abilities_used: ability card ids used this round.
    :param unturn: Кроховселенная inventions turned at the start of the phase (they straighten
        when its step В ends).
    :param ledger: per universe charged so far ``{"universe", "in", "production", "gained",
        "spent", "out"}`` (``out`` is ``None`` until the universe is left); always
        ``out == in + production + gained - spent``.
    """

    universe: str = KRO
    step: str = "А"
    player: int | None = None
    energy: int = 0
    done: list[int] = field(default_factory=list)
    oneshots: list[int] = field(default_factory=list)
    activated: list[int] = field(default_factory=list)
    abilities_used: list[int] = field(default_factory=list)
    unturn: list[int] = field(default_factory=list)
    ledger: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class RicksState:
    """The whole game.

    :param phase: :data:`PHASE_ROUND`, :data:`PHASE_ACTIONS` or :data:`PHASE_CHARGE`.
    :param round: 1-based round number.
    :param first: holder of the first-player token this round.
    :param active: whose action turn it is (action phase only).
    :param turn: a counter bumped whenever someone else (or a new step) takes over.
    :param final: someone reached the target this round: it is the last one («Конец игры»).
    :param over: the last round is finished.
    :param rounds: per finished round ``{"round", "ledger", "burned"}``.
    """

    players: list[PlayerState]
    target: int
    actions_by_universe: dict[str, int]
    abilities: bool
    first: int
    phase: str = PHASE_ROUND
    round: int = 1
    active: int | None = None
    turn: int = 1
    cards: list[Card] = field(default_factory=list)
    next_id: int = 1
    charge: Charge | None = None
    final: bool = False
    over: bool = False
    rounds: list[dict[str, Any]] = field(default_factory=list)

    def card(self, card_id: Any) -> Card | None:
        """The card with this id on the table, or ``None``."""
        for c in self.cards:
            if c.id == card_id:
                return c
        return None


@dataclass(frozen=True)
class Offer:
    """An invention a player may activate in step В: id, label, energy cost, VP reward,
    whether it is partially built (Риковселенная) and whether the energy suffices now."""

    card: int
    label: str
    cost: int
    reward: int
    partial: bool
    affordable: bool


def turn_order(state: RicksState) -> list[int]:
    """Seats from the first player clockwise («Ход игры»)."""
    n = len(state.players)
    return [(state.first + k) % n for k in range(n)]


def present_players(state: RicksState, universe: str) -> list[int]:
    """Players whose character is in ``universe``, in turn order (step Б)."""
    return [p for p in turn_order(state) if state.players[p].universe == universe]


def _eligible(state: RicksState, card: Card, universe: str) -> bool:
    ch = state.charge
    return (
        card.kind == "invention"
        and card.universe == universe
        and not card.turned
        and (ch is None or card.id not in ch.activated)
        and (card.built or (universe == RICK_UNIVERSE and card.placed > 0))
    )


def _reward(card: Card) -> int:
    return card.vp if card.built else max(0, card.vp - 1)


def offers(state: RicksState, player: int | None = None) -> list[Offer]:
    """Inventions ``player`` (default: the current one) may still activate in the universe
    being charged, with cost and reward; ``affordable`` says if the energy suffices now.

    Built inventions, not yet activated this phase, not turned; in Риковселенная partially
    built ones too, for 1 VP less («Шаг В», «Риковселенная»). Empty outside the charge phase.
    """
    ch = state.charge
    if ch is None:
        return []
    player = ch.player if player is None else player
    if player is None:
        return []
    return [
        Offer(c.id, c.label(), c.cost, _reward(c), not c.built, c.cost <= ch.energy)
        for c in state.cards
        if c.owner == player and _eligible(state, c, ch.universe)
    ]


def charge_position(state: RicksState) -> tuple[int, str, str, int | None] | None:
    """``(round, universe, step, player)`` during the charge phase, else ``None``."""
    ch = state.charge
    if state.phase != PHASE_CHARGE or ch is None:
        return None
    return (state.round, ch.universe, ch.step, ch.player)


def ranking(state: RicksState) -> list[int]:
    """Players best first: most VP, then most unused build tokens, then most cards in hand
    («Конец игры»)."""
    return sorted(
        range(len(state.players)),
        key=lambda p: (-state.players[p].vp, -state.players[p].tokens, -state.players[p].hand, p),
    )


def _key(state: RicksState, p: int) -> tuple[int, int, int]:
    pl = state.players[p]
    return (pl.vp, pl.tokens, pl.hand)


class RicksDefinition(GameDefinition[RicksState]):
    """The «Рик и Морти» game definition (see the module docstring)."""

    id = "ricks"
    title = "Рик и Морти: Наверное, Рики сошли с ума"
    min_players = 2
    max_players = 4
    phases = (PHASE_ROUND, PHASE_ACTIONS, PHASE_CHARGE)

    def default_options(self) -> dict[str, Any]:
        return {
            "characters": None,
            "abilities": True,
            "actions": {KRO: KRO_ACTIONS},
            "charge_limit": None,
        }

    # -- setup ----------------------------------------------------------------------------
    def validate_setup(self, setup: Setup) -> None:
        """:raises SetupError: players not 2–4, bad characters, action values or limit."""
        super().validate_setup(setup)
        n = len(setup.players)
        opts = setup.options
        chars = opts.get("characters")
        if chars is not None:
            if not isinstance(chars, list | tuple) or len(chars) != n:
                raise SetupError("Каждому игроку нужен персонаж: Рик, Морти, Зип или Кайл.")
            for c in chars:
                if c not in CHARACTERS:
                    raise SetupError(f"Персонажа «{c}» нет: выберите Рика, Морти, Зипа или Кайла.")
            if len(set(chars)) != n:
                raise SetupError("Два игрока не могут играть одним персонажем.")
        if not isinstance(opts.get("abilities", True), bool):
            raise SetupError("Свойства персонажей либо включены, либо выключены.")
        actions = opts.get("actions") or {}
        if not isinstance(actions, dict):
            raise SetupError("Число жетонов действий задаётся для каждой вселенной.")
        for u in actions:
            if u not in UNIVERSES:
                raise SetupError(f"Вселенной «{u}» в игре нет.")
        for u in UNIVERSES:
            value = actions.get(u, KRO_ACTIONS if u == KRO else None)
            if value is None:
                raise SetupError(
                    f"Укажите, сколько жетонов действий даёт «{u}» (число на карте вселенной)."
                )
            if not _is_int(value) or not 1 <= value <= 20:
                raise SetupError(f"Число действий для «{u}» должно быть целым от 1 до 20.")
        if actions.get(KRO, KRO_ACTIONS) != KRO_ACTIONS:
            raise SetupError(
                f"Кроховселенная даёт {KRO_ACTIONS} жетонов действий (Подготовка к игре)."
            )
        limit = opts.get("charge_limit")
        if limit is not None and (
            not isinstance(limit, int | float) or isinstance(limit, bool) or not limit > 0
        ):
            raise SetupError("Лимит времени на шаг должен быть положительным числом секунд.")

    def initial_state(self, setup: Setup) -> RicksState:
        n = len(setup.players)
        chars = setup.options.get("characters") or list(CHARACTERS[:n])
        actions = dict(setup.options.get("actions") or {})
        actions.setdefault(KRO, KRO_ACTIONS)
        return RicksState(
            players=[PlayerState(character=c) for c in chars],
            target=vp_target(n),
            actions_by_universe={u: int(actions[u]) for u in UNIVERSES},
            abilities=bool(setup.options.get("abilities", True)),
            first=setup.first_player,
        )

    # -- rules ------------------------------------------------------------------------------
    def check(self, state: RicksState, event: Event) -> None:
        """:raises RuleViolation: the event is illegal now (message names the rule)."""
        if state.over:
            raise RuleViolation("Игра окончена (Конец игры).", rule=R_END)
        handler = getattr(self, "_check_" + event.type.replace(".", "_"), None)
        if handler is None:
            raise RuleViolation(f"В этой игре нет действия «{event.type}».")
        handler(state, event.data)

    def apply(self, state: RicksState, event: Event) -> None:
        getattr(self, "_apply_" + event.type.replace(".", "_"))(state, event.data)
        if any(p.vp >= state.target for p in state.players):
            state.final = True

    # -- checks: helpers ---------------------------------------------------------------------
    @staticmethod
    def _need_phase(state: RicksState, phase: str, what: str) -> None:
        if state.phase != phase:
            now = "игра окончена" if state.over else f"сейчас «{state.phase}»"
            raise RuleViolation(f"{what} — только на этапе «{phase}», а {now}.", rule=phase)

    @staticmethod
    def _need_actions(state: RicksState, n: int, rule: str) -> None:
        p = state.players[state.active]  # type: ignore[index]
        if p.actions < n:
            raise RuleViolation(
                f"Нужно действий: {n}, а осталось {p.actions}. Можно сбросить карту, "
                f"чтобы получить действие (Бесплатное действие).",
                rule=rule,
            )

    @staticmethod
    def _number(data: Any, key: str, lo: int, what: str, rule: str | None = None) -> int:
        value = data.get(key)
        if not _is_int(value) or not lo <= value <= _MAX_NUMBER:
            raise RuleViolation(f"{what} — целое число от {lo} до {_MAX_NUMBER}.", rule=rule)
        return value

    @staticmethod
    def _player(state: RicksState, data: Any) -> int:
        p = data.get("player")
        if not _is_int(p) or not 0 <= p < len(state.players):
            raise RuleViolation("Такого игрока нет за столом.")
        return p

    @staticmethod
    def _universe(data: Any, key: str = "to") -> str:
        u = data.get(key)
        if u not in UNIVERSES:
            raise RuleViolation(f"Вселенной «{u}» в игре нет.")
        return u

    @staticmethod
    def _own_card(state: RicksState, data: Any) -> Card:
        card = state.card(data.get("card"))
        if card is None:
            raise RuleViolation("Такой карты на столе нет.")
        return card

    @staticmethod
    def _need_step(state: RicksState, steps: str, what: str) -> Charge:
        ch = state.charge
        if state.phase != PHASE_CHARGE or ch is None:
            raise RuleViolation(f"{what} — только в фазе зарядки.", rule=R_CHARGE)
        if ch.step not in steps:
            allowed = " или ".join(f"шаге {s}" for s in steps)
            raise RuleViolation(
                f"{what} — только на {allowed}, а сейчас шаг {ch.step} (Фаза зарядки).",
                rule=R_STEP[ch.step],
            )
        return ch

    @staticmethod
    def _pay(ch: Charge, amount: int, what: str) -> None:
        if amount > ch.energy:
            raise RuleViolation(
                f"{what}: нужно {amount} энергии, а в «{ch.universe}» осталось {ch.energy} "
                f"(Фаза зарядки, шаг {ch.step}).",
                rule=R_STEP[ch.step],
            )

    # -- checks: round and action phase --------------------------------------------------------
    def _check_round_draw(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ROUND, "Брать карту в начале раунда")

    def _check_card_play(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ACTIONS, "Играть карты")
        p = state.players[state.active]  # type: ignore[index]
        kind = data.get("kind")
        if kind not in _KINDS:
            raise RuleViolation(
                "Сыграть можно источник энергии, изобретение или способность.", rule=R_AVAILABLE
            )
        build = self._number(data, "build_cost", 1, "Стоимость внедрения", R_BUILD)
        if kind == "source":
            self._number(data, "production", 0, "Производство источника", R_BUILD)
        else:
            self._number(data, "cost", 0, "Стоимость активации в энергии", R_BUILD)
        if kind == "invention":
            self._number(data, "vp", 0, "Награда в ПО", R_BUILD)
        if not isinstance(data.get("name", ""), str):
            raise RuleViolation("Название карты — это текст.")
        if not isinstance(data.get("down", False), bool):
            raise RuleViolation("Признак «уровнем ниже» — да или нет.")
        down = data.get("down", False)
        if p.hand < 1:
            raise RuleViolation("На руке нет карт — играть нечего.", rule=R_AVAILABLE)
        if down:
            if kind != "source":
                raise RuleViolation(
                    "Во вселенную уровнем ниже можно внедрить только источник энергии, "
                    "не изобретение и не способность (Карты изобретений).",
                    rule=R_AVAILABLE,
                )
            if _below(p.universe) is None:
                raise RuleViolation(
                    "Ниже Кроховселенной вселенных нет: источник внедряется в неё саму "
                    "(Карты источников энергии).",
                    rule=R_AVAILABLE,
                )
            self._need_actions(state, build, R_AVAILABLE)
            return
        self._need_actions(state, 1, R_AVAILABLE)
        if kind == "invention" and p.universe == MINI and p.hand < 2:
            raise RuleViolation(
                "Чтобы сыграть изобретение в Мини-вселенную, нужно сбросить ещё одну карту, "
                "а на руке только эта (Мини-вселенная).",
                rule=R_MINI,
            )
        self._check_tokens(p, kind, 0, 0, 1, build)

    @staticmethod
    def _check_tokens(
        p: PlayerState, kind: str, placed: int, on_card: int, n: int, build: int
    ) -> None:
        physical = min(n, p.tokens)
        finishes = placed + n >= build
        if physical < n and not finishes:
            raise RuleViolation(
                f"В запасе жетонов внедрения: {p.tokens}. Воображаемые жетоны можно "
                f"использовать, только если внедрение завершается в этот же ход (Внедрение).",
                rule=R_BUILD,
            )
        if kind == "invention" and finishes and on_card + physical < 1:
            raise RuleViolation(
                "Нет ни одного жетона, чтобы отметить контроль над изобретением (Внедрение).",
                rule=R_BUILD,
            )

    def _check_card_build(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ACTIONS, "Внедрять карты")
        card = self._own_card(state, data)
        n = self._number(data, "tokens", 1, "Число жетонов", R_BUILD)
        p = state.players[state.active]  # type: ignore[index]
        if card.owner != state.active:
            raise RuleViolation(
                f"{card.label()} начал внедрять другой игрок — достраивать её может только он (Внедрение).",
                rule=R_BUILD,
            )
        if card.built:
            raise RuleViolation(f"{card.label()} уже полностью внедрена.", rule=R_BUILD)
        if card.kind != "ability" and card.universe != p.universe:
            raise RuleViolation(
                f"{card.label()} лежит в «{card.universe}», а персонаж — в «{p.universe}»: "
                f"жетоны кладут только на карты своей вселенной (Доступные действия).",
                rule=R_AVAILABLE,
            )
        if card.placed + n > card.build_cost:
            raise RuleViolation(
                f"На {card.label()} не хватает места: нужно ещё {card.build_cost - card.placed} "
                f"жетонов, а не {n} (Внедрение).",
                rule=R_BUILD,
            )
        self._need_actions(state, n, R_AVAILABLE)
        self._check_tokens(p, card.kind, card.placed, card.on_card, n, card.build_cost)

    def _check_player_move(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ACTIONS, "Перемещаться")
        to = self._universe(data)
        p = state.players[state.active]  # type: ignore[index]
        if to == p.universe:
            raise RuleViolation(f"Персонаж уже в «{to}».", rule=R_MOVE)
        if data.get("ability"):
            if not (state.abilities and p.character == "Кайл"):
                raise RuleViolation(
                    "Перемещаться по свойству персонажа может только Кайл, и только когда "
                    "свойства включены (Уточнения по картам: Кайл).",
                    rule=R_MOVE,
                )
            return
        if not adjacent(p.universe, to):
            raise RuleViolation(
                f"Из «{p.universe}» за одно действие можно перейти только в соседнюю вселенную, "
                f"а «{to}» — не соседняя (Перемещение).",
                rule=R_MOVE,
            )
        self._need_actions(state, 1, R_MOVE)

    def _check_card_swap(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ACTIONS, "Менять карты")
        if state.players[state.active].hand < 1:  # type: ignore[index]
            raise RuleViolation(
                "Без карты на руке новую не получить: сначала надо сбросить.", rule=R_SWAP
            )
        self._need_actions(state, 1, R_SWAP)

    def _check_action_discard(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ACTIONS, "Сбрасывать карты за действия")
        if state.players[state.active].hand < 1:  # type: ignore[index]
            raise RuleViolation(
                "На руке нет карт, сбрасывать нечего (Бесплатное действие).", rule=R_FREE
            )

    def _check_actions_add(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ACTIONS, "Менять число действий")
        d = data.get("delta")
        if not _is_int(d) or d == 0 or abs(d) > _MAX_NUMBER:
            raise RuleViolation("Изменение числа действий — целое число, не ноль.")
        if state.players[state.active].actions + d < 0:  # type: ignore[index]
            raise RuleViolation("Действий не может стать меньше нуля.", rule=R_ACTIONS)

    def _check_turn_end(self, state: RicksState, data: Any) -> None:
        self._need_phase(state, PHASE_ACTIONS, "Передавать ход")

    # -- checks: charge phase -------------------------------------------------------------------
    def _check_charge_done(self, state: RicksState, data: Any) -> None:
        self._need_step(state, "АБВ", "«Готово»")

    def _check_charge_oneshot(self, state: RicksState, data: Any) -> None:
        ch = self._need_step(state, "Б", "Одноразки играют")
        cost = self._number(data, "cost", 0, "Стоимость одноразки", R_STEP["Б"])
        assert ch.player is not None
        if ch.player in ch.oneshots:
            raise RuleViolation(
                "В этой вселенной на шаге Б можно сыграть только одну одноразку (Шаг Б).",
                rule=R_STEP["Б"],
            )
        if state.players[ch.player].hand < 1:
            raise RuleViolation(
                "На руке нет карт — одноразку не сыграть (Одноразки).", rule=R_ONESHOT
            )
        self._pay(ch, cost, "Одноразка")

    def _check_charge_ability(self, state: RicksState, data: Any) -> None:
        ch = self._need_step(state, "Б", "Способности применяют")
        card = self._own_card(state, data)
        if card.kind != "ability" or card.owner != ch.player:
            raise RuleViolation(
                f"{card.label()} — не способность этого игрока (Карты способностей).",
                rule=R_ABILITY,
            )
        if not card.built:
            raise RuleViolation(
                f"{card.label()} ещё не внедрена полностью (Карты способностей).", rule=R_ABILITY
            )
        if card.id in ch.abilities_used:
            raise RuleViolation(
                f"{card.label()} уже применена в этом раунде: каждую способность — 1 раз за раунд "
                f"(Карты способностей).",
                rule=R_ABILITY,
            )
        self._pay(ch, card.cost, card.label())

    def _check_charge_spend(self, state: RicksState, data: Any) -> None:
        ch = self._need_step(state, "БВ", "Тратить энергию")
        amount = self._number(data, "amount", 1, "Трата энергии", R_STEP[ch.step])
        if not isinstance(data.get("note", ""), str):
            raise RuleViolation("Пояснение — это текст.")
        self._pay(ch, amount, "Трата")

    def _check_charge_activate(self, state: RicksState, data: Any) -> None:
        ch = self._need_step(state, "В", "Изобретения активируют")
        card = self._own_card(state, data)
        if card.kind != "invention":
            raise RuleViolation(f"{card.label()} — не изобретение (Шаг В).", rule=R_STEP["В"])
        if card.owner != ch.player:
            raise RuleViolation(
                f"{card.label()} под контролем другого игрока; сейчас очередь того, чей ход на шаге В.",
                rule=R_STEP["В"],
            )
        if card.universe != ch.universe:
            raise RuleViolation(
                f"{card.label()} лежит в «{card.universe}», а заряжается «{ch.universe}» (Шаг В).",
                rule=R_STEP["В"],
            )
        if card.id in ch.activated:
            raise RuleViolation(
                f"{card.label()} уже активировано: каждое изобретение — 1 раз за фазу зарядки (Шаг В).",
                rule=R_STEP["В"],
            )
        if card.turned:
            raise RuleViolation(
                f"{card.label()} повёрнуто: в Кроховселенной изобретение работает раз в два раунда "
                f"(Кроховселенная).",
                rule=R_KRO,
            )
        if not card.built and ch.universe != RICK_UNIVERSE:
            raise RuleViolation(
                f"{card.label()} внедрено частично; частично внедрённые изобретения активируют "
                f"только в Риковселенной (Риковселенная).",
                rule=R_RICK,
            )
        self._pay(ch, card.cost, card.label())

    def _check_charge_gain(self, state: RicksState, data: Any) -> None:
        self._need_step(state, "АБВ", "Добавлять энергию")
        self._number(data, "amount", 1, "Прибавка энергии", R_CHARGE)

    # -- checks: corrections and card effects ----------------------------------------------------
    def _check_vp_add(self, state: RicksState, data: Any) -> None:
        p = self._player(state, data)
        d = data.get("delta")
        if not _is_int(d) or d == 0 or abs(d) > _MAX_NUMBER:
            raise RuleViolation("Изменение ПО — целое число, не ноль.")
        if state.players[p].vp + d < 0:
            raise RuleViolation(f"ПО не бывает меньше нуля: сейчас {state.players[p].vp}.")

    def _check_hand_add(self, state: RicksState, data: Any) -> None:
        p = self._player(state, data)
        d = data.get("delta")
        if not _is_int(d) or d == 0 or abs(d) > _MAX_NUMBER:
            raise RuleViolation("Изменение числа карт — целое число, не ноль.")
        if state.players[p].hand + d < 0:
            raise RuleViolation(f"На руке {state.players[p].hand} карт — столько не сбросить.")

    def _check_player_place(self, state: RicksState, data: Any) -> None:
        p = self._player(state, data)
        to = self._universe(data)
        if state.players[p].universe == to:
            raise RuleViolation(f"Персонаж уже в «{to}».")

    def _check_card_move(self, state: RicksState, data: Any) -> None:
        card = self._own_card(state, data)
        to = self._universe(data)
        if card.kind == "ability":
            raise RuleViolation("Способность прикреплена к персонажу и во вселенных не лежит.")
        if card.universe == to:
            raise RuleViolation(f"{card.label()} уже в «{to}».")

    def _check_card_remove(self, state: RicksState, data: Any) -> None:
        self._own_card(state, data)

    def _check_card_turn(self, state: RicksState, data: Any) -> None:
        card = self._own_card(state, data)
        if card.kind != "invention" or card.universe != KRO:
            raise RuleViolation(
                "Поворачивают только изобретения в Кроховселенной (Кроховселенная).", rule=R_KRO
            )
        if not isinstance(data.get("turned"), bool) or data["turned"] == card.turned:
            raise RuleViolation(f"{card.label()} уже в этом положении.", rule=R_KRO)

    # -- apply -------------------------------------------------------------------------------------
    def _apply_round_draw(self, state: RicksState, data: Any) -> None:
        for p in state.players:
            p.hand += 1
        state.phase = PHASE_ACTIONS
        self._start_turn(state, state.first)

    def _start_turn(self, state: RicksState, player: int) -> None:
        state.active = player
        p = state.players[player]
        p.actions = state.actions_by_universe[p.universe]
        state.turn += 1

    def _apply_card_play(self, state: RicksState, data: Any) -> None:
        p = state.players[state.active]  # type: ignore[index]
        kind = data["kind"]
        down = bool(data.get("down", False)) and kind == "source"
        universe = None if kind == "ability" else (_below(p.universe) if down else p.universe)
        card = Card(
            id=state.next_id,
            kind=kind,
            owner=state.active,  # type: ignore[arg-type]
            universe=universe,
            build_cost=data["build_cost"],
            production=data["production"] if kind == "source" else 0,
            cost=data["cost"] if kind != "source" else 0,
            vp=data["vp"] if kind == "invention" else 0,
            name=str(data.get("name", "")).strip(),
        )
        state.next_id += 1
        state.cards.append(card)
        p.hand -= 1
        if kind == "invention" and p.universe == MINI:
            p.hand -= 1
        self._place(p, card, card.build_cost if down else 1)

    @staticmethod
    def _place(p: PlayerState, card: Card, n: int) -> None:
        physical = min(n, p.tokens)
        p.actions -= n
        p.tokens -= physical
        card.on_card += physical
        card.placed += n
        if card.built:
            keep = 1 if card.kind == "invention" else 0
            p.tokens += card.on_card - keep
            card.on_card = keep

    def _apply_card_build(self, state: RicksState, data: Any) -> None:
        card = state.card(data["card"])
        assert card is not None
        self._place(state.players[state.active], card, data["tokens"])  # type: ignore[index]

    def _apply_player_move(self, state: RicksState, data: Any) -> None:
        p = state.players[state.active]  # type: ignore[index]
        if not data.get("ability"):
            p.actions -= 1
        p.universe = data["to"]

    def _apply_card_swap(self, state: RicksState, data: Any) -> None:
        state.players[state.active].actions -= 1  # type: ignore[index]

    def _apply_action_discard(self, state: RicksState, data: Any) -> None:
        p = state.players[state.active]  # type: ignore[index]
        p.hand -= 1
        p.actions += 1

    def _apply_actions_add(self, state: RicksState, data: Any) -> None:
        state.players[state.active].actions += data["delta"]  # type: ignore[index]

    def _apply_turn_end(self, state: RicksState, data: Any) -> None:
        assert state.active is not None
        state.players[state.active].actions = 0
        nxt = (state.active + 1) % len(state.players)
        if nxt != state.first:
            self._start_turn(state, nxt)
            return
        state.active = None
        state.phase = PHASE_CHARGE
        state.charge = Charge(
            unturn=[
                c.id
                for c in state.cards
                if c.kind == "invention" and c.universe == KRO and c.turned
            ]
        )
        self._enter_universe(state, KRO, 0)

    def _enter_universe(self, state: RicksState, universe: str, carry: int) -> None:
        ch = state.charge
        assert ch is not None
        production = sum(
            c.production
            for c in state.cards
            if c.kind == "source" and c.universe == universe and c.built
        )
        ch.universe, ch.step, ch.player = universe, "А", None
        ch.done, ch.oneshots = [], []
        ch.energy = carry + production
        ch.ledger.append(
            {
                "universe": universe,
                "in": carry,
                "production": production,
                "gained": 0,
                "spent": 0,
                "out": None,
            }
        )
        state.turn += 1

    def _can_act_in_v(self, state: RicksState, player: int) -> bool:
        ch = state.charge
        assert ch is not None
        return any(
            c.owner == player and _eligible(state, c, ch.universe) and c.cost <= ch.energy
            for c in state.cards
        )

    def _advance(self, state: RicksState) -> None:
        """Give the step to the next player who has something to do, else move on."""
        ch = state.charge
        assert ch is not None
        if ch.step == "А":
            ch.step, ch.done = "Б", []
        while True:
            waiting = [p for p in turn_order(state) if p not in ch.done]
            if ch.step == "Б":
                ready = [p for p in waiting if state.players[p].universe == ch.universe]
            else:
                ready = [p for p in waiting if self._can_act_in_v(state, p)]
            if ready:
                if ch.player != ready[0]:
                    state.turn += 1
                ch.player = ready[0]
                return
            if ch.step == "Б":
                ch.step, ch.done, ch.player = "В", [], None
                continue
            self._leave_universe(state)
            return

    def _leave_universe(self, state: RicksState) -> None:
        ch = state.charge
        assert ch is not None
        ch.ledger[-1]["out"] = ch.energy
        if ch.universe == KRO:
            for c in state.cards:
                if c.id in ch.unturn:
                    c.turned = False
        i = CHARGE_ORDER.index(ch.universe)
        if i + 1 < len(CHARGE_ORDER):
            self._enter_universe(state, CHARGE_ORDER[i + 1], ch.energy)
            return
        state.rounds.append({"round": state.round, "ledger": ch.ledger, "burned": ch.energy})
        state.charge = None
        state.first = (state.first + 1) % len(state.players)
        state.turn += 1
        if state.final:
            state.over = True
            return
        state.round += 1
        state.phase = PHASE_ROUND

    def _finish_turn_in_step(self, state: RicksState) -> None:
        ch = state.charge
        assert ch is not None
        if ch.player is not None:
            ch.done.append(ch.player)
        self._advance(state)

    def _spend(self, state: RicksState, amount: int) -> None:
        ch = state.charge
        assert ch is not None
        ch.energy -= amount
        ch.ledger[-1]["spent"] += amount

    def _apply_charge_done(self, state: RicksState, data: Any) -> None:
        ch = state.charge
        assert ch is not None
        if ch.step == "А":
            self._advance(state)
        else:
            self._finish_turn_in_step(state)

    def _apply_charge_oneshot(self, state: RicksState, data: Any) -> None:
        ch = state.charge
        assert ch is not None and ch.player is not None
        ch.oneshots.append(ch.player)
        state.players[ch.player].hand -= 1
        self._spend(state, data["cost"])

    def _apply_charge_ability(self, state: RicksState, data: Any) -> None:
        ch = state.charge
        card = state.card(data["card"])
        assert ch is not None and card is not None
        ch.abilities_used.append(card.id)
        self._spend(state, card.cost)

    def _apply_charge_spend(self, state: RicksState, data: Any) -> None:
        self._spend(state, data["amount"])
        ch = state.charge
        assert ch is not None
        if ch.step == "В" and ch.player is not None and not self._can_act_in_v(state, ch.player):
            self._finish_turn_in_step(state)

    def _apply_charge_activate(self, state: RicksState, data: Any) -> None:
        ch = state.charge
        card = state.card(data["card"])
        assert ch is not None and card is not None and ch.player is not None
        self._spend(state, card.cost)
        ch.activated.append(card.id)
        state.players[ch.player].vp += _reward(card)
        if card.universe == KRO:
            card.turned = True
        if not self._can_act_in_v(state, ch.player):
            self._finish_turn_in_step(state)

    def _apply_charge_gain(self, state: RicksState, data: Any) -> None:
        ch = state.charge
        assert ch is not None
        ch.energy += data["amount"]
        ch.ledger[-1]["gained"] += data["amount"]

    def _apply_vp_add(self, state: RicksState, data: Any) -> None:
        state.players[data["player"]].vp += data["delta"]

    def _apply_hand_add(self, state: RicksState, data: Any) -> None:
        state.players[data["player"]].hand += data["delta"]

    def _apply_player_place(self, state: RicksState, data: Any) -> None:
        state.players[data["player"]].universe = data["to"]

    def _apply_card_move(self, state: RicksState, data: Any) -> None:
        card = state.card(data["card"])
        assert card is not None
        card.universe = data["to"]
        card.turned = card.turned and card.universe == KRO

    def _apply_card_remove(self, state: RicksState, data: Any) -> None:
        card = state.card(data["card"])
        assert card is not None
        owner = state.players[card.owner]
        owner.tokens += card.on_card
        if data.get("to_hand"):
            owner.hand += 1
        state.cards.remove(card)

    def _apply_card_turn(self, state: RicksState, data: Any) -> None:
        card = state.card(data["card"])
        assert card is not None
        card.turned = data["turned"]

    # -- outcome and display ---------------------------------------------------------------------
    def outcome(self, state: RicksState) -> Outcome | None:
        """After the last round: most VP, then most unused build tokens, then most cards."""
        if not state.over:
            return None
        order = ranking(state)
        best = _key(state, order[0])
        winners = tuple(sorted(p for p in order if _key(state, p) == best))
        reason = f"Конец игры: больше всех ПО — {best[0]}"
        if sum(1 for p in order if state.players[p].vp == best[0]) > 1:
            reason += f"; при равенстве — больше жетонов внедрения в запасе ({best[1]})"
            if sum(1 for p in order if _key(state, p)[:2] == best[:2]) > 1:
                reason += f", затем больше карт на руке ({best[2]})"
        return Outcome(winners, reason + ".")

    def active_player(self, state: RicksState) -> int | None:
        if state.phase == PHASE_CHARGE and state.charge is not None:
            return state.charge.player
        return state.active if state.phase == PHASE_ACTIONS else None

    def turn_number(self, state: RicksState) -> int:
        return state.turn

    def current_phase(self, state: RicksState) -> str | None:
        return None if state.over else state.phase

    def scores(self, state: RicksState) -> dict[int, float]:
        return {i: float(p.vp) for i, p in enumerate(state.players)}

    def describe(self, state: RicksState, event: Event, setup: Setup) -> str:
        """A Russian log line for ``event`` given the state before it."""
        d = event.data
        names = setup.names
        note = f" — {d['note']}" if d.get("note") else ""
        actor = names[state.active] if state.active is not None else ""
        ch = state.charge
        who = names[ch.player] if ch is not None and ch.player is not None else ""
        t = event.type
        if t == "round.draw":
            return f"Раунд {state.round}: все берут по карте; первым ходит {names[state.first]}"
        if t == "card.play":
            kind = _KINDS.get(d.get("kind"), "карта")
            where = ""
            if d.get("kind") != "ability":
                u = state.players[state.active].universe  # type: ignore[index]
                where = f" в «{_below(u) if d.get('down') else u}»"
            name = f" «{d['name']}»" if d.get("name") else ""
            return f"{actor} играет {kind}{name}{where}"
        if t == "card.build":
            card = state.card(d["card"])
            label = card.label() if card else "карту"
            return f"{actor} кладёт {d['tokens']} жет. внедрения на {label}"
        if t == "player.move":
            how = " (свойство Кайла)" if d.get("ability") else ""
            return f"{actor} перемещается в «{d['to']}»{how}"
        if t == "card.swap":
            return f"{actor} сбрасывает карту и берёт новую"
        if t == "action.discard":
            return f"{actor} сбрасывает карту: +1 действие"
        if t == "actions.add":
            return f"{actor}: действия {d['delta']:+d}{note}"
        if t == "turn.end":
            return f"{actor} завершает ход"
        if t == "charge.done":
            if ch is not None and ch.step == "А":
                return f"«{ch.universe}», шаг А: энергии {ch.energy}"
            return f"{who} пасует (шаг {ch.step if ch else ''})"
        if t == "charge.oneshot":
            return f"{who} играет одноразку за {d['cost']} энергии{note}"
        if t == "charge.ability":
            card = state.card(d["card"])
            if card is None:
                return f"{who} применяет способность"
            return f"{who} применяет {card.label()} за {card.cost} энергии"
        if t == "charge.spend":
            return f"{who} тратит {d['amount']} энергии{note}"
        if t == "charge.activate":
            card = state.card(d["card"])
            if card is None:
                return "Активация изобретения"
            part = " (частично внедрено: на 1 ПО меньше)" if not card.built else ""
            return (
                f"{who} активирует {card.label()}: −{card.cost} энергии, +{_reward(card)} ПО{part}"
            )
        if t == "charge.gain":
            return f"Энергия +{d['amount']}{note}"
        if t == "vp.add":
            return f"{names[d['player']]}: ПО {d['delta']:+d}{note}"
        if t == "hand.add":
            return f"{names[d['player']]}: карт на руке {d['delta']:+d}{note}"
        if t == "player.place":
            return f"{names[d['player']]} переносится в «{d['to']}»{note}"
        if t == "card.move":
            card = state.card(d["card"])
            return f"{card.label() if card else 'Карта'} переносится в «{d['to']}»{note}"
        if t == "card.remove":
            card = state.card(d["card"])
            where = "возвращается на руку" if d.get("to_hand") else "уходит в сброс"
            return f"{card.label() if card else 'Карта'} {where}{note}"
        if t == "card.turn":
            card = state.card(d["card"])
            how = "повёрнуто" if d.get("turned") else "возвращено в исходное положение"
            return f"{card.label() if card else 'Изобретение'} {how}{note}"
        return t


#: The module-level singleton the engine registry uses.
RICKS = RicksDefinition()
