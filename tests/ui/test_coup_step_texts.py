"""Coup's steps say each thing once, and the step after a shown card says what becomes of
it (in-process, the real app on a real Flet session: :mod:`tests.ui.render_tree`).

Play-tests: at «Кто-то оспаривает?» («Оспаривание») the explanation ended with what the action
does if nobody challenges, and «Итог действия» under it said the same again; at «карта
показана?» after a challenged block both spelled out both answers. Now the explanation says
who claims, blocks or challenges (who may challenge: the buttons), «Итог действия» what
follows — at a card question one line per answer of the bar, «Показан: …» and «Не
показан: …» («Показана» for the Contessa). After «Показан» nothing told the table that the
shown card goes back into the court deck, shuffled, and a new one is drawn («Оспаривание»;
rules base «coup-osparivanie-dokazal»): the challenger's loss that follows now says it first.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt

NAMES = ["Аня", "Борис", "Вика"]


def _label(session, ident: str) -> str:
    return next(
        c.label
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == ident
    )


async def _step(data, moves: list[tuple[str, dict[str, Any]]]) -> dict[str, str]:
    """The step's title, explanation and «Итог действия» on screen after ``moves``."""
    hub = Hub(GameStore(data))
    g = hub.create("coup", NAMES, first_player=0)
    for kind, move in moves:
        hub.push(g.id, kind, move)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    return {ident: _label(session, ident) for ident in ("step", "explain", "outcome")}


def _declare(action: str, target: int | None = None) -> tuple[str, dict[str, Any]]:
    return "coup.declare", {"player": 0, "action": action, "target": target}


def _said(shown: dict[str, str], text: str) -> int:
    return sum(line.count(text) for line in shown.values())


def test_a_challenge_step_says_the_outcome_once(tmp_path):
    shown = rt.run(_step(tmp_path, [_declare("tax")]))
    assert shown["step"] == "Кто-то оспаривает?"
    assert shown["explain"] == "Аня заявляет Герцога (налог)."  # who may: the buttons
    assert shown["outcome"] == (
        "Итог действия: если заявление устоит, Аня получит 3 монеты (станет 5)"
    )
    assert _said(shown, "Аня получит 3 монеты") == 1


def test_a_blockable_claim_says_the_outcome_once(tmp_path):
    shown = rt.run(_step(tmp_path, [_declare("steal", 1)]))
    assert shown["explain"] == "Аня заявляет Капитана (кража)."
    assert "без запрета" in shown["outcome"]  # the blocks still to come, said once
    assert _said(shown, "Аня заберёт у Бориса 2 монеты") == 1
    assert _said(shown, "запрет") == 1


def test_a_challenged_block_says_what_it_stops_once(tmp_path):
    moves = [_declare("foreign_aid"), ("coup.block", {"blocker": 1, "character": "duke"})]
    shown = rt.run(_step(tmp_path, moves))
    assert shown["step"] == "Кто-то оспаривает запрет?"
    assert shown["explain"] == "Борис запрещает, заявив Герцога."
    assert shown["outcome"].startswith("Итог действия: если запрет устоит, Аня не получит монет;")
    assert _said(shown, "не получит монет") == 1


def test_a_card_question_after_a_challenged_block_says_each_answer_once(tmp_path):
    """«Запрет действия», «Оспаривание»: Вика challenges Борис's Duke. The explanation says
    who challenges; «Итог действия» gives each answer of the bar its line."""
    moves = [
        _declare("foreign_aid"),
        ("coup.block", {"blocker": 1, "character": "duke"}),
        ("coup.challenge", {"challenger": 2}),
    ]
    shown = rt.run(_step(tmp_path, moves))
    assert shown["step"] == "Борис: Герцог показан?"
    assert shown["explain"] == "Вика оспаривает запрет."
    assert shown["outcome"] == (
        "Показан: Вика теряет покровителя, запрет в силе.\n"
        "Не показан: Борис теряет покровителя; Аня получит 2 монеты (станет 4)."
    )
    for text in ("запрет в силе", "Аня получит 2 монеты", "Борис теряет", "Вика теряет"):
        assert _said(shown, text) == 1, text  # was 2: the explanation said both answers too


def test_the_steps_after_a_challenge_keep_their_explanations(tmp_path):
    """Оспаривание: the card question and the card to reveal still say what follows."""
    challenged = [_declare("steal", 1), ("coup.challenge", {"challenger": 2})]
    shown = rt.run(_step(tmp_path / "a", challenged))
    assert shown["step"] == "Аня: Капитан показан?"
    assert "Не показан: Аня теряет покровителя, действие отменено." in shown["outcome"]
    assert (
        "Показан: Вика теряет покровителя; без запрета Аня заберёт у Бориса" in (shown["outcome"])
    )
    lost = [*challenged, ("coup.challenge_result", {"proven": False})]
    shown = rt.run(_step(tmp_path / "b", lost))
    assert shown["explain"] == "Аня теряет покровителя за неподтверждённое заявление."
    assert shown["outcome"] == "Итог действия: действие отменено"


def test_a_shown_card_goes_back_into_the_court_deck(tmp_path):
    """«Оспаривание» (rules base «coup-osparivanie-dokazal»): the claimant who showed the card
    shuffles it back into the court deck and draws another — said at the step that follows
    «Показан», for a claim and for a block."""
    claim = [_declare("tax"), ("coup.challenge", {"challenger": 1})]
    shown = rt.run(_step(tmp_path / "a", [*claim, ("coup.challenge_result", {"proven": True})]))
    assert shown["step"] == "Борис: какую карту раскрыть?"
    assert shown["explain"] == (
        "Аня замешивает Герцога в колоду двора и берёт новую карту. "
        "Борис теряет покровителя за оспаривание."
    )
    block = [
        _declare("foreign_aid"),
        ("coup.block", {"blocker": 1, "character": "duke"}),
        ("coup.challenge", {"challenger": 0}),
        ("coup.challenge_result", {"proven": True}),
    ]
    shown = rt.run(_step(tmp_path / "b", block))
    assert shown["explain"].startswith("Борис замешивает Герцога в колоду двора")
    assert shown["outcome"] == "Итог действия: запрет в силе"


def test_a_last_card_lost_to_an_assassination_is_said_once():
    """«Опасность заказного убийства», the target down to one card: the explanation says «Аня
    теряет последнего покровителя от заказного убийства и выбывает»; «Итог действия» said
    «Аня теряет покровителя» again, without «последнего» (play-test). It says nothing now."""
    from companion.engine import Game
    from companion.engine.coup import COUP, awaiting, explain
    from companion.present.coup import outcome_line

    g = Game.new(COUP, ["Александрина", "Аня", "Владислав"], clock=lambda: 0.0)
    for kind, data in (
        ("coup.declare", {"player": 0, "action": "tax", "target": None}),
        ("coup.challenge", {"challenger": 1}),
        ("coup.challenge_result", {"proven": True}),
        ("coup.lose_influence", {"player": 1, "character": "duke"}),
        ("coup.declare", {"player": 1, "action": "income", "target": None}),
        ("coup.declare", {"player": 2, "action": "income", "target": None}),
        ("coup.declare", {"player": 0, "action": "assassinate", "target": 1}),
        ("coup.no_challenge", {}),
        ("coup.no_block", {}),
    ):
        g.push(kind, data)
    assert awaiting(g.state) == "lose_influence"
    assert "Аня теряет последнего покровителя" in explain(g.state)
    assert outcome_line(g.state) == ""
