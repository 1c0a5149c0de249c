"""The Munchkin board's words without a screen (:mod:`companion.present.munchkin`): a refusal
headed by its player or with its rule first, «От щедрот»'s notice and last hand, the gear
notice and a fight refused whatever the monster; the board says them
(tests/ui/test_munchkin_refusals.py, tests/ui/test_munchkin_charity_dialog.py)."""

from __future__ import annotations

from companion.engine.munchkin import HAND_LIMIT
from companion.present.munchkin import (
    about_player,
    charity_notice,
    fight_refusal,
    gear_notice,
    last_hand,
    rule_first,
)
from companion.store import GameStore
from companion.ui.state import Hub


def test_a_long_refusal_puts_its_rule_first_and_a_short_one_stays():
    short = "Уровень не ниже 1 (Бой)."
    assert rule_first(short) == short
    long = (
        "В этот ход монстр уже был; второго боя в этой фазе нет, "
        "только «Чистим нычки» («Фазы хода»)."
    )
    assert rule_first(long).startswith("Фазы хода: В этот ход монстр уже был;"), rule_first(long)
    plain = "x" * 100  # no rule named at the end: as it is
    assert rule_first(plain) == plain


def test_a_refusal_about_a_player_is_headed_by_the_name_and_keeps_abbreviations():
    assert about_player("Аня", "Уровень уже 1-й") == "Аня: уровень уже 1-й"
    assert about_player("Аня", "ПО не меняются") == "Аня: ПО не меняются"


def test_charity_notice_counts_cards_and_the_discard():
    names = ["Аня", "Борис", "Вика"]
    assert charity_notice(names, [0, 1, 2], 0) == "От щедрот: Борис 1 карта, Вика 2 карты"
    assert charity_notice(names, [0, 0, 0], 5) == "От щедрот: в сброс 5 карт"
    assert charity_notice(names, [0, 0, 0], 0) == ""


def test_gear_below_zero_is_said_with_the_minus_sign_and_the_rule():
    said = gear_notice("Аня", -3)
    assert said.startswith("Аня: бонус шмоток −3 — ") and "«Бой»" in said, said


def test_last_hand_and_a_fight_refused_come_from_the_game(tmp_path):
    hub = Hub(GameStore(tmp_path))
    g = hub.create("munchkin", ["Борис", "Вика", "Гоша"], first_player=0)
    game = hub.open(g.id).game
    assert last_hand(game) == HAND_LIMIT + 1
    assert fight_refusal(game) == ""  # «Вышибаем дверь»: a fight may start
    hub.push(g.id, "combat.start", {"monster": {"name": "Печень", "level": 1}})
    assert fight_refusal(hub.open(g.id).game) != ""  # one fight at a time


def test_the_verdict_says_who_wins_and_what_the_players_still_need():
    from companion.engine.munchkin import CombatTotals
    from companion.present.munchkin import verdict_text

    assert verdict_text(CombatTotals(10, 8, True)) == "Побеждают манчкины"
    assert verdict_text(CombatTotals(8, 8, False)) == "Ничья: побеждают монстры"
    assert verdict_text(CombatTotals(5, 8, False)) == "Монстры сильнее: нужно ещё +4"


def test_charity_gives_odd_cards_to_the_picked_and_says_the_treasures():
    from companion.present.munchkin import charity_gifts, treasures_to_draw

    # Борис (0) holds 9: 4 over the limit to Вика and Гоша (level 1), 2 each
    plan, chosen, gifts = charity_gifts(0, 9, (3, 1, 1), None)
    assert plan.surplus == 4 and plan.extra == 0 and chosen == [] and gifts == [0, 2, 2]
    plan, chosen, gifts = charity_gifts(0, 10, (3, 1, 1), [2])
    assert plan.extra == 1 and chosen == [2] and gifts == [0, 2, 3], gifts
    assert treasures_to_draw(2) == "тянуть 2 сокровища"
