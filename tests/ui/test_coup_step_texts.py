"""A Coup challenge step says what the action does once (in-process, the real app on a real
Flet session: :mod:`tests.ui.render_tree`).

Play-test: at «Кто-то оспаривает?» («Оспаривание») the explanation ended with what the action
does if nobody challenges, and «Итог действия» under it said the same again (the bar's hint
says it a third time, for its «Никто»). The explanation now says who claims what and who may
challenge; «Итог действия» says what follows; the same at «Кто-то оспаривает запрет?»
(«Запрет действия»).
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
    assert shown["explain"] == "Аня заявляет Герцога (налог). Оспорить может: Борис, Вика."
    assert (
        shown["outcome"] == "Итог действия: Если заявление устоит: Аня получит 3 монеты (станет 5)"
    )
    assert _said(shown, "Аня получит 3 монеты") == 1  # was 2: the explanation said it too


def test_a_blockable_claim_says_the_outcome_once(tmp_path):
    shown = rt.run(_step(tmp_path, [_declare("steal", 1)]))
    assert shown["explain"] == "Аня заявляет Капитана (кража). Оспорить может: Борис, Вика."
    assert "никто не запретит" in shown["outcome"]  # the blocks still to come, said once
    assert _said(shown, "Аня заберёт у Бориса 2 монеты") == 1
    assert _said(shown, "запрет") == 1


def test_a_challenged_block_says_what_it_stops_once(tmp_path):
    moves = [_declare("foreign_aid"), ("coup.block", {"blocker": 1, "character": "duke"})]
    shown = rt.run(_step(tmp_path, moves))
    assert shown["step"] == "Кто-то оспаривает запрет?"
    assert shown["explain"] == "Борис запрещает, заявив Герцога. Оспорить запрет может: Аня, Вика."
    assert shown["outcome"].startswith("Итог действия: Если запрет устоит: Аня не получит монет.")
    assert _said(shown, "не выполнится") + _said(shown, "не получит монет") == 1


def test_the_steps_after_a_challenge_keep_their_explanations(tmp_path):
    """Оспаривание: the card question and the card to reveal still say what follows."""
    challenged = [_declare("steal", 1), ("coup.challenge", {"challenger": 2})]
    shown = rt.run(_step(tmp_path / "a", challenged))
    assert shown["step"] == "Аня: карта показана?"
    assert "Если нет — Аня теряет покровителя, действие отменяется" in shown["explain"]
    assert "Аня заберёт у Бориса 2 монеты" in shown["outcome"]
    lost = [*challenged, ("coup.challenge_result", {"proven": False})]
    shown = rt.run(_step(tmp_path / "b", lost))
    assert "за неподтверждённое заявление" in shown["explain"]
    assert shown["outcome"] == "Итог действия: Действие отменено: заявление не подтвердилось"
