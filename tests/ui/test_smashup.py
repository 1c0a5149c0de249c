"""Real-browser test of «Замес»: setup with factions and bases (typed and from the catalogue),
live power until a base breaks with a tie, the scoring confirmation, the replacement base from
the catalogue, turn end, a tie at 15+ that plays on and a 15+ win."""

from __future__ import annotations

import time

from companion.store import GameStore
from companion.store.bases import BaseCatalogue

NAMES = ["Аня", "Борис", "Вика"]


def only_game(data_dir, until=lambda g: True, timeout: float = 15.0):
    """The only saved game, re-read from disk until ``until(game)`` holds (or the time is up)."""
    deadline = time.monotonic() + timeout
    while True:
        (summary,) = GameStore(data_dir).list()
        game = GameStore(data_dir).open(summary.id).game
        if until(game) or time.monotonic() > deadline:
            return summary, game
        time.sleep(0.1)


def type_base(app, prefix: str, name: str, bp: int, vp: tuple[int, int, int]) -> None:
    app.fill(f"{prefix}-name", name)
    app.fill(f"{prefix}-bp", str(bp))
    for k, v in enumerate(vp, 1):
        app.fill(f"{prefix}-vp{k}", str(v))
    app.wait_label(f"{prefix}-preview", f"{name}: оборона {bp}; ПО {vp[0]}/{vp[1]}/{vp[2]}")


def base_from_catalogue(app, prefix: str, query: str, name: str, summary: str) -> None:
    app.fill(f"{prefix}-name", query)
    app.wait_label(f"{prefix}-sugg-0", name)
    app.tap(f"{prefix}-sugg-0")
    app.wait_label(f"{prefix}-preview", f"{name}: {summary}")


def set_by_pad(app, ident: str, value: int) -> None:
    app.tap(ident)
    for ch in str(value):
        app.tap(f"pad-{ch}")
    app.wait_label("pad-display", str(value))
    app.tap("pad-ok")
    app.wait_label(ident, str(value))


def next_phase(app, phase: str, turn: int | None = None) -> None:
    app.tap("primary-action")
    if turn is not None:
        app.wait_label("turn", f"Ход {turn}")
    app.wait_label("status-phase", phase)


def end_turn(app, turn: int) -> None:
    """From «Начало хода» through the five phases to the next turn's «Начало хода»."""
    for phase in ("Играй карты", "Проверь базы", "Возьми две карты", "Конец хода"):
        next_phase(app, phase)
    next_phase(app, "Начало хода", turn + 1)


def test_smashup_tie_scoring_replacement_and_15_vp_finish(app, server):
    catalogue = BaseCatalogue(server.data_dir)
    catalogue.remember(
        {"name": "Волшебный лес", "breakpoint": 19, "vp": [4, 3, 1], "set": "Мимими"}
    )
    catalogue.remember({"name": "Рок-клуб", "breakpoint": 18, "vp": [3, 2, 1]})
    catalogue.remember({"name": "Пещера", "breakpoint": 22, "vp": [5, 3, 2]})

    # New game: three players, madness counted.
    app.open("/")
    app.tap("new-game")
    app.el("start-game").wait_for()
    app.tap("game-choice")
    app.page.get_by_text("Замес", exact=True).last.click()
    app.el("opt-madness").wait_for()
    app.tap("add-player")
    for i, name in enumerate(NAMES):
        app.fill(f"player-name-{i}", name)
    app.tap("opt-madness")
    app.tap("opt-step-phases")  # «Все фазы по шагам»: this test walks every phase
    app.tap("start-game")
    app.el("primary-action").wait_for()
    app.wait_label("phase", "Подготовка к игре")

    # Factions: offered ones by tap, one typed freely.
    # The chips keep their places: a taken faction stays where it was, disabled.
    expected = [["Бабульки", "Плюшевые мишки"], ["Авантюристы", "Рокеры"], ["Котики"]]
    chip = 0
    for i, deck in enumerate(expected):
        for k in range(len(deck)):
            box = app.el(f"faction-{chip + 1}").bounding_box()
            app.tap(f"faction-{chip}")
            app.wait_label(f"deck-p{i}", ", ".join(deck[: k + 1]))
            assert app.el(f"faction-{chip + 1}").bounding_box() == box
            chip += 1
    app.fill("faction-custom", "Зомби")
    app.wait_label("faction-add", "Взять Зомби")
    app.tap("faction-add")
    # (the focused field scrolls the long setup board: the decks leave the semantics tree)
    only_game(server.data_dir, lambda g: g.state.factions[2] == ["Котики", "Зомби"])

    # A base with VP out of order is refused before it is laid out, the field named; it
    # enters neither the game nor the catalogue («Раздача очков»: 1st ≥ 2nd ≥ 3rd).
    type_base(app, "new-base", "Кривая база", 18, (2, 3, 1))
    app.tap("add-base")
    app.wait_label("new-base-error", "Очки за 2-е место: не больше, чем за 1-е")
    app.wait_label("bases-count", "0/4")
    assert catalogue.get("Кривая база") is None

    # Bases: one typed (and remembered), three from the catalogue by fuzzy name.
    type_base(app, "new-base", "Замок принцессы", 18, (3, 2, 1))
    app.tap("add-base")
    app.wait_label("bases-count", "1/4")
    for n, (query, name, summary) in enumerate(
        [
            ("Древни", "Древний храм", "оборона 20; ПО 4/2/1"),
            ("рок", "Рок-клуб", "оборона 18; ПО 3/2/1"),
            ("пещира", "Пещера", "оборона 22; ПО 5/3/2"),
        ],
        2,
    ):
        base_from_catalogue(app, "new-base", query, name, summary)
        app.tap("add-base")
        app.wait_label("bases-count", f"{n}/4")
    assert catalogue.get("замок принцессы")["vp"] == [3, 2, 1]
    app.wait_label("primary-action", "Начать игру")
    app.tap("primary-action")
    app.wait_label("status-phase", "Начало хода")
    summary, game = only_game(server.data_dir, lambda g: g.state.started)
    first = game.state.first
    assert [b.name for b in game.state.bases] == [
        "Замок принцессы",
        "Древний храм",
        "Рок-клуб",
        "Пещера",
    ]
    assert game.state.factions == [
        ["Бабульки", "Плюшевые мишки"],
        ["Авантюристы", "Рокеры"],
        ["Котики", "Зомби"],
    ]
    app.wait_label("status-player", NAMES[first])

    # Plays: one minion played, an extra one granted.
    next_phase(app, "Играй карты")
    app.tap("plays-minion-minus")
    app.wait_label("plays-minion", "0")
    app.tap("plays-minion-plus")
    app.wait_label("plays-minion", "1")
    next_phase(app, "Проверь базы")

    # Power on «Древний храм» (base 1) until it breaks: 8 / 8 / 4 = 20, a tie for first.
    app.tap("base-1-open")
    set_by_pad(app, "pow-b1-p0", 8)
    set_by_pad(app, "pow-b1-p1", 8)
    app.wait_label("base-1-total", "16/20")
    app.wait_label("base-1-ready", "до захвата 4")
    app.tap("pow-b1-p2-plus")
    app.wait_label("pow-b1-p2", "1")
    set_by_pad(app, "pow-b1-p2", 4)
    app.tap("min-b1-p0-plus")
    app.wait_label("min-b1-p0", "1")
    app.wait_label("base-1-total", "20/20")
    app.wait_label("base-1-ready", "готова к захвату")

    # One tap opens the confirmation with what everyone gets: 1st, 1st, 3rd.
    app.tap("score-1")
    for i, text in enumerate(["Аня +4", "Борис +4", "Вика +1"]):
        app.wait_label(f"preview-p{i}", text)
    base_from_catalogue(app, "repl", "Волшебнй", "Волшебный лес", "оборона 19; ПО 4/3/1")
    app.tap("score-confirm")
    for i, vp in enumerate(["4", "4", "1"]):
        app.wait_label(f"vp-p{i}", vp)
    app.wait_label("base-1-name", "Волшебный лес")
    app.wait_label("base-1-total", "0/19")
    _, game = only_game(server.data_dir, lambda g: g.state.vp == [4, 4, 1])
    assert game.state.vp == [4, 4, 1]
    new = game.state.bases[1]
    assert (new.name, new.breakpoint, new.vp, new.power, new.set) == (
        "Волшебный лес",
        19,
        [4, 3, 1],
        [0, 0, 0],
        "Мимими",
    )
    assert game.events[-1].type == "base.score"
    assert (
        game.log()[-1][1] == "База «Древний храм» захвачена: Аня +4, Борис +4, Вика +1; "
        "на её место выложена «Волшебный лес»"
    )

    # The rest of the turn: draw-2 / hand-limit reminder, then the turn passes to the left.
    next_phase(app, "Возьми две карты")
    app.wait_label("reminder", "больше 10")
    next_phase(app, "Конец хода")
    next_phase(app, "Начало хода", turn=2)
    app.wait_label("status-player", NAMES[(first + 1) % 3])

    # A tie for the lead at 15+ VP: the game goes on.
    set_by_pad(app, "vp-p0", 16)
    set_by_pad(app, "vp-p1", 16)
    # on screen before the end of the turn, once: in the status line
    app.wait_label("status-note", "Поровну!")
    end_turn(app, 2)
    app.wait_label("status-note", "Поровну!")
    app.wait_label("status-player", NAMES[(first + 2) % 3])
    assert app.page.locator('[flt-semantics-identifier="winner"]').count() == 0
    _, game = only_game(server.data_dir, lambda g: g.state.turn == 3)
    assert game.state.vp == [16, 16, 1] and game.outcome() is None
    assert "поровну" in game.log()[-1][1]

    # Madness counted (Борис 16 − 0 = 16 with one card); Аня +1 → the single leader wins.
    set_by_pad(app, "mad-p1", 1)
    set_by_pad(app, "vp-p0", 17)
    for phase in ("Играй карты", "Проверь базы", "Возьми две карты", "Конец хода"):
        next_phase(app, phase)
    app.tap("primary-action")
    app.wait_label("winner", "Аня")
    summary, game = only_game(server.data_dir, lambda g: g.outcome() is not None)
    summary = GameStore(server.data_dir).list()[0]
    assert summary.finished and summary.winners == ("Аня",)
    assert game.state.vp == [17, 16, 1] and game.state.madness == [0, 1, 0]
    assert game.state.final == [17, 16, 1]
    # A finished game: the result first, no pinned VP strip to change (the numbers stay).
    app.page.locator('[flt-semantics-identifier="vp-p2"]').wait_for(state="detached")
    assert GameStore(server.data_dir).open(summary.id).game.state.vp == [17, 16, 1]


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


def test_phone_turn_keeps_the_numbers_and_the_primary_action_on_screen(app, server):
    """Issue 11 at 390×844 with 4 players and 5 bases: through a whole turn whose turn it is, the
    phase, «Дальше», every player's VP and every base's power stay on screen without scrolling;
    a tapped −/+ stays put after the tap and after a refused move; the «+» that makes a base
    ready («готова к захвату») moves neither itself nor the next control; in «Проверь базы» the
    ready base shows «Захватить» on screen (Проверь базы, Добавочные карты)."""
    # «Пещера» (base 3) is already broken: 19 of 19.
    game_id = four_player_game(
        server.data_dir,
        [("base.set", {"base": 3, "player": 2, "power": 19, "minions": 3})],
        step_phases=True,  # «Все фазы по шагам»: the test walks every phase
    )
    app.open(f"/game/{game_id}")
    app.wait_label("status-phase", "Начало хода")
    numbers = [f"vp-p{i}" for i in range(4)] + [f"base-{j}-total" for j in range(5)]
    assert_on_screen(app, "status-player", "status-phase", "primary-action", *numbers)
    app.wait_label("status-player", "Аня")

    # «Играй карты»: one minion played; a second is refused; the «−» never moves.
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
    app.wait_label("plays-minion", "0")

    # «Древний храм»: power 19 of 20, then the «+» that breaks it.
    app.tap("base-0-open")
    set_by_pad(app, "pow-b0-p0", 19)
    app.wait_label("base-0-ready", "до захвата 1")
    plus, nxt = box(app, "pow-b0-p0-plus"), box(app, "min-b0-p0-minus")
    below = box(app, "pow-b0-p1-plus")
    app.tap("pow-b0-p0-plus")
    app.wait_label("base-0-ready", "готова к захвату")
    app.wait_label("base-0-total", "20/20")
    assert_same_place(plus, box(app, "pow-b0-p0-plus"), "the + that made the base ready")
    assert_same_place(nxt, box(app, "min-b0-p0-minus"), "the control beside it")
    assert_same_place(below, box(app, "pow-b0-p1-plus"), "the next player's +")
    # A refused move (power below 0) moves nothing either.
    app.tap("pow-b0-p1-minus")
    app.wait_label("error", "")
    assert_same_place(below, box(app, "pow-b0-p1-plus"), "after a refused −")
    assert_on_screen(app, "status-player", "status-phase", "primary-action")

    # «Проверь базы»: both ready bases with «Захватить» on screen, the last one included.
    app.tap("primary-action")
    app.wait_label("status-phase", "Проверь базы")
    app.wait_label("reminder", "«Пещера»")
    assert_on_screen(app, "score-0", "score-3", "primary-action", *numbers)
    app.tap("score-3")
    app.wait_label("preview-p2", "Вика +4")
    # «Разойтись по углам!»: no replacement is refused, in the dialog, naming the rule.
    app.tap("score-confirm")
    app.wait_label("score-error", "Разойтись по углам!")
    type_base(app, "repl", "Заводь", 16, (3, 2, 1))
    app.tap("score-confirm")
    app.wait_label("vp-p2", "4")
    app.wait_label("base-3-name", "Заводь")
    assert_on_screen(app, "vp-p2", "primary-action")
    app.tap("score-0")  # both ready bases are scored before the phase ends
    app.wait_label("preview-p0", "Аня +4")
    type_base(app, "repl", "Остров", 17, (4, 2, 1))
    app.tap("score-confirm")
    app.wait_label("vp-p0", "4")
    app.wait_label("base-0-name", "Остров")

    # The rest of the turn: every step in reach, the turn passes to Борис.
    for phase in ("Возьми две карты", "Конец хода"):
        app.tap("primary-action")
        app.wait_label("status-phase", phase)
        assert_on_screen(app, "status-player", "status-phase", "primary-action")
    app.tap("primary-action")
    app.wait_label("status-player", "Борис")
    app.wait_label("turn", "Ход 2")
    assert_on_screen(app, "status-player", "status-phase", "primary-action", "vp-p1")


def test_phone_finished_game_shows_the_winner_on_screen(app, server):
    """Игра окончена: a finished 4-player game opened on a phone shows the winner at once, not
    under the bases."""
    moves = [("vp.adjust", {"player": 1, "delta": 16})]
    moves += [("phase.next", {})] * 5
    game_id = four_player_game(server.data_dir, moves)
    assert GameStore(server.data_dir).open(game_id).game.outcome() is not None
    app.open(f"/game/{game_id}")
    app.wait_label("winner", "Борис")
    assert_on_screen(app, "winner")
