"""Smash Up's scoring dialog says why a player gets nothing (in-process, the real app on a real
Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from companion.store import GameStore
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_munchkin_forms import _label_in_dialog


async def _preview(data) -> list[str]:
    hub = Hub(GameStore(data))
    decks = [["Котики", "Феи"], ["Принцессы", "Волшебные пони"], ["Бабульки", "Рокеры"]]
    options = {"edition": "mimimi", "madness": False, "draft": False, "factions": decks}
    gid = hub.create("smashup", ["Аня", "Борис", "Вика"], first_player=0, options=options).id
    for i in range(4):
        card = {"name": f"База {i + 1}", "breakpoint": 10, "vp": [3, 2, 1]}
        hub.push(gid, "base.add", {"base_card": card})
    hub.push(gid, "game.start")
    hub.push(gid, "base.adjust", {"base": 0, "player": 0, "power": 6, "minions": 2})
    hub.push(gid, "base.adjust", {"base": 0, "player": 1, "power": 4})  # power, no minion
    hub.push(gid, "phase.next")
    hub.push(gid, "phase.next")  # «Проверь базы»: base 1 is ready (10/10)
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await rt.tap(session, rt.tappables(session)["score-0"])
    await rt.quiet(session)
    return [_label_in_dialog(session, f"preview-p{i}") for i in range(3)]


def test_the_scoring_dialog_says_why_a_player_scores_nothing(tmp_path):
    """«Раздача очков» in «Мимими»: only a player with a minion on the base takes part — Борис's
    4 power alone gets «— нет приспешников», not a bare «—» (play-test); Вика had nothing."""
    anya, boris, vika = rt.run(_preview(tmp_path))
    assert anya == "Аня +3"
    assert boris == "Борис — нет приспешников"
    assert vika == "Вика — нет ни силы, ни приспешников"


async def _capture_dialog(hub: Hub) -> tuple[Any, str]:
    """A session on a «Мимими» game of two whose first base is ready («Разойтись по углам!»:
    Аня 10 of 10), its capture dialog open; and the game's id."""
    decks = [["Котики", "Феи"], ["Принцессы", "Волшебные пони"]]
    options = {"edition": "mimimi", "madness": False, "draft": False, "factions": decks}
    gid = hub.create("smashup", ["Аня", "Борис"], first_player=0, options=options).id
    for i in range(3):
        card = {"name": f"База {i + 1}", "breakpoint": 10, "vp": [3, 2, 1]}
        hub.push(gid, "base.add", {"base_card": card})
    hub.push(gid, "game.start")
    hub.push(gid, "base.adjust", {"base": 0, "player": 0, "power": 10, "minions": 2})
    hub.push(gid, "phase.next")
    hub.push(gid, "phase.next")
    session = await rt.open_app(make_main(hub), f"/game/{gid}")
    await rt.tap(session, rt.tappables(session)["score-0"])
    await rt.quiet(session)
    return session, gid


async def _typed_replacement(
    data, numbers: dict[str, str], name: str = "тёмный рынок ", confirm: bool = False
) -> str:
    """The replacement base's preview after typing ``numbers`` then ``name`` letter by letter
    (each prefix a change, as a phone keyboard sends them); with ``confirm``, the name of the
    base laid out instead."""
    from companion.store.bases import BaseCatalogue

    hub = Hub(GameStore(data))
    catalogue = BaseCatalogue(hub.store.root)
    for card in (
        {"name": "Тёмный рынок", "breakpoint": 19, "vp": [4, 2, 1]},
        {"name": "Рынок", "breakpoint": 12, "vp": [2, 1, 0]},
        {"name": "Рынок специй", "breakpoint": 21, "vp": [5, 3, 1]},
    ):
        catalogue.remember(card)
    session, gid = await _capture_dialog(hub)
    typed = [*numbers.items(), *(("name", name[: n + 1]) for n in range(len(name)))]
    for key, text in typed:
        # the field's own change handler, with what the browser's event carries (the index of
        # this harness does not hold a dialog's fields, so no patch can reach them by id)
        field = rt.dialog_node(session, f"repl-{key}").content
        field.on_change(SimpleNamespace(control=SimpleNamespace(value=text)))
        await rt.quiet(session)
    if not confirm:
        return _label_in_dialog(session, "repl-preview")
    await rt.tap(session, rt.in_dialog(session, "score-confirm"))
    await rt.quiet(session)
    return GameStore(data).open(gid).game.state.bases[0].name


def test_a_base_name_typed_whole_fills_its_numbers_from_the_catalogue(tmp_path):
    """«Проверь базы», the base that comes in: a name the catalogue knows, typed whole (any
    case, ё as е, a space after it), fills its breakpoint and VP without tapping the
    suggestion, and the catalogue's spelling is laid out; what the player already typed is
    never overwritten."""
    assert rt.run(_typed_replacement(tmp_path / "a", {})) == ("тёмный рынок: оборона 19; ПО 4/2/1")
    assert rt.run(_typed_replacement(tmp_path / "b", {"bp": "21"})) == (
        "тёмный рынок: оборона 21; ПО ?/?/?"
    )
    assert rt.run(_typed_replacement(tmp_path / "c", {}, "темный рынок")) == (
        "темный рынок: оборона 19; ПО 4/2/1"
    )
    assert rt.run(_typed_replacement(tmp_path / "d", {}, "темный рынок", confirm=True)) == (
        "Тёмный рынок"
    )


def test_numbers_filled_from_a_shorter_name_follow_the_name_typed_on(tmp_path):
    """Typing «Рынок специй» key by key passes through «Рынок», a base of its own: its numbers
    came in, then gave way to «Рынок специй»'s (play-test: the shorter name's 12; 2/1/0 stayed,
    and laying the base out overwrote «Рынок специй» in the catalogue); a name no base has
    clears numbers filled that way."""
    assert rt.run(_typed_replacement(tmp_path / "a", {}, "Рынок специй")) == (
        "Рынок специй: оборона 21; ПО 5/3/1"
    )
    assert rt.run(_typed_replacement(tmp_path / "b", {}, "Рынок с")) == (
        "Рынок с: оборона ?; ПО ?/?/?"
    )


async def _first_key_of_the_replacement(data) -> str:
    hub = Hub(GameStore(data))
    session, gid = await _capture_dialog(hub)
    # what the browser sends for the first key: the text as a patch to the field's id (the
    # session applies it to the control its index holds), then ``change`` with that text
    field = rt.dialog_node(session, "repl-name").content
    session.apply_patch(field._i, {"value": "Ф"})
    await session.dispatch_event(field._i, "change", "Ф")
    await rt.quiet(session)
    return _label_in_dialog(session, "repl-preview")


def test_the_first_key_of_the_replacement_base_counts(tmp_path):
    """The scoring dialog is drawn anew at each render and the session may still hold the old
    field under its id: the first letter typed was patched into the old control and the
    handler read the new one's empty text (the preview stayed empty)."""
    assert rt.run(_first_key_of_the_replacement(tmp_path)).startswith("Ф:")
