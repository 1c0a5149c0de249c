"""Every board walked through a scripted turn at the issue's seven sizes, in Chromium (issue 29,
«Targets»): one page for the module (each board a route on it, :func:`tests.ui.phone.visit`),
resized with ``page.set_viewport_size`` (no reload) through 360×640, 390×844, 412×915,
844×390, 640×360, 768×1024 and 1280×800 after each step.

At every step and size (:meth:`Walk.sweep`):

* the active player, the phase and ``primary-action`` are in view without a scroll (a dialog
  step: the dialog's own field and button instead; the end: ``winner``);
* every tappable control drawn on screen is at least 48×48 dp and whole (not cut at the
  screen's left or right edge, as Munchkin's cards were at 844×390);
* no text node is drawn past the screen's left or right edge (a text cut there has no way to
  be read whole); a text Flutter cuts with «…» inside its box is the boards' own tests' matter
  (``tests/ui/cut_text.py``);

and after each tap, refusal and notice (:meth:`Walk.tap`, at whichever size the walk is at:
each sweep starts one size further, so taps land at every size) the controls that must stay
put are within 2 px of where they were. Each walk ends on a finished game with the winner in
view at every size.

And a phone turned mid-game keeps the game and what was open: a Munchkin fight, a Coup
challenge, an open form dialog.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.engine.coup import awaiting, legal_events
from companion.store import GameStore
from companion.store.bases import BaseCatalogue
from tests.ui.conftest import App, Server
from tests.ui.phone import visit
from tests.ui.sizes_walk import SIZES, TURN, Walk, everything
from tests.ui.test_touch_targets import base

NAMES = ["Аня", "Борис", "Вика", "Гоша"]
NAMES6 = [*NAMES, "Даша", "Егор"]
RICKS_ACTIONS = {"Риковселенная": 1, "Микровселенная": 2, "Мини-вселенная": 3, "Кроховселенная": 5}


def _coup_last_duel(store: GameStore) -> tuple[str, int, int]:
    """Six players played on (income; a coup at 7 coins) until two are left, the one to act
    with 2 influences and the other with 1: (id, who acts, who is left). Rulebook
    «Переворот»: «Конец игры» comes with the next lost influence."""
    g = store.create("coup", NAMES6, first_player=0)
    while True:
        st = g.game.state
        if awaiting(st) != "action":
            g.push(*legal_events(st)[0])
            continue
        who = st.current
        alive = [i for i in range(len(NAMES6)) if i != who and st.influence[i] > 0]
        if len(alive) == 1 and st.influence[alive[0]] == 1:
            g.close()
            return g.id, who, alive[0]
        if st.coins[who] >= 7:
            target = alive[-1] if who != len(NAMES6) - 1 else alive[0]
            g.push("coup.declare", {"player": who, "action": "coup", "target": target})
        else:
            g.push("coup.declare", {"player": who, "action": "income", "target": None})


def _ricks_last_steps(store: GameStore, left: int) -> str:
    """Four players in the charge phase of the last round (Вика past the VP target: «Конец
    игры»), ``left`` «Готово» taps before the game is over."""
    moves: list[tuple[str, dict[str, Any]]] = [("round.draw", {})]
    for p in range(4):
        moves += [
            ("card.play", {"kind": "source", "build_cost": 1, "production": 2 + p}),
            ("card.play", {"kind": "invention", "build_cost": 1, "cost": 2, "vp": 1 + p % 2}),
            ("vp.add", {"player": 2, "delta": 45, "note": "карта"}) if p == 2 else ("turn.end", {}),
            *([("turn.end", {})] if p == 2 else []),
        ]
    probe = store.create("ricks", NAMES, first_player=0, options={"actions": RICKS_ACTIONS})
    for kind, data in moves:
        probe.push(kind, data)
    done = 0
    while probe.game.outcome() is None:
        probe.push("charge.done", {})
        done += 1
    probe.close()
    assert done > left, done
    g = store.create("ricks", NAMES, first_player=0, options={"actions": RICKS_ACTIONS})
    for kind, data in [*moves, *[("charge.done", {})] * (done - left)]:
        g.push(kind, data)
    g.close()
    return g.id


def make_games(data: Path) -> dict[str, Any]:
    """One saved game per board, set up for its scripted turn (store API); and the moments the
    rotation tests open."""
    store = GameStore(data)
    ids: dict[str, Any] = {}

    def create(key: str, game: str, names: list[str], moves=(), **options: Any) -> None:
        g = store.create(game, names, first_player=0, options=options or None)
        for type_, data_ in moves:
            g.push(type_, data_)
        g.close()
        ids[key] = g.id

    ids["coup"] = _coup_last_duel(store)
    create("munchkin", "munchkin", NAMES, [("level.change", {"player": 0, "delta": 8})])
    ids["ricks"] = _ricks_last_steps(store, left=2)
    BaseCatalogue(data).remember({"name": "Заводь", "breakpoint": 16, "vp": [3, 2, 1]})
    bases = [
        base("Древний храм", 20, (4, 2, 1)),
        base("Волшебный лес", 18, (3, 2, 1)),
        base("Пиратская бухта", 17, (3, 1, 1)),
        base("Рок-фестиваль", 22, (5, 3, 2)),
    ]
    create(
        "smashup",
        "smashup",
        NAMES[:3],
        [
            *[("base.add", {"base_card": b}) for b in bases],
            ("game.start", {}),
            ("vp.adjust", {"player": 0, "delta": 14}),
            ("phase.next", {}),  # «Играй карты»
            ("base.adjust", {"base": 1, "player": 0, "power": 12, "minions": 2}),
            ("base.adjust", {"base": 1, "player": 1, "power": 2, "minions": 1}),
        ],
        factions=[["Рокеры", "Котики"], ["Бабульки", "Феи"], ["Авантюристы", "Принцессы"]],
    )
    create(
        "free",
        "free",
        NAMES6,
        counters=[{"name": "ПО", "step": 1, "start": 0}, {"name": "монеты", "step": 1, "start": 3}],
    )
    create(
        "munchkin-fight",
        "munchkin",
        NAMES,
        [
            ("combat.start", {"monster": {"name": "Тявмат", "level": 8}}),
            ("combat.monster.add", {"monster": {"name": "Мутировавший зомби", "level": 6}}),
            ("combat.helper", {"player": 2}),
        ],
    )
    create(
        "coup-challenge",
        "coup",
        NAMES6,
        [("coup.declare", {"player": 0, "action": "tax", "target": None})],
    )
    return ids


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Iterator[tuple[Server, dict[str, Any]]]:
    data = tmp_path_factory.mktemp("sizes") / "data"
    ids = make_games(data)
    srv = Server(data)
    yield srv, ids
    srv.stop()


@pytest.fixture(scope="module")
def module_server(table: tuple[Server, dict[str, Any]]) -> Server:
    """The table's server, under the module's one page (:func:`tests.ui.conftest.module_page`:
    each test shows its game with :func:`tests.ui.phone.visit`, a route, not a page load)."""
    return table[0]


def walk_coup(w: Walk, ids: dict[str, Any]) -> None:
    """«Переворот», the last two of six: a refused coup (no coins), an exchange declared,
    challenged, the Ambassador shown, the challenger's last card lost: «Конец игры» (rulebook
    «Оспаривание»)."""
    gid, who, other = ids["coup"]
    app = w.app
    app.wait_label("status-player", NAMES6[who])
    w.sweep("action")
    w.tap("act-coup", lambda: app.wait_label("error", "7 монет"), everything)  # a refusal
    # the Ambassador: the six's coups revealed every Duke, Assassin and Captain
    w.tap("act-exchange", lambda: app.wait_label("preview", "Обмен"))
    w.tap("primary-action", lambda: app.wait_label("step", "оспаривает"))
    w.sweep("challenge")
    w.tap(f"challenge-p{other}", lambda: app.wait_label("primary-action", "Показан"))
    w.sweep("proof")
    w.tap("primary-action", lambda: app.wait_label("step", "какую карту раскрыть"))
    w.sweep("lose")
    w.tap("lose-contessa", lambda: app.wait_label("winner", NAMES6[who]))  # one left unseen
    w.sweep("winner", ("winner",))


def walk_munchkin(w: Walk, ids: dict[str, Any]) -> None:
    """«Манчкин Апокалипсис»: Аня at level 9 opens a fight (the monster's form dialog), the
    monsters get +2, she wins it: level 10, «Конец игры» (rulebook «Бой», «Победа»)."""
    app = w.app
    app.wait_label("status-player", "Аня")
    w.sweep("turn")
    w.tap("start-combat", lambda: app.appear("monster-name"))
    w.sweep("monster form", ("monster-name", "monster-submit"), marked=False)
    app.fill("monster-name", "Зомби")
    app.fill("monster-level", "3")
    app.fill("monster-treasures", "1")
    w.tap("monster-submit", lambda: app.wait_label("primary-action", "Победа"))
    w.sweep("fight", (*TURN, "total-monsters", "total-players"))
    w.tap(
        "bonus-monsters-2",
        lambda: app.wait_label("total-monsters", "5"),
        lambda k: k.startswith(("bonus-monsters-2|", "primary-action|", "total-", "helper-")),
    )
    w.sweep("fight +2", (*TURN, "total-monsters", "total-players"))
    w.tap("primary-action", lambda: app.wait_label("winner", "Аня"))
    w.sweep("winner", ("winner",))


def walk_ricks(w: Walk, ids: dict[str, Any]) -> None:
    """«Рик и Морти»: the last round's charge phase, a step done, the last step done: «Конец
    игры» with Вика's 45 VP (rulebook «Фаза зарядки», «Конец игры»)."""
    app = w.app
    app.appear("charge-pos")
    w.sweep("charge", (*TURN, "charge-pos"))
    pos = app.label("charge-pos")
    w.tap(
        "primary-action",
        lambda: app.page.wait_for_function(
            "p => (document.querySelector('[flt-semantics-identifier=\"charge-pos\"]')"
            "?.getAttribute('aria-label') || '') !== p",
            arg=pos,
        ),
    )
    w.sweep("charge, next step", (*TURN, "charge-pos"))
    w.tap("primary-action", lambda: app.wait_label("winner", "Вика"))
    w.sweep("winner", ("winner",))


def walk_smashup(w: Walk, ids: dict[str, Any]) -> None:
    """«Замес»: Аня (14 VP) plays a minion of power 3 on «Волшебный лес», +1 power makes it
    ready, «Проверь базы» scores it with «Заводь» in its place, the turn ends: 15 VP wins
    (rulebook «Играй карты», «Проверь базы», «Конец игры»)."""
    app = w.app
    app.wait_label("status-phase", "Играй карты")
    w.sweep("play")
    sent = len(app.frames.received)
    # the opened base jumps to the top of the list by design (its editor in reach below it):
    # only the pinned bar must stay
    w.tap(
        "base-1-open",
        lambda: app.frames.wait_for("scroll_to", after=sent),
        lambda k: k.startswith("primary-action|"),
    )
    w.sweep("base open")
    w.tap("play-minion-b1", lambda: app.appear("minion-power-3"))
    w.sweep("minion power", ("minion-power-3",), marked=False)
    w.tap("minion-power-3", lambda: app.wait_label("base-1-total", "17"))
    w.tap(
        "pow-b1-p0-plus",
        lambda: app.wait_label("base-1-ready", "готова"),
        lambda k: k.startswith(("pow-b1-", "min-b1-", "primary-action|")),
    )
    w.sweep("ready")
    w.tap("primary-action", lambda: app.wait_label("status-phase", "Проверь базы"))
    w.sweep("check bases", (*TURN, "score-1"))
    w.tap("score-1", lambda: app.appear("repl-name"))
    w.sweep("replacement", ("repl-name", "score-confirm"), marked=False)
    app.fill("repl-name", "Заводь")
    app.wait_label("repl-sugg-0", "Заводь")
    app.tap("repl-sugg-0")
    app.wait_label("repl-preview", "Заводь: оборона")
    w.tap("score-confirm", lambda: app.wait_label("base-1-name", "Заводь"))
    for _ in range(6):
        if app.el("winner").count():
            break
        phase = app.label("status-phase")
        w.tap("primary-action", lambda p=phase: _changed(app, "status-phase", p))
    app.wait_label("winner", "Аня")
    w.sweep("winner", ("winner",))


def _changed(app: App, ident: str, was: str) -> None:
    """Wait until ``ident`` says something else than ``was`` or is gone (the game over)."""
    app.page.wait_for_function(
        '([id, was]) => { const e = document.querySelector(`[flt-semantics-identifier="${id}"]`);'
        " return !e || ((e.getAttribute('aria-label') || '') + ' ' + e.textContent).trim() !== was"
        " || !!document.querySelector('[flt-semantics-identifier=\"winner\"]'); }",
        arg=[ident, was],
    )


def walk_free(w: Walk, ids: dict[str, Any]) -> None:
    """Free counters, six players: «+» on each player's first counter (nothing moves), Undo's
    notice (nothing moves), the game ended: the winner (SPEC «Свободный счёт»)."""
    app = w.app
    app.appear("val-p0-c0")
    w.sweep("start")
    for p in range(len(NAMES6)):
        w.tap(f"val-p{p}-c0-plus", lambda p=p: app.wait_label(f"val-p{p}-c0", "1"), everything)
        if p % 2:
            w.resize(*SIZES[(p + 2) % len(SIZES)])  # the next taps at another size
    w.sweep("counted")
    w.tap("undo", lambda: app.appear("notice"), everything)
    w.tap("end-game", lambda: app.appear("end-confirm"))
    w.tap("end-confirm", lambda: app.appear("winner"))
    w.sweep("winner", ("winner",))


WALKS = {
    "coup": walk_coup,
    "munchkin": walk_munchkin,
    "ricks": walk_ricks,
    "smashup": walk_smashup,
    "free": walk_free,
}


#: What each walk's first screen says (:func:`tests.ui.phone.visit`'s signal of its screen).
FIRST = {
    "coup": ("status-player", ""),
    "munchkin": ("status-player", "Аня"),
    "ricks": ("charge-pos", ""),
    "smashup": ("status-phase", "Играй карты"),
    "free": ("val-p0-c0", "0"),
}


@pytest.mark.parametrize("board", list(WALKS))
def test_a_scripted_turn_meets_the_targets_at_every_size(module_page, table, board):
    srv, ids = table
    gid = ids[board][0] if board == "coup" else ids[board]
    visit(module_page, f"/game/{gid}", *FIRST[board], *SIZES[0])
    walk = Walk(module_page)
    try:
        WALKS[board](walk, ids)
    except AssertionError as exc:  # a step failed: what the sizes showed before it, too
        raise AssertionError("\n".join([str(exc), *walk.problems])) from exc
    walk.finish(board)


@pytest.mark.parametrize(
    ("board", "kept"),
    [("munchkin-fight", "monster-1"), ("coup-challenge", "primary-action")],
)
def test_a_phone_turned_mid_game_keeps_the_game_and_what_is_open(module_page, table, board, kept):
    """Upright, then on its side, then upright again: the same game, the fight (its second
    monster) or the challenge step (its «Никто» answer) still there, the turn in view."""
    srv, ids = table
    app = visit(module_page, f"/game/{ids[board]}", kept, "", 390, 844)
    before = app.label(kept)
    phase = app.label("status-phase")
    for w, h in ((844, 390), (390, 844)):
        app.page.set_viewport_size({"width": w, "height": h})
        app.el(f"layout-{w}x{h}").wait_for(state="attached", timeout=60_000)  # laid out anew
        app.steady("primary-action")
        app.steady("status-phase")
        app.appear(kept)
        assert app.label(kept) == before, (w, h)
        assert app.label("status-phase") == phase, (w, h)
        app.assert_in_view("status-player", "status-phase", "primary-action")
    assert ids[board] in app.page.url


@pytest.mark.parametrize(
    ("board", "opener", "field"),
    [("munchkin-fight", "add-monster", "add-monster-name")],
)
def test_a_phone_turned_keeps_an_open_form_dialog(module_page, table, board, opener, field):
    """A form dialog open (Munchkin's «Ещё монстр» with a name typed), the phone turned on its
    side and back: the dialog is still open, with what was typed."""
    srv, ids = table
    app = visit(module_page, f"/game/{ids[board]}", opener, "", 390, 844)
    app.tap(opener)
    app.appear(field)
    app.fill(field, "Слизень")
    for w, h in ((844, 390), (390, 844)):
        sent = len(app.frames.received)
        app.page.set_viewport_size({"width": w, "height": h})
        # the server's layout for the new size, drawn: a dialog the turn closes is gone by
        # then (closed in that render or before it)
        app.frames.wait_for(f"layout-{w}x{h}", after=sent, timeout=60)
        app.appear(field)
        app.page.wait_for_function(
            'id => [...document.querySelectorAll(`[flt-semantics-identifier="${id}"] input`)]'
            ".some(e => e.value === 'Слизень')",
            arg=field,
            timeout=10_000,
        )
