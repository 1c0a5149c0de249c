"""The result chart without a browser: the axis names what the game counts, its labels are whole
numbers, and a score jumps when it is scored instead of sloping between moves."""

from __future__ import annotations

from companion.engine import get_definition
from companion.store import GameStore
from companion.ui.result import _chart
from tests.coup_moves import TWO_PLAYER_WIN


def _line_chart(control):
    return control.content.content  # tagged «score-chart»: its box, then the chart


def test_chart_axis_and_steps(tmp_path):
    stored = GameStore(tmp_path).create("free", ["Аня", "Борис"], first_player=0)
    stored.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    stored.push("counter.add", {"player": 1, "counter": "ПО", "delta": 2})
    chart = _line_chart(_chart(stored.game))
    assert chart.left_axis.title.value == "очки"
    assert all(float(lbl.value).is_integer() for lbl in chart.left_axis.labels)
    # each label on one of the chart's ticks (drawn): the ticks are the labels' spacing
    spacing = chart.left_axis.label_spacing
    assert spacing and all(lbl.value % spacing == 0 for lbl in chart.left_axis.labels)
    anya = [(p.x, p.y) for p in chart.data_series[0].points]
    # 0 at the start, then straight up to 3 at the first change (two points at one x)
    assert anya[:3] == [(0, 0), (1, 0), (1, 3)]


def test_each_game_names_what_its_score_counts():
    assert get_definition("coup").score_label == "покровители"
    assert get_definition("munchkin").score_label == "уровень"
    assert get_definition("smashup").score_label == "ПО"


def test_a_rules_link_from_a_board_returns_to_that_board():
    from urllib.parse import parse_qs, urlsplit

    from companion.ui.nav import rules_link

    q = parse_qs(urlsplit(rules_link("coup", "Ассасин: заказное убийство", "/game/x")).query)
    assert q == {"from": ["/game/x"], "game": ["coup"], "q": ["Ассасин: заказное убийство"]}


def test_turn_times_leave_out_the_empty_turn_after_the_end(tmp_path):
    """A finished game's «Время по ходам» lists the turns played, not a «Ход N — 0:00» line
    for the turn that never started (Coup: no one's turn once one player is left)."""
    from companion.ui.result import _times

    g = GameStore(tmp_path).create("coup", ["Аня", "Борис"], first_player=0)
    for kind, data in TWO_PLAYER_WIN:
        g.push(kind, data)
    assert g.game.outcome() is not None
    assert any(p is None for _n, p, _s in g.game.turn_clock().turns)  # the turn after the end
    rows = _times(g.game).controls[3].content.controls
    whose = [row.controls[1].content.value for row in rows]
    assert whose and "—" not in whose


def _whole_ticks(axis) -> list[str]:
    """The axis's labels as shown; each on one of its own (whole-number) ticks."""
    spacing = axis.label_spacing
    assert spacing and float(spacing).is_integer(), spacing
    shown = [lbl.label.value for lbl in axis.labels]
    assert shown and all(lbl.value % spacing == 0 for lbl in axis.labels)
    return shown


def test_both_axes_tick_whole_numbers_without_a_dot(tmp_path):
    """Two score changes in a minute («изменения счёта» axis) and a 4-minute Coup (minutes):
    every tick on either axis is a whole number — no «0.5», no «1.5» (Russian would write
    «0,5»), so no dot anywhere."""
    few = GameStore(tmp_path / "a").create("free", ["Аня", "Борис"], first_player=0)
    few.push("counter.add", {"player": 0, "counter": "ПО", "delta": 1})
    few.push("counter.add", {"player": 1, "counter": "ПО", "delta": 1})
    clock = iter(range(1_000_000, 1_001_000, 30))
    coup = GameStore(tmp_path / "b", clock=lambda: float(next(clock))).create(
        "coup", ["Вера", "Борис"], first_player=0
    )
    for kind, data in TWO_PLAYER_WIN:
        coup.push(kind, data)
    for game in (few.game, coup.game):
        chart = _line_chart(_chart(game))
        for axis in (chart.left_axis, chart.bottom_axis):
            shown = _whole_ticks(axis)
            assert all(s.lstrip("-").isdigit() for s in shown), shown


def test_the_x_axis_numbers_have_room_below_the_chart(tmp_path):
    """The x-axis numbers were clipped at the bottom: the axis reserves at least twice their
    font size (a line of text and its descent) and the chart's box leaves a margin below."""
    stored = GameStore(tmp_path).create("free", ["Аня", "Борис"], first_player=0)
    stored.push("counter.add", {"player": 0, "counter": "ПО", "delta": 3})
    tagged = _chart(stored.game)
    box, axis = tagged.content, _line_chart(tagged).bottom_axis
    sizes = [lbl.label.size for lbl in axis.labels]
    assert sizes and axis.label_size >= 2 * max(sizes)
    assert box.padding.bottom >= 4


def test_no_score_change_says_so_instead_of_an_empty_chart(tmp_path):
    """A game that ended with nobody's score changed gets a line, not an empty frame."""
    from companion.ui.result import CHART_HEIGHT, _details

    stored = GameStore(tmp_path).create("free", ["Аня", "Борис"], first_player=0)
    stored.push("game.end", {})
    assert stored.game.outcome() is not None
    assert _chart(stored.game) is None
    from tests.ui.render_tree import dump

    assert "Счёт не менялся" in str(dump(_details(stored.game, True, CHART_HEIGHT)))


def test_turn_times_are_the_boards_turns_with_the_answers_in_them(tmp_path):
    """«Время по ходам» in Coup: a challenge answered by another player is part of the turn it
    answers, so the rows are the board's «Ход 1» (Вера's) and «Ход 2» (Борис's), once each,
    each with all the time of that turn — not «Ход 1 Вера», «Ход 1 Борис», «Ход 1 Вера», …"""
    from companion.ui.result import _times

    clock = iter(range(1_000_000, 1_001_000, 30))
    g = GameStore(tmp_path, clock=lambda: float(next(clock))).create(
        "coup", ["Вера", "Борис"], first_player=0
    )
    for kind, data in TWO_PLAYER_WIN:
        g.push(kind, data)
    turns = g.game.turn_clock(g.game.events[-1].ts)
    rows = _times(g.game).controls[3].content.controls
    shown = [tuple(c.content.value for c in row.controls) for row in rows]
    assert shown == [("Ход 1", "Вера", "2:00"), ("Ход 2", "Борис", "2:00")]
    # all the time is in the rows: the answers are not left out
    assert sum(s for _n, _p, s in turns.turns) == turns.total == 240


def test_coups_influence_axis_ends_at_two(tmp_path):
    """«Покровители»: a player holds two influences at most; the chart's axis ran to 3 (a
    step of room above the highest score, right for open scores, not for a capped one)."""
    coup = GameStore(tmp_path / "c").create("coup", ["Вера", "Борис"], first_player=0)
    for kind, data in TWO_PLAYER_WIN:
        coup.push(kind, data)
    chart = _line_chart(_chart(coup.game))
    assert chart.max_y == 2
    assert [lbl.label.value for lbl in chart.left_axis.labels] == ["0", "1", "2"]
    free = GameStore(tmp_path / "f").create("free", ["Аня", "Борис"], first_player=0)
    free.push("counter.add", {"player": 0, "counter": "ПО", "delta": 2})
    assert _line_chart(_chart(free.game)).max_y == 3  # an open score keeps its room above
