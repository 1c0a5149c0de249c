"""The status line of «Переворот» names who must answer now and, apart, whose turn it is
(issue 11: «Ходит Гена» while Гена only reveals a card during Вика's turn was wrong; the
play-test then found «Ход: Гриша · отвечает Н…» at 390 px: who must act comes first now)."""

from __future__ import annotations

from companion.engine.core import Game
from companion.engine.coup import COUP
from companion.present.status import phase_short, whose_turn
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
    from companion.present.status import status_props

    g = turn_of_vika()
    assert status_props(g, show_title=True).where == g.definition.phase_label(g.state)
    assert "Переворот" not in status_props(g, show_title=True).where
    two = Game.new(COUP, NAMES[:2], first_player=0, options={}, clock=lambda: 0.0)
    for kind, data in TWO_PLAYER_WIN:
        two.push(kind, data)
    over = status_props(two, show_title=True)
    assert over.over and over.where == "Переворот" and over.who == "Игра окончена"


#: Names of 12 letters, some with wide letters.
LONG = ["Александрина", "Константинов", "Максимилиана", "Станиславина", "Мухаммаджоны"]


def _status_games(data) -> dict[str, str]:
    """Line 1 «Ходит Александрина»; line 1 «Отвечает <loser>» with line 2 «ход <actor>» and
    «Потеря покровителя» (a proven challenge during another's turn), for three pairs."""
    from companion.store import GameStore

    store = GameStore(data)
    ids = {}
    g = store.create("coup", LONG[:4], first_player=0)
    ids["turn"] = g.id
    g.close()
    for actor, loser in ((0, 1), (3, 0), (1, 2)):
        g = store.create("coup", LONG[:4], first_player=actor)
        g.push("coup.declare", {"player": actor, "action": "tax", "target": None})
        g.push("coup.challenge", {"challenger": loser})
        g.push("coup.challenge_result", {"proven": True})
        ids[f"{actor}-{loser}"] = g.id
        g.close()
    return ids


def test_twelve_letter_names_and_the_phase_read_whole_at_360_px(one_page, suite_server):
    """README: 12-letter names fit a 360 px phone; play-tests at 360 px: «Ходит Александр…»,
    «ход Александрины Потеря покр…». In Chromium at 360×640, line 1 (who acts) and line 2
    (whose turn, the phase) lie on screen, each one line tall, whose turn left of the phase
    without overlapping it, and their labels say the whole name and the whole phase. The four
    games are opened in one page, one after the other."""
    from companion.words import inflect
    from tests.ui.phone import box

    ids = _status_games(suite_server.data_dir)
    for key, gid in ids.items():
        app = one_page.open(f"/game/{gid}", 360, 640)
        if key == "turn":
            app.wait_label("status-player", f"Ходит {LONG[0]}")
            parts = ["status-player"]
        else:
            actor, loser = (int(x) for x in key.split("-"))
            app.wait_label("status-player", f"Отвечает {LONG[loser]}")
            app.wait_label("status-turn", f"ход {inflect(LONG[actor], 'gent')}")
            app.wait_label("status-phase", "Потеря покровителя")
            parts = ["status-player", "status-turn", "status-phase"]
            turn, phase = box(app, "status-turn"), box(app, "status-phase")
            assert turn["x"] + turn["width"] <= phase["x"] + 0.5, (turn, phase)
        for ident in parts:
            b = box(app, ident)
            assert b["x"] >= 0 and b["x"] + b["width"] <= 360.5, (key, ident, b)
            assert b["y"] >= 0 and b["height"] <= 30, (key, ident, b)  # one line


def test_with_long_names_who_answers_and_whose_turn_are_apart():
    """Who must answer is line 1, whose turn starts line 2 (each one line, then «…»; a tap on
    the line shows both whole: ``test_status_clock``)."""
    g = Game.new(COUP, ["Александрина", "Мухаммаджоны"], first_player=0, clock=lambda: 0.0)
    g.push("coup.declare", {"player": 0, "action": "steal", "target": 1})
    g.push("coup.no_challenge", {})
    who, answer, _dot = whose_turn(g, g.definition.active_player(g.state))
    assert (who, answer) == ("Отвечает Мухаммаджоны", "ход Александрины")


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


def test_whose_turn_and_the_phase_share_line_2_at_one_size(tmp_path):
    """«Покровители»: line 2 says whose turn, then the phase (one size, one line each)."""
    from tests.ui import render_tree as rt

    turn, phase, size = rt.run(_line2(tmp_path / "d"))
    assert turn == "ход Бориса", turn
    assert phase in ("Потеря покровителя", "Потеря карты"), phase
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


def test_a_phone_upright_says_the_step_in_fewer_words_and_hears_it_whole(tmp_path):
    """On a phone upright line 2 shows the engine's short form of the step
    (``phase_short``) beside whose turn; a screen reader (the label) hears it whole."""
    from tests.ui import render_tree as rt

    turn, shown, label, size = rt.run(_long_line2(tmp_path / "d", 0, 1))
    assert (turn, shown, label) == ("ход Александрины", "Потеря карты", "Потеря покровителя")
    assert size >= 12


def test_coup_names_the_step_in_fewer_words_for_a_short_line():
    """The short forms come from the UI's hints (a «Покровитель» is a card: «Покровители»)."""
    g = Game.new(COUP, LONG[:2], first_player=0, clock=lambda: 0.0)
    assert phase_short(COUP, g.state) is None  # «Действие» fits
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.push("coup.challenge", {"challenger": 1})
    g.push("coup.challenge_result", {"proven": True})
    assert COUP.phase_label(g.state) == "Потеря покровителя"
    assert phase_short(COUP, g.state) == "Потеря карты"
