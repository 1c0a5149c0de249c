"""Замес: referee gaps of issue 14 (replacement bases, base cards, plays by phase, the finish).

Rulebooks: 000 («Мишки, бабки, рок-н-ролл», ``bbrr``) and 001 («Мимими», ``mimimi``).
"""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Game
from companion.engine.smashup import (
    CHECK,
    PLAY,
    SMASHUP,
    base_card_error,
    plays_left,
    plays_now,
    status_note,
)
from companion.errors import RuleViolation, SetupError

NAMES = ["Аня", "Борис", "Вера"]
DECKS = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]]


def card(name: str, breakpoint: int = 20, vp: tuple[int, int, int] = (4, 2, 1)) -> dict:
    return {"name": name, "breakpoint": breakpoint, "vp": list(vp)}


def new_game(edition: str = "bbrr", **options) -> Game:
    g = Game.new(
        SMASHUP,
        NAMES,
        options={"edition": edition, "factions": DECKS, **options},
        clock=lambda: 0.0,
    )
    for i in range(4):
        g.push("base.add", {"base_card": card(f"База {i}", 10 + i, (3, 2, 1))})
    g.push("game.start")
    return g


def to_phase(g: Game, phase: int) -> None:
    while g.state.phase != phase:
        g.push("phase.next")


def refused(g: Game, type: str, data: dict) -> RuleViolation:
    before = copy.deepcopy(g.state)
    with pytest.raises(RuleViolation) as err:
        g.push(type, data)
    assert g.state == before
    return err.value


def ready_to_score(g: Game, base: int = 0, power: int = 10) -> None:
    g.push("base.set", {"base": base, "player": 0, "power": power, "minions": 1})
    to_phase(g, CHECK)


# -- «Разойтись по углам!» ---------------------------------------------------------------------
@pytest.mark.parametrize("edition", ["bbrr", "mimimi"])
def test_a_scored_base_is_replaced_in_the_same_move(edition):
    """Разойтись по углам!: the scored base goes to the discard and a new one takes its
    place; scoring without naming it is refused: in «Мимими» the refusal offers the empty
    deck, in «Мишки» (where a base always comes) it says how to get one when the deck is
    empty instead."""
    g = new_game(edition)
    ready_to_score(g)
    err = refused(g, "base.score", {"base": 0, "base_card": None})
    assert err.rule == "Разойтись по углам!"
    if edition == "mimimi":
        assert "отметьте, что колода баз пуста" in err.message
    else:
        assert "перемешанного сброса" in err.message and "отметьте" not in err.message
    err = refused(g, "base.score", {"base": 0})
    assert err.rule == "Разойтись по углам!"
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    assert g.state.bases[0].name == "Новая" and len(g.state.bases) == 4


def test_bbrr_reshuffles_the_base_discard_instead_of_an_empty_deck():
    """Разойтись по углам! (smashup-bbrr): an empty base deck is refilled from the discard,
    so «колода баз пуста» is refused there."""
    g = new_game("bbrr")
    ready_to_score(g)
    err = refused(g, "base.score", {"base": 0, "base_card": None, "deck_empty": True})
    assert "перемешайте сброс баз" in err.message and err.rule == "Разойтись по углам!"


def test_mimimi_plays_on_with_fewer_bases_when_the_deck_is_empty():
    """Разойтись по углам! (smashup-mimimi): a new base comes only if the deck has one."""
    g = new_game("mimimi")
    ready_to_score(g)
    g.push("base.score", {"base": 0, "base_card": None, "deck_empty": True})
    assert len(g.state.bases) == 3


def test_a_new_base_and_an_empty_deck_at_once_are_refused():
    g = new_game("mimimi")
    ready_to_score(g)
    refused(g, "base.score", {"base": 0, "base_card": card("Новая"), "deck_empty": True})
    refused(g, "base.score", {"base": 0, "base_card": card("Новая"), "deck_empty": "да"})


# -- base cards --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("bad", "field"),
    [
        (card("Пустырь", 0), "Оборона базы «Пустырь»"),
        (card("Пустырь", -2), "Оборона базы «Пустырь»"),
        (card("Пустырь", 12, (2, 4, 1)), "Очки базы «Пустырь» за места идут по убыванию"),
        (card("Пустырь", 12, (4, 1, 2)), "Очки базы «Пустырь» за места идут по убыванию"),
        (card("Пустырь", 12, (4, 2, -1)), "три числа очков"),
    ],
)
def test_base_cards_need_a_breakpoint_and_falling_vp(bad, field):
    """Раздача очков: the left value is for 1st place, then 2nd, then 3rd (1st ≥ 2nd ≥ 3rd
    ≥ 0); a base has a breakpoint of at least 1 (Большой куш). The field is named."""
    assert field in base_card_error(bad)
    g = new_game()
    err = refused(g, "base.add", {"base_card": bad})
    assert field in err.message
    ready_to_score(g)
    refused(g, "base.score", {"base": 0, "base_card": bad})
    with pytest.raises(SetupError, match=field.split(" за")[0]):
        Game.new(SMASHUP, NAMES[:2], options={"bases": [bad]})


def test_equal_vp_for_neighbouring_places_is_a_valid_base():
    """Раздача очков: values may repeat (e.g. 2/2/1) — they only never grow."""
    assert base_card_error(card("Ровная", 15, (2, 2, 1))) is None
    assert base_card_error(card("Нулевая", 15, (3, 0, 0))) is None


# -- plays by phase ----------------------------------------------------------------------------
@pytest.mark.parametrize("phase", [0, 2, 3, 4])
def test_cards_are_recorded_in_the_play_phase(phase):
    """Играй карты: the free minion and action are played in that phase; in another phase a
    play is refused, naming the rule («Всё остальное»)."""
    g = new_game()
    to_phase(g, phase)
    err = refused(g, "play.record", {"kind": "minion"})
    assert err.rule == "Всё остальное" and "Играй карты" in err.message
    assert plays_now(g.state)["minion"] == 0


def test_an_extra_play_outside_the_play_phase_is_played_at_once_when_marked():
    """Всё остальное: an extra play a card grants outside «Играй карты» is played at once;
    it is accepted only marked ``extra`` and only if granted; its log line says so."""
    g = new_game()
    to_phase(g, CHECK)
    err = refused(g, "play.record", {"kind": "minion", "extra": True})
    assert err.rule == "Добавочные карты"
    g.push("play.grant", {"kind": "minion", "count": 1})
    assert plays_now(g.state) == {"minion": 1, "action": 0}
    g.push("play.record", {"kind": "minion", "extra": True})
    line = g.log()[-1][1]
    assert "добавочного приспешника вне фазы «Играй карты» — сразу" in line
    refused(g, "play.record", {"kind": "minion", "extra": True})
    assert plays_now(g.state)["minion"] == 0


def test_mimimi_cites_its_own_heading_for_extra_plays():
    """Добавочные карты (smashup-mimimi): a special ability's extra play is played at once."""
    g = new_game("mimimi")
    err = refused(g, "play.record", {"kind": "action"})
    assert err.rule == "Добавочные карты"


def test_an_extra_granted_before_the_play_phase_leaves_the_free_play():
    """Добавочные карты: an extra minion granted at the start of the turn and played at once
    does not use up the turn's free minion."""
    g = new_game()
    g.push("play.grant", {"kind": "minion", "count": 1})
    g.push("play.record", {"kind": "minion", "extra": True})
    to_phase(g, PLAY)
    assert plays_left(g.state)["minion"] == 1
    g.push("play.record", {"kind": "minion"})
    refused(g, "play.record", {"kind": "minion"})


def test_an_extra_not_played_at_once_is_gone_when_the_phase_ends():
    """Всё остальное: an extra play granted outside «Играй карты» is played at once or never;
    the phase change drops it and the log says so."""
    g = new_game()
    g.push("play.grant", {"kind": "minion", "count": 1})  # «Начало хода»
    g.push("phase.next")
    assert g.log()[-1][1] == (
        "Фаза «Играй карты»; несыгранная добавочная карта (приспешник) пропадает (Всё остальное)"
    )
    assert plays_left(g.state) == {"minion": 1, "action": 1}
    refused(g, "play.record", {"kind": "minion", "extra": True})
    g.push("play.record", {"kind": "minion"})
    refused(g, "play.record", {"kind": "minion"})


def test_extras_granted_in_the_play_phase_end_with_it():
    """Добавочные карты: extras from the play phase are used in it; after it none is left,
    and one already used by an unmarked play stays counted."""
    g = new_game()
    to_phase(g, PLAY)
    g.push("play.grant", {"kind": "minion", "count": 2})
    g.push("play.record", {"kind": "minion"})
    g.push("play.record", {"kind": "minion"})  # the first extra
    g.push("phase.next")
    assert plays_left(g.state)["minion"] == 0 and g.state.extra["minion"] == 1
    refused(g, "play.record", {"kind": "minion", "extra": True})


def test_free_plays_not_made_in_the_play_phase_are_gone_after_it():
    """Играй карты: the free plays belong to that phase; afterwards only granted extras."""
    g = new_game()
    to_phase(g, PLAY)
    assert plays_left(g.state) == {"minion": 1, "action": 1}
    g.push("phase.next")
    assert plays_left(g.state) == {"minion": 0, "action": 0}


def test_extra_flag_must_be_yes_or_no():
    g = new_game()
    to_phase(g, PLAY)
    refused(g, "play.record", {"kind": "minion", "extra": "да"})


plays = st.lists(
    st.one_of(
        st.just(("phase.next", {})),
        st.builds(
            lambda k: ("play.grant", {"kind": k, "count": 1}), st.sampled_from(["minion", "action"])
        ),
        st.builds(
            lambda k, x: ("play.record", {"kind": k, "extra": x}),
            st.sampled_from(["minion", "action"]),
            st.booleans(),
        ),
    ),
    max_size=30,
)


@settings(max_examples=80, deadline=None)
@given(plays)
def test_plays_never_exceed_free_and_granted_ones(moves):
    """Добавочные карты, Всё остальное: whatever is tapped, plays made never exceed one free
    play plus the extras granted, plays marked extra never exceed the grants, and every
    unmarked play was made in «Играй карты»."""
    g = new_game()
    for kind, data in moves:
        phase, turn = g.state.phase, g.state.turn
        try:
            g.push(kind, data)
        except RuleViolation:
            continue
        s = g.state
        for k in ("minion", "action"):
            assert s.used[k] <= 1 + s.extra[k]
            assert s.extra_used[k] <= s.extra[k]
        if kind == "play.record" and not data["extra"]:
            assert phase == PLAY and s.turn == turn


# -- «Игра окончена» ---------------------------------------------------------------------------
def test_a_tie_at_15_is_not_an_end_and_the_status_says_play_goes_on():
    """Игра окончена: with the lead shared at 15+ there is no draw — play goes on."""
    g = new_game()
    assert SMASHUP.status_note(g.state) is None
    g.push("vp.adjust", {"player": 0, "delta": 15})
    assert SMASHUP.status_note(g.state) == "Есть 15+"
    assert "если в конце хода лидер будет один" in SMASHUP.status_detail(g.state)
    g.push("vp.adjust", {"player": 1, "delta": 15})
    note = SMASHUP.status_note(g.state)
    assert note == "Поровну!"
    detail = SMASHUP.status_detail(g.state)
    assert detail.startswith("Поровну (15) — играем дальше") and "ничьих нет" in detail
    to_phase(g, 4)
    g.push("phase.next")
    assert g.outcome() is None and g.state.turn == 2
    assert status_note(g.state) == note


def _fifteen_by_scoring(g: Game) -> None:
    g.push("vp.adjust", {"player": 0, "delta": 12})
    ready_to_score(g)
    g.push("base.score", {"base": 0, "base_card": card("Новая")})
    assert g.state.vp[0] == 15


def test_by_default_the_15_vp_check_runs_at_the_end_of_the_turn_in_both_editions():
    """Игра окончена: «к концу любого хода» — both editions check when the turn ends."""
    for edition in ("bbrr", "mimimi"):
        g = new_game(edition)
        _fifteen_by_scoring(g)
        g.push("phase.next")  # leave «Проверь базы»
        assert g.outcome() is None
        g.push("phase.next")
        g.push("phase.next")  # end of the turn
        out = g.outcome()
        assert out is not None and out.winners == (0,) and out.reason.startswith("В конце хода")


def test_mimimi_option_checks_15_vp_right_after_scoring():
    """3. Проверь базы (smashup-mimimi): with ``win_check: after_scoring`` the game ends as
    soon as «Проверь базы» is over, with the reason saying so."""
    g = new_game("mimimi", win_check="after_scoring")
    _fifteen_by_scoring(g)
    assert g.outcome() is None
    g.push("phase.next")
    out = g.outcome()
    assert out is not None and out.winners == (0,)
    assert out.reason.startswith("После захвата баз")
    assert g.log()[-1][1] == "Базы захвачены — игра окончена: побеждает Аня"


def test_after_scoring_check_is_a_mimimi_option_only():
    """Конец хода (smashup-bbrr): the newer rules check 15 VP only at the end of the turn."""
    with pytest.raises(SetupError, match="только правила «Мимими»"):
        Game.new(SMASHUP, NAMES, options={"edition": "bbrr", "win_check": "after_scoring"})
    with pytest.raises(SetupError, match="win_check"):
        Game.new(SMASHUP, NAMES, options={"edition": "mimimi", "win_check": "never"})
