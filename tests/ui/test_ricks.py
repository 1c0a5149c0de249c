"""Real-browser tests of the «Рик и Морти» board (companion/ui/boards/ricks/), offline in Chromium.

The rules themselves are tested in tests/engine/test_ricks.py, a whole game played through the
board in-process in tests/ui/test_ricks_play.py; here what only a phone's browser shows: each
step fits the screen, 48 dp targets, nothing moves under a finger, a double tap counts once.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import SETTLE_SECONDS, Hub
from tests.ui import render_tree as rt
from tests.ui.conftest import FOCUS_SECONDS, App, Server
from tests.ui.phone import (
    assert_all_above_bar,
    assert_all_on_screen,
    assert_on_screen,
    assert_target,
    assert_targets,
    box,
    same_place,
    settled_boxes,
    tap_primary,
    visit,
)
from tests.ui.test_view import Clock


@pytest.fixture
def server(module_server: Server) -> Server:
    """One server for this module's tests that make their game by id (:func:`ricks_game`)."""
    return module_server


def fill(app: App, ident: str, text: str) -> None:
    """Type into a field, then leave it (a field removed while focused can stall the web client)."""
    app.fill(ident, text)
    app.el(ident).locator("input, textarea").first.blur()
    app.unhover()


def stored_game(data_dir, n: int | None = None, timeout: float = 15.0, gid: str | None = None):
    """The saved game ``gid``, or else the only saved game (once it holds ``n`` events, when
    given)."""
    deadline = time.monotonic() + timeout
    while True:
        if gid is None:
            (summary,) = GameStore(data_dir).list()
            gid_now, events = summary.id, summary.events
        else:
            gid_now, events = gid, len(GameStore(data_dir).open(gid, readonly=True).game.events)
        if n is None or events == n or time.monotonic() > deadline:
            return GameStore(data_dir).open(gid_now)
        time.sleep(0.1)


def play_card(app: App, kind: str, name: str, **fields: str) -> None:
    """«Сыграть карту» opens the card's form (a dialog); «Сыграть» sends it and closes it."""
    app.tap("play-open")
    app.el("play-preview").wait_for()
    app.tap(f"kind-{kind}")
    app.wait_label(f"kind-{kind}", "выбран")
    for key, value in fields.items():
        fill(app, f"play-{key}", value)
    fill(app, "play-name", name)
    # the preview says what will be sent: every value typed once is there (none was reset by
    # a late re-render of the previous card's form: docs/FLET_FINDINGS.md, text fields)
    shows = {
        "build": "внедрение {}",
        "prod": "+{} единиц",  # the label: «+2 единицы энергии»
        "cost": "активация {}",
        "vp": "= {} ПО",
    }
    for key, value in fields.items():
        app.wait_label("play-preview", shows[key].format(value))
    app.wait_label("play-preview", f"«{name}»")
    app.tap("play-card")
    app.el("play-preview").wait_for(state="detached")
    app.page.get_by_text(f"«{name}»").first.wait_for()


def pass_turn(app: App) -> None:
    """«Передать ход»: the pinned primary action of the action phase."""
    app.wait_label("primary-action", "Передать ход")
    tap_primary(app)


# -- the phone at the table (390×844) --------------------------------------------------------
NAMES4 = ["Аня", "Борис", "Вика", "Гена"]
OPTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3}, "charge_limit": 1}


def ricks_game(server, names: list[str], *moves: str | tuple[str, dict], **options) -> str:
    """A saved game (Аня first) with ``moves`` already made (a bare name: empty data)."""
    stored_game = GameStore(server.data_dir).create(
        "ricks", names, first_player=0, options={**OPTIONS, **options}
    )
    for move in moves:
        type, data = (move, {}) if isinstance(move, str) else move
        stored_game.push(type, data)
    return stored_game.id


TOASTER = (
    "card.play",
    {"kind": "invention", "build_cost": 1, "cost": 1, "vp": 2, "name": "Тостер"},
)
BATTERY = ("card.play", {"kind": "source", "build_cost": 1, "production": 3, "name": "Батарея"})
PORTAL = ("card.play", {"kind": "ability", "build_cost": 1, "cost": 1, "name": "Портал"})
GUN = ("card.play", {"kind": "ability", "build_cost": 1, "cost": 2, "name": "Портальная пушка"})


def test_charge_steps_fit_one_phone_screen(module_page, server):
    """«Фаза зарядки», шаги А, Б, В with four players at 390×844: the energy, whose turn, the
    step clock, the over-limit line and «Готово» are on screen together; the rules icon too.
    In step А nobody's turn is on, and the status line still names the round, step and
    universe («Шаг А»)."""
    gid = ricks_game(server, NAMES4, "round.draw", BATTERY, TOASTER, *["turn.end"] * 4)
    app = visit(module_page, f"/game/{gid}", "status-phase", f"Раунд 1 · шаг А: {KRO}")
    app.wait_label("charge-pos", f"{KRO}, шаг А")
    app.wait_label("energy", "3")
    on_screen = ["status-phase", "phase", "phase-rules", "charge-pos", "energy"]
    boxes = assert_all_on_screen(app, *on_screen, "charge-player", "timer-step", "primary-action")
    assert_targets(app, "phase-rules", boxes=boxes)
    app.wait_label("primary-action", "Готово")
    tap_primary(app)

    # Step Б: Аня's turn runs past the table's limit of 1 s: the red line, on screen.
    app.wait_label("charge-pos", f"{KRO}, шаг Б")
    app.wait_label("status-phase", f"Раунд 1 · шаг Б: {KRO}")
    app.wait_label("charge-player", "Очередь: Аня (Рик)")
    app.wait_label("timer-turn", "время хода вышло")
    assert app.label("timer-turn").startswith("Аня:")
    on_screen = ["energy", "charge-player", "timer-step", "timer-turn", "primary-action"]
    # a one-shot's VP is scored in the step itself, on screen (the rows are under the bar)
    assert_all_on_screen(app, *on_screen, "phase-rules", "step-vp", "step-vp-plus")
    app.tap("step-vp-plus")
    app.wait_label("step-vp", "1")
    app.wait_label("vp-p0", "1")
    app.tap("step-vp-minus")
    app.wait_label("vp-p0", "0")
    # the warning came into its reserved line: «Готово» and the energy did not move
    energy, done_box = box(app, "energy"), box(app, "primary-action")
    for who in ("Борис", "Вика", "Гена"):  # Аня, Борис, Вика pass; then Гена
        tap_primary(app)
        app.wait_label("charge-player", who)
    tap_primary(app)
    app.wait_label("charge-pos", f"{KRO}, шаг В")
    assert same_place(energy, box(app, "energy"))
    assert same_place(done_box, box(app, "primary-action"))

    # Step В: Аня can activate «Тостер» right there, with the clocks and «Готово».
    app.wait_label("charge-player", "Аня")
    app.wait_label("activate-2", "1 единица энергии = +2 ПО")
    assert_all_on_screen(
        app, "energy", "charge-player", "timer-turn", "activate-2", "primary-action"
    )
    app.tap("activate-2")
    app.wait_label("energy", "2")
    assert stored_game(server.data_dir, gid=gid).game.state.players[0].vp == 2


async def _double_done(data) -> tuple[int, int, tuple[str, str], str]:
    """Мини-вселенная's step А on a hub with the app's settle window (the suite's have none),
    in-process: both clicks of a double tap on «Готово» reach the session before the screen
    changes, as from a hurried finger in the browser; then one more after the redraw, as a
    slower finger's second click (the clock stands still: inside the window)."""
    hub = Hub(GameStore(data), settle=SETTLE_SECONDS, clock=Clock())
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=OPTIONS)
    # Кроховселенная: А, then Б for both (no inventions: В passes by)
    for type in ("round.draw", "turn.end", "turn.end", *["charge.done"] * 3):
        hub.push(g.id, type, {})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    assert rt.said(session, "charge-pos") == f"{MINI}, шаг А"
    n = len(hub.open(g.id).game.events)
    done = rt.tappables(session)["primary-action"]
    await asyncio.gather(*(rt.tap(session, done) for _ in range(2)))  # before a redraw
    await rt.quiet(session)
    # a slower second click reaches the screen drawn after the first: the settle window
    await rt.tap(session, rt.tappables(session)["primary-action"])
    await rt.quiet(session)
    game = hub.open(g.id).game
    where = (game.state.charge.universe, game.state.charge.step)
    return n, len(game.events), where, rt.said(session, "charge-pos")


def test_double_tap_on_done_applies_once(tmp_path):
    """«Фаза зарядки», шаг А: a hurried double tap on «Готово» in Мини-вселенная confirms its
    step А once — Микровселенная's step А is not skipped (in-process: taps and what is
    saved; the guard's double taps in Chromium: :mod:`tests.ui.test_ricks_guard`)."""
    n, after, where, said = rt.run(_double_done(tmp_path))
    assert after == n + 1
    assert where == (MICRO, "А") and said == f"{MICRO}, шаг А"


def test_vp_buttons_stay_put_and_finished_game_shows_winner(module_page, server):
    """«Цель игры»: a refused −1 (no VP below zero) and an accepted +1 leave the ± in place;
    a finished game opens with the winner on screen."""
    gid = ricks_game(server, NAMES4, "round.draw")
    app = visit(module_page, f"/game/{gid}", "primary-action", "Передать ход")
    # no scrolling: the rows are compact
    minus = assert_all_on_screen(app, "vp-p0-minus", "vp-p0-plus")["vp-p0-minus"]
    app.tap("vp-p0-minus")
    app.wait_label("error", "ПО не бывает меньше нуля")
    assert same_place(minus, box(app, "vp-p0-minus"))
    plus = box(app, "vp-p0-plus")
    app.tap("vp-p0-plus")
    app.wait_label("vp-p0", "1")
    assert same_place(plus, box(app, "vp-p0-plus"))
    assert same_place(minus, box(app, "vp-p0-minus"))

    # Вика reaches the target; the round is played out: the game is over.
    finished = GameStore(server.data_dir).create(
        "ricks", ["Аня", "Борис", "Вика"], first_player=0, options=OPTIONS
    )
    finished.push("round.draw", {})
    finished.push("vp.add", {"player": 2, "delta": 45, "note": "карта"})
    for _ in range(60):
        if finished.game.outcome() is not None:
            break
        state = finished.game.state
        if state.phase == "Начало раунда":
            finished.push("round.draw", {})
        elif state.phase == "Фаза действий":
            finished.push("turn.end", {})
        else:
            finished.push("charge.done", {})
    assert finished.game.outcome().winners == (2,)
    visit(app, f"/game/{finished.id}", "winner", "Вика")
    assert_on_screen(app, "winner")


def test_action_phase_fits_one_phone_screen(module_page, server):
    """«Фаза действий» with four players at 390×844: the status line (whose turn, round and
    phase), the actions left, «Сыграть карту», every player's VP and cards, and «Передать ход»
    are on one screen with no scrolling; playing a card (its form is a dialog) and the next
    player's turn move none of them."""
    gid = ricks_game(server, NAMES4)
    # nobody's turn, still named
    app = visit(module_page, f"/game/{gid}", "status-phase", "Раунд 1 · Начало раунда")
    app.wait_label("primary-action", "Начать раунд")
    tap_primary(app)
    app.wait_label("status-player", "Ходит Аня")
    app.wait_label("status-phase", "Раунд 1 · Фаза действий")
    app.wait_label("actions-left", "5")
    rows = [f"vp-p{i}{end}" for i in range(4) for end in ("", "-minus", "-plus")]
    rows += [f"hand-p{i}" for i in range(4)]
    fixed = ["status-player", "status-phase", "actions-left", "play-open", "move-up"]
    fixed += ["free-discard", "primary-action"]
    before = assert_all_on_screen(app, *fixed, *rows)

    play_card(app, "invention", "Портал", build="2", cost="2", vp="3")  # partial: 1 of 2
    app.wait_label("actions-left", "4")
    app.wait_label("build-open", "Достроить (1)")
    now = settled_boxes(app, *before)
    for ident, b in before.items():
        assert same_place(b, now[ident]), ident
    state = stored_game(server.data_dir, gid=gid).game.state
    assert [c.name for c in state.cards] == ["Портал"] and not state.cards[0].built

    # «Достроить»: the second token from the dialog; the card is built, nothing moved.
    app.tap("build-open")
    app.wait_label(f"build-{state.cards[0].id}", "«Портал»")
    app.tap(f"build-{state.cards[0].id}")
    app.wait_label("actions-left", "3")
    app.wait_label("build-open", "Достроить (0)")
    assert stored_game(server.data_dir, gid=gid).game.state.cards[0].built

    pass_turn(app)
    app.wait_label("status-player", "Ходит Борис")
    app.wait_label("actions-left", "5")
    now = settled_boxes(app, *before)
    for ident, b in before.items():
        assert same_place(b, now[ident]), ident


def _type_keys(app: App, ident: str, text: str, answer: str) -> str:
    """Type ``text`` key by key (as a thumb does: each key a change the app answers) into the
    field ``ident``, each key once the card's preview shows the app's answer to the one before
    (``answer`` formatted with the text so far); return what the field then shows."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    box_ = app.el(ident).locator("input, textarea").first
    for attempt in range(2):  # a click under load may land before the field takes focus
        app.steady(ident)
        box_.click()
        try:
            app.page.wait_for_function(
                "e => document.activeElement === e",
                arg=box_.element_handle(),
                timeout=FOCUS_SECONDS * 1000,
            )
            break
        except PlaywrightTimeout:
            if attempt:
                app.fail(f"the click meant for {ident!r} did not focus its text field")
    for n, ch in enumerate(text, 1):
        box_.press(ch)
        app.wait_label("play-preview", answer.format(text[:n]))
    value = box_.input_value()
    box_.blur()
    return value


def test_refused_card_stays_in_its_dialog(module_page, server):
    """«Фаза действий»: a card the rules refuse (a bad build cost) keeps its dialog open with
    the engine's Russian reason in a reserved line; «Сыграть» does not move and nothing is
    saved. «Доступные действия» (was ``test_typed_numbers_stay_in_their_fields``, the same
    dialog on the same screen): a number typed key by key stays in its field while the
    screen answers each key (the card dialog's preview)."""
    gid = ricks_game(server, NAMES4, "round.draw")
    app = visit(module_page, f"/game/{gid}", "actions-left", "5")
    n = len(stored_game(server.data_dir, gid=gid).game.events)
    app.tap("play-open")
    app.el("play-preview").wait_for()
    assert _type_keys(app, "play-build", "12", "внедрение {}") == "12"
    fill(app, "play-prod", "1")
    app.wait_label("play-preview", "+1 единица энергии")
    fill(app, "play-build", "0")
    app.wait_label("play-preview", "внедрение 0")  # typed once: no letter was lost
    play = box(app, "play-card")
    app.tap("play-card")
    app.wait_label("play-error", "Стоимость внедрения")
    assert same_place(play, box(app, "play-card"))
    assert_all_on_screen(app, "play-error", "play-card")
    assert len(stored_game(server.data_dir, gid=gid).game.events) == n
    app.tap("play-cancel")
    app.el("play-preview").wait_for(state="detached")
    app.wait_label("actions-left", "5")


def test_kyles_button_moves_nothing_between_turns(module_page, server):
    """«Кайл» (abilities on) plays at this table: every player's turn keeps his ⇅ slot, so on
    one phone passed around «Сыграть карту» and «Достроить» stay where they were from Аня's
    turn to Гена's, Кайл (play-test: his button moved «Достроить» 48 px and narrowed «Сыграть
    карту»)."""
    gid = ricks_game(server, NAMES4, "round.draw", characters=["Рик", "Морти", "Зип", "Кайл"])
    app = visit(module_page, f"/game/{gid}", "status-player", "Ходит Аня")
    fixed = ("play-open", "build-open", "move-up", "free-discard")
    before = settled_boxes(app, *fixed)
    for who in ("Борис", "Вика", "Гена"):
        pass_turn(app)
        app.wait_label("status-player", f"Ходит {who}")
    now = settled_boxes(app, "kyle-open", *fixed)
    assert_targets(app, "kyle-open", boxes=now)
    for ident, b in before.items():
        assert same_place(b, now[ident]), (ident, b, now[ident])


async def _charge_amounts(data) -> dict[str, object]:
    """Step Б with 3 energy, in-process (the real app on a Flet session, no browser): the
    amount beside «Потратить» as −/+ and two spends leave it, and its numeric pad's keys."""
    hub = Hub(GameStore(data), settle=0)  # the robot's taps: no settle window
    g = hub.create("ricks", NAMES4, first_player=0, options=OPTIONS)
    for type, move in (("round.draw", {}), BATTERY, *[("turn.end", {})] * 4, ("charge.done", {})):
        hub.push(g.id, type, move)
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    seen: dict[str, object] = {
        "start": (rt.said(session, "charge-pos"), rt.said(session, "energy"))
    }
    seen["amount"] = [rt.said(session, "spend-amount")]

    async def tap(ident: str) -> None:
        await rt.tap(session, rt.tappables(session)[ident])
        await rt.quiet(session)

    await tap("spend-amount-minus")  # 1 is the floor
    seen["amount"].append(rt.said(session, "spend-amount"))  # type: ignore[union-attr]
    await tap("spend-amount-plus")
    seen["amount"].append(rt.said(session, "spend-amount"))  # type: ignore[union-attr]
    await tap("spend")
    seen["after 2"] = (rt.said(session, "energy"), rt.said(session, "spend-amount"))
    await tap("spend")
    seen["after 1"] = rt.said(session, "energy")
    seen["stored"] = hub.open(g.id).game.state.charge.energy
    await tap("spend-amount")  # its numeric pad
    seen["pad"] = {k: rt.has_dialog_node(session, k) for k in ("pad-display", "pad-0", "pad-±")}
    return seen


def test_charge_amounts_send_what_they_show(tmp_path):
    """«Шаг Б»: the amount beside «Потратить» is what the tap sends; −/+ never go below 1, and
    after a spend it is back to 1 (not the 2 spent before: refused with 1 left); its numeric
    pad offers no «±» (play-test: −113 was sent). Taps and labels only: in-process."""
    seen = rt.run(_charge_amounts(tmp_path))
    assert seen["start"] == (f"{KRO}, шаг Б", "3")
    assert seen["amount"] == ["1", "1", "2"]  # −: 1 is the floor; +: 2
    assert seen["after 2"] == ("1", "1")  # 2 spent; back to 1, not the 2 that 1 cannot pay
    assert seen["after 1"] == "0" and seen["stored"] == 0
    assert seen["pad"] == {"pad-display": True, "pad-0": True, "pad-±": False}


# -- narrow phones (360×640) ------------------------------------------------------------------
PHONES = [(360, 640), (390, 844)]
#: The same phones, the wider first: the tests below are ordered (and their sizes too) so that
#: the module's page changes size as seldom as it can (each change loads the page afresh).
PHONES_WIDE_FIRST = PHONES[::-1]


def _middle(b: dict) -> float:
    return b["y"] + b["height"] / 2


@pytest.mark.parametrize(("width", "height"), PHONES_WIDE_FIRST)
def test_charge_step_b_fits_a_narrow_phone(module_page, server, width, height):
    """«Фаза зарядки», шаг Б at 360 px (and 390): the step circles are whole inside the head
    (play-test: «В» was cut at the right edge), and each amount — «Сыграть одноразку»,
    «Потратить», «Добавить» — is one line: − N + and its button side by side (the one-shot's
    button wrapped under its stepper and pushed the rows below down). Neither a new N nor
    «Одноразка сыграна» moves anything."""
    gid = ricks_game(
        server, NAMES4, "round.draw", BATTERY, PORTAL, *["turn.end"] * 4, "charge.done"
    )
    app = visit(module_page, f"/game/{gid}", "charge-pos", f"{KRO}, шаг Б", width, height)
    steps = app.steady("charge-steps")
    for s in ("А", "Б", "В"):
        c = box(app, f"charge-step-{s}")
        assert abs(c["width"] - c["height"]) <= 0.5, (s, c)  # whole (a cut one is clipped)
        assert c["x"] >= steps["x"] - 0.5, (s, c, steps)
        assert c["x"] + c["width"] <= steps["x"] + steps["width"] + 0.5, (s, c, steps)
    assert steps["x"] + steps["width"] <= width - 22 - 3, steps  # inside the head's border
    for amount, button in (("oneshot-cost", "oneshot"), ("spend-amount", "spend")):
        n, b = app.steady(amount), box(app, button)
        assert abs(_middle(n) - _middle(b)) <= 1, (amount, n, b)  # one line
        assert b["x"] >= n["x"] + n["width"] + 48, (n, b)  # beside the «+»
        assert b["x"] + b["width"] <= width - 20, b
        assert_target(app, button)

    def places() -> dict[str, tuple[float, ...]]:
        """The one-shot's button and the spend row, from the one-shot's N (read together,
        once all of them stand still)."""
        app.steady("oneshot-cost")
        boxes = settled_boxes(app, "oneshot-cost", "oneshot", "spend", "spend-amount")
        n = boxes["oneshot-cost"]
        out = {}
        for ident in ("oneshot", "spend", "spend-amount"):
            b = boxes[ident]
            out[ident] = (b["x"] - n["x"], b["y"] - n["y"], b["width"], b["height"])
        return out

    def unmoved(now: dict, then: dict) -> bool:
        return all(abs(a - b) <= 0.5 for k in then for a, b in zip(now[k], then[k], strict=True))

    before = places()
    app.tap("oneshot-cost-plus")
    app.wait_label("oneshot-cost", "1")
    assert unmoved(places(), before), (places(), before)
    app.tap("oneshot")
    app.wait_label("oneshot", "Одноразка сыграна")
    app.wait_label("energy", "2")
    assert unmoved(places(), before), (places(), before)


def test_a_new_charge_step_starts_at_the_top_of_a_small_screen(module_page, server):
    """360×640, «Фаза зарядки»: after scrolling down to the players' rows in step Б, «Готово»
    (the next player's step Б) shows the wizard from the top of the board — the step and whose
    turn it is are on screen (play-test: the page kept its scroll and hid step В's
    «Активировать» under the top bar)."""
    gid = ricks_game(server, NAMES4, "round.draw", BATTERY, *["turn.end"] * 4, "charge.done")
    app = visit(module_page, f"/game/{gid}", "charge-pos", f"{KRO}, шаг Б", 360, 640)
    app.steady("player-p3")  # the last player's row: the page scrolls down to it
    top = app.box("charge-pos")["y"]
    assert top < 0, f"the test needs a scrolled page: charge-pos at {top}"
    who = app.label("charge-player")
    tap_primary(app)
    app.page.wait_for_function(
        "([id, t]) => { const e = document.querySelector("
        '`[flt-semantics-identifier="${id}"]`);'
        " return !!e && !((e.getAttribute('aria-label') || '') + e.textContent).includes(t); }",
        arg=["charge-player", who.split()[-1]],
    )
    # the board scrolls back to its top: the step's line comes down into view (never, on a
    # page that kept its scroll: the wait then fails)
    app.page.wait_for_function(
        "() => { const e = document.querySelector('[flt-semantics-identifier=\"charge-pos\"]');"
        " return !!e && e.getBoundingClientRect().y >= 0; }"
    )
    settled_boxes(app, "charge-pos", "charge-player", "primary-action")
    app.assert_in_view("charge-pos", "charge-player", "primary-action")


@pytest.mark.parametrize("players", [3, 4])
def test_every_charge_step_fits_a_small_phone_without_a_scroll(module_page, server, players):
    """360×640 with 3 and 4 players: the turn's controls of «Фаза действий», then each step of
    «Фаза зарядки» (шаги А, Б, В) — the energy, whose turn, the rules icon and every control
    of the step: the player's VP, the one-shot, an ability, «Потратить», «Добавить»,
    «Активировать» — lie above the pinned bar's top, with no scroll (play-test: step Б's
    «Потратить» and «Добавить» were under the bar, a scroll in every step; with two built
    abilities «Добавить» was 41 px under it). The head keeps its place from step to step."""
    names = NAMES4[:players]
    gid = ricks_game(server, names, "round.draw", BATTERY, PORTAL, TOASTER, GUN)
    app = visit(module_page, f"/game/{gid}", "actions-left", "1", 360, 640)  # 4 cards of 5 played
    turn = ["actions-left", "play-open", "build-open", "move-up", "free-discard"]
    assert_all_above_bar(app, *turn, "vp-p0-minus", "vp-p0-plus", "phase-rules")
    for who in names[1:]:  # each pass once the screen shows the turn it passes
        pass_turn(app)
        app.wait_label("status-player", f"Ходит {who}")
    pass_turn(app)
    app.wait_label("charge-pos", f"{KRO}, шаг А")
    head = ["energy", "charge-player", "phase-rules", "charge-steps"]
    gain = ["gain-amount-minus", "gain-amount", "gain-amount-plus", "gain"]
    boxes = assert_all_above_bar(app, *head, *gain)
    assert_targets(app, "phase-rules", boxes=boxes)
    places = {ident: boxes[ident] for ident in head}

    tap_primary(app)
    app.wait_label("charge-pos", f"{KRO}, шаг Б")
    app.wait_label("charge-player", "Аня")
    step_b = ["step-vp-minus", "step-vp-plus", "oneshot-cost-minus", "oneshot-cost-plus"]
    step_b += ["oneshot", "ability-2", "ability-4"]
    step_b += ["spend-amount-minus", "spend-amount-plus", "spend"]
    boxes = assert_all_above_bar(app, *head, *step_b, *gain)
    # whole, not a sliver: the scroll view clips a control under the bar down to the few
    # px above it, and a clipped box passes the check above («Добавить»: 3 px)
    assert_targets(app, "oneshot", "ability-2", "ability-4", "spend", "gain", boxes=boxes)
    for ident, b in places.items():
        assert same_place(b, boxes[ident]), ident

    for who in names[1:]:
        tap_primary(app)
        app.wait_label("charge-player", who)
    tap_primary(app)
    app.wait_label("charge-pos", f"{KRO}, шаг В")
    app.wait_label("activate-3", "«Тостер»")
    step_v = ["activate-3", "spend-amount-minus", "spend-amount-plus", "spend"]
    boxes = assert_all_above_bar(app, *head, *step_v, *gain)
    for ident, b in places.items():
        assert same_place(b, boxes[ident]), ident


SHIELD = ("card.play", {"kind": "ability", "build_cost": 1, "cost": 1, "name": "Щит"})


@pytest.mark.parametrize(("width", "height"), PHONES)
def test_spend_and_gain_stay_put_when_the_turn_passes_to_a_player_with_abilities(
    module_page, server, width, height
):
    """«Фаза зарядки, шаг Б» at 360×640 and 390×844: Аня has no ability, Борис one («Щит»),
    Вика two. «Готово» passes the turn from one to the next, and «Потратить», «Добавить»
    and their −/+ stay where they were, so a finger about to tap «Потратить» never lands on
    an ability (play-test: Борис's «Применить способность «Щит»» appeared where Аня's
    «Потратить» had been and pushed it 48 px down). Every one is above the pinned bar."""
    gid = ricks_game(
        server,
        NAMES4[:3],
        "round.draw",
        "turn.end",
        SHIELD,
        "turn.end",
        PORTAL,
        GUN,
        "turn.end",
        "charge.done",
    )
    rows = ["spend-amount-minus", "spend-amount-plus", "spend"]
    rows += ["gain-amount-minus", "gain-amount-plus", "gain"]
    app = visit(module_page, f"/game/{gid}", "charge-pos", f"{KRO}, шаг Б", width, height)
    app.wait_label("charge-player", "Аня")
    app.wait_label("no-abilities", "Способностей нет")
    app.steady("spend")
    places = assert_all_above_bar(app, *rows)
    for who, abilities in (("Борис", ["ability-1"]), ("Вика", ["ability-2", "ability-3"])):
        tap_primary(app)
        app.wait_label("charge-player", who)
        app.wait_label(abilities[0], "способность" if len(abilities) == 1 else "«")
        app.steady("spend")
        boxes = assert_all_above_bar(app, *rows, *abilities)
        for ident in rows:
            assert same_place(places[ident], boxes[ident], 0.5), (who, ident, places[ident])
        assert_targets(app, *abilities, boxes=boxes)


@pytest.mark.parametrize(("width", "height"), PHONES_WIDE_FIRST)
def test_a_refused_start_is_said_under_the_finger(module_page, server, width, height):
    """«Подготовка к игре»: each universe's action tokens are the number on its card. With them
    left empty, «Начать игру» (pinned under a 4-player form) says which one is missing right
    above the button, on screen, and the button does not move (play-test at 390×844: nothing
    visible changed, the refusal lay at y≈822–915, under the fold)."""
    app = visit(module_page, "/new", "start-game", "", width, height)
    app.choose("game-choice", "Рик и Морти: Наверное, Рики сошли с ума")
    app.el("actions-rick").wait_for()
    for seat in (2, 3):  # each tap once the seat before it is there
        app.tap("add-player")
        app.el(f"player-name-{seat}").wait_for()
    # four seats; their names need not be typed (the tokens are refused first: the refused
    # form is walked in tests/ui/test_ricks_forms.py)
    app.steady("start-game")
    app.page.mouse.move(width / 2, height / 2)
    app.page.mouse.wheel(0, 5000)  # the end of the form, as a thumb gets there
    app.unhover()
    before = app.steady("start-game")
    app.el("start-game").click()
    app.unhover()
    app.wait_label("error", "Риковселенная")
    # the form scrolls to the refusal: wait until it is in view and still (never, when it
    # stays under the fold: the wait then fails)
    app.page.wait_for_function(
        "h => { const e = document.querySelector('[flt-semantics-identifier=\"error\"]');"
        " const r = e && e.getBoundingClientRect(); return !!r && r.y >= 0 && r.bottom <= h; }",
        arg=height,
    )
    settled_boxes(app, "error", "start-game")
    app.assert_in_view("error", "start-game")
    assert same_place(before, box(app, "start-game")), (before, box(app, "start-game"))


@pytest.mark.parametrize("width", [360, 390])
def test_player_rows_show_universe_and_tokens_whole(module_page, server, width):
    """A player's row at 360 and 390 px: under the name, the universe (with the physical
    track's square past 30 VP, «Подготовка к игре»: the «+30» side) and the build tokens are
    whole — each line narrower than the room left of «карт» (play-test: «Кроха · 8 жетон…» was
    cut in the active player's row). Every row, active or not, with the track or without, is
    ROW_HEIGHT tall and its lines lie inside its border. At 360 px the track's line may be cut
    (the label keeps it): the tokens never are."""
    from companion.ui.boards.ricks.players import ROW_HEIGHT

    gid = ricks_game(server, NAMES4, "round.draw", ("vp.add", {"player": 1, "delta": 37}))
    # every row on screen (none under the pinned bar)
    app = visit(module_page, f"/game/{gid}", "tokens-p1", "трек 7 (+30)", width, 2000)
    app.wait_label("tokens-p0", "жетонов 8")
    parts = [f"{part}-p{i}" for i in range(4) for part in ("player", "tokens", "hand")]
    boxes = settled_boxes(app, *parts)
    heights = set()
    for i in range(4):
        row, tokens, hand = (boxes[f"{part}-p{i}"] for part in ("player", "tokens", "hand"))
        assert abs(row["height"] - ROW_HEIGHT) <= 0.5, (i, row)
        assert tokens["y"] >= row["y"] + 3 and tokens["y"] + tokens["height"] <= row["y"] + (
            row["height"] - 3
        ), (i, tokens, row)
        if width >= 390 or i != 1:
            # a cut line fills the room up to the row's spacing before «карт» (≤ 4 px)
            assert tokens["x"] + tokens["width"] + 5 < hand["x"], (i, tokens, hand)
        heights.add(round(tokens["height"]))
    assert len(heights) == 1, heights
