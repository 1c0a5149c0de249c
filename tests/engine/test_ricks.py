"""Tests for «Рик и Морти: Наверное, Рики сошли с ума» (companion/engine/ricks/).

Each rule test cites the rulebook heading (004, ``ricks-crazy``) in its docstring.
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.core import Game, PlayerSpec, Setup
from companion.engine.ricks import (
    CHARGE_ORDER,
    KRO,
    MICRO,
    MINI,
    PHASE_ACTIONS,
    PHASE_CHARGE,
    PHASE_ROUND,
    RICK_UNIVERSE,
    RICKS,
    UNIVERSES,
    offers,
    present_players,
    ranking,
    track_position,
    vp_target,
)
from companion.engine.ricks.timing import charge_timing, game_charge_timing, over_limit
from companion.errors import RuleViolation, SetupError, StaleMoveError

ACTIONS = {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}
NAMES = ["Аня", "Борис", "Вика", "Гоша"]


class Clock:
    """A fake wall clock: ``tick(s)`` moves it forward."""

    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def tick(self, seconds: float) -> None:
        self.t += seconds


def new(n: int = 3, clock: Clock | None = None, **options) -> Game:
    opts = {"actions": dict(ACTIONS)}
    opts.update(options)
    return Game.new(RICKS, NAMES[:n], options=opts, clock=clock or Clock())


def play(g: Game, kind: str, build_cost: int = 1, **kw) -> int:
    """Active player plays a card (giving them the action it needs); returns its id."""
    data = {"kind": kind, "build_cost": build_cost}
    if kind == "source":
        data["production"] = kw.pop("production", 0)
    else:
        data["cost"] = kw.pop("cost", 0)
    if kind == "invention":
        data["vp"] = kw.pop("vp", 0)
    data.update(kw)
    g.push("card.play", data)
    return g.state.cards[-1].id


def give(g: Game, n: int) -> None:
    g.push("actions.add", {"delta": n, "note": "тест"})


def to_charge(g: Game) -> None:
    """End every remaining action turn."""
    while g.state.phase == PHASE_ACTIONS:
        g.push("turn.end")


def refused(g: Game, type_: str, data: dict | None = None) -> RuleViolation:
    before = copy.deepcopy(g.state)
    with pytest.raises(RuleViolation) as err:
        g.push(type_, data or {})
    assert g.state == before
    return err.value


def until(g: Game, universe: str, step: str) -> None:
    """Press «готово» until the charge phase reaches ``universe``/``step``."""
    for _ in range(60):
        ch = g.state.charge
        if ch is not None and ch.universe == universe and ch.step == step:
            return
        g.push("charge.done")
    raise AssertionError("step not reached")


# -- setup -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("n", "target"), [(2, 50), (3, 40), (4, 30)])
def test_vp_target_by_players(n, target):
    """ЦЕЛЬ ИГРЫ: the VP that end the game are 50/40/30 for 2/3/4 players."""
    assert vp_target(n) == target
    assert new(n).state.target == target


def test_player_count_refused():
    """ЦЕЛЬ ИГРЫ: only 2, 3 or 4 players."""
    with pytest.raises(SetupError):
        new(1)
    with pytest.raises(SetupError):
        Game.new(RICKS, ["a", "b", "c", "d", "e"], options={"actions": ACTIONS})


def test_setup_everyone_in_kro_with_tokens_and_cards():
    """ПОДГОТОВКА К ИГРЕ: each character starts in Кроховселенная with 8 build tokens and 5
    cards."""
    g = new(4)
    assert [p.universe for p in g.state.players] == [KRO] * 4
    assert [p.tokens for p in g.state.players] == [8] * 4
    assert [p.hand for p in g.state.players] == [5] * 4
    assert [p.character for p in g.state.players] == ["Рик", "Морти", "Зип", "Кайл"]
    assert g.state.actions_by_universe[KRO] == 5


def test_universes_top_to_bottom_and_charge_order():
    """ПОДГОТОВКА К ИГРЕ: Риковселенная – Микровселенная – Мини-вселенная – Кроховселенная top to
    bottom; ФАЗА ЗАРЯДКИ runs from Кроховселенная upward."""
    assert UNIVERSES == ("Риковселенная", "Микровселенная", "Мини-вселенная", "Кроховселенная")
    assert CHARGE_ORDER == ("Кроховселенная", "Мини-вселенная", "Микровселенная", "Риковселенная")


@pytest.mark.parametrize(
    "actions",
    [
        {KRO: 5},
        {RICK_UNIVERSE: 1, MICRO: 0, MINI: 3},
        {RICK_UNIVERSE: 1, MICRO: 2, MINI: "3"},
        {RICK_UNIVERSE: True, MICRO: 2, MINI: 3},
        {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 4},
        {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, "Земля": 2},
    ],
)
def test_action_values_validated(actions):
    """ПОДГОТОВКА К ИГРЕ: Кроховселенная gives 5 actions; the others must be positive ints."""
    with pytest.raises(SetupError):
        Game.new(RICKS, NAMES[:2], options={"actions": actions})


def test_kro_defaults_to_five():
    """ПОДГОТОВКА К ИГРЕ: the 5 of Кроховселенная comes from the rulebook."""
    g = Game.new(RICKS, NAMES[:2], options={"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3}})
    assert g.state.actions_by_universe == {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}


@pytest.mark.parametrize("chars", [["Рик", "Рик"], ["Рик", "Бет"], ["Рик"]])
def test_characters_validated(chars):
    """ПОДГОТОВКА К ИГРЕ: each player picks one of the four characters."""
    with pytest.raises(SetupError):
        new(2, characters=chars)


@pytest.mark.parametrize("limit", [0, -5, "30", True])
def test_charge_limit_validated(limit):
    """ФАЗА ЗАРЯДКИ: the table's per-player limit is a positive number of seconds."""
    with pytest.raises(SetupError):
        new(2, charge_limit=limit)


# -- round start and action phase ------------------------------------------------------------------
def test_round_start_everyone_draws():
    """Начало раунда: every player draws 1 card, also in the first round (6 cards)."""
    g = new(3)
    assert g.state.phase == PHASE_ROUND
    assert g.definition.active_player(g.state) is None
    g.push("round.draw")
    assert [p.hand for p in g.state.players] == [6, 6, 6]
    assert g.state.phase == PHASE_ACTIONS
    assert g.definition.active_player(g.state) == 0
    refused(g, "round.draw")


def test_turn_start_actions_from_universe_at_start():
    """Начало хода: the action tokens come from the universe at the start of the turn; moving
    later in the turn does not change them."""
    g = new(2)
    g.push("round.draw")
    assert g.state.players[0].actions == 5
    g.push("player.move", {"to": MINI})
    assert g.state.players[0].actions == 4
    to_charge(g)
    until(g, RICK_UNIVERSE, "А")
    g.push("charge.done")  # Риковселенная: the round ends
    g.push("round.draw")  # round 2: Борис is first
    assert g.definition.active_player(g.state) == 1
    g.push("turn.end")
    assert g.state.players[0].actions == 3  # Мини-вселенная


def test_play_invention_costs_action_and_token():
    """Доступные действия: playing an invention costs 1 action and puts 1 build token on it."""
    g = new(2)
    g.push("round.draw")
    cid = play(g, "invention", build_cost=3, cost=2, vp=3)
    p, card = g.state.players[0], g.state.card(cid)
    assert (p.actions, p.tokens, p.hand) == (4, 7, 5)
    assert (card.universe, card.placed, card.built) == (KRO, 1, False)


def test_out_of_actions_refused_and_free_discard():
    """Бесплатное действие: with no actions left a card may be discarded for 1 more action."""
    g = new(2)
    g.push("round.draw")
    g.push("player.move", {"to": MINI})
    g.push("player.move", {"to": KRO})
    g.push("player.move", {"to": MINI})
    g.push("player.move", {"to": KRO})
    g.push("player.move", {"to": MINI})
    err = refused(g, "player.move", {"to": KRO})
    assert "Бесплатное действие" in err.message
    g.push("action.discard")
    assert (g.state.players[0].actions, g.state.players[0].hand) == (1, 5)
    g.push("player.move", {"to": KRO})
    assert g.state.players[0].universe == KRO


def test_free_discard_needs_a_card():
    """БЕСПЛАТНОЕ ДЕЙСТВИЕ: СБРОСИТЬ КАРТУ, ЧТОБЫ ПОЛУЧИТЬ ДЕЙСТВИЕ — needs a card in hand."""
    g = new(2)
    g.push("round.draw")
    g.push("hand.add", {"player": 0, "delta": -6})
    err = refused(g, "action.discard")
    assert err.rule == "Бесплатное действие"


def test_swap_costs_an_action_keeps_hand():
    """СБРОСИТЬ КАРТУ, ЧТОБЫ ПОЛУЧИТЬ КАРТУ: 1 action, one card out, one card in."""
    g = new(2)
    g.push("round.draw")
    g.push("card.swap")
    assert (g.state.players[0].actions, g.state.players[0].hand) == (4, 6)


def test_move_adjacent_only():
    """ПЕРЕМЕЩЕНИЕ: 1 action moves the character to a neighbouring universe only."""
    g = new(2)
    g.push("round.draw")
    err = refused(g, "player.move", {"to": MICRO})
    assert err.rule == "Перемещение"
    g.push("player.move", {"to": MINI})
    g.push("player.move", {"to": MICRO})
    assert (g.state.players[0].universe, g.state.players[0].actions) == (MICRO, 3)


def test_kyle_ability_move_only_with_abilities():
    """УТОЧНЕНИЯ ПО КАРТАМ, Кайл: his property moves him in his action phase; not with
    abilities off, and never for other characters."""
    g = new(2, characters=["Кайл", "Рик"])
    g.push("round.draw")
    g.push("player.move", {"to": RICK_UNIVERSE, "ability": True})
    assert (g.state.players[0].universe, g.state.players[0].actions) == (RICK_UNIVERSE, 5)
    g.push("turn.end")
    refused(g, "player.move", {"to": MICRO, "ability": True})
    g2 = new(2, characters=["Кайл", "Рик"], abilities=False)
    g2.push("round.draw")
    refused(g2, "player.move", {"to": MICRO, "ability": True})


def test_build_completes_invention_keeps_control_token():
    """КАК ВЫПОЛНЯТЬ ДЕЙСТВИЯ ВНЕДРЕНИЕ: when the tokens equal the cost the card is built; an
    invention keeps one token as the control token, the rest go back to the supply."""
    g = new(2)
    g.push("round.draw")
    cid = play(g, "invention", build_cost=3, cost=1, vp=2)
    g.push("card.build", {"card": cid, "tokens": 2})
    card, p = g.state.card(cid), g.state.players[0]
    assert card.built and card.on_card == 1
    assert (p.tokens, p.actions) == (7, 2)
    refused(g, "card.build", {"card": cid, "tokens": 1})


def test_build_source_returns_all_tokens():
    """КАК ВЫПОЛНЯТЬ ДЕЙСТВИЯ ВНЕДРЕНИЕ: a built energy source gives all its tokens back."""
    g = new(2)
    g.push("round.draw")
    cid = play(g, "source", build_cost=2, production=3)
    assert g.state.players[0].tokens == 7
    g.push("card.build", {"card": cid, "tokens": 1})
    assert g.state.card(cid).built and g.state.players[0].tokens == 8


def test_build_only_own_card_in_own_universe():
    """Доступные действия: tokens go only on one's own partial cards in one's universe."""
    g = new(2)
    g.push("round.draw")
    cid = play(g, "invention", build_cost=3, cost=1, vp=2)
    g.push("player.move", {"to": MINI})
    err = refused(g, "card.build", {"card": cid, "tokens": 1})
    assert err.rule == "Доступные действия"
    g.push("player.move", {"to": KRO})
    g.push("turn.end")
    refused(g, "card.build", {"card": cid, "tokens": 1})


def test_imaginary_tokens_only_when_finishing():
    """КАК ВЫПОЛНЯТЬ ДЕЙСТВИЯ ВНЕДРЕНИЕ: with too few physical tokens, imaginary ones may be
    used only to finish the card this turn."""
    g = new(2)
    g.push("round.draw")
    give(g, 20)
    g.push("hand.add", {"player": 0, "delta": 5, "note": "тест"})
    for _ in range(6):
        play(g, "invention", build_cost=5, cost=1, vp=1)
    cid = play(g, "invention", build_cost=4, cost=1, vp=1)
    g.push("card.build", {"card": cid, "tokens": 1})
    assert g.state.players[0].tokens == 0
    err = refused(g, "card.build", {"card": cid, "tokens": 1})
    assert "Воображаемые" in err.message
    g.push("card.build", {"card": cid, "tokens": 2})
    card = g.state.card(cid)
    assert card.built and card.on_card == 1 and g.state.players[0].tokens == 1


def test_source_down_built_at_once():
    """КАРТЫ ИСТОЧНИКОВ ЭНЕРГИИ: a source given to the universe one level below is paid in full
    at once; none below Кроховселенная; inventions cannot go down."""
    g = new(2)
    g.push("round.draw")
    err = refused(
        g, "card.play", {"kind": "source", "build_cost": 2, "production": 2, "down": True}
    )
    assert "Кроховселенной" in err.message
    g.push("player.move", {"to": MINI})
    refused(g, "card.play", {"kind": "source", "build_cost": 5, "production": 2, "down": True})
    refused(
        g, "card.play", {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 1, "down": True}
    )
    cid = play(g, "source", build_cost=3, production=4, down=True)
    card, p = g.state.card(cid), g.state.players[0]
    assert (card.universe, card.built, p.actions, p.tokens) == (KRO, True, 1, 8)


def test_mini_universe_invention_costs_extra_card():
    """УТОЧНЕНИЯ ПО ВСЕЛЕННЫМ, МИНИ-ВСЕЛЕННАЯ: playing an invention there discards one more card."""
    g = new(2)
    g.push("round.draw")
    g.push("player.move", {"to": MINI})
    play(g, "invention", build_cost=2, cost=1, vp=1)
    assert g.state.players[0].hand == 4
    # the journal says why the hand dropped by two
    assert g.log()[-1][1].endswith("и сбрасывает ещё 1 карту (Мини-вселенная)"), g.log()[-1][1]
    play(g, "source", build_cost=2, production=1)
    assert g.state.players[0].hand == 3
    assert "сбрасывает" not in g.log()[-1][1]
    g.push("hand.add", {"player": 0, "delta": -2})
    err = refused(g, "card.play", {"kind": "invention", "build_cost": 2, "cost": 1, "vp": 1})
    assert err.rule.endswith("Мини-вселенная")


# -- charge phase ----------------------------------------------------------------------------------
def test_charge_starts_at_zero_and_step_a_adds_production():
    """ФАЗА ЗАРЯДКИ / Шаг А: energy starts at 0; built sources of the universe add their
    production; partial sources add nothing."""
    g = new(3)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=3)
    play(g, "source", build_cost=1, production=2)
    play(g, "source", build_cost=3, production=9)  # partial
    to_charge(g)
    ch = g.state.charge
    assert g.definition.current_phase(g.state) == PHASE_CHARGE
    assert (ch.universe, ch.step, ch.player, ch.energy) == (KRO, "А", None, 5)
    assert ch.ledger[0] == {
        "universe": KRO,
        "in": 0,
        "production": 5,
        "gained": 0,
        "spent": 0,
        "out": None,
    }


def test_double_tap_on_done_does_not_skip_the_next_universe():
    """Фаза зарядки, шаг А: a second «Готово» sent against the game as it was before the first
    one (a double tap, or two phones at once) is refused as stale and changes nothing, so the
    next universe's step А is not skipped; «Готово» is never a cumulative move."""
    g = new(2)
    g.push("round.draw")
    g.push("player.move", {"to": MINI})
    g.push("turn.end")
    g.push("player.move", {"to": MINI})
    g.push("turn.end")
    assert (g.state.charge.universe, g.state.charge.step) == (KRO, "А")
    assert "charge.done" not in RICKS.cumulative_moves
    tapped = g.revision
    g.push("charge.done", expect_revision=tapped)  # nobody in Кроховселенная: on to Мини
    ch = g.state.charge
    assert (ch.universe, ch.step, ch.player) == (MINI, "А", None)
    before, n = copy.deepcopy(g.state), len(g.events)
    with pytest.raises(StaleMoveError):
        g.push("charge.done", expect_revision=tapped)
    assert g.state == before and len(g.events) == n
    assert (g.state.charge.universe, g.state.charge.step) == (MINI, "А")
    g.push("charge.done", expect_revision=g.revision)  # a fresh tap: Мини-вселенная, step Б
    assert (g.state.charge.universe, g.state.charge.step, g.state.charge.player) == (MINI, "Б", 0)


def test_counter_steps_stay_cumulative_under_quick_taps():
    """Фаза зарядки: VP, cards in hand, actions and energy added by a card are counter steps —
    two quick taps sent against the same revision both count."""
    g = new(2)
    g.push("round.draw")
    r = g.revision
    g.push("vp.add", {"player": 0, "delta": 1}, expect_revision=r)
    g.push("vp.add", {"player": 0, "delta": 1}, expect_revision=r)
    g.push("hand.add", {"player": 1, "delta": 1}, expect_revision=r)
    g.push("actions.add", {"delta": 1}, expect_revision=r)
    assert (g.state.players[0].vp, g.state.players[1].hand) == (2, 7)
    to_charge(g)
    r = g.revision
    g.push("charge.gain", {"amount": 1}, expect_revision=r)
    g.push("charge.gain", {"amount": 1}, expect_revision=r)
    assert g.state.charge.energy == 2
    with pytest.raises(StaleMoveError):
        g.push("charge.spend", {"amount": 1}, expect_revision=r)


def test_step_b_present_characters_in_turn_order():
    """Шаг Б: in turn order from the first player, only characters in this universe; absent ones
    are skipped."""
    g = new(3)
    g.push("round.draw")
    g.push("turn.end")
    g.push("player.move", {"to": MINI})  # Борис leaves Кроховселенная
    g.push("turn.end")
    g.push("turn.end")
    assert present_players(g.state, KRO) == [0, 2]
    g.push("charge.done")  # step А
    assert (g.state.charge.step, g.definition.active_player(g.state)) == ("Б", 0)
    g.push("charge.done")
    assert g.definition.active_player(g.state) == 2
    g.push("charge.done")
    # nobody has inventions: step В is empty → Мини-вселенная, step А
    assert (g.state.charge.universe, g.state.charge.step) == (MINI, "А")
    g.push("charge.done")
    assert (g.state.charge.step, g.definition.active_player(g.state)) == ("Б", 1)


def test_step_b_skipped_when_nobody_there():
    """Шаг Б: with no character in the universe no one-shots or abilities are played there."""
    g = new(2)
    g.push("round.draw")
    play(g, "invention", build_cost=1, cost=0, vp=1)
    to_charge(g)
    until(g, MINI, "А")
    g.push("charge.done")
    assert g.state.charge.universe == MICRO  # Мини: nobody present, no inventions


def test_step_b_one_oneshot_and_overspend_refused():
    """Шаг Б: each present player may play one one-shot, paid from the shared energy; paying
    more than there is is refused («Фаза зарядки»)."""
    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=4)
    to_charge(g)
    g.push("charge.done")
    err = refused(g, "charge.oneshot", {"cost": 5, "note": "Не круто"})
    assert "Фаза зарядки" in err.message and err.rule == "Фаза зарядки, шаг Б"
    g.push("charge.oneshot", {"cost": 3, "note": "Не круто"})
    assert (g.state.charge.energy, g.state.players[0].hand) == (1, 4)
    err = refused(g, "charge.oneshot", {"cost": 0})
    assert err.rule == "Фаза зарядки, шаг Б"
    g.push("charge.done")
    g.push("charge.oneshot", {"cost": 1})
    assert g.state.charge.energy == 0


def test_activation_only_in_step_v():
    """Шаг В: inventions are activated in step В, not in А or Б."""
    g = new(2)
    g.push("round.draw")
    cid = play(g, "invention", build_cost=1, cost=0, vp=1)
    to_charge(g)
    err = refused(g, "charge.activate", {"card": cid})
    assert err.rule == "Фаза зарядки, шаг А"


def test_step_v_everyone_with_inventions_regardless_of_location():
    """Шаг В: in turn order from the first player every player with inventions there activates
    them wherever their character is; VP are scored at once; each invention once."""
    g = new(3)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=6)
    a1 = play(g, "invention", build_cost=1, cost=1, vp=2)
    a2 = play(g, "invention", build_cost=1, cost=1, vp=3)
    g.push("player.move", {"to": MINI})
    g.push("turn.end")
    g.push("turn.end")
    c1 = play(g, "invention", build_cost=1, cost=2, vp=4)
    g.push("player.place", {"player": 2, "to": RICK_UNIVERSE, "note": "тест"})
    g.push("turn.end")
    until(g, KRO, "В")
    assert g.definition.active_player(g.state) == 0
    assert {o.card for o in offers(g.state)} == {a1, a2}
    refused(g, "charge.activate", {"card": c1})
    g.push("charge.activate", {"card": a1})
    assert g.state.players[0].vp == 2 and g.state.charge.energy == 5
    refused(g, "charge.activate", {"card": a1})
    g.push("charge.activate", {"card": a2})  # nothing left for Аня → Вика's turn
    assert g.definition.active_player(g.state) == 2
    assert [o.card for o in offers(g.state)] == [c1]
    g.push("charge.activate", {"card": c1})
    assert [p.vp for p in g.state.players] == [5, 0, 4]
    assert g.state.charge.universe == MINI
    assert g.state.charge.ledger[0]["out"] == 2 and g.state.charge.energy == 2


def test_step_v_overspend_refused():
    """Шаг В: an activation costing more energy than is left is refused (Фаза зарядки)."""
    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=3)
    play(g, "invention", build_cost=1, cost=2, vp=1)
    dear = play(g, "invention", build_cost=1, cost=4, vp=5)
    to_charge(g)
    until(g, KRO, "В")
    assert [o.affordable for o in offers(g.state)] == [True, False]
    err = refused(g, "charge.activate", {"card": dear})
    assert "Фаза зарядки" in err.message and err.rule == "Фаза зарядки, шаг В"


def test_universe_charge_ends_when_energy_short():
    """Шаг В: the universe's charge ends once the energy left pays for no remaining invention;
    the rest rises to the next universe."""
    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=3)
    cheap = play(g, "invention", build_cost=1, cost=2, vp=1)
    play(g, "invention", build_cost=1, cost=3, vp=5)
    to_charge(g)
    until(g, KRO, "В")
    g.push("charge.activate", {"card": cheap})
    assert (g.state.charge.universe, g.state.charge.step) == (MINI, "А")
    assert g.state.charge.ledger[0]["out"] == 1 and g.state.charge.energy == 1


def test_player_without_affordable_inventions_skipped():
    """ФАЗА ЗАРЯДКИ, Шаг В: a player with no inventions there is skipped; the universe's charge
    ends when nothing left can be paid for."""
    g = new(3)
    g.push("round.draw")
    g.push("turn.end")
    play(g, "invention", build_cost=1, cost=5, vp=5)
    g.push("turn.end")
    g.push("turn.end")
    until(g, KRO, "Б")
    g.push("charge.done")
    g.push("charge.done")
    g.push("charge.done")
    assert g.state.charge.universe == MINI


def test_leftover_energy_rises_and_burns_after_rick_universe():
    """ФАЗА ЗАРЯДКИ / КОНЕЦ РАУНДА: leftover energy moves one universe up; after Риковселенная
    the rest burns and the next charge starts at 0."""
    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=4)
    g.push("player.move", {"to": MINI})
    play(g, "source", build_cost=1, production=1)
    to_charge(g)
    until(g, MINI, "А")
    assert g.state.charge.energy == 5
    until(g, MICRO, "А")
    assert g.state.charge.energy == 5
    until(g, RICK_UNIVERSE, "А")
    g.push("charge.done")
    assert g.state.charge is None
    last = g.state.rounds[-1]
    assert last["burned"] == 5
    assert [e["universe"] for e in last["ledger"]] == list(CHARGE_ORDER)
    assert [e["in"] for e in last["ledger"]] == [0, 4, 5, 5]


def test_round_end_passes_first_player_clockwise():
    """КОНЕЦ РАУНДА: the first-player token passes to the next player clockwise."""
    g = new(3)
    for rnd, first in ((1, 0), (2, 1), (3, 2), (4, 0)):
        assert (g.state.round, g.state.first, g.state.phase) == (rnd, first, PHASE_ROUND)
        g.push("round.draw")
        assert g.definition.active_player(g.state) == first
        to_charge(g)
        until(g, RICK_UNIVERSE, "А")
        g.push("charge.done")


def test_rick_universe_partial_invention_one_vp_less():
    """УТОЧНЕНИЯ ПО ВСЕЛЕННЫМ, РИКОВСЕЛЕННАЯ: a partially built invention there may be activated,
    scoring 1 VP less; partial ones elsewhere cannot be activated."""
    g = new(2)
    g.push("round.draw")
    kro_partial = play(g, "invention", build_cost=3, cost=0, vp=3)
    g.push("player.place", {"player": 0, "to": MICRO, "note": "тест"})
    play(g, "source", build_cost=1, production=3)
    g.push("player.move", {"to": RICK_UNIVERSE})
    rick_partial = play(g, "invention", build_cost=4, cost=2, vp=4)
    to_charge(g)
    assert offers(g.state, 0) == []
    until(g, KRO, "Б")
    g.push("charge.done")
    g.push("charge.done")
    assert g.state.card(kro_partial).turned is False
    until(g, RICK_UNIVERSE, "В")
    (offer,) = offers(g.state)
    assert (offer.card, offer.partial, offer.reward, offer.cost) == (rick_partial, True, 3, 2)
    g.push("charge.activate", {"card": rick_partial})
    assert g.state.players[0].vp == 3


def test_kro_invention_turned_skips_next_round():
    """УТОЧНЕНИЯ ПО ВСЕЛЕННЫМ, КРОХОВСЕЛЕННАЯ: an invention activated there is turned and cannot
    be activated in the next round; it straightens after that round's activations."""
    g = new(2)
    g.push("round.draw")
    cid = play(g, "invention", build_cost=1, cost=0, vp=2)
    to_charge(g)
    until(g, KRO, "В")
    g.push("charge.activate", {"card": cid})
    assert g.state.card(cid).turned
    until(g, RICK_UNIVERSE, "А")
    g.push("charge.done")
    # round 2: still turned, not offered, refused; straightened when Кроховселенная is done
    g.push("round.draw")
    to_charge(g)
    g.push("charge.done")  # А
    assert g.state.charge.step == "Б"
    assert offers(g.state, 0) == []
    g.push("charge.done")
    g.push("charge.done")  # Б done for both; В empty → Мини-вселенная
    assert g.state.charge.universe == MINI
    assert g.state.card(cid).turned is False
    until(g, RICK_UNIVERSE, "А")
    g.push("charge.done")
    # round 3: usable again
    g.push("round.draw")
    to_charge(g)
    until(g, KRO, "В")
    assert [o.card for o in offers(g.state)] == [cid]
    g.push("charge.activate", {"card": cid})
    assert g.state.players[0].vp == 4


def test_turned_invention_refused():
    """УТОЧНЕНИЯ ПО ВСЕЛЕННЫМ, КРОХОВСЕЛЕННАЯ: a turned invention's activation is refused."""
    g = new(2)
    g.push("round.draw")
    cid = play(g, "invention", build_cost=1, cost=0, vp=2)
    other = play(g, "invention", build_cost=1, cost=0, vp=1)
    g.push("card.turn", {"card": cid, "turned": True, "note": "Мир между мирами"})
    to_charge(g)
    until(g, KRO, "В")
    err = refused(g, "charge.activate", {"card": cid})
    assert err.rule.endswith("Кроховселенная")
    assert [o.card for o in offers(g.state)] == [other]


def test_ability_once_per_round():
    """КАРТЫ СПОСОБНОСТЕЙ: a built ability is used in step Б of its character's universe,
    paying its cost, once a round; a partial one cannot be used."""
    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=5)
    ab = play(g, "ability", build_cost=2, cost=2)
    partial = play(g, "ability", build_cost=3, cost=0)
    g.push("card.build", {"card": ab, "tokens": 1})
    to_charge(g)
    g.push("charge.done")
    refused(g, "charge.ability", {"card": partial})
    g.push("charge.ability", {"card": ab})
    assert g.state.charge.energy == 3
    err = refused(g, "charge.ability", {"card": ab})
    assert err.rule == "Карты способностей"


def test_spend_and_gain_recorded_in_ledger():
    """ФАЗА ЗАРЯДКИ: any energy payment (with a note) and card-given energy are accounted."""
    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=2)
    to_charge(g)
    g.push("charge.gain", {"amount": 3, "note": "Вулкан"})
    g.push("charge.done")
    refused(g, "charge.spend", {"amount": 6, "note": "свойство"})
    g.push("charge.spend", {"amount": 4, "note": "свойство"})
    led = g.state.charge.ledger[0]
    assert (led["gained"], led["spent"], g.state.charge.energy) == (3, 4, 1)


# -- end of game -----------------------------------------------------------------------------------
def _score_and_finish(g: Game, vps: list[int]) -> None:
    for p, vp in enumerate(vps):
        if vp:
            g.push("vp.add", {"player": p, "delta": vp, "note": "тест"})


def test_game_ends_after_round_with_target():
    """КОНЕЦ ИГРЫ: reaching the target finishes the round, then the game ends; most VP wins."""
    g = new(2)
    g.push("round.draw")
    _score_and_finish(g, [50, 10])
    assert g.outcome() is None and g.state.final
    g.push("vp.add", {"player": 0, "delta": -5, "note": "потерял"})  # still the last round
    to_charge(g)
    until(g, RICK_UNIVERSE, "А")
    g.push("charge.done")
    out = g.outcome()
    assert out is not None and out.winners == (0,)
    assert g.definition.current_phase(g.state) is None
    with pytest.raises(RuleViolation):
        g.push("round.draw")


def test_tie_break_tokens_then_hand():
    """КОНЕЦ ИГРЫ: a VP tie goes to more unused build tokens, then to more cards in hand."""
    g = new(3)
    g.push("round.draw")
    play(g, "invention", build_cost=1, cost=0, vp=0)  # Аня: 7 tokens
    g.push("turn.end")
    g.push("card.swap")
    g.push("turn.end")
    g.push("action.discard")  # Вика: 5 cards
    _score_and_finish(g, [40, 40, 40])
    to_charge(g)
    until(g, RICK_UNIVERSE, "А")
    g.push("charge.done")
    assert g.outcome().winners == (1,)
    assert ranking(g.state) == [1, 2, 0]


def test_shared_win_when_all_equal():
    """КОНЕЦ ИГРЫ: if every tie-break is equal, the tied players share the win."""
    g = new(2)
    g.push("round.draw")
    _score_and_finish(g, [50, 50])
    to_charge(g)
    until(g, RICK_UNIVERSE, "А")
    g.push("charge.done")
    assert g.outcome().winners == (0, 1)


def test_vp_never_negative_and_true_total():
    """Шаг В: past 30 the physical token flips to «+30»; the app keeps the true total."""
    g = new(2)
    g.push("round.draw")
    refused(g, "vp.add", {"player": 0, "delta": -1})
    g.push("vp.add", {"player": 0, "delta": 37})
    assert g.state.players[0].vp == 37
    assert track_position(37) == (1, 7)
    assert g.definition.scores(g.state) == {0: 37.0, 1: 0.0}


def test_describe_lines_russian():
    """ФАЗА ЗАРЯДКИ: the log names who activated what, the energy paid and VP scored."""
    g = new(2)
    g.push("round.draw")
    play(g, "invention", build_cost=1, cost=0, vp=2, name="Портал")
    to_charge(g)
    until(g, KRO, "В")
    g.push("charge.activate", {"card": 1})
    lines = [text for _, text in g.log()]
    assert lines[0].startswith("Раунд 1")
    assert "Аня играет изобретение «Портал» во вселенной «Кроховселенная»" in lines
    assert "Аня активирует «Портал»: −0 ед. энергии, +2 ПО" in lines


def test_amounts_of_energy_agree_with_their_number():
    """ФАЗА ЗАРЯДКИ: every amount of energy in the journal and in a refusal reads «N ед.
    энергии» — right after 1 as after 2 or 5 (was «1 энергии»: «энергии» does not agree with
    1, 21, …; the rulebook counts «единиц энергии»)."""
    import re

    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=5)
    ab = play(g, "ability", build_cost=1, cost=1, name="Портал")
    inv = play(g, "invention", build_cost=1, cost=1, vp=2, name="Тостер")
    to_charge(g)
    g.push("charge.done")
    g.push("charge.oneshot", {"cost": 1})
    g.push("charge.ability", {"card": ab})
    g.push("charge.spend", {"amount": 2})
    err = refused(g, "charge.spend", {"amount": 5})
    assert "нужно 5 ед. энергии" in err.message, err.message
    until(g, KRO, "В")
    g.push("charge.activate", {"card": inv})
    lines = [text for _, text in g.log()]
    assert "Аня играет одноразку за 1 ед. энергии" in lines
    assert "Аня применяет карту «Портал» за 1 ед. энергии" in lines
    assert "Аня тратит 2 ед. энергии" in lines
    assert "Аня активирует «Тостер»: −1 ед. энергии, +2 ПО" in lines
    wrong = [t for t in [*lines, err.message] if re.search(r"\d энерги", t)]
    assert not wrong, wrong


def test_unknown_event_refused():
    """Фаза действий: only the game's own actions are accepted."""
    g = new(2)
    refused(g, "coup.declare", {})
    g.push("round.draw")
    refused(g, "charge.done")
    refused(g, "card.play", {"kind": "bomb", "build_cost": 1})
    refused(g, "card.play", {"kind": "invention", "build_cost": 1, "cost": 1})  # no VP given


# -- timing ----------------------------------------------------------------------------------------
def _timed_round(clock: Clock, **options) -> Game:
    g = new(3, clock=clock, **options)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=5)
    play(g, "invention", build_cost=1, cost=1, vp=1)
    clock.tick(100)  # action phase: not charge-phase time
    to_charge(g)  # charge starts now
    clock.tick(4)
    g.push("charge.done")  # Кро А: 4 s
    clock.tick(10)
    g.push("charge.done")  # Кро Б, Аня: 10 s
    clock.tick(7)
    g.push("charge.done")  # Кро Б, Борис: 7 s
    clock.tick(3)
    g.push("charge.done")  # Кро Б, Вика: 3 s → В, Аня
    clock.tick(20)
    g.push("charge.activate", {"card": 2})  # Кро В, Аня: 20 s → Мини А
    return g


def test_charge_timing_per_step_universe_player():
    """ФАЗА ЗАРЯДКИ: durations per step, universe, player's step turn and the whole phase."""
    clock = Clock()
    g = _timed_round(clock)
    clock.tick(6)
    t = game_charge_timing(g)
    assert t.steps[(1, KRO, "А")] == 4
    assert t.steps[(1, KRO, "Б")] == 20
    assert t.steps[(1, KRO, "В")] == 20
    assert t.player_steps[(1, KRO, "Б", 0)] == 10
    assert t.player_steps[(1, KRO, "Б", 1)] == 7
    assert t.player_steps[(1, KRO, "В", 0)] == 20
    assert t.universes[(1, KRO)] == 44
    assert t.position == (1, MINI, "А", None)
    assert (t.current_step, t.current_universe, t.current_phase, t.current_turn) == (6, 6, 50, 0)
    assert t.total == 50 and t.rounds == {1: 50}
    assert t.per_player == {0: 30, 1: 7, 2: 3}


def test_charge_timing_survives_restart_and_pause():
    """ФАЗА ЗАРЯДКИ: the phase clock comes from event timestamps (a rebuilt game gives the same
    times) and a paused clock adds nothing."""
    clock = Clock()
    g = _timed_round(clock)
    clock.tick(5)
    g.push("core.pause")
    clock.tick(1000)
    g.push("core.resume")
    clock.tick(2)
    again = Game(RICKS, g.setup, g.events, clock=clock)
    t1, t2 = game_charge_timing(g), game_charge_timing(again)
    assert t1 == t2
    assert t1.current_step == 7 and t1.rounds[1] == 51


def test_round_durations_for_summary():
    """КОНЕЦ РАУНДА: each round's charge-phase duration is kept for the end-of-game summary."""
    clock = Clock()
    g = new(2, clock=clock)
    for _rnd, seconds in ((1, 30), (2, 45)):
        g.push("round.draw")
        to_charge(g)
        clock.tick(seconds)
        until(g, RICK_UNIVERSE, "А")
        g.push("charge.done")
        clock.tick(500)  # between rounds: not charge time
    t = charge_timing(g.setup, g.events, now=clock.t)
    assert t.rounds == {1: 30, 2: 45}
    assert t.position is None and t.current_phase == 0


def test_over_limit_for_steps_b_and_v():
    """Шаг Б / Шаг В: the table's limit flags a player whose turn in the step runs too long."""
    clock = Clock()
    g = new(2, clock=clock, charge_limit=30)
    g.push("round.draw")
    to_charge(g)
    clock.tick(100)  # step А: never limited
    assert not over_limit(g.setup, g.events, clock.t)
    g.push("charge.done")
    clock.tick(30)
    assert not over_limit(g.setup, g.events, clock.t)
    clock.tick(1)
    assert over_limit(g.setup, g.events, clock.t)
    g.push("charge.done")  # Борис's turn starts afresh
    assert not over_limit(g.setup, g.events, clock.t)
    assert over_limit(g.setup, g.events, clock.t + 31)
    assert not over_limit(g.setup, g.events, clock.t + 31, limit=60)
    g2 = new(2, clock=clock)
    assert not over_limit(g2.setup, g2.events, clock.t + 10_000)


# -- properties ------------------------------------------------------------------------------------
@st.composite
def boards(draw):
    """A 2–4 player game in the charge phase with random sources, inventions and locations."""
    n = draw(st.integers(2, 4))
    g = Game.new(RICKS, NAMES[:n], options={"actions": dict(ACTIONS)}, clock=Clock())
    g.push("round.draw")
    for p in range(n):
        give(g, 30)
        g.push("hand.add", {"player": p, "delta": 10, "note": "тест"})
        for _ in range(draw(st.integers(0, 3))):
            u = draw(st.sampled_from(UNIVERSES))
            if g.state.players[p].universe != u:
                g.push("player.place", {"player": p, "to": u})
            play(
                g, "source", build_cost=draw(st.integers(1, 2)), production=draw(st.integers(0, 6))
            )
        for _ in range(draw(st.integers(0, 3))):
            u = draw(st.sampled_from(UNIVERSES))
            if g.state.players[p].universe != u:
                g.push("player.place", {"player": p, "to": u})
            play(
                g,
                "invention",
                build_cost=draw(st.integers(1, 2)),
                cost=draw(st.integers(0, 6)),
                vp=draw(st.integers(0, 5)),
            )
        u = draw(st.sampled_from(UNIVERSES))
        if g.state.players[p].universe != u:
            g.push("player.place", {"player": p, "to": u})
        g.push("turn.end")
    return g


def _ledger_ok(state) -> None:
    ledger = state.charge.ledger if state.charge else state.rounds[-1]["ledger"]
    for i, e in enumerate(ledger):
        if e["out"] is not None:
            assert e["out"] == e["in"] + e["production"] + e["gained"] - e["spent"]
            if i + 1 < len(ledger):
                assert ledger[i + 1]["in"] == e["out"]
    assert ledger[0]["in"] == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.lists(st.tuples(st.integers(0, 4), st.integers(0, 12)), max_size=60))
def test_energy_never_negative_and_conserved(g, moves):
    """ФАЗА ЗАРЯДКИ: energy is never negative; what leaves a universe is what came in plus its
    production minus what was spent there; over-spends are refused without a change."""
    for kind, amount in moves:
        if g.state.phase != PHASE_CHARGE:
            break
        ch = g.state.charge
        try:
            if kind == 0:
                g.push("charge.done")
            elif kind == 1:
                offs = offers(g.state)
                if offs:
                    g.push("charge.activate", {"card": offs[amount % len(offs)].card})
            elif kind == 2:
                g.push("charge.spend", {"amount": max(1, amount), "note": "x"})
            elif kind == 3:
                g.push("charge.oneshot", {"cost": amount})
            else:
                cards = [c.id for c in g.state.cards if c.kind == "invention"]
                if cards:
                    g.push("charge.activate", {"card": cards[amount % len(cards)]})
        except RuleViolation:
            assert g.state.charge == ch
        assert g.state.charge is None or g.state.charge.energy >= 0
        _ledger_ok(g.state)
    while g.state.phase == PHASE_CHARGE:
        g.push("charge.done")
    _ledger_ok(g.state)
    assert g.state.rounds[-1]["burned"] == g.state.rounds[-1]["ledger"][-1]["out"] >= 0


_CANDIDATES = st.sampled_from(
    [
        ("round.draw", {}),
        ("turn.end", {}),
        ("card.swap", {}),
        ("action.discard", {}),
        ("player.move", {"to": MINI}),
        ("player.move", {"to": KRO}),
        ("player.move", {"to": MICRO}),
        ("card.play", {"kind": "source", "build_cost": 1, "production": 3}),
        ("card.play", {"kind": "invention", "build_cost": 1, "cost": 2, "vp": 2}),
        ("card.play", {"kind": "invention", "build_cost": 2, "cost": 1, "vp": 3}),
        ("card.build", {"card": 2, "tokens": 1}),
        ("charge.done", {}),
        ("charge.activate", {"card": 1}),
        ("charge.activate", {"card": 2}),
        ("charge.oneshot", {"cost": 1}),
        ("charge.spend", {"amount": 2, "note": "x"}),
        ("vp.add", {"player": 0, "delta": 7}),
        ("card.remove", {"card": 1, "to_hand": True}),
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_CANDIDATES, max_size=60))
def test_undo_after_push_is_identity(candidates):
    """Undo (SPEC §1, not a rulebook rule): taking back any accepted event restores the exact
    state before it, and redo brings the state after it back."""
    g = new(2)
    for type_, data in candidates:
        before = copy.deepcopy(g.state)
        try:
            g.push(type_, data)
        except RuleViolation:
            assert g.state == before
            continue
        after = copy.deepcopy(g.state)
        g.undo()
        assert g.state == before
        g.redo()
        assert g.state == after


def test_setup_round_trip_options_json():
    """ПОДГОТОВКА К ИГРЕ: the setup (with its options) survives a JSON round trip."""
    setup = Setup(
        "ricks",
        (PlayerSpec("Аня", "#E53935"), PlayerSpec("Борис", "#1E88E5")),
        1,
        {
            "actions": dict(ACTIONS),
            "characters": ["Зип", "Кайл"],
            "abilities": False,
            "charge_limit": 45,
        },
    )
    RICKS.validate_setup(Setup.from_dict(setup.to_dict()))
    state = RICKS.initial_state(Setup.from_dict(setup.to_dict()))
    assert (state.first, state.abilities) == (1, False)
    assert [p.character for p in state.players] == ["Зип", "Кайл"]


def test_target_reached_by_the_rounds_last_activation_ends_the_game_with_it():
    """КОНЕЦ ИГРЫ: the round in which someone reaches the target is the last one — also when
    the VP come from the round's very last move, an activation in Риковселенная after which
    the charge phase closes the round by itself (it went on to a whole extra round)."""
    g = new(2)
    g.push("round.draw")
    g.push("player.place", {"player": 0, "to": RICK_UNIVERSE, "note": "тест"})
    give(g, 2)
    play(g, "source", build_cost=1, production=3)
    inv = play(g, "invention", build_cost=1, cost=1, vp=5)
    g.push("vp.add", {"player": 0, "delta": 45, "note": "тест"})
    assert not g.state.final
    to_charge(g)
    until(g, RICK_UNIVERSE, "В")
    g.push("charge.activate", {"card": inv})  # 50 VP, and nothing is left to do this round
    assert g.state.over and g.state.round == 1
    assert g.outcome().winners == (0,)


def test_imaginary_tokens_build_a_card_played_and_finished_in_one_turn():
    """Внедрение: with no build tokens left a player may use imaginary ones, but only to
    complete the build this same turn — a source of cost 2 played and built whole at once
    («finish») is allowed with 0 tokens; played alone (one imaginary token, unfinished) it is
    refused, and an invention still needs one real token for its control marker."""
    g = new(2)
    g.push("round.draw")
    give(g, 10)
    g.push("hand.add", {"player": 0, "delta": 8, "note": "тест"})
    for _ in range(8):  # eight cards of cost 2 begun: every token is out
        play(g, "source", build_cost=2, production=1)
    assert g.state.players[0].tokens == 0
    g.push("hand.add", {"player": 0, "delta": 3, "note": "тест"})
    err = refused(g, "card.play", {"kind": "source", "build_cost": 2, "production": 1})
    assert err.rule == "Внедрение" or "Внедрение" in err.message
    actions = g.state.players[0].actions
    cid = play(g, "source", build_cost=2, production=1, finish=True)
    card = g.state.card(cid)
    assert card.built and g.state.players[0].actions == actions - 2
    assert g.state.players[0].tokens == 0  # imaginary: nothing came back to the supply
    err = refused(
        g, "card.play", {"kind": "invention", "build_cost": 2, "cost": 1, "vp": 1, "finish": True}
    )
    assert "контроль" in err.message
    assert "сразу внедряет целиком" in g.describe(g.events[-1])


def test_an_amount_of_nothing_is_refused_naming_the_rule():
    """ФАЗА ЗАРЯДКИ, шаги Б и В: paying moves the shared energy marker towards 0 by the cost,
    and energy a card adds moves it forward — 0 (or less) moves nothing. The refusal names
    that rule and its heading (it said «Трата энергии — целое число от 1 до 999.», the
    field's bounds); a value that is not a number is refused at the engine's door, naming
    the field (issue 34: one shape check for every game)."""
    g = new(2)
    g.push("round.draw")
    play(g, "source", build_cost=1, production=3)
    to_charge(g)
    g.push("charge.done")  # Кроховселенная, шаг Б: 3 energy
    for amount in (0, -2):
        err = refused(g, "charge.spend", {"amount": amount, "note": ""})
        assert err.rule == "Фаза зарядки, шаг Б"
        assert str(err) == (
            "Потратить можно от 1 ед. энергии: плата сдвигает жетон энергии ближе к 0 "
            "(Фаза зарядки, шаг Б)."
        )
        err = refused(g, "charge.gain", {"amount": amount, "note": ""})
        assert err.rule == "Фаза зарядки" and str(err) == (
            "Добавить можно от 1 ед. энергии: прибавка двигает жетон энергии вперёд (Фаза зарядки)."
        )
    err = refused(g, "charge.spend", {"amount": "3", "note": ""})
    assert str(err) == "Количество энергии: нужно целое число."
    g.push("charge.spend", {"amount": 1, "note": ""})
    assert g.state.charge.energy == 2
