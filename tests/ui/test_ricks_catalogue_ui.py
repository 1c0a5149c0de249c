"""The remembered Ricks cards in «Сыграть карту»: picked, corrected, pruned (issue #31;
in-process, the real app on a real Flet session: :mod:`tests.ui.render_tree`)."""

from __future__ import annotations

from types import SimpleNamespace

from companion.engine.ricks import KRO, MICRO, MINI, RICK_UNIVERSE
from companion.store import GameStore
from companion.store.ricks_cards import RicksCatalogue, to_play
from companion.table.ricks_cards import forget, keep
from companion.ui.app import make_main
from companion.ui.state import Hub
from tests.ui import render_tree as rt
from tests.ui.test_ricks_forms import _button, _node, _said, _type

ACTIONS = {"actions": {RICK_UNIVERSE: 1, MICRO: 2, MINI: 3, KRO: 5}}
TOASTER = {"kind": "invention", "name": "Тотсер", "build_cost": 2, "cost": 1, "vp": 3}


async def _tap(session, ident: str) -> None:
    await rt.tap(session, _button(session, ident))
    await rt.quiet(session)


async def _correct_then_prune(data) -> dict[str, object]:
    RicksCatalogue(data).remember(TOASTER)  # a typo in the name, typed on an earlier night
    hub = Hub(GameStore(data))
    g = hub.create("ricks", ["Аня", "Борис"], first_player=0, options=ACTIONS)
    hub.push(g.id, "round.draw")
    session = await rt.open_app(make_main(hub), f"/game/{g.id}")
    out: dict[str, object] = {}
    await rt.tap(session, rt.tappables(session)["play-open"])
    await rt.quiet(session)
    await _tap(session, "known-forget")  # nothing picked: the trash says what it does
    out["trash_alone"] = _said(session, "play-error")
    await _tap(session, "known-0")
    out["filled"] = {k: _node(session, f"play-{k}").content.value for k in ("build", "cost", "vp")}
    await _type(session, "play-name", "Тостер")  # the typo fixed before playing
    await _tap(session, "play-card")
    out["played"] = hub.open(g.id).game.events[-1].data
    out["catalogue"] = [r["name"] for r in RicksCatalogue(data).all()]
    # the next card: the corrected one is offered; removed after the question
    await rt.tap(session, rt.tappables(session)["play-open"])
    await rt.quiet(session)
    await _tap(session, "known-0")
    await _tap(session, "known-forget")
    await _tap(session, "known-forget-confirm")
    out["after_forget"] = RicksCatalogue(data).all()
    out["form_kept"] = _node(session, "play-name").content.value
    return out


def test_a_picked_card_is_corrected_by_playing_it_and_pruned_after_a_question(tmp_path):
    out = rt.run(_correct_then_prune(tmp_path))
    assert "Сначала выберите карту из каталога" in str(out["trash_alone"])
    assert out["filled"] == {"build": "2", "cost": "1", "vp": "3"}
    played = out["played"]
    assert isinstance(played, dict) and played["name"] == "Тостер"
    assert out["catalogue"] == ["Тостер"]  # corrected, not a second entry
    assert out["after_forget"] == []
    assert out["form_kept"] == "Тостер"  # the form keeps what it held


def test_a_spectator_writes_nothing_to_the_catalogue(tmp_path):
    """Table mode: the catalogue is shared, so only a joined player changes it."""
    cat = RicksCatalogue(tmp_path)
    cat.remember({**TOASTER, "name": "Тостер"})
    spectator = SimpleNamespace(lan=object(), joined=True, role="spectator")
    keep(spectator, cat, "", {**TOASTER, "name": "Батарея", "down": False})
    assert "Вы вошли как зритель" in forget(spectator, cat, "Тостер")
    assert [r["name"] for r in cat.all()] == ["Тостер"]
    player = SimpleNamespace(lan=object(), joined=True, role="player")
    keep(player, cat, "", {**TOASTER, "name": "Батарея", "finish": True})
    assert to_play(cat.get("Батарея")) == {**TOASTER, "name": "Батарея"}  # type: ignore[arg-type]
    assert forget(player, cat, "Тостер") == "" and cat.get("Тостер") is None
