"""Переворот: the action's expected result («Итог действия») follows blocks and challenges.

Issue 14: with a block pending the screen said «Наташа потеряет покровителя» although the
block, if it stands, saves her. :func:`expected_outcome` says what happens if the block stands
(«Запрет действия») and if it falls to a challenge («Оспаривание»).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Game
from companion.engine.coup import (
    COUP,
    awaiting,
    claimed,
    expected_outcome,
    explain,
    legal_events,
    projected,
    shown_answer,
)

NAMES = ["Аня", "Борис", "Наташа"]


def new() -> Game:
    return Game.new(COUP, NAMES, clock=lambda: 0.0)


def income_round(g: Game) -> None:
    for p in range(3):
        g.push("coup.declare", {"player": p, "action": "income", "target": None})


def assassination_blocked_by_natasha() -> Game:
    g = new()
    income_round(g)  # Аня has 3 coins
    g.push("coup.declare", {"player": 0, "action": "assassinate", "target": 2})
    return g


def test_no_action_under_way_has_no_expected_result():
    g = new()
    assert expected_outcome(g.state) == ""
    income_round(g)  # income resolves at once
    assert expected_outcome(g.state) == ""


def test_a_pending_block_says_the_target_keeps_her_influence():
    """Запрет действия: a block that stands stops the assassination, the 3 coins are not
    refunded; only if the block is challenged and was a bluff does Наташа lose a card."""
    g = assassination_blocked_by_natasha()
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": 2, "character": "contessa"})
    assert awaiting(g.state) == "block_challenge"
    assert projected(g.state) == "Наташа потеряет покровителя"  # the effect if it goes through
    assert expected_outcome(g.state) == (
        "если запрет устоит, Наташа сохранит покровителя, 3 монеты не вернутся; "
        "если нет, Наташа теряет обоих покровителей («Опасность заказного убийства»)"
    )


def test_a_challenged_block_depends_on_the_card_shown():
    """Оспаривание: the blocker shows the Contessa — the challenger loses a card, the block
    stands; if not, the blocker loses a card for the bluff and one to the assassination
    («Опасность заказного убийства»). One line per answer of the bar."""
    g = assassination_blocked_by_natasha()
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": 2, "character": "contessa"})
    g.push("coup.challenge", {"challenger": 0})
    assert expected_outcome(g.state) == (
        "Показана: Аня теряет покровителя, запрет в силе, 3 монеты не вернутся.\n"
        "Не показана: Наташа теряет обоих покровителей («Опасность заказного убийства»)."
    )


def test_a_block_that_stood_says_the_action_was_blocked():
    """Запрет действия: a proven block — the challenger loses a card, the action is off."""
    g = assassination_blocked_by_natasha()
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": 2, "character": "contessa"})
    g.push("coup.challenge", {"challenger": 0})
    g.push("coup.challenge_result", {"proven": True})
    assert awaiting(g.state) == "lose_influence"
    assert expected_outcome(g.state) == "запрет в силе, 3 монеты не вернутся"


def test_before_any_block_the_result_is_conditional():
    """Ход игры: challenges first, then blocks; the result holds only if neither stops it."""
    g = assassination_blocked_by_natasha()
    assert expected_outcome(g.state) == (
        "если заявление устоит, без запрета Наташа потеряет покровителя"
    )
    g.push("coup.no_challenge", {})
    assert expected_outcome(g.state) == "без запрета Наташа потеряет покровителя"


def test_steal_and_foreign_aid_blocked():
    """Посол/капитан, Герцог: a standing block means no coins move."""
    g = new()
    g.push("coup.declare", {"player": 0, "action": "steal", "target": 1})
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": 1, "character": "captain"})
    assert expected_outcome(g.state).startswith(
        "если запрет устоит, Аня ничего не заберёт у Бориса;"
    )
    g.push("coup.no_challenge", {})  # the block stands; Борис's turn
    g.push("coup.declare", {"player": 1, "action": "foreign_aid", "target": None})
    g.push("coup.block", {"blocker": 2, "character": "duke"})
    assert expected_outcome(g.state).startswith("если запрет устоит, Борис не получит монет;")


def test_a_steal_says_what_it_takes_and_from_whom_in_the_genitive():
    """«Капитан: кража»: two coins, the only one a player has, or — from a player with none —
    nothing, said in words (it read «заберёт у Бориса 0 монет»); «у Станислава» (it read
    «у Станиславска» in a play-test)."""
    g = Game.new(COUP, ["Аня", "Станислав", "Борис"], clock=lambda: 0.0)
    g.push("coup.declare", {"player": 0, "action": "steal", "target": 1})
    assert projected(g.state) == "Аня заберёт у Станислава 2 монеты (станет 4)"
    g = Game.new(COUP, ["Аня", "Станислав", "Борис"], clock=lambda: 0.0)
    g.state.coins[2] = 1
    g.push("coup.declare", {"player": 0, "action": "steal", "target": 2})
    assert projected(g.state) == "Аня заберёт у Бориса 1 монету (станет 3)"
    g = Game.new(COUP, ["Аня", "Станислав", "Борис"], clock=lambda: 0.0)
    g.state.coins[2] = 0
    g.push("coup.declare", {"player": 0, "action": "steal", "target": 2})
    said = expected_outcome(g.state)
    assert "0 монет" not in said
    assert said == (
        "если заявление устоит, без запрета Аня ничего не заберёт: у Бориса нет монет "
        "(«Капитан: кража»)"
    )


def test_a_failed_claim_refunds_the_cost():
    """Оспаривание: an unproven claim cancels the action and refunds what was paid."""
    g = assassination_blocked_by_natasha()
    g.push("coup.challenge", {"challenger": 1})
    g.push("coup.challenge_result", {"proven": False})
    assert expected_outcome(g.state) == "действие отменено, 3 монеты возвращены"


def test_an_unblockable_claim_only_waits_for_challenges():
    """Герцог: налог — it cannot be blocked, only challenged."""
    g = new()
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    assert expected_outcome(g.state) == "если заявление устоит, Аня получит 3 монеты (станет 5)"


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6))
def test_with_a_block_pending_the_result_always_says_what_a_standing_block_does(seed, n):
    """Запрет действия: on any reachable state with a block pending, «Итог действия» never
    states the action's effect as certain; it names what happens if the block stands."""
    rng = random.Random(seed)
    g = Game.new(COUP, [f"Игрок {i}" for i in range(n)], clock=lambda: 0.0)
    for _ in range(120):
        options = legal_events(g.state)
        if not options:
            break
        kind, data = rng.choice(options)
        g.push(kind, data)
        text = expected_outcome(g.state)
        if awaiting(g.state) == "block_challenge":
            assert text.startswith("если запрет устоит, ")
        if awaiting(g.state) == "block_challenge_result":
            first = text.split("\n")[0]
            yes, no = (shown_answer(claimed(g.state), p) for p in (True, False))
            assert (first.startswith(f"{yes}: ") and "запрет в силе" in first) or (
                "уже раскрыты" in explain(g.state) and text.startswith(f"{no}: ")
            )
        if g.state.pending is None:
            assert text == ""


def test_a_blocker_losing_the_last_card_is_not_promised_another_loss():
    """Item of a play-test, «Опасность заказного убийства», «Покровители»: Наташа, down to
    her last card, blocks Аня's assassin with a bluffed Contessa and Борис challenges. If she
    does not show it she loses that last card and is out: the assassination has nothing left
    to take. The texts said «Наташа теряет покровителя, и действие выполняется: Наташа
    потеряет покровителя», then «Наташа выбывает» beside an «Итог» of another loss."""
    g = new()
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.push("coup.challenge", {"challenger": 2})
    g.push("coup.challenge_result", {"proven": True})
    g.push("coup.lose_influence", {"player": 2, "character": "duke"})  # Наташа: 1 card
    g.push("coup.declare", {"player": 1, "action": "income", "target": None})
    g.push("coup.declare", {"player": 2, "action": "income", "target": None})
    g.push("coup.declare", {"player": 0, "action": "assassinate", "target": 2})
    assert expected_outcome(g.state) == (
        "если заявление устоит, без запрета Наташа потеряет последнего покровителя"
    )
    g.push("coup.no_challenge", {})
    g.push("coup.block", {"blocker": 2, "character": "contessa"})
    assert expected_outcome(g.state).endswith("если нет, Наташа теряет последнего покровителя")
    g.push("coup.challenge", {"challenger": 1})
    assert expected_outcome(g.state).endswith(
        "\nНе показана: Наташа теряет последнего покровителя."
    )
    g.push("coup.challenge_result", {"proven": False})
    assert awaiting(g.state) == "lose_influence"
    assert explain(g.state) == (
        "Наташа теряет последнего покровителя за неподтверждённое заявление и выбывает."
    )
    assert expected_outcome(g.state) == "убийству нечего отнять"
    g.push("coup.lose_influence", {"player": 2, "character": "ambassador"})
    assert g.state.exiled[2] and g.state.influence == [2, 2, 0]  # one loss, not two


def test_a_challenger_losing_the_last_card_to_a_real_assassin():
    """Оспаривание: Наташа (one card) challenges the Assassin aimed at her and it is shown —
    she is out, and the assassination takes nothing more."""
    g = new()
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.push("coup.challenge", {"challenger": 2})
    g.push("coup.challenge_result", {"proven": True})
    g.push("coup.lose_influence", {"player": 2, "character": "duke"})
    g.push("coup.declare", {"player": 1, "action": "income", "target": None})
    g.push("coup.declare", {"player": 2, "action": "income", "target": None})
    g.push("coup.declare", {"player": 0, "action": "assassinate", "target": 2})
    g.push("coup.challenge", {"challenger": 2})
    assert expected_outcome(g.state).startswith("Показан: Наташа теряет последнего покровителя.\n")
    g.push("coup.challenge_result", {"proven": True})
    assert expected_outcome(g.state) == "убийству нечего отнять"


def test_a_card_whose_three_copies_are_revealed_has_no_shown_answer():
    """«Состав игры»: three Dukes in the box. With all three revealed a challenged Duke
    cannot be shown: the step says so and gives only the «Не показан» answer."""
    g = new()
    for actor, challenger in ((0, 1), (1, 2), (2, 0)):  # each loses a Duke to a real Duke
        g.push("coup.declare", {"player": actor, "action": "tax", "target": None})
        g.push("coup.challenge", {"challenger": challenger})
        g.push("coup.challenge_result", {"proven": True})
        g.push("coup.lose_influence", {"player": challenger, "character": "duke"})
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.push("coup.challenge", {"challenger": 1})
    assert explain(g.state) == "Борис оспаривает заявление. Все три карты «Герцог» уже раскрыты."
    assert expected_outcome(g.state) == (
        "Не показан: Аня теряет последнего покровителя, действие отменено."
    )
