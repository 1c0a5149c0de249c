"""A game of «Замес» played on the board, in-process (the real app on a real Flet session:
:mod:`tests.ui.walk`; no browser): setup with factions and bases (typed and from the
catalogue), live power until a base breaks with a tie, the scoring confirmation, the
replacement base from the catalogue, turn end, a tie at 15+ that plays on and a 15+ win.
What only a browser shows (places, reach on a phone) is in :mod:`tests.ui.test_smashup`.
"""

from __future__ import annotations

from companion.store import GameStore
from companion.store.bases import BaseCatalogue
from tests.ui import render_tree as rt
from tests.ui.walk import Phone, new_game

NAMES = ["Аня", "Борис", "Вика"]


async def type_base(phone: Phone, prefix: str, name: str, bp: int, vp: tuple[int, ...]) -> None:
    await phone.type(f"{prefix}-name", name)
    await phone.type(f"{prefix}-bp", str(bp))
    for k, v in enumerate(vp, 1):
        await phone.type(f"{prefix}-vp{k}", str(v))
    phone.says(f"{prefix}-preview", f"{name}: оборона {bp}; ПО {vp[0]}/{vp[1]}/{vp[2]}")


async def base_from_catalogue(phone: Phone, prefix: str, query: str, name: str, summary: str):
    await phone.type(f"{prefix}-name", query)
    phone.says(f"{prefix}-sugg-0", name)
    await phone.tap(f"{prefix}-sugg-0")
    phone.says(f"{prefix}-preview", f"{name}: {summary}")


async def set_by_pad(phone: Phone, ident: str, value: int) -> None:
    await phone.tap(ident)
    for ch in str(value):
        await phone.tap(f"pad-{ch}")
    phone.says("pad-display", str(value))
    await phone.tap("pad-ok")
    phone.says(ident, str(value))


async def next_phase(phone: Phone, phase: str, turn: int | None = None) -> None:
    await phone.tap("primary-action")
    if turn is not None:
        phone.says("turn", f"Ход {turn}")
    phone.says("status-phase", phase)


async def end_turn(phone: Phone, turn: int) -> None:
    """From «Начало хода» through the five phases to the next turn's «Начало хода»."""
    for phase in ("Играй карты", "Проверь базы", "Возьми две карты", "Конец хода"):
        await next_phase(phone, phase)
    await next_phase(phone, "Начало хода", turn + 1)


def chips(phone: Phone) -> list[str]:
    """The faction chips shown, top to bottom."""
    return [i for i in rt.tagged_in_order(phone.session) if i.startswith("faction-")]


async def _tie_scoring_replacement_and_15_vp_finish(data) -> None:
    catalogue = BaseCatalogue(data)
    catalogue.remember(
        {"name": "Волшебный лес", "breakpoint": 19, "vp": [4, 3, 1], "set": "Мимими"}
    )
    catalogue.remember({"name": "Рок-клуб", "breakpoint": 18, "vp": [3, 2, 1]})
    catalogue.remember({"name": "Пещера", "breakpoint": 22, "vp": [5, 3, 2]})
    # New game: three players, madness counted, «Все фазы по шагам»: this test walks every
    # phase (the form as a player fills it; the board is then opened by the game's address)
    switches = ("opt-madness", "opt-step-phases")
    gid = await new_game(data, "smashup", NAMES, taps=switches, first=1)
    phone = await Phone.open(data, f"/game/{gid}")
    phone.says("phase", "Подготовка к игре")

    # Factions: offered ones by tap, one typed freely. The chips keep their order: a taken
    # faction stays where it was (their places on screen: tests.ui.test_smashup).
    expected = [["Бабульки", "Плюшевые мишки"], ["Авантюристы", "Рокеры"], ["Котики"]]
    chip = 0
    for i, deck in enumerate(expected):
        for k in range(len(deck)):
            order = chips(phone)
            await phone.tap(f"faction-{chip}")
            phone.says(f"deck-p{i}", ", ".join(deck[: k + 1]))
            assert chips(phone) == order
            chip += 1
    await phone.type("faction-custom", "Зомби")
    phone.says("faction-add", "Взять Зомби")
    await phone.tap("faction-add")
    assert phone.stored().state.factions[2] == ["Котики", "Зомби"]

    # A base with VP out of order is refused before it is laid out, the field named; it
    # enters neither the game nor the catalogue («Раздача очков»: 1st ≥ 2nd ≥ 3rd).
    await type_base(phone, "new-base", "Кривая база", 18, (2, 3, 1))
    await phone.tap("add-base")
    phone.says("new-base-error", "Очки за 2-е место: не больше, чем за 1-е")
    phone.says("bases-count", "0/4")
    assert catalogue.get("Кривая база") is None
    assert phone.stored().state.bases == []

    # Bases: one typed (and remembered), three from the catalogue by fuzzy name.
    await type_base(phone, "new-base", "Замок принцессы", 18, (3, 2, 1))
    await phone.tap("add-base")
    phone.says("bases-count", "1/4")
    for n, (query, name, summary) in enumerate(
        [
            ("Древни", "Древний храм", "оборона 20; ПО 4/2/1"),
            ("рок", "Рок-клуб", "оборона 18; ПО 3/2/1"),
            ("пещира", "Пещера", "оборона 22; ПО 5/3/2"),
        ],
        2,
    ):
        await base_from_catalogue(phone, "new-base", query, name, summary)
        await phone.tap("add-base")
        phone.says("bases-count", f"{n}/4")
    assert catalogue.get("замок принцессы")["vp"] == [3, 2, 1]
    phone.says("primary-action", "Начать игру")
    await phone.tap("primary-action")
    phone.says("status-phase", "Начало хода")
    game = phone.stored()
    assert game.state.started
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
    phone.says("status-player", NAMES[first])

    # Plays: one minion played, an extra one granted.
    await next_phase(phone, "Играй карты")
    await phone.tap("plays-minion-minus")
    phone.says("plays-minion", "0")
    await phone.tap("plays-minion-plus")
    phone.says("plays-minion", "1")
    await next_phase(phone, "Проверь базы")

    # Power on «Древний храм» (base 1) until it breaks: 8 / 8 / 4 = 20, a tie for first.
    await phone.tap("base-1-open")
    await set_by_pad(phone, "pow-b1-p0", 8)
    await set_by_pad(phone, "pow-b1-p1", 8)
    phone.says("base-1-total", "16/20")
    phone.says("base-1-ready", "до захвата 4")
    await phone.tap("pow-b1-p2-plus")
    phone.says("pow-b1-p2", "1")
    await set_by_pad(phone, "pow-b1-p2", 4)
    await phone.tap("min-b1-p0-plus")
    phone.says("min-b1-p0", "1")
    phone.says("base-1-total", "20/20")
    phone.says("base-1-ready", "готова к захвату")

    # One tap opens the confirmation with what everyone gets: 1st, 1st, 3rd.
    await phone.tap("score-1")
    for i, text in enumerate(["Аня +4", "Борис +4", "Вика +1"]):
        phone.says(f"preview-p{i}", text)
    await base_from_catalogue(phone, "repl", "Волшебнй", "Волшебный лес", "оборона 19; ПО 4/3/1")
    await phone.tap("score-confirm")
    for i, vp in enumerate(["4", "4", "1"]):
        phone.says(f"vp-p{i}", vp)
    phone.says("base-1-name", "Волшебный лес")
    phone.says("base-1-total", "0/19")
    game = phone.stored()
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
    await next_phase(phone, "Возьми две карты")
    phone.says("reminder", "больше 10")
    await next_phase(phone, "Конец хода")
    await next_phase(phone, "Начало хода", turn=2)
    phone.says("status-player", NAMES[(first + 1) % 3])

    # A tie for the lead at 15+ VP: the game goes on.
    await set_by_pad(phone, "vp-p0", 16)
    await set_by_pad(phone, "vp-p1", 16)
    # on screen before the end of the turn, once: in the status line
    phone.says("status-note", "Поровну!")
    await end_turn(phone, 2)
    phone.says("status-note", "Поровну!")
    phone.says("status-player", NAMES[(first + 2) % 3])
    assert not phone.has("winner")
    game = phone.stored()
    assert game.state.turn == 3
    assert game.state.vp == [16, 16, 1] and game.outcome() is None
    assert "поровну" in game.log()[-1][1]

    # Madness counted (Борис 16 − 0 = 16 with one card); Аня +1 → the single leader wins.
    await set_by_pad(phone, "mad-p1", 1)
    await set_by_pad(phone, "vp-p0", 17)
    for phase in ("Играй карты", "Проверь базы", "Возьми две карты", "Конец хода"):
        await next_phase(phone, phase)
    await phone.tap("primary-action")
    phone.says("winner", "Аня")
    (summary,) = GameStore(data).list()
    assert summary.finished and summary.winners == ("Аня",)
    game = phone.stored()
    assert game.state.vp == [17, 16, 1] and game.state.madness == [0, 1, 0]
    assert game.state.final == [17, 16, 1]
    # A finished game: the result first, no pinned VP strip to change (the numbers stay).
    assert not phone.has("vp-p2")


def test_smashup_tie_scoring_replacement_and_15_vp_finish(tmp_path):
    """«Раздача очков» (a tie for first: both get first place's VP), «Захват базы» (the
    replacement base), «Конец игры» (15+ VP plays on while tied; the single leader wins)."""
    rt.run(_tie_scoring_replacement_and_15_vp_finish(tmp_path))


async def _a_turn_with_two_ready_bases(data) -> None:
    from tests.ui.test_smashup import four_player_game

    # «Пещера» (base 3) is already broken: 19 of 19.
    gid = four_player_game(
        data,
        [("base.set", {"base": 3, "player": 2, "power": 19, "minions": 3})],
        step_phases=True,  # «Все фазы по шагам»: the test walks every phase
    )
    phone = await Phone.open(data, f"/game/{gid}", size=(390, 844))
    phone.says("status-phase", "Начало хода")
    phone.says("status-player", "Аня")

    # «Играй карты»: one minion played; a second is refused.
    await phone.tap("primary-action")
    phone.says("status-phase", "Играй карты")
    await phone.tap("plays-minion-minus")
    phone.says("plays-minion", "0")
    events = len(phone.stored(gid).events)
    await phone.tap("plays-minion-minus")
    phone.says("error", "больше нельзя сыграть приспешника")
    phone.says("plays-minion", "0")
    assert len(phone.stored(gid).events) == events

    # «Древний храм»: power 19 of 20, then the «+» that breaks it; power below 0 is refused.
    await phone.tap("base-0-open")
    await set_by_pad(phone, "pow-b0-p0", 19)
    phone.says("base-0-ready", "до захвата 1")
    await phone.tap("pow-b0-p0-plus")
    phone.says("base-0-ready", "готова к захвату")
    phone.says("base-0-total", "20/20")
    events = len(phone.stored(gid).events)
    await phone.tap("pow-b0-p1-minus")
    assert len(phone.stored(gid).events) == events
    phone.says("pow-b0-p1", "0")

    # «Проверь базы»: both ready bases offer «Захватить»; each is scored with its replacement.
    await phone.tap("primary-action")
    phone.says("status-phase", "Проверь базы")
    phone.says("reminder", "«Пещера»")
    assert phone.tappable("score-0") and phone.tappable("score-3")
    await phone.tap("score-3")
    phone.says("preview-p2", "Вика +4")
    # «Разойтись по углам!»: no replacement is refused, in the dialog, naming the rule.
    await phone.tap("score-confirm")
    phone.says("score-error", "Разойтись по углам!")
    assert phone.stored(gid).state.vp == [0, 0, 0, 0]
    await type_base(phone, "repl", "Заводь", 16, (3, 2, 1))
    await phone.tap("score-confirm")
    phone.says("vp-p2", "4")
    phone.says("base-3-name", "Заводь")
    await phone.tap("score-0")  # both ready bases are scored before the phase ends
    phone.says("preview-p0", "Аня +4")
    await type_base(phone, "repl", "Остров", 17, (4, 2, 1))
    await phone.tap("score-confirm")
    phone.says("vp-p0", "4")
    phone.says("base-0-name", "Остров")
    assert phone.stored(gid).state.vp == [4, 0, 4, 0]

    # The rest of the turn: the turn passes to Борис.
    for phase in ("Возьми две карты", "Конец хода"):
        await next_phase(phone, phase)
    await phone.tap("primary-action")
    phone.says("status-player", "Борис")
    phone.says("turn", "Ход 2")


def test_a_turn_with_two_ready_bases_scores_both_with_their_replacements(tmp_path):
    """«Проверь базы», «Добавочные карты», «Разойтись по углам!» with 4 players and 5 bases: a
    second minion is refused (plays left 0), power is never below 0, the «+» that reaches the
    breakpoint makes a base «готова к захвату», a capture without a replacement base is
    refused naming the rule, and both ready bases are scored before the turn passes. (What
    stays in reach and in place on a phone meanwhile:
    :func:`tests.ui.test_smashup.test_phone_turn_keeps_the_numbers_and_the_primary_action_on_screen`.)
    """
    rt.run(_a_turn_with_two_ready_bases(tmp_path))
