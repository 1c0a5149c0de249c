"""«Замес» after the fifth phone play-test (390×844 and 360×640), in-process (the real app on
real Flet sessions, :mod:`tests.ui.render_tree`): the result first once the game is over, a
short status note whose tap shows it whole, the plays a turn brings shown from «Начало
хода». What Chromium draws of them at 360 px: ``test_smashup_texts``.

Rulebook: 000 («Мишки, бабки, рок-н-ролл»): «Вот как это делается», «Игра окончена».
"""

from __future__ import annotations

from typing import Any

import flet as ft
import pytest

from companion.engine.core import Game
from companion.engine.smashup import SMASHUP, START, WIN_AFTER_SCORING, status_detail, status_note
from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_smashup_forms import DECKS, _game


def _shown_tags(session: Any) -> list[str]:
    """The identifiers of the shown semantics nodes, top to bottom as the page lays them out
    (tree order: the frame is one column)."""
    return rt.tagged_in_order(session, enabled_only=True)


# -- «Игра окончена»: the result first ---------------------------------------------------------
async def _finished(data) -> list[str]:
    hub = Hub(GameStore(data))
    moves = [("vp.adjust", {"player": 1, "delta": 16})] + [("phase.next", {})] * 5
    gid = _game(hub, "bbrr", moves)
    assert hub.open(gid).game.outcome() is not None
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    return _shown_tags(session)


def test_a_finished_game_shows_the_result_before_anything_of_the_board(tmp_path):
    """Игра окончена (play-test, su_end): the pinned phase card («Конец хода: …», greyed −/+)
    and the VP strip stayed above «Победа: Борис». Now the winner is the first thing under the
    status line; the final VP are in the result."""
    tags = rt.run(_finished(tmp_path))
    assert "winner" in tags
    board = ("reminder", "plays-minion", "plays-action", "turn", "vp-p0", "vp-p1", "base-0")
    first = next(t for t in tags if t == "winner" or t in board)
    assert first == "winner", tags


def _notes() -> list[tuple[str, str]]:
    """(note, detail) for every case the engine has: a single leader or a shared lead, each
    win check, with madness counted or not, two-digit VP."""
    out = []
    for edition, win_check in (("bbrr", None), ("mimimi", None), ("mimimi", WIN_AFTER_SCORING)):
        for madness in (False, True):
            opts: dict[str, Any] = {"edition": edition, "madness": madness, "factions": DECKS}
            if win_check:
                opts["win_check"] = win_check
            for vp in ([15, 3, 0], [15, 15, 2], [29, 29, 29], [18, 16, 0]):
                g = Game.new(SMASHUP, ["Аня", "Борис", "Вика"], first_player=0, options=opts)
                for i in range(4):
                    card = {"name": f"База {i}", "breakpoint": 10, "vp": [3, 2, 1]}
                    g.push("base.add", {"base_card": card})
                g.push("game.start")
                for p, v in enumerate(vp):
                    if v:
                        g.push("vp.adjust", {"player": p, "delta": v})
                note, detail = status_note(g.state), status_detail(g.state)
                assert note and detail, (opts, vp)
                out.append((note, detail))
    return out


def test_every_status_note_is_short_and_its_tap_gives_the_rule():
    """A shared lead at 15+: each note the engine gives is a short form for the status line;
    the long form, with the rule («Игра окончена»), is what a tap shows."""
    notes = _notes()
    assert {n for n, _ in notes} == {"Поровну!", "Есть 15+"}
    assert all("(раздел «Игра окончена»)" in d for _, d in notes)


async def _tap_status(data) -> tuple[str, str, str]:
    hub = Hub(GameStore(data))
    gid = _game(hub, "bbrr", [("vp.adjust", {"player": 0, "delta": 15})])
    hub.push(gid, "vp.adjust", {"player": 1, "delta": 15})
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    label = _label(session, "status-note")

    def line(c: Any) -> Any:
        """The status line: the tappable container that holds «status-note»."""
        if isinstance(c, ft.Container) and c.on_click is not None and _holds(c, "status-note"):
            return c
        return next((f for f in map(line, rt._children(c)) if f is not None), None)

    target = next(f for f in map(line, session.page.views) if f is not None)
    await rt.tap(session, target)
    await rt.quiet(session)
    return label, rt.game_view(session).notice, status_detail(hub.open(gid).game.state) or ""


def _label(session: Any, ident: str) -> str:
    return next(
        str(c.label)
        for c in rt.controls(session)
        if isinstance(c, ft.Semantics) and c.identifier == ident
    )


def _holds(c: Any, ident: str) -> bool:
    if isinstance(c, ft.Semantics) and c.identifier == ident:
        return True
    return any(_holds(child, ident) for child in rt._children(c))


def test_a_tap_on_the_short_note_shows_it_whole(tmp_path):
    """The line says «Поровну!»; a tap on it shows the whole note: the tie, that play
    goes on until one leader remains, the rule."""
    label, notice, detail = rt.run(_tap_status(tmp_path))
    assert label == "Поровну!"
    assert notice == detail
    assert (
        notice.startswith("Поровну (15) — играем дальше") and "(раздел «Игра окончена»)" in notice
    )


# -- «Начало хода»: the plays the turn brings --------------------------------------------------
async def _start_counters(data, moves=()) -> dict[str, str]:
    hub = Hub(GameStore(data))
    gid = _game(hub, "bbrr", moves)
    assert hub.open(gid).game.state.phase == START
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    return {k: _label(session, k) for k in ("plays-minion", "plays-action")}


def test_start_of_turn_shows_the_plays_the_turn_brings(tmp_path):
    """Вот как это делается: «Начало хода» comes before «Играй карты», where a minion and an
    action may be played. The counters show those 1 and 1 from «Начало хода» (play-test,
    su_turn1_3: «0 и 0» there read as «no plays left», 1 and 1 only after «Дальше»), plus an
    extra play a start-of-turn ability granted."""
    assert rt.run(_start_counters(tmp_path / "a")) == {"plays-minion": "1", "plays-action": "1"}
    granted = [("play.grant", {"kind": "minion", "count": 1})]
    assert rt.run(_start_counters(tmp_path / "b", granted)) == {
        "plays-minion": "2",
        "plays-action": "1",
    }


# -- «Подготовка к игре»: said once, never cut -------------------------------------------------
async def _setup_screen(data, bases: int, factions: bool = True) -> dict[str, Any]:
    hub = Hub(GameStore(data))
    opts: dict[str, Any] = {"edition": "bbrr", **({"factions": DECKS} if factions else {})}
    gid = hub.create("smashup", ["Аня", "Борис", "Вика"], first_player=0, options=opts).id
    for i in range(bases):
        card = {"name": f"База {i + 1}", "breakpoint": 10, "vp": [3, 2, 1]}
        hub.push(gid, "base.add", {"base_card": card})
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    shown = rt.shown_ids(session)
    texts = [c.value for c in rt.controls(session) if isinstance(c, ft.Text) and id(c) in shown]
    edition = rt.tagged_control(session, "edition")
    return {
        "counts": [t for t in texts if f"{bases} из 4" in t],
        "hint": _label(session, "next-hint"),
        "edition": (_label(session, "edition"), edition.value, edition.max_lines),
    }


def test_setup_says_the_bases_count_once_and_what_start_waits_for(tmp_path):
    """Подготовка к игре (play-test, su_bases_done): «Базы: 4 из 4» was the heading and again
    «базы: 4 из 4» beside «Начать игру». The bar now says what the start still waits for."""
    ready = rt.run(_setup_screen(tmp_path / "a", 4))
    assert ready["counts"] == ["Базы: 4 из 4"]
    assert ready["hint"] == "всё готово"
    assert rt.run(_setup_screen(tmp_path / "b", 3))["hint"] == "ещё баз: 1"
    assert rt.run(_setup_screen(tmp_path / "c", 0, factions=False))["hint"] == "фракции: 0 из 3"


def test_the_edition_name_is_never_cut(tmp_path):
    """Подготовка к игре (play-test: «Мишки, бабки, рок-н-…»): the edition's name is whole,
    in two lines broken after its last comma."""
    label, text, max_lines = rt.run(_setup_screen(tmp_path, 4))["edition"]
    assert label == "Мишки, бабки, рок-н-ролл"
    assert text.split("\n") == ["Мишки, бабки,", "рок-н-ролл"]
    assert max_lines >= 2


LONG_DECKS = [
    ["Путешественники во времени", "Гигантские муравьи"],
    ["Плюшевые мишки", "Волшебные пони"],
]


async def _long_setup(data, decks: list[list[str]]) -> tuple[list[str], list[ft.Text]]:
    hub = Hub(GameStore(data))
    names = ["Александра", "Константин"]
    opts: dict[str, Any] = {"edition": "bbrr"}
    gid = hub.create("smashup", names, first_player=0, options=opts).id
    for i, deck in enumerate(decks):
        for faction in deck:
            hub.push(gid, "faction.pick", {"player": i, "faction": faction})
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    shown = rt.shown_ids(session)
    words = [
        str(c.value if isinstance(c, ft.Text) else c.content)
        for c in rt.controls(session)
        if id(c) in shown
        and (isinstance(c, ft.Text) or isinstance(getattr(c, "content", None), str))
    ]
    factions = [
        next(
            t
            for t in rt.controls(session)
            if isinstance(t, ft.Text) and t.value == ", ".join(deck) and _holds_control(node, t)
        )
        for node, deck in (
            (rt.tagged_control(session, f"deck-p{i}"), d) for i, d in enumerate(decks)
        )
    ]
    return words, factions


def _holds_control(c: Any, target: Any) -> bool:
    return c is target or any(_holds_control(child, target) for child in rt._children(c))


@pytest.mark.parametrize("decks", [LONG_DECKS, [LONG_DECKS[0], ["Принцессы"]]])
def test_setup_says_its_phase_once_and_cuts_no_faction(tmp_path, decks):
    """Подготовка к игре at 360 px (play-test: «Подготовка к игре» on the status line, on the
    rules button and at the start of the reminder; «Путешественники во …» cut beside a long
    name). The phase is said once, by the status line; a deck's factions fit their lines
    (picking done: as many as they need; while picking: the two the deck keeps)."""
    words, factions = rt.run(_long_setup(tmp_path, decks))
    said = [w for w in words if "Подготовка к игре" in w]
    assert len(said) == 1, said
    for text in factions:  # wrapped whole, or cut with «…» (the deck's label has it whole)
        assert text.max_lines is None or text.overflow == ft.TextOverflow.ELLIPSIS, text.value
