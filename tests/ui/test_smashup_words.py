"""«Замес» after the table tests of issue 30, in-process (the real app on real Flet sessions,
:mod:`tests.ui.render_tree`): «Две коробки» on the setup board and in the new-game form, the
scoring preview's words, a finished game's bases, «Заводи!» without a colon.

Rulebooks: 000 («Мишки, бабки, рок-н-ролл», ``bbrr``) and 001 («Мимими», ``mimimi``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from companion.engine.core import Game
from companion.engine.smashup import SMASHUP, offered_factions, reminder
from companion.store import GameStore
from companion.store.journal import journal_page
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_munchkin_forms import _label_in_dialog

FOUR = ["Аня", "Борис", "Вика", "Гриша"]
DECKS = [["Котики", "Феи"], ["Принцессы", "Волшебные пони"], ["Бабульки", "Рокеры"]]


def _started(hub: Hub, names: list[str], moves=(), **options: Any) -> str:
    decks = DECKS + [["Авантюристы", "Плюшевые мишки"]]
    opts = {"edition": "bbrr", "factions": decks[: len(names)], **options}
    gid = hub.create("smashup", names, first_player=0, options=opts).id
    for i in range(len(names) + 1):
        card = {"name": f"База {i + 1}", "breakpoint": 10, "vp": [3, 2, 1]}
        hub.push(gid, "base.add", {"base_card": card})
    hub.push(gid, "game.start")
    for kind, data in moves:
        hub.push(gid, kind, data)
    return gid


async def _tap(session: Any, ident: str) -> None:
    await rt.tap(session, rt.tappables(session)[ident])
    await rt.quiet(session)


# -- «Две коробки» ---------------------------------------------------------------------------
async def _two_boxes_setup(data) -> tuple[str, str, list[list[str]]]:
    hub = Hub(GameStore(data))
    gid = hub.create("smashup", FOUR[:2], first_player=0, options={"two_boxes": True}).id
    hub.push(gid, "faction.pick", {"player": 0, "faction": "Бабульки"})
    hub.push(gid, "faction.pick", {"player": 0, "faction": "Рокеры"})
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    k = offered_factions("bbrr").index("Бабульки")
    label = rt.tagged_control(session, f"faction-{k}").parent.label or ""
    await _tap(session, f"faction-{k}")  # Борис picks now
    await _tap(session, f"faction-{k}")  # and again: his deck has it
    return label, rt.game_view(session).error, hub.open(gid).game.state.factions


def test_with_two_boxes_a_faction_another_player_has_stays_offered(tmp_path):
    """Подготовка к игре (000 and 001): with two boxes opponents may be given the same faction,
    but not one deck twice. Аня's «Бабульки» stays a live chip for Борис; his second tap on
    it is refused, naming the rule."""
    label, error, factions = rt.run(_two_boxes_setup(tmp_path))
    assert label == "Бабульки"  # not «(занята)»
    assert factions == [["Бабульки", "Рокеры"], ["Бабульки"]]
    assert "уже есть в этой колоде" in error and "Подготовка к игре" in error


async def _form_options(data) -> dict[str, Any]:
    hub = Hub(GameStore(data))
    session = await rt.open_app(make_main(hub), "/new")
    await rt.select(session, "game-choice", "smashup")
    for i, name in enumerate(FOUR[:2]):
        field = rt.tagged_control(session, f"player-name-{i}")
        session.apply_patch(field._i, {"value": name})
        await asyncio.create_task(session.dispatch_event(field._i, "change", name))
        await rt.quiet(session)
    for ident in ("opt-two-boxes", "opt-remind", "opt-step-phases"):
        await _tap(session, ident)
    await _tap(session, "start-game")
    (summary,) = hub.store.list()
    return dict(hub.open(summary.id).game.setup.options)


def test_the_new_game_form_sets_two_boxes_and_the_turn_walk(tmp_path):
    """Подготовка к игре / Фазы хода: «Две коробки», «Напоминать о начале и конце хода» and
    «Все фазы по шагам» reach the game's options."""
    options = rt.run(_form_options(tmp_path))
    assert options["two_boxes"] is True
    assert options["step_phases"] is True
    assert options["remind"] == [0, 4]


# -- the scoring preview --------------------------------------------------------------------
async def _preview(data, names: list[str], powers: list[tuple[int, int]]) -> list[str]:
    hub = Hub(GameStore(data))
    moves = [
        ("base.set", {"base": 0, "player": i, "power": p, "minions": m})
        for i, (p, m) in enumerate(powers)
        if p or m
    ]
    gid = _started(hub, names, [("phase.next", {}), *moves, ("phase.next", {})])
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await _tap(session, "score-0")
    return [_label_in_dialog(session, f"preview-p{i}") for i in range(len(names))]


def test_a_scorer_with_power_0_is_said_to_have_a_minion_there(tmp_path):
    """Раздача очков (000): a minion on the base takes part even at power 0; the preview says
    so (play-test: «Гриша сила 0 +1» read as a mistake)."""
    labels = rt.run(_preview(tmp_path, FOUR[:3], [(10, 1), (0, 1), (0, 0)]))
    assert labels[0] == "Аня +3"
    assert labels[1] == "Борис +2 (есть приспешник: очки и при силе 0)"
    assert labels[2] == "Вика — нет ни силы, ни приспешников"


def test_a_tie_for_second_says_third_place_is_not_paid(tmp_path):
    """Споры при раздаче (000): when two players tie for second, nobody gets third; the preview
    says that, not «ниже третьего места»."""
    labels = rt.run(_preview(tmp_path, FOUR, [(10, 1), (5, 1), (5, 1), (3, 1)]))
    assert labels[:3] == ["Аня +3", "Борис +2", "Вика +2"]
    assert labels[3] == "Гриша — двое на 2-м месте: 3-е не достаётся никому"


# -- a finished game -------------------------------------------------------------------------
async def _finished(data) -> tuple[set[str], bool]:
    hub = Hub(GameStore(data))
    gid = _started(hub, FOUR[:2], [("phase.next", {}), ("vp.adjust", {"player": 0, "delta": 15})])
    hub.push(gid, "phase.pass")
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    return set(rt.tappables(session)), hub.open(gid).game.is_over()


def test_a_finished_game_shows_no_base_arrows(tmp_path):
    """Игра окончена: nothing is played any more, so the bases have no open buttons (play-test:
    arrows that did nothing)."""
    tappable, over = rt.run(_finished(tmp_path))
    assert over
    assert not [t for t in tappable if t.startswith("base-") and t.endswith("-open")], tappable


# -- «Заводи!» -------------------------------------------------------------------------------
def test_zavodi_reminder_has_no_colon_after_its_exclamation_mark():
    """Вот как это делается (001): the phase «Заводи!» ends in «!»; its reminder reads
    «Заводи! Срабатывают…», never «Заводи!:»."""
    g = Game.new(SMASHUP, FOUR[:2], options={"edition": "mimimi", "factions": DECKS[:2]})
    for i in range(3):
        g.push("base.add", {"base_card": {"name": f"Б{i}", "breakpoint": 10, "vp": [3, 2, 1]}})
    g.push("game.start")
    text = reminder(g.state)
    assert text.startswith("Заводи! Срабатывают") and "!:" not in text
    b = Game.new(SMASHUP, FOUR[:2], options={"factions": DECKS[:2]})
    for i in range(3):
        b.push("base.add", {"base_card": {"name": f"Б{i}", "breakpoint": 10, "vp": [3, 2, 1]}})
    b.push("game.start")
    assert reminder(b.state).startswith("Начало хода: срабатывают")


# -- journal: VP from scoring under «ПО» -------------------------------------------------------
def test_vp_filter_includes_base_scoring():
    """Раздача очков: a base scored gives VP, so the journal's «ПО» filter lists it (and
    «Базы» still does)."""
    g = Game.new(SMASHUP, FOUR[:3], options={"factions": DECKS}, clock=lambda: 0.0)
    for i in range(4):
        g.push("base.add", {"base_card": {"name": f"Б{i}", "breakpoint": 20, "vp": [4, 2, 1]}})
    g.push("game.start")
    g.push("phase.next")
    g.push("base.set", {"base": 0, "player": 0, "power": 20, "minions": 1})
    g.push("phase.pass")
    g.push("base.score", {"base": 0, "base_card": {"name": "Н", "breakpoint": 9, "vp": [1, 0, 0]}})
    g.push("vp.adjust", {"player": 1, "delta": 1})
    for kind in ("vp", "base"):
        page, _more = journal_page(g, g.log_length, None, kind, 50)
        assert any(e.type == "base.score" for e, _ in page), kind
    page, _more = journal_page(g, g.log_length, None, "vp", 50)
    assert [e.type for e, _ in page] == ["vp.adjust", "base.score"]
    assert SMASHUP.journal_also("base.score") == ("vp",)
    assert SMASHUP.journal_also("vp.adjust") == ()
