"""The «Рик и Морти» charge clocks' and history's data without a screen
(:mod:`companion.present.ricks_clocks`); the board shows them (tests/ui/test_ricks.py)."""

from __future__ import annotations

import io
import wave

from companion.engine.ricks import KRO, MICRO, MINI, PHASE_CHARGE, PHASE_ROUND, RICK_UNIVERSE
from companion.present.ricks_clocks import BEEP, clock_base, history_lines, result_rows
from companion.store import GameStore
from companion.ui.state import Hub

ACTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}, "charge_limit": 90}


def _game(tmp_path):
    hub = Hub(GameStore(tmp_path))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    return hub, g.id


def test_the_clocks_run_in_the_charge_phase_only_and_name_the_player_in_steps_b_and_v(tmp_path):
    hub, gid = _game(tmp_path)
    assert clock_base(hub.open(gid).game) is None  # the action phase: no charge clocks
    while hub.open(gid).game.state.phase != PHASE_CHARGE:
        hub.push(gid, "turn.end")
    game = hub.open(gid).game
    base = clock_base(game)
    assert base is not None and base.limit == 90 and base.key == len(game.events)
    assert game.state.charge.step == "А"
    assert base.who == "" and "Готово" in base.hint
    while (ch := hub.open(gid).game.state.charge).player is None:
        hub.push(gid, "charge.done")
    base = clock_base(hub.open(gid).game)
    assert base is not None and base.who == ["Аня", "Борис"][ch.player] and base.hint == ""


def test_a_finished_round_has_its_history_line_and_summary_rows(tmp_path):
    hub, gid = _game(tmp_path)
    assert history_lines(hub.open(gid).game) == []
    while hub.open(gid).game.state.phase != PHASE_CHARGE:
        hub.push(gid, "turn.end")
    while hub.open(gid).game.state.phase != PHASE_ROUND:
        hub.push(gid, "charge.done")
    game = hub.open(gid).game
    [(n, line)] = history_lines(game)
    assert n == 1 and line.startswith("Раунд 1: ") and "сгорело энергии" in line, line
    rows, players = result_rows(game)
    assert [r[0] for r in rows] == ["result-round-1", "charge-summary"]
    assert rows[0][1][0] == "1" and rows[1][1][0] == "Всего"
    assert rows[0][1][3] == rows[1][1][3]  # one round: its burned energy is the total
    assert players.startswith("Зарядка по игрокам: Аня ") and " · Борис " in players, players


def test_the_beep_is_a_short_mono_wav():
    with wave.open(io.BytesIO(BEEP)) as w:
        assert w.getnchannels() == 1 and 0.3 < w.getnframes() / w.getframerate() < 0.4
