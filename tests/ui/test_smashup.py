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
    # Typing within milliseconds of the form's reset can lose to the reset arriving late
    # (a controlled field); a person is never that fast, so type again if needed.
    for _ in range(2):
        app.fill(f"{prefix}-name", query)
        try:
            app.wait_label(f"{prefix}-sugg-0", name, timeout=3_000)
            break
        except AssertionError:
            continue
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
    app.wait_label("phase", phase)


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
    app.wait_label("phase", "Начало хода")
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
    app.wait_label("active", NAMES[first])

    # Plays: one minion played, an extra one granted.
    next_phase(app, "Играй карты")
    app.tap("plays-minion-minus")
    app.wait_label("plays-minion", "0")
    app.tap("plays-minion-plus")
    app.wait_label("plays-minion", "1")
    next_phase(app, "Проверь базы")

    # Power on «Древний храм» (base 1) until it breaks: 8 / 8 / 4 = 20, a tie for first.
    app.tap("base-1")
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
    app.wait_label("active", NAMES[(first + 1) % 3])

    # A tie for the lead at 15+ VP: the game goes on.
    set_by_pad(app, "vp-p0", 16)
    set_by_pad(app, "vp-p1", 16)
    end_turn(app, 2)
    app.wait_label("active", NAMES[(first + 2) % 3])
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
    # A finished game refuses new moves; the numbers stay.
    app.tap("vp-p2")
    app.tap("pad-5")
    app.tap("pad-ok")
    app.wait_label("error", "окончена")
    assert GameStore(server.data_dir).open(summary.id).game.state.vp == [17, 16, 1]
