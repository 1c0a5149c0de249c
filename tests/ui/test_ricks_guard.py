"""«Рик и Морти» and the double-tap guard (:meth:`companion.ui.state.GameView.send`), in-process
on real Flet sessions (:mod:`tests.ui.render_tree`) with the guard at its real setting, and one
double tap in Chromium.

Phone play-test: a double tap on «Активировать» also activated the invention that moved up into
its place; double taps on «↑ Мини», «Обмен», «Сброс +1» and the «Достроить» dialog's «+1 жетон»
each made two moves; a double tap on «Закрыть» opened the number pad under the dialog; and the
«сколько» of «Потратить» carried over to the next player."""

from __future__ import annotations

import time

import pytest

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import SETTLE_SECONDS, TOO_SOON, Hub
from tests.ui import render_tree as rt
from tests.ui.conftest import App, Server
from tests.ui.test_ricks_forms import _button, _charge_to_step_v, _label, _said
from tests.ui.test_view import Clock

ACTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}}


#: The clock of these tests' hubs (moved by hand: a pause is an ``advance``).
CLOCK = Clock()


@pytest.fixture
def guard() -> Clock:
    """The hubs below have the app's settle window, timed by :data:`CLOCK`."""
    return CLOCK


def _hub(data) -> Hub:
    return Hub(GameStore(data), settle=SETTLE_SECONDS, clock=CLOCK)


def _shown(session, ident: str) -> str:
    """The message tagged ``ident`` the frame shows (``notice``, ``error``), or ``""``."""
    shown = [c.label for c in rt.controls(session) if getattr(c, "identifier", None) == ident]
    return next((s for s in shown if s and s.strip()), "")


def _notice(session) -> str:
    """The notice the frame shows (over the top bar or the status line)."""
    return _shown(session, "notice")


def _first(session, prefix: str) -> str:
    """The first control on screen whose tag starts with ``prefix`` (what is under the finger
    that tapped the first one before)."""
    return next(i for i in rt.tagged_in_order(session) if i.startswith(prefix))


async def _tap(session, ident: str) -> None:
    """Tap ``ident`` if it is on screen and takes a tap (the old code's double taps took some
    away: the test then fails on what the game holds, not here)."""
    control = rt.tappables(session).get(ident)
    if control is not None:
        await rt.tap(session, control)
        await rt.quiet(session)


# -- 1. step В: an activation moves the next invention up under the finger ---------------------
def _two_inventions(hub: Hub) -> str:
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 1, "production": 6})
    for name in ("Кнопка", "Мозговой червь"):
        data = {"kind": "invention", "build_cost": 1, "cost": 3, "vp": 4, "name": name}
        hub.push(g.id, "card.play", data)
    _charge_to_step_v(hub, g.id)  # Кроховселенная, step В: Аня, 6 energy
    return g.id


async def _double_tap_activate(data) -> tuple[list[str], list[str], str, int, list[str], int]:
    hub = _hub(data)
    gid = _two_inventions(hub)
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    first = _first(session, "activate-")
    await _tap(session, first)
    under = _first(session, "activate-")  # «Мозговой червь», moved up into its place
    await _tap(session, under)  # the rest of the double tap
    state = hub.open(gid).game.state
    after_double = (list(state.charge.activated), state.players[0].vp)
    said = _notice(session)
    CLOCK.advance(SETTLE_SECONDS + 0.05)
    await _tap(session, under)  # a deliberate tap after the pause is taken
    state = hub.open(gid).game.state
    return (
        [first, under],
        [str(c) for c in after_double[0]],
        said,
        after_double[1],
        [str(c) for c in state.charge.activated] if state.charge else ["phase over"],
        state.players[0].vp,
    )


def test_a_double_tap_on_activate_activates_one_invention(tmp_path, guard):
    """«Фаза зарядки, шаг В»: each invention is activated by its own choice. Activating
    «Кнопка» takes its button away and «Мозговой червь» moves up under the finger; the second
    tap of a double tap is not taken (the activations count is the game's step), and a tap
    after the pause activates the second one."""
    tapped, after_double, said, vp, after_pause, vp_after = rt.run(_double_tap_activate(tmp_path))
    assert tapped == ["activate-2", "activate-3"], tapped
    assert after_double == ["2"] and vp == 4, (after_double, vp)
    assert said == TOO_SOON, said
    assert vp_after == 8, (after_pause, vp_after)


# -- 2. the action line: «Сброс +1», «Обмен», «↑» -----------------------------------------------
async def _double_taps_in_the_action_line(data) -> dict[str, object]:
    hub = _hub(data)
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")  # Аня: 5 actions in Кроховселенная
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    out: dict[str, object] = {}

    def me():
        return hub.open(g.id).game.state.players[0]

    for ident in ("free-discard", "swap", "move-up"):
        before = (me().actions, me().hand, me().universe)
        await _tap(session, ident)
        await _tap(session, ident)  # the rest of a double tap: same button, same spot
        out[ident] = (before, (me().actions, me().hand, me().universe), _notice(session))
        CLOCK.advance(SETTLE_SECONDS + 0.05)
    # two deliberate taps a pause apart both count: «↑ Мини», then «↑ Микро»
    await _tap(session, "move-up")
    CLOCK.advance(SETTLE_SECONDS + 0.05)
    await _tap(session, "move-up")
    out["deliberate"] = me().universe
    # quick counting is not slowed: the card's + twice, a few ms apart
    CLOCK.advance(SETTLE_SECONDS + 0.05)
    actions = me().actions
    await _tap(session, "actions-plus")
    await _tap(session, "actions-plus")
    out["plus"] = (actions, me().actions, _notice(session))
    return out


def test_double_taps_in_the_action_line_make_one_move_each(tmp_path, guard):
    """«Бесплатное действие», «Сбросить карту, чтобы получить карту», «Перемещение»: each tap
    is a card discarded or a pawn moved at the table, so the second tap of a double tap (the
    same button in the same place, «↑ Мини» turned «↑ Микро») is not taken and the notice
    says so; two taps a pause apart are two moves; the card's «+» counts every tap."""
    out = rt.run(_double_taps_in_the_action_line(tmp_path))
    before, after, said = out["free-discard"]
    assert after[:2] == (before[0] + 1, before[1] - 1) and said == TOO_SOON, out
    before, after, said = out["swap"]
    assert after[0] == before[0] - 1 and after[1] == before[1] and said == TOO_SOON, out
    before, after, said = out["move-up"]
    assert (before[2], after[2]) == (KRO, MINI) and after[0] == before[0] - 1, out
    assert said == TOO_SOON, out
    assert out["deliberate"] == RICK_UNIVERSE, out  # Мини → Микро → Рико: both taken
    actions, now, said = out["plus"]  # type: ignore[misc]
    assert now == actions + 2 and said != TOO_SOON, out


# -- 3. «Достроить»: a token placed in the dialog, and its «Закрыть» ----------------------------
async def _dialog_tap(session, ident: str) -> None:
    """Tap ``ident`` in the open dialog, if it is there (see :func:`_tap`)."""
    try:
        button = _button(session, ident)
    except AssertionError:  # the dialog has gone
        return
    await rt.tap(session, button)
    await rt.quiet(session)


async def _build_dialog_double_taps(data) -> tuple[list, str, list, str, bool, str]:
    hub = _hub(data)
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")  # Аня: 5 actions
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 3, "production": 2})
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")  # 4 actions, 1 of 3 placed
    await _tap(session, "build-open")
    for _ in range(2):  # a double tap on «+1 жетон»
        await _dialog_tap(session, "build-1")
    placed = [(c.placed, hub.open(g.id).game.state.players[0].actions) for c in _cards(hub, g.id)]
    try:
        in_dialog = _said(session, "build-actions")
    except AssertionError:
        in_dialog = "(the dialog has gone)"
    CLOCK.advance(SETTLE_SECONDS + 0.05)
    await _dialog_tap(session, "build-1")  # deliberate, after the pause
    deliberate = [c.placed for c in _cards(hub, g.id)]
    # a new card, then «Закрыть» and — the rest of a 50 ms double tap — the ПО under it
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 3, "production": 2})
    await rt.quiet(session)
    CLOCK.advance(SETTLE_SECONDS + 0.05)
    await _tap(session, "build-open")
    await _dialog_tap(session, "list-close")
    await _tap(session, "vp-p0")
    pad = any(d.open for d in session.page._dialogs.controls)
    return placed, in_dialog, deliberate, _notice(session), pad, _label(session, "vp-p0")


def _cards(hub: Hub, gid: str) -> list:
    return list(hub.open(gid).game.state.cards)


def test_a_double_tap_in_the_build_dialog_places_one_token(tmp_path, guard):
    """«Как выполнять действия: внедрение»: one action, one token. «+1 жетон» keeps the dialog
    open with its line changed under the finger; a double tap places one token (play-test: 1
    of 3 → 3 of 3, two actions spent), a tap after the pause the next. A double tap on
    «Закрыть» does not fall through to the board: the ПО under it opens no number pad."""
    placed, in_dialog, deliberate, said, pad, vp = rt.run(_build_dialog_double_taps(tmp_path))
    assert placed == [(2, 3)], placed
    assert in_dialog == "Действий осталось: 3", in_dialog
    assert deliberate == [3], deliberate
    assert said == TOO_SOON and not pad and vp == "0", (said, pad, vp)


# -- 4. «Потратить»: the amount is the player's ---------------------------------------------------
async def _spend_amount_next_player(data) -> tuple[str, str, str, str]:
    hub = _hub(data)
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    hub.push(g.id, "card.play", {"kind": "source", "build_cost": 1, "production": 3})
    while hub.open(g.id).game.state.phase != "Фаза зарядки":
        hub.push(g.id, "turn.end")
    hub.push(g.id, "charge.done")  # step Б, Аня's turn, 3 energy
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    for ident in ("spend-amount", "oneshot-cost"):
        await _tap(session, ident)  # the numeric pad
        for key in ("pad-9", "pad-ok"):
            await _dialog_tap(session, key)
    await _tap(session, "spend")  # 9 of 3: refused, the 9 kept to be corrected
    refused = _shown(session, "error")
    kept = _label(session, "spend-amount") + "/" + _label(session, "oneshot-cost")
    await _tap(session, "primary-action")  # «Готово»: Борис's turn in step Б
    who = _label(session, "charge-player")
    return (
        refused,
        kept,
        who,
        _label(session, "spend-amount") + "/" + _label(session, "oneshot-cost"),
    )


def test_the_spend_amount_starts_afresh_for_the_next_player(tmp_path):
    """«Фаза зарядки, шаг Б»: each player pays for their own cards. Аня's refused «сколько 9»
    stays for her to correct, but Борис's step starts at 1 (and the one-shot's price at 0):
    play-test, his step showed «сколько 9»."""
    refused, kept, who, amounts = rt.run(_spend_amount_next_player(tmp_path))
    assert refused and kept == "9/9", (refused, kept)
    assert "Борис" in who and amounts == "1/0", (who, amounts)


# -- Chromium: a double tap at one spot ----------------------------------------------------------
@pytest.fixture
def guarded(tmp_path):
    srv = Server(tmp_path / "data", extra=["--settle-seconds", "2"])
    yield srv
    srv.stop()


def test_a_double_tap_on_move_up_moves_one_universe_in_chromium(browser, guarded):
    """Two clicks ~100 ms apart at one spot on «↑ Мини», as a finger's double tap on a
    390×844 phone: Аня moves one universe (the button, now «↑ Микро», stays under the finger)
    and the notice says the second tap was not taken. The guard's window is 2 s here so a
    slow machine's drawing cannot make the robot's second tap late."""
    stored = GameStore(guarded.data_dir).create(
        "ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS
    )
    stored.push("round.draw", {})
    gid = stored.id
    stored.close()
    app = App(browser, guarded).open(f"/game/{gid}")
    try:
        app.wait_label("move-up", "Вверх: Мини-вселенная")
        box = app.steady("move-up")
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        app.page.mouse.click(x, y)
        time.sleep(0.1)
        app.page.mouse.click(x, y)
        app.wait_label("notice", TOO_SOON)
        app.wait_label("move-up", "Вверх: Микровселенная")
        game = GameStore(guarded.data_dir).open(gid).game
        assert [e.type for e in game.events] == ["round.draw", "player.move"]
        assert game.state.players[0].universe == MINI
    finally:
        app.close()
