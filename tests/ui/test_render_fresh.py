"""What a phone has been showing all along is what a phone that opens the game now is shown.

The boards are split into memoised parts (``ft.memo``, ``state.part``) that re-render only
when their props or key change (issue 12). A key that misses something a part shows leaves
that part stale: a wrong VP, a stale button, the wrong player's turn. This module checks the
invariant generically, for every board, on the real app (``companion.ui.app.make_main``) and
real Flet sessions in this process (:mod:`tests.ui.render_tree`; no browser):

1. phones *A* and *B* (two players' phones) and *W* (a phone at the table that only
   watches) open the game; all share the process's :class:`~companion.ui.state.Hub`, as in
   table mode;
2. *A* and *B* are tapped in turn through a sequence hypothesis draws: at each step, on the
   phone drawn, one of the identifiers it can tap right then (enabled and visible; a tap,
   or a long press where the control has one, such as a counter's ±5), or «Отменить» /
   «Вернуть» (drawn as often as all the others together; no tap while disabled);
3. phone *F* opens the game fresh on the same hub, and phone *D* on a new hub over the same
   data directory (what a restarted host shows);
4. the normalised screens of A, B, W and D must equal F's (:func:`render_tree.dump`), and
   W's also right after every tap that changed the game; a difference names its first path, e.g.
   ``/Column/controls[2]/Semantics[vp-p1].label: '3' here, '4' on a fresh screen``.

Left out on purpose, and why:

* taps that leave the game screen or only change this phone: «К списку игр», «Журнал»,
  «Правила» and every rules link (other routes), the lock (it locks one phone only, by
  design), and anything that opens the OS;
* typed input (Munchkin's monster level, a Smash Up base's name, Ricks' energy amount):
  those fields are left at their defaults; a tap that opens a number pad or another dialog
  is taken, but the dialog (drawn outside ``page.views``) is neither used nor compared;
* taps that only change this phone's own form (a catalogue suggestion, a winner ticked
  before «Готово») are listed in :data:`LOCAL_WHY` with the reason;
* the Munchkin combat numbers and the Smash Up scoring are reached only as far as taps
  reach them (the forms' typed fields stay empty).

Fields ignored in the comparison (see :mod:`tests.ui.render_tree`): control ids; ``data``
(never sent); ticking clocks (a time of day or an elapsed time like «ход 0:07», and the
seconds in a timer's spoken label are masked: the clocks have their own tests); the refusal
or notice over the status line: before comparing, A's and B's messages are dismissed with
their own tap (a fresh screen rightly shows none; that also clears a refusal shown under a
player), and their momentary choices are put back (:func:`forget_momentary`).

The once-per-tab notice that the browser refused to keep the screen on
(``comfort.AWAKE_REFUSED``) is marked as already given on every phone here: these
hand-made sessions have no browser to answer the Wake Lock, so every phone would get it two
seconds after opening, at a time that has nothing to do with the moves.

The hubs here have no settle window (``tests/conftest.py``): the taps come faster than a
finger.
"""

from __future__ import annotations

import contextlib
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.comfort import _told_awake as told_awake
from companion.ui.state import Hub
from tests.ui import render_tree as rt

#: A phone closed here stays subscribed to the hub until the game's next change; that
#: change's refresh for it is then made but cannot be scheduled on its closed session (the hub
#: drops the listener). Python warns about the refresh never awaited; nothing is wrong.
pytestmark = pytest.mark.filterwarnings(
    "ignore:coroutine 'watch.<locals>.bump' was never awaited:RuntimeWarning"
)

#: Identifiers never tapped: navigation away from the board, and this phone's lock.
AWAY = re.compile(r"^(home|open-log|open-rules|lock)$|rules")

#: Identifiers whose effect is this phone's own form state (not the game's), with why.
LOCAL_WHY = {
    r"-sugg-\d+$": "a catalogue suggestion fills this phone's base form (typed input)",
    r"-forget-\d+$": "removes a catalogue suggestion offered while typing a base's name",
    r"^winner-pick-": "ticks a winner on this phone's own list until «Готово» is tapped",
    r"^add-base$": "adds the base typed into this phone's form (typed input, left out): with "
    "the form empty it only marks this phone's fields as missing",
}
LOCAL = re.compile("|".join(LOCAL_WHY))

#: Seconds in a timer's spoken label («шаг 12»): masked like the clock texts (the status
#: line's clock says its text, «ход 1:15», masked by :data:`render_tree.CLOCK`).
TIMER_LABEL = re.compile(r"^(шаг|вселенная|фаза) \d+$")


def mask(prop: str, text: str) -> str:
    """Clock texts and timer labels masked (they tick; see the module docstring)."""
    if prop == "label" and TIMER_LABEL.match(text):
        return TIMER_LABEL.sub(r"\1 <s>", text)
    return rt.CLOCK.sub("<clock>", text)


# -- games (written through the store API, as a table would have played them) ---------------


def _free(data: Path) -> str:
    g = GameStore(data).create("free", ["Аня", "Борис", "Вика"], first_player=0)
    for i in range(6):
        g.push("counter.add", {"player": i % 3, "counter": "ПО", "delta": 1 + i % 2})
    g.close()
    return g.id


def _smashup(data: Path) -> str:
    decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]]
    g = GameStore(data).create(
        "smashup",
        ["Аня", "Борис", "Вика"],
        first_player=0,
        options={"edition": "bbrr", "madness": False, "draft": False, "factions": decks},
    )
    for i in range(4):
        card = {"name": f"База {i + 1}", "breakpoint": 12 + i, "vp": [3, 2, 1]}
        g.push("base.add", {"base_card": card})
    g.push("game.start")
    g.close()
    return g.id


def _coup(data: Path) -> str:
    g = GameStore(data).create("coup", ["Аня", "Борис", "Вика"], first_player=0)
    for p in range(3):
        g.push("coup.declare", {"player": p, "action": "income", "target": None})
    g.close()
    return g.id


def _munchkin(data: Path) -> str:
    g = GameStore(data).create("munchkin", ["Аня", "Борис", "Вера"], first_player=0)
    for p, lvl in enumerate((3, 2, 4)):
        g.push("level.set", {"player": p, "value": lvl})
    g.push("combat.start", {"monster": {"name": "Зомби", "level": 6}})
    g.close()
    return g.id


def _ricks(data: Path) -> str:
    from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE

    g = GameStore(data).create(
        "ricks",
        ["Аня", "Борис", "Вера"],
        first_player=0,
        options={"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}},
    )
    g.push("round.draw")
    g.close()
    return g.id


def _smashup_ready(data: Path) -> str:
    """Four players, a base one power short of its breakpoint and another ready to score."""
    decks = [["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]]
    decks.append(["Зомби", "Плюшевые мишки"])
    g = GameStore(data).create(
        "smashup",
        ["Аня", "Борис", "Вика", "Гена"],
        first_player=0,
        options={"edition": "bbrr", "madness": False, "draft": False, "factions": decks},
    )
    for i in range(5):
        card = {"name": f"База {i + 1}", "breakpoint": 10 + i, "vp": [3, 2, 1]}
        g.push("base.add", {"base_card": card})
    g.push("game.start")
    g.push("base.set", {"base": 0, "player": 0, "power": 6, "minions": 2})
    g.push("base.set", {"base": 0, "player": 1, "power": 3, "minions": 1})
    g.push("base.set", {"base": 1, "player": 2, "power": 11, "minions": 3})
    g.close()
    return g.id


def _coup_challenge(data: Path) -> str:
    """Four players after a round of income; Аня claims the Duke: «Кто-то оспаривает?»."""
    g = GameStore(data).create("coup", ["Аня", "Борис", "Вика", "Гена"], first_player=0)
    for p in range(4):
        g.push("coup.declare", {"player": p, "action": "income", "target": None})
    g.push("coup.declare", {"player": 0, "action": "tax", "target": None})
    g.close()
    return g.id


def _ricks_charge(data: Path) -> str:
    """Ricks in the charge phase (every player ended the action phase)."""
    from companion.engine.ricks import PHASE_ACTIONS

    gid = _ricks(data)
    g = GameStore(data).open(gid)
    while g.game.state.phase == PHASE_ACTIONS:
        g.push("turn.end")
    g.close()
    return gid


#: Start states: a game and the moves a table made before the phone is picked up.
GAMES: dict[str, Callable[[Path], str]] = {
    "free": _free,
    "smashup": _smashup,
    "smashup-ready": _smashup_ready,
    "coup": _coup,
    "coup-challenge": _coup_challenge,
    "munchkin": _munchkin,
    "ricks": _ricks,
    "ricks-charge": _ricks_charge,
}


# -- one run -------------------------------------------------------------------------------


def screen(session: Any) -> Any:
    return [rt.dump(v, mask) for v in session.page.views]


async def dismiss_message(session: Any) -> None:
    """Tap the refusal or notice over the status line away (its own tap), if one is shown."""
    for ident in ("error", "notice"):
        target = rt.tappables(session).get(ident)
        if target is not None:
            await rt.tap(session, target)
            await rt.quiet(session)


async def forget_momentary(session: Any) -> None:
    """Put this phone's momentary choices back to none, as its own cancel would: Coup's
    action being chosen before «Объявить», Munchkin's open monster form / flee dialog / card
    override, the Smash Up base opened for editing (closed with its own ▲ button). A fresh
    screen rightly starts without them; they are not the game's state."""
    from flet.controls.context import _context_page

    view = rt.game_view(session)
    assert view is not None, "no game screen on this phone"
    _context_page.set(session.page)  # a change re-renders the page of the current context
    from companion.ui.boards.coup.common import choice_for
    from companion.ui.boards.munchkin.common import board_ui

    game = view.game.setup.game
    if game == "coup":
        choice_for(view).clear()
    elif game == "munchkin":
        ui = board_ui(view)
        ui.monster_form, ui.fleeing, ui.override = "", False, None
    elif game == "smashup":
        shown = rt.tappables(session)
        for ident in list(shown):
            opened = re.fullmatch(r"base-(\d+)-open", ident)
            if opened and any(c.identifier == f"base-{opened[1]}-editor" for c in _shown(session)):
                await rt.tap(session, shown[ident])
    await rt.quiet(session)


def _shown(session: Any) -> list[Any]:
    ids = rt.shown_ids(session)
    return [c for c in rt.controls(session) if isinstance(c, ft.Semantics) and id(c) in ids]


def gestures(session: Any) -> dict[str, tuple[Any, str]]:
    """:func:`render_tree.gestures` (the same identifiers, controls and gestures, in the same
    order) with one walk of the shown tree instead of two: the walk is most of a step's
    time on the test's side."""
    shown = rt.shown_ids(session)
    taps: dict[str, tuple[Any, str]] = {}
    holds: dict[str, tuple[Any, str]] = {}
    for c in rt.controls(session):
        if isinstance(c, ft.Semantics) and c.identifier and id(c) in shown:
            for handler, found, key, event in (
                ("on_click", taps, c.identifier, "click"),
                ("on_long_press", holds, c.identifier + rt.HOLD, "long_press"),
            ):
                target = rt._clickable(c, handler)
                if target is not None and not getattr(target, "disabled", False):
                    found.setdefault(key, (target, event))
    return {**taps, **{k: v for k, v in holds.items() if k not in taps}}


#: One step: which of the two tapping phones (``"A"``, ``"B"``; a bare pick is A's) and what
#: it taps: the index of an identifier among those it can tap then (sorted, modulo their
#: number), or an identifier by name («undo», «redo», «val-p1-c0-plus»), or a button of the
#: open dialog by name after ``DIALOG`` («dialog:end-confirm»; named sequences only).
Step = int | str | tuple[str, int | str]
DIALOG = "dialog:"


async def play(
    game: str,
    steps: list[Step],
    width: int,
    every_step: bool = True,
    forget: bool = True,
    height: int | None = None,
) -> tuple[list[str], list[str]]:
    """Run the scenario of the module docstring; returns the taps made (``"B: undo"`` for
    phone B's) and the differences found, one line per phone whose screen differs from a
    fresh one. With ``every_step``, the watching phone is also compared with a fresh one
    after every tap (it has no messages or choices of its own to set aside). Without
    ``forget``, the tapping phones' momentary choices are kept (for sequences after which
    none should show). ``height``: the pages' height in px (else the session's default, a
    tall page)."""
    with tempfile.TemporaryDirectory(prefix=f"fresh-{game}-", ignore_cleanup_errors=True) as d:
        return await _play(Path(d), game, steps, width, every_step, forget, height)


async def _play(
    data: Path,
    game: str,
    steps: list[Step],
    width: int,
    every_step: bool,
    forget: bool,
    height: int | None = None,
) -> tuple[list[str], list[str]]:
    gid = GAMES[game](data)
    route = f"/game/{gid}"

    def app(hub: Hub) -> Callable[[Any], None]:
        main = make_main(hub)

        def sized(page: Any) -> None:
            page.width = width
            if height is not None:
                page.height = height
            told_awake.add(page)  # see the module docstring
            main(page)

        return sized

    hub = Hub(GameStore(data))
    here = app(hub)
    sessions: list[Any] = []

    async def phone(run: Callable[[Any], None]) -> Any:
        s = await rt.open_app(run, route)
        sessions.append(s)
        return s

    try:
        tapping = {"A": await phone(here), "B": await phone(here)}
        w = await phone(here)
        taps: list[str] = []
        away: set[str] = set()
        for step in steps:
            who, pick = step if isinstance(step, tuple) else ("A", step)
            s = tapping[who]
            shown = gestures(s)
            options = sorted(
                k for k in shown if not AWAY.search(k) and not LOCAL.search(k) and k not in away
            )
            if not options:
                continue
            ident = pick if isinstance(pick, str) else options[pick % len(options)]
            if ident.startswith(DIALOG):
                shown[ident] = (rt.in_dialog(s, ident.removeprefix(DIALOG)), "click")
            if ident in ("undo", "redo") and ident not in shown:
                continue  # disabled now (nothing to undo or redo): no tap
            assert ident in shown, f"{ident} is not on phone {who} after {taps}"
            taps.append(ident if who == "A" else f"{who}: {ident}")
            before = hub.revision(gid)
            await rt.tap(s, *shown[ident])
            await rt.quiet(s, 1)
            if s.page.route != route:  # it left the board after all: come back, never again
                taps[-1] += f" (went to {s.page.route})"
                away.add(ident)
                await rt.navigate(s, route)
            # the watching phone has no messages or choices of its own; it re-renders only
            # when the game changes (a refused or momentary tap leaves it as it was)
            if every_step and hub.revision(gid) != before:
                await rt.quiet(w)
                f = await rt.open_app(here, route)
                diff = rt.first_difference(screen(w), screen(f))
                with contextlib.suppress(Exception):
                    f.close()
                if diff:
                    return taps, [f"watching phone, right after the last tap: {diff}"]
        for s in tapping.values():
            await dismiss_message(s)
            if forget:
                await forget_momentary(s)
        for s in (*tapping.values(), w):
            await rt.quiet(s)
        fresh = screen(await phone(here))
        restarted = await phone(app(Hub(GameStore(data))))
        await rt.quiet(w)
        problems = []
        compared = {
            "tapping phone A": tapping["A"],
            "tapping phone B": tapping["B"],
            "watching phone": w,
            "restarted host": restarted,
        }
        for name, s in compared.items():
            diff = rt.first_difference(screen(s), fresh)
            if diff:
                problems.append(f"{name}: {diff}")
        return taps, problems
    finally:
        for s in sessions:
            with contextlib.suppress(Exception):  # teardown of a hand-made session
                s.close()


def check(game: str, steps: list[Step], width: int) -> None:
    taps, problems = rt.run(play(game, steps, width))
    assert not problems, (
        f"{game} at {width} px after taps {taps}: a screen differs from a fresh one:\n"
        + "\n".join(problems)
    )


#: A pick for one step: an index among what is tappable, or undo / redo by name.
_pick = st.one_of(st.integers(min_value=0, max_value=999), st.sampled_from(["undo", "redo"]))


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(
    max_examples=5,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    steps=st.lists(st.one_of(_pick, st.tuples(st.just("B"), _pick)), min_size=1, max_size=12),
    width=st.sampled_from([390, 1280]),
)
def test_screen_after_taps_is_a_fresh_screen(game: str, steps: list[Step], width: int) -> None:
    """After any taps (undo and redo among them) on two phones, those phones, a phone that
    watched, and a phone on a restarted host show what a phone opening the game now shows."""
    check(game, steps, width)


def test_a_stale_part_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail, and names the control: with memoised parts that never
    re-render (Flet's memo comparison made to say «same props» always), a «+1» leaves the
    tapped phone's and the watching phone's VP at the old value while a fresh screen shows
    the new one."""
    from flet.components import component

    monkeypatch.setattr(component, "shallow_compare_args_and_kwargs", lambda *a: True)
    taps, problems = rt.run(play("free", ["val-p1-c0-plus"], 390))
    assert taps == ["val-p1-c0-plus"]
    assert [p.split(":")[0] for p in problems] == ["watching phone, right after the last tap"]
    assert "val-p1-c0" in problems[0] and "'3' here, '4' on a fresh screen" in problems[0]
    taps, problems = rt.run(play("free", ["val-p1-c0-plus"], 390, every_step=False))
    assert [p.split(":")[0] for p in problems] == [
        "tapping phone A",
        "tapping phone B",
        "watching phone",
    ]
    assert all("val-p1-c0" in p and "'3' here, '4' on a fresh screen" in p for p in problems)


NAMED: list[tuple[str, list[Step], bool, str]] = [
    (
        "coup",
        ["act-steal", ("B", "act-income"), ("B", "primary-action")],
        False,
        "A's choice from a turn B has since ended shows nowhere on A (not forgotten by hand)",
    ),
    (
        "ricks-charge",
        ["primary-action", "primary-action", "undo", "undo", "redo", "primary-action", "undo"],
        True,
        "charge step А to Б and back by undo and redo: the kept-mounted Б panel comes back current",
    ),
    (
        "free",
        [
            "end-game",
            "dialog:end-confirm",
            "val-p0-c0-plus",
            "undo",
            "redo",
            "undo",
            ("B", "val-p1-c0-plus"),
            ("B", "undo"),
        ],
        True,
        "a refusal, then notices, on both phones: the banners come and go",
    ),
]


@pytest.mark.parametrize(
    ("game", "steps", "forget", "why"),
    NAMED,
    ids=["coup-choice-overtaken", "ricks-step-b-back", "banners-two-phones"],
)
def test_named_sequence_is_a_fresh_screen(
    game: str, steps: list[Step], forget: bool, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sequences a table plays often, tapped by name (each identifier must be on screen)."""
    taps, problems = rt.run(play(game, steps, 390, forget=forget))
    assert len(taps) == len(steps), f"a tap was skipped: {taps}"
    assert not problems, f"{why}: after {taps}:\n" + "\n".join(problems)
