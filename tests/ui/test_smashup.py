"""Real-browser tests of the «Замес» board on a 390×844 phone: what only a browser shows —
nothing moving under a finger, the numbers and the primary action in reach through a turn, the
winner on screen. The game itself (setup, power, scoring, replacement, the 15-VP finish) is
walked in-process in :mod:`tests.ui.test_smashup_play`."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.store.bases import BaseCatalogue
from tests.ui.conftest import Server
from tests.ui.test_smashup_play import NAMES


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id."""
    return suite_server


def type_base(app, prefix: str, name: str, bp: int, vp: tuple[int, int, int]) -> None:
    app.fill(f"{prefix}-name", name)
    app.fill(f"{prefix}-bp", str(bp))
    for k, v in enumerate(vp, 1):
        app.fill(f"{prefix}-vp{k}", str(v))
    app.wait_label(f"{prefix}-preview", f"{name}: оборона {bp}; ПО {vp[0]}/{vp[1]}/{vp[2]}")


def test_taken_faction_chips_keep_their_places(one_page, server):
    """Setup: a tapped faction chip goes to the player's deck and no chip moves — the next
    chip is where it was before the tap (a finger on its way lands on what it aimed at)."""
    gid = GameStore(server.data_dir).create("smashup", NAMES, first_player=0).id
    app = one_page.open(f"/game/{gid}")
    for chip, deck in ((0, "Бабульки"), (1, "Бабульки, Плюшевые мишки")):
        before = box(app, f"faction-{chip + 1}")
        app.tap(f"faction-{chip}")
        app.wait_label("deck-p0", deck)
        assert_same_place(before, box(app, f"faction-{chip + 1}"), f"faction-{chip + 1}")


# -- the phone at the table (issue 11) --------------------------------------------------------
PHONE = (390, 844)
FOUR = ["Аня", "Борис", "Вика", "Гриша"]
FIVE_BASES = [
    ("Древний храм", 20, [4, 2, 1]),
    ("Рок-клуб", 18, [3, 2, 1]),
    ("Замок принцессы", 22, [5, 3, 2]),
    ("Пещера", 19, [4, 3, 1]),
    ("Волшебный лес", 21, [4, 2, 2]),
]


def four_player_game(data_dir, moves=(), edition: str = "bbrr", names=FOUR, **options) -> str:
    """A started 4-player game with 5 bases (first player ``names[0]``, Аня by default), then
    ``moves``; its id. ``options``: further setup options (``step_phases=True``)."""
    stored = GameStore(data_dir).create(
        "smashup",
        names,
        first_player=0,
        options={
            "edition": edition,
            "factions": [
                ["Рокеры", "Котики"],
                ["Бабульки", "Феи"],
                ["Зомби", "Пираты"],
                ["Ниндзя", "Роботы"],
            ],
            **options,
        },
    )
    for name, bp, vp in FIVE_BASES:
        stored.push("base.add", {"base_card": {"name": name, "breakpoint": bp, "vp": vp}})
    stored.push("game.start")
    for kind, data in moves:
        stored.push(kind, data)
    return stored.id


def box(app, ident: str) -> dict:
    found = app.el(ident).bounding_box()
    assert found is not None, f"{ident} has no box (not on screen)"
    return found


def assert_on_screen(app, *idents: str) -> None:
    """Each element lies wholly inside the 390×844 viewport (no scrolling needed)."""
    width, height = PHONE
    for ident in idents:
        b = box(app, ident)
        assert b["x"] >= 0 and b["x"] + b["width"] <= width + 1, (ident, b)
        assert b["y"] >= 0 and b["y"] + b["height"] <= height + 1, (ident, b)


def assert_same_place(before: dict, after: dict, what: str) -> None:
    for key in ("x", "y", "width", "height"):
        assert abs(before[key] - after[key]) <= 2, (what, key, before, after)


def test_phone_turn_keeps_the_numbers_and_the_primary_action_on_screen(one_page, server):
    """Issue 11 at 390×844 with 4 players and 5 bases: through a whole turn whose turn it is, the
    phase, «Дальше», every player's VP and every base's power stay on screen without scrolling;
    a tapped −/+ stays put after the tap and after a refused move; the «+» that makes a base
    ready («готова к захвату») moves neither itself nor the next control; in «Проверь базы» the
    ready bases show «Захватить» on screen (Проверь базы, Добавочные карты). What each step
    says and does: :func:`tests.ui.test_smashup_play.
    test_a_turn_with_two_ready_bases_scores_both_with_their_replacements`."""
    catalogue = BaseCatalogue(server.data_dir)
    catalogue.remember({"name": "Заводь", "breakpoint": 16, "vp": [3, 2, 1]})
    catalogue.remember({"name": "Остров", "breakpoint": 17, "vp": [4, 2, 1]})
    # «Пещера» (base 3) is already broken: 19 of 19; Аня's power on «Древний храм» is 19 of 20.
    game_id = four_player_game(
        server.data_dir,
        [
            ("base.set", {"base": 3, "player": 2, "power": 19, "minions": 3}),
            ("base.set", {"base": 0, "player": 0, "power": 19, "minions": 1}),
        ],
        step_phases=True,  # «Все фазы по шагам»: the test walks every phase
    )
    app = one_page.open(f"/game/{game_id}")
    app.wait_label("status-phase", "Начало хода")
    numbers = [f"vp-p{i}" for i in range(4)] + [f"base-{j}-total" for j in range(5)]
    assert_on_screen(app, "status-player", "status-phase", "primary-action", *numbers)

    # «Играй карты»: the «−» never moves, after a play or after a refusal.
    app.tap("primary-action")
    app.wait_label("status-phase", "Играй карты")
    assert_on_screen(app, "status-player", "status-phase", "primary-action", *numbers)
    minus = box(app, "plays-minion-minus")
    app.tap("plays-minion-minus")
    app.wait_label("plays-minion", "0")
    assert_same_place(minus, box(app, "plays-minion-minus"), "after a play")
    app.tap("plays-minion-minus")
    app.wait_label("error", "больше нельзя сыграть приспешника")
    assert_same_place(minus, box(app, "plays-minion-minus"), "after a refusal")

    # «Древний храм»: the «+» that breaks it moves nothing, nor does a refused «−».
    app.tap_and_reveal("base-0-open")  # the opened base jumps to the top of the list
    app.wait_label("base-0-ready", "до захвата 1")
    plus, nxt = box(app, "pow-b0-p0-plus"), box(app, "min-b0-p0-minus")
    below = box(app, "pow-b0-p1-plus")
    app.tap("pow-b0-p0-plus")
    app.wait_label("base-0-ready", "готова к захвату")
    assert_same_place(plus, box(app, "pow-b0-p0-plus"), "the + that made the base ready")
    assert_same_place(nxt, box(app, "min-b0-p0-minus"), "the control beside it")
    assert_same_place(below, box(app, "pow-b0-p1-plus"), "the next player's +")
    app.tap("pow-b0-p1-minus")
    assert_same_place(below, box(app, "pow-b0-p1-plus"), "after a refused −")
    assert_on_screen(app, "status-player", "status-phase", "primary-action")

    # «Проверь базы»: both ready bases with «Захватить» on screen, the last one included.
    app.tap("primary-action")
    app.wait_label("status-phase", "Проверь базы")
    assert_on_screen(app, "score-0", "score-3", "primary-action", *numbers)
    for base, name in ((3, "Заводь"), (0, "Остров")):  # both are scored before the phase ends
        app.tap(f"score-{base}")
        app.fill("repl-name", name)
        app.wait_label("repl-sugg-0", name)
        app.tap("repl-sugg-0")
        app.wait_label("repl-preview", f"{name}: оборона")
        app.tap("score-confirm")
        app.wait_label(f"base-{base}-name", name)
        assert_on_screen(app, "vp-p2", "primary-action")

    # The rest of the turn: every step in reach.
    for phase in ("Возьми две карты", "Конец хода"):
        app.tap("primary-action")
        app.wait_label("status-phase", phase)
        assert_on_screen(app, "status-player", "status-phase", "primary-action")
    app.tap("primary-action")
    app.wait_label("status-player", "Борис")
    assert_on_screen(app, "status-player", "status-phase", "primary-action", "vp-p1")


def test_phone_finished_game_shows_the_winner_on_screen(one_page, server):
    """Игра окончена: a finished 4-player game opened on a phone shows the winner at once, not
    under the bases."""
    moves = [("vp.adjust", {"player": 1, "delta": 16})]
    moves += [("phase.next", {})] * 5
    game_id = four_player_game(server.data_dir, moves)
    assert GameStore(server.data_dir).open(game_id).game.outcome() is not None
    app = one_page.open(f"/game/{game_id}")
    app.wait_label("winner", "Борис")
    assert_on_screen(app, "winner")
