"""The status line of «Переворот» names who must answer now and, apart, whose turn it is
(issue 11: «Ходит Гена» while Гена only reveals a card during Вика's turn was wrong; the
play-test then found «Ход: Гриша · отвечает Н…» at 390 px: who must act comes first now)."""

from __future__ import annotations

from companion.engine.core import Game
from companion.engine.coup import COUP
from companion.ui.hints import phase_short
from companion.ui.status import whose_turn
from tests.coup_moves import TWO_PLAYER_WIN

NAMES = ["Аня", "Борис", "Вика", "Гена", "Даша", "Егор"]


def turn_of_vika() -> Game:
    g = Game.new(COUP, NAMES, first_player=0, options={}, clock=lambda: 0.0)
    for p in (0, 1):
        g.push("coup.declare", {"player": p, "action": "income", "target": None})
    return g


def line(g: Game) -> tuple[str, int | None]:
    who, answer, dot = whose_turn(g, g.definition.active_player(g.state))
    return (f"{who} · {answer}" if answer else who), dot


def test_a_loser_revealing_a_card_during_another_turn_is_named_apart():
    """«Оспаривание»: Гена challenges Вика's tax, Вика shows the Duke, Гена loses a card."""
    g = turn_of_vika()
    g.push("coup.declare", {"player": 2, "action": "tax", "target": None})
    assert line(g) == ("Ходит Вика", 2)  # anyone may challenge: the turn is Вика's
    g.push("coup.challenge", {"challenger": 3})
    assert line(g) == ("Ходит Вика", 2)  # Вика answers the challenge in her own turn
    g.push("coup.challenge_result", {"proven": True})
    assert line(g) == ("Отвечает Гена · ход Вики", 3)
    g.push("coup.lose_influence", {"player": 3, "character": "duke"})
    assert line(g) == ("Ходит Гена", 3)  # the turn has passed to Гена


def test_the_only_possible_blocker_answers_during_the_actors_turn():
    """«Капитан» (Кража): only the target may block; the turn stays Вика's."""
    g = turn_of_vika()
    g.push("coup.declare", {"player": 2, "action": "steal", "target": 3})
    g.push("coup.no_challenge", {})
    assert line(g) == ("Отвечает Гена · ход Вики", 3)


def test_other_games_keep_whose_turn_as_the_active_player():
    from companion.engine.free import FREE

    g = Game.new(FREE, ["Аня", "Борис"], first_player=1, options={}, clock=lambda: 0.0)
    assert line(g) == ("Ходит Борис", 1)


def test_the_phase_line_names_the_phase_not_the_game_while_it_runs():
    """A phone's status line: the step alone while the game runs («Действие», not «Действие ·
    Переворот», which read as the action chosen and was cut after the phase anyway); the
    game's title once it is over, not the phase it ended in."""
    from companion.ui.status import status_props

    g = turn_of_vika()
    assert status_props(g, show_title=True).where == g.definition.phase_label(g.state)
    assert "Переворот" not in status_props(g, show_title=True).where
    two = Game.new(COUP, NAMES[:2], first_player=0, options={}, clock=lambda: 0.0)
    for kind, data in TWO_PLAYER_WIN:
        two.push(kind, data)
    over = status_props(two, show_title=True)
    assert over.over and over.where == "Переворот" and over.who == "Игра окончена"


#: Names of 12 letters, some with wide letters (as in ``test_coup_text_fit``).
LONG = ["Александрина", "Константинов", "Максимилиана", "Станиславина", "Мухаммаджоны"]


def test_twelve_letter_names_fit_the_status_line_at_360_px():
    """README: 12-letter names fit a 360 px phone. Play-test: «Ходит Александр…», «Отвечает
    Станислав…» at 360 px (18 and 16 px type beside a 112 px clock). Line 1 takes the
    largest size that fits; whose turn, on line 2 while another answers, fits beside «всего»."""
    from companion.ui.status import NAME_ROOM_360, TOTAL_WIDTH, TURN_CLOCK_WIDTH, name_size
    from tests.ui.text_fit import text_width

    room = NAME_ROOM_360 - TURN_CLOCK_WIDTH
    assert name_size("Ходит Аня", TURN_CLOCK_WIDTH) == 18  # short names keep the large type
    for name in LONG:
        for line in (f"Ходит {name}", f"Отвечает {name}"):
            size = name_size(line, TURN_CLOCK_WIDTH)
            assert text_width(line, size, bold=True) <= room, (line, size)
    g = Game.new(COUP, ["Александрина", "Мухаммаджоны"], first_player=0, clock=lambda: 0.0)
    g.push("coup.declare", {"player": 0, "action": "steal", "target": 1})
    g.push("coup.no_challenge", {})
    who, answer, _dot = whose_turn(g, g.definition.active_player(g.state))
    assert (who, answer) == ("Отвечает Мухаммаджоны", "ход Александрины")
    line2 = 360 - 2 * 26 - 6 - TOTAL_WIDTH  # the phase's slot at 360 px
    assert text_width(answer, 14, bold=True) <= line2 - 70  # the phase keeps a word or so


#: Line 2's room for whose turn, its 6 px gap and the phase at 360 px, beside «всего»
#: (Chromium: «ход Станислава» 108 px, the phase's slot 94 px).
LINE2_360 = 208


async def _line2(data) -> tuple[str, str, float]:
    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.state import Hub
    from tests.ui import render_tree as rt

    hub = Hub(GameStore(data))
    g = hub.create("coup", NAMES, first_player=1)  # Борис's turn
    hub.push(g.id, "coup.declare", {"player": 1, "action": "tax", "target": None})
    hub.push(g.id, "coup.challenge", {"challenger": 3})
    hub.push(g.id, "coup.challenge_result", {"proven": True})  # Гена reveals a card
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    turn = rt.tagged_control(session, "status-turn")
    phase = rt.tagged_control(session, "status-phase")
    assert turn.size == phase.size
    return turn.value, phase.value, phase.size


def test_whose_turn_and_the_phase_are_whole_on_line_2_at_360_px(tmp_path):
    """«Покровители» at 360 px: line 2 read «ход Бориса Потеря покр…» (play-test). Whose turn
    and the phase are drawn a little smaller (12–14 px) when that shows them whole in the
    208 px line 2 leaves beside «всего»."""
    from tests.ui import render_tree as rt
    from tests.ui.text_fit import text_width

    turn, phase, size = rt.run(_line2(tmp_path / "d"))
    assert (turn, phase) == ("ход Бориса", "Потеря покровителя"), (turn, phase)
    used = text_width(turn, size, bold=True) + 6 + text_width(phase, size)
    assert used <= LINE2_360, (size, used)
    assert size >= 12


async def _long_line2(data, actor: int, loser: int) -> tuple[str, str, str, float]:
    """Line 2 while ``loser`` (of :data:`LONG`) loses a card to a proven challenge during
    ``actor``'s turn: ``(whose turn, phase shown, the phase's label, size)``."""
    import flet as ft

    from companion.store import GameStore
    from companion.ui.app import make_main
    from companion.ui.state import Hub
    from tests.ui import render_tree as rt

    hub = Hub(GameStore(data))
    g = hub.create("coup", LONG[:4], first_player=actor)
    hub.push(g.id, "coup.declare", {"player": actor, "action": "tax", "target": None})
    hub.push(g.id, "coup.challenge", {"challenger": loser})
    hub.push(g.id, "coup.challenge_result", {"proven": True})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    turn = rt.tagged_control(session, "status-turn")
    phase = rt.tagged_control(session, "status-phase")
    node = next(
        c
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == "status-phase"
    )
    assert turn.size == phase.size
    return turn.value, phase.value, node.label, phase.size


def test_twelve_letter_names_leave_line_2_whole_at_360_px(tmp_path):
    """Play-test: «ход Александрины Потеря покр…» at 360 px (12 px, the smallest size, still
    too big). Line 2 goes down to 11 px, and says the step in fewer words when even that
    leaves it no room (a screen reader still hears it whole); the line keeps its height."""
    from tests.ui import render_tree as rt
    from tests.ui.text_fit import text_width

    seen = []
    for n, (actor, loser) in enumerate(((0, 1), (3, 0), (1, 2))):
        turn, shown, label, size = rt.run(_long_line2(tmp_path / str(n), actor, loser))
        assert label == "Потеря покровителя", label
        assert shown in ("Потеря покровителя", "Потеря карты"), shown
        used = text_width(turn, size, bold=True) + 6 + text_width(shown, size)
        assert used <= LINE2_360, (turn, shown, size, used)
        assert size >= 11
        seen.append((turn, shown))
    assert seen[0] == ("ход Александрины", "Потеря карты")


def _every_phase() -> dict[str, list[str]]:
    """Each game's phase texts as line 2 shows them (the longest the engines make)."""
    from companion.engine.munchkin.constants import PHASES as MUNCHKIN
    from companion.engine.ricks.constants import (
        PHASE_ACTIONS,
        PHASE_CHARGE,
        PHASE_ROUND,
        UNIVERSES,
    )
    from companion.engine.smashup.state import PHASES as SMASHUP
    from companion.engine.smashup.state import SETUP_PHASE

    ricks = [f"Раунд 10 · {p}" for p in (PHASE_ROUND, PHASE_ACTIONS, PHASE_CHARGE)]
    ricks += [f"Раунд 10 · шаг {s}: {u}" for s in "АБВ" for u in UNIVERSES]
    return {
        "smashup": [*SMASHUP["bbrr"], *SMASHUP["mimimi"], SETUP_PHASE],
        "munchkin": list(MUNCHKIN),
        "ricks": ricks,
    }


def test_every_games_longest_phase_is_whole_on_line_2_at_360_px():
    """Line 2 at 360 px, whole at 11 px or more: every phase of «Замес», «Манчкин» and «Рик
    и Морти» (round 10, each step and universe) alone; each step of «Переворот» in which
    someone answers during another's turn, beside «ход» and each twelve-letter name — in
    fewer words when the whole step has no room (:func:`companion.ui.hints.phase_short`)."""
    from companion.ui.status import LINE2_ROOM_360, line2_fit
    from companion.ui.words import inflect
    from tests.ui.text_fit import text_width

    assert LINE2_ROOM_360 == LINE2_360
    for game, phases in _every_phase().items():
        for where in phases:
            size, shown = line2_fit("", where)
            assert shown == where and size >= 11, (game, where)
            assert text_width(where, size) <= LINE2_360, (game, where, size)
    coup = {
        "Потеря покровителя": "Потеря карты",
        "Потеря покровителя: обе карты": "Потеря обеих",
        "Запрет действия": "Запрет",
        "Оспаривание": "",
    }
    for name in LONG:
        answer = f"ход {inflect(name, 'gent')}"
        for where, short in coup.items():
            size, shown = line2_fit(answer, where, short)
            assert shown in (where, short) and size >= 11, (answer, where)
            used = text_width(answer, size, bold=True) + 6 + text_width(shown, size)
            assert used <= LINE2_360, (answer, shown, size, used)


def test_coup_names_the_step_in_fewer_words_for_a_short_line():
    """The short forms come from the engine (a «Покровитель» is a card: «Покровители»)."""
    g = Game.new(COUP, LONG[:2], first_player=0, clock=lambda: 0.0)
    assert phase_short(COUP, g.state) is None  # «Действие» fits
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.push("coup.challenge", {"challenger": 1})
    g.push("coup.challenge_result", {"proven": True})
    assert COUP.phase_label(g.state) == "Потеря покровителя"
    assert phase_short(COUP, g.state) == "Потеря карты"
