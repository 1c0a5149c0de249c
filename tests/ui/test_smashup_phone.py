"""«Замес» on a 390×844 phone, the points of the phone playtest (issue 11) that a later change
could bring back: «Дальше» never moves through a whole turn; in «Проверь базы» the ready base
the reminder names is on screen next to it, even the last of five bases with one open before.
And of the third play-test: a turn on any base without scrolling back (the phase card and
the VP strip pinned, 390×844 and 360×640), bases laid out without a scroll each."""

from __future__ import annotations

import pytest

from companion.store import GameStore
from companion.store.bases import BaseCatalogue
from tests.ui.conftest import Server
from tests.ui.cut_text import assert_whole_or_told
from tests.ui.phone import assert_on_screen, box, same_place, settled, tap_primary, wheel
from tests.ui.test_smashup import FIVE_BASES as FIVE
from tests.ui.test_smashup import FOUR, four_player_game


@pytest.fixture
def server(suite_server: Server) -> Server:
    """One server for the suite's browser tests, under their one page (``one_page``): each
    test opens a game of its own by id (the base catalogue is shared with every Smash Up
    module: each test that picks from it remembers what it picks, and taps the first
    suggestion, whichever it is)."""
    return suite_server


def test_next_never_moves_and_the_ready_base_is_beside_its_reminder(one_page, server):
    """«Вот как это делается»: five phases a turn; «Проверь базы» names the ready base."""
    # «Волшебный лес» (the last of five bases) is broken: 21 of 21.
    gid = four_player_game(
        server.data_dir,
        [
            ("phase.next", {}),  # «Играй карты»
            ("base.set", {"base": 4, "player": 1, "power": 21, "minions": 3}),
        ],
        edition="mimimi",  # where «Колода баз пуста» is offered (Разойтись по углам!)
        step_phases=True,  # «Все фазы по шагам»: «Дальше» in every phase
    )
    BaseCatalogue(server.data_dir).remember({"name": "Заводь", "breakpoint": 16, "vp": [3, 2, 1]})
    app = one_page.open(f"/game/{gid}")
    app.wait_label("status-phase", "Играй карты")
    app.wait_label("primary-action", "Дальше")
    first = box(app, "primary-action")
    app.tap("base-0-open")  # an open editor pushes the list down while playing cards
    app.el("base-0-editor").wait_for()
    tap_primary(app)
    app.wait_label("status-phase", "Проверь базы")
    app.wait_label("reminder", "«Волшебный лес»")
    # each phase starts with the list closed: the named base is on screen with «Захватить»
    assert_on_screen(app, "reminder", "base-4", "score-4", "primary-action")
    assert same_place(first, box(app, "primary-action"))
    # «Колода баз пуста» flips with a tap anywhere on its row (one 48 dp target), and back
    app.tap("score-4")
    app.el("deck-empty").wait_for()
    for checked in ("true", "false"):
        app.tap("deck-empty")
        app.page.locator(f'[flt-semantics-identifier="deck-empty"] [aria-checked={checked}]').or_(
            app.page.locator(f'[flt-semantics-identifier="deck-empty"][aria-checked={checked}]')
        ).first.wait_for()
    app.fill("repl-name", "Заводь")  # from the catalogue: one field typed
    app.wait_label("repl-sugg-0", "Заводь")
    app.tap("repl-sugg-0")
    app.wait_label("repl-preview", "Заводь: оборона 16")
    app.tap("score-confirm")
    app.wait_label("base-4-name", "Заводь")
    for phase in ("Возьми две карты", "Закругляйся", "Заводи!"):  # «Мимими»'s names
        tap_primary(app)
        app.wait_label("status-phase", phase)
        assert same_place(first, box(app, "primary-action")), phase
    app.wait_label("status-player", FOUR[1])
    assert same_place(first, box(app, "primary-action"))


# -- the third phone play-test -----------------------------------------------------------------
def reachable(app, *idents: str, width: int = 390) -> None:
    """Each control is wholly on screen above the pinned action bar (not under it)."""
    bar = box(app, "action-bar")["y"]
    for ident in idents:
        b = box(app, ident)
        assert b["y"] >= 0 and b["y"] + b["height"] <= bar + 0.5, (ident, b, bar)
        assert b["x"] >= 0 and b["x"] + b["width"] <= width, (ident, b)


PINNED = ["plays-minion-minus", "plays-minion", *[f"vp-p{i}" for i in range(4)]]


def test_a_turn_on_the_last_base_needs_no_scrolling_back(one_page, server):
    """Играй карты at 390×844, 4 players, 5 bases (play-test: the 5th base's editor sat under
    the pinned bar, and once scrolled to, «Приспешники −» and the VP strip were off the top).
    Opened, the last base comes up under the pinned phase card and VP strip: its «Сыграть
    приспешника сюда» and every player's power and minions are in reach with them. One tap
    there is the minion on the base *and* the turn's minion play; the power «+» and the
    minions «−» beside it are ≥ 8 dp apart."""
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    app = one_page.open(f"/game/{gid}")
    app.wait_label("status-phase", "Играй карты")
    pinned = {ident: box(app, ident) for ident in PINNED}
    app.tap_and_reveal("base-4-open", moves="base-4")
    app.el("play-minion-b4").wait_for()
    editor = ["play-minion-b4", "pow-b4-p0-minus", "pow-b4-p3-plus", "min-b4-p3-plus"]
    app.steady("min-b4-p3-plus")  # the list has stopped scrolling
    reachable(app, *PINNED, *editor)
    assert box(app, "play-minion-b4")["y"] >= box(app, "vp-p0")["y"] + box(app, "vp-p0")["height"]
    for ident, before in pinned.items():
        assert same_place(before, box(app, ident)), ident
    plus, minus = box(app, "pow-b4-p0-plus"), box(app, "min-b4-p0-minus")
    assert minus["x"] - (plus["x"] + plus["width"]) >= 8, (plus, minus)

    where = box(app, "play-minion-b4")
    app.tap("play-minion-b4")
    app.tap("minion-power-3")  # the minion's power, asked in one tap
    app.wait_label("plays-minion", "0")
    app.wait_label("min-b4-p0", "1")
    assert same_place(where, box(app, "play-minion-b4"))
    assert same_place(pinned["plays-minion-minus"], box(app, "plays-minion-minus"))
    game = GameStore(server.data_dir).open(gid).game
    assert game.log()[-1][1] == (
        "Аня играет приспешника на базу «Волшебный лес» с силой 3 (осталось 0)"
    )
    assert game.state.bases[4].power[0] == 3


def test_on_a_small_phone_the_plays_and_vp_stay_while_the_bases_scroll(one_page, server):
    """360×640: the open base's editor is longer than the room left, so the list scrolls —
    under the phase card and the VP strip, which stay where they are."""
    gid = four_player_game(server.data_dir, [("phase.next", {})])
    small = one_page.open(f"/game/{gid}", 360, 640)
    small.wait_label("status-phase", "Играй карты")
    pinned = {ident: box(small, ident) for ident in PINNED}
    small.tap_and_reveal("base-4-open", moves="base-4")
    small.el("play-minion-b4").wait_for()
    reachable(small, "play-minion-b4", width=360)
    small.steady("min-b4-p3-plus")  # scrolled to with the wheel, over the list
    reachable(small, *PINNED, "pow-b4-p3-plus", "min-b4-p3-plus", width=360)
    for ident, before in pinned.items():
        assert same_place(before, box(small, ident)), ident


def test_bases_are_laid_out_without_a_scroll_each(one_page, server):
    """Подготовка к игре, 3 players with their factions, bases from the catalogue (play-test:
    from the 3rd base on «Выложить базу» was under the pinned bar). The board comes up at the
    bases, and «Выложить базу» stays in one place, in reach, for all four; a catalogue
    entry's trash button is ≥ 8 dp from its chip."""
    catalogue = BaseCatalogue(server.data_dir)
    for name, bp, vp in [*FIVE, ("Заводь", 16, [3, 2, 1])]:
        catalogue.remember({"name": name, "breakpoint": bp, "vp": vp})
    decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Зомби", "Пираты"]]
    stored = GameStore(server.data_dir).create(
        "smashup", FOUR[:3], first_player=0, options={"factions": decks}
    )
    stored.close()
    app = one_page.open(f"/game/{stored.id}")
    app.wait_label("bases-count", "0/4")
    app.frames.wait_for("scroll_to", after=one_page.sent)  # the board's scroll to the bases
    chip, trash = box(app, "new-base-sugg-0"), box(app, "new-base-forget-0")
    assert trash["x"] - (chip["x"] + chip["width"]) >= 8, (chip, trash)
    first = None
    for n in range(1, 5):
        reachable(app, "new-base-sugg-0", "add-base")
        where = box(app, "add-base")
        first = first or where
        assert same_place(first, where), (n, first, where)
        app.tap_and_reveal("new-base-sugg-0")  # a picked suggestion scrolls to the bases
        app.wait_label("new-base-preview", ": оборона")
        app.tap("add-base")
        app.wait_label("bases-count", f"{n}/4")
    assert len(GameStore(server.data_dir).open(stored.id).game.state.bases) == 4


LONG = ["Александра", "Борислав", "Виктория", "Константин"]


def test_on_a_small_phone_an_open_base_needs_no_scroll_and_names_are_whole(one_page, server):
    """360×640, 4 players with long names, «Играй карты» (phone play-test: the pinned part took
    ~340 px, the open base's 2nd and 3rd players needed a scroll and «Александра» read
    «Але…»). The header folds to two 48 dp rows: with the last base open, its row,
    «Сыграть приспешника сюда» and every player's power and minions are on screen above the
    action bar with the plays and VP, without a scroll; each VP chip shows a 10-letter name
    whole, or cut with «…» and whole in the pad a tap on the chip opens; a minion played
    there moves nothing."""
    gid = four_player_game(server.data_dir, [("phase.next", {})], names=LONG)
    small = one_page.open(f"/game/{gid}", 360, 640)
    small.wait_label("status-phase", "Играй карты")
    pinned = {ident: box(small, ident) for ident in PINNED}
    small.tap_and_reveal("base-4-open", moves="base-4")
    small.el("play-minion-b4").wait_for()
    editor = [
        f"{k}-b4-p{i}-{e}" for i in range(4) for k in ("pow", "min") for e in ("minus", "plus")
    ]
    for ident in ("base-4", "play-minion-b4", *editor, *PINNED):  # no steady(): no scroll
        b = box(small, ident)
        assert b["y"] >= 0 and b["y"] + b["height"] <= box(small, "action-bar")["y"] + 0.5, (
            ident,
            b,
        )
    for ident, before in pinned.items():
        assert same_place(before, box(small, ident)), ident
    for i, name in enumerate(LONG):
        assert name in small.label(f"vp-p{i}"), (i, small.label(f"vp-p{i}"))
        chip = box(small, f"vp-p{i}")

        def tell(i: int = i) -> str:
            small.tap(f"vp-p{i}")
            small.appear("pad-display")
            told = small.label("pad-title")
            small.tap("pad-cancel")
            small.el("pad-display").wait_for(state="detached")
            return told

        assert_whole_or_told(small, f"vp-name-p{i}", name, chip["width"] - 8, tell)
        # cut in the open base's narrow name column: whole in its label
        assert name in small.label(f"name-b4-p{i}")
    where = box(small, "play-minion-b4")
    small.el("play-minion-b4").click()  # where it is: no scroll before the tap
    small.tap("minion-power-2")  # its power, asked in one tap
    small.wait_label("min-b4-p0", "1")
    small.wait_label("plays-minion", "0")
    assert same_place(where, box(small, "play-minion-b4"))
    assert same_place(pinned["plays-minion-minus"], box(small, "plays-minion-minus"))


def test_a_capture_refusal_is_scrolled_into_sight_above_the_buttons(one_page, server):
    """«Разойтись по углам!»: «Захватить» with no new base typed is refused. Play-test: on a
    phone the refusal sat at the end of the dialog's scrolling content, its last lines under
    the dialog's buttons. The content now scrolls to it, whole above «Захватить», at 360×640
    and 390×844."""
    gid = four_player_game(
        server.data_dir,
        moves=[
            ("base.adjust", {"base": 0, "player": 0, "power": 30, "minions": 3}),
            ("phase.next", {}),
            ("phase.next", {}),
        ],
    )
    for width, height in ((360, 640), (390, 844)):
        page = one_page.open(f"/game/{gid}", width, height)
        page.tap("score-0")
        page.appear("score-confirm")
        page.tap("score-confirm")
        page.wait_label("score-error", "Разойтись по углам!")
        error = page._settled("score-error", 15_000)  # where it is, not scrolled to
        confirm = page.box("score-confirm")
        assert error["y"] >= 0 and error["y"] + error["height"] <= confirm["y"] + 0.5, (
            width,
            error,
            confirm,
        )


NINE = ["Анастасия", "Борислав", "Виктория", "Константин"]


def test_long_names_are_whole_on_the_power_lines_and_the_vp_chips(one_page, server):
    """390×844, «Играй карты», names of 8–10 letters (phone play-test: the open base's lines
    read «Анаст…», «Виктор…», the VP strip «Анаст…», «Викто…»; only colour told players
    apart). Each name is drawn whole in its room, or cut with «…» and whole in the numeric
    pad's title a tap on it opens; at a size still readable (a line ≥ 13 px high: ≥ 11 px
    type); the steppers stay 48 dp."""
    gid = four_player_game(server.data_dir, [("phase.next", {})], names=NINE)
    app = one_page.open(f"/game/{gid}")
    app.wait_label("status-phase", "Играй карты")
    app.tap_and_reveal("base-4-open", moves="base-4")
    app.el("play-minion-b4").wait_for()
    app.steady("min-b4-p3-plus")
    for i, name in enumerate(NINE):
        text, minus = box(app, f"name-b4-p{i}"), box(app, f"pow-b4-p{i}-minus")
        room = minus["x"] - 2 - text["x"]  # up to the power group, 2 px before it

        def tell(ident: str) -> str:
            app.tap(ident)
            app.appear("pad-display")
            told = app.label("pad-title")
            app.tap("pad-cancel")
            app.el("pad-display").wait_for(state="detached")
            return told

        assert_whole_or_told(app, f"name-b4-p{i}", name, room, lambda i=i: tell(f"name-b4-p{i}"))
        assert text["height"] >= 13, (name, text)
        assert minus["width"] >= 48 and minus["height"] >= 48, minus
        chip_name, vp = box(app, f"vp-name-p{i}"), box(app, f"vp-p{i}")
        assert_whole_or_told(app, f"vp-name-p{i}", name, vp["width"], lambda i=i: tell(f"vp-p{i}"))
        assert chip_name["height"] >= 13, (name, chip_name)
        assert vp["height"] >= 48, vp
        assert name in app.label(f"vp-name-p{i}")


def test_a_picked_suggestion_brings_lay_out_into_reach(one_page, server):
    """Подготовка к игре at 390×844, 4 players, 5 bases from the catalogue (phone play-test:
    with «Название базы» low on the screen, where a phone's keyboard leaves it, a tapped
    suggestion's numbers and «Выложить базу» were under the pinned bar: tap, scroll, tap
    for each base). After the tap the board comes back to «Базы», and «Выложить базу» is
    above the bar, without a scroll, for every base."""
    catalogue = BaseCatalogue(server.data_dir)
    for name, bp, vp in FIVE:
        catalogue.remember({"name": name, "breakpoint": bp, "vp": vp})
    decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Зомби", "Пираты"], ["Ниндзя", "Роботы"]]
    stored = GameStore(server.data_dir).create(
        "smashup", FOUR, first_player=0, options={"factions": decks}
    )
    stored.close()
    app = one_page.open(f"/game/{stored.id}")
    app.wait_label("bases-count", "0/5")
    app.frames.wait_for("scroll_to", after=one_page.sent)  # the board's scroll to the bases
    for n in range(1, 6):
        field, bar = settled(app, "new-base-name"), box(app, "action-bar")["y"]
        # the field down towards the bar, the suggestions under
        wheel(app, field["y"] + field["height"] - (bar - 8), 195, 422)
        low = settled(app, "new-base-name")
        assert low["y"] >= field["y"] + 100, (n, field, low)  # it went down (to the page top)
        sent = len(app.frames.received)
        app.el("new-base-sugg-0").click()  # where it is: tapped, not scrolled to first
        app.wait_label("new-base-preview", ": оборона")
        app.frames.wait_for("scroll_to", after=sent)  # the board's scroll back has been drawn
        reachable(app, "new-base-bp", "new-base-vp3", "add-base")
        app.el("add-base").click()  # where it is, no scroll
        app.wait_label("bases-count", f"{n}/5")
    assert len(GameStore(server.data_dir).open(stored.id).game.state.bases) == 5
