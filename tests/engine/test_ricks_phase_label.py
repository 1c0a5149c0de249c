"""The status line's phase label of «Рик и Морти» (:meth:`RicksDefinition.phase_label`).

«Ход игры» (a round: everybody draws, the players' turns, the charge phase), «Фаза зарядки»
(«Шаг А/Б/В» in every universe from Кроховселенная up): the label names the round and the
phase, or in the charge phase the step and the universe, and is never blank while the game runs.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine.core import Game
from companion.engine.ricks import KRO, MICRO, MINI, PHASE_ACTIONS, RICK_UNIVERSE, RICKS

ACTIONS = {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3}


def new(n: int = 3) -> Game:
    return Game.new(RICKS, ["Аня", "Борис", "Вика", "Гена"][:n], options={"actions": ACTIONS})


def label(g: Game) -> str | None:
    return g.definition.phase_label(g.state)


def test_round_start_and_action_phase_name_the_round():
    """«Ход игры»: before the draw and during the players' turns the round is named."""
    g = new()
    assert label(g) == "Раунд 1 · Начало раунда"
    g.push("round.draw")
    assert label(g) == "Раунд 1 · Фаза действий"


def test_charge_steps_name_the_step_and_universe():
    """«Фаза зарядки», «Шаг А»: step А has no active player, yet the label says where the
    phase is; steps Б and В too, and the next round is named after the last universe."""
    g = new(2)
    g.push("round.draw")
    while g.state.phase == PHASE_ACTIONS:
        g.push("turn.end")
    assert g.definition.active_player(g.state) is None  # step А: nobody's turn
    assert label(g) == f"Раунд 1 · шаг А: {KRO}"
    g.push("charge.done")
    assert label(g) == f"Раунд 1 · шаг Б: {KRO}"
    seen = {label(g)}
    while g.state.round == 1:
        g.push("charge.done")
        seen.add(label(g))
    assert f"Раунд 1 · шаг А: {RICK_UNIVERSE}" in seen
    assert label(g) == "Раунд 2 · Начало раунда"


def test_no_label_once_the_game_is_over():
    """«Конец игры»: a finished game has no phase (the status line says «Игра окончена»)."""
    g = new(2)
    g.push("round.draw")
    g.push("vp.add", {"player": 0, "delta": 50, "note": "карта"})
    for _ in range(60):
        if g.outcome() is not None:
            break
        g.push("round.draw" if g.state.phase == "Начало раунда" else "turn.end")
        while g.state.charge is not None and not g.state.over:
            g.push("charge.done")
    assert g.outcome() is not None
    assert label(g) is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["next", "vp"]), max_size=40))
def test_label_never_blank_while_playing(steps):
    """Whatever the table does, while the game runs the label starts with «Раунд N · »."""
    g = new(3)
    for step in steps:
        if g.outcome() is not None:
            assert label(g) is None
            return
        text = label(g)
        assert text is not None and text.startswith(f"Раунд {g.state.round} · ")
        assert text.split(" · ", 1)[1].strip()
        if step == "vp":
            g.push("vp.add", {"player": 0, "delta": 3, "note": "карта"})
        elif g.state.phase == "Начало раунда":
            g.push("round.draw")
        elif g.state.phase == PHASE_ACTIONS:
            g.push("turn.end")
        else:
            g.push("charge.done")
