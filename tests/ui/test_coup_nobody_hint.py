"""Coup's pinned bar says what «Никто» leads to, and only that (in-process, the real app on a
real Flet session: :mod:`tests.ui.render_tree`).

Play-test: at «Кто-то оспаривает?» the bar's hint repeated «Итог действия» above it
(«Если никто: Вика +3 (5 монет)» under «Итог действия: … Вика получит 3 монеты»), and at
«Кто-то запрещает?» it repeated the explanation («Если никто не запретит: …»). Now the hint
says the next step («дальше — запрет», «дальше — обмен картами») or that the turn passes and
to whom; what the action does is said once, in «Итог действия».
"""

from __future__ import annotations

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt


def _declare(hub: Hub, gid: str, player: int, action: str, target: int | None = None) -> None:
    hub.push(gid, "coup.declare", {"player": player, "action": action, "target": target})


async def _shown(data, moves) -> dict[str, str]:
    """The bar's hint, the step's explanation and «Итог действия» on screen after ``moves``."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    moves(hub, g.id)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return {
        c.identifier: c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier in ("preview", "explain", "outcome")
    }


def _once(shown: dict[str, str], text: str) -> bool:
    return sum(label.count(text) for label in shown.values()) == 1


def test_the_challenge_step_says_the_gain_once(tmp_path):
    """«Герцог: налог» at «Кто-то оспаривает?»: the gain is in «Итог действия» alone; the bar
    says the turn passes with «Никто»."""
    shown = rt.run(_shown(tmp_path, lambda hub, gid: _declare(hub, gid, 0, "tax")))
    assert shown["preview"] == "Если никто: действие выполнено; ход переходит: Борис"
    assert "Аня получит 3 монеты (станет 5)" in shown["outcome"]
    assert _once(shown, "3 монеты") and "+3" not in shown["preview"]


def test_an_unchallenged_exchange_is_not_said_to_face_blocks(tmp_path):
    """«Посол: обмен» cannot be blocked: «Если никто» leads to the exchange itself, not to
    «дальше — запрет» (play-test); what it draws is said in «Итог действия» only."""
    shown = rt.run(_shown(tmp_path, lambda hub, gid: _declare(hub, gid, 0, "exchange")))
    assert shown["preview"] == "Если никто: дальше — обмен картами"
    assert _once(shown, "возьмёт 2 карты")


def test_the_block_step_says_what_nobody_blocking_does_once(tmp_path):
    """«Ассасин: убийство» at «Кто-то запрещает?»: the explanation says who may block and
    with what, «Итог действия» what the assassination does, the bar that it goes through —
    not «Если никто не запретит: …» twice, nor «дальше — запрет» once more (play-test)."""

    def moves(hub: Hub, gid: str) -> None:
        for p in (0, 1, 2):
            _declare(hub, gid, p, "income")  # Аня has 3 coins
        _declare(hub, gid, 0, "assassinate", 1)
        hub.push(gid, "coup.no_challenge")  # nobody doubts the Assassin: the blocks come

    shown = rt.run(_shown(tmp_path, moves))
    assert shown["explain"] == "Запретить может Борис, заявив Графиню."
    assert shown["outcome"] == "Итог действия: без запрета Борис потеряет покровителя"
    assert shown["preview"] == "Если никто: действие выполняется"
    assert _once(shown, "потеряет покровителя") and _once(shown, "запрет")


def test_a_blockable_action_unchallenged_still_leads_to_the_blocks(tmp_path):
    """«Запрет действия»: an unchallenged steal can still be blocked, and the bar says so."""
    shown = rt.run(_shown(tmp_path, lambda hub, gid: _declare(hub, gid, 0, "steal", 1)))
    assert shown["preview"] == "Если никто: дальше — запрет"
    assert _once(shown, "заберёт у Бориса")


def _income_round(hub: Hub, gid: str) -> None:
    for p in (0, 1, 2):
        _declare(hub, gid, p, "income")  # Аня has 3 coins: an assassination


#: The card questions of every character, as claims and as blocks («Оспаривание»): the
#: moves that lead to it, the step's question, and the answers' gender.
CARD_QUESTIONS = {
    "duke": (
        lambda hub, gid: (
            _declare(hub, gid, 0, "tax"),
            hub.push(gid, "coup.challenge", {"challenger": 1}),
        ),
        "Аня: Герцог показан?",
        "",
    ),
    "assassin": (
        lambda hub, gid: (
            _income_round(hub, gid),
            _declare(hub, gid, 0, "assassinate", 1),
            hub.push(gid, "coup.challenge", {"challenger": 2}),
        ),
        "Аня: Ассасин показан?",
        "",
    ),
    "captain": (
        lambda hub, gid: (
            _declare(hub, gid, 0, "steal", 1),
            hub.push(gid, "coup.challenge", {"challenger": 2}),
        ),
        "Аня: Капитан показан?",
        "",
    ),
    "ambassador": (
        lambda hub, gid: (
            _declare(hub, gid, 0, "steal", 1),
            hub.push(gid, "coup.no_challenge"),
            hub.push(gid, "coup.block", {"blocker": 1, "character": "ambassador"}),
            hub.push(gid, "coup.challenge", {"challenger": 0}),
        ),
        "Борис: Посол показан?",
        "",
    ),
    "contessa": (
        lambda hub, gid: (
            _income_round(hub, gid),
            _declare(hub, gid, 0, "assassinate", 1),
            hub.push(gid, "coup.no_challenge"),
            hub.push(gid, "coup.block", {"blocker": 1, "character": "contessa"}),
            hub.push(gid, "coup.challenge", {"challenger": 2}),
        ),
        "Борис: Графиня показана?",
        "а",
    ),
    "duke-block": (
        lambda hub, gid: (
            _declare(hub, gid, 0, "foreign_aid"),
            hub.push(gid, "coup.block", {"blocker": 1, "character": "duke"}),
            hub.push(gid, "coup.challenge", {"challenger": 2}),
        ),
        "Борис: Герцог показан?",
        "",
    ),
}


async def _card_question(data, moves) -> dict[str, str]:
    """The question, the bar's two answers and «Итог действия» at a card question."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    moves(hub, g.id)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    wanted = ("step", "primary-action", "not-proven", "outcome")
    return {
        c.identifier: c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier in wanted
    }


def test_the_card_answers_agree_with_the_card_asked_for(tmp_path):
    """«Герцог показан?» was answered «Показана» / «Не показана» (the feminine «карта»), and
    «Итог действия» read «Показана: …». The Duke, the Assassin, the Captain and the Ambassador
    are answered «Показан» / «Не показан», the Contessa «Показана» / «Не показана» — in the
    bar and in the two lines above it, for a claim and for a block («Оспаривание»)."""
    for name, (moves, question, ending) in CARD_QUESTIONS.items():
        shown = rt.run(_card_question(tmp_path / name, moves))
        yes, no = f"Показан{ending}", f"Не показан{ending}"
        assert shown["step"] == question, (name, shown)
        assert shown["primary-action"] == yes, (name, shown)
        assert shown["not-proven"] == no, (name, shown)
        first, second = shown["outcome"].split("\n")
        assert first.startswith(f"{yes}: ") and second.startswith(f"{no}: "), (name, shown)


async def _steal_from_empty(data) -> tuple[str, str]:
    """Аня takes Борис's two coins; a round later (Борис exchanges: still 0 coins) she aims a
    steal at him again:
    the bar's hint, then «Итог действия» once she has declared it."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    _declare(hub, g.id, 0, "steal", 1)
    hub.push(g.id, "coup.no_challenge", {})
    hub.push(g.id, "coup.no_block", {})
    _declare(hub, g.id, 1, "exchange")  # Борис keeps 0 coins
    hub.push(g.id, "coup.no_challenge", {})
    hub.push(g.id, "coup.exchange_done", {})
    _declare(hub, g.id, 2, "income")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    await rt.tap(session, rt.tappables(session)["act-steal"])
    await rt.quiet(session)
    await rt.tap(session, rt.tappables(session)["player-p1"])
    await rt.quiet(session)
    labels = {
        c.identifier: c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "preview"
    }
    await rt.tap(session, rt.tappables(session)["primary-action"])
    await rt.quiet(session)
    out = {
        c.identifier: c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "outcome"
    }
    return labels["preview"], out["outcome"]


def test_a_steal_from_a_player_without_coins_says_it_takes_nothing(tmp_path):
    """«Капитан: кража»: a player with one coin loses that one; one with none, nothing. The
    steal is allowed; the bar said «против Бориса» and «Итог действия» «заберёт у Бориса 0
    монет» (play-test): both now say there is nothing to take."""
    hint, outcome = rt.run(_steal_from_empty(tmp_path))
    assert hint == "Кража (Капитан) против Бориса — монет нет, красть нечего", hint
    assert "0 монет" not in outcome and "у Бориса нет монет" in outcome, outcome


def test_the_bar_answers_in_the_engines_words(monkeypatch):
    """The card question's answers («Показан» / «Не показан», the Contessa «Показана» / «Не
    показана») start «Итог действия»'s two lines (the engine's
    :func:`~companion.engine.coup.shown_answer`) and are the bar's buttons: one source. The
    board wrote the four words out again as its own strings (and the question's «показан?»),
    so the two could come to differ; the screen says what it said
    (:func:`test_the_card_answers_agree_with_the_card_asked_for`)."""
    from companion.engine.coup import CHARACTER_NAMES, shown_answer
    from companion.present import coup as common
    from tests.i18n_template import marked_messages

    answers = {shown_answer(c, p) for c in CHARACTER_NAMES for p in (True, False)}
    questions = {f"{shown_answer(c, True).lower()}?" for c in CHARACTER_NAMES}
    assert not (answers | questions) & set(marked_messages())
    # the board follows the engine's words, whatever they are
    monkeypatch.setattr(common, "shown_answer", lambda c, p: f"<{c} {p}>")
    assert common.answer_label("contessa", False) == "<contessa False>"
    assert common._shown("duke") == "Герцог <duke true>?"
