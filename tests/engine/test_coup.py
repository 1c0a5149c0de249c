"""Tests for companion.engine.coup (rulebook 002, «Переворот»).

Each rule test cites the rulebook heading it checks; the worked example «Пример игры» is
replayed event by event; hypothesis plays over a thousand random legal games.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine.core import Event, Game
from companion.engine.coup import (
    ACTIONS,
    CHARACTERS,
    COUP,
    TOTAL_COINS,
    CoupState,
    awaiting,
    block_options,
    expected_outcome,
    explain,
    legal_declarations,
    legal_events,
    projected,
    refusal,
    unseen,
    waiting_for,
)
from companion.errors import RuleViolation, SetupError

A, B, C = 0, 1, 2


# -- helpers ------------------------------------------------------------------------------------
def new(n: int = 3, first: int = 0, **options: object) -> Game:
    names = ["Аня", "Борис", "Вика", "Глеб", "Даша", "Егор"][:n]
    return Game.new(COUP, names, first_player=first, options=options, clock=lambda: 0.0)


def declare(g: Game, player: int, action: str, target: int | None = None) -> None:
    g.push("coup.declare", {"player": player, "action": action, "target": target})


def lose(g: Game, player: int, character: str) -> None:
    g.push("coup.lose_influence", {"player": player, "character": character})


def tax(g: Game, player: int) -> None:
    declare(g, player, "tax")
    g.push("coup.no_challenge", {})


def income(g: Game, player: int) -> None:
    declare(g, player, "income")


def refused(g: Game, kind: str, data: dict | None = None) -> str:
    """Push an illegal event: assert it is refused and nothing changes; return the message."""
    before = copy.deepcopy(g.state)
    n = len(g.events)
    with pytest.raises(RuleViolation) as err:
        g.push(kind, data or {})
    assert g.state == before
    assert len(g.events) == n
    return err.value.message


def bank(state: CoupState) -> int:
    return state.treasury + sum(state.coins)


# -- setup --------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_setup_coins_influence_treasury_court(n: int) -> None:
    """Подготовка к игре: 2 карты и 2 монеты каждому, остальное — казна и колода двора."""
    s = new(n).state
    assert s.coins == [2] * n
    assert s.influence == [2] * n
    assert s.treasury == TOTAL_COINS - 2 * n
    assert s.court_deck == 15 - 2 * n
    assert s.revealed == [[] for _ in range(n)]
    assert awaiting(s) == "action" and s.current == 0


@pytest.mark.parametrize("first", [0, 1])
def test_two_players_first_player_gets_one_coin(first: int) -> None:
    """Игра вдвоём: первый игрок получает при подготовке только 1 монету."""
    s = new(2, first=first).state
    assert s.coins[first] == 1 and s.coins[1 - first] == 2
    assert s.treasury == 48 and s.court_deck == 11 and s.current == first


def test_two_player_draft_option() -> None:
    """Игра вдвоём: вариант с наборами оставляет в колоде двора 3 карты; только вдвоём."""
    assert new(2, two_player_draft=True).state.court_deck == 3
    with pytest.raises(SetupError):
        new(3, two_player_draft=True)
    with pytest.raises(SetupError):
        new(2, two_player_draft="да")


@pytest.mark.parametrize("n", [1, 7])
def test_player_count_limits(n: int) -> None:
    """Состав игры: 6 планшетов-памяток — играют от 2 до 6 человек."""
    names = [f"Игрок {i}" for i in range(n)]
    with pytest.raises(SetupError):
        Game.new(COUP, names)


# -- general actions ----------------------------------------------------------------------------
def test_income_takes_one_and_passes_turn() -> None:
    """Доход: +1 монета из казны, без окна оспаривания и без запретов."""
    g = new()
    income(g, A)
    s = g.state
    assert s.coins[A] == 3 and s.treasury == 44
    assert awaiting(s) == "action" and s.current == B and s.turn == 2
    assert "Сейчас время объявления действия" in refused(g, "coup.challenge", {"challenger": C})


def test_foreign_aid_unblocked() -> None:
    """Иностранная помощь: 2 монеты из казны; оспорить нельзя, сразу окно запретов."""
    g = new()
    declare(g, A, "foreign_aid")
    assert awaiting(g.state) == "block"  # no challenge window
    assert sorted(block_options(g.state)) == [B, C]
    refused(g, "coup.challenge", {"challenger": B})
    g.push("coup.no_block", {})
    assert g.state.coins[A] == 4 and g.state.treasury == 43 and g.state.current == B


def test_duke_blocks_foreign_aid() -> None:
    """Герцог: может запретить иностранную помощь — любой соперник, заявив Герцога."""
    g = new()
    declare(g, A, "foreign_aid")
    g.push("coup.block", {"blocker": C, "character": "duke"})
    assert awaiting(g.state) == "block_challenge"
    assert waiting_for(g.state) == [A, B]
    g.push("coup.no_challenge", {})
    assert g.state.coins[A] == 2 and g.state.treasury == 45 and g.state.current == B


def test_duke_block_challenged_and_proven() -> None:
    """Оспаривание: запрет подтверждён — оспоривший теряет покровителя, запрет в силе."""
    g = new()
    declare(g, A, "foreign_aid")
    g.push("coup.block", {"blocker": B, "character": "duke"})
    g.push("coup.challenge", {"challenger": A})
    assert awaiting(g.state) == "block_challenge_result" and waiting_for(g.state) == [B]
    g.push("coup.challenge_result", {"proven": True})
    assert awaiting(g.state) == "lose_influence" and waiting_for(g.state) == [A]
    lose(g, A, "captain")
    s = g.state
    assert s.influence == [1, 2, 2] and s.revealed[A] == ["captain"]
    assert s.coins[A] == 2 and s.court_deck == 9 and s.current == B


def test_duke_block_challenged_and_bluff() -> None:
    """Оспаривание: блеф в запрете — запретивший теряет покровителя, действие выполняется."""
    g = new()
    declare(g, A, "foreign_aid")
    g.push("coup.block", {"blocker": B, "character": "duke"})
    g.push("coup.challenge", {"challenger": C})
    g.push("coup.challenge_result", {"proven": False})
    lose(g, B, "contessa")
    s = g.state
    assert s.influence == [2, 1, 2] and s.coins[A] == 4 and s.current == B


def test_coup_pays_seven_and_target_loses() -> None:
    """Переворот: 7 монет в казну, выбранный соперник сразу теряет покровителя."""
    g = new()
    for _ in range(2):
        tax(g, A), income(g, B), income(g, C)
    assert g.state.coins[A] == 8
    declare(g, A, "coup", C)
    assert g.state.coins[A] == 1 and awaiting(g.state) == "lose_influence"
    assert waiting_for(g.state) == [C]
    lose(g, C, "duke")
    assert g.state.influence[C] == 1 and g.state.current == B and bank(g.state) == 51


def test_coup_cannot_be_challenged_or_blocked() -> None:
    """Переворот: ни оспаривания, ни запрета — цель сразу выбирает, какую карту открыть."""
    g = new()
    for _ in range(2):
        tax(g, A), income(g, B), income(g, C)
    declare(g, A, "coup", B)
    refused(g, "coup.challenge", {"challenger": B})
    refused(g, "coup.block", {"blocker": B, "character": "contessa"})
    assert block_options(COUP.initial_state(g.setup), "coup", A, B) == {}


def test_must_coup_with_ten_coins() -> None:
    """Переворот: с 10 монетами в начале хода игрок обязан совершить переворот."""
    g = new()
    for _ in range(3):
        tax(g, A), income(g, B), income(g, C)
    assert g.state.coins[A] == 11
    for action in ("income", "foreign_aid", "tax", "exchange"):
        msg = refused(g, "coup.declare", {"player": A, "action": action, "target": None})
        assert "обязателен переворот" in msg and "«Переворот»" in msg
    msg = refused(g, "coup.declare", {"player": A, "action": "steal", "target": B})
    assert "обязателен переворот" in msg
    assert legal_declarations(g.state) == [{"action": "coup", "targets": [B, C]}]
    assert "только совершить переворот" in explain(g.state)
    declare(g, A, "coup", B)
    assert g.state.coins[A] == 4


def test_exactly_ten_coins_forces_coup() -> None:
    """Переворот: порог включительный — при ровно 10 монетах переворот тоже обязателен."""
    g = new(2)
    # Аня starts with 1 coin (two players): 1 → 4 → 7 → 10 with taxes.
    for _ in range(3):
        tax(g, A), income(g, B)
    assert g.state.coins[A] == 10
    assert "обязателен" in refused(
        g, "coup.declare", {"player": A, "action": "income", "target": None}
    )


# -- character actions --------------------------------------------------------------------------
def test_tax_unchallenged_cannot_be_blocked() -> None:
    """Герцог: налог — +3 монеты; окна запретов у налога нет."""
    g = new()
    declare(g, A, "tax")
    assert awaiting(g.state) == "challenge" and waiting_for(g.state) == [B, C]
    g.push("coup.no_challenge", {})
    assert g.state.coins[A] == 5 and g.state.treasury == 42 and awaiting(g.state) == "action"
    assert block_options(g.state, "tax", A, None) == {}


def test_tax_challenged_proven() -> None:
    """Оспаривание: карта показана — её меняют из колоды двора, налог идёт,
    оспоривший теряет карту."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    assert g.state.court_deck == 9  # shuffled back and replaced
    lose(g, B, "ambassador")
    s = g.state
    assert s.coins[A] == 5 and s.influence == [2, 1, 2] and s.court_deck == 9


def test_tax_challenged_bluff() -> None:
    """Оспаривание: заявитель не показал карту — он теряет покровителя, действие не выполняется."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": C})
    assert waiting_for(g.state) == [A]
    g.push("coup.challenge_result", {"proven": False})
    assert waiting_for(g.state) == [A]
    lose(g, A, "contessa")
    s = g.state
    assert s.coins[A] == 2 and s.influence == [1, 2, 2] and s.current == B


def test_assassination_unopposed() -> None:
    """Ассасин: заказное убийство — 3 монеты в казну, цель теряет покровителя."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    declare(g, A, "assassinate", B)
    assert g.state.coins[A] == 2 and g.state.treasury == 43  # paid up front
    g.push("coup.no_challenge", {})
    assert awaiting(g.state) == "block" and waiting_for(g.state) == [B]
    g.push("coup.no_block", {})
    assert waiting_for(g.state) == [B]
    lose(g, B, "duke")
    assert g.state.influence == [2, 1, 2] and g.state.coins[A] == 2


def test_contessa_block_keeps_payment() -> None:
    """Графиня: может запретить заказное убийство; оплата убийце не возвращается."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    declare(g, A, "assassinate", C)
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": C, "character": "contessa"})
    g.push("coup.no_challenge", {})
    s = g.state
    assert s.influence == [2, 2, 2] and s.coins[A] == 2 and s.treasury == 43 and s.current == B


def test_failed_assassin_claim_refunds_cost() -> None:
    """Оспаривание: монеты, заплаченные за действие, возвращаются, если заявление
    не подтвердилось."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    declare(g, A, "assassinate", B)
    g.push("coup.challenge", {"challenger": C})
    g.push("coup.challenge_result", {"proven": False})
    assert g.state.coins[A] == 5 and g.state.treasury == 40  # refunded at once
    lose(g, A, "duke")
    assert g.state.influence == [1, 2, 2] and g.state.coins[A] == 5


def test_blocked_action_is_not_refunded_even_if_block_challenge_fails() -> None:
    """Запрет действия: оплата не возвращается; проигранное оспаривание запрета стоит
    покровителя."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    declare(g, A, "assassinate", B)
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": B, "character": "contessa"})
    g.push("coup.challenge", {"challenger": A})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, A, "assassin")
    s = g.state
    assert s.influence == [1, 2, 2] and s.coins[A] == 2 and bank(s) == 51


def test_only_target_blocks_assassination_with_contessa() -> None:
    """Графиня: может запретить заказное убийство — только цель и только Графиней."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    declare(g, A, "assassinate", B)
    g.push("coup.no_challenge", {})
    assert block_options(g.state) == {B: ["contessa"]}
    assert "только его цель" in refused(g, "coup.block", {"blocker": C, "character": "contessa"})
    msg = refused(g, "coup.block", {"blocker": B, "character": "duke"})
    assert "Графиня" in msg and "«Запрет действия»" in msg


def test_assassination_needs_three_coins() -> None:
    """Ассасин: заказное убийство стоит 3 монеты — без них действие не объявить."""
    g = new()
    msg = refused(g, "coup.declare", {"player": A, "action": "assassinate", "target": B})
    assert "нужно 3 монеты" in msg and "Ассасин: заказное убийство" in msg


def test_steal_two_coins() -> None:
    """Капитан: кража — 2 монеты у выбранного соперника."""
    g = new()
    declare(g, A, "steal", B)
    g.push("coup.no_challenge", {})
    g.push("coup.no_block", {})
    assert g.state.coins[:2] == [4, 0] and g.state.treasury == 45


def test_steal_only_one_coin_when_target_has_one() -> None:
    """Капитан: кража — у цели одна монета, и кража приносит одну."""
    g = new()
    declare(g, A, "steal", B)
    g.push("coup.no_challenge", {})
    g.push("coup.no_block", {})
    income(g, B), income(g, C)
    assert g.state.coins[B] == 1
    declare(g, A, "steal", B)
    assert "у Бориса 1 монету" in projected(g.state)  # the accusative after «заберёт»
    g.push("coup.no_challenge", {})
    g.push("coup.no_block", {})
    assert g.state.coins[:2] == [5, 0] and bank(g.state) == 51


@pytest.mark.parametrize("character", ["captain", "ambassador"])
def test_captain_or_ambassador_blocks_steal(character: str) -> None:
    """Посол/капитан: может запретить кражу — цель кражи, заявив Посла или Капитана."""
    g = new()
    declare(g, A, "steal", C)
    g.push("coup.no_challenge", {})
    assert block_options(g.state) == {C: ["captain", "ambassador"]}
    g.push("coup.block", {"blocker": C, "character": character})
    g.push("coup.no_challenge", {})
    assert g.state.coins == [2, 2, 2] and g.state.current == B


def test_steal_block_wrong_character_or_player() -> None:
    """Посол/капитан: может запретить кражу — Герцог не запрещает, посторонний тоже."""
    g = new()
    declare(g, A, "steal", C)
    g.push("coup.no_challenge", {})
    msg = refused(g, "coup.block", {"blocker": C, "character": "duke"})
    assert "Капитан или Посол" in msg
    refused(g, "coup.block", {"blocker": B, "character": "captain"})
    refused(g, "coup.block", {"blocker": A, "character": "captain"})


def test_exchange_recorded() -> None:
    """Посол: обмен — 2 карты из колоды двора, 2 из 4 возвращаются; нельзя запретить."""
    g = new()
    declare(g, A, "exchange")
    g.push("coup.no_challenge", {})
    assert awaiting(g.state) == "exchange" and waiting_for(g.state) == [A]
    assert explain(g.state) == "Аня берёт 2 карты из колоды двора и возвращает туда 2 из 4."
    assert COUP.current_phase(g.state) == "Обмен"
    assert block_options(g.state) == {}
    g.push("coup.exchange_done", {})
    s = g.state
    assert s.coins == [2, 2, 2] and s.court_deck == 9 and s.current == B


def test_exchange_challenged_both_ways() -> None:
    """Оспаривание: обмен Послом — подтверждён (обмен идёт) или нет (обмена нет)."""
    g = new()
    declare(g, A, "exchange")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "duke")
    assert awaiting(g.state) == "exchange"
    g.push("coup.exchange_done", {})
    declare(g, B, "exchange")
    g.push("coup.challenge", {"challenger": C})
    g.push("coup.challenge_result", {"proven": False})
    lose(g, B, "captain")
    s = g.state
    assert awaiting(s) == "action" and s.current == C and s.exiled[B]


def test_challenge_then_block_order() -> None:
    """Ход игры: сначала разыгрывается оспаривание, затем запреты."""
    g = new()
    declare(g, A, "steal", B)
    refused(g, "coup.block", {"blocker": B, "character": "captain"})
    g.push("coup.challenge", {"challenger": C})
    g.push("coup.challenge_result", {"proven": True})
    refused(g, "coup.block", {"blocker": B, "character": "captain"})  # loss comes first
    lose(g, C, "duke")
    assert awaiting(g.state) == "block"
    g.push("coup.block", {"blocker": B, "character": "captain"})
    g.push("coup.no_challenge", {})
    assert g.state.coins == [2, 2, 2] and g.state.influence == [2, 2, 1]


# -- two losses, exile, victory -----------------------------------------------------------------
def test_target_challenges_real_assassin_loses_both() -> None:
    """Опасность заказного убийства: цель оспорила настоящего Ассасина — теряет 2 покровителей."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    declare(g, A, "assassinate", B)
    g.push("coup.challenge", {"challenger": B})
    # «Итог действия» at «Ассасин показан?»: the shown Assassin costs Борис both cards
    assert "Показан: Борис теряет покровителя, а без запрета — и второго" in (
        expected_outcome(g.state)
    )
    g.push("coup.challenge_result", {"proven": True})
    assert "Аня замешивает Ассасина в колоду двора" in explain(g.state)
    assert expected_outcome(g.state) == (
        "без запрета Борис потеряет и второго покровителя («Опасность заказного убийства»)"
    )
    lose(g, B, "duke")
    assert awaiting(g.state) == "block"  # B may still claim Contessa
    g.push("coup.no_block", {})
    assert awaiting(g.state) == "lose_influence" and waiting_for(g.state) == [B]
    lose(g, B, "captain")
    s = g.state
    assert s.influence == [2, 0, 2] and s.exiled[B] and s.coins[B] == 0
    assert s.coins == [2, 0, 3] and s.treasury == 51 - 2 - 3 and s.current == C


def test_bluffed_contessa_challenged_loses_both() -> None:
    """Опасность заказного убийства: блеф Графиней, запрет оспорен — цель теряет 2 покровителей."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    declare(g, A, "assassinate", C)
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": C, "character": "contessa"})
    g.push("coup.challenge", {"challenger": B})
    assert "Не показана: Вика теряет обоих покровителей" in expected_outcome(g.state)
    g.push("coup.challenge_result", {"proven": False})
    assert explain(g.state) == "Вика теряет покровителя за неподтверждённое заявление."
    assert expected_outcome(g.state) == (
        "Вика потеряет и второго покровителя («Опасность заказного убийства»)"
    )
    lose(g, C, "duke")
    assert waiting_for(g.state) == [C]
    assert (
        explain(g.state) == "Вика теряет последнего покровителя от заказного убийства и выбывает."
    )
    lose(g, C, "ambassador")
    s = g.state
    assert s.exiled[C] and s.coins[C] == 0 and s.treasury == 51 - 2 - 3
    assert s.revealed[C] == ["duke", "ambassador"] and s.current == B


def test_second_loss_skipped_when_nothing_left() -> None:
    """Опасность заказного убийства: у цели один покровитель — второй потери уже нет."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "contessa")  # Борис keeps one influence
    income(g, B), income(g, C)
    declare(g, A, "assassinate", B)
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "duke")
    s = g.state
    assert awaiting(s) == "action" and s.exiled[B] and s.current == C


def test_exile_returns_coins_to_treasury() -> None:
    """Ход игры: без покровителей игрок уходит в ссылку, а его монеты — в казну."""
    g = new()
    income(g, A)
    tax(g, B)  # Борис 5
    income(g, C)
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "captain")
    declare(g, B, "tax")
    g.push("coup.challenge", {"challenger": A})
    g.push("coup.challenge_result", {"proven": False})
    before = g.state.treasury
    lose(g, B, "ambassador")
    s = g.state
    assert s.exiled[B] and s.coins[B] == 0 and s.treasury == before + 5 and bank(s) == 51


def test_turn_skips_exiled_players() -> None:
    """Ход игры: право хода идёт по часовой стрелке мимо выбывших."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "captain")
    declare(g, B, "tax")
    g.push("coup.challenge", {"challenger": C})
    g.push("coup.challenge_result", {"proven": False})
    lose(g, B, "captain")
    income(g, C)
    assert g.state.current == A
    income(g, A)
    assert g.state.current == C


def _two_lost_challenges(g: Game) -> None:
    """B loses both influences to A's challenges: A wins (B's last «captain» still to lose)."""
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "contessa")
    declare(g, B, "steal", A)
    g.push("coup.challenge", {"challenger": A})
    g.push("coup.challenge_result", {"proven": False})


def test_last_player_with_influence_wins() -> None:
    """Цель игры: последний, у кого остались покровители, побеждает."""
    g = new(2)
    _two_lost_challenges(g)
    assert g.outcome() is None
    lose(g, B, "captain")
    out = g.outcome()
    assert out is not None and out.winners == (A,)
    assert awaiting(g.state) == "over" and legal_events(g.state) == []
    assert COUP.active_player(g.state) is None
    assert "побеждает" in explain(g.state) and "побеждает" in g.log()[-1][1]
    with pytest.raises(RuleViolation):
        g.push("coup.declare", {"player": A, "action": "income", "target": None})
    with pytest.raises(RuleViolation):
        COUP.check(g.state, Event(99, "coup.declare", {"player": A, "action": "income"}, 0.0))


@pytest.mark.parametrize(
    ("names", "reason"),
    [
        (["Вера", "Борис"], "Покровители остались только у Веры."),
        (["Борис", "Вера"], "Покровители остались только у Бориса."),
    ],
)
def test_the_winners_reason_does_not_depend_on_gender(names: list[str], reason: str) -> None:
    """Цель игры: the reason reads right for a woman as for a man («Вера — единственный, …»
    was wrong for Вера): no gendered word, the name declined after «у»."""
    g = Game.new(COUP, names, first_player=0, clock=lambda: 0.0)
    _two_lost_challenges(g)
    lose(g, B, "captain")
    out = g.outcome()
    assert out is not None and out.reason == reason


def test_game_ends_before_exchange_when_decided() -> None:
    """Ход игры: как только остался один участник, партия окончена — обмен уже не нужен."""
    g = new(2)
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "duke")
    income(g, B)
    declare(g, A, "exchange")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "captain")
    assert awaiting(g.state) == "over" and g.outcome().winners == (A,)


# -- refusals -----------------------------------------------------------------------------------
def test_not_your_turn() -> None:
    """Ход игры: объявлять действие может только игрок, чей сейчас ход."""
    g = new()
    msg = refused(g, "coup.declare", {"player": B, "action": "income", "target": None})
    assert "Сейчас ходит Аня" in msg and "«Ход игры»" in msg


def test_wrong_step_refused() -> None:
    """Ход игры: события идут по шагам — объявление, оспаривание, запрет, итог."""
    g = new()
    for kind, data in [
        ("coup.challenge", {"challenger": B}),
        ("coup.no_challenge", {}),
        ("coup.challenge_result", {"proven": True}),
        ("coup.block", {"blocker": B, "character": "duke"}),
        ("coup.no_block", {}),
        ("coup.lose_influence", {"player": A, "character": "duke"}),
        ("coup.exchange_done", {}),
    ]:
        assert "Сейчас время объявления действия" in refused(g, kind, data)
    declare(g, A, "tax")
    assert "решения, оспаривает" in refused(g, "coup.declare", {"player": A, "action": "income"})


def test_cannot_afford_coup() -> None:
    """Переворот: стоит 7 монет — с меньшим запасом его не объявить."""
    g = new()
    tax(g, A), income(g, B), income(g, C)
    msg = refused(g, "coup.declare", {"player": A, "action": "coup", "target": B})
    assert "нужно 7 монет, а есть только 5" in msg and "«Переворот»" in msg


def test_target_rules() -> None:
    """Действия: цель — живой соперник; у общих действий без цели её нет."""
    g = new()
    assert "только соперник" in refused(
        g, "coup.declare", {"player": A, "action": "steal", "target": A}
    )
    assert "выбрать соперника" in refused(
        g, "coup.declare", {"player": A, "action": "steal", "target": None}
    )
    assert "выбрать соперника" in refused(
        g, "coup.declare", {"player": A, "action": "steal", "target": 9}
    )
    assert "нет цели" in refused(g, "coup.declare", {"player": A, "action": "income", "target": B})
    assert "в игре нет" in refused(
        g, "coup.declare", {"player": A, "action": "bribe", "target": None}
    )
    assert "«player»" in refused(g, "coup.declare", {"player": True, "action": "income"})


def test_target_exiled() -> None:
    """Покровители: потерявший всех покровителей в ссылке — его нельзя выбрать целью."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "captain")
    declare(g, B, "tax")
    g.push("coup.challenge", {"challenger": C})
    g.push("coup.challenge_result", {"proven": False})
    lose(g, B, "captain")
    msg = refused(g, "coup.declare", {"player": C, "action": "steal", "target": B})
    assert "в ссылке" in msg
    assert legal_declarations(g.state)[3] == {"action": "steal", "targets": [A]}


def test_no_influence_left_cannot_challenge_or_block() -> None:
    """Покровители: без покровителей нельзя ни оспаривать, ни запрещать (даже до конца хода)."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "duke")  # Борис: 1 influence
    income(g, B), income(g, C)
    declare(g, A, "steal", C)
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "captain")  # Борис: 0, exiled when the steal finishes
    assert not g.state.exiled[B] and g.state.influence[B] == 0
    g.push("coup.block", {"blocker": C, "character": "ambassador"})
    msg = refused(g, "coup.challenge", {"challenger": B})
    assert "покровителей не осталось" in msg and "«Покровители»" in msg
    assert waiting_for(g.state) == [A]


def test_no_influence_left_cannot_block() -> None:
    """Покровители: цель, проигравшая оспаривание последним покровителем, уже не запрещает."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "duke")  # Борис: 1 influence
    income(g, B), income(g, C)
    declare(g, A, "assassinate", B)
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    lose(g, B, "captain")
    # no block window for a target without influence: the turn is over
    assert awaiting(g.state) == "action" and g.state.exiled[B] and g.state.current == C
    declare(g, C, "foreign_aid")
    msg = refused(g, "coup.block", {"blocker": B, "character": "duke"})
    assert "покровителей не осталось" in msg and "«Покровители»" in msg
    assert block_options(g.state) == {A: ["duke"]}


def test_challenger_rules() -> None:
    """Оспаривание: оспорить может любой другой игрок, но не сам заявивший."""
    g = new()
    declare(g, A, "tax")
    assert "собственное" in refused(g, "coup.challenge", {"challenger": A})
    assert "Такого игрока" in refused(g, "coup.challenge", {"challenger": 5})
    g.push("coup.challenge", {"challenger": B})
    assert "«да» или «нет»" in refused(g, "coup.challenge_result", {"proven": "yes"})


def test_blocker_can_be_challenged_by_actor_but_not_by_self() -> None:
    """Оспаривание: запрет вправе оспорить и сам игрок, и посторонний — только не сам
    запретивший."""
    g = new()
    declare(g, A, "foreign_aid")
    g.push("coup.block", {"blocker": B, "character": "duke"})
    assert "собственное" in refused(g, "coup.challenge", {"challenger": B})
    assert waiting_for(g.state) == [A, C]


def test_fourth_copy_cannot_be_revealed() -> None:
    """Состав игры: по 3 карты каждого покровителя — четвёртую раскрыть нельзя, показать тоже."""
    g = new(4)
    D = 3
    for loser in (B, C, D):  # each loses a challenge against Аня's Duke and reveals a Duke
        declare(g, A, "tax")
        g.push("coup.challenge", {"challenger": loser})
        g.push("coup.challenge_result", {"proven": True})
        lose(g, loser, "duke")
        if loser != D:
            income(g, B), income(g, C), income(g, D)
    assert unseen(g.state)["duke"] == 0 and g.state.current == B
    declare(g, B, "tax")
    g.push("coup.challenge", {"challenger": A})
    msg = refused(g, "coup.challenge_result", {"proven": True})
    assert "Все 3 карты «Герцог» уже раскрыты" in msg and "«Состав игры»" in msg
    assert legal_events(g.state) == [("coup.challenge_result", {"proven": False})]
    g.push("coup.challenge_result", {"proven": False})
    msg = refused(g, "coup.lose_influence", {"player": B, "character": "duke"})
    assert "четвёртой" in msg
    lose(g, B, "contessa")
    assert g.state.exiled[B]


def test_lose_influence_rules() -> None:
    """Покровители: карту раскрывает тот, кто теряет покровителя, и выбирает её сам."""
    g = new()
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": True})
    assert "теряет Борис" in refused(g, "coup.lose_influence", {"player": C, "character": "duke"})
    assert "нет" in refused(g, "coup.lose_influence", {"player": B, "character": "joker"})
    lose(g, B, "contessa")
    assert g.state.revealed[B] == ["contessa"]


def test_malformed_events_refused() -> None:
    """Ход игры: незнакомые события и лишние поля отклоняются."""
    g = new()
    assert "нет события" in refused(g, "coup.pass", {})
    assert "нет полей" in refused(g, "coup.declare", {"player": A, "action": "income", "x": 1})
    assert refusal(g.state, "coup.declare", {"player": A, "action": "income"}) is None


# -- helpers for the UI -------------------------------------------------------------------------
def test_unseen_counts() -> None:
    """Состав игры: по 3 карты каждого вида — «ещё не видели» = 3 − раскрытые."""
    g = new()
    assert unseen(g.state) == {c: 3 for c in CHARACTERS}
    declare(g, A, "tax")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": False})
    lose(g, A, "assassin")
    assert unseen(g.state)["assassin"] == 2 and sum(unseen(g.state).values()) == 14


def test_block_options_per_action() -> None:
    """Запрет действия: кто и каким покровителем может запретить каждое действие."""
    s = new(4).state
    assert block_options(s, "foreign_aid", A, None) == {1: ["duke"], 2: ["duke"], 3: ["duke"]}
    assert block_options(s, "assassinate", A, 2) == {2: ["contessa"]}
    assert block_options(s, "steal", A, 3) == {3: ["captain", "ambassador"]}
    for action in ("income", "coup", "tax", "exchange"):
        assert block_options(s, action, A, 1) == {}
    assert block_options(s) == {}


def test_legal_declarations_at_start() -> None:
    """Действия: в начале партии доступно всё, на что хватает монет (не переворот и не убийство)."""
    s = new().state
    got = {d["action"]: d["targets"] for d in legal_declarations(s)}
    assert got == {
        "income": None,
        "foreign_aid": None,
        "tax": None,
        "steal": [B, C],
        "exchange": None,
    }


def test_explain_and_projected() -> None:
    """Ход игры: приложение заранее объясняет, что произойдёт при каждом исходе."""
    g = new()
    assert explain(g.state).startswith("Ходит Аня (2 монеты)")
    declare(g, A, "steal", B)
    assert projected(g.state) == "Аня заберёт у Бориса 2 монеты (станет 4)"
    text = explain(g.state)
    assert text == "Аня заявляет Капитана (кража)."  # who may challenge: the buttons
    # what follows (the blocks still to come) is said once, in «Итог действия»
    assert expected_outcome(g.state) == (
        "если заявление устоит, без запрета Аня заберёт у Бориса 2 монеты (станет 4)"
    )
    g.push("coup.challenge", {"challenger": C})
    assert explain(g.state) == "Вика оспаривает заявление."
    assert "Не показан: Аня теряет покровителя, действие отменено." in expected_outcome(g.state)
    g.push("coup.challenge_result", {"proven": True})
    assert explain(g.state) == (
        "Аня замешивает Капитана в колоду двора и берёт новую карту. "
        "Вика теряет покровителя за оспаривание."
    )
    lose(g, C, "duke")
    assert explain(g.state) == "Запретить может Борис, заявив Капитана или Посла."
    g.push("coup.block", {"blocker": B, "character": "captain"})
    assert explain(g.state) == "Борис запрещает, заявив Капитана."
    g.push("coup.challenge", {"challenger": A})
    assert "запрет в силе" in expected_outcome(g.state)
    assert COUP.preview(g.state, "coup.challenge_result", {"proven": False}).startswith(
        "Борис не показывает Капитана"
    )
    with pytest.raises(RuleViolation):
        COUP.preview(g.state, "coup.no_block", {})


def test_active_player_phase_scores_describe() -> None:
    """Ход игры: чьё решение ждём, название шага, оставшиеся покровители, запись в журнале."""
    g = new()
    s = g.state
    assert COUP.active_player(s) == A and COUP.current_phase(s) == "Действие"
    income(g, A)
    assert g.log()[-1][1] == "Аня: доход +1 (3 монеты); ход переходит: Борис"
    declare(g, B, "steal", C)
    assert COUP.active_player(g.state) == B and COUP.current_phase(g.state) == "Оспаривание"
    g.push("coup.no_challenge", {})
    assert COUP.active_player(g.state) == C and COUP.current_phase(g.state) == "Запрет действия"
    g.push("coup.no_block", {})
    assert (
        g.log()[-1][1]
        == "Никто не запрещает; Борис +2 (4 монеты); Вика −2 (0 монет); ход переходит: Вика"
    )
    assert COUP.scores(g.state) == {0: 2.0, 1: 2.0, 2: 2.0}
    assert COUP.turn_number(g.state) == 3


# -- the worked example -------------------------------------------------------------------------
def test_rulebook_worked_example() -> None:
    """Пример игры: три раунда Наташи, Саши и Гриши, событие за событием."""
    N, S, G = 0, 1, 2
    g = Game.new(COUP, ["Наташа", "Саша", "Гриша"], clock=lambda: 0.0)
    assert g.state.court_deck == 9 and g.state.coins == [2, 2, 2]

    # Первый раунд
    declare(g, N, "tax")
    g.push("coup.no_challenge", {})
    assert g.state.coins[N] == 5
    declare(g, S, "exchange")  # a bluff nobody challenges
    g.push("coup.no_challenge", {})
    g.push("coup.exchange_done", {})
    assert g.state.coins[S] == 2
    declare(g, G, "tax")
    g.push("coup.challenge", {"challenger": S})
    g.push("coup.challenge_result", {"proven": True})  # Duke shown, replaced by a Contessa
    lose(g, S, "assassin")
    s = g.state
    assert s.coins == [5, 2, 5] and s.influence == [2, 1, 2] and s.court_deck == 9
    assert s.revealed == [[], ["assassin"], []]

    # Второй раунд
    tax(g, N)
    assert g.state.coins[N] == 8
    income(g, S)
    assert g.state.coins[S] == 3
    declare(g, G, "assassinate", N)
    assert g.state.coins[G] == 2
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": N, "character": "contessa"})
    g.push("coup.no_challenge", {})
    s = g.state
    assert s.coins == [8, 3, 2] and s.influence == [2, 1, 2]

    # Третий раунд
    declare(g, N, "coup", G)
    assert g.state.coins[N] == 1
    lose(g, G, "contessa")
    declare(g, S, "steal", G)
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": G, "character": "ambassador"})
    g.push("coup.challenge", {"challenger": S})
    g.push("coup.challenge_result", {"proven": False})
    lose(g, G, "assassin")
    s = g.state
    assert s.coins == [1, 5, 0] and s.influence == [2, 1, 0]
    assert s.exiled == [False, False, True] and s.treasury == 45
    assert s.revealed == [[], ["assassin"], ["contessa", "assassin"]]
    assert s.current == N and g.outcome() is None  # «Игра продолжается...»
    assert unseen(s) == {"duke": 3, "assassin": 1, "captain": 3, "ambassador": 3, "contessa": 2}
    assert len(g.events) == 24


# -- properties ---------------------------------------------------------------------------------
def _finishing(events: list[tuple[str, dict]]) -> tuple[str, dict]:
    """A policy that always ends the game: coup when possible, else income; never object."""
    for kind, data in events:
        if kind == "coup.declare" and data["action"] == "coup":
            return kind, data
    for kind, data in events:
        if kind in (
            "coup.no_challenge",
            "coup.no_block",
            "coup.exchange_done",
            "coup.lose_influence",
        ):
            return kind, data
        if kind == "coup.declare" and data["action"] == "income":
            return kind, data
        if kind == "coup.challenge_result":
            return kind, data
    return events[0]


def _check_invariants(s: CoupState) -> None:
    assert bank(s) == TOTAL_COINS
    assert s.treasury >= 0 and all(c >= 0 for c in s.coins)
    assert all(0 <= k <= 2 for k in s.influence)
    for i, k in enumerate(s.influence):
        assert len(s.revealed[i]) == 2 - k
        if s.exiled[i]:
            assert s.coins[i] == 0 and k == 0
    assert all(v >= 0 for v in unseen(s).values())


def play_random(n: int, first: int, seed: int, budget: int = 250) -> CoupState:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(n)]
    from companion.engine.core import PlayerSpec, Setup

    setup = Setup("coup", tuple(PlayerSpec(x, "#000000") for x in names), first, {})
    COUP.validate_setup(setup)
    state = COUP.initial_state(setup)
    steps = 0
    while COUP.outcome(state) is None:
        options = legal_events(state)
        assert options, "a running game always has a legal event"
        kind, data = rng.choice(options) if steps < budget else _finishing(options)
        event = Event(steps + 1, kind, data, 0.0)
        COUP.check(state, event)
        COUP.apply(state, event)
        _check_invariants(state)
        steps += 1
        assert steps < budget + 400
    return state


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=2, max_value=6),
    first=st.integers(min_value=0, max_value=5),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_random_games_keep_invariants(n: int, first: int, seed: int) -> None:
    """Ход игры, Покровители, Цель игры: в любой партии 51 монета на месте, 0..2 покровителя,
    у выбывших нет монет, в конце ровно один победитель."""
    state = play_random(n, first % n, seed)
    winners = [i for i, k in enumerate(state.influence) if k > 0]
    assert len(winners) == 1
    assert COUP.outcome(state).winners == (winners[0],)
    assert sum(state.exiled) == n - 1 and not state.exiled[winners[0]]
    assert state.pending is None and awaiting(state) == "over"


_WILD_TYPES = sorted(
    {
        "coup.declare",
        "coup.challenge",
        "coup.no_challenge",
        "coup.challenge_result",
        "coup.block",
        "coup.no_block",
        "coup.lose_influence",
        "coup.exchange_done",
    }
)


def _wild_event(rng: random.Random, n: int) -> tuple[str, dict]:
    kind = rng.choice(_WILD_TYPES)
    who = rng.randrange(n)
    char = rng.choice(CHARACTERS)
    data = {
        "coup.declare": {
            "player": who,
            "action": rng.choice(list(ACTIONS)),
            "target": rng.choice([None, rng.randrange(n)]),
        },
        "coup.challenge": {"challenger": who},
        "coup.challenge_result": {"proven": rng.random() < 0.5},
        "coup.block": {"blocker": who, "character": char},
        "coup.lose_influence": {"player": who, "character": char},
    }.get(kind, {})
    return kind, data


@settings(max_examples=150, deadline=None)
@given(n=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_check_accepts_exactly_the_legal_events(n: int, seed: int) -> None:
    """Действия, Запрет действия, Оспаривание: check принимает ровно события из legal_events."""
    rng = random.Random(seed)
    g = Game.new(COUP, [f"P{i}" for i in range(n)], clock=lambda: 0.0)
    for _ in range(60):
        if g.is_over():
            break
        legal = legal_events(g.state)
        for _ in range(8):
            kind, data = _wild_event(rng, n)
            ok = refusal(g.state, kind, data) is None
            assert ok == ((kind, data) in legal), (kind, data)
        kind, data = rng.choice(legal)
        g.push(kind, data)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=2, max_value=6), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_undo_after_push_is_identity(n: int, seed: int) -> None:
    """Ход игры: отмена последнего события возвращает ровно прежнее состояние."""
    rng = random.Random(seed)
    g = Game.new(COUP, [f"P{i}" for i in range(n)], clock=lambda: 0.0)
    for _ in range(40):
        if g.is_over():
            break
        before = copy.deepcopy(g.state)
        kind, data = rng.choice(legal_events(g.state))
        g.push(kind, data)
        after = copy.deepcopy(g.state)
        g.undo()
        assert g.state == before
        g.redo()
        assert g.state == after
        assert g.log()[-1][0].type == kind


def test_an_exchange_returns_two_of_the_cards_held_then() -> None:
    """Посол: обмен — the two drawn cards join those still face down and two go back: «2 из
    4» with two influences, «2 из 3» with one left."""
    g = new()
    declare(g, A, "exchange")
    assert projected(g.state).endswith("вернёт туда 2 из 4")
    g.push("coup.challenge", {"challenger": B})
    g.push("coup.challenge_result", {"proven": False})
    lose(g, A, "duke")
    assert g.state.influence[A] == 1
    for p in (B, C):  # to Аня's turn again
        declare(g, p, "income")
    declare(g, A, "exchange")
    assert projected(g.state).endswith("вернёт туда 2 из 3")


#: Александрина assassinates Аня, Аня blocks with a Contessa she does not have, Владислав
#: challenges the block and Аня cannot show it: she loses a card for the bluff, then the
#: assassination takes the other one («Опасность заказного убийства»).
DOUBLE_LOSS = [
    *[("coup.declare", {"player": p, "action": "income", "target": None}) for p in range(3)],
    ("coup.declare", {"player": 0, "action": "assassinate", "target": 1}),
    ("coup.no_challenge", {}),
    ("coup.block", {"blocker": 1, "character": "contessa"}),
    ("coup.challenge", {"challenger": 2}),
    ("coup.challenge_result", {"proven": False}),
]


def test_a_player_losing_both_cards_sees_two_different_steps():
    """«Опасность заказного убийства»: a target who loses a challenge of its block, then the
    assassination, reveals both cards, one step after the other. The first step says so (its
    phase «Потеря покровителя: обе карты», :func:`loses_both`), the second is the ordinary
    one — two screens a double tap cannot mistake for one."""
    from companion.engine import Game
    from companion.engine.coup import COUP, awaiting, loses_both

    g = Game.new(COUP, ["Александрина", "Аня", "Владислав"], clock=lambda: 0.0)
    for kind, data in DOUBLE_LOSS:
        g.push(kind, data)
    assert awaiting(g.state) == "lose_influence" and loses_both(g.state)
    first = COUP.phase_label(g.state)
    assert first == "Потеря покровителя: обе карты"
    g.push("coup.lose_influence", {"player": 1, "character": "captain"})
    assert awaiting(g.state) == "lose_influence" and not loses_both(g.state)
    assert COUP.phase_label(g.state) == "Потеря покровителя" != first
    g.push("coup.lose_influence", {"player": 1, "character": "duke"})
    assert g.state.influence[1] == 0
